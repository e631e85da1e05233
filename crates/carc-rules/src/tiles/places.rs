//! The small vocabulary the engine speaks: sides, corners, half-sides, edges, rotations,
//! colours, feature kinds, roles, places, and a tile's segments in board directions.

use std::fmt;

use crate::catalogue::{Modifiers, TileSet};

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
    /// The four sides in the order `N E S W` (the index order of [`crate::TileType::edges`]).
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

/// Half of a side of a tile, named on the 16-point compass: `NNE` is the east half of side N,
/// `ENE` the north half of side E, and so on clockwise. A corner is its two half-sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HalfSide {
    /// East half of side N.
    NNE,
    /// North half of side E.
    ENE,
    /// South half of side E.
    ESE,
    /// East half of side S.
    SSE,
    /// West half of side S.
    SSW,
    /// South half of side W.
    WSW,
    /// North half of side W.
    WNW,
    /// West half of side N.
    NNW,
}

impl HalfSide {
    /// The eight half-sides clockwise from `NNE`.
    pub const ALL: [HalfSide; 8] = [
        HalfSide::NNE,
        HalfSide::ENE,
        HalfSide::ESE,
        HalfSide::SSE,
        HalfSide::SSW,
        HalfSide::WSW,
        HalfSide::WNW,
        HalfSide::NNW,
    ];

    /// Index 0..8 in the order of [`HalfSide::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side it lies on.
    pub const fn side(self) -> Side {
        Side::ALL[(self as usize).div_ceil(2) & 3]
    }

    /// The corner it belongs to.
    pub const fn corner(self) -> Corner {
        Corner::ALL[self as usize / 2]
    }

    /// The half-side this one becomes after turning the tile by `rot` clockwise.
    pub const fn rotated(self, rot: Rotation) -> HalfSide {
        HalfSide::ALL[(self as usize + 2 * rot as usize) & 7]
    }

    /// Upper-case name `NNE` … `NNW`.
    pub const fn as_str(self) -> &'static str {
        match self {
            HalfSide::NNE => "NNE",
            HalfSide::ENE => "ENE",
            HalfSide::ESE => "ESE",
            HalfSide::SSE => "SSE",
            HalfSide::SSW => "SSW",
            HalfSide::WSW => "WSW",
            HalfSide::WNW => "WNW",
            HalfSide::NNW => "NNW",
        }
    }
}

impl fmt::Display for HalfSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Corner {
    /// Its two half-sides, clockwise (`NE` is `NNE`, `ENE`).
    pub const fn half_sides(self) -> [HalfSide; 2] {
        [
            HalfSide::ALL[2 * self as usize],
            HalfSide::ALL[2 * self as usize + 1],
        ]
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
    /// A river side (`I`, The River): it matches only a river side, and like a road it has a
    /// field half on each side of the water.
    River,
}

impl Edge {
    /// The letter `C`, `R` or `F` of `docs/tiles.md` (`I` for a river).
    pub const fn letter(self) -> char {
        match self {
            Edge::City => 'C',
            Edge::Road => 'R',
            Edge::Field => 'F',
            Edge::River => 'I',
        }
    }

    /// Lower-case word `city`, `road`, `field` or `river`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Edge::City => "city",
            Edge::Road => "road",
            Edge::Field => "field",
            Edge::River => "river",
        }
    }

    /// Two-bit code used in packed edge masks (whether a side is constrained at all is kept
    /// apart, so the river may use 0).
    pub(crate) const fn code(self) -> u8 {
        match self {
            Edge::River => 0,
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
    /// Pink: the sixth colour, of Inns & Cathedrals (see [`Color::set`]).
    Pink,
}

impl Color {
    /// How many colours there are: the size of every table indexed by [`Color::index`].
    pub const COUNT: usize = 6;

    /// The colours, in the order of the notation's lists.
    pub const ALL: [Color; Color::COUNT] = [
        Color::Red,
        Color::Blue,
        Color::Green,
        Color::Yellow,
        Color::Black,
        Color::Pink,
    ];

    /// Index `0..Color::COUNT` in the order of [`Color::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour words of the notation, in the order of [`Color::ALL`]: the one list every
    /// crate parses, completes and prints colours with.
    pub const WORDS: [&'static str; Color::COUNT] =
        ["red", "blue", "green", "yellow", "black", "pink"];

    /// Lower-case word: `red`, `blue`, `green`, `yellow`, `black`, `pink`.
    pub const fn as_str(self) -> &'static str {
        Color::WORDS[self.index()]
    }

    /// The set whose box holds this colour's figures: the base game for the first five,
    /// Inns & Cathedrals for `pink` (a game with pink needs `rules inns-cathedrals`).
    pub const fn set(self) -> TileSet {
        COLOUR_SETS[self as usize]
    }

    /// The colours a game with the sets `sets` may use, in [`Color::ALL`] order: the five of
    /// the base game, and pink with Inns & Cathedrals.
    pub fn allowed(sets: &[TileSet]) -> impl Iterator<Item = Color> + '_ {
        Color::ALL
            .into_iter()
            .filter(|c| c.set() == TileSet::Base || sets.contains(&c.set()))
    }

    /// The colour of a lower-case word (`"red"` …).
    pub fn from_word(word: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.as_str() == word)
    }
}

/// [`Color::set`] of each colour, by `Color as usize`, read off the expansions' table.
const COLOUR_SETS: [TileSet; Color::COUNT] = {
    let mut out = [TileSet::Base; Color::COUNT];
    let mut i = 0;
    while i < crate::expansions::EXPANSIONS.len() {
        let e = &crate::expansions::EXPANSIONS[i];
        let mut k = 0;
        while k < e.colours.len() {
            out[e.colours[k] as usize] = e.set;
            k += 1;
        }
        i += 1;
    }
    out
};

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
    /// A half-side, for a field (`ESE`): needed where a city wall splits a corner between two
    /// fields (`ic.G`'s SE); allowed on any field.
    Half(HalfSide),
    /// The field that touches no side of its tile (`ic.H`), for a farmer.
    Inner,
}

impl Place {
    /// Bit of this place in a [`PlaceSet`].
    const fn bit(self) -> u16 {
        match self {
            Place::Side(s) => 1 << s as u16,
            Place::Corner(c) => 1 << (4 + c as u16),
            Place::Centre => 1 << 8,
            // never among a segment's places: looked up through the catalogue row instead
            Place::Half(_) | Place::Inner => 0,
        }
    }

    /// The place after turning the tile by `rot` clockwise.
    pub const fn rotated(self, rot: Rotation) -> Place {
        match self {
            Place::Side(s) => Place::Side(s.rotated(rot)),
            Place::Corner(c) => Place::Corner(c.rotated(rot)),
            Place::Centre => Place::Centre,
            Place::Half(h) => Place::Half(h.rotated(rot)),
            Place::Inner => Place::Inner,
        }
    }

    /// Notation word: `N`, `NE`, …, or `centre`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Place::Side(s) => s.as_str(),
            Place::Corner(c) => c.as_str(),
            Place::Centre => "centre",
            Place::Half(h) => h.as_str(),
            Place::Inner => "inner",
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
pub struct PlaceSet(pub(crate) u16);

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
    /// Shield, cathedral and goods of a city; inn of a road.
    pub modifiers: Modifiers,
}

impl SegmentDef {
    /// Fields only: the indices of the city segments of the same tile this field touches.
    pub fn touched_cities(&self) -> impl Iterator<Item = u8> {
        let c = self.cities;
        (0..8u8).filter(move |i| c & (1 << i) != 0)
    }
}
