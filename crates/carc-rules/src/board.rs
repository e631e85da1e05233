//! Board coordinates and the cell map (an open-addressing hash map from position to cell).

use crate::tiles::Side;
use std::fmt;

/// A cell of the board: `x` grows to the east, `y` to the north; both may be negative.
///
/// The plane ends at the limits of `i32`: a cell on the limit simply has no neighbour beyond
/// it ([`Pos::neighbour`] returns `None`), so no coordinate arithmetic can overflow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// East coordinate.
    pub x: i32,
    /// North coordinate.
    pub y: i32,
}

/// Offsets of the eight cells around a cell, clockwise from north.
pub(crate) const AROUND: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

impl Pos {
    /// The cell `x,y`.
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    /// The cell across `side` (`N` is `x,y+1`); `None` beyond the limits of `i32`.
    pub const fn neighbour(self, side: Side) -> Option<Pos> {
        let (dx, dy) = match side {
            Side::N => (0, 1),
            Side::E => (1, 0),
            Side::S => (0, -1),
            Side::W => (-1, 0),
        };
        self.offset(dx, dy)
    }

    /// The cell `x+dx, y+dy`; `None` beyond the limits of `i32`.
    pub const fn offset(self, dx: i32, dy: i32) -> Option<Pos> {
        match (self.x.checked_add(dx), self.y.checked_add(dy)) {
            (Some(x), Some(y)) => Some(Pos { x, y }),
            _ => None,
        }
    }

    /// The (up to) eight cells around this one, diagonals included, clockwise from north.
    pub fn around(self) -> impl Iterator<Item = Pos> {
        AROUND
            .into_iter()
            .filter_map(move |(dx, dy)| self.offset(dx, dy))
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

const EMPTY: u32 = u32::MAX;

/// Open-addressing map `Pos -> u32` (linear probing, Fibonacci hashing). Entries are never
/// removed: in the engine a cell only ever goes from "frontier" to "tile".
#[derive(Debug, Clone)]
pub(crate) struct CellMap {
    keys: Vec<u64>,
    vals: Vec<u32>,
    len: usize,
    shift: u32,
}

#[inline]
fn key(p: Pos) -> u64 {
    ((p.x as u32 as u64) << 32) | p.y as u32 as u64
}

impl CellMap {
    /// A map with room for `cap` entries before growing (rounded up to a power of two, ×2).
    pub fn with_capacity(cap: usize) -> CellMap {
        let size = (cap.max(8) * 2).next_power_of_two();
        CellMap {
            keys: vec![0; size],
            vals: vec![EMPTY; size],
            len: 0,
            shift: 64 - size.trailing_zeros(),
        }
    }

    /// Forget every entry, keeping the allocation.
    pub fn clear(&mut self) {
        self.vals.fill(EMPTY);
        self.len = 0;
    }

    #[inline]
    fn slot(&self, k: u64) -> usize {
        let mask = self.keys.len() - 1;
        let mut i = (k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        loop {
            if self.vals[i] == EMPTY || self.keys[i] == k {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// The value stored for `p`.
    #[inline]
    pub fn get(&self, p: Pos) -> Option<u32> {
        let i = self.slot(key(p));
        let v = self.vals[i];
        (v != EMPTY).then_some(v)
    }

    /// Store `v` (never `u32::MAX`) for `p`, replacing any previous value.
    #[inline]
    pub fn insert(&mut self, p: Pos, v: u32) {
        let k = key(p);
        let mut i = self.slot(k);
        if self.vals[i] == EMPTY {
            if (self.len + 1) * 2 > self.keys.len() {
                self.grow();
                i = self.slot(k);
            }
            self.len += 1;
            self.keys[i] = k;
        }
        self.vals[i] = v;
    }

    /// Bytes of its two arrays (for the search's memory bound).
    pub fn heap_bytes(&self) -> usize {
        self.keys.capacity() * std::mem::size_of::<u64>()
            + self.vals.capacity() * std::mem::size_of::<u32>()
    }

    fn grow(&mut self) {
        let size = self.keys.len() * 2;
        let old_keys = std::mem::replace(&mut self.keys, vec![0; size]);
        let old_vals = std::mem::replace(&mut self.vals, vec![EMPTY; size]);
        self.shift = 64 - size.trailing_zeros();
        for (k, v) in old_keys.into_iter().zip(old_vals) {
            if v != EMPTY {
                let i = self.slot(k);
                self.keys[i] = k;
                self.vals[i] = v;
            }
        }
    }
}
