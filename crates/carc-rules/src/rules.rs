//! The rule set of a game: which sets (expansions) are in play, as one small value in the
//! game's [`crate::Config`]. What a set allows (its tiles, figures, colours, placement rules) is
//! answered here or by the engine from this value, never worked out again by a caller from a
//! list of sets.

use crate::board::Pos;
use crate::catalogue::TileSet;
use crate::figures::Figure;
use crate::game::Game;
use crate::tiles::{Color, Rotation, TileType};

/// The sets in play, one bit per [`TileSet`] (the base game always). `Copy`, one byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules(u8);

impl Default for Rules {
    /// The base game alone.
    fn default() -> Rules {
        Rules::BASE
    }
}

impl Rules {
    /// The base game alone.
    pub const BASE: Rules = Rules(1 << TileSet::Base as u8);

    /// The base game and every set of `sets` (repeats and the base game are harmless).
    pub fn of(sets: &[TileSet]) -> Rules {
        sets.iter().fold(Rules::BASE, |r, s| r.with(*s))
    }

    /// These rules with `set` switched on too.
    pub const fn with(self, set: TileSet) -> Rules {
        Rules(self.0 | 1 << set as u8)
    }

    /// Whether `set` is in play (the base game always is).
    pub const fn has(self, set: TileSet) -> bool {
        self.0 & 1 << set as u8 != 0
    }

    /// The sets in play, in [`TileSet::ALL`] order (the base game first).
    pub fn sets(self) -> impl Iterator<Item = TileSet> {
        TileSet::ALL.into_iter().filter(move |s| self.has(*s))
    }

    /// The expansions in play, without the base game.
    pub fn expansions(self) -> impl Iterator<Item = TileSet> {
        self.sets().filter(|s| *s != TileSet::Base)
    }

    /// One bit per set in play (bit `TileSet as u8`).
    pub(crate) const fn bits(self) -> u8 {
        self.0
    }

    /// Whether only the base game is in play.
    pub const fn is_base(self) -> bool {
        self.0 == Rules::BASE.0
    }

    /// Whether a tile of `set` may be used: the base game's and the garden tiles of the modern
    /// base box always (they are legal in every file), the others when their set is in play.
    pub const fn allows_tile_set(self, set: TileSet) -> bool {
        self.has(set)
            || match crate::expansions::expansion(set) {
                Some(e) => e.tiles_always_allowed,
                None => false,
            }
    }

    /// Whether `figure` is in play (its set is).
    pub const fn allows_figure(self, figure: Figure) -> bool {
        self.has(figure.set())
    }

    /// The colours a game under these rules may use, in [`Color::ALL`] order: the five of the
    /// base game, and pink with Inns & Cathedrals.
    pub fn colours(self) -> impl Iterator<Item = Color> {
        Color::ALL.into_iter().filter(move |c| self.has(c.set()))
    }

    /// Whether The River's turn rules apply to a turn's tile.
    pub const fn river(self) -> bool {
        self.has(TileSet::River)
    }

    /// Whether Traders & Builders' goods, builder and bonus part are in play.
    pub const fn goods(self) -> bool {
        self.has(TileSet::TradersBuilders)
    }

    /// Every legal `(cell, rotation)` for `tile` in a turn (or a bonus part) on `game` under
    /// these rules, in the order of [`Game::legal_placements`]: edges match, and under The
    /// River a river tile keeps the river's turn rules ([`crate::expansions::river::legal_placements`]). A
    /// setup's tiles need only [`Game::legal_placements`].
    pub fn placements(self, game: &Game, tile: TileType) -> Vec<(Pos, Rotation)> {
        crate::expansions::placements(self, game, tile)
    }

    /// Whether `tile` has a legal placement in a turn on `game` under these rules (else it is
    /// discarded): [`Rules::placements`] is not empty.
    pub fn playable(self, game: &Game, tile: TileType) -> bool {
        crate::expansions::playable(self, game, tile)
    }
}

impl Game {
    /// Every legal `(cell, rotation)` for `tile` in a turn (or a bonus part) under the game's
    /// rules ([`Rules::placements`]). The one list of a turn's placements: the replay's
    /// discards, completion, `carc moves`, the search and the simulator's river use it.
    pub fn turn_placements(&self, tile: TileType) -> Vec<(Pos, Rotation)> {
        self.config.rules.placements(self, tile)
    }

    /// Whether `tile` has a legal placement in a turn under the game's rules
    /// ([`Rules::playable`]).
    pub fn turn_playable(&self, tile: TileType) -> bool {
        self.config.rules.playable(self, tile)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_game_is_always_in_play() {
        assert!(Rules::BASE.has(TileSet::Base));
        assert!(Rules::of(&[]).is_base());
        let r = Rules::of(&[TileSet::River, TileSet::Abbot, TileSet::River]);
        assert!(r.has(TileSet::Base) && r.river() && r.has(TileSet::Abbot));
        assert!(!r.has(TileSet::InnsCathedrals) && !r.goods());
        assert_eq!(
            r.expansions().collect::<Vec<_>>(),
            [TileSet::Abbot, TileSet::River]
        );
    }

    #[test]
    fn garden_tiles_always_pink_only_with_inns_cathedrals() {
        assert!(Rules::BASE.allows_tile_set(TileSet::Abbot));
        assert!(!Rules::BASE.allows_tile_set(TileSet::River));
        assert!(!Rules::BASE.allows_figure(Figure::Abbot));
        assert_eq!(Rules::BASE.colours().count(), 5);
        let ic = Rules::of(&[TileSet::InnsCathedrals]);
        assert_eq!(ic.colours().last(), Some(Color::Pink));
        assert!(ic.allows_figure(Figure::LargeMeeple));
    }
}
