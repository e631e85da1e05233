//! Look-ahead search for puzzles with known draws: minimax over placements × deployments.
//!
//! A position, a colour to move and the tiles still to come (`draws`, the mover's tile first)
//! fix a finite game: each drawn tile is placed by the player whose turn it is (a tile with no
//! legal placement is discarded and the same player draws the next), then final scoring. The
//! search values every move of the mover under a [`Goal`]:
//!
//! - [`Goal::Final`]: a colour's value of an outcome is its final score minus the best final
//!   score among the other players (its own score when it plays alone);
//! - [`Goal::Score`]: a colour's value is its own final score.
//!
//! **Rule for several players: max-n.** At every turn the player to move chooses the move whose
//! outcome is best for *that player* under the goal (each player maximises their own value,
//! nobody assumes a coalition against them — not the "paranoid" rule). Ties go to the first
//! move in generation order (cell, rotation, no meeple before a meeple, the tile's segment
//! order), so results are deterministic; [`solve_ties`] gives each move's range over every
//! other choice among equal moves. With two players and
//! [`Goal::Final`] the game is zero-sum (`a − b` against `b − a`) and max-n is minimax; only
//! then does the search prune with alpha-beta. Other cases search every move (the
//! transposition table still merges repeated positions).
//!
//! Moves are the engine's own turn ([`Game::legal_moves`]'s pieces, under the rules of the
//! game, or of [`solve_with_sets`]): [`Game::turn_placements`] (rotations that look the same
//! are one move, the first listed; with The River a river tile goes only where the river rules
//! allow), each with every action of [`Game::legal_actions`] in its order: nothing, each
//! meeple, then the expansions' (the large meeple, the abbot, its recall, the builder, the
//! pig). A move's [`Action`] tells these apart, as the
//! simulator's records do. A move whose tile extends the road or city of its player's builder
//! ([`Game::bonus_earned`]) is followed by that player's bonus part with the next draw, which
//! earns none; the search always plays it (declining a bonus is not searched).
//! Children are cheap copies of the game. Move order: the transposition table's best move,
//! then most immediate points for the mover, then fewest for the others, then generation
//! order. The transposition table is keyed by a board hash (tiles, meeples, scores, goods
//! held, and the number of draws consumed).
//!
//! Iterative deepening: horizon 1, 2, … up to every draw. Below the last draw the leaves are
//! valued as if the game ended there (final scoring now); only the last horizon is exact. A
//! node budget and a cancellation flag stop the search between nodes; the answer is then the
//! last horizon completed ([`Solution::depth`]), marked not exact.

use std::sync::atomic::AtomicBool;

use crate::catalogue::TileSet;
use crate::game::Game;
use crate::rules::Rules;
use crate::sim::{Action, Step};
use crate::tiles::{Color, TileType};

mod cut;
mod keys;
mod moves;
mod pool;
mod ties;
mod tree;

pub use cut::{cut_position, cut_position_with_sets, Cut};
pub use ties::{solve_ties, TieOutcome, TieRange, Ties};
pub use tree::MAX_DEPTH;

use keys::tiles_hash;
use tree::{Part, Searcher};

/// What the search maximises for each player (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Final score minus the best opponent's final score.
    Final,
    /// Own final score.
    Score,
}

/// How much the search may do.
#[derive(Clone, Copy)]
pub struct Limits<'a> {
    /// Nodes (positions visited, leaves included) before the search stops.
    pub nodes: u64,
    /// Bytes the search's own state may hold before it stops ([`Stop::Memory`]): its
    /// transposition table (bounded to a quarter of this, cleared when full), its spare games,
    /// and at each node of the current line the moves listed and the games kept for them. A
    /// node's moves keep their games only within a quarter of this; the others are made again
    /// when searched, so a big board costs time, not memory. Approximate: vectors' capacities
    /// are counted, the allocator's own overhead is not.
    pub memory: usize,
    /// Set from another thread to stop the search at the next node.
    pub cancel: Option<&'a AtomicBool>,
    /// Called every [`PROGRESS_EVERY`] positions with the positions visited so far (for a
    /// progress display, or a time limit kept by the caller); `false` stops the search as
    /// the cancellation flag does ([`Stop::Cancelled`]).
    pub progress: Option<&'a dyn Fn(u64) -> bool>,
}

/// Positions between two calls of [`Limits::progress`].
pub const PROGRESS_EVERY: u64 = 1 << 12;

impl std::fmt::Debug for Limits<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Limits")
            .field("nodes", &self.nodes)
            .field("memory", &self.memory)
            .field("cancel", &self.cancel)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// The default of [`Limits::memory`]: 512 MiB.
pub const DEFAULT_MEMORY: usize = 512 << 20;

impl Default for Limits<'_> {
    /// Ten million nodes, [`DEFAULT_MEMORY`], no cancellation flag.
    fn default() -> Self {
        Limits {
            nodes: 10_000_000,
            memory: DEFAULT_MEMORY,
            cancel: None,
            progress: None,
        }
    }
}

/// Why a search stopped before the last horizon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The node budget ran out (or there are more than [`MAX_DEPTH`] draws).
    Budget,
    /// The search's state would have outgrown [`Limits::memory`].
    Memory,
    /// The cancellation flag was set, or [`Limits::progress`] said to stop.
    Cancelled,
}

/// One move of the mover with its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootMove {
    /// The move (a [`Step::Turn`] of the first draw).
    pub step: Step,
    /// What the move does beyond its step: the large meeple or the abbot as its figure, or a
    /// recall (always [`Action::Plain`] without expansions).
    pub action: Action,
    /// The mover's value of the outcome under the goal.
    pub value: i64,
    /// What the move scores at once for the mover.
    pub points: u32,
    /// The final scores of the expected outcome, indexed by [`Color::index`].
    pub scores: [i64; Color::COUNT],
    /// The principal variation after this move: the turns (and discards) the search expects.
    pub line: Vec<Step>,
    /// The [`Action`] of each step of `line`, in order.
    pub actions: Vec<Action>,
}

/// The result of [`solve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// Every move of the mover, best first (ties in generation order: cell, rotation, no
    /// meeple before a meeple). Empty when the first draw fits nowhere, or when the search
    /// stopped before finishing horizon 1.
    pub moves: Vec<RootMove>,
    /// The number of draws.
    pub draws: usize,
    /// The deepest horizon completed (draws looked at); `draws` when exact.
    pub depth: usize,
    /// Whether the values are exact (every draw searched).
    pub exact: bool,
    /// Why the search stopped early, if it did.
    pub stopped: Option<Stop>,
    /// Nodes visited.
    pub nodes: u64,
}

/// Values every move of `mover` with `draws[0]` on `game`, the other draws following in order
/// (see the module docs), under the game's rules ([`crate::Config::rules`]: the expansions'
/// moves as [`solve_with_sets`] lists them). `game` is not changed.
pub fn solve(
    game: &Game,
    mover: Color,
    draws: &[TileType],
    goal: Goal,
    limits: Limits<'_>,
) -> Solution {
    search(game, mover, draws, goal, limits, game.config().rules)
}

/// As [`solve`] under the rules of the expansions in `sets` (as a file's `rules` line switches
/// them on): the large meeple (Inns & Cathedrals), the abbot and its recall (The Abbot), the
/// river's placement rules (The River), the builder, its bonus tile and the pig (Traders &
/// Builders) are among the moves of every player. The mover's first tile is a turn's (not a
/// bonus part's).
pub fn solve_with_sets(
    game: &Game,
    mover: Color,
    draws: &[TileType],
    goal: Goal,
    limits: Limits<'_>,
    sets: &[TileSet],
) -> Solution {
    search(game, mover, draws, goal, limits, Rules::of(sets))
}

/// [`solve`] under `rules`.
fn search(
    game: &Game,
    mover: Color,
    draws: &[TileType],
    goal: Goal,
    limits: Limits<'_>,
    rules: Rules,
) -> Solution {
    let (root, turn) = prepare(game, mover, rules);
    let game = &root;
    let mut s = Searcher::new(game, mover, draws, goal, limits);
    let mut solution = Solution {
        moves: Vec::new(),
        draws: draws.len(),
        depth: 0,
        exact: draws.is_empty(),
        stopped: None,
        nodes: 0,
    };
    let Some(&tile) = draws.first() else {
        return solution;
    };
    let base = tiles_hash(game);
    for horizon in 1..=draws.len().min(MAX_DEPTH) {
        let part = Part { turn, bonus: false };
        match s.root(game, tile, part, horizon, base) {
            Ok(moves) => {
                solution.moves = moves;
                solution.depth = horizon;
            }
            Err(stop) => {
                solution.stopped = Some(stop);
                break;
            }
        }
    }
    solution.exact = solution.depth == draws.len();
    if !solution.exact && solution.stopped.is_none() {
        // more draws than MAX_DEPTH: as if the budget had run out
        solution.stopped = Some(Stop::Budget);
    }
    solution.nodes = s.nodes;
    solution
}

/// The root of a search under `rules` (every game of the search plays under them) and the
/// mover's index in turn order (a mover not among the players plays alone).
fn prepare(game: &Game, mover: Color, rules: Rules) -> (Game, usize) {
    let mut root = game.clone();
    root.config.rules = rules;
    let turn = root
        .config()
        .players
        .iter()
        .position(|&c| c == mover)
        .unwrap_or(0);
    (root, turn)
}

#[cfg(test)]
mod tests {
    use super::keys::first_look;
    use super::*;
    use crate::board::Pos;
    use crate::game::Config;
    use crate::tiles::Rotation;

    #[test]
    fn symmetric_rotations_are_searched_once() {
        assert!(first_look(TileType::U, Rotation::R0));
        assert!(!first_look(TileType::U, Rotation::R180));
        assert!(first_look(TileType::U, Rotation::R90));
        assert!(first_look(TileType::E, Rotation::R270));
        assert!(!first_look(TileType::B, Rotation::R90));
    }

    #[test]
    fn no_draws_is_exact_and_empty() {
        let mut g = Game::new(Config::default());
        g.place_tile_unchecked(TileType::D, Pos::new(0, 0), Rotation::R0)
            .unwrap();
        let s = solve(&g, Color::Red, &[], Goal::Final, Limits::default());
        assert!(s.exact && s.moves.is_empty());
    }

    #[test]
    fn more_draws_than_the_depth_limit_stop_without_overflowing_the_stack() {
        // V fits beside a lone U; no city side is anywhere then, so C fits nowhere: every
        // later draw is a discard, one position each, and only the depth limit ends the
        // deepening
        let mut g = Game::new(Config::default());
        g.place_tile_unchecked(TileType::U, Pos::new(0, 0), Rotation::R0)
            .unwrap();
        let mut draws = vec![TileType::V];
        draws.extend([TileType::C; 5000]);
        let s = solve(&g, Color::Red, &draws, Goal::Final, Limits::default());
        assert!(!s.exact);
        assert!(!s.moves.is_empty());
        assert_eq!(
            s.moves[0].line.len(),
            MAX_DEPTH - 1,
            "discards all the way down"
        );
        assert_eq!(s.depth, MAX_DEPTH);
        assert_eq!(s.stopped, Some(Stop::Budget));
    }

    #[test]
    fn a_cancelled_search_says_so() {
        let mut g = Game::new(Config::default());
        g.place_tile_unchecked(TileType::D, Pos::new(0, 0), Rotation::R0)
            .unwrap();
        let flag = AtomicBool::new(true);
        let limits = Limits {
            nodes: 1000,
            cancel: Some(&flag),
            ..Limits::default()
        };
        let s = solve(&g, Color::Red, &[TileType::E], Goal::Final, limits);
        assert_eq!(s.stopped, Some(Stop::Cancelled));
        assert!(!s.exact && s.moves.is_empty());
    }
}
