//! The tile catalogue of `tiles.md`: the 24 base tile types, their edges and segments, and the
//! small vocabulary (sides, corners, rotations, colours, roles) the rest of the engine speaks.

use std::fmt;

/// A side of a tile or cell, in board directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// North (towards `y + 1`).
    N,
    /// East (towards `x + 1`).
    E,
    /// South (towards `y - 1`).
    S,
    /// West (towards `x - 1`).
    W,
}

impl Side {
    /// The four sides in the order `N E S W` (the index order of [`TileType::edges`]).
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    /// Index 0..4 in the order `N E S W`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side facing this one across a shared side (`N` ↔ `S`, `E` ↔ `W`).
    pub const fn opposite(self) -> Side {
        Side::ALL[(self as usize + 2) & 3]
    }

    /// The side this one becomes after turning the tile by `rot` clockwise.
    pub const fn rotated(self, rot: Rotation) -> Side {
        Side::ALL[(self as usize + rot as usize) & 3]
    }

    /// Upper-case letter `N`, `E`, `S` or `W`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Side::N => "N",
            Side::E => "E",
            Side::S => "S",
            Side::W => "W",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A corner of a tile, naming the fields: corner `NE` is the east half of side N plus the north
/// half of side E.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Corner {
    /// North-east.
    NE,
    /// South-east.
    SE,
    /// South-west.
    SW,
    /// North-west.
    NW,
}

impl Corner {
    /// The four corners in the order `NE SE SW NW`.
    pub const ALL: [Corner; 4] = [Corner::NE, Corner::SE, Corner::SW, Corner::NW];

    /// Index 0..4 in the order `NE SE SW NW`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The corner this one becomes after turning the tile by `rot` clockwise.
    pub const fn rotated(self, rot: Rotation) -> Corner {
        Corner::ALL[(self as usize + rot as usize) & 3]
    }

    /// Upper-case name `NE`, `SE`, `SW` or `NW`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Corner::NE => "NE",
            Corner::SE => "SE",
            Corner::SW => "SW",
            Corner::NW => "NW",
        }
    }
}

impl fmt::Display for Corner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a side of a tile shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edge {
    /// A city side (`C`).
    City,
    /// A road side (`R`), with a field half on each side of the road.
    Road,
    /// A field side (`F`).
    Field,
}

impl Edge {
    /// The letter `C`, `R` or `F` of `tiles.md`.
    pub const fn letter(self) -> char {
        match self {
            Edge::City => 'C',
            Edge::Road => 'R',
            Edge::Field => 'F',
        }
    }

    /// Lower-case word `city`, `road` or `field`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Edge::City => "city",
            Edge::Road => "road",
            Edge::Field => "field",
        }
    }

    /// Two-bit code used in packed edge masks (never 0).
    pub(crate) const fn code(self) -> u8 {
        match self {
            Edge::City => 1,
            Edge::Road => 2,
            Edge::Field => 3,
        }
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A clockwise rotation of a tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rotation {
    /// Canonical orientation.
    R0,
    /// 90° clockwise: what was on N is on E.
    R90,
    /// 180°.
    R180,
    /// 270° clockwise.
    R270,
}

impl Rotation {
    /// The four rotations in increasing order.
    pub const ALL: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];

    /// 0, 90, 180 or 270.
    pub const fn degrees(self) -> u16 {
        self as u16 * 90
    }

    /// The rotation of `degrees` (0, 90, 180 or 270; anything else is `None`).
    pub const fn from_degrees(degrees: u32) -> Option<Rotation> {
        match degrees {
            0 => Some(Rotation::R0),
            90 => Some(Rotation::R90),
            180 => Some(Rotation::R180),
            270 => Some(Rotation::R270),
            _ => None,
        }
    }

    /// Index 0..4 (quarter turns).
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}", self.degrees())
    }
}

/// A player colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Red.
    Red,
    /// Blue.
    Blue,
    /// Green.
    Green,
    /// Yellow.
    Yellow,
    /// Black.
    Black,
}

impl Color {
    /// The five colours.
    pub const ALL: [Color; 5] = [
        Color::Red,
        Color::Blue,
        Color::Green,
        Color::Yellow,
        Color::Black,
    ];

    /// Index 0..5 in the order of [`Color::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case word: `red`, `blue`, `green`, `yellow`, `black`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
            Color::Green => "green",
            Color::Yellow => "yellow",
            Color::Black => "black",
        }
    }

    /// The colour of a lower-case word (`"red"` …).
    pub fn from_word(word: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.as_str() == word)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The kind of a feature (and of a tile segment).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FeatureKind {
    /// A road.
    Road,
    /// A city.
    City,
    /// A monastery.
    Monastery,
    /// A field.
    Field,
}

impl FeatureKind {
    /// Lower-case word `road`, `city`, `monastery`, `field`.
    pub const fn as_str(self) -> &'static str {
        match self {
            FeatureKind::Road => "road",
            FeatureKind::City => "city",
            FeatureKind::Monastery => "monastery",
            FeatureKind::Field => "field",
        }
    }

    /// The role a meeple takes on this kind of feature.
    pub const fn role(self) -> Role {
        match self {
            FeatureKind::Road => Role::Traveller,
            FeatureKind::City => Role::Knight,
            FeatureKind::Monastery => Role::Monk,
            FeatureKind::Field => Role::Farmer,
        }
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The role of a meeple, which fixes the kind of feature it stands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// On a city.
    Knight,
    /// On a road.
    Traveller,
    /// On a monastery.
    Monk,
    /// On a field.
    Farmer,
}

impl Role {
    /// The four roles.
    pub const ALL: [Role; 4] = [Role::Knight, Role::Traveller, Role::Monk, Role::Farmer];

    /// The kind of feature this role occupies.
    pub const fn kind(self) -> FeatureKind {
        match self {
            Role::Knight => FeatureKind::City,
            Role::Traveller => FeatureKind::Road,
            Role::Monk => FeatureKind::Monastery,
            Role::Farmer => FeatureKind::Field,
        }
    }

    /// Lower-case word `knight`, `traveller`, `monk`, `farmer`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Role::Knight => "knight",
            Role::Traveller => "traveller",
            Role::Monk => "monk",
            Role::Farmer => "farmer",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A place on a tile in board directions (after rotation): a side for a city or road, a corner
/// for a field, the centre for a monastery.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    /// A side (cities and roads).
    Side(Side),
    /// A corner (fields).
    Corner(Corner),
    /// The centre (the monastery).
    Centre,
}

impl Place {
    /// Bit of this place in a [`PlaceSet`].
    const fn bit(self) -> u16 {
        match self {
            Place::Side(s) => 1 << s as u16,
            Place::Corner(c) => 1 << (4 + c as u16),
            Place::Centre => 1 << 8,
        }
    }

    /// The place after turning the tile by `rot` clockwise.
    pub const fn rotated(self, rot: Rotation) -> Place {
        match self {
            Place::Side(s) => Place::Side(s.rotated(rot)),
            Place::Corner(c) => Place::Corner(c.rotated(rot)),
            Place::Centre => Place::Centre,
        }
    }

    /// Notation word: `N`, `NE`, …, or `centre`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Place::Side(s) => s.as_str(),
            Place::Corner(c) => c.as_str(),
            Place::Centre => "centre",
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A set of places on one tile (bits: sides `N E S W`, corners `NE SE SW NW`, centre).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PlaceSet(u16);

impl PlaceSet {
    /// The empty set.
    pub const EMPTY: PlaceSet = PlaceSet(0);

    /// Whether `place` is in the set.
    pub const fn contains(self, place: Place) -> bool {
        self.0 & place.bit() != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of places in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The set with `place` added.
    pub const fn with(self, place: Place) -> PlaceSet {
        PlaceSet(self.0 | place.bit())
    }

    /// The set turned by `rot` clockwise.
    pub const fn rotated(self, rot: Rotation) -> PlaceSet {
        let r = rot as u16;
        let sides = self.0 & 0xF;
        let corners = (self.0 >> 4) & 0xF;
        let rs = ((sides << r) | (sides >> (4 - r))) & 0xF;
        let rc = ((corners << r) | (corners >> (4 - r))) & 0xF;
        PlaceSet(rs | (rc << 4) | (self.0 & 0x100))
    }

    /// The places of the set in the order `N E S W NE SE SW NW centre`.
    pub fn iter(self) -> impl Iterator<Item = Place> {
        let all = [
            Place::Side(Side::N),
            Place::Side(Side::E),
            Place::Side(Side::S),
            Place::Side(Side::W),
            Place::Corner(Corner::NE),
            Place::Corner(Corner::SE),
            Place::Corner(Corner::SW),
            Place::Corner(Corner::NW),
            Place::Centre,
        ];
        all.into_iter().filter(move |p| self.contains(*p))
    }

    /// The first place in the order of [`PlaceSet::iter`] (the canonical place of a segment).
    pub fn first(self) -> Option<Place> {
        self.iter().next()
    }

    /// The sides in the set.
    pub fn sides(self) -> impl Iterator<Item = Side> {
        Side::ALL
            .into_iter()
            .filter(move |s| self.0 & (1 << *s as u16) != 0)
    }

    /// The corners in the set.
    pub fn corners(self) -> impl Iterator<Item = Corner> {
        Corner::ALL
            .into_iter()
            .filter(move |c| self.0 & (1 << (4 + *c as u16)) != 0)
    }
}

impl fmt::Display for PlaceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for p in self.iter() {
            if !first {
                f.write_str(",")?;
            }
            first = false;
            f.write_str(p.as_str())?;
        }
        Ok(())
    }
}

/// One segment of a tile: a city, road, field or monastery as printed on that tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SegmentDef {
    /// Index of the segment on its tile (stable across rotations; `0..segment_count`).
    pub index: u8,
    /// What the segment is.
    pub kind: FeatureKind,
    /// Where it is, in board directions after rotation: sides for a road or city, corners for a
    /// field, the centre for a monastery.
    pub places: PlaceSet,
    /// Fields only: bit `i` set when the field touches the city segment with index `i` of the
    /// same tile.
    pub cities: u8,
}

impl SegmentDef {
    /// Fields only: the indices of the city segments of the same tile this field touches.
    pub fn touched_cities(&self) -> impl Iterator<Item = u8> {
        let c = self.cities;
        (0..8u8).filter(move |i| c & (1 << i) != 0)
    }
}

// ---------------------------------------------------------------------------------------------
// The static catalogue.

/// Raw segment in canonical orientation.
#[derive(Clone, Copy)]
struct RawSeg {
    kind: FeatureKind,
    places: u16,
    cities: u8,
}

const fn city(places: u16) -> RawSeg {
    RawSeg {
        kind: FeatureKind::City,
        places,
        cities: 0,
    }
}
const fn road(places: u16) -> RawSeg {
    RawSeg {
        kind: FeatureKind::Road,
        places,
        cities: 0,
    }
}
const MONASTERY: RawSeg = RawSeg {
    kind: FeatureKind::Monastery,
    places: 0x100,
    cities: 0,
};
const NE: u16 = 1 << 4;
const SE: u16 = 1 << 5;
const SW: u16 = 1 << 6;
const NW: u16 = 1 << 7;
const N: u16 = 1;
const E: u16 = 2;
const S: u16 = 4;
const W: u16 = 8;
const fn field(corners: u16, cities: u8) -> RawSeg {
    RawSeg {
        kind: FeatureKind::Field,
        places: corners,
        cities,
    }
}

struct RawTile {
    letter: char,
    name: &'static str,
    count: u8,
    edges: [Edge; 4],
    shield: bool,
    segs: &'static [RawSeg],
}

use Edge::{City as C, Field as F, Road as R};

const ALL_CORNERS: u16 = NE | SE | SW | NW;

static RAW: [RawTile; 24] = [
    RawTile {
        letter: 'A',
        name: "Monastery with road",
        count: 2,
        edges: [F, F, R, F],
        shield: false,
        segs: &[MONASTERY, road(S), field(ALL_CORNERS, 0)],
    },
    RawTile {
        letter: 'B',
        name: "Monastery",
        count: 4,
        edges: [F, F, F, F],
        shield: false,
        segs: &[MONASTERY, field(ALL_CORNERS, 0)],
    },
    RawTile {
        letter: 'C',
        name: "Four-sided city",
        count: 1,
        edges: [C, C, C, C],
        shield: true,
        segs: &[city(N | E | S | W)],
    },
    RawTile {
        letter: 'D',
        name: "City cap and straight road (start tile)",
        count: 4,
        edges: [C, R, F, R],
        shield: false,
        segs: &[city(N), road(E | W), field(NE | NW, 1), field(SE | SW, 0)],
    },
    RawTile {
        letter: 'E',
        name: "Single city cap",
        count: 5,
        edges: [C, F, F, F],
        shield: false,
        segs: &[city(N), field(ALL_CORNERS, 1)],
    },
    RawTile {
        letter: 'F',
        name: "City across the tile",
        count: 2,
        edges: [F, C, F, C],
        shield: true,
        segs: &[city(E | W), field(NE | NW, 1), field(SE | SW, 1)],
    },
    RawTile {
        letter: 'G',
        name: "City across the tile",
        count: 1,
        edges: [F, C, F, C],
        shield: false,
        segs: &[city(E | W), field(NE | NW, 1), field(SE | SW, 1)],
    },
    RawTile {
        letter: 'H',
        name: "Two separate cities, opposite sides",
        count: 3,
        edges: [F, C, F, C],
        shield: false,
        segs: &[city(E), city(W), field(ALL_CORNERS, 0b11)],
    },
    RawTile {
        letter: 'I',
        name: "Two separate cities, adjacent sides",
        count: 2,
        edges: [C, F, F, C],
        shield: false,
        segs: &[city(N), city(W), field(NE | SE | SW, 0b11)],
    },
    RawTile {
        letter: 'J',
        name: "City cap and right-hand curved road",
        count: 3,
        edges: [C, R, R, F],
        shield: false,
        segs: &[city(N), road(E | S), field(SE, 0), field(NE | SW | NW, 1)],
    },
    RawTile {
        letter: 'K',
        name: "City cap and left-hand curved road",
        count: 3,
        edges: [C, F, R, R],
        shield: false,
        segs: &[city(N), road(S | W), field(SW, 0), field(NE | SE | NW, 1)],
    },
    RawTile {
        letter: 'L',
        name: "City cap and three-way junction",
        count: 3,
        edges: [C, R, R, R],
        shield: false,
        segs: &[
            city(N),
            road(E),
            road(S),
            road(W),
            field(NE | NW, 1),
            field(SE, 0),
            field(SW, 0),
        ],
    },
    RawTile {
        letter: 'M',
        name: "Adjacent city sides, joined",
        count: 2,
        edges: [C, F, F, C],
        shield: true,
        segs: &[city(N | W), field(NE | SE | SW, 1)],
    },
    RawTile {
        letter: 'N',
        name: "Adjacent city sides, joined",
        count: 3,
        edges: [C, F, F, C],
        shield: false,
        segs: &[city(N | W), field(NE | SE | SW, 1)],
    },
    RawTile {
        letter: 'O',
        name: "Adjacent city sides and curved road",
        count: 2,
        edges: [C, R, R, C],
        shield: true,
        segs: &[city(N | W), road(E | S), field(SE, 0), field(NE | SW, 1)],
    },
    RawTile {
        letter: 'P',
        name: "Adjacent city sides and curved road",
        count: 3,
        edges: [C, R, R, C],
        shield: false,
        segs: &[city(N | W), road(E | S), field(SE, 0), field(NE | SW, 1)],
    },
    RawTile {
        letter: 'Q',
        name: "Three-sided city",
        count: 1,
        edges: [C, C, F, C],
        shield: true,
        segs: &[city(N | E | W), field(SE | SW, 1)],
    },
    RawTile {
        letter: 'R',
        name: "Three-sided city",
        count: 3,
        edges: [C, C, F, C],
        shield: false,
        segs: &[city(N | E | W), field(SE | SW, 1)],
    },
    RawTile {
        letter: 'S',
        name: "Three-sided city and road",
        count: 2,
        edges: [C, C, R, C],
        shield: true,
        segs: &[city(N | E | W), road(S), field(SE, 1), field(SW, 1)],
    },
    RawTile {
        letter: 'T',
        name: "Three-sided city and road",
        count: 1,
        edges: [C, C, R, C],
        shield: false,
        segs: &[city(N | E | W), road(S), field(SE, 1), field(SW, 1)],
    },
    RawTile {
        letter: 'U',
        name: "Straight road",
        count: 8,
        edges: [R, F, R, F],
        shield: false,
        segs: &[road(N | S), field(NE | SE, 0), field(SW | NW, 0)],
    },
    RawTile {
        letter: 'V',
        name: "Curved road",
        count: 9,
        edges: [F, F, R, R],
        shield: false,
        segs: &[road(S | W), field(SW, 0), field(NE | SE | NW, 0)],
    },
    RawTile {
        letter: 'W',
        name: "Three-way junction",
        count: 4,
        edges: [F, R, R, R],
        shield: false,
        segs: &[
            road(E),
            road(S),
            road(W),
            field(NE | NW, 0),
            field(SE, 0),
            field(SW, 0),
        ],
    },
    RawTile {
        letter: 'X',
        name: "Four-way junction",
        count: 1,
        edges: [R, R, R, R],
        shield: false,
        segs: &[
            road(N),
            road(E),
            road(S),
            road(W),
            field(NE, 0),
            field(SE, 0),
            field(SW, 0),
            field(NW, 0),
        ],
    },
];

/// Maximum number of segments on one tile (the four-way junction X has 8).
pub const MAX_SEGMENTS: usize = 8;

/// Sentinel for "no segment" in lookup tables.
pub(crate) const NO_SEG: u8 = u8::MAX;

/// Precomputed per-type lookup tables (canonical orientation).
#[derive(Clone, Copy)]
pub(crate) struct TypeInfo {
    /// Packed edges per rotation: 2 bits per board side (`N` lowest).
    pub packed: [u8; 4],
    /// Segment owning each canonical side (road/city), or `NO_SEG`.
    pub side_seg: [u8; 4],
    /// Field segment owning each canonical corner, or `NO_SEG`.
    pub corner_seg: [u8; 4],
    /// Number of segments.
    pub nseg: u8,
    /// Monastery segment index, or `NO_SEG`.
    pub monastery: u8,
    /// Open ends of each segment when the tile stands alone (sides for road/city, half-sides
    /// for fields, 0 for the monastery).
    pub open: [u8; MAX_SEGMENTS],
    /// Kind of each segment.
    pub kinds: [FeatureKind; MAX_SEGMENTS],
    /// Bit mask of segments that are roads or cities.
    pub rc_mask: u8,
    /// Fields: city segments touched (bit mask of segment indices).
    pub cities: [u8; MAX_SEGMENTS],
}

const fn build_info(t: &RawTile) -> TypeInfo {
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
    let mut corner_seg = [NO_SEG; 4];
    let mut open = [0u8; MAX_SEGMENTS];
    let mut kinds = [FeatureKind::Field; MAX_SEGMENTS];
    let mut monastery = NO_SEG;
    let mut rc_mask = 0u8;
    let mut cities = [0u8; MAX_SEGMENTS];
    let mut i = 0;
    while i < t.segs.len() {
        let seg = t.segs[i];
        kinds[i] = seg.kind;
        cities[i] = seg.cities;
        match seg.kind {
            FeatureKind::Road | FeatureKind::City => {
                rc_mask |= 1 << i;
                let mut s = 0;
                while s < 4 {
                    if seg.places & (1 << s) != 0 {
                        side_seg[s] = i as u8;
                        open[i] += 1;
                    }
                    s += 1;
                }
            }
            FeatureKind::Field => {
                let mut c = 0;
                while c < 4 {
                    if seg.places & (1 << (4 + c)) != 0 {
                        corner_seg[c] = i as u8;
                        // corner c lies on sides c (N for NE) and c+1 (E for NE)
                        if !matches!(t.edges[c], Edge::City) {
                            open[i] += 1;
                        }
                        if !matches!(t.edges[(c + 1) & 3], Edge::City) {
                            open[i] += 1;
                        }
                    }
                    c += 1;
                }
            }
            FeatureKind::Monastery => monastery = i as u8,
        }
        i += 1;
    }
    TypeInfo {
        packed,
        side_seg,
        corner_seg,
        nseg: t.segs.len() as u8,
        monastery,
        open,
        kinds,
        rc_mask,
        cities,
    }
}

const fn build_infos() -> [TypeInfo; 24] {
    let mut out = [build_info(&RAW[0]); 24];
    let mut i = 1;
    while i < 24 {
        out[i] = build_info(&RAW[i]);
        i += 1;
    }
    out
}

pub(crate) static INFO: [TypeInfo; 24] = build_infos();

/// One of the 24 base tile types, lettered `A`–`X` as in `tiles.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum TileType {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
    J,
    K,
    L,
    M,
    N,
    O,
    P,
    Q,
    R,
    S,
    T,
    U,
    V,
    W,
    X,
}

impl TileType {
    /// All 24 types in letter order.
    pub const ALL: [TileType; 24] = {
        use TileType::*;
        [
            A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X,
        ]
    };

    /// The start tile (one of the four D tiles).
    pub const START: TileType = TileType::D;

    /// Index 0..24 in letter order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The type of an upper-case letter `A`–`X`.
    pub fn from_letter(letter: char) -> Option<TileType> {
        let i = (letter as u32).checked_sub('A' as u32)? as usize;
        TileType::ALL.get(i).copied()
    }

    /// The type's letter.
    pub const fn letter(self) -> char {
        RAW[self as usize].letter
    }

    /// The name from `tiles.md`.
    pub const fn name(self) -> &'static str {
        RAW[self as usize].name
    }

    /// How many tiles of this type the box holds (the start tile counts among the D tiles).
    pub const fn count(self) -> u8 {
        RAW[self as usize].count
    }

    /// Whether the tile carries a coat of arms (on its only city).
    pub const fn has_shield(self) -> bool {
        RAW[self as usize].shield
    }

    /// Whether the tile holds a monastery.
    pub const fn has_monastery(self) -> bool {
        INFO[self as usize].monastery != NO_SEG
    }

    /// The edges in board directions after `rot`, indexed by [`Side::index`] (`N E S W`).
    pub const fn edges(self, rot: Rotation) -> [Edge; 4] {
        let e = RAW[self as usize].edges;
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
        RAW[self as usize].edges[(side as usize + 4 - rot as usize) & 3]
    }

    /// Number of segments on the tile.
    pub const fn segment_count(self) -> usize {
        RAW[self as usize].segs.len()
    }

    /// Segment `index` after `rot` (`None` when out of range).
    pub fn segment(self, rot: Rotation, index: usize) -> Option<SegmentDef> {
        let raw = RAW[self as usize].segs.get(index)?;
        Some(SegmentDef {
            index: index as u8,
            kind: raw.kind,
            places: PlaceSet(raw.places).rotated(rot),
            cities: raw.cities,
        })
    }

    /// The segments after `rot`, in catalogue order.
    pub fn segments(self, rot: Rotation) -> impl Iterator<Item = SegmentDef> {
        (0..self.segment_count()).filter_map(move |i| self.segment(rot, i))
    }

    /// The segment at board place `place` after `rot`, if any.
    pub fn segment_at(self, rot: Rotation, place: Place) -> Option<SegmentDef> {
        self.segments(rot).find(|s| s.places.contains(place))
    }

    /// What is at board place `place` after `rot` (`None`: nothing there, e.g. a corner between
    /// two city sides, or the centre of a tile without monastery).
    pub fn place_feature(self, rot: Rotation, place: Place) -> Option<FeatureKind> {
        self.segment_at(rot, place).map(|s| s.kind)
    }

    pub(crate) fn info(self) -> &'static TypeInfo {
        &INFO[self as usize]
    }
}

impl fmt::Display for TileType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Total tiles in the box (72).
pub const TOTAL_TILES: usize = 72;
