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
//! Each set's rows are in its own file (`catalogue/base.rs`, `catalogue/river.rs` …), one part
//! of [`TILES`]. Adding a tile type is one row there (plus an associated constant of
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
    /// The Princess & the Dragon (`pd.A` …).
    PrincessDragon,
    /// The Tower (`tw.A` …).
    Tower,
}

impl TileSet {
    /// Every set, the base game first, then in the order of the `rules` registry.
    pub const ALL: [TileSet; 7] = [
        TileSet::Base,
        TileSet::Abbot,
        TileSet::InnsCathedrals,
        TileSet::River,
        TileSet::TradersBuilders,
        TileSet::PrincessDragon,
        TileSet::Tower,
    ];

    /// The word of the set in `rules` (`base` for the base game, which needs none).
    /// An expansion's word is in its row of [`crate::expansions::EXPANSIONS`].
    pub const fn as_str(self) -> &'static str {
        match crate::expansions::expansion(self) {
            Some(e) => e.word,
            None => "base",
        }
    }

    /// The set's name as players know it (`Inns & Cathedrals`; `the base game`), from its row
    /// of [`crate::expansions::EXPANSIONS`].
    pub const fn name(self) -> &'static str {
        match crate::expansions::expansion(self) {
            Some(e) => e.name,
            None => "the base game",
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

mod abbot;
mod base;
mod inns_cathedrals;
pub mod princess_dragon;
mod river;
mod tower;
mod traders_builders;

pub use river::ALIASES;

/// The catalogue's parts, in [`TILES`] order: the base game, then each set's rows
/// (`catalogue/SET.rs`). A new set appends its rows at the end, so that no [`crate::TileType`]
/// of an earlier set changes its index.
const PARTS: [&[TileDef]; 7] = [
    base::ROWS,
    river::ROWS,
    abbot::ROWS,
    inns_cathedrals::ROWS,
    traders_builders::ROWS,
    princess_dragon::ROWS,
    tower::ROWS,
];

/// The number of rows of every part.
const N_TILES: usize = {
    let mut n = 0;
    let mut p = 0;
    while p < PARTS.len() {
        n += PARTS[p].len();
        p += 1;
    }
    n
};

/// The catalogue: every tile type carc knows, base game first in letter order
/// (`docs/tiles.md`), then The River, then the garden tiles of The Abbot, then Inns &
/// Cathedrals, then Traders & Builders, then The Princess & the Dragon, then The Tower.
/// [`crate::TileType`] is an index into this table.
pub const TILES: &[TileDef] = &{
    let mut out = [base::ROWS[0]; N_TILES];
    let mut i = 0;
    let mut p = 0;
    while p < PARTS.len() {
        let mut k = 0;
        while k < PARTS[p].len() {
            out[i] = PARTS[p][k];
            i += 1;
            k += 1;
        }
        p += 1;
    }
    out
};
