//! Scoring: features completed by a placement during play, and final scoring (unfinished
//! roads, cities and monasteries, then fields). Majority rule: the colours with the greatest
//! strength of figures on a feature (a meeple 1, see [`crate::Figure::strength`]) each score
//! its full value; the others score nothing.

use crate::board::{Pos, AROUND};
use crate::expansions::traders_builders::goods::GoodsAward;
use crate::features::{FeatureId, FeatureSummary};
use crate::figures::Figure;
use crate::game::{Game, Meeple};
use crate::tiles::{Color, FeatureKind, NO_SEG};

/// Up to this many monasteries on the board (one box holds six), scoring a placement scans
/// them all; beyond, it looks up the nine cells around the placement instead, so that a board
/// of many boxes (`rules boxes N`) costs the same per placement as one box.
const MONASTERY_SCAN: usize = 16;

/// Points per completed city a field scores its winners at final scoring.
pub const FIELD_POINTS_PER_CITY: u32 = 3;

/// Points per completed city a field scores a winner who has their own pig in it (Traders &
/// Builders) instead of [`FIELD_POINTS_PER_CITY`].
pub const PIG_POINTS_PER_CITY: u32 = 4;

/// One scored feature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredFeature {
    /// The feature as it stood when scored (meeples still on it).
    pub feature: FeatureSummary,
    /// Points each winner scores (the feature's value, even when nobody wins).
    pub points: u32,
    /// The colours with the most meeples on it; empty when unoccupied.
    pub winners: Vec<Color>,
    /// Points some winners score beyond `points`, in [`Color::ALL`] order: in a field, a
    /// winner who has their own pig there (Traders & Builders) scores 4 per completed city
    /// instead of 3, so 1 more per city. Empty when no winner has a pig there.
    pub pig_bonus: Vec<(Color, u32)>,
    /// The meeples taken off the board and returned to supply.
    pub returned: Vec<Meeple>,
}

/// The detailed result of a scoring step: each scored feature in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Scoring {
    /// The scored features. During play: the roads and cities of the placed tile in catalogue
    /// order of its segments, then completed monasteries (the placed tile's, then its
    /// neighbours clockwise from north), completed-but-unoccupied features included. At final
    /// scoring: every occupied road, city and monastery (in order of its first meeple), then
    /// every occupied field.
    pub features: Vec<ScoredFeature>,
    /// Final scoring only: the goods awards (Traders & Builders), in the order wine, grain,
    /// cloth; empty during play and when nobody holds goods.
    pub goods: Vec<GoodsAward>,
}

/// Why a recall ([`Game::recall`]) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecallError {
    /// The player has no abbot on the board.
    NoAbbot,
    /// The abbot's monastery or garden is complete: it scores 9 in the scoring step instead.
    Completed,
}

impl std::fmt::Display for RecallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RecallError::NoAbbot => "no abbot of this player is on the board",
            RecallError::Completed => {
                "this turn's tile completes the abbot's monastery or garden: it scores 9 instead"
            }
        })
    }
}

impl std::error::Error for RecallError {}

/// The result of [`Game::score_completed`].
pub type TurnScore = Scoring;
/// The result of [`Game::final_scoring`].
pub type FinalScore = Scoring;

impl ScoredFeature {
    /// Points `colour` scores from this feature: `points` (and its pig bonus) for a winner, 0
    /// for anybody else.
    pub fn points_of(&self, colour: Color) -> u32 {
        if !self.winners.contains(&colour) {
            return 0;
        }
        let bonus = self
            .pig_bonus
            .iter()
            .find(|&&(c, _)| c == colour)
            .map_or(0, |&(_, b)| b);
        self.points + bonus
    }
}

impl Scoring {
    /// Points gained by `colour` in this step (features and goods awards).
    pub fn gain(&self, colour: Color) -> u32 {
        let features: u32 = self.features.iter().map(|f| f.points_of(colour)).sum();
        let goods: u32 = self
            .goods
            .iter()
            .filter(|a| a.winners.contains(&colour))
            .map(|a| a.points)
            .sum();
        features + goods
    }

    /// Points gained per colour, indexed by [`Color::index`].
    pub fn gains(&self) -> [u32; Color::COUNT] {
        let mut g = [0; Color::COUNT];
        for c in Color::ALL {
            g[c.index()] = self.gain(c);
        }
        g
    }

    /// The colours that gained points, with their gains, in [`Color::ALL`] order.
    pub fn nonzero_gains(&self) -> Vec<(Color, u32)> {
        Color::ALL
            .into_iter()
            .map(|c| (c, self.gain(c)))
            .filter(|&(_, g)| g > 0)
            .collect()
    }
}

/// The value of a road or city of `tiles` distinct tiles and `shields` coats of arms, complete
/// or not, with or without an inn (road) or a cathedral (city) on it (`tiles.md`, seed rules of
/// Inns & Cathedrals):
/// - road: 1 per tile; with an inn 2 per tile when complete, 0 when unfinished;
/// - city: complete 2 per tile and per shield, unfinished 1 per tile and per shield; with a
///   cathedral complete 3 per tile and per shield, unfinished 0.
pub const fn road_city_value(
    kind: FeatureKind,
    tiles: u32,
    shields: u32,
    complete: bool,
    inn_cathedral: bool,
) -> u32 {
    let units = match kind {
        FeatureKind::City => tiles + shields,
        _ => tiles,
    };
    let per_unit = match (kind, complete, inn_cathedral) {
        (_, false, true) => 0,
        (FeatureKind::City, true, true) => 3,
        (FeatureKind::City, true, false) => 2,
        (_, true, true) => 2,
        _ => 1,
    };
    units * per_unit
}

impl Game {
    /// Score every road, city and monastery that the tile at `pos` completed (monasteries on
    /// `pos` and its eight neighbours), add the points, return the meeples. A completed feature
    /// is scored once: a second call finds nothing new.
    pub fn score_completed(&mut self, pos: Pos) -> TurnScore {
        let mut out = Vec::new();
        self.score_completed_inner(pos, Some(&mut out));
        Scoring {
            features: out,
            ..Scoring::default()
        }
    }

    /// Final scoring: every occupied road, city and monastery at its current value (unfinished
    /// value normally; a completed one that was never scored at its completed value), then every
    /// occupied field (3 per distinct completed city it touches; 4 for a winner with their own
    /// pig in it), then the goods awards ([`Game::goods_awards`]). Adds the points and takes
    /// every figure off the board (meeples into their supply), so that all figures are
    /// accounted for. A second call scores nothing: no figure is left and the goods awards are
    /// paid once.
    pub fn final_scoring(&mut self) -> FinalScore {
        let mut out = Vec::new();
        let goods = self.final_scoring_inner(Some(&mut out));
        Scoring {
            features: out,
            goods,
        }
    }

    pub(crate) fn score_completed_inner(
        &mut self,
        pos: Pos,
        mut out: Option<&mut Vec<ScoredFeature>>,
    ) {
        let Some(idx) = self.tile_index_at(pos) else {
            return;
        };
        let info = self.tiles[idx].tile.info();
        let base = self.tile_base[idx];
        let mut rc = info.rc_mask;
        while rc != 0 {
            let i = rc.trailing_zeros();
            rc &= rc - 1;
            let root = self.find(base + i);
            let r = root as usize;
            if self.open[r] == 0 && !self.scored[r] {
                self.scored[r] = true;
                let points = self.root_value(root);
                self.award(root, points, out.as_deref_mut());
            }
        }
        // monasteries on pos and around it: the placed tile's first, then clockwise from north
        let mut cand = [(0u8, 0u32); 9];
        let nc = if self.monasteries.len() > MONASTERY_SCAN {
            self.monasteries_around_by_cells(pos, &mut cand)
        } else {
            self.monasteries_around_by_scan(pos, &mut cand)
        };
        for &(_, j) in &cand[..nc] {
            self.score_monastery(j as usize, out.as_deref_mut());
        }
    }

    /// The tiles holding a monastery at `pos` and around it (that order, then clockwise from
    /// north) as `(order, tile index)`, by scanning every monastery on the board: the cheapest
    /// way for one box.
    #[inline]
    fn monasteries_around_by_scan(&self, pos: Pos, cand: &mut [(u8, u32); 9]) -> usize {
        let mut nc = 0;
        for &j in &self.monasteries {
            let p = self.tiles[j as usize].pos;
            let d = (
                i64::from(p.x) - i64::from(pos.x),
                i64::from(p.y) - i64::from(pos.y),
            );
            let order = if d == (0, 0) {
                Some(0)
            } else {
                AROUND
                    .iter()
                    .position(|&(dx, dy)| (i64::from(dx), i64::from(dy)) == d)
                    .map(|k| k as u8 + 1)
            };
            if let Some(o) = order {
                if nc < cand.len() {
                    cand[nc] = (o, j);
                    nc += 1;
                }
            }
        }
        cand[..nc].sort_unstable();
        nc
    }

    /// As [`Game::monasteries_around_by_scan`], by looking up the nine cells: constant time
    /// however many monasteries a board of several boxes holds.
    fn monasteries_around_by_cells(&self, pos: Pos, out: &mut [(u8, u32); 9]) -> usize {
        let mut n = 0;
        let cells = std::iter::once((0, 0)).chain(AROUND);
        for (order, (dx, dy)) in (0u8..).zip(cells) {
            let Some(j) = pos.offset(dx, dy).and_then(|c| self.tile_index_at(c)) else {
                continue;
            };
            let info = self.tiles[j].tile.info();
            if info.monastery != NO_SEG || info.garden != NO_SEG {
                out[n] = (order, j as u32);
                n += 1;
            }
        }
        n
    }

    /// Scores the monastery and the garden (The Abbot) of tile `idx` when its eight
    /// neighbours are filled: 9 each, once.
    #[inline]
    fn score_monastery(&mut self, idx: usize, mut out: Option<&mut Vec<ScoredFeature>>) {
        let info = self.tiles[idx].tile.info();
        if self.tile_nbrs[idx] != 8 {
            return;
        }
        for m in [info.monastery, info.garden] {
            if m == NO_SEG {
                continue;
            }
            let node = self.tile_base[idx] + m as u32;
            if self.scored[node as usize] {
                continue;
            }
            self.scored[node as usize] = true;
            // a garden without its abbot is inert: not listed among the scored features
            if m == info.garden && self.mcount[node as usize] == 0 {
                continue;
            }
            self.award(node, 9, out.as_deref_mut());
        }
    }

    /// Final scoring (see [`Game::final_scoring`]), listing the scored features in `out` when
    /// given; returns the goods awards.
    pub(crate) fn final_scoring_inner(
        &mut self,
        mut out: Option<&mut Vec<ScoredFeature>>,
    ) -> Vec<GoodsAward> {
        for fields in [false, true] {
            loop {
                // the first remaining meeple of this pass decides the next feature
                let mut next = None;
                for s in &self.meeples {
                    let is_field = s.meeple.role.kind() == FeatureKind::Field;
                    if is_field == fields {
                        next = Some(s.node);
                        break;
                    }
                }
                let Some(node) = next else {
                    break;
                };
                let root = self.find(node);
                let points = self.root_value(root);
                self.award(root, points, out.as_deref_mut());
            }
        }
        self.award_goods()
    }

    /// Value of the feature with root `root` if it scored now (see
    /// [`FeatureSummary::value_now`]), without allocating.
    pub(crate) fn root_value(&mut self, root: u32) -> u32 {
        let kind = self.node_kind(root);
        match kind {
            FeatureKind::Monastery => {
                let n = self.tile_nbrs[self.node_tile[root as usize] as usize] as u32;
                if n == 8 {
                    9
                } else {
                    1 + n
                }
            }
            FeatureKind::Road | FeatureKind::City => {
                self.epoch = self.epoch.wrapping_add(1);
                if self.epoch == 0 {
                    self.stamp.fill(0);
                    self.epoch = 1;
                }
                let epoch = self.epoch;
                let (mut tiles, mut shields, mut inn_cathedral) = (0u32, 0u32, false);
                let mut cur = root;
                loop {
                    let t = self.node_tile[cur as usize] as usize;
                    if self.stamp[t] != epoch {
                        self.stamp[t] = epoch;
                        tiles += 1;
                    }
                    // each coat of arms once: it belongs to one segment
                    let info = self.tiles[t].tile.info();
                    let seg = self.node_seg[cur as usize];
                    shields += u32::from(info.shield_mask >> seg & 1);
                    inn_cathedral |= info.inn_cathedral_mask >> seg & 1 != 0;
                    cur = self.next[cur as usize];
                    if cur == root {
                        break;
                    }
                }
                let complete = self.open[root as usize] == 0;
                road_city_value(kind, tiles, shields, complete, inn_cathedral)
            }
            FeatureKind::Field => {
                // distinct completed cities; at most a handful, so a small stack list
                let mut seen = [0u32; 64];
                let mut nseen = 0usize;
                let mut extra: Vec<u32> = Vec::new();
                let mut cur = root;
                loop {
                    let t = self.node_tile[cur as usize] as usize;
                    let tile = self.tiles[t].tile;
                    let seg = self.node_seg[cur as usize] as usize;
                    let cities = raw_cities(tile, seg);
                    let base = self.tile_base[t];
                    let mut c = cities;
                    while c != 0 {
                        let i = c.trailing_zeros();
                        c &= c - 1;
                        let cr = self.find(base + i);
                        if self.open[cr as usize] == 0
                            && !seen[..nseen].contains(&cr)
                            && !extra.contains(&cr)
                        {
                            if nseen < seen.len() {
                                seen[nseen] = cr;
                                nseen += 1;
                            } else {
                                extra.push(cr);
                            }
                        }
                    }
                    cur = self.next[cur as usize];
                    if cur == root {
                        break;
                    }
                }
                FIELD_POINTS_PER_CITY * (nseen + extra.len()) as u32
            }
        }
    }

    /// Give `points` to the majority on feature `root` (and a winner's pig bonus in a field)
    /// and return its figures.
    pub(crate) fn award(&mut self, root: u32, points: u32, out: Option<&mut Vec<ScoredFeature>>) {
        let summary = match out {
            Some(_) => self.feature(FeatureId(root)),
            None => None,
        };
        let mut counts = [0u32; Color::COUNT];
        // colours with a pig on the feature (only fields take pigs)
        let mut pigs = [false; Color::COUNT];
        if self.mcount[root as usize] > 0 {
            for s in &self.meeples {
                if self.find_ro(s.node) == root {
                    counts[s.meeple.colour.index()] += s.meeple.figure.strength();
                    pigs[s.meeple.colour.index()] |= s.meeple.figure == Figure::Pig;
                }
            }
        }
        let max = counts.iter().copied().max().unwrap_or(0);
        let pig_bonus_each =
            points / FIELD_POINTS_PER_CITY * (PIG_POINTS_PER_CITY - FIELD_POINTS_PER_CITY);
        let mut pig_bonus = Vec::new();
        if max > 0 {
            for (i, &c) in counts.iter().enumerate() {
                if c == max {
                    let mut gain = points;
                    if pigs[i] && self.node_kind(root) == FeatureKind::Field {
                        gain += pig_bonus_each;
                        if pig_bonus_each > 0 {
                            pig_bonus.push((Color::ALL[i], pig_bonus_each));
                        }
                    }
                    self.score[i] = self.score[i].saturating_add(i64::from(gain));
                }
            }
        }
        let mut returned = Vec::new();
        if self.mcount[root as usize] > 0 {
            let mut k = 0;
            while k < self.meeples.len() {
                if self.find_ro(self.meeples[k].node) == root {
                    let s = self.meeples.remove(k);
                    if !s.meeple.figure.occupies() {
                        self.passive = self.passive.saturating_sub(1);
                    }
                    if s.meeple.figure == Figure::Meeple {
                        let sup = &mut self.supply[s.meeple.colour.index()];
                        *sup = sup.saturating_add(1);
                    }
                    if out.is_some() {
                        returned.push(s.meeple);
                    }
                } else {
                    k += 1;
                }
            }
            self.mcount[root as usize] = 0;
        }
        if let (Some(out), Some(feature)) = (out, summary) {
            let winners = crate::features::winners_of(&counts);
            out.push(ScoredFeature {
                feature,
                points,
                winners,
                returned,
                pig_bonus,
            });
        }
    }
}

/// City-segment bit mask touched by field segment `seg` of `tile`.
#[inline]
fn raw_cities(tile: crate::tiles::TileType, seg: usize) -> u8 {
    tile.info().cities[seg]
}

#[cfg(test)]
mod monastery_lookup_tests {
    use crate::sim::Sim;

    /// Both ways of finding the monasteries around a cell agree, on a board of many
    /// monasteries, at every placed tile and every open cell.
    #[test]
    fn scan_and_cell_lookup_agree() {
        let mut sim = Sim::with_boxes(3, 2, true, 4);
        sim.play_out();
        let g = sim.game();
        assert!(g.monasteries.len() > super::MONASTERY_SCAN);
        let cells: Vec<_> = g
            .tiles()
            .iter()
            .map(|t| t.pos)
            .chain(g.open_cells())
            .collect();
        for pos in cells {
            let (mut scan, mut cells) = ([(0, 0); 9], [(0, 0); 9]);
            let n = g.monasteries_around_by_scan(pos, &mut scan);
            assert_eq!(n, g.monasteries_around_by_cells(pos, &mut cells), "{pos}");
            assert_eq!(scan[..n], cells[..n], "{pos}");
        }
    }
}
