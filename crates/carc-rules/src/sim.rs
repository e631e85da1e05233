//! A seeded random full-game simulator for tests and benchmarks: start tile D at `0,0` r0, the
//! other 71 tiles shuffled, tiles without a legal position discarded, uniformly random legal
//! placements and meeple choices (farmers included when on), then final scoring.
//!
//! [`Sim::with_river`] plays a river opening first (`rules river`: the spring at `0,0`, the
//! other river tiles shuffled, the lake last, then the 71 land tiles without one D);
//! [`Sim::with_sets`] plays The Abbot and Inns & Cathedrals, after a river opening when
//! [`TileSet::River`] is among its sets.
//!
//! [`Sim::with_boxes`] draws from several boxes of tiles (one long game on one board, for the
//! large files of `rules boxes N`). A [`GameRecord`] is data: the analysis layer writes it as
//! `.carc` text (the engine does not know the notation).

use crate::board::Pos;
use crate::catalogue::TileSet;
use crate::figures::Figure;
use crate::game::{Config, FinalScore, Game};
use crate::rules::Rules;
use crate::tiles::FeatureKind;
use crate::tiles::{Color, Place, Role, Rotation, TileType, TOTAL_TILES};

/// A small fast PRNG (splitmix64). Deterministic for a seed; not for cryptography.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0), by multiply-shift.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }
}

/// One step of a simulated game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// A turn: the tile went to `pos` with `rot`, optionally with a meeple.
    Turn {
        /// The player.
        colour: Color,
        /// The tile drawn.
        tile: TileType,
        /// Where it went.
        pos: Pos,
        /// Its rotation.
        rot: Rotation,
        /// The meeple deployed, if any.
        meeple: Option<(Role, Place)>,
    },
    /// The drawn tile had no legal position and left play (no turn passes).
    Discard {
        /// The tile.
        tile: TileType,
    },
}

/// The full box of 72 tiles minus one start tile D, in letter order.
pub fn deck_without_start() -> Vec<TileType> {
    deck_of_boxes(1)
}

/// `boxes` boxes of tiles (at least one) minus one start tile D, in letter order.
pub fn deck_of_boxes(boxes: u32) -> Vec<TileType> {
    let boxes = boxes.max(1) as usize;
    let mut v = Vec::with_capacity(TOTAL_TILES * boxes - 1);
    for t in TileType::of_set(TileSet::Base) {
        let n = t.count() as usize * boxes - usize::from(t == TileType::START);
        v.extend(std::iter::repeat_n(t, n));
    }
    v
}

/// One box of tiles with the expansions of `sets` minus one start tile D, in table order,
/// each set as its row's [`crate::expansions::Deck`] says: The Abbot's garden tiles each take
/// the place of one copy of their base type (the box still holds 72), Inns & Cathedrals adds
/// its 18 tiles, Traders & Builders its 24; The River's are laid apart (ignored here).
pub fn deck_with_sets(sets: &[TileSet]) -> Vec<TileType> {
    use crate::expansions::{Deck, EXPANSIONS};
    let mut v = deck_without_start();
    for deck in [Deck::Replaces, Deck::Added] {
        for e in EXPANSIONS
            .iter()
            .filter(|e| e.deck == deck && sets.contains(&e.set))
        {
            for t in TileType::of_set(e.set) {
                if deck == Deck::Added {
                    v.extend(std::iter::repeat_n(t, t.count() as usize));
                } else if let Some(k) = v.iter().position(|&b| b == t.family()) {
                    v[k] = t;
                }
            }
        }
    }
    v
}

/// What the last step of a [`Sim`] with expansions did beyond [`Step`]: which figure its
/// deployment was, or that it recalled the abbot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Nothing special: a meeple, or no deployment.
    Plain,
    /// The deployment of [`Step::Turn`] was this figure (large meeple, abbot or pig).
    Figure(Figure),
    /// The player recalled the abbot (no deployment).
    Recall,
}

/// A running simulated game; reusable across games without reallocating.
#[derive(Debug, Clone)]
pub struct Sim {
    game: Game,
    deck: Vec<TileType>,
    drawn: usize,
    players: Vec<Color>,
    turn: usize,
    rng: Rng,
    discards: usize,
    boxes: u32,
    /// The expansions in play (empty: the base game, with the base game's choices exactly).
    sets: Vec<TileSet>,
    /// What the last step did beyond its [`Step`] (expansions only).
    action: Action,
    /// `rules river`: the deck starts with `river_tiles` river tiles (the lake last of them).
    river_tiles: usize,
    /// Traders & Builders: the last turn part earned a bonus tile, so the next tile that fits
    /// is played by the same player as a bonus part.
    bonus_pending: bool,
    /// The last step was a bonus part.
    last_bonus: bool,
    /// The figure choices of the turn being played ([`figure_choices`]), kept to save an
    /// allocation per turn.
    choices: Vec<(u32, Figure)>,
}

/// The river tiles of a river opening after the spring: the others shuffled, the lake last.
fn river_deck() -> Vec<TileType> {
    let mut v: Vec<TileType> = TileType::ALL
        .into_iter()
        .filter(|t| t.set() == TileSet::River && !is_spring_or_lake(*t))
        .flat_map(|t| std::iter::repeat_n(t, usize::from(t.count())))
        .collect();
    v.extend(TileType::from_token("r.L"));
    v
}

fn is_spring_or_lake(t: TileType) -> bool {
    matches!(t.token(), "r.A" | "r.L")
}

impl Sim {
    /// A game of `rules river` (see the module documentation): the spring at `0,0` r0 instead
    /// of the start tile, the 11 other river tiles first (the lake last), then the land tiles.
    /// A river tile goes on a uniformly random placement that keeps the river rules
    /// ([`crate::expansions::river::legal_placements`]), or is discarded when there is none.
    pub fn with_river(seed: u64, players: usize, farmers: bool) -> Sim {
        Sim::with_sets(seed, players, farmers, &[TileSet::River])
    }

    /// A new game for `players` colours (clamped to 1..=5, or 1..=6 with Inns & Cathedrals in
    /// [`Sim::with_sets`]: its sixth colour, pink; taken in [`Color::ALL`] order) with
    /// farmers on or off, seeded by `seed`, with the start tile already placed.
    pub fn new(seed: u64, players: usize, farmers: bool) -> Sim {
        Sim::with_boxes(seed, players, farmers, 1)
    }

    /// As [`Sim::new`], drawing from `boxes` boxes of tiles (at least one) shuffled together:
    /// one long game on one board, as a file with `rules boxes N` may hold.
    pub fn with_boxes(seed: u64, players: usize, farmers: bool, boxes: u32) -> Sim {
        let mut sim = Sim {
            game: Game::new(Config::default()),
            deck: deck_of_boxes(boxes),
            drawn: 0,
            players: Vec::new(),
            turn: 0,
            rng: Rng::new(seed),
            discards: 0,
            boxes: boxes.max(1),
            sets: Vec::new(),
            action: Action::Plain,
            river_tiles: 0,
            bonus_pending: false,
            last_bonus: false,
            choices: Vec::new(),
        };
        sim.reset(seed, players, farmers);
        sim
    }

    /// As [`Sim::new`] with the expansions of `sets` (The Abbot, Inns & Cathedrals, Traders &
    /// Builders): their tiles in the deck ([`deck_with_sets`]), their figures among the random
    /// choices (the large meeple, the abbot, recalling the abbot, the builder, the pig), Traders
    /// & Builders' goods (taken by the placer of a tile that completes a city, in a turn or a
    /// bonus part, awarded at final scoring) and its bonus part after each part that earns one;
    /// with Inns & Cathedrals up to six players, the sixth pink. With [`TileSet::River`] among them
    /// the game opens with the river as [`Sim::with_river`] does (`rules river abbot
    /// inns-cathedrals`: the spring, the river, the lake, then the other tiles shuffled
    /// together); the river tiles' turns choose figures like the others.
    pub fn with_sets(seed: u64, players: usize, farmers: bool, sets: &[TileSet]) -> Sim {
        let mut sim = Sim::new(seed, players, farmers);
        let (river, others): (Vec<TileSet>, Vec<TileSet>) =
            sets.iter().partition(|&&s| s == TileSet::River);
        let mut deck = if river.is_empty() {
            Vec::new()
        } else {
            river_deck()
        };
        sim.river_tiles = deck.len();
        deck.extend(deck_with_sets(&others));
        sim.deck = deck;
        sim.sets = others;
        sim.reset(seed, players, farmers);
        sim
    }

    /// What the last step did beyond its [`Step`] (always [`Action::Plain`] without
    /// expansions).
    pub fn last_action(&self) -> Action {
        self.action
    }

    /// Whether the last step was a bonus part (Traders & Builders: the same player's second
    /// tile, earned by extending the road or city of their builder; it is not a turn of the
    /// turn order).
    pub fn last_was_bonus(&self) -> bool {
        self.last_bonus
    }

    /// Start a new game in place (same as [`Sim::new`], keeping allocations).
    pub fn reset(&mut self, seed: u64, players: usize, farmers: bool) {
        self.players.clear();
        let mut rules = Rules::of(&self.sets);
        if self.river_tiles > 0 {
            rules = rules.with(TileSet::River);
        }
        self.players.extend(rules.colours().take(players.max(1)));
        let config = Config::new(self.players.clone(), farmers).with_rules(rules);
        if self.game.config() != &config {
            self.game.reset(Some(config));
        } else {
            self.game.reset(None);
        }
        self.rng = Rng::new(seed);
        // the deck is a permutation of the same multiset: re-shuffling it is enough (a river
        // opening shuffles the river before the lake, then the land tiles)
        let river = self.river_tiles;
        for (from, to) in [(0, river.saturating_sub(1)), (river, self.deck.len())] {
            for i in (from + 1..to).rev() {
                let j = from + self.rng.below((i - from) as u32 + 1) as usize;
                self.deck.swap(i, j);
            }
        }
        self.drawn = 0;
        self.turn = 0;
        self.discards = 0;
        self.bonus_pending = false;
        self.last_bonus = false;
        let start = match river {
            0 => TileType::START,
            _ => TileType::from_token("r.A").unwrap_or(TileType::START),
        };
        // the start tile cannot collide on an empty board
        let _ = self
            .game
            .place_tile_unchecked(start, Pos::new(0, 0), Rotation::R0);
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Tiles discarded so far.
    pub fn discards(&self) -> usize {
        self.discards
    }

    /// Tiles still to draw.
    pub fn remaining(&self) -> usize {
        self.deck.len() - self.drawn
    }

    /// Draw and play the next tile; `None` once the deck is empty.
    pub fn step(&mut self) -> Option<Step> {
        let tile = *self.deck.get(self.drawn)?;
        self.drawn += 1;
        self.last_bonus = false;
        if self.drawn <= self.river_tiles {
            return Some(self.river_step(tile));
        }
        let n = self.game.legal_count(tile);
        if n == 0 {
            self.discards += 1;
            return Some(Step::Discard { tile });
        }
        let (k, r) = self.game.nth_legal(tile, self.rng.below(n))?;
        let pos = self.game.frontier[k].pos;
        Some(self.play(tile, pos, Rotation::ALL[r]))
    }

    /// The turn part of the player to move: `tile` at `pos` turned `rot`, a random meeple,
    /// scoring. A bonus part is the last player's again and does not advance the turn order.
    fn play(&mut self, tile: TileType, pos: Pos, rot: Rotation) -> Step {
        let bonus = std::mem::take(&mut self.bonus_pending);
        if !bonus {
            self.turn += 1;
        }
        let colour = self.players[self.turn.saturating_sub(1) % self.players.len()];
        let _ = self.game.place_tile_unchecked(tile, pos, rot);
        if bonus {
            self.game.mark_bonus_part();
        }
        let meeple = if self.sets.is_empty() {
            self.random_meeple(colour, tile, pos, rot)
        } else {
            self.random_figure(colour, tile, pos, rot)
        };
        // scoring, and (Traders & Builders) the placer takes the goods of the cities the tile
        // completed
        self.game.finish_part_quiet(colour, pos);
        self.last_bonus = bonus;
        if self.game.config.rules.goods() {
            self.bonus_pending = self.game.bonus_earned(colour);
        }
        Step::Turn {
            colour,
            tile,
            pos,
            rot,
            meeple,
        }
    }

    /// A river tile's turn: a random placement keeping the river rules, or a discard.
    fn river_step(&mut self, tile: TileType) -> Step {
        let legal = self.game.turn_placements(tile);
        let Some(&(pos, rot)) = legal.get(self.rng.below(legal.len() as u32) as usize) else {
            self.discards += 1;
            return Step::Discard { tile };
        };
        self.play(tile, pos, rot)
    }

    /// Choose uniformly among "no meeple" and each legal deployment on the tile just placed.
    #[inline]
    fn random_meeple(
        &mut self,
        colour: Color,
        tile: TileType,
        pos: Pos,
        rot: Rotation,
    ) -> Option<(Role, Place)> {
        let g = &mut self.game;
        if g.supply[colour.index()] <= 0 {
            return None;
        }
        let idx = g.tiles.len() - 1;
        let base = g.tile_base[idx];
        let info = tile.info();
        let mut opts = [0u8; crate::tiles::MAX_SEGMENTS];
        let mut n = 0;
        for i in 0..info.nseg {
            if info.kinds[i as usize] == crate::tiles::FeatureKind::Field && !g.config.farmers {
                continue;
            }
            let root = g.find(base + i as u32);
            if g.mcount[root as usize] == 0 {
                opts[n] = i;
                n += 1;
            }
        }
        let choice = self.rng.below(n as u32 + 1) as usize;
        if choice == n {
            return None;
        }
        let seg = opts[choice];
        let place = crate::movegen::place_word(tile, rot, usize::from(seg))?;
        let role = info.kinds[usize::from(seg)].role();
        let g = &mut self.game;
        g.add_meeple(colour, role, pos, place, base + u32::from(seg));
        Some((role, place))
    }

    /// With expansions: choose uniformly among "nothing" and the choices of
    /// [`figure_choices`]; records the choice in [`Sim::last_action`].
    fn random_figure(
        &mut self,
        colour: Color,
        tile: TileType,
        pos: Pos,
        rot: Rotation,
    ) -> Option<(Role, Place)> {
        self.action = Action::Plain;
        let opts = &mut self.choices;
        figure_choices(&mut self.game, colour, tile, pos, rot, opts);
        let choice = self.rng.below(opts.len() as u32 + 1) as usize;
        let &(node, figure) = opts.get(choice)?;
        let g = &mut self.game;
        if node == u32::MAX {
            // a recall refused (the new tile completed the abbot's garden) does nothing
            if g.recall_inner(colour, None).is_ok() {
                self.action = Action::Recall;
            }
            return None;
        }
        let (role, place) = choice_place(g, tile, rot, node, figure);
        g.add_figure(colour, figure, role, pos, place, node);
        if figure != Figure::Meeple {
            self.action = Action::Figure(figure);
        }
        Some((role, place))
    }

    /// Play every remaining tile, without details.
    pub fn play_out(&mut self) {
        while self.step().is_some() {}
    }

    /// Final scoring with the detailed result.
    pub fn finish(&mut self) -> FinalScore {
        self.game.final_scoring()
    }

    /// Play the rest of the game and score it without building any detailed result (the
    /// benchmark path); returns the scores indexed by [`Color::index`].
    pub fn run_fast(&mut self) -> [i64; Color::COUNT] {
        self.play_out();
        self.game.final_scoring_inner(None);
        self.game.score
    }
}

/// The simulator's choices with expansions after `tile` was placed at `pos` turned `rot` (the
/// tile just placed), besides "nothing", as (node, figure), in its own order (its random games
/// depend on it): per segment the pig in a field holding `colour`'s farmer, then a meeple and
/// the large meeple on a free segment; the abbot on the tile's free monastery or garden,
/// recalling the abbot (node `u32::MAX`; a recall the rules refuse does nothing) and the
/// builder on each road or city where it may stand; into `opts`, cleared first. Without
/// allocation (`opts` is the simulator's, kept from turn to turn) and without the clones of
/// [`Game::legal_actions`], whose options these are (a test checks it).
fn figure_choices(
    g: &mut Game,
    colour: Color,
    tile: TileType,
    pos: Pos,
    rot: Rotation,
    opts: &mut Vec<(u32, Figure)>,
) {
    let rules = g.config.rules;
    let ic = rules.allows_figure(Figure::LargeMeeple);
    let abbot = rules.allows_figure(Figure::Abbot);
    let builder = rules.allows_figure(Figure::Builder);
    let idx = g.tiles.len() - 1;
    let base = g.tile_base[idx];
    let info = tile.info();
    opts.clear();
    let meeple = g.figure_available(colour, Figure::Meeple).is_ok();
    let large = ic && g.figure_available(colour, Figure::LargeMeeple).is_ok();
    let pig = rules.allows_figure(Figure::Pig) && g.figure_available(colour, Figure::Pig).is_ok();
    for i in 0..info.nseg {
        if info.kinds[i as usize] == FeatureKind::Field && !g.config.farmers {
            continue;
        }
        // every segment has a place word: a field without a whole corner is named by a
        // half-side (`tb.I`'s SSE), one that touches no side by `inner` (`ic.H`)
        if crate::movegen::place_word(tile, rot, usize::from(i)).is_none() {
            continue;
        }
        let root = g.find(base + u32::from(i));
        if pig && info.kinds[i as usize] == FeatureKind::Field && g.has_farmer(colour, root) {
            opts.push((base + u32::from(i), Figure::Pig));
        }
        if !g.occupied(root) {
            if meeple {
                opts.push((base + u32::from(i), Figure::Meeple));
            }
            if large {
                opts.push((base + u32::from(i), Figure::LargeMeeple));
            }
        }
    }
    if abbot {
        if let Ok((node, _)) = g.locate(pos, Figure::Abbot, Role::Monk, None) {
            let root = g.find(node);
            if !g.occupied(root) && g.figure_available(colour, Figure::Abbot).is_ok() {
                opts.push((node, Figure::Abbot));
            }
        }
        if g.figure_available(colour, Figure::Abbot).is_err() {
            opts.push((u32::MAX, Figure::Abbot));
        }
    }
    if builder {
        opts.extend(
            g.builder_spots(colour, pos)
                .map(|(node, _)| (node, Figure::Builder)),
        );
    }
    if crate::expansions::DEPLOY.any(rules) || cfg!(test) {
        // what a set refuses in this turn ([`crate::expansions::DeployHook`]); a recall stays
        opts.retain(|&(node, figure)| {
            node == u32::MAX || crate::expansions::refusal(g, colour, pos, figure).is_none()
        });
    }
}

/// The role and place a choice of [`figure_choices`] (not a recall) deploys its figure at.
fn choice_place(
    g: &Game,
    tile: TileType,
    rot: Rotation,
    node: u32,
    figure: Figure,
) -> (Role, Place) {
    let seg = usize::from(g.node_seg[node as usize]);
    let (role, place) = if seg < tile.segment_count() {
        (
            tile.info().kinds[seg].role(),
            crate::movegen::place_word(tile, rot, seg).unwrap_or(Place::Centre),
        )
    } else {
        (Role::Monk, Place::Centre) // the garden
    };
    if figure == Figure::Abbot {
        (Role::Monk, place)
    } else {
        (role, place)
    }
}

/// The record of one simulated game.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The seed.
    pub seed: u64,
    /// How many boxes of tiles the game drew from.
    pub boxes: u32,
    /// Every step after the start tile, in order.
    pub steps: Vec<Step>,
    /// The detailed final scoring.
    pub final_score: FinalScore,
    /// The final scores of the players in turn order.
    pub scores: Vec<(Color, i64)>,
    /// The game after final scoring.
    pub game: Game,
    /// The expansions in play beside The River (empty for the base game; a river game opens
    /// with the spring `r.A`, its first tile).
    pub sets: Vec<TileSet>,
    /// Per step, what it did beyond its [`Step`] (empty for the base game).
    pub actions: Vec<Action>,
    /// The indices in `steps` of the bonus parts (Traders & Builders: a `bonus` line, not a
    /// turn of the turn order), in order.
    pub bonus_steps: Vec<usize>,
}

/// A seeded random full game of `rules river` (see [`Sim::with_river`]).
pub fn simulate_river(seed: u64, players: usize, farmers: bool) -> GameRecord {
    record(Sim::with_river(seed, players, farmers), seed, usize::MAX)
}

/// A seeded random full game with `players` colours (clamped to 1..=5; see [`Sim::new`]).
pub fn simulate(seed: u64, players: usize, farmers: bool) -> GameRecord {
    simulate_boxes(seed, players, farmers, 1, usize::MAX)
}

/// A seeded random game drawing from `boxes` boxes of tiles (see [`Sim::with_boxes`]), ended
/// (final scoring) after at most `draws` tiles after the start tile.
pub fn simulate_boxes(
    seed: u64,
    players: usize,
    farmers: bool,
    boxes: u32,
    draws: usize,
) -> GameRecord {
    record(Sim::with_boxes(seed, players, farmers, boxes), seed, draws)
}

/// A seeded random full game with the expansions of `sets` (see [`Sim::with_sets`]; with
/// [`TileSet::River`] the river comes first).
pub fn simulate_sets(seed: u64, players: usize, farmers: bool, sets: &[TileSet]) -> GameRecord {
    record(
        Sim::with_sets(seed, players, farmers, sets),
        seed,
        usize::MAX,
    )
}

/// Plays `sim` for at most `draws` tiles, scores it and keeps everything.
fn record(mut sim: Sim, seed: u64, draws: usize) -> GameRecord {
    let mut steps = Vec::with_capacity(sim.remaining().min(draws));
    let mut actions = Vec::new();
    let mut bonus_steps = Vec::new();
    while steps.len() < draws {
        let Some(s) = sim.step() else {
            break;
        };
        if sim.last_bonus {
            bonus_steps.push(steps.len());
        }
        steps.push(s);
        if !sim.sets.is_empty() {
            actions.push(sim.action);
        }
    }
    let final_score = sim.finish();
    let scores = sim
        .players
        .iter()
        .map(|&c| (c, sim.game.score(c)))
        .collect();
    GameRecord {
        seed,
        boxes: sim.boxes,
        steps,
        final_score,
        scores,
        game: sim.game,
        sets: sim.sets,
        actions,
        bonus_steps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turn::PartAction;

    /// The simulator's choices with expansions are the engine's legal actions, on the positions
    /// of random games of every combination of the four sets.
    #[test]
    fn the_simulators_choices_are_the_legal_actions() {
        let all = [
            TileSet::Abbot,
            TileSet::InnsCathedrals,
            TileSet::River,
            TileSet::TradersBuilders,
        ];
        let mut compared = 0;
        let mut special = 0;
        for mask in 1..16u32 {
            let sets: Vec<TileSet> = (0..4)
                .filter(|i| mask & 1 << i != 0)
                .map(|i| all[i])
                .collect();
            if sets == [TileSet::River] {
                continue; // the river alone chooses as the base game does
            }
            for seed in 0..2 {
                let mut sim = Sim::with_sets(seed, 3, true, &sets);
                loop {
                    let before = sim.game.clone();
                    let Some(step) = sim.step() else {
                        break;
                    };
                    let Step::Turn {
                        colour,
                        tile,
                        pos,
                        rot,
                        ..
                    } = step
                    else {
                        continue;
                    };
                    let mut g = before;
                    g.place_tile_unchecked(tile, pos, rot).unwrap();
                    if sim.last_was_bonus() {
                        g.mark_bonus_part();
                    }
                    let mut choices: Vec<PartAction> = vec![PartAction::Nothing];
                    let mut opts = Vec::new();
                    figure_choices(&mut g, colour, tile, pos, rot, &mut opts);
                    for (node, figure) in opts {
                        choices.push(if node == u32::MAX {
                            if g.recall_allowed(colour) {
                                PartAction::Recall
                            } else {
                                PartAction::Nothing
                            }
                        } else {
                            let (role, place) = choice_place(&g, tile, rot, node, figure);
                            PartAction::Deploy(figure, role, Some(place))
                        });
                    }
                    let mut legal = g.legal_actions(colour, pos);
                    for list in [&mut choices, &mut legal] {
                        list.sort_by_key(|a| format!("{a:?}"));
                        list.dedup();
                    }
                    assert_eq!(choices, legal, "{sets:?} seed {seed}: {step:?}");
                    compared += 1;
                    special += usize::from(legal.iter().any(|a| {
                        !matches!(
                            a,
                            PartAction::Nothing | PartAction::Deploy(Figure::Meeple, ..)
                        )
                    }));
                }
            }
        }
        assert!(compared > 1000, "{compared}");
        assert!(
            special > 100,
            "{special} positions with an expansion's action"
        );
    }
}
