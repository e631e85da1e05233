//! The board and game state: placed tiles, meeples, supplies, scores, and the turn operations
//! (placement, deployment, scoring). Deployment is `game/deploy.rs`, the error values
//! `game/errors.rs`. Feature bookkeeping lives in `features`, scoring in
//! `scoring`, move generation in `movegen`; all are `impl Game` blocks over this state.

use crate::board::{CellMap, Pos, AROUND};
use crate::expansions::traders_builders::builder::{BonusError, BuilderFault};
use crate::expansions::{SetRefusal, SetStates};
use crate::figures::Figure;
use crate::rules::Rules;
use crate::tiles::{
    Color, Edge, FeatureKind, Place, Role, Rotation, SegmentDef, Side, TileType, NO_SEG,
    SIDE_HALVES,
};

mod deploy;
mod errors;

pub use errors::{CellOccupied, DeployError, Mismatch, PlacementError, TurnError};

pub use crate::features::{FeatureId, FeatureSummary};
pub use crate::scoring::{FinalScore, RecallError, ScoredFeature, Scoring, TurnScore};

/// Meeples each colour starts with in supply ([`Figure::per_player`] of the meeple).
pub const MEEPLES_PER_COLOUR: i32 = Figure::Meeple.per_player() as i32;

/// Game settings.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Config {
    /// The players in turn order.
    pub players: Vec<Color>,
    /// Whether farmers may be deployed (the advanced base rule).
    pub farmers: bool,
    /// The sets in play.
    pub rules: Rules,
}

impl Config {
    /// A configuration for `players` with farmers on or off, the base game alone.
    pub fn new(players: Vec<Color>, farmers: bool) -> Config {
        Config {
            players,
            farmers,
            rules: Rules::BASE,
        }
    }

    /// This configuration under `rules`.
    pub fn with_rules(self, rules: Rules) -> Config {
        Config { rules, ..self }
    }
}

impl Default for Config {
    /// Red and blue, farmers on.
    fn default() -> Config {
        Config {
            players: vec![Color::Red, Color::Blue],
            farmers: true,
            rules: Rules::BASE,
        }
    }
}

/// A tile on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlacedTile {
    /// Its type.
    pub tile: TileType,
    /// Its rotation.
    pub rot: Rotation,
    /// Its cell.
    pub pos: Pos,
    /// Its index in placement order (0 for the first tile).
    pub index: usize,
}

/// Identity of a meeple, unique within one [`Game`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MeepleId(pub u32);

/// A meeple on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Meeple {
    /// Its identity.
    pub id: MeepleId,
    /// Its owner.
    pub colour: Color,
    /// What kind of figure it is (always [`Figure::Meeple`] until the expansions' rules).
    pub figure: Figure,
    /// Its role (fixes the kind of feature it stands on).
    pub role: Role,
    /// The tile it stands on.
    pub pos: Pos,
    /// Where on that tile, in board directions: the place given when it was deployed, or the
    /// first place of its segment (order `N E S W NE SE SW NW centre`) when none was given.
    pub place: Place,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct MeepleSlot {
    pub meeple: Meeple,
    pub node: u32,
}

/// A cell next to the board with the edge each placed neighbour requires.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frontier {
    pub pos: Pos,
    /// 2 bits per side set where a neighbour constrains it.
    pub mask: u8,
    /// Required edge codes under `mask`.
    pub val: u8,
}

/// Cell-map values: a tile index, or `FRONTIER | frontier index`.
pub(crate) const FRONTIER: u32 = 1 << 31;

/// A Carcassonne game: board, meeples, supplies and scores.
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) config: Config,
    pub(crate) cells: CellMap,
    pub(crate) tiles: Vec<PlacedTile>,
    /// First union-find node of each placed tile.
    pub(crate) tile_base: Vec<u32>,
    /// Number of placed tiles among the 8 cells around each placed tile.
    pub(crate) tile_nbrs: Vec<u8>,
    // Union-find over segments ("nodes"), one flat array each.
    pub(crate) parent: Vec<u32>,
    pub(crate) size: Vec<u32>,
    /// Circular member list: merging two features swaps one `next` of each.
    pub(crate) next: Vec<u32>,
    pub(crate) node_tile: Vec<u32>,
    pub(crate) node_seg: Vec<u8>,
    /// At roots: open sides (roads, cities) or open half-sides (fields).
    pub(crate) open: Vec<i32>,
    /// At roots: figures on the feature (every kind; [`Game::occupied`] asks whether one of
    /// them occupies it).
    pub(crate) mcount: Vec<u32>,
    /// At roots: the completed feature has been scored.
    pub(crate) scored: Vec<bool>,
    pub(crate) frontier: Vec<Frontier>,
    pub(crate) meeples: Vec<MeepleSlot>,
    pub(crate) next_meeple: u32,
    pub(crate) supply: [i32; Color::COUNT],
    pub(crate) score: [i64; Color::COUNT],
    pub(crate) last: Option<Pos>,
    /// Indices of the tiles holding a monastery.
    pub(crate) monasteries: Vec<u32>,
    /// Scratch for counting distinct tiles without allocating.
    pub(crate) stamp: Vec<u32>,
    pub(crate) epoch: u32,
    /// Figures on the board that do not occupy their feature (builders, pigs).
    pub(crate) passive: u32,
    /// What the expansions keep (copied and hashed as one value).
    pub(crate) sets: SetStates,
}

impl Game {
    /// An empty board; every colour has 7 meeples in supply and 0 points.
    pub fn new(config: Config) -> Game {
        let mut g = Game {
            config,
            cells: CellMap::with_capacity(256),
            tiles: Vec::with_capacity(72),
            tile_base: Vec::with_capacity(72),
            tile_nbrs: Vec::with_capacity(72),
            parent: Vec::with_capacity(72 * 5),
            size: Vec::with_capacity(72 * 5),
            next: Vec::with_capacity(72 * 5),
            node_tile: Vec::with_capacity(72 * 5),
            node_seg: Vec::with_capacity(72 * 5),
            open: Vec::with_capacity(72 * 5),
            mcount: Vec::with_capacity(72 * 5),
            scored: Vec::with_capacity(72 * 5),
            frontier: Vec::with_capacity(160),
            meeples: Vec::with_capacity(40),
            next_meeple: 0,
            supply: [MEEPLES_PER_COLOUR; Color::COUNT],
            score: [0; Color::COUNT],
            last: None,
            monasteries: Vec::with_capacity(8),
            stamp: Vec::with_capacity(72),
            epoch: 0,
            passive: 0,
            sets: SetStates::default(),
        };
        g.reset(None);
        g
    }

    /// Back to an empty board (optionally with a new configuration), keeping allocations.
    pub fn reset(&mut self, config: Option<Config>) {
        if let Some(c) = config {
            self.config = c;
        }
        self.cells.clear();
        self.tiles.clear();
        self.tile_base.clear();
        self.tile_nbrs.clear();
        self.parent.clear();
        self.size.clear();
        self.next.clear();
        self.node_tile.clear();
        self.node_seg.clear();
        self.open.clear();
        self.mcount.clear();
        self.scored.clear();
        self.frontier.clear();
        self.meeples.clear();
        self.next_meeple = 0;
        self.supply = [MEEPLES_PER_COLOUR; Color::COUNT];
        self.score = [0; Color::COUNT];
        self.last = None;
        self.monasteries.clear();
        self.stamp.clear();
        self.epoch = 0;
        self.passive = 0;
        self.sets = SetStates::default();
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Meeples of `colour` in supply (may be negative after [`Game::setup_meeple`]).
    pub fn supply(&self, colour: Color) -> i32 {
        self.supply[colour.index()]
    }

    /// Set the supply of `colour`.
    pub fn set_supply(&mut self, colour: Color, n: i32) {
        self.supply[colour.index()] = n;
    }

    /// Score of `colour`.
    pub fn score(&self, colour: Color) -> i64 {
        self.score[colour.index()]
    }

    /// Set the score of `colour`.
    pub fn set_score(&mut self, colour: Color, n: i64) {
        self.score[colour.index()] = n;
    }

    /// The tile at `pos`.
    pub fn tile_at(&self, pos: Pos) -> Option<PlacedTile> {
        match self.cells.get(pos) {
            Some(v) if v & FRONTIER == 0 => self.tiles.get(v as usize).copied(),
            _ => None,
        }
    }

    #[inline]
    pub(crate) fn tile_index_at(&self, pos: Pos) -> Option<usize> {
        match self.cells.get(pos) {
            Some(v) if v & FRONTIER == 0 => Some(v as usize),
            _ => None,
        }
    }

    /// The placed tiles in placement order.
    pub fn tiles(&self) -> &[PlacedTile] {
        &self.tiles
    }

    /// The cell of the most recently placed tile.
    pub fn last_placed(&self) -> Option<Pos> {
        self.last
    }

    /// The meeples on the board, in deployment order.
    pub fn meeples(&self) -> impl Iterator<Item = &Meeple> {
        self.meeples.iter().map(|s| &s.meeple)
    }

    /// The meeple `id`, if it is on the board.
    pub fn meeple(&self, id: MeepleId) -> Option<&Meeple> {
        self.meeples
            .iter()
            .find(|s| s.meeple.id == id)
            .map(|s| &s.meeple)
    }

    /// Meeples of `colour` on the board.
    pub fn meeples_on_board(&self, colour: Color) -> usize {
        self.meeples
            .iter()
            .filter(|s| s.meeple.colour == colour)
            .count()
    }

    /// Empty cells that touch at least one tile along a side (where a tile may go), in no
    /// particular order.
    pub fn open_cells(&self) -> impl Iterator<Item = Pos> + '_ {
        self.frontier.iter().map(|f| f.pos)
    }

    /// Check a placement against the rules without changing anything: the cell must be empty,
    /// touch a tile along a side (unless the board is empty) and every touching side must match.
    pub fn check_placement(
        &self,
        tile: TileType,
        pos: Pos,
        rot: Rotation,
    ) -> Result<(), PlacementError> {
        let mut err = PlacementError {
            occupied: self.tile_index_at(pos).is_some(),
            ..PlacementError::default()
        };
        let mut adjacent = false;
        for side in Side::ALL {
            let Some(n) = pos.neighbour(side) else {
                continue;
            };
            let Some(j) = self.tile_index_at(n) else {
                continue;
            };
            adjacent = true;
            let other = self.tiles[j];
            let ours = tile.edge(rot, side);
            let theirs = other.tile.edge(other.rot, side.opposite());
            if ours != theirs {
                err.mismatches.push(Mismatch {
                    side,
                    neighbour: n,
                    ours,
                    theirs,
                });
            }
        }
        err.not_adjacent = !adjacent && !self.tiles.is_empty();
        if err.occupied || err.not_adjacent || !err.mismatches.is_empty() {
            Err(err)
        } else {
            Ok(())
        }
    }

    /// Put a tile on an empty cell WITHOUT checking the other placement rules (hence the name).
    /// The caller checks them: with [`Game::check_placement`] first (as [`Game::play_turn`]
    /// does), by choosing among the legal placements (the simulator and the search), or, like
    /// the analysis's replay, by reporting the refusal and still placing the tile so the rest
    /// of the document can be checked. Features connect
    /// only across matching sides: a mismatched road or city side stays open for good, and
    /// fields do not connect across it. The tile becomes the last placed tile.
    pub fn place_tile_unchecked(
        &mut self,
        tile: TileType,
        pos: Pos,
        rot: Rotation,
    ) -> Result<(), CellOccupied> {
        let cell = self.cells.get(pos);
        if let Some(v) = cell {
            if v & FRONTIER == 0 {
                if let Some(existing) = self.tiles.get(v as usize) {
                    return Err(CellOccupied {
                        pos,
                        existing: *existing,
                    });
                }
            } else {
                self.remove_frontier((v & !FRONTIER) as usize);
            }
        }
        let idx = self.tiles.len();
        self.tiles.push(PlacedTile {
            tile,
            rot,
            pos,
            index: idx,
        });
        self.cells.insert(pos, idx as u32);
        self.last = Some(pos);
        let info = tile.info();
        let base = self.parent.len() as u32;
        self.tile_base.push(base);
        self.tile_nbrs.push(0);
        self.stamp.push(0);
        if info.monastery != NO_SEG || info.garden != NO_SEG {
            self.monasteries.push(idx as u32);
        }
        for i in 0..info.nodes as usize {
            let n = base + i as u32;
            self.parent.push(n);
            self.size.push(1);
            self.next.push(n);
            self.node_tile.push(idx as u32);
            self.node_seg.push(i as u8);
            self.open.push(info.open[i] as i32);
            self.mcount.push(0);
            self.scored.push(false);
        }
        let r = rot as usize;
        let packed = info.packed[r];
        for side in Side::ALL {
            let s = side as usize;
            let Some(npos) = pos.neighbour(side) else {
                continue;
            };
            let our_code = (packed >> (2 * s)) & 3;
            match self.cells.get(npos) {
                Some(v) if v & FRONTIER == 0 => {
                    let j = v as usize;
                    let other = self.tiles[j];
                    let oinfo = other.tile.info();
                    let o = (s + 2) & 3;
                    let their_code = (oinfo.packed[other.rot as usize] >> (2 * o)) & 3;
                    if our_code != their_code {
                        continue;
                    }
                    let obase = self.tile_base[j];
                    let or = other.rot as usize;
                    // road or city through the side
                    if our_code != Edge::Field.code() {
                        let a = info.side_seg[(s + 4 - r) & 3];
                        let b = oinfo.side_seg[(o + 4 - or) & 3];
                        if a != NO_SEG && b != NO_SEG {
                            self.join(base + a as u32, obase + b as u32);
                        }
                    }
                    // fields through the half-sides
                    if our_code != Edge::City.code() {
                        for (ha, hb) in SIDE_HALVES[s].into_iter().zip(SIDE_HALVES[o]) {
                            let a = info.half_seg[(ha + 8 - 2 * r) & 7];
                            let b = oinfo.half_seg[(hb + 8 - 2 * or) & 7];
                            if a != NO_SEG && b != NO_SEG {
                                self.join(base + a as u32, obase + b as u32);
                            }
                        }
                    }
                }
                Some(v) => {
                    let f = &mut self.frontier[(v & !FRONTIER) as usize];
                    let o = 2 * ((s + 2) & 3);
                    f.mask |= 3 << o;
                    f.val |= our_code << o;
                }
                None => {
                    let o = 2 * ((s + 2) & 3);
                    let k = self.frontier.len() as u32;
                    self.frontier.push(Frontier {
                        pos: npos,
                        mask: 3 << o,
                        val: our_code << o,
                    });
                    self.cells.insert(npos, FRONTIER | k);
                }
            }
        }
        // monastery neighbour counts
        let mut own = 0u8;
        for (dx, dy) in AROUND {
            if let Some(p) = pos.offset(dx, dy) {
                if let Some(j) = self.tile_index_at(p) {
                    self.tile_nbrs[j] += 1;
                    own += 1;
                }
            }
        }
        self.tile_nbrs[idx] = own;
        self.note_builders(idx);
        Ok(())
    }

    fn remove_frontier(&mut self, k: usize) {
        self.frontier.swap_remove(k);
        if let Some(moved) = self.frontier.get(k) {
            let p = moved.pos;
            self.cells.insert(p, FRONTIER | k as u32);
        }
    }

    /// Join two segments that meet across a matching side (or half-side): one open end each
    /// closes.
    #[inline]
    fn join(&mut self, a: u32, b: u32) {
        let r = self.union(a, b);
        self.open[r as usize] -= 2;
    }
}
