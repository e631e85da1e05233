//! Traders & Builders: goods on cities and their awards (`goods`), the builder and the bonus
//! part it earns (`builder`); its tiles are `catalogue/traders_builders.rs`.

pub mod builder;
pub mod goods;
mod pig;

use super::Expansion;
use crate::board::Pos;
use crate::catalogue::TileSet;
use crate::figures::Figure;
use crate::game::Game;
use crate::tiles::{Color, Role};
use crate::turn::{PartAction, PartEnd};
use builder::BonusState;
use goods::{Good, Goods};

/// The set's row of [`super::EXPANSIONS`].
pub const EXPANSION: Expansion = Expansion {
    figures: &[Figure::Builder, Figure::Pig],
    actions: Some(actions),
    part_end: Some(part_end),
    ..Expansion::new(
        TileSet::TradersBuilders,
        "traders-builders",
        "Traders & Builders",
    )
};

/// The builder on each road or city of the tile at `pos` where it may stand, then the pig in
/// each field holding `colour`'s farmer.
fn actions(game: &Game, colour: Color, pos: Pos, out: &mut Vec<PartAction>) {
    if let Some(t) = game.tile_at(pos) {
        for place in game.legal_builder_places(colour, pos) {
            if let Some(kind) = t.tile.place_feature(t.rot, place) {
                out.push(PartAction::Deploy(
                    Figure::Builder,
                    kind.role(),
                    Some(place),
                ));
            }
        }
    }
    out.extend(
        game.legal_pig_deployments(colour, pos)
            .into_iter()
            .map(|p| PartAction::Deploy(Figure::Pig, Role::Farmer, Some(p))),
    );
}

/// After the scoring, `colour` takes the goods of the cities its tile completed.
fn part_end(game: &mut Game, colour: Color, pos: Pos, end: Option<&mut PartEnd>) {
    let goods = game.take_goods(colour, pos);
    if let Some(end) = end {
        end.goods = goods;
    }
}

/// The set's game state (one field of [`super::SetStates`]).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct State {
    /// Goods tokens each colour holds, by [`Color::index`].
    pub goods: [Goods; Color::COUNT],
    /// What the last placement did to the builders.
    pub bonus: BonusState,
    /// Final scoring has given the goods awards: a second final scoring gives nothing (its
    /// features are already empty of figures; the awards must not be paid twice either).
    pub goods_awarded: bool,
}

impl State {
    /// `h` with the goods held mixed in: they decide the final awards. (The bonus bookkeeping
    /// is the search's own `part`.)
    pub(crate) fn hash(&self, mut h: u64, mix: fn(u64) -> u64) -> u64 {
        for c in Color::ALL {
            let g = self.goods[c.index()];
            if !g.is_empty() {
                let bits = Good::ALL.iter().fold(c.index() as u64, |b, &k| {
                    b << 16 | u64::from(g.get(k) & 0xFFFF)
                });
                h = mix(h ^ bits ^ 0x9E37_79B9_7F4A_7C15);
            }
        }
        h
    }
}
