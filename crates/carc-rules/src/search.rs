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
//! order), so results are deterministic. With two players and
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

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::Pos;
use crate::catalogue::TileSet;
use crate::game::Game;
use crate::rules::Rules;
use crate::sim::{Action, Step};
use crate::tiles::{Color, Place, Role, Rotation, TileType};
use crate::turn::PartAction;

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
    // the search's games all play under `rules`
    let mut root = game.clone();
    root.config.rules = rules;
    let game = &root;
    let mut players = game.config().players.clone();
    if !players.contains(&mover) {
        players = vec![mover];
    }
    let turn = players.iter().position(|&c| c == mover).unwrap_or(0);
    // every game of the search is the root's with a few more tiles: twice its bytes is ample
    let game_bytes = game.heap_bytes().saturating_mul(2).max(1);
    let mut s = Searcher {
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
    };
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

/// A position cut from a simulated game, for generating and benchmarking puzzles.
#[derive(Debug, Clone)]
pub struct Cut {
    /// The game after the first `cut` draws of the simulated game (scores and meeples as
    /// played).
    pub game: Game,
    /// The colour whose turn the next draw is.
    pub mover: Color,
    /// The next draws of the same game.
    pub draws: Vec<TileType>,
}

/// The two-player game of `seed` (farmers on, see [`crate::sim`]) after `cut` draws, with its
/// next `draws` tiles; `None` when the game is shorter or the next draw is a discard.
pub fn cut_position(seed: u64, cut: usize, draws: usize) -> Option<Cut> {
    let record = crate::sim::simulate_boxes(seed, 2, true, 1, usize::MAX);
    cut_record(&record, cut, draws)
}

/// As [`cut_position`] for the two-player game of `seed` with the expansions of `sets` and
/// farmers on or off ([`crate::sim::simulate_sets`]): its large meeples, abbots, recalls,
/// builders and pigs are replayed too, bonus parts marked and goods taken; `None` also when
/// the next draw is a bonus part.
pub fn cut_position_with_sets(
    seed: u64,
    cut: usize,
    draws: usize,
    farmers: bool,
    sets: &[TileSet],
) -> Option<Cut> {
    let record = crate::sim::simulate_sets(seed, 2, farmers, sets);
    cut_record(&record, cut, draws)
}

/// A simulated game after `cut` draws, replayed strictly (every placement, figure and recall
/// checked; bonus parts marked and goods taken as the simulator did), with its next `draws`
/// tiles. `None` also when the next draw is a bonus part (Traders & Builders): the position
/// is then in the middle of a turn, which a search from a turn's start would misread.
fn cut_record(record: &crate::sim::GameRecord, cut: usize, draws: usize) -> Option<Cut> {
    let steps = record.steps.get(..cut.checked_add(draws)?)?;
    let Step::Turn { colour: mover, .. } = *steps.get(cut)? else {
        return None;
    };
    if record.bonus_steps.contains(&cut) {
        return None;
    }
    let mut game = Game::new(record.game.config().clone());
    let start = record.game.tiles().first()?;
    game.place_tile_unchecked(start.tile, start.pos, start.rot)
        .ok()?;
    let actions = record
        .actions
        .iter()
        .copied()
        .chain(std::iter::repeat(Action::Plain));
    for (index, (step, action)) in steps[..cut].iter().zip(actions).enumerate() {
        let Step::Turn {
            colour,
            tile,
            pos,
            rot,
            meeple,
        } = *step
        else {
            continue;
        };
        game.check_placement(tile, pos, rot).ok()?;
        game.place_tile_unchecked(tile, pos, rot).ok()?;
        if record.bonus_steps.contains(&index) {
            game.mark_bonus_part();
        }
        game.act(colour, pos, PartAction::of_step(meeple, action))
            .ok()?;
        game.finish_part_quiet(colour, pos);
    }
    let draws = steps[cut..]
        .iter()
        .map(|s| match *s {
            Step::Turn { tile, .. } | Step::Discard { tile } => tile,
        })
        .collect();
    Some(Cut { game, mover, draws })
}

/// Spare games whose allocations are reused for the next copies: a copy into a spare one
/// allocates (almost) nothing, where a fresh clone allocates every vector at its exact length
/// and grows them all again with the next tile. Holds at most `cap` games (of about `bytes`
/// each, for the memory bound).
struct Pool {
    spares: RefCell<Vec<Game>>,
    cap: usize,
    bytes: usize,
}

/// Spare games kept at most.
const POOL_CAP: usize = 512;

impl Pool {
    fn new(cap: usize, bytes: usize) -> Pool {
        Pool {
            spares: RefCell::new(Vec::new()),
            cap,
            bytes,
        }
    }

    /// The bytes the spare games hold (about).
    fn held(&self) -> usize {
        self.spares.borrow().len().saturating_mul(self.bytes)
    }

    /// A copy of `game`.
    fn copy(&self, game: &Game) -> Game {
        match self.spares.borrow_mut().pop() {
            Some(mut spare) => {
                spare.copy_from(game);
                spare
            }
            None => game.clone(),
        }
    }

    /// Gives a game back for reuse.
    fn recycle(&self, game: Game) {
        let mut spares = self.spares.borrow_mut();
        if spares.len() < self.cap {
            spares.push(game);
        }
    }
}

impl Game {
    /// The bytes `self` holds (its vectors' capacities, and itself), for the search's memory
    /// bound. Every field is named, so a field added to [`Game`] fails to compile here until
    /// it is counted too (fields without heap storage count in `size_of`).
    fn heap_bytes(&self) -> usize {
        fn bytes<T>(v: &Vec<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        let Game {
            config,
            cells,
            tiles,
            tile_base,
            tile_nbrs,
            parent,
            size,
            next,
            node_tile,
            node_seg,
            open,
            mcount,
            scored,
            frontier,
            meeples,
            next_meeple: _,
            supply: _,
            score: _,
            last: _,
            monasteries,
            stamp,
            epoch: _,
            passive: _,
            sets: _,
        } = self;
        std::mem::size_of::<Game>()
            + bytes(&config.players)
            + cells.heap_bytes()
            + bytes(tiles)
            + bytes(tile_base)
            + bytes(tile_nbrs)
            + bytes(parent)
            + bytes(size)
            + bytes(next)
            + bytes(node_tile)
            + bytes(node_seg)
            + bytes(open)
            + bytes(mcount)
            + bytes(scored)
            + bytes(frontier)
            + bytes(meeples)
            + bytes(monasteries)
            + bytes(stamp)
    }

    /// Makes `self` a copy of `other`, reusing `self`'s allocations. Every field is named, so
    /// a field added to [`Game`] fails to compile here until it is copied too.
    fn copy_from(&mut self, other: &Game) {
        let Game {
            config,
            cells,
            tiles,
            tile_base,
            tile_nbrs,
            parent,
            size,
            next,
            node_tile,
            node_seg,
            open,
            mcount,
            scored,
            frontier,
            meeples,
            next_meeple,
            supply,
            score,
            last,
            monasteries,
            stamp,
            epoch,
            passive,
            sets,
        } = other;
        self.config.clone_from(config);
        self.cells.clone_from(cells);
        self.tiles.clone_from(tiles);
        self.tile_base.clone_from(tile_base);
        self.tile_nbrs.clone_from(tile_nbrs);
        self.parent.clone_from(parent);
        self.size.clone_from(size);
        self.next.clone_from(next);
        self.node_tile.clone_from(node_tile);
        self.node_seg.clone_from(node_seg);
        self.open.clone_from(open);
        self.mcount.clone_from(mcount);
        self.scored.clone_from(scored);
        self.frontier.clone_from(frontier);
        self.meeples.clone_from(meeples);
        self.next_meeple = *next_meeple;
        self.supply = *supply;
        self.score = *score;
        self.last = *last;
        self.monasteries.clone_from(monasteries);
        self.stamp.clone_from(stamp);
        self.epoch = *epoch;
        self.passive = *passive;
        self.sets = *sets;
    }
}

const INF: i64 = i64::MAX / 4;
/// Draws searched at most (the recursion's depth; a box holds 72 tiles): beyond, the search
/// stops as if its budget had run out.
pub const MAX_DEPTH: usize = 100;
/// Entries kept before the table is cleared, at most (fewer under a smaller
/// [`Limits::memory`]).
const TT_CAP: usize = 1 << 20;
/// Bytes per entry of the table, as `HashMap` lays them out: the key and the entry, one
/// control byte, and one slot in eight left empty.
const TT_ENTRY_BYTES: usize = (std::mem::size_of::<(u64, Entry)>() + 1) * 8 / 7 + 1;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    /// Draws searched below this node.
    remaining: usize,
    bound: Bound,
    scores: [i64; Color::COUNT],
    /// Index of the best move in generation order.
    best: usize,
}

/// A node's result: the final scores of the expected outcome and the line leading there.
struct Value {
    scores: [i64; Color::COUNT],
    line: Vec<(Step, Action)>,
}

/// The best move found at a node: its value for the player to move, its index in generation
/// order, and the outcome.
type Best = (i64, usize, Value);

/// Whose turn part it is: the index of the player in turn order, and whether the part is the
/// bonus tile of that player's builder (Traders & Builders).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Part {
    turn: usize,
    bonus: bool,
}

/// A move and the game after it (`None` when the node's games would have outgrown their
/// share of [`Limits::memory`]: the move is made again when it is searched).
struct Child {
    index: usize,
    step: Step,
    action: Action,
    game: Option<Game>,
    hash: u64,
    /// Immediate points of the mover, and of everybody else.
    own: i64,
    others: i64,
}

struct Searcher<'d, 'l> {
    players: Vec<Color>,
    draws: &'d [TileType],
    goal: Goal,
    limits: Limits<'l>,
    nodes: u64,
    tt: HashMap<u64, Entry>,
    /// Entries the table may hold before it is cleared.
    tt_cap: usize,
    /// [`Searcher::looks`] per tile type.
    looks: HashMap<TileType, u8>,
    /// Spare games for copies.
    pool: Rc<Pool>,
    /// Bytes of one game (an upper estimate).
    game_bytes: usize,
    /// Bytes held by the nodes of the current line: their lists of moves and the games kept.
    live: usize,
}

impl Searcher<'_, '_> {
    fn zero_sum(&self) -> bool {
        self.players.len() == 2 && self.goal == Goal::Final
    }

    /// `colour`'s value of final scores `s` under the goal.
    fn utility(&self, colour: Color, s: &[i64; Color::COUNT]) -> i64 {
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

    fn tick(&mut self) -> Result<(), Stop> {
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
    fn looks(&mut self, tile: TileType) -> u8 {
        *self.looks.entry(tile).or_insert_with(|| {
            Rotation::ALL
                .into_iter()
                .filter(|r| first_look(tile, *r))
                .fold(0, |m, r| m | 1 << r.index())
        })
    }

    /// The bytes the search holds (about): the table, the spare games and the current line.
    fn held(&self) -> usize {
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
    fn children(
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
    fn child_game(
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
    fn mover(&mut self, tile: TileType, part: Part) -> Mover {
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
    fn next_part(&self, game: &Game, part: Part) -> Part {
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

/// Who moves with which tile: the rotations searched (`looks`) and the rules' choices.
#[derive(Clone, Copy)]
struct Mover {
    tile: TileType,
    colour: Color,
    looks: u8,
    /// The move is a bonus part (Traders & Builders): it earns no further bonus.
    bonus: bool,
}

/// Calls `visit` with every move of `colour` with `tile` on `game` (rotations in `looks`) and
/// the game after it, in generation order, until it returns `false`.
fn for_each_move(
    pool: &Pool,
    game: &Game,
    mv: Mover,
    hash: u64,
    visit: &mut dyn FnMut(Child) -> bool,
) {
    let Mover {
        tile,
        colour,
        looks,
        bonus,
    } = mv;
    let before = scores(game);
    let mut index = 0;
    {
        for (pos, rot) in game.turn_placements(tile) {
            if looks & (1 << rot.index()) == 0 {
                continue;
            }
            let Some(placed) = place(pool, game, tile, pos, rot, bonus) else {
                continue;
            };
            let hash = hash ^ tile_key(tile, pos, rot);
            let options: Vec<_> = placed
                .legal_actions(colour, pos)
                .into_iter()
                .map(PartAction::step_parts)
                .collect();
            let last = options.len() - 1;
            let mut placed = Some(placed);
            for (k, (meeple, action)) in options.into_iter().enumerate() {
                // the last option takes the placed game itself: one copy fewer
                let mut after = match (k == last, placed.as_ref()) {
                    (false, Some(p)) => pool.copy(p),
                    _ => match placed.take() {
                        Some(p) => p,
                        None => break,
                    },
                };
                if !finish_move(&mut after, colour, pos, meeple, action) {
                    pool.recycle(after);
                    continue;
                }
                let gains: Vec<i64> = Color::ALL
                    .iter()
                    .map(|c| after.score(*c) - before[c.index()])
                    .collect();
                let own = gains[colour.index()];
                let others = gains.iter().sum::<i64>() - own;
                let go_on = visit(Child {
                    index,
                    step: Step::Turn {
                        colour,
                        tile,
                        pos,
                        rot,
                        meeple,
                    },
                    action,
                    game: Some(after),
                    hash,
                    own,
                    others,
                });
                index += 1;
                if !go_on {
                    return;
                }
            }
        }
    }
}

/// A copy of `game` with `tile` placed (marked a bonus part if `bonus`), `None` if the
/// engine refuses it.
fn place(
    pool: &Pool,
    game: &Game,
    tile: TileType,
    pos: Pos,
    rot: Rotation,
    bonus: bool,
) -> Option<Game> {
    let mut placed = pool.copy(game);
    if placed.place_tile_unchecked(tile, pos, rot).is_err() {
        pool.recycle(placed);
        return None;
    }
    if bonus {
        placed.mark_bonus_part();
    }
    Some(placed)
}

/// The rest of a move on the game where its tile was just placed at `pos`: the figure or the
/// recall, then the scoring of what the tile completed and the goods taken; `false` if the
/// engine refuses the figure or the recall.
fn finish_move(
    after: &mut Game,
    colour: Color,
    pos: Pos,
    meeple: Option<(Role, Place)>,
    action: Action,
) -> bool {
    let done = after
        .act(colour, pos, PartAction::of_step(meeple, action))
        .is_ok();
    if done {
        after.finish_part_quiet(colour, pos);
    }
    done
}

/// The game after one move listed by [`for_each_move`] (made again: its game was not kept).
fn make_move(pool: &Pool, game: &Game, mv: Mover, step: &Step, action: Action) -> Option<Game> {
    let Step::Turn {
        tile,
        pos,
        rot,
        meeple,
        ..
    } = *step
    else {
        return None;
    };
    let mut after = place(pool, game, tile, pos, rot, mv.bonus)?;
    if finish_move(&mut after, mv.colour, pos, meeple, action) {
        Some(after)
    } else {
        pool.recycle(after);
        None
    }
}

impl Searcher<'_, '_> {
    fn root(
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
    fn node(
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
            self.leaves(&game, tile, part, hash, alpha, beta)
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
    fn leaves(
        &mut self,
        game: &Game,
        tile: TileType,
        part: Part,
        hash: u64,
        mut alpha: i64,
        beta: i64,
    ) -> Result<Option<Best>, Stop> {
        let zero_sum = self.zero_sum();
        let mv = self.mover(tile, part);
        let colour = mv.colour;
        let mut best: Option<Best> = None;
        let mut stopped = None;
        let pool = Rc::clone(&self.pool);
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
                        return false;
                    }
                }
            }
            true
        });
        match stopped {
            Some(stop) => Err(stop),
            None => Ok(best),
        }
    }

    /// The best move of an inner node: every child made, ordered, and searched.
    #[allow(clippy::too_many_arguments)]
    fn inner(
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

/// The scores of every colour, indexed by [`Color::index`].
fn scores(game: &Game) -> [i64; Color::COUNT] {
    Color::ALL.map(|c| game.score(c))
}

/// Whether `rot` is the first rotation of `tile` that looks like it (the one searched, as in
/// [`crate::first_look`]).
fn first_look(tile: TileType, rot: Rotation) -> bool {
    crate::turn::first_look(tile, rot) == rot
}

/// splitmix64's finaliser: a well-mixed 64-bit value.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn pos_bits(pos: Pos) -> u64 {
    (u64::from(pos.x as u32) << 32) | u64::from(pos.y as u32)
}

/// The key of one placed tile (XOR-combined, so the board's key ignores placement order).
fn tile_key(tile: TileType, pos: Pos, rot: Rotation) -> u64 {
    mix(pos_bits(pos) ^ mix(((tile.index() as u64) << 8) | rot.index() as u64))
}

/// The key of every tile on the board.
fn tiles_hash(game: &Game) -> u64 {
    game.tiles()
        .iter()
        .fold(0, |h, t| h ^ tile_key(t.tile, t.pos, t.rot))
}

/// A position's key: its tiles (`tiles`), meeples, scores and the draws consumed.
fn node_key(game: &Game, tiles: u64, ply: usize) -> u64 {
    let mut h = tiles ^ mix(ply as u64 ^ 0xD1B5_4A32_D192_ED03);
    for m in game.meeples() {
        let role = match m.role {
            Role::Knight => 0u64,
            Role::Traveller => 1,
            Role::Monk => 2,
            Role::Farmer => 3,
        };
        let place = match m.place {
            Place::Side(s) => s.index() as u64,
            Place::Corner(c) => 4 + c.index() as u64,
            Place::Centre => 8,
            Place::Half(hs) => 9 + hs.index() as u64,
            Place::Inner => 17,
        };
        // the kind of figure (a large meeple, an abbot) tells positions apart as well
        let figure = m.figure as u64;
        h ^= mix(pos_bits(m.pos)
            ^ mix(figure << 24 | (m.colour.index() as u64) << 16 | role << 8 | place));
    }
    for (i, s) in scores(game).iter().enumerate() {
        h = mix(h ^ (*s as u64).wrapping_add(i as u64) << 3);
    }
    // what the expansions keep (goods held decide the final awards)
    game.sets.hash(h, mix)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Config;

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
