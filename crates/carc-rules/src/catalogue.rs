//! The tile catalogue as data: one table row per tile type ([`TileDef`]), in the project's own
//! form of `docs/tiles.md` (base game) and, later, of the expansions' tile tables.
//!
//! A row gives the tile's token (`D`, `Eg`, `ic.A` …), name, count, set, its four edges in the
//! unrotated orientation `r0` (order `N E S W`; [`Edge::River`] for a river side) and its
//! segments in a fixed order (the order fixes segment indices, scoring order and the
//! simulator's choices):
//! - cities and roads by the sides they reach, with [`Modifiers`] (shield, cathedral, goods on
//!   a city; inn on a road);
//! - fields by the half-sides they touch (`NNE ENE ESE SSE SSW WSW WNW NNW`), or `inner` for a
//!   field that touches no side, with the city segments each field touches (for farmers);
//! - the monastery.
//!
//! Rivers (the sides the water reaches; one side for a spring or a lake) and the garden are
//! attributes of the tile, not features. Corner names stay the notation for fields: a corner is
//! the two half-sides beside it ([`NE`] = `NNE | ENE`), and a half-side on a city side does not
//! exist (a field written with corner `NE` on a tile whose north side is a city touches `ENE`
//! only).
//!
//! Adding a tile type is one row in [`TILES`] (plus an associated constant of
//! [`crate::TileType`] if code names it) and tests; everything the engine needs is derived from
//! the rows at compile time.

use crate::tiles::{Edge, FeatureKind, HalfSide};

/// The box or expansion a tile type comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TileSet {
    /// The base game (`docs/tiles.md`).
    Base,
    /// The garden tiles of the modern base box (`Eg` …), for `rules abbot`; legal in every file.
    Abbot,
    /// Inns & Cathedrals (`ic.A` …).
    InnsCathedrals,
    /// The River (`r.A` …).
    River,
    /// Traders & Builders (`tb.A` …).
    TradersBuilders,
}

impl TileSet {
    /// Every set, the base game first, then in the order of the `rules` registry.
    pub const ALL: [TileSet; 5] = [
        TileSet::Base,
        TileSet::Abbot,
        TileSet::InnsCathedrals,
        TileSet::River,
        TileSet::TradersBuilders,
    ];

    /// The word of the set in `rules` (`base` for the base game, which needs none).
    pub const fn as_str(self) -> &'static str {
        match self {
            TileSet::Base => "base",
            TileSet::Abbot => "abbot",
            TileSet::InnsCathedrals => "inns-cathedrals",
            TileSet::River => "river",
            TileSet::TradersBuilders => "traders-builders",
        }
    }
}

/// What a city or road segment carries beyond its shape: a set of flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Modifiers(u8);

impl Modifiers {
    /// Nothing.
    pub const NONE: Modifiers = Modifiers(0);
    /// A city's coat of arms (one more tile's worth of points).
    pub const SHIELD: Modifiers = Modifiers(1);
    /// A city's cathedral (Inns & Cathedrals).
    pub const CATHEDRAL: Modifiers = Modifiers(1 << 1);
    /// A road's inn (Inns & Cathedrals).
    pub const INN: Modifiers = Modifiers(1 << 2);
    /// A city's wine symbol (Traders & Builders).
    pub const WINE: Modifiers = Modifiers(1 << 3);
    /// A city's grain symbol (Traders & Builders).
    pub const GRAIN: Modifiers = Modifiers(1 << 4);
    /// A city's cloth symbol (Traders & Builders).
    pub const CLOTH: Modifiers = Modifiers(1 << 5);

    /// Both sets of flags.
    pub const fn with(self, other: Modifiers) -> Modifiers {
        Modifiers(self.0 | other.0)
    }

    /// Whether every flag of `other` is set.
    pub const fn contains(self, other: Modifiers) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether no flag is set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl std::ops::BitOr for Modifiers {
    type Output = Modifiers;
    fn bitor(self, other: Modifiers) -> Modifiers {
        self.with(other)
    }
}

// ---- areas of a tile: sides and half-sides as bit masks ---------------------------------------

/// Side masks (bit `i` is side `i` in the order `N E S W`).
pub const N: u8 = 1;
/// East side.
pub const E: u8 = 1 << 1;
/// South side.
pub const S: u8 = 1 << 2;
/// West side.
pub const W: u8 = 1 << 3;

/// Half-side masks (bit `i` is half-side `i` in the order `NNE ENE ESE SSE SSW WSW WNW NNW`,
/// see [`crate::HalfSide`]): `NNE` is the east half of side N.
pub const NNE: u8 = 1;
/// The north half of side E.
pub const ENE: u8 = 1 << 1;
/// The south half of side E.
pub const ESE: u8 = 1 << 2;
/// The east half of side S.
pub const SSE: u8 = 1 << 3;
/// The west half of side S.
pub const SSW: u8 = 1 << 4;
/// The south half of side W.
pub const WSW: u8 = 1 << 5;
/// The north half of side W.
pub const WNW: u8 = 1 << 6;
/// The west half of side N.
pub const NNW: u8 = 1 << 7;
/// Corner NE: its two half-sides.
pub const NE: u8 = NNE | ENE;
/// Corner SE.
pub const SE: u8 = ESE | SSE;
/// Corner SW.
pub const SW: u8 = SSW | WSW;
/// Corner NW.
pub const NW: u8 = WNW | NNW;
/// All four corners.
pub const ALL_CORNERS: u8 = NE | SE | SW | NW;

/// One segment of a row: a city, road, field or monastery in the unrotated orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SegmentSpec {
    /// What it is.
    pub kind: FeatureKind,
    /// Roads and cities: the sides it reaches (mask of [`N`] [`E`] [`S`] [`W`]).
    pub sides: u8,
    /// Fields: the half-sides it touches (mask of [`NNE`] … [`NNW`]; a corner for both halves).
    pub half_sides: u8,
    /// Fields: the field touches no side (it lies between cities).
    pub inner: bool,
    /// Fields: bit `i` set when the field touches the city segment with index `i`.
    pub cities: u8,
    /// Shield, cathedral and goods on a city; inn on a road.
    pub modifiers: Modifiers,
}

impl SegmentSpec {
    const fn new(kind: FeatureKind) -> SegmentSpec {
        SegmentSpec {
            kind,
            sides: 0,
            half_sides: 0,
            inner: false,
            cities: 0,
            modifiers: Modifiers::NONE,
        }
    }

    /// The same segment with `modifiers` added.
    pub const fn with(self, modifiers: Modifiers) -> SegmentSpec {
        SegmentSpec {
            modifiers: self.modifiers.with(modifiers),
            ..self
        }
    }
}

/// A city reaching `sides`.
pub const fn city(sides: u8) -> SegmentSpec {
    SegmentSpec {
        sides,
        ..SegmentSpec::new(FeatureKind::City)
    }
}

/// A road reaching `sides`.
pub const fn road(sides: u8) -> SegmentSpec {
    SegmentSpec {
        sides,
        ..SegmentSpec::new(FeatureKind::Road)
    }
}

/// A field touching `half_sides`, and the city segments in mask `cities`.
pub const fn field(half_sides: u8, cities: u8) -> SegmentSpec {
    SegmentSpec {
        half_sides,
        cities,
        ..SegmentSpec::new(FeatureKind::Field)
    }
}

/// A field that touches no side, touching the city segments in mask `cities`.
pub const fn inner_field(cities: u8) -> SegmentSpec {
    SegmentSpec {
        inner: true,
        cities,
        ..SegmentSpec::new(FeatureKind::Field)
    }
}

/// The monastery in the middle of the tile.
pub const MONASTERY: SegmentSpec = SegmentSpec::new(FeatureKind::Monastery);

/// One tile type: a row of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TileDef {
    /// How the notation writes it (`D`, `Eg`, `ic.A`).
    pub token: &'static str,
    /// Its name.
    pub name: &'static str,
    /// How many the set holds.
    pub count: u8,
    /// The box or expansion it comes from.
    pub set: TileSet,
    /// The edges at `r0`, order `N E S W`.
    pub edges: [Edge; 4],
    /// The segments, in a fixed order (see the module documentation).
    pub segments: &'static [SegmentSpec],
    /// The river's course: the sides each stretch of water reaches (one side for a spring or a
    /// lake; mask of [`N`] [`E`] [`S`] [`W`]).
    pub rivers: &'static [u8],
    /// A garden (The Abbot) lies in one of its fields.
    pub garden: bool,
}

impl TileDef {
    /// A base-game row: no river, no garden.
    const fn base(
        token: &'static str,
        name: &'static str,
        count: u8,
        edges: [Edge; 4],
        segments: &'static [SegmentSpec],
    ) -> TileDef {
        TileDef {
            token,
            name,
            count,
            set: TileSet::Base,
            edges,
            segments,
            rivers: &[],
            garden: false,
        }
    }

    /// A row of another set than the base game (`ic.A`, `Eg` …): no river.
    const fn of_set(
        set: TileSet,
        token: &'static str,
        name: &'static str,
        count: u8,
        edges: [Edge; 4],
        segments: &'static [SegmentSpec],
        garden: bool,
    ) -> TileDef {
        TileDef {
            token,
            name,
            count,
            set,
            edges,
            segments,
            rivers: &[],
            garden,
        }
    }

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

    /// A garden tile of the modern base box (`Eg` …, The Abbot): the base type `of`'s geometry
    /// with a garden, one copy.
    const fn garden(token: &'static str, name: &'static str, of: usize) -> TileDef {
        let base = TILES_BASE[of];
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

    /// Whether half-side `h` (0..8) exists: it lies on a side that is not a city.
    pub const fn half_side_exists(&self, h: usize) -> bool {
        !matches!(self.edges[HalfSide::ALL[h & 7].side().index()], Edge::City)
    }

    /// The index of the field segment touching half-side `h` (`None` on a city side).
    pub fn field_at(&self, h: HalfSide) -> Option<usize> {
        if !self.half_side_exists(h.index()) {
            return None;
        }
        self.segments
            .iter()
            .position(|s| s.kind == FeatureKind::Field && s.half_sides & (1 << h.index()) != 0)
    }

    /// Checks the row against itself, naming the first inconsistency: the token has the
    /// notation's shape (`D`, `Eg`, `ic.A`); each city, road and
    /// river side has exactly one city, road or river on it (none on a field side); each
    /// existing half-side lies in exactly one field; fields touch only city segments; at most
    /// one monastery; at most [`crate::tiles::MAX_SEGMENTS`] segments.
    pub fn check(&self) -> Result<(), String> {
        let t = self.token;
        // the notation's lexical form: a letter, letters and digits, optionally `.` and more
        let (head, tail) = t.split_once('.').unwrap_or((t, "x"));
        let alnum = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_alphanumeric());
        if !(head.starts_with(|c: char| c.is_ascii_alphabetic()) && alnum(head) && alnum(tail)) {
            return Err(format!("`{t}` is not a tile token"));
        }
        if self.segments.len() > crate::tiles::MAX_SEGMENTS {
            return Err(format!("{t}: more than 8 segments"));
        }
        let mut on_side = [0u8; 4];
        let mut halves = 0u8;
        let mut monasteries = 0;
        // count what reaches each side, refusing it on a side of another kind
        let mark = |on_side: &mut [u8; 4], sides: u8, edge: Edge, what: &str| {
            for (s, (n, &shown)) in on_side.iter_mut().zip(&self.edges).enumerate() {
                if sides & (1 << s) != 0 {
                    if shown != edge {
                        return Err(format!("{t}: {what} on a {shown} side"));
                    }
                    *n += 1;
                }
            }
            Ok(())
        };
        for (i, seg) in self.segments.iter().enumerate() {
            let want = match seg.kind {
                FeatureKind::City => Some(Edge::City),
                FeatureKind::Road => Some(Edge::Road),
                FeatureKind::Field | FeatureKind::Monastery => None,
            };
            match want {
                Some(edge) => {
                    if seg.sides == 0 || seg.sides > 0xF {
                        return Err(format!("{t}: segment {i} reaches no side"));
                    }
                    mark(&mut on_side, seg.sides, edge, "a city or road")?;
                }
                None if seg.sides != 0 => return Err(format!("{t}: segment {i} has sides")),
                None => {}
            }
            if seg.kind == FeatureKind::Field {
                let existing = (0..8)
                    .filter(|&h| seg.half_sides & (1 << h) != 0 && self.half_side_exists(h))
                    .fold(0u8, |m, h| m | (1 << h));
                if existing & halves != 0 {
                    return Err(format!("{t}: a half-side in two fields"));
                }
                if existing == 0 && !seg.inner {
                    return Err(format!("{t}: field {i} touches no half-side"));
                }
                halves |= existing;
                for c in 0..8 {
                    let touched = seg.cities & (1 << c) != 0;
                    if touched && self.segments.get(c).map(|s| s.kind) != Some(FeatureKind::City) {
                        return Err(format!("{t}: field {i} touches segment {c}, not a city"));
                    }
                }
            } else if seg.half_sides != 0 || seg.inner || seg.cities != 0 {
                return Err(format!("{t}: segment {i} is not a field"));
            }
            monasteries += usize::from(seg.kind == FeatureKind::Monastery);
        }
        for &river in self.rivers {
            mark(&mut on_side, river, Edge::River, "a river")?;
        }
        for (s, (&n, &shown)) in on_side.iter().zip(&self.edges).enumerate() {
            if n != u8::from(shown != Edge::Field) {
                return Err(format!("{t}: side {s} ({shown}) holds {n} segments"));
            }
        }
        let existing = (0..8)
            .filter(|&h| self.half_side_exists(h))
            .fold(0u8, |m, h| m | (1 << h));
        if halves != existing {
            return Err(format!(
                "{t}: half-sides {:08b} in no field",
                existing & !halves
            ));
        }
        if monasteries > 1 {
            return Err(format!("{t}: two monasteries"));
        }
        Ok(())
    }
}

use Edge::{City as C, Field as F, River as I, Road as R};

/// The catalogue: every tile type carc knows, base game first in letter order
/// (`docs/tiles.md`), then The River, then the garden tiles of The Abbot, then Inns &
/// Cathedrals, then Traders & Builders. [`crate::TileType`] is an index into this table.
pub const TILES: &[TileDef] = &{
    const N_BASE: usize = TILES_BASE.len();
    const N_RIVER: usize = TILES_RIVER.len();
    const N_ABBOT: usize = TILES_ABBOT.len();
    const N_IC: usize = TILES_IC.len();
    const N_TB: usize = TILES_TB.len();
    let mut out = [TILES_BASE[0]; N_BASE + N_RIVER + N_ABBOT + N_IC + N_TB];
    let mut i = 0;
    while i < N_BASE {
        out[i] = TILES_BASE[i];
        i += 1;
    }
    while i < N_BASE + N_RIVER {
        out[i] = TILES_RIVER[i - N_BASE];
        i += 1;
    }
    while i < N_BASE + N_RIVER + N_ABBOT {
        out[i] = TILES_ABBOT[i - N_BASE - N_RIVER];
        i += 1;
    }
    while i < N_BASE + N_RIVER + N_ABBOT + N_IC {
        out[i] = TILES_IC[i - N_BASE - N_RIVER - N_ABBOT];
        i += 1;
    }
    while i < out.len() {
        out[i] = TILES_TB[i - N_BASE - N_RIVER - N_ABBOT - N_IC];
        i += 1;
    }
    out
};

/// The base game's rows, in letter order (`docs/tiles.md`): `A` is index 0.
const TILES_BASE: &[TileDef] = &[
    TileDef::base(
        "A",
        "Monastery with road",
        2,
        [F, F, R, F],
        &[MONASTERY, road(S), field(ALL_CORNERS, 0)],
    ),
    TileDef::base(
        "B",
        "Monastery",
        4,
        [F, F, F, F],
        &[MONASTERY, field(ALL_CORNERS, 0)],
    ),
    TileDef::base(
        "C",
        "Four-sided city",
        1,
        [C, C, C, C],
        &[city(N | E | S | W).with(Modifiers::SHIELD)],
    ),
    TileDef::base(
        "D",
        "City cap and straight road (start tile)",
        4,
        [C, R, F, R],
        &[city(N), road(E | W), field(NE | NW, 1), field(SE | SW, 0)],
    ),
    TileDef::base(
        "E",
        "Single city cap",
        5,
        [C, F, F, F],
        &[city(N), field(ALL_CORNERS, 1)],
    ),
    TileDef::base(
        "F",
        "City across the tile",
        2,
        [F, C, F, C],
        &[
            city(E | W).with(Modifiers::SHIELD),
            field(NE | NW, 1),
            field(SE | SW, 1),
        ],
    ),
    TileDef::base(
        "G",
        "City across the tile",
        1,
        [F, C, F, C],
        &[city(E | W), field(NE | NW, 1), field(SE | SW, 1)],
    ),
    TileDef::base(
        "H",
        "Two separate cities, opposite sides",
        3,
        [F, C, F, C],
        &[city(E), city(W), field(ALL_CORNERS, 0b11)],
    ),
    TileDef::base(
        "I",
        "Two separate cities, adjacent sides",
        2,
        [C, F, F, C],
        &[city(N), city(W), field(NE | SE | SW, 0b11)],
    ),
    TileDef::base(
        "J",
        "City cap and right-hand curved road",
        3,
        [C, R, R, F],
        &[city(N), road(E | S), field(SE, 0), field(NE | SW | NW, 1)],
    ),
    TileDef::base(
        "K",
        "City cap and left-hand curved road",
        3,
        [C, F, R, R],
        &[city(N), road(S | W), field(SW, 0), field(NE | SE | NW, 1)],
    ),
    TileDef::base(
        "L",
        "City cap and three-way junction",
        3,
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
    ),
    TileDef::base(
        "M",
        "Adjacent city sides, joined",
        2,
        [C, F, F, C],
        &[city(N | W).with(Modifiers::SHIELD), field(NE | SE | SW, 1)],
    ),
    TileDef::base(
        "N",
        "Adjacent city sides, joined",
        3,
        [C, F, F, C],
        &[city(N | W), field(NE | SE | SW, 1)],
    ),
    TileDef::base(
        "O",
        "Adjacent city sides and curved road",
        2,
        [C, R, R, C],
        &[
            city(N | W).with(Modifiers::SHIELD),
            road(E | S),
            field(SE, 0),
            field(NE | SW, 1),
        ],
    ),
    TileDef::base(
        "P",
        "Adjacent city sides and curved road",
        3,
        [C, R, R, C],
        &[city(N | W), road(E | S), field(SE, 0), field(NE | SW, 1)],
    ),
    TileDef::base(
        "Q",
        "Three-sided city",
        1,
        [C, C, F, C],
        &[city(N | E | W).with(Modifiers::SHIELD), field(SE | SW, 1)],
    ),
    TileDef::base(
        "R",
        "Three-sided city",
        3,
        [C, C, F, C],
        &[city(N | E | W), field(SE | SW, 1)],
    ),
    TileDef::base(
        "S",
        "Three-sided city and road",
        2,
        [C, C, R, C],
        &[
            city(N | E | W).with(Modifiers::SHIELD),
            road(S),
            field(SE, 1),
            field(SW, 1),
        ],
    ),
    TileDef::base(
        "T",
        "Three-sided city and road",
        1,
        [C, C, R, C],
        &[city(N | E | W), road(S), field(SE, 1), field(SW, 1)],
    ),
    TileDef::base(
        "U",
        "Straight road",
        8,
        [R, F, R, F],
        &[road(N | S), field(NE | SE, 0), field(SW | NW, 0)],
    ),
    TileDef::base(
        "V",
        "Curved road",
        9,
        [F, F, R, R],
        &[road(S | W), field(SW, 0), field(NE | SE | NW, 0)],
    ),
    TileDef::base(
        "W",
        "Three-way junction",
        4,
        [F, R, R, R],
        &[
            road(E),
            road(S),
            road(W),
            field(NE | NW, 0),
            field(SE, 0),
            field(SW, 0),
        ],
    ),
    TileDef::base(
        "X",
        "Four-way junction",
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
    ),
];

/// The River (12 tiles, the modern box; orientation r0 as in JCloisterZone).
const TILES_RIVER: &[TileDef] = &[
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

// ---- The Abbot: garden tiles of the modern base box ----------------------------------------

/// The eight garden tiles (`docs/notation.md`, "The Abbot"): base geometry and orientation, one
/// copy each, each taking the place of one copy of its base type (family counts).
const TILES_ABBOT: &[TileDef] = &[
    TileDef::garden("Eg", "Single city cap with garden", 4),
    TileDef::garden("Hg", "Two separate cities, opposite sides, with garden", 7),
    TileDef::garden("Ig", "Two separate cities, adjacent sides, with garden", 8),
    TileDef::garden("Mg", "Adjacent city sides, joined, with garden", 12),
    TileDef::garden("Ng", "Adjacent city sides, joined, with garden", 13),
    TileDef::garden("Rg", "Three-sided city with garden", 17),
    TileDef::garden("Ug", "Straight road with garden", 20),
    TileDef::garden("Vg", "Curved road with garden", 21),
];

// ---- Inns & Cathedrals ---------------------------------------------------------------------

const INN: Modifiers = Modifiers::INN;

/// The 18 tiles of Inns & Cathedrals in JCloisterZone's unrotated orientation; cities first,
/// then roads, fields, the monastery (a field's city mask indexes the cities).
const TILES_IC: &[TileDef] = &[
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
// ---- Traders & Builders --------------------------------------------------------------------

const WINE: Modifiers = Modifiers::WINE;
const GRAIN: Modifiers = Modifiers::GRAIN;
const CLOTH: Modifiers = Modifiers::CLOTH;

/// The 24 tiles of Traders & Builders in JCloisterZone's unrotated orientation, one of each;
/// cities first, then roads, fields, the monastery (a field's city mask indexes the cities).
/// Goods symbols: wine 9, grain 6, cloth 5, one on a city of every tile but tb.A, tb.B, tb.C
/// and tb.J. Corner SE is split by a city wall on tb.I, tb.O and tb.W; tb.M, tb.N, tb.P and
/// tb.X have a field between their cities that touches no side.
const TILES_TB: &[TileDef] = &[
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

/// Other names of catalogue rows, `(alias, token)`: the community letters the second straight
/// river `r.F`, the catalogue counts both straights as `r.D` (so `r.D` + `r.F` ≤ 2).
pub const ALIASES: &[(&str, &str)] = &[("r.F", "r.D")];
