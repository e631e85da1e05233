//! The board and game state: placed tiles, meeples, supplies, scores, and the turn operations
//! (placement, deployment, scoring). Feature bookkeeping lives in `features`, scoring in
//! `scoring`, move generation in `movegen`; all are `impl Game` blocks over this state.

use crate::board::{CellMap, Pos, AROUND};
use crate::expansions::traders_builders::builder::{BonusError, BuilderFault};
use crate::expansions::SetStates;
use crate::figures::Figure;
use crate::rules::Rules;
use crate::tiles::{
    Color, Edge, FeatureKind, Place, Role, Rotation, SegmentDef, Side, TileType, NO_SEG,
    SIDE_HALVES,
};
use std::fmt;

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

/// A second tile on an occupied cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellOccupied {
    /// The cell.
    pub pos: Pos,
    /// The tile already there.
    pub existing: PlacedTile,
}

impl fmt::Display for CellOccupied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cell {} already holds tile {}",
            self.pos, self.existing.tile
        )
    }
}

impl std::error::Error for CellOccupied {}

/// One side of a placement that touches a neighbour showing a different edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mismatch {
    /// Our side (board direction).
    pub side: Side,
    /// The neighbour's cell.
    pub neighbour: Pos,
    /// What our tile shows on `side`.
    pub ours: Edge,
    /// What the neighbour shows on the opposite side.
    pub theirs: Edge,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "side {} shows {} but the tile at {} shows {}",
            self.side, self.ours, self.neighbour, self.theirs
        )
    }
}

/// Why a placement is illegal; every problem is listed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct PlacementError {
    /// The cell already holds a tile.
    pub occupied: bool,
    /// The board is not empty and no tile touches the cell along a side.
    pub not_adjacent: bool,
    /// Each touching side whose edge differs from its neighbour's, in order `N E S W`.
    pub mismatches: Vec<Mismatch>,
}

impl fmt::Display for PlacementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if self.occupied {
            parts.push("the cell is occupied".into());
        }
        if self.not_adjacent {
            parts.push("no tile touches the cell along a side".into());
        }
        for m in &self.mismatches {
            parts.push(m.to_string());
        }
        if parts.is_empty() {
            f.write_str("illegal placement")
        } else {
            f.write_str(&parts.join("; "))
        }
    }
}

impl std::error::Error for PlacementError {}

/// Why a meeple cannot be deployed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DeployError {
    /// A turn's meeple must stand on the tile just placed.
    NotLastTile,
    /// No tile at that cell (setup meeples).
    NoTile,
    /// The place does not exist on the tile, or holds a feature of another kind than the role's.
    NoSuchPlace,
    /// No place given and the tile holds several features of the role's kind.
    AmbiguousPlace,
    /// The whole connected feature already holds these meeples.
    Occupied {
        /// The meeples on the feature.
        meeples: Vec<MeepleId>,
    },
    /// The colour's supply is empty.
    EmptySupply,
    /// A farmer while farmers are off.
    FarmersOff,
    /// A special figure (large meeple, abbot …: one per player) that already stands on the
    /// board.
    FigureInUse(Figure),
    /// A builder (Traders & Builders) where it may not stand.
    BuilderPlace(BuilderFault),
    /// A pig (Traders & Builders) in a field where its owner has no farmer (meeple or large
    /// meeple).
    PigWithoutFarmer,
}

impl fmt::Display for DeployError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeployError::NotLastTile => f.write_str("a meeple may only go on the tile just placed"),
            DeployError::NoTile => f.write_str("no tile at that cell"),
            DeployError::NoSuchPlace => {
                f.write_str("the tile has no feature of that kind at that place")
            }
            DeployError::AmbiguousPlace => {
                f.write_str("the tile has several features of that kind; name the place")
            }
            DeployError::Occupied { meeples } => {
                write!(f, "the feature already holds {} meeple(s)", meeples.len())
            }
            DeployError::EmptySupply => f.write_str("no meeple left in supply"),
            DeployError::FarmersOff => f.write_str("farmers are off"),
            DeployError::FigureInUse(figure) => write!(f, "the {figure} is already on the board"),
            DeployError::BuilderPlace(fault) => fault.fmt(f),
            DeployError::PigWithoutFarmer => {
                f.write_str("a pig goes only into a field where its owner already has a farmer")
            }
        }
    }
}

impl std::error::Error for DeployError {}

/// Why a strict turn ([`Game::play_turn`]) was refused; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TurnError {
    /// The placement is illegal.
    Placement(PlacementError),
    /// The deployment is illegal.
    Deploy(DeployError),
    /// A bonus part that the part before did not earn (Traders & Builders).
    Bonus(BonusError),
    /// The recall is refused (The Abbot).
    Recall(RecallError),
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::Placement(e) => write!(f, "illegal placement: {e}"),
            TurnError::Deploy(e) => write!(f, "illegal deployment: {e}"),
            TurnError::Bonus(e) => write!(f, "no bonus tile: {e}"),
            TurnError::Recall(e) => write!(f, "illegal recall: {e}"),
        }
    }
}

impl std::error::Error for TurnError {}

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

    /// The union-find node and the place that a deployment of `figure` as `role` at optional
    /// `place` on the tile at `pos` designates. The abbot (The Abbot) goes on the tile's
    /// monastery or, on a tile without one, its garden (place: the centre; role: monk only, as
    /// the pig is a farmer only); every other figure on the segment of [`Game::resolve`]. Only
    /// the abbot reaches a garden.
    pub(crate) fn locate(
        &self,
        pos: Pos,
        figure: Figure,
        role: Role,
        place: Option<Place>,
    ) -> Result<(u32, Place), DeployError> {
        if figure == Figure::Pig && role != Role::Farmer {
            return Err(DeployError::NoSuchPlace);
        }
        // the abbot stands on a monastery or garden: as a monk only (a knight abbot would
        // stand on a monastery with a role of another kind of feature)
        if figure == Figure::Abbot && role != Role::Monk {
            return Err(DeployError::NoSuchPlace);
        }
        if figure != Figure::Abbot {
            let (idx, seg, place) = self.resolve(pos, role, place)?;
            return Ok((self.tile_base[idx] + u32::from(seg.index), place));
        }
        let idx = self.tile_index_at(pos).ok_or(DeployError::NoTile)?;
        let info = self.tiles[idx].tile.info();
        let at = if info.monastery != NO_SEG {
            info.monastery
        } else {
            info.garden
        };
        if at == NO_SEG || place.is_some_and(|p| p != Place::Centre) {
            return Err(DeployError::NoSuchPlace);
        }
        Ok((self.tile_base[idx] + u32::from(at), Place::Centre))
    }

    /// The segment of the tile at `pos` that `role` with optional `place` designates.
    pub(crate) fn resolve(
        &self,
        pos: Pos,
        role: Role,
        place: Option<Place>,
    ) -> Result<(usize, SegmentDef, Place), DeployError> {
        let idx = self.tile_index_at(pos).ok_or(DeployError::NoTile)?;
        let t = self.tiles[idx];
        let (seg, place) = resolve_on(t.tile, t.rot, role, place)?;
        Ok((idx, seg, place))
    }

    /// Deploy a meeple of `colour` in a turn: on the tile just placed (`pos`), on a feature whose
    /// whole connected feature holds no meeple, from a non-empty supply, farmers only when on.
    /// Checks in order: last tile, place, farmers, occupancy, supply.
    pub fn deploy(
        &mut self,
        colour: Color,
        pos: Pos,
        role: Role,
        place: Option<Place>,
    ) -> Result<MeepleId, DeployError> {
        self.deploy_figure(colour, Figure::Meeple, pos, role, place)
    }

    /// As [`Game::deploy`] for any figure: a special figure (one per player, e.g. the large
    /// meeple) instead of the supply needs to be off the board ([`DeployError::FigureInUse`]).
    /// The builder follows its own rules ([`Game::deploy_builder`]; `role` is ignored). A
    /// figure that does not occupy ([`Figure::occupies`]: the pig) ignores the occupancy rule;
    /// the pig (role [`Role::Farmer`] only) needs a farmer of `colour` in its field
    /// ([`DeployError::PigWithoutFarmer`], checked after occupancy, before the supply).
    pub fn deploy_figure(
        &mut self,
        colour: Color,
        figure: Figure,
        pos: Pos,
        role: Role,
        place: Option<Place>,
    ) -> Result<MeepleId, DeployError> {
        if figure == Figure::Builder {
            return self.deploy_builder(colour, pos, place);
        }
        if self.last != Some(pos) {
            return Err(DeployError::NotLastTile);
        }
        let (node, place) = self.locate(pos, figure, role, place)?;
        if role == Role::Farmer && !self.config.farmers {
            return Err(DeployError::FarmersOff);
        }
        let root = self.find(node);
        if figure.occupies() && self.occupied(root) {
            return Err(DeployError::Occupied {
                meeples: self.occupants_of_root(root),
            });
        }
        if figure == Figure::Pig && !self.has_farmer(colour, root) {
            return Err(DeployError::PigWithoutFarmer);
        }
        self.figure_available(colour, figure)?;
        Ok(self.add_figure(colour, figure, role, pos, place, node))
    }

    /// Whether `colour` has `figure` to deploy: a meeple from a non-empty supply, a special
    /// figure when none of that kind of theirs stands on the board.
    pub fn figure_available(&self, colour: Color, figure: Figure) -> Result<(), DeployError> {
        if figure == Figure::Meeple {
            if self.supply[colour.index()] <= 0 {
                return Err(DeployError::EmptySupply);
            }
        } else if self
            .meeples
            .iter()
            .any(|s| s.meeple.colour == colour && s.meeple.figure == figure)
        {
            return Err(DeployError::FigureInUse(figure));
        }
        Ok(())
    }

    /// A setup meeple on any placed tile: no occupancy rule (an earlier merge may explain two
    /// meeples on one feature). Takes one from supply, which may go negative (the caller
    /// counts). The farmers rule still applies. Checks in order: tile, place, farmers.
    pub fn setup_meeple(
        &mut self,
        colour: Color,
        pos: Pos,
        role: Role,
        place: Option<Place>,
    ) -> Result<MeepleId, DeployError> {
        self.setup_figure(colour, Figure::Meeple, pos, role, place)
    }

    /// As [`Game::setup_meeple`] for any figure; a special figure of `colour` already on the
    /// board is [`DeployError::FigureInUse`] (one per player). A setup is a position, not a
    /// history: a figure's company may be written after it. A builder needs a road or city
    /// place (`role` is ignored); whether its owner's follower stands beside it is
    /// [`Game::builder_fault`]'s, once the whole setup is known. A pig's farmer is checked
    /// likewise, by [`Game::pigs_without_farmer`].
    pub fn setup_figure(
        &mut self,
        colour: Color,
        figure: Figure,
        pos: Pos,
        role: Role,
        place: Option<Place>,
    ) -> Result<MeepleId, DeployError> {
        if figure == Figure::Builder {
            return self.setup_builder(colour, pos, place);
        }
        let (node, place) = self.locate(pos, figure, role, place)?;
        if role == Role::Farmer && !self.config.farmers {
            return Err(DeployError::FarmersOff);
        }
        if figure != Figure::Meeple {
            self.figure_available(colour, figure)?;
        }
        Ok(self.add_figure(colour, figure, role, pos, place, node))
    }

    pub(crate) fn add_meeple(
        &mut self,
        colour: Color,
        role: Role,
        pos: Pos,
        place: Place,
        node: u32,
    ) -> MeepleId {
        self.add_figure(colour, Figure::Meeple, role, pos, place, node)
    }

    /// Stand a figure on segment node `node`; a meeple comes out of the supply.
    pub(crate) fn add_figure(
        &mut self,
        colour: Color,
        figure: Figure,
        role: Role,
        pos: Pos,
        place: Place,
        node: u32,
    ) -> MeepleId {
        let id = MeepleId(self.next_meeple);
        self.next_meeple = self.next_meeple.wrapping_add(1);
        let root = self.find(node);
        self.mcount[root as usize] += 1;
        if !figure.occupies() {
            self.passive += 1;
        }
        if figure == Figure::Meeple {
            let s = &mut self.supply[colour.index()];
            *s = s.saturating_sub(1);
        }
        self.meeples.push(MeepleSlot {
            meeple: Meeple {
                id,
                colour,
                figure,
                role,
                pos,
                place,
            },
            node,
        });
        id
    }

    /// The strict all-in-one turn for simulators and tests: the placement must be legal and the
    /// meeple (if any) deployable; otherwise nothing changes. Then scores what the tile
    /// completed, and the player takes the goods of the cities it completed
    /// ([`Game::take_goods`]).
    pub fn play_turn(
        &mut self,
        colour: Color,
        tile: TileType,
        pos: Pos,
        rot: Rotation,
        meeple: Option<(Role, Option<Place>)>,
    ) -> Result<TurnScore, TurnError> {
        self.check_placement(tile, pos, rot)
            .map_err(TurnError::Placement)?;
        if let Some((role, place)) = meeple {
            self.precheck_deploy(colour, tile, pos, rot, role, place)
                .map_err(TurnError::Deploy)?;
        }
        self.place_tile_unchecked(tile, pos, rot).map_err(|_| {
            TurnError::Placement(PlacementError {
                occupied: true,
                ..PlacementError::default()
            })
        })?;
        if let Some((role, place)) = meeple {
            self.deploy(colour, pos, role, place)
                .map_err(TurnError::Deploy)?;
        }
        Ok(self.finish_part(colour, pos).score)
    }

    /// Would deploying after placing `tile` at `pos` be legal? (Placement assumed legal.)
    fn precheck_deploy(
        &self,
        colour: Color,
        tile: TileType,
        pos: Pos,
        rot: Rotation,
        role: Role,
        place: Option<Place>,
    ) -> Result<(), DeployError> {
        let (seg, _) = resolve_on(tile, rot, role, place)?;
        if role == Role::Farmer && !self.config.farmers {
            return Err(DeployError::FarmersOff);
        }
        let mut roots: Vec<u32> = Vec::new();
        for side in Side::ALL {
            let Some(n) = pos.neighbour(side) else {
                continue;
            };
            let Some(j) = self.tile_index_at(n) else {
                continue;
            };
            let other = self.tiles[j];
            let o = side.opposite();
            if tile.edge(rot, side) != other.tile.edge(other.rot, o) {
                continue;
            }
            let oinfo = other.tile.info();
            let or = other.rot as usize;
            let obase = self.tile_base[j];
            match seg.kind {
                FeatureKind::Road | FeatureKind::City => {
                    if seg.places.contains(Place::Side(side)) {
                        let b = oinfo.side_seg[(o as usize + 4 - or) & 3];
                        if b != NO_SEG {
                            roots.push(self.find_ro(obase + b as u32));
                        }
                    }
                }
                FeatureKind::Field => {
                    if tile.edge(rot, side) == Edge::City {
                        continue;
                    }
                    let info = tile.info();
                    let r = rot as usize;
                    for (ha, hb) in SIDE_HALVES[side as usize]
                        .into_iter()
                        .zip(SIDE_HALVES[o as usize])
                    {
                        if info.half_seg[(ha + 8 - 2 * r) & 7] == seg.index {
                            let b = oinfo.half_seg[(hb + 8 - 2 * or) & 7];
                            if b != NO_SEG {
                                roots.push(self.find_ro(obase + b as u32));
                            }
                        }
                    }
                }
                FeatureKind::Monastery => {}
            }
        }
        roots.sort_unstable();
        roots.dedup();
        let mut meeples = Vec::new();
        for r in roots {
            if self.occupied(r) {
                meeples.extend(self.occupants_of_root(r));
            }
        }
        if !meeples.is_empty() {
            return Err(DeployError::Occupied { meeples });
        }
        if self.supply[colour.index()] <= 0 {
            return Err(DeployError::EmptySupply);
        }
        Ok(())
    }

    /// Every reason [`Game::deploy`] would refuse this deployment, in its order (last tile or
    /// place, farmers, occupancy, supply); empty when it is legal. `deploy` stops at the first
    /// fault; this lists them all, so that a deployment that is both onto an occupied feature
    /// and from an empty supply can be reported for both. The game is unchanged.
    pub fn deploy_faults(
        &mut self,
        colour: Color,
        pos: Pos,
        role: Role,
        place: Option<Place>,
    ) -> Vec<DeployError> {
        self.figure_deploy_faults(colour, Figure::Meeple, pos, role, place)
    }

    /// As [`Game::deploy_faults`] for any figure (the pig's farmer is checked after
    /// occupancy; the last check is [`Game::figure_available`]).
    pub fn figure_deploy_faults(
        &mut self,
        colour: Color,
        figure: Figure,
        pos: Pos,
        role: Role,
        place: Option<Place>,
    ) -> Vec<DeployError> {
        if figure == Figure::Builder {
            return self.builder_deploy_faults(colour, pos, place);
        }
        let mut faults = Vec::new();
        let located = if self.last == Some(pos) {
            self.locate(pos, figure, role, place)
        } else {
            Err(DeployError::NotLastTile)
        };
        match located {
            Err(e) => faults.push(e),
            Ok((node, _)) => {
                if role == Role::Farmer && !self.config.farmers {
                    faults.push(DeployError::FarmersOff);
                }
                let root = self.find(node);
                if figure.occupies() && self.occupied(root) {
                    faults.push(DeployError::Occupied {
                        meeples: self.occupants_of_root(root),
                    });
                }
                if figure == Figure::Pig && !self.has_farmer(colour, root) {
                    faults.push(DeployError::PigWithoutFarmer);
                }
            }
        }
        if let Err(e) = self.figure_available(colour, figure) {
            faults.push(e);
        }
        faults
    }

    /// Takes meeple `id` off the board and back into its owner's supply (a setup meeple that
    /// could not stand where it was written). Returns it, or `None` when it is not on the board.
    pub fn remove_meeple(&mut self, id: MeepleId) -> Option<Meeple> {
        let k = self.meeples.iter().position(|s| s.meeple.id == id)?;
        let slot = self.meeples.remove(k);
        let root = self.find(slot.node);
        let count = &mut self.mcount[root as usize];
        *count = count.saturating_sub(1);
        if !slot.meeple.figure.occupies() {
            self.passive = self.passive.saturating_sub(1);
        }
        if slot.meeple.figure == Figure::Meeple {
            let supply = &mut self.supply[slot.meeple.colour.index()];
            *supply = supply.saturating_add(1);
        }
        Some(slot.meeple)
    }

    /// Whether the feature with root `root` holds a figure that occupies it
    /// ([`Figure::occupies`]): a pig or a builder alone does not.
    pub(crate) fn occupied(&self, root: u32) -> bool {
        self.mcount[root as usize] > 0
            && self
                .meeples
                .iter()
                .any(|s| s.meeple.figure.occupies() && self.find_ro(s.node) == root)
    }

    /// Ids of the figures that occupy the feature with root `root`, in deployment order.
    pub(crate) fn occupants_of_root(&self, root: u32) -> Vec<MeepleId> {
        self.meeples
            .iter()
            .filter(|s| s.meeple.figure.occupies() && self.find_ro(s.node) == root)
            .map(|s| s.meeple.id)
            .collect()
    }
}

/// Resolve a role and optional place on a tile type to one of its segments and the place to
/// record.
pub(crate) fn resolve_on(
    tile: TileType,
    rot: Rotation,
    role: Role,
    place: Option<Place>,
) -> Result<(SegmentDef, Place), DeployError> {
    let kind = role.kind();
    match place {
        Some(p) => match tile.segment_at(rot, p) {
            Some(seg) if seg.kind == kind => Ok((seg, p)),
            _ => Err(DeployError::NoSuchPlace),
        },
        None => {
            let mut found = None;
            for seg in tile.segments(rot) {
                if seg.kind == kind {
                    if found.is_some() {
                        return Err(DeployError::AmbiguousPlace);
                    }
                    found = Some(seg);
                }
            }
            let seg = found.ok_or(DeployError::NoSuchPlace)?;
            // the one field of a tile may touch no side (ic.H's `inner`): no corner names it
            let inner = || {
                tile.segment_at(rot, Place::Inner)
                    .is_some_and(|s| s.index == seg.index)
                    .then_some(Place::Inner)
            };
            let p = seg
                .places
                .first()
                .or_else(inner)
                .ok_or(DeployError::NoSuchPlace)?;
            Ok((seg, p))
        }
    }
}
