//! Move generation: legal placements of a tile (from the incrementally maintained frontier of
//! open cells, where a rotation check is one mask compare) and legal deployments on the tile
//! just placed.

use std::sync::OnceLock;

use crate::board::Pos;
use crate::figures::Figure;
use crate::game::{Game, FRONTIER};
use crate::tiles::{
    Color, FeatureKind, HalfSide, Place, Role, Rotation, SegmentDef, TileType, MAX_SEGMENTS,
};

impl Game {
    /// Every legal `(cell, rotation)` for `tile`, sorted by cell (`x`, then `y`) and rotation.
    /// Rotations that look the same (a symmetric tile) are all listed. On an empty board the
    /// first tile is legal anywhere; this lists the four rotations at `0,0`.
    pub fn legal_placements(&self, tile: TileType) -> Vec<(Pos, Rotation)> {
        if self.tiles.is_empty() {
            return Rotation::ALL
                .into_iter()
                .map(|r| (Pos::new(0, 0), r))
                .collect();
        }
        let rots = u32::from_le_bytes(tile.info().packed);
        let mut out = Vec::new();
        for f in &self.frontier {
            let mut bits = Self::legal_bits(rots, f.mask, f.val);
            while bits != 0 {
                out.push((f.pos, Rotation::ALL[(bits.trailing_zeros() / 8) as usize]));
                bits &= bits - 1;
            }
        }
        out.sort_unstable_by_key(|&(p, r)| (p.x, p.y, r));
        out
    }

    /// The rotations of `tile` whose edges match on empty cell `pos`, as in
    /// [`Game::legal_placements`] (none when `pos` touches no tile; the board is not empty).
    pub(crate) fn legal_rotations_at(
        &self,
        tile: TileType,
        pos: Pos,
    ) -> impl Iterator<Item = Rotation> {
        let rots = u32::from_le_bytes(tile.info().packed);
        let mut bits = match self.cells.get(pos) {
            Some(v) if v & FRONTIER != 0 => self
                .frontier
                .get((v & !FRONTIER) as usize)
                .map_or(0, |f| Self::legal_bits(rots, f.mask, f.val)),
            _ => 0,
        };
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let r = Rotation::ALL[(bits.trailing_zeros() / 8) as usize];
            bits &= bits - 1;
            Some(r)
        })
    }

    /// Bits `8r + 7` set for each legal rotation `r` of a tile with packed rotations `rots` on a
    /// frontier cell with requirement `(mask, val)`: one SWAR compare for all four rotations.
    #[inline(always)]
    fn legal_bits(rots: u32, mask: u8, val: u8) -> u32 {
        let x = (rots & (mask as u32 * 0x0101_0101)) ^ (val as u32 * 0x0101_0101);
        // high bit of each byte of t is set iff that byte of x is non-zero
        let t = ((x & 0x7F7F_7F7F) + 0x7F7F_7F7F) | x;
        !t & 0x8080_8080
    }

    /// Number of legal placements of `tile` (board not empty).
    #[inline]
    pub(crate) fn legal_count(&self, tile: TileType) -> u32 {
        let rots = u32::from_le_bytes(tile.info().packed);
        self.frontier
            .iter()
            .map(|f| Self::legal_bits(rots, f.mask, f.val).count_ones())
            .sum()
    }

    /// The `k`-th legal placement of `tile` in frontier order, as (frontier index, rotation).
    #[inline]
    pub(crate) fn nth_legal(&self, tile: TileType, mut k: u32) -> Option<(usize, usize)> {
        let rots = u32::from_le_bytes(tile.info().packed);
        for (i, f) in self.frontier.iter().enumerate() {
            let mut bits = Self::legal_bits(rots, f.mask, f.val);
            let n = bits.count_ones();
            if k < n {
                for _ in 0..k {
                    bits &= bits - 1;
                }
                return Some((i, (bits.trailing_zeros() / 8) as usize));
            }
            k -= n;
        }
        None
    }

    /// Whether `tile` has any legal position (any cell, any rotation). A tile without one is
    /// discarded; a tile with one may not be.
    pub fn has_legal_placement(&self, tile: TileType) -> bool {
        if self.tiles.is_empty() {
            return true;
        }
        let rots = u32::from_le_bytes(tile.info().packed);
        self.frontier
            .iter()
            .any(|f| Self::legal_bits(rots, f.mask, f.val) != 0)
    }

    /// Every legal deployment of a meeple of `colour` on the tile at `pos`, which must be the
    /// tile just placed (otherwise none): one `(role, place)` per segment whose connected
    /// feature holds no meeple, none when the supply is empty, no farmers when farmers are off.
    /// The place is the segment's first place (order `N E S W NE SE SW NW centre`); a field
    /// without a whole corner (Inns & Cathedrals: `ic.H`'s inner field) is named by its first
    /// half-side (order `NNE ENE … NNW`) or `inner`.
    pub fn legal_deployments(&self, colour: Color, pos: Pos) -> Vec<(Role, Place)> {
        self.legal_figure_deployments(colour, Figure::Meeple, pos)
    }

    /// As [`Game::legal_deployments`] for any figure: a meeple needs a non-empty supply; the
    /// large meeple goes wherever a meeple may (its supply aside) when it is not on the board;
    /// the abbot goes on the new tile's free monastery or, without one, its garden (as
    /// `(Role::Monk, Place::Centre)`) when it is not on the board. Which figures the rules
    /// switch on is the caller's business; the builder and the pig are not generated here.
    pub fn legal_figure_deployments(
        &self,
        colour: Color,
        figure: Figure,
        pos: Pos,
    ) -> Vec<(Role, Place)> {
        let mut out = Vec::new();
        if self.last != Some(pos) || self.figure_available(colour, figure).is_err() {
            return out;
        }
        match figure {
            Figure::Meeple | Figure::LargeMeeple => {}
            Figure::Abbot => {
                if let Ok((node, place)) = self.locate(pos, figure, Role::Monk, None) {
                    if self.mcount[self.find_ro(node) as usize] == 0 {
                        out.push((Role::Monk, place));
                    }
                }
                return out;
            }
            Figure::Builder | Figure::Pig => return out,
        }
        let Some(idx) = self.tile_index_at(pos) else {
            return out;
        };
        let t = self.tiles[idx];
        let base = self.tile_base[idx];
        for seg in t.tile.segments(t.rot) {
            if seg.kind == FeatureKind::Field && !self.config.farmers {
                continue;
            }
            let root = self.find_ro(base + seg.index as u32);
            if self.occupied(root) {
                continue;
            }
            if let Some(p) = seg
                .places
                .first()
                .or_else(|| naming_place(t.tile, t.rot, seg.index))
            {
                out.push((seg.kind.role(), p));
            }
        }
        out
    }
}

/// A place naming field segment `seg` of `tile` turned `rot`: its first corner (order of
/// [`crate::PlaceSet::iter`]), else its first half-side (a field squeezed into one half of a
/// split corner), else `inner` (a field that touches no side). Any other segment: its first
/// place. Also the simulator's place words.
pub(crate) fn field_place(tile: TileType, rot: Rotation, seg: SegmentDef) -> Option<Place> {
    seg.places
        .first()
        .or_else(|| naming_place(tile, rot, seg.index))
}

/// [`field_place`] of segment `index` of `tile` turned `rot` (`None` past its segments), from a
/// table built on first use: the simulator names a place on every turn, and working one out
/// rotates the segment and may walk the half-sides.
pub(crate) fn place_word(tile: TileType, rot: Rotation, index: usize) -> Option<Place> {
    type Words = [[Option<Place>; MAX_SEGMENTS]; 4];
    static WORDS: OnceLock<Vec<Words>> = OnceLock::new();
    let words = WORDS.get_or_init(|| {
        TileType::ALL
            .iter()
            .map(|&t| {
                let mut w: Words = [[None; MAX_SEGMENTS]; 4];
                for r in Rotation::ALL {
                    for seg in t.segments(r) {
                        if let Some(slot) = w[r.index()].get_mut(usize::from(seg.index)) {
                            *slot = field_place(t, r, seg);
                        }
                    }
                }
                w
            })
            .collect()
    });
    *words.get(tile.index())?[rot.index()].get(index)?
}

/// A place word for segment `seg` of `tile` turned `rot` that is neither a side, a corner nor
/// the centre: its first half-side in board directions, else `inner`.
fn naming_place(tile: TileType, rot: Rotation, seg: u8) -> Option<Place> {
    HalfSide::ALL
        .into_iter()
        .map(Place::Half)
        .chain([Place::Inner])
        .find(|&p| tile.segment_at(rot, p).is_some_and(|s| s.index == seg))
}
