//! The Tower (`shared/expansions2.md` §A): a tower foundation on each of its tiles
//! (`catalogue/tower.rs`, [`crate::catalogue::TileDef::has_foundation`]).

use super::Expansion;
use crate::catalogue::TileSet;

/// The set's row of [`super::EXPANSIONS`].
pub const EXPANSION: Expansion = Expansion::new(TileSet::Tower, "tower", "The Tower");
