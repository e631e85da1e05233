//! Move generation: legal placements of a tile (from the incrementally maintained frontier of
//! open cells, where a rotation check is one mask compare) and legal deployments on the tile
//! just placed.

use crate::board::Pos;
use crate::game::Game;
use crate::tiles::{Color, FeatureKind, Place, Role, Rotation, TileType};

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
        let packed = tile.info().packed;
        let mut out = Vec::new();
        for f in &self.frontier {
            for (r, &p) in packed.iter().enumerate() {
                if p & f.mask == f.val {
                    out.push((f.pos, Rotation::ALL[r]));
                }
            }
        }
        out.sort_unstable_by_key(|&(p, r)| (p.x, p.y, r));
        out
    }

    /// Append every legal placement as `(frontier index, rotation index)`, unsorted; no
    /// allocation beyond `buf`'s growth. The board must not be empty.
    #[inline]
    pub(crate) fn legal_placements_into(&self, tile: TileType, buf: &mut Vec<(u32, u8)>) {
        let packed = tile.info().packed;
        for (k, f) in self.frontier.iter().enumerate() {
            let (m, v) = (f.mask, f.val);
            for (r, &p) in packed.iter().enumerate() {
                if p & m == v {
                    buf.push((k as u32, r as u8));
                }
            }
        }
    }

    /// Whether `tile` has any legal position (any cell, any rotation). A tile without one is
    /// discarded; a tile with one may not be.
    pub fn has_legal_placement(&self, tile: TileType) -> bool {
        if self.tiles.is_empty() {
            return true;
        }
        let packed = tile.info().packed;
        self.frontier
            .iter()
            .any(|f| packed.iter().any(|&p| p & f.mask == f.val))
    }

    /// Every legal deployment of a meeple of `colour` on the tile at `pos`, which must be the
    /// tile just placed (otherwise none): one `(role, place)` per segment whose connected
    /// feature holds no meeple, none when the supply is empty, no farmers when farmers are off.
    /// The place is the segment's first place (order `N E S W NE SE SW NW centre`).
    pub fn legal_deployments(&self, colour: Color, pos: Pos) -> Vec<(Role, Place)> {
        let mut out = Vec::new();
        if self.last != Some(pos) || self.supply[colour.index()] <= 0 {
            return out;
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
            if self.mcount[root as usize] > 0 {
                continue;
            }
            if let Some(p) = seg.places.first() {
                out.push((seg.kind.role(), p));
            }
        }
        out
    }
}
