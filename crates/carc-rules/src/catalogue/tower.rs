//! The Tower's rows (`tw.A` …, `shared/expansions2.md` §A; JCloisterZone ids in each row's
//! comment). Every tile carries one tower foundation in its middle: it splits no field and
//! belongs to no feature, so it is no segment; a tile has a foundation exactly when its set is
//! [`TileSet::Tower`] ([`TileDef::has_foundation`]).

use super::*;
use crate::tiles::Edge::{City as C, Field as F, Road as R};

/// The 18 foundation tiles in JCloisterZone's unrotated orientation: cities first, then roads,
/// fields, the monastery (a field's city mask indexes the cities). One shield (tw.Q), one
/// monastery (tw.C), two gardens (tw.B, tw.D); corner SE split on tw.M; tw.Q's field touches no
/// side.
pub const ROWS: &[TileDef] = &[
    // TO/C, two copies
    TileDef::tw(
        "tw.A",
        "City cap with tower foundation",
        2,
        [C, F, F, F],
        &[city(N), field(ALL_CORNERS, 1)],
        false,
    ),
    // TO/FG
    TileDef::tw(
        "tw.B",
        "Field with tower foundation and garden",
        1,
        [F, F, F, F],
        &[field(ALL_CORNERS, 0)],
        true,
    ),
    // TO/L
    TileDef::tw(
        "tw.C",
        "Monastery with tower foundation",
        1,
        [F, F, F, F],
        &[field(ALL_CORNERS, 0), MONASTERY],
        false,
    ),
    // TO/RRG: two road ends, S and W
    TileDef::tw(
        "tw.D",
        "Two road ends with tower foundation and garden",
        1,
        [F, F, R, R],
        &[road(S), road(W), field(NE | SE | NW, 0), field(SW, 0)],
        true,
    ),
    // TO/RRR
    TileDef::tw(
        "tw.E",
        "Three road ends with tower foundation",
        1,
        [R, R, F, R],
        &[
            road(N),
            road(E),
            road(W),
            field(NW, 0),
            field(NE, 0),
            field(SE | SW, 0),
        ],
        false,
    ),
    // TO/RrRr.2: two curves
    TileDef::tw(
        "tw.F",
        "Two curved roads with tower foundation",
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
    // TO/RRRR.1
    TileDef::tw(
        "tw.G",
        "Four road ends with tower foundation",
        1,
        [R, R, R, R],
        &[
            road(N),
            road(E),
            road(S),
            road(W),
            field(NE, 0),
            field(SE, 0),
            field(SW, 0),
            field(NW, 0),
        ],
        false,
    ),
    // TO/CRcr: the road crosses the city
    TileDef::tw(
        "tw.H",
        "City across the tile crossed by a road, with tower foundation",
        1,
        [R, C, R, C],
        &[
            city(E | W),
            road(N | S),
            field(NE, 1),
            field(SE, 1),
            field(SW, 1),
            field(NW, 1),
        ],
        false,
    ),
    // TO/CFR
    TileDef::tw(
        "tw.I",
        "City cap and road end with tower foundation",
        1,
        [C, F, R, F],
        &[city(N), road(S), field(SW | NW, 1), field(NE | SE, 1)],
        false,
    ),
    // TO/RrC
    TileDef::tw(
        "tw.J",
        "City cap and curved road with tower foundation",
        1,
        [C, F, R, R],
        &[city(N), road(S | W), field(SW, 0), field(NE | SE | NW, 1)],
        false,
    ),
    // TO/RCr
    TileDef::tw(
        "tw.K",
        "City cap and straight road with tower foundation",
        1,
        [C, R, F, R],
        &[
            city(N),
            road(E | W),
            field(NE, 1),
            field(NW, 1),
            field(SE | SW, 0),
        ],
        false,
    ),
    // TO/Cc
    TileDef::tw(
        "tw.L",
        "Adjacent city sides, joined, with tower foundation",
        1,
        [C, F, F, C],
        &[city(N | W), field(NE | SE | SW, 1)],
        false,
    ),
    // TO/CcR!: the city wall splits corner SE from the road's south field
    TileDef::tw(
        "tw.M",
        "Adjacent city sides, joined, and road end with tower foundation",
        1,
        [C, R, F, C],
        &[
            city(N | W),
            road(E),
            field(NE, 1),
            field(ESE, 1),
            field(SSE | SW, 1),
        ],
        false,
    ),
    // TO/CC.2
    TileDef::tw(
        "tw.N",
        "Two separate cities, adjacent sides, with tower foundation",
        1,
        [C, F, F, C],
        &[city(N), city(W), field(NE | SE | SW, 0b11)],
        false,
    ),
    // TO/CRCr.2
    TileDef::tw(
        "tw.O",
        "Two separate cities, opposite sides, and straight road with tower foundation",
        1,
        [C, R, C, R],
        &[
            city(N),
            city(S),
            road(E | W),
            field(NE | NW, 0b01),
            field(SE | SW, 0b10),
        ],
        false,
    ),
    // TO/CccR
    TileDef::tw(
        "tw.P",
        "Three-sided city and road end with tower foundation",
        1,
        [C, C, R, C],
        &[city(N | E | W), road(S), field(SE, 1), field(SW, 1)],
        false,
    ),
    // TO/CccC+: the three-sided city has a shield; the field between the cities touches no side
    TileDef::tw(
        "tw.Q",
        "Three-sided city with shield and a city cap, with tower foundation",
        1,
        [C, C, C, C],
        &[
            city(N | E | W).with(Modifiers::SHIELD),
            city(S),
            inner_field(0b11),
        ],
        false,
    ),
];

impl TileDef {
    /// A row of The Tower.
    const fn tw(
        token: &'static str,
        name: &'static str,
        count: u8,
        edges: [Edge; 4],
        segments: &'static [SegmentSpec],
        garden: bool,
    ) -> TileDef {
        TileDef::of_set(TileSet::Tower, token, name, count, edges, segments, garden)
    }

    /// Whether the tile carries a tower foundation (every tile of The Tower, and only those).
    pub const fn has_foundation(&self) -> bool {
        matches!(self.set, TileSet::Tower)
    }
}
