//! Tile types ([`TileType`], an index into the catalogue table of `catalogue/`), their edges
//! and segments; the small vocabulary (sides, half-sides, corners, rotations, colours, roles)
//! the rest of the engine speaks is `tiles/places.rs`.

use std::fmt;

mod places;
pub use places::*;

use crate::catalogue::{Modifiers, TileDef, TileSet, TILES};

// ---------------------------------------------------------------------------------------------
// Tile types: indices into the catalogue table, with lookup tables derived from its rows.

/// Maximum number of segments on one tile (the four-way junction X has 8).
pub const MAX_SEGMENTS: usize = 8;

/// Sentinel for "no segment" in lookup tables.
pub(crate) const NO_SEG: u8 = u8::MAX;

/// For each board side, its two half-sides in a fixed order (west→east for N/S, north→south
/// for E/W), so that half-side `k` of a side meets half-side `k` of the opposite side across it.
pub(crate) const SIDE_HALVES: [[usize; 2]; 4] = [[7, 0], [1, 2], [4, 3], [6, 5]];

/// Precomputed per-type lookup tables (canonical orientation).
#[derive(Clone, Copy)]
pub(crate) struct TypeInfo {
    /// Packed edges per rotation: 2 bits per board side (`N` lowest).
    pub packed: [u8; 4],
    /// Segment owning each canonical side (road/city), or `NO_SEG`.
    pub side_seg: [u8; 4],
    /// Field segment owning each canonical half-side, or `NO_SEG`.
    pub half_seg: [u8; 8],
    /// Number of segments.
    pub nseg: u8,
    /// Monastery segment index, or `NO_SEG`.
    pub monastery: u8,
    /// The garden's node index on its tile (`nseg`: one node after the segments), or `NO_SEG`.
    /// It scores like a monastery (its kind in `kinds` is [`FeatureKind::Monastery`]).
    pub garden: u8,
    /// Union-find nodes per tile: the segments, and the garden if any.
    pub nodes: u8,
    /// Open ends of each segment when the tile stands alone (sides for road/city, half-sides
    /// for fields, 0 for the monastery).
    pub open: [u8; MAX_SEGMENTS],
    /// Kind of each segment.
    pub kinds: [FeatureKind; MAX_SEGMENTS],
    /// Bit mask of segments that are roads or cities.
    pub rc_mask: u8,
    /// Bit mask of city segments with a coat of arms.
    pub shield_mask: u8,
    /// Bit mask of road segments with an inn and city segments with a cathedral.
    pub inn_cathedral_mask: u8,
    /// Fields: city segments touched (bit mask of segment indices).
    pub cities: [u8; MAX_SEGMENTS],
}

const fn build_info(t: &TileDef) -> TypeInfo {
    let mut packed = [0u8; 4];
    let mut r = 0;
    while r < 4 {
        let mut s = 0;
        let mut p = 0u8;
        while s < 4 {
            // board side (s + r) shows canonical side s
            p |= t.edges[s].code() << (2 * ((s + r) & 3));
            s += 1;
        }
        packed[r] = p;
        r += 1;
    }
    let mut side_seg = [NO_SEG; 4];
    let mut half_seg = [NO_SEG; 8];
    let mut open = [0u8; MAX_SEGMENTS];
    let mut kinds = [FeatureKind::Field; MAX_SEGMENTS];
    let mut monastery = NO_SEG;
    let mut rc_mask = 0u8;
    let mut shield_mask = 0u8;
    let mut inn_cathedral_mask = 0u8;
    let mut cities = [0u8; MAX_SEGMENTS];
    let mut i = 0;
    while i < t.segments.len() && i < MAX_SEGMENTS {
        let seg = t.segments[i];
        kinds[i] = seg.kind;
        cities[i] = seg.cities;
        match seg.kind {
            FeatureKind::Road | FeatureKind::City => {
                rc_mask |= 1 << i;
                if seg.modifiers.contains(Modifiers::SHIELD) {
                    shield_mask |= 1 << i;
                }
                if seg.modifiers.contains(Modifiers::INN)
                    || seg.modifiers.contains(Modifiers::CATHEDRAL)
                {
                    inn_cathedral_mask |= 1 << i;
                }
                let mut s = 0;
                while s < 4 {
                    if seg.sides & (1 << s) != 0 {
                        side_seg[s] = i as u8;
                        open[i] += 1;
                    }
                    s += 1;
                }
            }
            FeatureKind::Field => {
                let mut h = 0;
                while h < 8 {
                    if seg.half_sides & (1 << h) != 0 && t.half_side_exists(h) {
                        half_seg[h] = i as u8;
                        open[i] += 1;
                    }
                    h += 1;
                }
            }
            FeatureKind::Monastery => monastery = i as u8,
        }
        i += 1;
    }
    // the garden: a node after the segments, scored like a monastery
    let (garden, nodes) = if t.garden && i < MAX_SEGMENTS {
        kinds[i] = FeatureKind::Monastery;
        (i as u8, i as u8 + 1)
    } else {
        (NO_SEG, i as u8)
    };
    TypeInfo {
        packed,
        side_seg,
        half_seg,
        nseg: i as u8,
        monastery,
        garden,
        nodes,
        open,
        kinds,
        rc_mask,
        shield_mask,
        inn_cathedral_mask,
        cities,
    }
}

const fn build_infos() -> [TypeInfo; TILES.len()] {
    let mut out = [build_info(&TILES[0]); TILES.len()];
    let mut i = 1;
    while i < TILES.len() {
        out[i] = build_info(&TILES[i]);
        i += 1;
    }
    out
}

pub(crate) static INFO: [TypeInfo; TILES.len()] = build_infos();

/// A tile type of the catalogue: an index into [`TILES`]. The base types have associated
/// constants lettered as in `docs/tiles.md` (`TileType::A` … `TileType::X`), usable in patterns.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileType(u8);

macro_rules! tile_consts {
    ($($name:ident = $index:literal),* $(,)?) => {
        impl TileType {
            $(
                #[doc = concat!("Tile `", stringify!($name), "` of `docs/tiles.md`.")]
                pub const $name: TileType = TileType($index);
            )*
        }
    };
}

tile_consts! {
    A = 0, B = 1, C = 2, D = 3, E = 4, F = 5, G = 6, H = 7, I = 8, J = 9, K = 10, L = 11,
    M = 12, N = 13, O = 14, P = 15, Q = 16, R = 17, S = 18, T = 19, U = 20, V = 21, W = 22,
    X = 23,
}

const fn all_types() -> [TileType; TILES.len()] {
    let mut out = [TileType(0); TILES.len()];
    let mut i = 0;
    while i < TILES.len() {
        out[i] = TileType(i as u8);
        i += 1;
    }
    out
}

/// [`TileType::shares_count`] of every type, by index.
const SHARES_COUNT: [bool; TILES.len()] = {
    let mut out = [false; TILES.len()];
    let mut i = 0;
    while i < TILES.len() {
        let family = TileType(i as u8).family().0 as usize;
        if family != i {
            out[i] = true;
            out[family] = true;
        }
        i += 1;
    }
    out
};

/// Total tiles in the base box (72): the counts of the base rows.
pub const TOTAL_TILES: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < TILES.len() {
        if matches!(TILES[i].set, TileSet::Base) {
            n += TILES[i].count as usize;
        }
        i += 1;
    }
    n
};

impl TileType {
    /// Every type of the catalogue, in table order (the base types first, in letter order).
    pub const ALL: [TileType; TILES.len()] = all_types();

    /// The types of `set`, in table order (`TileSet::Base`: the 24 types of `tiles.md`).
    pub fn of_set(set: TileSet) -> impl Iterator<Item = TileType> {
        TileType::ALL.into_iter().filter(move |t| t.set() == set)
    }

    /// The base type whose copies this type shares a count with: for a garden tile of The
    /// Abbot (`Eg`) its base type (`E`: E + Eg ≤ 5), for every other type itself.
    pub const fn family(self) -> TileType {
        match self.set() {
            // a garden tile's token starts with its base type's letter, and the base types
            // are lettered in table order (`Eg` → `E`, index 4)
            TileSet::Abbot => TileType(self.token().as_bytes()[0] - b'A'),
            _ => self,
        }
    }

    /// Whether this type shares its count with other types (a base type with garden twins,
    /// `E` with `Eg`, or a garden tile): then [`TileType::family`] counts them together.
    pub const fn shares_count(self) -> bool {
        SHARES_COUNT[self.0 as usize]
    }

    /// The start tile (one of the four D tiles).
    pub const START: TileType = TileType::D;

    /// Index in the catalogue table.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The type written `token` (`D`, `Eg`, `ic.A` …), case-sensitive; an other name of
    /// [`crate::catalogue::ALIASES`] (`r.F`) gives its row's type.
    pub fn from_token(token: &str) -> Option<TileType> {
        let token = crate::catalogue::ALIASES
            .iter()
            .find(|(alias, _)| *alias == token)
            .map_or(token, |(_, row)| row);
        if let [b @ b'A'..=b'Z'] = token.as_bytes() {
            // the base types are lettered in table order
            let i = usize::from(b - b'A');
            return TILES
                .get(i)
                .filter(|t| t.token == token)
                .map(|_| TileType(i as u8));
        }
        TILES
            .iter()
            .position(|t| t.token == token)
            .map(|i| TileType(i as u8))
    }

    /// The type of a one-letter token (`A`–`X`).
    pub fn from_letter(letter: char) -> Option<TileType> {
        let mut buf = [0; 4];
        TileType::from_token(letter.encode_utf8(&mut buf))
    }

    /// The row of the catalogue.
    pub fn def(self) -> &'static TileDef {
        &TILES[self.0 as usize]
    }

    /// The token as the notation writes it (`D`, `ic.A`).
    pub const fn token(self) -> &'static str {
        TILES[self.0 as usize].token
    }

    /// The first character of the token: the letter of a base type.
    pub const fn letter(self) -> char {
        TILES[self.0 as usize].token.as_bytes()[0] as char
    }

    /// The name.
    pub const fn name(self) -> &'static str {
        TILES[self.0 as usize].name
    }

    /// How many tiles of this type the set holds (the start tile counts among the D tiles).
    pub const fn count(self) -> u8 {
        TILES[self.0 as usize].count
    }

    /// The box or expansion the type comes from.
    pub const fn set(self) -> TileSet {
        TILES[self.0 as usize].set
    }

    /// Whether the tile carries a coat of arms (on one of its cities).
    pub const fn has_shield(self) -> bool {
        INFO[self.0 as usize].shield_mask != 0
    }

    /// Whether the tile holds a monastery.
    pub const fn has_monastery(self) -> bool {
        INFO[self.0 as usize].monastery != NO_SEG
    }

    /// Whether the tile holds a garden.
    pub const fn has_garden(self) -> bool {
        TILES[self.0 as usize].garden
    }

    /// Whether the tile carries a tower foundation (The Tower's tiles).
    pub const fn has_foundation(self) -> bool {
        TILES[self.0 as usize].has_foundation()
    }

    /// The edges in board directions after `rot`, indexed by [`Side::index`] (`N E S W`).
    pub const fn edges(self, rot: Rotation) -> [Edge; 4] {
        let e = TILES[self.0 as usize].edges;
        let r = rot as usize;
        [
            e[(4 - r) & 3],
            e[(5 - r) & 3],
            e[(6 - r) & 3],
            e[(7 - r) & 3],
        ]
    }

    /// The edge on board side `side` after `rot`.
    pub const fn edge(self, rot: Rotation, side: Side) -> Edge {
        TILES[self.0 as usize].edges[(side as usize + 4 - rot as usize) & 3]
    }

    /// Number of segments on the tile.
    pub const fn segment_count(self) -> usize {
        INFO[self.0 as usize].nseg as usize
    }

    /// Segment `index` after `rot` (`None` when out of range).
    pub fn segment(self, rot: Rotation, index: usize) -> Option<SegmentDef> {
        let def = self.def();
        let spec = def.segments.get(index)?;
        let places = match spec.kind {
            FeatureKind::Road | FeatureKind::City => PlaceSet(u16::from(spec.sides)),
            FeatureKind::Monastery => PlaceSet::EMPTY.with(Place::Centre),
            FeatureKind::Field => {
                // a corner belongs to the field when both of its half-sides do
                let mut p = PlaceSet::EMPTY;
                for c in Corner::ALL {
                    let halves = 0b11 << (2 * c.index());
                    if spec.half_sides & halves == halves {
                        p = p.with(Place::Corner(c));
                    }
                }
                p
            }
        };
        Some(SegmentDef {
            index: index as u8,
            kind: spec.kind,
            places: places.rotated(rot),
            cities: spec.cities,
            modifiers: spec.modifiers,
        })
    }

    /// The segments after `rot`, in catalogue order.
    pub fn segments(self, rot: Rotation) -> impl Iterator<Item = SegmentDef> {
        (0..self.segment_count()).filter_map(move |i| self.segment(rot, i))
    }

    /// The segment at board place `place` after `rot`, if any.
    pub fn segment_at(self, rot: Rotation, place: Place) -> Option<SegmentDef> {
        match place {
            Place::Half(h) => {
                // back to the row's orientation, then the field holding that half-side
                let h0 = HalfSide::ALL[(h.index() + 8 - 2 * rot.index()) & 7];
                self.def().field_at(h0).and_then(|i| self.segment(rot, i))
            }
            Place::Inner => {
                let i = self.def().segments.iter().position(|s| s.inner)?;
                self.segment(rot, i)
            }
            _ => self.segments(rot).find(|s| s.places.contains(place)),
        }
    }

    /// Whether corner `corner` (board directions, after `rot`) is split: both of its
    /// half-sides lie in fields, but in two different ones (`ic.G`'s SE). A farmer must then
    /// name a half-side.
    pub fn corner_split(self, rot: Rotation, corner: Corner) -> Option<[HalfSide; 2]> {
        let [a, b] = corner.half_sides();
        let field = |h: HalfSide| self.segment_at(rot, Place::Half(h)).map(|s| s.index);
        match (field(a), field(b)) {
            (Some(x), Some(y)) if x != y => Some([a, b]),
            _ => None,
        }
    }

    /// What is at board place `place` after `rot` (`None`: nothing there, e.g. a corner between
    /// two city sides, or the centre of a tile without monastery).
    pub fn place_feature(self, rot: Rotation, place: Place) -> Option<FeatureKind> {
        self.segment_at(rot, place).map(|s| s.kind)
    }

    pub(crate) fn info(self) -> &'static TypeInfo {
        &INFO[self.0 as usize]
    }
}

impl fmt::Display for TileType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

impl fmt::Debug for TileType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}
