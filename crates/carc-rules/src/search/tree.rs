//! The search itself: the tree walked with iterative deepening, alpha-beta in the zero-sum
//! case, the transposition table.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::atomic::Ordering;

use crate::game::Game;
use crate::sim::{Action, Step};
use crate::tiles::{Color, Rotation, TileType};

use super::keys::{first_look, mix, node_key, scores};
use super::moves::{for_each_move, make_move, Mover};
use super::pool::{Pool, POOL_CAP};
use super::{Goal, Limits, RootMove, Stop, PROGRESS_EVERY};

pub(super) const INF: i64 = i64::MAX / 4;
/// Draws searched at most (the recursion's depth; a box holds 72 tiles): beyond, the search
/// stops as if its budget had run out.
pub const MAX_DEPTH: usize = 100;
/// Entries kept before the table is cleared, at most (fewer under a smaller
/// [`Limits::memory`]).
pub(super) const TT_CAP: usize = 1 << 20;
/// Bytes per entry of the table, as `HashMap` lays them out: the key and the entry, one
/// control byte, and one slot in eight left empty.
pub(super) const TT_ENTRY_BYTES: usize = (std::mem::size_of::<(u64, Entry)>() + 1) * 8 / 7 + 1;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    /// Draws searched below this node.
    pub(super) remaining: usize,
    pub(super) bound: Bound,
    pub(super) scores: [i64; Color::COUNT],
    /// Index of the best move in generation order.
    pub(super) best: usize,
}

/// A node's result: the final scores of the expected outcome and the line leading there.
pub(super) struct Value {
    pub(super) scores: [i64; Color::COUNT],
    pub(super) line: Vec<(Step, Action)>,
}

/// The best move found at a node: its value for the player to move, its index in generation
/// order, and the outcome.
pub(super) type Best = (i64, usize, Value);

/// Whose turn part it is: the index of the player in turn order, and whether the part is the
/// bonus tile of that player's builder (Traders & Builders).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Part {
    pub(super) turn: usize,
    pub(super) bonus: bool,
}

/// A move and the game after it (`None` when the node's games would have outgrown their
/// share of [`Limits::memory`]: the move is made again when it is searched).
pub(super) struct Child {
    pub(super) index: usize,
    pub(super) step: Step,
    pub(super) action: Action,
    pub(super) game: Option<Game>,
    pub(super) hash: u64,
    /// Immediate points of the mover, and of everybody else.
    pub(super) own: i64,
    pub(super) others: i64,
}

pub(super) struct Searcher<'d, 'l> {
    pub(super) players: Vec<Color>,
    pub(super) draws: &'d [TileType],
    pub(super) goal: Goal,
    pub(super) limits: Limits<'l>,
    pub(super) nodes: u64,
    pub(super) tt: HashMap<u64, Entry>,
    /// Entries the table may hold before it is cleared.
    pub(super) tt_cap: usize,
    /// [`Searcher::looks`] per tile type.
    pub(super) looks: HashMap<TileType, u8>,
    /// Spare games for copies.
    pub(super) pool: Rc<Pool>,
    /// Bytes of one game (an upper estimate).
    pub(super) game_bytes: usize,
    /// Bytes held by the nodes of the current line: their lists of moves and the games kept.
    pub(super) live: usize,
    /// Per ply, the last move that cut off a leaf node there (see [`Searcher::leaves`]).
    pub(super) killers: Vec<Option<(Step, Action)>>,
}

impl<'d, 'l> Searcher<'d, 'l> {
    /// A search of `game` (already under the search's rules) for `mover` (who plays alone
    /// when not among the players).
    pub(super) fn new(
        game: &Game,
        mover: Color,
        draws: &'d [TileType],
        goal: Goal,
        limits: Limits<'l>,
    ) -> Self {
        let mut players = game.config().players.clone();
        if !players.contains(&mover) {
            players = vec![mover];
        }
        // every game of the search is the root's with a few more tiles: twice its bytes is
        // ample
        let game_bytes = game.heap_bytes().saturating_mul(2).max(1);
        Searcher {
            players,
            draws,
            goal,
            limits,
            nodes: 0,
            tt: HashMap::new(),
            tt_cap: (limits.memory / 4 / TT_ENTRY_BYTES).min(TT_CAP),
            looks: HashMap::new(),
            pool: Rc::new(Pool::new(
                (limits.memory / 8 / game_bytes).min(POOL_CAP),
                game_bytes,
            )),
            game_bytes,
            live: 0,
            killers: Vec::new(),
        }
    }
}

impl Searcher<'_, '_> {
    pub(super) fn zero_sum(&self) -> bool {
        self.players.len() == 2 && self.goal == Goal::Final
    }

    /// `colour`'s value of final scores `s` under the goal.
    pub(super) fn utility(&self, colour: Color, s: &[i64; Color::COUNT]) -> i64 {
        let own = s[colour.index()];
        match self.goal {
            Goal::Score => own,
            Goal::Final => {
                let best = self
                    .players
                    .iter()
                    .filter(|&&c| c != colour)
                    .map(|c| s[c.index()])
                    .max();
                own - best.unwrap_or(0)
            }
        }
    }

    pub(super) fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes > self.limits.nodes {
            return Err(Stop::Budget);
        }
        if self.held() > self.limits.memory {
            return Err(Stop::Memory);
        }
        if self.nodes.is_multiple_of(PROGRESS_EVERY)
            && self.limits.progress.is_some_and(|p| !p(self.nodes))
        {
            return Err(Stop::Cancelled);
        }
        if self
            .limits
            .cancel
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Err(Stop::Cancelled);
        }
        Ok(())
    }

    /// The rotations of `tile` searched (bit `r` for rotation index `r`): the first of each
    /// look, computed once per tile type.
    pub(super) fn looks(&mut self, tile: TileType) -> u8 {
        *self.looks.entry(tile).or_insert_with(|| {
            Rotation::ALL
                .into_iter()
                .filter(|r| first_look(tile, *r))
                .fold(0, |m, r| m | 1 << r.index())
        })
    }

    /// The bytes the search holds (about): the table, the spare games and the current line.
    pub(super) fn held(&self) -> usize {
        self.tt
            .capacity()
            .saturating_mul(TT_ENTRY_BYTES)
            .saturating_add(self.pool.held())
            .saturating_add(self.live)
    }

    /// Every move of the player of `part` with `tile`, with the game after it, in generation
    /// order, and the bytes they hold (counted in [`Searcher::live`] until the caller gives
    /// them back). A move keeps its game while the games kept stay within a quarter of
    /// [`Limits::memory`]; past the whole limit the search stops.
    pub(super) fn children(
        &mut self,
        game: &Game,
        tile: TileType,
        part: Part,
        hash: u64,
    ) -> Result<(Vec<Child>, usize), Stop> {
        let mut out = Vec::new();
        let mv = self.mover(tile, part);
        let pool = Rc::clone(&self.pool);
        let share = self.limits.memory / 4;
        let (game_bytes, mut held) = (self.game_bytes, 0usize);
        let mut over = false;
        for_each_move(&pool, game, mv, hash, &mut |mut child| {
            held = held.saturating_add(std::mem::size_of::<Child>());
            if self.live.saturating_add(held + game_bytes) <= share {
                held += game_bytes;
            } else if let Some(g) = child.game.take() {
                pool.recycle(g);
            }
            out.push(child);
            over = self.live.saturating_add(held) > self.limits.memory;
            !over
        });
        self.live = self.live.saturating_add(held);
        if over || self.held() > self.limits.memory {
            return Err(Stop::Memory);
        }
        Ok((out, held))
    }

    /// The game after `child`'s move: its own, or made again (with its bytes, counted in
    /// [`Searcher::live`] until the caller gives them back).
    pub(super) fn child_game(
        &mut self,
        game: &Game,
        tile: TileType,
        part: Part,
        child: &mut Child,
    ) -> Result<(Game, usize), Stop> {
        if let Some(g) = child.game.take() {
            return Ok((g, 0));
        }
        let mv = self.mover(tile, part);
        let remade = make_move(&self.pool, game, mv, &child.step, child.action);
        // unreachable: the same move was made when the node's moves were listed
        let g = remade.ok_or(Stop::Budget)?;
        self.live = self.live.saturating_add(self.game_bytes);
        Ok((g, self.game_bytes))
    }

    /// The player of `part` moving with `tile` under the search's rules.
    pub(super) fn mover(&mut self, tile: TileType, part: Part) -> Mover {
        Mover {
            tile,
            colour: self.players[part.turn],
            looks: self.looks(tile),
            bonus: part.bonus,
        }
    }

    /// Whose part follows `part` once its move left `game`: the same player's bonus part when
    /// that move (not itself a bonus part) extended the road or city of its builder (Traders &
    /// Builders: the bonus tile is played, never a third), else the next player's turn.
    pub(super) fn next_part(&self, game: &Game, part: Part) -> Part {
        let colour = self.players[part.turn];
        if game.config().rules.goods() && !part.bonus && game.bonus_earned(colour) {
            Part {
                turn: part.turn,
                bonus: true,
            }
        } else {
            Part {
                turn: (part.turn + 1) % self.players.len(),
                bonus: false,
            }
        }
    }
}

impl Searcher<'_, '_> {
    pub(super) fn root(
        &mut self,
        game: &Game,
        tile: TileType,
        part: Part,
        horizon: usize,
        hash: u64,
    ) -> Result<Vec<RootMove>, Stop> {
        self.tick()?;
        let colour = self.players[part.turn];
        let mut out = Vec::new();
        let (children, held) = self.children(game, tile, part, hash)?;
        for mut child in children {
            let (after, remade) = self.child_game(game, tile, part, &mut child)?;
            let next = self.next_part(&after, part);
            let v = self.node(after, 1, horizon, next, -INF, INF, child.hash)?;
            self.live -= remade;
            let (line, actions) = v.line.into_iter().unzip();
            out.push(RootMove {
                step: child.step,
                action: child.action,
                value: self.utility(colour, &v.scores),
                points: child.own.max(0) as u32,
                scores: v.scores,
                line,
                actions,
            });
        }
        self.live -= held;
        // stable: ties keep generation order
        out.sort_by_key(|m| std::cmp::Reverse(m.value));
        Ok(out)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn node(
        &mut self,
        mut game: Game,
        ply: usize,
        horizon: usize,
        part: Part,
        alpha: i64,
        beta: i64,
        hash: u64,
    ) -> Result<Value, Stop> {
        self.tick()?;
        if ply >= horizon || ply >= self.draws.len() {
            game.final_scoring_inner(None);
            let scores = scores(&game);
            self.pool.recycle(game);
            return Ok(Value {
                scores,
                line: Vec::new(),
            });
        }
        let tile = self.draws[ply];
        let colour = self.players[part.turn];
        if !game.turn_playable(tile) {
            // the same player draws again (a bonus tile that fits nowhere: the next one is the
            // bonus tile)
            let mut v = self.node(game, ply + 1, horizon, part, alpha, beta, hash)?;
            v.line.insert(0, (Step::Discard { tile }, Action::Plain));
            return Ok(v);
        }
        let zero_sum = self.zero_sum();
        // with bonus parts the player to move is no function of the draws consumed
        let key = node_key(&game, hash, ply)
            ^ mix(0xB0_0000 | (part.turn as u64) << 1 | u64::from(part.bonus));
        let remaining = horizon - ply;
        let mut first = None;
        if let Some(e) = self.tt.get(&key) {
            first = Some(e.best);
            if e.remaining >= remaining {
                let u = self.utility(colour, &e.scores);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => zero_sum && u >= beta,
                    Bound::Upper => zero_sum && u <= alpha,
                };
                if usable {
                    let scores = e.scores;
                    self.pool.recycle(game);
                    return Ok(Value {
                        scores,
                        line: Vec::new(),
                    });
                }
            }
        }
        let alpha0 = alpha;
        let best = if ply + 1 >= horizon {
            let last = horizon == self.draws.len();
            self.leaves(&game, (tile, hash), (ply, last), part, alpha, beta)
        } else {
            self.inner(
                &game,
                (tile, hash),
                ply,
                horizon,
                part,
                (alpha, beta),
                first,
            )
        };
        let final_scores = scores(&game);
        self.pool.recycle(game);
        let best = best?;
        let Some((u, index, value)) = best else {
            // unreachable: a tile with a legal placement has at least one move
            return Ok(Value {
                scores: final_scores,
                line: Vec::new(),
            });
        };
        let bound = if !zero_sum {
            Bound::Exact
        } else if u <= alpha0 {
            Bound::Upper
        } else if u >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.tt.len() >= self.tt_cap {
            self.tt.clear();
        }
        self.tt.insert(
            key,
            Entry {
                remaining,
                bound,
                scores: value.scores,
                best: index,
            },
        );
        Ok(value)
    }

    /// The best move when every child is a leaf: moves are made, scored and dropped one at
    /// a time in generation order (a cut-off saves the copies of the rest).
    ///
    /// In the zero-sum case of the last horizon (`last`), the move that cut off the previous
    /// leaf node of this ply (the killer) is tried first: when it reaches `beta` again, the
    /// node fails high after one leaf. Only a fail-high differs from the generation-order
    /// walk (another move proves the same bound, which the parent rejects either way); an
    /// exact or failing-low node still scores every move in generation order, so values,
    /// scores and lines are unchanged. Not before the last horizon, where a node's best
    /// move orders the next iteration.
    pub(super) fn leaves(
        &mut self,
        game: &Game,
        (tile, hash): (TileType, u64),
        (ply, last): (usize, bool),
        part: Part,
        mut alpha: i64,
        beta: i64,
    ) -> Result<Option<Best>, Stop> {
        let zero_sum = self.zero_sum();
        let mv = self.mover(tile, part);
        let colour = mv.colour;
        let pool = Rc::clone(&self.pool);
        let killer = self.killers.get(ply).copied().flatten();
        if let (true, true, Some((step, action))) = (zero_sum, last, killer) {
            if let Some(cut) = self.killer_cuts(game, mv, (step, action), beta)? {
                return Ok(Some(cut));
            }
        }
        let mut best: Option<Best> = None;
        let mut stopped = None;
        let mut cut_by = None;
        for_each_move(&pool, game, mv, hash, &mut |child| {
            let Some(mut end) = child.game else {
                return true;
            };
            if let Err(stop) = self.tick() {
                pool.recycle(end);
                stopped = Some(stop);
                return false;
            }
            end.final_scoring_inner(None);
            let s = scores(&end);
            pool.recycle(end);
            let u = self.utility(colour, &s);
            if best.as_ref().is_none_or(|(b, _, _)| u > *b) {
                let line = vec![(child.step, child.action)];
                best = Some((u, child.index, Value { scores: s, line }));
                if zero_sum {
                    alpha = alpha.max(u);
                    if alpha >= beta {
                        cut_by = Some((child.step, child.action));
                        return false;
                    }
                }
            }
            true
        });
        if let (true, Some(k)) = (last, cut_by) {
            if self.killers.len() <= ply {
                self.killers.resize(ply + 1, None);
            }
            self.killers[ply] = Some(k);
        }
        match stopped {
            Some(stop) => Err(stop),
            None => Ok(best),
        }
    }

    /// The killer `(step, action)` made and scored on `game` if it is one of `mv`'s moves
    /// there: its result when it reaches `beta` (a fail-high), else `None`.
    fn killer_cuts(
        &mut self,
        game: &Game,
        mv: Mover,
        (step, action): (Step, Action),
        beta: i64,
    ) -> Result<Option<Best>, Stop> {
        let Step::Turn {
            colour, pos, rot, ..
        } = step
        else {
            return Ok(None);
        };
        // a move of this node: the same player, a placement the turn's rules allow (make_move
        // places unchecked), and a figure or recall the engine accepts
        if colour != mv.colour || !game.turn_placements(mv.tile).contains(&(pos, rot)) {
            return Ok(None);
        }
        let Some(mut end) = make_move(&self.pool, game, mv, &step, action) else {
            return Ok(None);
        };
        self.tick()?;
        end.final_scoring_inner(None);
        let s = scores(&end);
        self.pool.recycle(end);
        let u = self.utility(mv.colour, &s);
        if u < beta {
            return Ok(None);
        }
        // no generation index: the table's best move only orders later iterations, and this
        // is the last
        let line = vec![(step, action)];
        Ok(Some((u, usize::MAX, Value { scores: s, line })))
    }

    /// The best move of an inner node: every child made, ordered, and searched.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn inner(
        &mut self,
        game: &Game,
        (tile, hash): (TileType, u64),
        ply: usize,
        horizon: usize,
        part: Part,
        (mut alpha, beta): (i64, i64),
        first: Option<usize>,
    ) -> Result<Option<Best>, Stop> {
        let zero_sum = self.zero_sum();
        let colour = self.players[part.turn];
        let (mut children, held) = self.children(game, tile, part, hash)?;
        children.sort_by_key(|c| {
            (
                Some(c.index) != first,
                std::cmp::Reverse(c.own),
                c.others,
                c.index,
            )
        });
        let mut best: Option<Best> = None;
        let mut rest = children.into_iter();
        for mut child in rest.by_ref() {
            let (after, remade) = self.child_game(game, tile, part, &mut child)?;
            let next = self.next_part(&after, part);
            let window = if !zero_sum {
                (-INF, INF)
            } else if self.players[next.turn] == colour {
                (alpha, beta)
            } else {
                (-beta, -alpha)
            };
            let mut v = self.node(
                after,
                ply + 1,
                horizon,
                next,
                window.0,
                window.1,
                child.hash,
            )?;
            self.live -= remade;
            let u = self.utility(colour, &v.scores);
            // max-n: equal values go to the first move in generation order (it decides what
            // the others get); zero-sum values do not depend on it
            let better = best
                .as_ref()
                .is_none_or(|(b, i, _)| u > *b || (!zero_sum && u == *b && child.index < *i));
            if better {
                v.line.insert(0, (child.step, child.action));
                best = Some((u, child.index, v));
                if zero_sum {
                    alpha = alpha.max(u);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        for cut in rest {
            if let Some(g) = cut.game {
                self.pool.recycle(g);
            }
        }
        self.live -= held;
        Ok(best)
    }
}
