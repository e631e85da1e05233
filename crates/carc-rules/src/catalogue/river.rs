//! The River's rows (`r.A` …) and the other name of its second straight.

use super::*;
use crate::tiles::Edge::{City as C, Field as F, River as I, Road as R};

/// The River (12 tiles, the modern box; orientation r0 as in JCloisterZone).
pub const ROWS: &[TileDef] = &[
    TileDef::river(
        "r.A",
        "Spring",
        1,
        [F, I, F, F],
        // one field round the spring
        &[field(ALL_CORNERS, 0)],
        &[E],
    ),
    TileDef::river(
        "r.B",
        "River with city cap and road end",
        1,
        [C, I, R, I],
        &[
            city(N),
            road(S),
            field(NE, 1),
            field(NW, 1),
            field(SE, 0),
            field(SW, 0),
        ],
        &[W | E],
    ),
    TileDef::river(
        "r.C",
        "River between two city caps",
        1,
        [C, I, C, I],
        &[city(N), city(S), field(NE | NW, 0b01), field(SE | SW, 0b10)],
        &[W | E],
    ),
    TileDef::river(
        "r.D",
        "Straight river",
        2,
        [F, I, F, I],
        &[field(NE | NW, 0), field(SE | SW, 0)],
        &[W | E],
    ),
    TileDef::river(
        "r.E",
        "River curve along a city corner",
        1,
        [C, I, I, C],
        &[city(N | W), field(NE | SW, 1), field(SE, 0)],
        &[S | E],
    ),
    TileDef::river(
        "r.G",
        "River curve",
        1,
        [F, F, I, I],
        &[field(NE | SE | NW, 0), field(SW, 0)],
        &[W | S],
    ),
    TileDef::river(
        "r.H",
        "Straight river with monastery and road",
        1,
        [F, I, R, I],
        &[
            MONASTERY,
            road(S),
            field(NE | NW, 0),
            field(SE, 0),
            field(SW, 0),
        ],
        &[W | E],
    ),
    TileDef::river(
        "r.I",
        "River curve and road curve",
        1,
        [R, R, I, I],
        &[road(N | E), field(SE | NW, 0), field(NE, 0), field(SW, 0)],
        &[W | S],
    ),
    TileDef {
        garden: true,
        ..TileDef::river(
            "r.J",
            "River curve with garden",
            1,
            [F, F, I, I],
            &[field(NE | SE | NW, 0), field(SW, 0)],
            &[W | S],
        )
    },
    TileDef::river(
        "r.K",
        "River under a road bridge",
        1,
        [I, R, I, R],
        &[
            road(W | E),
            field(NW, 0),
            field(NE, 0),
            field(SE, 0),
            field(SW, 0),
        ],
        &[N | S],
    ),
    TileDef::river(
        "r.L",
        "Lake",
        1,
        [F, F, F, I],
        // one field round the lake
        &[field(ALL_CORNERS, 0)],
        &[W],
    ),
];

/// Other names of catalogue rows, `(alias, token)`: the community letters the second straight
/// river `r.F`, the catalogue counts both straights as `r.D` (so `r.D` + `r.F` ≤ 2).
pub const ALIASES: &[(&str, &str)] = &[("r.F", "r.D")];

impl TileDef {
    /// A row of The River: `rivers` is the water's course (see [`TileDef::rivers`]).
    const fn river(
        token: &'static str,
        name: &'static str,
        count: u8,
        edges: [Edge; 4],
        segments: &'static [SegmentSpec],
        rivers: &'static [u8],
    ) -> TileDef {
        TileDef {
            token,
            name,
            count,
            set: TileSet::River,
            edges,
            segments,
            rivers,
            garden: false,
        }
    }
}
