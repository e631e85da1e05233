//! The Princess & the Dragon's rows (`pd.A` … `pd.Z`, `pd.1` … `pd.3`; `shared/expansions2.md`
//! §A, JCloisterZone ids `DG/…` in each row's comment), and the symbols its rules read by token:
//! the princess on a city, the dragon, the magic portal, the volcano.

use super::*;
use crate::tiles::Edge::{City as C, Field as F, Road as R};

const SHIELD: Modifiers = Modifiers::SHIELD;

/// The 30 tiles of The Princess & the Dragon in JCloisterZone's unrotated orientation, one of
/// each but `pd.G` (two); cities first, then roads, fields, the monastery (a field's city mask
/// indexes the cities). Princess 6 (A–F), dragon 12 (G twice, H–Q), portal 6 (R–W), volcano 6
/// (X Y Z 1 2 3); shields on F, N, S; monasteries on O, P; gardens on B, J.
pub const ROWS: &[TileDef] = &[
    // DG/CRRR.p
    TileDef::pd(
        "pd.A",
        "City cap with princess and three road ends",
        1,
        [C, R, R, R],
        &[
            city(N),
            road(E),
            road(S),
            road(W),
            field(NE | NW, 1),
            field(SE, 0),
            field(SW, 0),
        ],
        false,
    ),
    // DG/Cc.pG
    TileDef::pd(
        "pd.B",
        "Adjacent city sides with princess and garden",
        1,
        [C, F, F, C],
        &[city(N | W), field(NE | SE | SW, 1)],
        true,
    ),
    // DG/Ccc.p
    TileDef::pd(
        "pd.C",
        "Three-sided city with princess",
        1,
        [C, C, F, C],
        &[city(N | E | W), field(SE | SW, 1)],
        false,
    ),
    // DG/CcRr.p
    TileDef::pd(
        "pd.D",
        "Adjacent city sides with princess and curved road",
        1,
        [C, R, R, C],
        &[city(N | W), road(E | S), field(NE | SW, 1), field(SE, 0)],
        false,
    ),
    // DG/Cc!.p
    TileDef::pd(
        "pd.E",
        "Adjacent city sides with princess, corner SE split",
        1,
        [C, F, F, C],
        &[city(N | W), field(NE | ESE, 1), field(SSE | SW, 1)],
        false,
    ),
    // DG/CCc+.p
    TileDef::pd(
        "pd.F",
        "City cap with princess beside a shielded city",
        1,
        [C, C, C, F],
        &[
            city(N),
            city(E | S).with(SHIELD),
            field(SW | NW, 0b01),
            inner_field(0b11),
        ],
        false,
    ),
    // DG/Rr.d
    TileDef::pd(
        "pd.G",
        "Curved road with dragon",
        2,
        [F, F, R, R],
        &[road(S | W), field(NE | SE | NW, 0), field(SW, 0)],
        false,
    ),
    // DG/RFr.d
    TileDef::pd(
        "pd.H",
        "Straight road with dragon",
        1,
        [F, R, F, R],
        &[road(E | W), field(NE | NW, 0), field(SE | SW, 0)],
        false,
    ),
    // DG/RRR.d
    TileDef::pd(
        "pd.I",
        "Three-way junction with dragon",
        1,
        [F, R, R, R],
        &[
            road(E),
            road(S),
            road(W),
            field(NE | NW, 0),
            field(SE, 0),
            field(SW, 0),
        ],
        false,
    ),
    // DG/C.dG
    TileDef::pd(
        "pd.J",
        "City cap with dragon and garden",
        1,
        [C, F, F, F],
        &[city(N), field(ALL_CORNERS, 1)],
        true,
    ),
    // DG/Cc.d
    TileDef::pd(
        "pd.K",
        "Adjacent city sides with dragon",
        1,
        [C, F, F, C],
        &[city(N | W), field(NE | SE | SW, 1)],
        false,
    ),
    // DG/CRr.d
    TileDef::pd(
        "pd.L",
        "City cap and curved road with dragon, road to the east",
        1,
        [C, R, R, F],
        &[city(N), road(E | S), field(SE, 0), field(NE | SW | NW, 1)],
        false,
    ),
    // DG/RrC.d
    TileDef::pd(
        "pd.M",
        "City cap and curved road with dragon, road to the west",
        1,
        [C, F, R, R],
        &[city(N), road(S | W), field(SW, 0), field(NE | SE | NW, 1)],
        false,
    ),
    // DG/CFc+.d
    TileDef::pd(
        "pd.N",
        "City across the tile with shield and dragon",
        1,
        [F, C, F, C],
        &[
            city(E | W).with(SHIELD),
            field(NE | NW, 1),
            field(SE | SW, 1),
        ],
        false,
    ),
    // DG/LCcc.d
    TileDef::pd(
        "pd.O",
        "Three-sided city with a monastery inside and dragon",
        1,
        [C, C, F, C],
        &[city(N | E | W), field(SE | SW, 1), MONASTERY],
        false,
    ),
    // DG/LRRR.d
    TileDef::pd(
        "pd.P",
        "Monastery with three road ends and dragon",
        1,
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
    // DG/CRcr.d: the road passes under the city; one field north of it, one south
    TileDef::pd(
        "pd.Q",
        "City across the tile with a road under it and dragon",
        1,
        [R, C, R, C],
        &[
            city(E | W),
            road(N | S),
            field(NE | NW, 1),
            field(SE | SW, 1),
        ],
        false,
    ),
    // DG/RrRr.g
    TileDef::pd(
        "pd.R",
        "Two curved roads with magic portal",
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
    // DG/Ccc+.g
    TileDef::pd(
        "pd.S",
        "Three-sided city with shield and magic portal",
        1,
        [C, C, F, C],
        &[city(N | E | W).with(SHIELD), field(SE | SW, 1)],
        false,
    ),
    // DG/CRr.g
    TileDef::pd(
        "pd.T",
        "City cap and curved road with magic portal, road to the east",
        1,
        [C, R, R, F],
        &[city(N), road(E | S), field(SE, 0), field(NE | SW | NW, 1)],
        false,
    ),
    // DG/RrC.g
    TileDef::pd(
        "pd.U",
        "City cap and curved road with magic portal, road to the west",
        1,
        [C, F, R, R],
        &[city(N), road(S | W), field(SW, 0), field(NE | SE | NW, 1)],
        false,
    ),
    // DG/CcRr.g
    TileDef::pd(
        "pd.V",
        "Adjacent city sides and curved road with magic portal",
        1,
        [C, R, R, C],
        &[city(N | W), road(E | S), field(NE | SW, 1), field(SE, 0)],
        false,
    ),
    // DG/RRR.g
    TileDef::pd(
        "pd.W",
        "Three-way junction with magic portal",
        1,
        [F, R, R, R],
        &[
            road(E),
            road(S),
            road(W),
            field(NE | NW, 0),
            field(SE, 0),
            field(SW, 0),
        ],
        false,
    ),
    // DG/RFr.v
    TileDef::pd(
        "pd.X",
        "Straight road with volcano",
        1,
        [F, R, F, R],
        &[road(E | W), field(NE | NW, 0), field(SE | SW, 0)],
        false,
    ),
    // DG/C.v
    TileDef::pd(
        "pd.Y",
        "City cap with volcano",
        1,
        [C, F, F, F],
        &[city(N), field(ALL_CORNERS, 1)],
        false,
    ),
    // DG/CC.v
    TileDef::pd(
        "pd.Z",
        "Two city caps, adjacent sides, with volcano",
        1,
        [C, C, F, F],
        &[city(N), city(E), field(SE | SW | NW, 0b11)],
        false,
    ),
    // DG/Rr.v
    TileDef::pd(
        "pd.1",
        "Curved road with volcano",
        1,
        [F, F, R, R],
        &[road(S | W), field(NE | SE | NW, 0), field(SW, 0)],
        false,
    ),
    // DG/F.v
    TileDef::pd(
        "pd.2",
        "Volcano",
        1,
        [F, F, F, F],
        &[field(ALL_CORNERS, 0)],
        false,
    ),
    // DG/R.v
    TileDef::pd(
        "pd.3",
        "Road ending at a volcano",
        1,
        [F, F, R, F],
        &[road(S), field(ALL_CORNERS, 0)],
        false,
    ),
];

/// The symbol a tile of The Princess & the Dragon carries, which its rules read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symbol {
    /// A princess in the city segment with this index (`pd.A`–`pd.F`: always the first).
    Princess(u8),
    /// The dragon: it moves after the tile is placed (`pd.G`–`pd.Q`).
    Dragon,
    /// A magic portal: a follower may be deployed on another tile (`pd.R`–`pd.W`).
    Portal,
    /// A volcano: the dragon flies onto it (`pd.X` … `pd.3`).
    Volcano,
}

/// The symbol of the tile written `token`, under the set's rules (`None` for every other tile).
pub fn symbol(token: &str) -> Option<Symbol> {
    let letter = token.strip_prefix("pd.")?;
    Some(match letter {
        "A" | "B" | "C" | "D" | "E" | "F" => Symbol::Princess(0),
        "G" | "H" | "I" | "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" => Symbol::Dragon,
        "R" | "S" | "T" | "U" | "V" | "W" => Symbol::Portal,
        "X" | "Y" | "Z" | "1" | "2" | "3" => Symbol::Volcano,
        _ => return None,
    })
}

impl TileDef {
    /// A row of The Princess & the Dragon.
    const fn pd(
        token: &'static str,
        name: &'static str,
        count: u8,
        edges: [Edge; 4],
        segments: &'static [SegmentSpec],
        garden: bool,
    ) -> TileDef {
        TileDef::of_set(
            TileSet::PrincessDragon,
            token,
            name,
            count,
            edges,
            segments,
            garden,
        )
    }
}
