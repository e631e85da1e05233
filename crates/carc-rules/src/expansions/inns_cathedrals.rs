//! Inns & Cathedrals: the large meeple (strength 2 in every majority, [`Figure::strength`]),
//! pink, and inns and cathedrals (a road with an inn or a city with a cathedral scores 2 or 3
//! per tile when complete, nothing when not: [`crate::road_city_value`], read off each tile's
//! `inn_cathedral_mask`). Its tiles are `catalogue/inns_cathedrals.rs`.

use super::Expansion;
use crate::board::Pos;
use crate::catalogue::TileSet;
use crate::figures::Figure;
use crate::game::Game;
use crate::tiles::Color;
use crate::turn::PartAction;

/// The set's row of [`super::EXPANSIONS`].
pub const EXPANSION: Expansion = Expansion {
    figures: &[Figure::LargeMeeple],
    colours: &[Color::Pink],
    actions: Some(actions),
    ..Expansion::new(
        TileSet::InnsCathedrals,
        "inns-cathedrals",
        "Inns & Cathedrals",
    )
};

/// The large meeple wherever a meeple may go.
fn actions(game: &Game, colour: Color, pos: Pos, out: &mut Vec<PartAction>) {
    game.push_deployments(colour, Figure::LargeMeeple, pos, out);
}
