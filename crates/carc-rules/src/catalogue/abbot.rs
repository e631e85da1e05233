//! The Abbot's garden tiles of the modern base box (`Eg` …).

use super::*;

/// The eight garden tiles (`docs/notation.md`, "The Abbot"): base geometry and orientation, one
/// copy each, each taking the place of one copy of its base type (family counts).
pub const ROWS: &[TileDef] = &[
    TileDef::garden("Eg", "Single city cap with garden", 4),
    TileDef::garden("Hg", "Two separate cities, opposite sides, with garden", 7),
    TileDef::garden("Ig", "Two separate cities, adjacent sides, with garden", 8),
    TileDef::garden("Mg", "Adjacent city sides, joined, with garden", 12),
    TileDef::garden("Ng", "Adjacent city sides, joined, with garden", 13),
    TileDef::garden("Rg", "Three-sided city with garden", 17),
    TileDef::garden("Ug", "Straight road with garden", 20),
    TileDef::garden("Vg", "Curved road with garden", 21),
];

impl TileDef {
    /// A garden tile of the modern base box (`Eg` …, The Abbot): the base type `of`'s geometry
    /// with a garden, one copy.
    const fn garden(token: &'static str, name: &'static str, of: usize) -> TileDef {
        let base = super::base::ROWS[of];
        TileDef::of_set(
            TileSet::Abbot,
            token,
            name,
            1,
            base.edges,
            base.segments,
            true,
        )
    }
}
