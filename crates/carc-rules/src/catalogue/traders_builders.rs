//! Traders & Builders' rows (`tb.A` …).

use super::*;
use crate::tiles::Edge::{City as C, Field as F, Road as R};

const WINE: Modifiers = Modifiers::WINE;
const GRAIN: Modifiers = Modifiers::GRAIN;
const CLOTH: Modifiers = Modifiers::CLOTH;

/// The 24 tiles of Traders & Builders in JCloisterZone's unrotated orientation, one of each;
/// cities first, then roads, fields, the monastery (a field's city mask indexes the cities).
/// Goods symbols: wine 9, grain 6, cloth 5, one on a city of every tile but tb.A, tb.B, tb.C
/// and tb.J. Corner SE is split by a city wall on tb.I, tb.O and tb.W; tb.M, tb.N, tb.P and
/// tb.X have a field between their cities that touches no side.
pub const ROWS: &[TileDef] = &[
    TileDef::tb(
        "tb.A",
        "City cap and road end",
        [C, R, F, F],
        &[city(N), road(E), field(NE, 1), field(SE | SW | NW, 1)],
        false,
    ),
    TileDef::tb(
        "tb.B",
        "Crossing roads on a bridge",
        [R, R, R, R],
        &[
            road(N | S),
            road(W | E),
            field(NW, 0),
            field(NE, 0),
            field(SE, 0),
            field(SW, 0),
        ],
        false,
    ),
    TileDef::tb(
        "tb.C",
        "City cap and two road ends",
        [C, F, R, R],
        &[
            city(N),
            road(W),
            road(S),
            field(NW, 1),
            field(SW, 0),
            field(NE | SE, 1),
        ],
        false,
    ),
    TileDef::tb(
        "tb.D",
        "Adjacent city sides with grain, a city cap and road end",
        [C, R, C, C],
        &[
            city(N | W).with(GRAIN),
            city(S),
            road(E),
            field(NE, 0b01),
            field(SE, 0b11),
        ],
        false,
    ),
    TileDef::tb(
        "tb.E",
        "City across the tile with grain and road end",
        [F, C, R, C],
        &[
            city(E | W).with(GRAIN),
            road(S),
            field(NE | NW, 1),
            field(SW, 1),
            field(SE, 1),
        ],
        false,
    ),
    TileDef::tb(
        "tb.F",
        "Adjacent city sides with grain and road end",
        [C, F, R, C],
        &[
            city(N | W).with(GRAIN),
            road(S),
            field(SW, 1),
            field(NE | SE, 1),
        ],
        false,
    ),
    TileDef::tb(
        "tb.G",
        "Adjacent city sides with grain",
        [C, F, F, C],
        &[city(N | W).with(GRAIN), field(NE | SE | SW, 1)],
        false,
    ),
    TileDef::tb(
        "tb.H",
        "Three-sided city with grain",
        [C, C, F, C],
        &[city(N | E | W).with(GRAIN), field(SE | SW, 1)],
        false,
    ),
    TileDef::tb(
        "tb.I",
        "Adjacent city sides with grain, road end and split south-east corner",
        [C, F, R, C],
        &[
            city(N | W).with(GRAIN),
            road(S),
            field(SW, 1),
            field(SSE, 1),
            field(NE | ESE, 1),
        ],
        false,
    ),
    TileDef::tb(
        "tb.J",
        "Monastery and three road ends",
        [F, R, R, R],
        &[
            road(E),
            road(S),
            road(W),
            field(NE | NW, 0),
            field(SE, 0),
            field(SW, 0),
            MONASTERY,
        ],
        false,
    ),
    TileDef::tb(
        "tb.K",
        "Adjacent city sides with cloth, road end and garden",
        [C, R, F, C],
        &[
            city(N | W).with(CLOTH),
            road(E),
            field(NE, 1),
            field(SE | SW, 1),
        ],
        true,
    ),
    TileDef::tb(
        "tb.L",
        "Adjacent city sides with cloth, a city cap and road end",
        [C, R, C, C],
        &[
            city(N | W).with(CLOTH),
            city(S),
            road(E),
            field(NE, 0b01),
            field(SE, 0b11),
        ],
        false,
    ),
    TileDef::tb(
        "tb.M",
        "Adjacent city sides with cloth and two city caps",
        [C, C, C, C],
        &[
            city(N | W).with(CLOTH),
            city(E),
            city(S),
            inner_field(0b111),
        ],
        false,
    ),
    TileDef::tb(
        "tb.N",
        "City across the tile with cloth and a city cap",
        [F, C, C, C],
        &[
            city(E | W).with(CLOTH),
            city(S),
            field(NE | NW, 0b01),
            inner_field(0b11),
        ],
        false,
    ),
    TileDef::tb(
        "tb.O",
        "Adjacent city sides with cloth, two road ends and split south-east corner",
        [C, R, R, C],
        &[
            city(N | W).with(CLOTH),
            road(S),
            road(E),
            field(SW, 1),
            field(SSE, 1),
            field(ESE, 1),
            field(NE, 1),
        ],
        false,
    ),
    TileDef::tb(
        "tb.P",
        "City across the tile with wine and a city cap",
        [F, C, C, C],
        &[
            city(E | W).with(WINE),
            city(S),
            field(NE | NW, 0b01),
            inner_field(0b11),
        ],
        false,
    ),
    TileDef::tb(
        "tb.Q",
        "City across the tile with wine",
        [F, C, F, C],
        &[city(E | W).with(WINE), field(NE | NW, 1), field(SE | SW, 1)],
        false,
    ),
    TileDef::tb(
        "tb.R",
        "City across the tile with wine and two road ends",
        [R, C, R, C],
        &[
            city(E | W).with(WINE),
            road(N),
            road(S),
            field(NW, 1),
            field(NE, 1),
            field(SE, 1),
            field(SW, 1),
        ],
        false,
    ),
    TileDef::tb(
        "tb.S",
        "City across the tile with wine and road end",
        [F, C, R, C],
        &[
            city(E | W).with(WINE),
            road(S),
            field(NE | NW, 1),
            field(SW, 1),
            field(SE, 1),
        ],
        false,
    ),
    TileDef::tb(
        "tb.T",
        "Adjacent city sides with wine",
        [C, F, F, C],
        &[city(N | W).with(WINE), field(NE | SE | SW, 1)],
        false,
    ),
    TileDef::tb(
        "tb.U",
        "Adjacent city sides with wine, two road ends and garden",
        [C, R, R, C],
        &[
            city(N | W).with(WINE),
            road(S),
            road(E),
            field(SW, 1),
            field(SE, 1),
            field(NE, 1),
        ],
        true,
    ),
    TileDef::tb(
        "tb.V",
        "Three-sided city with wine and road end",
        [C, C, R, C],
        &[
            city(N | E | W).with(WINE),
            road(S),
            field(SW, 1),
            field(SE, 1),
        ],
        false,
    ),
    TileDef::tb(
        "tb.W",
        "Adjacent city sides with wine, road end and split south-east corner",
        [C, R, F, C],
        &[
            city(N | W).with(WINE),
            road(E),
            field(NE, 1),
            field(ESE, 1),
            field(SSE | SW, 1),
        ],
        false,
    ),
    TileDef::tb(
        "tb.X",
        "Adjacent city sides with wine and a city corner",
        [C, C, C, C],
        &[city(N | W).with(WINE), city(E | S), inner_field(0b11)],
        false,
    ),
];

impl TileDef {
    /// A Traders & Builders row (`tb.A` …): each of its 24 tiles is unique (count 1).
    const fn tb(
        token: &'static str,
        name: &'static str,
        edges: [Edge; 4],
        segments: &'static [SegmentSpec],
        garden: bool,
    ) -> TileDef {
        TileDef::of_set(
            TileSet::TradersBuilders,
            token,
            name,
            1,
            edges,
            segments,
            garden,
        )
    }
}
