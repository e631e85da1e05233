//! Features as connected components of tile segments: a union-find over a flat array of
//! segments ("nodes"), maintained incrementally as tiles are placed, with per-root counters
//! (open ends, meeples) and a circular member list for enumeration.

use crate::board::Pos;
use crate::catalogue::Modifiers;
use crate::expansions::traders_builders::goods::Goods;
use crate::game::{Game, Meeple, MeepleId};
use crate::scoring::road_city_value;
use crate::tiles::{Color, FeatureKind, Place, SegmentDef};

/// A connected feature. The id stays valid after later placements merge the feature into a
/// bigger one: it then names the merged feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeatureId(pub(crate) u32);

impl FeatureId {
    /// A number for this id (a segment index inside the game), for display or maps.
    pub fn raw(self) -> u32 {
        self.0
    }
}

/// Everything about one connected feature at this point of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeatureSummary {
    /// The feature's canonical id now (its current root).
    pub id: FeatureId,
    /// Road, city, monastery or field.
    pub kind: FeatureKind,
    /// The distinct tiles of the feature, in placement order (a tile a road or city passes
    /// twice is listed once). For a monastery: its own tile, then the placed tiles among its
    /// eight neighbours.
    pub tiles: Vec<Pos>,
    /// The segments that make up the feature, each with its tile's cell (placement order).
    pub segments: Vec<(Pos, SegmentDef)>,
    /// Coats of arms (cities; one per city segment that carries one).
    pub shields: u32,
    /// Goods symbols (cities, Traders & Builders): the tokens the placer of the tile that
    /// completes the city takes.
    pub goods: Goods,
    /// An inn on the road or a cathedral in the city (Inns & Cathedrals): the feature scores
    /// more when complete and nothing when unfinished at the end.
    pub inn_cathedral: bool,
    /// A garden (The Abbot): it scores like a monastery; [`FeatureSummary::kind`] is then
    /// [`FeatureKind::Monastery`].
    pub garden: bool,
    /// Open ends: road or city sides not joined to a matching neighbour; for a field, open
    /// half-sides; for a monastery, empty cells among its eight neighbours.
    pub open_sides: u32,
    /// Complete: a road or city with no open side, a monastery with eight neighbours. Fields are
    /// never complete.
    pub complete: bool,
    /// The meeples on the feature, in deployment order.
    pub meeples: Vec<Meeple>,
    /// Fields only: the number of distinct completed cities the field touches.
    pub completed_cities: usize,
    /// Fields only: the ids of those completed cities.
    pub completed_city_ids: Vec<FeatureId>,
    /// Points if the feature scored now: the completed value if complete, otherwise its
    /// final-scoring value (fields: 3 per distinct completed city).
    pub value_now: u32,
    /// The colours that would score it now: those with the most meeples on it (none if empty).
    pub winners: Vec<Color>,
}

impl FeatureSummary {
    /// Meeples of `colour` on the feature.
    pub fn meeples_of(&self, colour: Color) -> usize {
        self.meeples.iter().filter(|m| m.colour == colour).count()
    }

    /// The ids of the meeples on the feature.
    pub fn meeple_ids(&self) -> Vec<MeepleId> {
        self.meeples.iter().map(|m| m.id).collect()
    }
}

/// Colours with the greatest strength of figures, given strengths per colour; none when all
/// are zero.
pub(crate) fn winners_of(counts: &[u32; Color::COUNT]) -> Vec<Color> {
    let max = counts.iter().copied().max().unwrap_or(0);
    if max == 0 {
        return Vec::new();
    }
    Color::ALL
        .into_iter()
        .filter(|c| counts[c.index()] == max)
        .collect()
}

impl Game {
    /// Find with path halving.
    #[inline]
    pub(crate) fn find(&mut self, mut a: u32) -> u32 {
        loop {
            let p = self.parent[a as usize];
            if p == a {
                return a;
            }
            let gp = self.parent[p as usize];
            self.parent[a as usize] = gp;
            a = gp;
        }
    }

    /// Find without compression (for `&self` queries; union by size keeps trees shallow).
    #[inline]
    pub(crate) fn find_ro(&self, mut a: u32) -> u32 {
        loop {
            let p = self.parent[a as usize];
            if p == a {
                return a;
            }
            a = p;
        }
    }

    /// Union by size; sums the root counters and splices the member lists. Returns the root.
    #[inline]
    pub(crate) fn union(&mut self, a: u32, b: u32) -> u32 {
        let ra = self.find(a);
        let rb = self.find(b);
        if ra == rb {
            return ra;
        }
        let (big, small) = if self.size[ra as usize] >= self.size[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        let (bi, si) = (big as usize, small as usize);
        self.parent[si] = big;
        self.size[bi] += self.size[si];
        self.open[bi] += self.open[si];
        self.mcount[bi] += self.mcount[si];
        self.scored[bi] |= self.scored[si];
        self.next.swap(bi, si);
        big
    }

    /// Kind of a node.
    #[inline]
    pub(crate) fn node_kind(&self, node: u32) -> FeatureKind {
        let t = self.tiles[self.node_tile[node as usize] as usize].tile;
        t.info().kinds[self.node_seg[node as usize] as usize]
    }

    /// Segment definition of a node (in board directions).
    pub(crate) fn node_segment(&self, node: u32) -> Option<(Pos, SegmentDef)> {
        let t = self
            .tiles
            .get(*self.node_tile.get(node as usize)? as usize)?;
        let seg = t
            .tile
            .segment(t.rot, self.node_seg[node as usize] as usize)?;
        Some((t.pos, seg))
    }

    /// The node of the segment at `place` of the tile at `pos`.
    pub(crate) fn node_at(&self, pos: Pos, place: Place) -> Option<u32> {
        let idx = self.tile_index_at(pos)?;
        let t = self.tiles[idx];
        let seg = t.tile.segment_at(t.rot, place)?;
        Some(self.tile_base[idx] + seg.index as u32)
    }

    /// The feature at `place` (board directions) of the tile at `pos`.
    pub fn feature_at(&self, pos: Pos, place: Place) -> Option<FeatureId> {
        self.node_at(pos, place).map(|n| FeatureId(self.find_ro(n)))
    }

    /// Every segment of the tile at `pos` (board directions) with the feature it belongs to,
    /// in catalogue order. Empty when no tile is there.
    pub fn features_on(&self, pos: Pos) -> Vec<(SegmentDef, FeatureId)> {
        let Some(idx) = self.tile_index_at(pos) else {
            return Vec::new();
        };
        let t = self.tiles[idx];
        let base = self.tile_base[idx];
        t.tile
            .segments(t.rot)
            .map(|s| (s, FeatureId(self.find_ro(base + s.index as u32))))
            .collect()
    }

    /// The feature a meeple on the board stands on.
    pub fn meeple_feature(&self, id: MeepleId) -> Option<FeatureId> {
        self.meeples
            .iter()
            .find(|s| s.meeple.id == id)
            .map(|s| FeatureId(self.find_ro(s.node)))
    }

    /// The member nodes of the feature with root `root`.
    pub(crate) fn members(&self, root: u32) -> impl Iterator<Item = u32> + '_ {
        let mut cur = Some(root);
        std::iter::from_fn(move || {
            let c = cur?;
            let n = self.next[c as usize];
            cur = (n != root).then_some(n);
            Some(c)
        })
    }

    /// Number of placed tiles around the monastery tile `tile_idx`.
    pub(crate) fn monastery_neighbours(&self, tile_idx: usize) -> u32 {
        self.tile_nbrs[tile_idx] as u32
    }

    /// Whether the feature with root `root` is complete.
    pub(crate) fn root_complete(&self, root: u32) -> bool {
        match self.node_kind(root) {
            FeatureKind::Road | FeatureKind::City => self.open[root as usize] == 0,
            FeatureKind::Monastery => {
                self.monastery_neighbours(self.node_tile[root as usize] as usize) == 8
            }
            FeatureKind::Field => false,
        }
    }

    /// Everything about feature `id` now; `None` for an id not of this game.
    pub fn feature(&self, id: FeatureId) -> Option<FeatureSummary> {
        if id.0 as usize >= self.parent.len() {
            return None;
        }
        let root = self.find_ro(id.0);
        let kind = self.node_kind(root);
        let mut nodes: Vec<u32> = self.members(root).collect();
        nodes.sort_unstable();
        let mut tile_idx: Vec<u32> = nodes.iter().map(|&n| self.node_tile[n as usize]).collect();
        tile_idx.dedup(); // nodes sorted ⇒ tiles sorted (node ranges follow placement order)
        let segments: Vec<(Pos, SegmentDef)> =
            nodes.iter().filter_map(|&n| self.node_segment(n)).collect();
        let mut tiles: Vec<Pos> = tile_idx
            .iter()
            .map(|&t| self.tiles[t as usize].pos)
            .collect();
        let shields = if kind == FeatureKind::City {
            segments
                .iter()
                .filter(|(_, s): &&(Pos, SegmentDef)| s.modifiers.contains(Modifiers::SHIELD))
                .count() as u32
        } else {
            0
        };
        let goods = if kind == FeatureKind::City {
            self.root_goods(root)
        } else {
            Goods::NONE
        };
        let inn_cathedral = segments.iter().any(|(_, s)| {
            matches!(s.kind, FeatureKind::Road | FeatureKind::City)
                && (s.modifiers.contains(Modifiers::INN)
                    || s.modifiers.contains(Modifiers::CATHEDRAL))
        });
        let garden = kind == FeatureKind::Monastery && {
            let t = self.tiles[self.node_tile[root as usize] as usize].tile;
            t.info().garden == self.node_seg[root as usize]
        };
        let mut open_sides = self.open[root as usize].max(0) as u32;
        if kind == FeatureKind::Monastery {
            let own = self.tiles[self.node_tile[root as usize] as usize].pos;
            tiles = std::iter::once(own)
                .chain(own.around().filter(|p| self.tile_index_at(*p).is_some()))
                .collect();
            open_sides = own
                .around()
                .filter(|p| self.tile_index_at(*p).is_none())
                .count() as u32;
        }
        let complete = self.root_complete(root);
        let mut completed_city_ids = Vec::new();
        if kind == FeatureKind::Field {
            for &n in &nodes {
                let Some((_, seg)) = self.node_segment(n) else {
                    continue;
                };
                let base = self.tile_base[self.node_tile[n as usize] as usize];
                for c in seg.touched_cities() {
                    let cr = self.find_ro(base + c as u32);
                    if self.open[cr as usize] == 0 {
                        completed_city_ids.push(FeatureId(cr));
                    }
                }
            }
            completed_city_ids.sort_unstable();
            completed_city_ids.dedup();
        }
        let meeples: Vec<Meeple> = self
            .meeples
            .iter()
            .filter(|s| self.find_ro(s.node) == root)
            .map(|s| s.meeple)
            .collect();
        let mut counts = [0u32; Color::COUNT];
        for m in &meeples {
            counts[m.colour.index()] += m.figure.strength();
        }
        let ntiles = tiles.len() as u32;
        let value_now = match kind {
            FeatureKind::Road | FeatureKind::City => {
                road_city_value(kind, ntiles, shields, complete, inn_cathedral)
            }
            FeatureKind::Monastery if complete => 9,
            FeatureKind::Monastery => ntiles,
            FeatureKind::Field => 3 * completed_city_ids.len() as u32,
        };
        Some(FeatureSummary {
            id: FeatureId(root),
            kind,
            tiles,
            segments,
            shields,
            goods,
            inn_cathedral,
            garden,
            open_sides,
            complete,
            meeples,
            completed_cities: completed_city_ids.len(),
            completed_city_ids,
            value_now,
            winners: winners_of(&counts),
        })
    }

    /// Every feature on the board, each once, ordered by id.
    pub fn all_features(&self) -> Vec<FeatureId> {
        (0..self.parent.len() as u32)
            .filter(|&n| self.parent[n as usize] == n)
            .map(FeatureId)
            .collect()
    }
}
