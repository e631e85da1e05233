//! The Princess & the Dragon (`rules princess-dragon`; `shared/expansions2.md`, settled
//! decisions and §A): a volcano brings the dragon onto it, and in a turn whose tile is a
//! volcano no follower is deployed. Its tiles and their symbols are
//! `catalogue/princess_dragon.rs`.

use super::Expansion;
use crate::board::Pos;
use crate::catalogue::princess_dragon::{symbol, Symbol};
use crate::catalogue::TileSet;
use crate::game::Game;
use crate::tiles::{Color, TileType};
use crate::turn::{PartAction, PartEnd};

/// The set's row of [`super::EXPANSIONS`]; last, so that its actions hook sees every other
/// set's deployments (and removes the followers' in a volcano turn).
pub const EXPANSION: Expansion = Expansion {
    actions: Some(actions),
    part_end: Some(part_end),
    ..Expansion::new(
        TileSet::PrincessDragon,
        "princess-dragon",
        "The Princess & the Dragon",
    )
};

/// The set's game state (one field of [`super::SetStates`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct State {
    /// The dragon's tile; `None` while it is beside the board.
    pub dragon: Option<Pos>,
}

impl State {
    /// `h` with the dragon's tile mixed in (where it stands decides what it eats next).
    pub(crate) fn hash(&self, h: u64, mix: fn(u64) -> u64) -> u64 {
        match self.dragon {
            Some(p) => mix(h ^ 0xD4A6_0000 ^ ((p.x as u32 as u64) << 32) ^ p.y as u32 as u64),
            None => h,
        }
    }
}

/// The symbol `tile` carries under the set's rules (a princess, the dragon, a portal, a
/// volcano), `None` for a tile of another set.
pub fn tile_symbol(tile: TileType) -> Option<Symbol> {
    if tile.set() != TileSet::PrincessDragon {
        return None;
    }
    symbol(tile.token())
}

/// Whether `tile` is a volcano.
pub fn is_volcano(tile: TileType) -> bool {
    tile_symbol(tile) == Some(Symbol::Volcano)
}

impl Game {
    /// The dragon's tile (`None`: beside the board).
    pub fn dragon(&self) -> Option<Pos> {
        self.sets.princess_dragon.dragon
    }

    /// Puts the dragon on the tile at `pos` (a setup's `dragon x,y`; `None`: beside the board).
    pub fn set_dragon(&mut self, pos: Option<Pos>) {
        self.sets.princess_dragon.dragon = pos;
    }

    /// Whether the tile at `pos` is a volcano of a game where the set is in play.
    fn volcano_at(&self, pos: Pos) -> bool {
        self.tile_at(pos).is_some_and(|t| is_volcano(t.tile))
    }
}

/// In a volcano turn no follower is deployed, and no figure onto the dragon's tile, the
/// volcano: every deployment on the new tile goes.
fn actions(game: &Game, _colour: Color, pos: Pos, out: &mut Vec<PartAction>) {
    if game.volcano_at(pos) {
        out.retain(|a| !matches!(a, PartAction::Deploy(..)));
    }
}

/// The dragon flies to a volcano placed in the part.
fn part_end(game: &mut Game, _colour: Color, pos: Pos, _end: Option<&mut PartEnd>) {
    if game.volcano_at(pos) {
        game.sets.princess_dragon.dragon = Some(pos);
    }
}
