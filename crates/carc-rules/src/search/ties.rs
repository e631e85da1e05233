//! Values under every tie-break: what a move may be worth when the players who come after
//! it choose differently among moves they value the same.
//!
//! The search ([`super::solve`]) breaks a tie the same way each time (the first move in
//! generation order), so a value it gives is the value under that one choice. A puzzle's
//! answer must not hang on it: an opponent indifferent between two moves may play either,
//! and so may the mover's own later self (a choice equal for the mover may differ for the
//! others, and so change what *they* choose earlier). [`solve_ties`] computes, for each of
//! the mover's moves, every outcome reachable under some tie-break of every later player
//! at every later turn, and gives its worst and best for the mover.
//!
//! **The rule.** At a node where player P moves, each child `c` has a set `S(c)` of
//! outcomes (final scores) reachable below it. Under one tie-break profile each child yields
//! one of its outcomes, and P picks a child of highest value for P. The children's subtrees
//! are disjoint, so their choices are independent: an outcome `v` of `S(c)` is reachable at
//! the node exactly when P may prefer `c` with `v`, that is when `u_P(v)` is at least
//! `max over c' ≠ c of min over S(c') of u_P`. Leaves are final scoring (one outcome).
//! With two players and the goal `final` a tie for one player is a tie for the other
//! (`a − b` against `b − a`): every set then holds one value for the mover.
//!
//! The walk visits every position once (a table merges transpositions) with no pruning:
//! about as many positions as the search without alpha-beta.

use std::collections::HashMap;
use std::rc::Rc;

use crate::game::Game;
use crate::sim::{Action, Step};
use crate::tiles::{Color, TileType};

use super::keys::{mix, node_key, scores, tiles_hash};
use super::moves::for_each_move;
use super::tree::{Part, Searcher, INF};
use super::{prepare, Goal, Limits, Stop, MAX_DEPTH};

/// One outcome a move may lead to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TieOutcome {
    /// The mover's value of it under the goal.
    pub value: i64,
    /// The final scores, indexed by [`Color::index`].
    pub scores: [i64; Color::COUNT],
    /// The play after the move that leads there (turns and discards).
    pub line: Vec<Step>,
    /// The [`Action`] of each step of `line`.
    pub actions: Vec<Action>,
}

/// What one move of the mover may be worth, over every tie-break of the players after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TieRange {
    /// The move (a [`Step::Turn`] of the first draw).
    pub step: Step,
    /// What the move does beyond its step.
    pub action: Action,
    /// The outcome worst for the mover (the first such in generation order).
    pub worst: TieOutcome,
    /// The outcome best for the mover.
    pub best: TieOutcome,
}

/// The result of [`solve_ties`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ties {
    /// Every move of the mover, in generation order (the order of [`super::solve`]'s moves
    /// before its sort). Empty when the search stopped.
    pub moves: Vec<TieRange>,
    /// Why the walk stopped before the end, if it did (then `moves` is empty).
    pub stopped: Option<Stop>,
    /// Positions visited.
    pub nodes: u64,
}

/// Outcomes kept per position at most: past this the walk stops ([`Stop::Memory`]); a real
/// position has a few (distinct final scores among equally good moves).
const MAX_OUTCOMES: usize = 4096;

/// One outcome below a node: the final scores and the play from the node.
#[derive(Debug, Clone)]
struct Outcome {
    scores: [i64; Color::COUNT],
    line: Vec<(Step, Action)>,
}

type Set = Rc<Vec<Outcome>>;

/// The range of values of every move of `mover` with `draws[0]` on `game` over every
/// tie-break of the later turns (see the module docs), under the game's rules and the same
/// goal as [`super::solve`]. `game` is not changed.
pub fn solve_ties(
    game: &Game,
    mover: Color,
    draws: &[TileType],
    goal: Goal,
    limits: Limits<'_>,
) -> Ties {
    let (root, turn) = prepare(game, mover, game.config().rules);
    let mut s = Searcher::new(&root, mover, draws, goal, limits);
    let mut walk = Walk {
        table: HashMap::new(),
        held: 0,
    };
    let result = if draws.len() > MAX_DEPTH {
        Err(Stop::Budget)
    } else {
        s.tie_root(&root, Part { turn, bonus: false }, &mut walk)
    };
    let (moves, stopped) = match result {
        Ok(moves) => (moves, None),
        Err(stop) => (Vec::new(), Some(stop)),
    };
    Ties {
        moves,
        stopped,
        nodes: s.nodes,
    }
}

/// The walk's table of positions already valued, and the bytes it holds.
struct Walk {
    table: HashMap<u64, Set>,
    held: usize,
}

impl Walk {
    fn bytes(set: &[Outcome]) -> usize {
        set.iter()
            .map(|o| {
                std::mem::size_of::<Outcome>()
                    + o.line.len() * std::mem::size_of::<(Step, Action)>()
            })
            .sum::<usize>()
            + 64
    }
}

impl Searcher<'_, '_> {
    fn tie_root(
        &mut self,
        game: &Game,
        part: Part,
        walk: &mut Walk,
    ) -> Result<Vec<TieRange>, Stop> {
        self.tick()?;
        let Some(&tile) = self.draws.first() else {
            return Ok(Vec::new());
        };
        let colour = self.players[part.turn];
        let mv = self.mover(tile, part);
        let pool = Rc::clone(&self.pool);
        let mut out = Vec::new();
        let mut stopped = None;
        for_each_move(&pool, game, mv, tiles_hash(game), &mut |child| {
            let Some(after) = child.game else {
                return true;
            };
            let next = self.next_part(&after, part);
            match self.tie_node(after, 1, next, child.hash, walk) {
                Ok(set) => {
                    let value = |o: &Outcome| self.utility(colour, &o.scores);
                    let outcome = |o: &Outcome| TieOutcome {
                        value: value(o),
                        scores: o.scores,
                        line: o.line.iter().map(|(s, _)| *s).collect(),
                        actions: o.line.iter().map(|(_, a)| *a).collect(),
                    };
                    // the first lowest and the first highest, in the set's order
                    let worst = set
                        .iter()
                        .reduce(|a, b| if value(b) < value(a) { b } else { a });
                    let best = set
                        .iter()
                        .reduce(|a, b| if value(b) > value(a) { b } else { a });
                    if let (Some(w), Some(b)) = (worst, best) {
                        out.push(TieRange {
                            step: child.step,
                            action: child.action,
                            worst: outcome(w),
                            best: outcome(b),
                        });
                    }
                    true
                }
                Err(stop) => {
                    stopped = Some(stop);
                    false
                }
            }
        });
        match stopped {
            Some(stop) => Err(stop),
            None => Ok(out),
        }
    }

    /// Every outcome reachable from `game` with draw `ply` to come, for the player of `part`.
    fn tie_node(
        &mut self,
        mut game: Game,
        ply: usize,
        part: Part,
        hash: u64,
        walk: &mut Walk,
    ) -> Result<Set, Stop> {
        self.tick()?;
        if ply >= self.draws.len() {
            game.final_scoring_inner(None);
            let scores = scores(&game);
            self.pool.recycle(game);
            return Ok(Rc::new(vec![Outcome {
                scores,
                line: Vec::new(),
            }]));
        }
        let tile = self.draws[ply];
        if !game.turn_playable(tile) {
            // the same player draws again
            let below = self.tie_node(game, ply + 1, part, hash, walk)?;
            let with_discard = below
                .iter()
                .map(|o| Outcome {
                    scores: o.scores,
                    line: prefixed((Step::Discard { tile }, Action::Plain), &o.line),
                })
                .collect();
            return Ok(Rc::new(with_discard));
        }
        let key = node_key(&game, hash, ply)
            ^ mix(0x71E5_0000 | (part.turn as u64) << 1 | u64::from(part.bonus));
        if let Some(set) = walk.table.get(&key) {
            let set = Rc::clone(set);
            self.pool.recycle(game);
            return Ok(set);
        }
        let colour = self.players[part.turn];
        let mv = self.mover(tile, part);
        let pool = Rc::clone(&self.pool);
        // each child's move and outcomes, in generation order
        let mut children: Vec<((Step, Action), Set)> = Vec::new();
        let mut stopped = None;
        for_each_move(&pool, &game, mv, hash, &mut |child| {
            let Some(after) = child.game else {
                return true;
            };
            let next = self.next_part(&after, part);
            match self.tie_node(after, ply + 1, next, child.hash, walk) {
                Ok(set) => {
                    children.push(((child.step, child.action), set));
                    true
                }
                Err(stop) => {
                    stopped = Some(stop);
                    false
                }
            }
        });
        self.pool.recycle(game);
        if let Some(stop) = stopped {
            return Err(stop);
        }
        // each child's least value for the player to move: the two highest decide which
        // outcomes the player may prefer (a child's own least never bars it)
        let least: Vec<i64> = children
            .iter()
            .map(|(_, set)| {
                set.iter()
                    .map(|o| self.utility(colour, &o.scores))
                    .min()
                    .unwrap_or(-INF)
            })
            .collect();
        let (mut top, mut top_at, mut second) = (-INF, usize::MAX, -INF);
        for (i, &m) in least.iter().enumerate() {
            if m > top {
                second = top;
                (top, top_at) = (m, i);
            } else if m > second {
                second = m;
            }
        }
        let mut set: Vec<Outcome> = Vec::new();
        for (i, (step, below)) in children.iter().enumerate() {
            let bar = if i == top_at { second } else { top };
            for o in below.iter() {
                if self.utility(colour, &o.scores) >= bar
                    && !set.iter().any(|k| k.scores == o.scores)
                {
                    set.push(Outcome {
                        scores: o.scores,
                        line: prefixed(*step, &o.line),
                    });
                }
            }
            if set.len() > MAX_OUTCOMES {
                return Err(Stop::Memory);
            }
        }
        let set = Rc::new(set);
        let bytes = Walk::bytes(&set);
        if walk.held.saturating_add(bytes) > self.limits.memory / 4 {
            walk.table.clear();
            walk.held = 0;
        }
        walk.held += bytes;
        walk.table.insert(key, Rc::clone(&set));
        Ok(set)
    }
}

/// `step` followed by `line`.
fn prefixed(step: (Step, Action), line: &[(Step, Action)]) -> Vec<(Step, Action)> {
    let mut out = Vec::with_capacity(line.len() + 1);
    out.push(step);
    out.extend_from_slice(line);
    out
}
