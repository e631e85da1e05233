//! Inns & Cathedrals' rows (`ic.A` …).

use super::*;
use crate::tiles::Edge::{City as C, Field as F, Road as R};

const INN: Modifiers = Modifiers::INN;

/// The 18 tiles of Inns & Cathedrals in JCloisterZone's unrotated orientation; cities first,
/// then roads, fields, the monastery (a field's city mask indexes the cities).
pub const ROWS: &[TileDef] = &[
    TileDef::ic(
        "ic.A",
        "Curved road with inn",
        1,
        [F, F, R, R],
        &[road(S | W).with(INN), field(NE | SE | NW, 0), field(SW, 0)],
        false,
    ),
    TileDef::ic(
        "ic.B",
        "Straight road with inn and garden",
        1,
        [F, R, F, R],
        &[road(E | W).with(INN), field(NE | NW, 0), field(SE | SW, 0)],
        true,
    ),
    TileDef::ic(
        "ic.C",
        "Three-way junction with inn on the east road",
        1,
        [F, R, R, R],
        &[
            road(E).with(INN),
            road(W),
            road(S),
            field(NE | NW, 0),
            field(SW, 0),
            field(SE, 0),
        ],
        false,
    ),
    TileDef::ic(
        "ic.D",
        "Monastery between two road ends",
        1,
        [F, R, F, R],
        &[
            road(W),
            road(E),
            field(SE | SW, 0),
            field(NE | NW, 0),
            MONASTERY,
        ],
        false,
    ),
    TileDef::ic(
        "ic.E",
        "Two curved roads",
        1,
        [R, R, R, R],
        &[
            road(N | W),
            road(S | E),
            field(NW, 0),
            field(SE, 0),
            field(NE | SW, 0),
        ],
        false,
    ),
    TileDef::ic(
        "ic.F",
        "Adjacent city sides, joined, and road end",
        1,
        [C, R, F, C],
        &[city(N | W), road(E), field(NE, 1), field(SE | SW, 1)],
        false,
    ),
    TileDef::ic(
        "ic.G",
        "City cap with split south-east corner",
        1,
        [C, F, F, F],
        &[city(N), field(NE | ESE, 1), field(SSE | SW | NW, 1)],
        false,
    ),
    TileDef::ic(
        "ic.H",
        "Four separate city caps with garden",
        1,
        [C, C, C, C],
        &[city(N), city(E), city(S), city(W), inner_field(0b1111)],
        true,
    ),
    TileDef::ic(
        "ic.I",
        "Two city caps and two road ends",
        1,
        [C, R, C, R],
        &[
            city(N),
            city(S),
            road(W),
            road(E),
            field(NE, 1),
            field(NW, 1),
            field(SE, 0b10),
            field(SW, 0b10),
        ],
        false,
    ),
    TileDef::ic(
        "ic.J",
        "City cap and road end",
        1,
        [C, F, R, F],
        &[city(N), road(S), field(SW | NW, 1), field(NE | SE, 1)],
        false,
    ),
    TileDef::ic(
        "ic.K",
        "Cathedral",
        2,
        [C, C, C, C],
        &[city(N | E | S | W).with(Modifiers::CATHEDRAL)],
        false,
    ),
    TileDef::ic(
        "ic.L",
        "Adjacent city sides with shield and curved road with inn",
        1,
        [C, R, R, C],
        &[
            city(N | W).with(Modifiers::SHIELD),
            road(E | S).with(INN),
            field(SE, 0),
            field(NE | SW, 1),
        ],
        false,
    ),
    TileDef::ic(
        "ic.M",
        "City cap and curved road with inn",
        1,
        [C, F, R, R],
        &[
            city(N),
            road(W | S).with(INN),
            field(SW, 0),
            field(NE | SE | NW, 1),
        ],
        false,
    ),
    TileDef::ic(
        "ic.N",
        "Adjacent city sides, joined, and road end with inn",
        1,
        [C, F, R, C],
        &[
            city(N | W),
            road(S).with(INN),
            field(SW, 1),
            field(NE | SE, 1),
        ],
        false,
    ),
    TileDef::ic(
        "ic.O",
        "Three separate city caps",
        1,
        [C, C, F, C],
        &[city(N), city(E), city(W), field(SE | SW, 0b111)],
        false,
    ),
    TileDef::ic(
        "ic.P",
        "Adjacent city sides with shield and a city cap",
        1,
        [C, F, C, C],
        &[
            city(N | W).with(Modifiers::SHIELD),
            city(S),
            field(NE | SE, 0b11),
        ],
        false,
    ),
    TileDef::ic(
        "ic.Q",
        "City across the tile with shield and two road ends",
        1,
        [R, C, R, C],
        &[
            city(E | W).with(Modifiers::SHIELD),
            road(N),
            road(S),
            field(NW, 1),
            field(NE, 1),
            field(SE, 1),
            field(SW, 1),
        ],
        false,
    ),
];

impl TileDef {
    /// An Inns & Cathedrals row (`ic.A` …).
    const fn ic(
        token: &'static str,
        name: &'static str,
        count: u8,
        edges: [Edge; 4],
        segments: &'static [SegmentSpec],
        garden: bool,
    ) -> TileDef {
        TileDef::of_set(
            TileSet::InnsCathedrals,
            token,
            name,
            count,
            edges,
            segments,
            garden,
        )
    }
}
