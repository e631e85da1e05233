//! The expansions, one module each: what a set adds to the base game lives in its module
//! (`expansions/SET.rs`, or a folder for a large set), its tile rows in `catalogue/SET.rs`.
//!
//! Every set is one row of [`EXPANSIONS`], the one table the engine asks (the way ruff
//! registers each linter's rules in one table): its `rules` word, figures and colours, whether
//! its tiles are legal without it, and its hooks into the turn (a turn's placements, the
//! actions after the placement, the end of a part). The engine calls a hook only for the sets
//! in play, through plain function pointers (no trait objects), and skips the table at once
//! when no set in play has that hook (a bit mask per hook). The engine reaches a set's state
//! through `SetStates` only: one value copied with the game and folded into the search's hash
//! as a whole, so that neither names a set.

pub mod abbot;
pub mod inns_cathedrals;
pub mod princess_dragon;
pub mod river;
pub mod tower;
pub mod traders_builders;

use crate::board::Pos;
use crate::catalogue::TileSet;
use crate::figures::Figure;
use crate::game::{DeployError, Game};
use crate::rules::Rules;
use crate::tiles::{Color, Rotation, TileType};
use crate::turn::{PartAction, PartEnd};

/// A turn's legal placements of a tile when the set decides them (The River).
pub type PlacementsHook = fn(&Game, TileType) -> Vec<(Pos, Rotation)>;
/// Whether a tile has a legal placement in a turn, when the set decides it (`None`: the base
/// game's edge matching decides).
pub type PlayableHook = fn(&Game, TileType) -> Option<bool>;
/// Appends the set's actions after `colour` placed the tile at `pos` to the turn's list.
pub type ActionsHook = fn(&Game, Color, Pos, &mut Vec<PartAction>);
/// The set's step at the end of a turn part, after the scoring (`colour` placed the tile at
/// `pos`); `end` is what the part did, for the set to add to.
pub type PartEndHook = fn(&mut Game, Color, Pos, Option<&mut PartEnd>);

/// Whether the set refuses a deployment of `figure` by `colour` on the tile just placed at
/// `pos` in a turn (The Princess & the Dragon: no follower in a volcano turn): the refusal, or
/// `None`. Asked by [`Game::deploy_figure`] (so [`Game::play`] and the replay refuse it),
/// [`Game::figure_deploy_faults`], [`Game::legal_actions`] (so [`Game::legal_moves`], the
/// search, completion and `carc moves` never offer it) and the simulator's choices. A setup
/// is a position, not a turn: it is not asked there.
pub type DeployHook = fn(&Game, Color, Pos, Figure) -> Option<SetRefusal>;

/// A set's refusal of a deployment ([`DeployHook`], [`DeployError::Refused`]): which set and
/// which of its rules, as a stable word (the analysis maps `(set, rule)` to its code and
/// message; the engine has no prose).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SetRefusal {
    /// The set whose rule refuses.
    pub set: TileSet,
    /// The rule, one word of the set's own (`volcano`).
    pub rule: &'static str,
}

/// How a set's tiles join the box of a simulated game ([`crate::deck_with_sets`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deck {
    /// Its tiles are added, each as many times as its count.
    Added,
    /// Each of its tiles takes the place of one copy of its family's base type (the garden
    /// tiles: the box still holds 72).
    Replaces,
    /// Its tiles are laid apart, before the box (The River: `Sim::with_sets`).
    Apart,
}

/// One expansion: what it brings, as data and hooks (a row of [`EXPANSIONS`]).
#[derive(Debug, Clone, Copy)]
pub struct Expansion {
    /// Its id: the set its tiles and figures belong to, its bit in [`Rules`].
    pub set: TileSet,
    /// Its word in `rules` (`rules river`).
    pub word: &'static str,
    /// Its name as players know it (`The River`), in messages.
    pub name: &'static str,
    /// How its tiles join a simulated game's box.
    pub deck: Deck,
    /// The figures it adds (each player owns [`Figure::per_player`] of each).
    pub figures: &'static [Figure],
    /// The colours it adds to the base game's five.
    pub colours: &'static [Color],
    /// Its tiles are legal in every file, without the set (the garden tiles of the modern base
    /// box).
    pub tiles_always_allowed: bool,
    /// It decides a turn's legal placements (at most one set in play may).
    pub placements: Option<PlacementsHook>,
    /// It decides whether a turn's tile is playable (with [`Expansion::placements`]).
    pub playable: Option<PlayableHook>,
    /// It adds actions after the placement (deployments of its figures, a recall …).
    pub actions: Option<ActionsHook>,
    /// It adds a step at the end of each turn part (after the scoring).
    pub part_end: Option<PartEndHook>,
    /// It refuses deployments in a turn (a volcano's).
    pub deploy: Option<DeployHook>,
}

impl Expansion {
    /// A row with no figure, colour nor hook: a set's module fills in what it brings.
    pub const fn new(set: TileSet, word: &'static str, name: &'static str) -> Expansion {
        Expansion {
            set,
            word,
            name,
            deck: Deck::Added,
            figures: &[],
            colours: &[],
            tiles_always_allowed: false,
            placements: None,
            playable: None,
            actions: None,
            part_end: None,
            deploy: None,
        }
    }
}

/// Every expansion, in the order their hooks run (a turn's actions are listed in it: the large
/// meeple, the abbot and its recall, the builder, the pig). The base game is the engine itself
/// and has no row. A new set is one module under `expansions/` and one row here.
pub const EXPANSIONS: [Expansion; 6] = [
    inns_cathedrals::EXPANSION,
    abbot::EXPANSION,
    river::EXPANSION,
    traders_builders::EXPANSION,
    princess_dragon::EXPANSION,
    tower::EXPANSION,
];

/// The row of `set` (`None` for the base game).
pub const fn expansion(set: TileSet) -> Option<&'static Expansion> {
    let mut i = 0;
    while i < EXPANSIONS.len() {
        if EXPANSIONS[i].set as u8 == set as u8 {
            return Some(&EXPANSIONS[i]);
        }
        i += 1;
    }
    None
}

/// The sets (bits of [`Rules`]) that have one kind of hook: a turn under rules with none of
/// them skips the table.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HookMask(u8);

impl HookMask {
    const fn of(has: [bool; EXPANSIONS.len()]) -> HookMask {
        let mut m = 0u8;
        let mut i = 0;
        while i < EXPANSIONS.len() {
            if has[i] {
                m |= 1 << EXPANSIONS[i].set as u8;
            }
            i += 1;
        }
        HookMask(m)
    }

    /// Whether a set of `rules` has the hook.
    #[inline]
    pub(crate) const fn any(self, rules: Rules) -> bool {
        rules.bits() & self.0 != 0
    }
}

macro_rules! hook_mask {
    ($field:ident) => {{
        let mut has = [false; EXPANSIONS.len()];
        let mut i = 0;
        while i < EXPANSIONS.len() {
            has[i] = EXPANSIONS[i].$field.is_some();
            i += 1;
        }
        HookMask::of(has)
    }};
}

/// The sets with a [`PlacementsHook`].
pub(crate) const PLACEMENTS: HookMask = hook_mask!(placements);
/// The sets with an [`ActionsHook`].
pub(crate) const ACTIONS: HookMask = hook_mask!(actions);
/// The sets with a [`PartEndHook`].
pub(crate) const PART_END: HookMask = hook_mask!(part_end);
/// The sets with a [`DeployHook`].
pub(crate) const DEPLOY: HookMask = hook_mask!(deploy);

/// The hooks of the sets in play under `rules`, in table order.
#[inline]
pub(crate) fn in_play(rules: Rules) -> impl Iterator<Item = &'static Expansion> {
    EXPANSIONS.iter().filter(move |e| rules.has(e.set))
}

/// A turn's legal placements of `tile` under `rules`: the first set in play that decides them,
/// else the base game's edge matching ([`Game::legal_placements`]).
pub(crate) fn placements(rules: Rules, game: &Game, tile: TileType) -> Vec<(Pos, Rotation)> {
    if PLACEMENTS.any(rules) {
        if let Some(f) = in_play(rules).find_map(|e| e.placements) {
            return f(game, tile);
        }
    }
    game.legal_placements(tile)
}

/// Whether `tile` has a legal placement in a turn under `rules` (see [`placements`]).
pub(crate) fn playable(rules: Rules, game: &Game, tile: TileType) -> bool {
    if PLACEMENTS.any(rules) {
        if let Some(p) = in_play(rules).find_map(|e| e.playable.and_then(|f| f(game, tile))) {
            return p;
        }
    }
    game.has_legal_placement(tile)
}

/// Appends the actions of the sets in play after `colour` placed the tile at `pos`.
pub(crate) fn actions(game: &Game, colour: Color, pos: Pos, out: &mut Vec<PartAction>) {
    let rules = game.config.rules;
    if ACTIONS.any(rules) {
        for f in in_play(rules).filter_map(|e| e.actions) {
            f(game, colour, pos, out);
        }
    }
}

/// The steps of the sets in play at the end of a turn part (after its scoring).
#[inline]
pub(crate) fn part_end(game: &mut Game, colour: Color, pos: Pos, mut end: Option<&mut PartEnd>) {
    let rules = game.config.rules;
    if PART_END.any(rules) {
        for f in in_play(rules).filter_map(|e| e.part_end) {
            f(game, colour, pos, end.as_deref_mut());
        }
    }
}

/// The first refusal, by a set in play, of `colour` deploying `figure` on the tile just placed
/// at `pos` in a turn ([`DeployHook`]); `None` when every set allows it.
#[inline]
pub(crate) fn refusal(game: &Game, colour: Color, pos: Pos, figure: Figure) -> Option<DeployError> {
    #[cfg(test)]
    if let Some(r) = tests::test_row_refusal(game, colour, pos, figure) {
        return Some(DeployError::Refused(r));
    }
    let rules = game.config.rules;
    if DEPLOY.any(rules) {
        for f in in_play(rules).filter_map(|e| e.deploy) {
            if let Some(r) = f(game, colour, pos, figure) {
                return Some(DeployError::Refused(r));
            }
        }
    }
    None
}

/// The game state every set keeps beyond the base game's, one field per set that has any.
/// `Copy`: the search copies it with the board; [`SetStates::hash`] folds what tells two
/// positions apart into the search's hash.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SetStates {
    /// Traders & Builders: goods tokens held, the builders' bonus bookkeeping.
    pub traders_builders: traders_builders::State,
    /// The Princess & the Dragon: where the dragon and the fairy are.
    pub princess_dragon: princess_dragon::State,
}

impl SetStates {
    /// `h` with every set's state that decides the game's further course mixed in by `mix`
    /// (the search's mixing function).
    pub(crate) fn hash(&self, h: u64, mix: fn(u64) -> u64) -> u64 {
        let h = self.traders_builders.hash(h, mix);
        self.princess_dragon.hash(h, mix)
    }
}

#[cfg(test)]
mod tests;
