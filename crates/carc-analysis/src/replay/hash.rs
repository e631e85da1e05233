//! [`PosMap`]: a map keyed by board cell, with a cheap hash.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use carc_rules::Pos;

/// A map keyed by board cell. Cells are the file's own coordinates, not input worth the cost
/// of the standard library's collision-proof hash: with it, recording which line placed each
/// tile took a tenth of a long file's analysis.
pub type PosMap<V> = HashMap<Pos, V, BuildHasherDefault<PosHasher>>;

/// The hash of [`PosMap`]: a multiply-rotate over the coordinates (as FxHash does).
#[derive(Debug, Default, Clone, Copy)]
pub struct PosHasher(u64);

impl PosHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl Hasher for PosHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }

    fn write_i32(&mut self, n: i32) {
        self.add(u64::from(n as u32));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
