//! Differential test of scoring: a deliberately naive, independent re-implementation of the
//! scoring rules of docs/tiles.md (an "oracle") plays the same seeded games as the engine and must
//! agree with it on every turn's gains per colour, every colour's supply, the meeples left on
//! the board, the final-scoring gains and the final totals.
//!
//! The oracle shares nothing with the engine's features or scoring: it keeps its own board
//! (cell → tile, rotation), its own meeple list and supplies, and recomputes every feature by a
//! flood fill from scratch whenever it needs one. From the engine it uses only the tile
//! catalogue (`edges`, `segments`, `segment`, `segment_at`, `touched_cities`, `has_shield`,
//! `has_monastery`, the rows' half-sides and modifiers (`field_at`, shields, inns,
//! cathedrals), verified against docs/tiles.md and the expansions' tables in
//! tests/catalogue.rs), and the engine's
//! simulator and move generation to PRODUCE games, checked against the oracle's own legality
//! rules as well: every legal placement and deployment list of the own-loop games, every
//! discard, every chosen move.
//!
//! Games come from these drivers: the engine's simulator (one box, or four boxes for the
//! engine's other monastery lookup beyond 16 monasteries, or one box with Inns & Cathedrals
//! and The Abbot: their tiles, the large meeple, which counts 2, the abbot and recalls), an
//! own loop over Traders & Builders games from the simulator (goods, builders with their bonus
//! parts, and pigs: see their sections), an
//! own loop over `place_tile_unchecked` / `legal_deployments` / `deploy` / `score_completed`,
//! an own loop over `play_turn` with the meeple chosen from the oracle's list, and an own loop
//! with both expansions (`compare_expansions`) in which every figure the engine accepts or
//! refuses on every segment, the abbot and the recall (with the engine's reason for refusing
//! it) must be the oracle's, and placements mostly close inns, cathedrals and the cells
//! around abbots, so that completed cathedrals and surrounded gardens occur. 2 to 5 players,
//! farmers on and off.
//!
//! The oracle is organised per rule: the base game (features, values, majorities, final
//! scoring), The River, The Abbot (gardens, the abbot, recall), the expansion own loop. Its
//! rules for the expansions are its own reading of docs/notation.md ("The Abbot and Inns &
//! Cathedrals"); only catalogue facts (`has_garden`, `family`, the rows' modifiers) are
//! shared.
//!
//! Fast by default (`DEFAULT_GAMES` games, about two seconds in debug);
//! `CARC_ORACLE_GAMES=5000` runs a longer comparison, `CARC_ORACLE_EXPANSION_GAMES=1000` the
//! same for the expansion games (three per seed: own loop, simulator, simulator after a river
//! opening). The test prints what the games exercised
//! (`--nocapture`): ties, minorities, several meeples on one feature, fields worth 0, 3 and 6+…

use carc_rules::{
    Action, Color, Config, Corner, Edge, FeatureKind, Figure, Game, Good, HalfSide, Modifiers,
    Place, Pos, Role, Rotation, Side, Sim, Step, TileSet, TileType,
};
use std::collections::BTreeSet;

const DEFAULT_GAMES: u64 = 240;

// ---------------------------------------------------------------------------------------------
// The oracle: the base game (board, features by flood fill, values, majorities, turn and final
// scoring). The expansions' rules follow in their own sections.

/// A segment of a placed tile: `(x, y, segment index)`.
type Node = (i32, i32, u8);

/// The cell across `side` of `x,y` (docs/tiles.md: N is `x,y+1`, E is `x+1,y`).
fn across(x: i32, y: i32, side: Side) -> (i32, i32) {
    match side {
        Side::N => (x, y + 1),
        Side::E => (x + 1, y),
        Side::S => (x, y - 1),
        Side::W => (x - 1, y),
    }
}

fn opposite(side: Side) -> Side {
    match side {
        Side::N => Side::S,
        Side::E => Side::W,
        Side::S => Side::N,
        Side::W => Side::E,
    }
}

fn side_index(side: Side) -> usize {
    match side {
        Side::N => 0,
        Side::E => 1,
        Side::S => 2,
        Side::W => 3,
    }
}

const AROUND: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct OMeeple {
    colour: usize,
    x: i32,
    y: i32,
    seg: u8,
    role: Role,
    place: Place,
    /// What stands there: a meeple (from the supply), the large meeple of Inns & Cathedrals
    /// or the abbot of The Abbot (one each per player, not counted by the supply).
    figure: Figure,
}

/// The node of a tile's garden (The Abbot): not a segment of the catalogue, so the oracle
/// names it by a segment index no tile has.
const GARDEN: u8 = u8::MAX;

/// How much a figure weighs in a majority (seed 004 and The Abbot's rules): the large meeple
/// 2, a meeple or the abbot 1. The oracle's own table, not [`Figure::strength`].
fn strength(figure: Figure) -> u32 {
    match figure {
        Figure::Meeple | Figure::Abbot => 1,
        Figure::LargeMeeple => 2,
        other => panic!("oracle: no rules for the {other} yet"),
    }
}

/// One connected feature, recomputed from scratch.
#[derive(Debug)]
struct OFeature {
    kind: FeatureKind,
    nodes: BTreeSet<Node>,
    /// Distinct cells of the feature (for a monastery: its own tile only).
    cells: BTreeSet<(i32, i32)>,
    /// Roads/cities: sides of member segments facing an empty cell. Monastery (or garden):
    /// empty cells around. Fields: unused.
    open: u32,
    /// A garden (The Abbot): `kind` is then [`FeatureKind::Monastery`], whose scoring it
    /// shares.
    garden: bool,
}

/// The oracle's board: cell → (tile, rotation), a plain grid of the cells within `reach` of
/// 0,0 (a game of `n` tiles reaches at most `n - 1` cells away from the start tile).
#[derive(Debug, Clone)]
struct Board {
    reach: i32,
    cells: Vec<Option<(TileType, Rotation)>>,
    placed: Vec<(i32, i32)>,
}

impl Board {
    fn new(tiles: usize) -> Board {
        let reach = tiles as i32;
        let side = (2 * reach + 1) as usize;
        Board {
            reach,
            cells: vec![None; side * side],
            placed: Vec::new(),
        }
    }
    fn slot(&self, &(x, y): &(i32, i32)) -> Option<usize> {
        let r = self.reach;
        if x.abs() > r || y.abs() > r {
            return None;
        }
        Some((x + r) as usize * (2 * r + 1) as usize + (y + r) as usize)
    }
    fn get(&self, c: &(i32, i32)) -> Option<&(TileType, Rotation)> {
        self.cells[self.slot(c)?].as_ref()
    }
    fn contains_key(&self, c: &(i32, i32)) -> bool {
        self.get(c).is_some()
    }
    fn is_empty(&self) -> bool {
        self.placed.is_empty()
    }
    fn keys(&self) -> impl Iterator<Item = &(i32, i32)> {
        self.placed.iter()
    }
    /// Put a tile on an empty cell; false if the cell is taken.
    fn insert(&mut self, c: (i32, i32), v: (TileType, Rotation)) -> bool {
        let slot = self.slot(&c).expect("cell within reach");
        if self.cells[slot].is_some() {
            return false;
        }
        self.cells[slot] = Some(v);
        self.placed.push(c);
        true
    }
    /// Take back the tile placed last (to try a placement and undo it).
    fn undo(&mut self) {
        if let Some(c) = self.placed.pop() {
            let slot = self.slot(&c).expect("cell within reach");
            self.cells[slot] = None;
        }
    }
}

impl std::ops::Index<&(i32, i32)> for Board {
    type Output = (TileType, Rotation);
    fn index(&self, c: &(i32, i32)) -> &(TileType, Rotation) {
        self.get(c).expect("tile at cell")
    }
}

#[derive(Debug, Clone)]
struct Oracle {
    board: Board,
    meeples: Vec<OMeeple>,
    supply: [i32; Color::COUNT],
    score: [i64; Color::COUNT],
    /// Goods tokens per colour (Traders & Builders): wine, grain, cloth.
    goods: [[u32; 3]; Color::COUNT],
    farmers: bool,
    /// `rules inns-cathedrals`: each player has a large meeple.
    large: bool,
    /// `rules abbot`: each player has an abbot (and may recall it).
    abbot: bool,
    /// What the comparison exercised (situation → count), to show the games are not trivial.
    stats: std::collections::BTreeMap<&'static str, u64>,
}

impl Oracle {
    /// An empty board for a game of at most `tiles` tiles.
    fn new(farmers: bool, tiles: usize) -> Oracle {
        Oracle::with_sets(farmers, tiles, &[])
    }

    /// As [`Oracle::new`] with the figures of the expansions in `sets`: the large meeple
    /// (Inns & Cathedrals), the abbot (The Abbot). Tiles need no switch: the oracle scores
    /// whatever tile is placed as printed.
    fn with_sets(farmers: bool, tiles: usize, sets: &[TileSet]) -> Oracle {
        Oracle {
            board: Board::new(tiles),
            meeples: Vec::new(),
            supply: [7; Color::COUNT],
            score: [0; Color::COUNT],
            goods: [[0; 3]; Color::COUNT],
            farmers,
            large: sets.contains(&TileSet::InnsCathedrals),
            abbot: sets.contains(&TileSet::Abbot),
            stats: Default::default(),
        }
    }

    fn edge(&self, x: i32, y: i32, side: Side) -> Option<Edge> {
        let &(t, r) = self.board.get(&(x, y))?;
        Some(t.edges(r)[side_index(side)])
    }

    fn kind_of(&self, (x, y, i): Node) -> (FeatureKind, carc_rules::SegmentDef) {
        let (t, r) = self.board[&(x, y)];
        let seg = t.segment(r, i as usize).expect("segment exists");
        (seg.kind, seg)
    }

    /// Segments joined to `node` across its tile's sides (roads/cities) or half-sides (fields).
    fn links(&self, node: Node) -> Vec<Node> {
        let (x, y, _) = node;
        let (kind, seg) = self.kind_of(node);
        let mut out = Vec::new();
        match kind {
            FeatureKind::Road | FeatureKind::City => {
                for side in seg.places.sides() {
                    let (nx, ny) = across(x, y, side);
                    let Some(&(nt, nr)) = self.board.get(&(nx, ny)) else {
                        continue;
                    };
                    let o = opposite(side);
                    if nt.edges(nr)[side_index(o)] != self.edge(x, y, side).unwrap() {
                        continue;
                    }
                    let other = nt
                        .segment_at(nr, Place::Side(o))
                        .expect("matching side has a segment");
                    assert_eq!(other.kind, kind);
                    out.push((nx, ny, other.index));
                }
            }
            FeatureKind::Field => {
                // by half-sides, from the catalogue row (a split corner, ic.G's SE, belongs
                // to two fields; corners cannot say that)
                let (t, r) = self.board[&(x, y)];
                let spec = t.def().segments[usize::from(seg.index)];
                for h in 0..8usize {
                    if spec.half_sides & (1 << h) == 0 || !t.def().half_side_exists(h) {
                        continue;
                    }
                    let hb = (h + 2 * r.index()) & 7; // in board directions
                    let side = HalfSide::ALL[hb].side();
                    let ours = self.edge(x, y, side).unwrap();
                    let (nx, ny) = across(x, y, side);
                    let Some(&(nt, nr)) = self.board.get(&(nx, ny)) else {
                        continue;
                    };
                    if nt.edges(nr)[side_index(opposite(side))] != ours {
                        continue;
                    }
                    // the half-side facing it: mirrored across the shared side
                    let facing = match side {
                        Side::N | Side::S => (11 - hb) & 7,
                        Side::E | Side::W => 7 - hb,
                    };
                    let theirs = (facing + 8 - 2 * nr.index()) & 7;
                    let other = nt
                        .def()
                        .field_at(HalfSide::ALL[theirs])
                        .expect("a half-side belongs to a field");
                    out.push((nx, ny, other as u8));
                }
            }
            FeatureKind::Monastery => {}
        }
        out
    }

    fn neighbours_present(&self, x: i32, y: i32) -> u32 {
        AROUND
            .iter()
            .filter(|(dx, dy)| self.board.contains_key(&(x + dx, y + dy)))
            .count() as u32
    }

    /// The whole connected feature of `start`, by breadth-first flood fill.
    fn feature(&self, start: Node) -> OFeature {
        if start.2 == GARDEN {
            return self.garden(start.0, start.1);
        }
        let (kind, _) = self.kind_of(start);
        let mut nodes = BTreeSet::from([start]);
        let mut todo = vec![start];
        while let Some(n) = todo.pop() {
            for m in self.links(n) {
                if nodes.insert(m) {
                    todo.push(m);
                }
            }
        }
        let cells: BTreeSet<(i32, i32)> = nodes.iter().map(|&(x, y, _)| (x, y)).collect();
        let open = match kind {
            FeatureKind::Road | FeatureKind::City => nodes
                .iter()
                .map(|&n| {
                    let (_, seg) = self.kind_of(n);
                    seg.places
                        .sides()
                        .filter(|&s| !self.board.contains_key(&across(n.0, n.1, s)))
                        .count() as u32
                })
                .sum(),
            FeatureKind::Monastery => 8 - self.neighbours_present(start.0, start.1),
            FeatureKind::Field => 0,
        };
        OFeature {
            kind,
            nodes,
            cells,
            open,
            garden: false,
        }
    }

    /// Value of a completed road/city/monastery during play (seed 004: an inn doubles a road,
    /// a cathedral makes a city 3 per tile and shield).
    fn completed_value(&self, f: &OFeature) -> u32 {
        let tiles = f.cells.len() as u32;
        let special = self.inn_or_cathedral(f);
        match f.kind {
            FeatureKind::Road if special => 2 * tiles,
            FeatureKind::Road => tiles,
            FeatureKind::City if special => 3 * tiles + 3 * self.shields(f),
            FeatureKind::City => 2 * tiles + 2 * self.shields(f),
            FeatureKind::Monastery => 9,
            FeatureKind::Field => unreachable!(),
        }
    }

    /// Value at final scoring.
    fn final_value(&self, f: &OFeature) -> u32 {
        let tiles = f.cells.len() as u32;
        let special = self.inn_or_cathedral(f);
        match f.kind {
            FeatureKind::Road | FeatureKind::City if f.open == 0 && special => {
                self.completed_value(f)
            }
            // an inn or cathedral unfinished at the end: nothing
            FeatureKind::Road | FeatureKind::City if special => 0,
            FeatureKind::Road => tiles,
            FeatureKind::City if f.open == 0 => 2 * tiles + 2 * self.shields(f),
            FeatureKind::City => tiles + self.shields(f),
            FeatureKind::Monastery => {
                let (x, y) = *f.cells.first().unwrap();
                let n = self.neighbours_present(x, y);
                if n == 8 {
                    9
                } else {
                    1 + n
                }
            }
            FeatureKind::Field => {
                // 3 per distinct completed city touched; a city is named by its least node
                let mut cities = BTreeSet::new();
                for &n in &f.nodes {
                    let (_, seg) = self.kind_of(n);
                    for ci in seg.touched_cities() {
                        let city = self.feature((n.0, n.1, ci));
                        assert_eq!(city.kind, FeatureKind::City);
                        if city.open == 0 {
                            cities.insert(*city.nodes.first().unwrap());
                        }
                    }
                }
                3 * cities.len() as u32
            }
        }
    }

    fn meeple_node(m: &OMeeple) -> Node {
        (m.x, m.y, m.seg)
    }

    /// Give `value` to the majority on `f` and return its meeples. Returns gains per colour.
    fn award(&mut self, f: &OFeature, value: u32, gains: &mut [u32; Color::COUNT]) {
        let mut count = [0u32; Color::COUNT];
        for m in &self.meeples {
            if f.nodes.contains(&Self::meeple_node(m)) {
                count[m.colour] += strength(m.figure);
            }
        }
        let max = *count.iter().max().unwrap();
        let occupied = count.iter().sum::<u32>();
        let leaders = count.iter().filter(|&&c| c == max).count();
        let special =
            matches!(f.kind, FeatureKind::Road | FeatureKind::City) && self.inn_or_cathedral(f);
        let mut note = |k: &'static str| *self.stats.entry(k).or_default() += 1;
        note(match f.kind {
            FeatureKind::Road => "road scored",
            FeatureKind::City => "city scored",
            FeatureKind::Monastery if f.garden => "garden scored",
            FeatureKind::Monastery => "monastery scored",
            FeatureKind::Field => "field scored",
        });
        if special {
            note(match (f.kind, f.open == 0) {
                (FeatureKind::City, true) => "city with a cathedral completed",
                (FeatureKind::City, false) => "city with a cathedral unfinished at the end (0)",
                (_, true) => "road with an inn completed",
                (_, false) => "road with an inn unfinished at the end (0)",
            });
        }
        if occupied == 0 {
            note("completed feature without meeples");
        }
        if occupied > 1 {
            note("feature with several meeples");
        }
        if max > 0 && leaders > 1 {
            note("tied majority");
        }
        if max > 0 && count.iter().any(|&c| c > 0 && c < max) {
            note("minority scoring 0");
        }
        if f.kind == FeatureKind::Field && value == 0 {
            note("field worth 0");
        }
        if f.kind == FeatureKind::Field && value >= 6 {
            note("field with 2+ completed cities");
        }
        if matches!(f.kind, FeatureKind::Road | FeatureKind::City) && f.nodes.len() > f.cells.len()
        {
            note("road/city through one tile twice");
        }
        if max > 0 {
            for c in 0..Color::COUNT {
                if count[c] == max {
                    gains[c] += value;
                    self.score[c] += i64::from(value);
                }
            }
        }
        let supply = &mut self.supply;
        self.meeples.retain(|m| {
            let on = f.nodes.contains(&(m.x, m.y, m.seg));
            if on && m.figure == Figure::Meeple {
                supply[m.colour] += 1;
            }
            !on
        });
    }

    /// Every legal placement of `tile` by docs/tiles.md: an empty cell touching a tile along a
    /// side, every touching side showing the same letter.
    fn legal_placements(&self, tile: TileType) -> BTreeSet<(i32, i32, usize)> {
        let mut cells = BTreeSet::new();
        for &(x, y) in self.board.keys() {
            for s in Side::ALL {
                let c = across(x, y, s);
                if !self.board.contains_key(&c) {
                    cells.insert(c);
                }
            }
        }
        let mut out = BTreeSet::new();
        for (x, y) in cells {
            for (ri, r) in Rotation::ALL.into_iter().enumerate() {
                if self.fits(tile, x, y, r) {
                    out.insert((x, y, ri));
                }
            }
        }
        out
    }

    /// Whether `tile` may go on `x,y` with `rot`: the cell is empty, some side touches a tile
    /// and every touching side shows the same letter.
    fn fits(&self, tile: TileType, x: i32, y: i32, rot: Rotation) -> bool {
        let e = tile.edges(rot);
        let mut touches = false;
        let matches = Side::ALL.into_iter().all(|s| {
            let (nx, ny) = across(x, y, s);
            match self.edge(nx, ny, opposite(s)) {
                Some(theirs) => {
                    touches = true;
                    theirs == e[side_index(s)]
                }
                None => true,
            }
        });
        !self.board.contains_key(&(x, y)) && touches && matches
    }

    fn place(&mut self, tile: TileType, x: i32, y: i32, rot: Rotation) {
        if !self.board.is_empty() {
            assert!(
                self.fits(tile, x, y, rot),
                "oracle: illegal placement {tile:?} {x},{y} {rot:?}"
            );
        }
        assert!(self.board.insert((x, y), (tile, rot)), "cell taken");
    }

    /// Legal deployments on the tile just placed at `x,y`, as (role, segment index).
    fn deployments(&self, colour: usize, x: i32, y: i32) -> BTreeSet<(Role, u8)> {
        if self.supply[colour] <= 0 {
            return BTreeSet::new();
        }
        self.free_segments(x, y)
    }

    /// The segments of the tile at `x,y` whose whole feature holds no figure (fields only
    /// with farmers on), as (role, segment index): where a figure may go, supply aside.
    fn free_segments(&self, x: i32, y: i32) -> BTreeSet<(Role, u8)> {
        let mut out = BTreeSet::new();
        let (t, r) = self.board[&(x, y)];
        for seg in t.segments(r) {
            if seg.kind == FeatureKind::Field && !self.farmers {
                continue;
            }
            let f = self.feature((x, y, seg.index));
            if self
                .meeples
                .iter()
                .all(|m| !f.nodes.contains(&Self::meeple_node(m)))
            {
                let role = match seg.kind {
                    FeatureKind::Road => Role::Traveller,
                    FeatureKind::City => Role::Knight,
                    FeatureKind::Monastery => Role::Monk,
                    FeatureKind::Field => Role::Farmer,
                };
                out.insert((role, seg.index));
            }
        }
        out
    }

    fn deploy(&mut self, colour: usize, x: i32, y: i32, role: Role, place: Place) {
        self.deploy_figure(colour, x, y, role, place, Figure::Meeple);
    }

    /// A figure of `colour` on the tile just placed at `x,y`: a meeple from the supply, the
    /// large meeple (one per player, never from the supply) on the segment at `place`, or the
    /// abbot (see [`Oracle::abbot_spot`]; `role` and `place` must then be monk and centre).
    fn deploy_figure(
        &mut self,
        colour: usize,
        x: i32,
        y: i32,
        role: Role,
        place: Place,
        figure: Figure,
    ) {
        let (t, r) = self.board[&(x, y)];
        let seg = match figure {
            Figure::Abbot => {
                assert_eq!((role, place), (Role::Monk, Place::Centre), "oracle: abbot");
                assert!(
                    self.abbot_allowed(colour, x, y),
                    "oracle: illegal abbot at {x},{y}"
                );
                self.abbot_spot(x, y).expect("a spot").2
            }
            Figure::LargeMeeple => {
                let seg = t.segment_at(r, place).expect("place on tile");
                assert!(self.large, "oracle: the large meeple without its set");
                assert!(
                    !self
                        .meeples
                        .iter()
                        .any(|m| m.colour == colour && m.figure == Figure::LargeMeeple),
                    "oracle: a second large meeple"
                );
                // the supply does not matter to the large meeple
                let legal = self.free_segments(x, y).contains(&(role, seg.index));
                assert!(
                    legal,
                    "oracle: illegal large deployment {role:?} {place:?} at {x},{y}"
                );
                self.note("large meeple deployed");
                seg.index
            }
            _ => {
                let seg = t.segment_at(r, place).expect("place on tile");
                assert!(
                    self.deployments(colour, x, y).contains(&(role, seg.index)),
                    "oracle: illegal deployment {role:?} {place:?} at {x},{y}"
                );
                self.supply[colour] -= 1;
                seg.index
            }
        };
        self.meeples.push(OMeeple {
            colour,
            x,
            y,
            seg,
            role,
            place,
            figure,
        });
    }

    fn note(&mut self, what: &'static str) {
        *self.stats.entry(what).or_default() += 1;
    }

    /// Score what the tile at `x,y` completed; gains per colour.
    fn score_turn(&mut self, x: i32, y: i32) -> [u32; Color::COUNT] {
        let mut gains = [0; Color::COUNT];
        let (t, r) = self.board[&(x, y)];
        let mut done: Vec<BTreeSet<Node>> = Vec::new();
        for seg in t.segments(r) {
            if !matches!(seg.kind, FeatureKind::Road | FeatureKind::City) {
                continue;
            }
            let f = self.feature((x, y, seg.index));
            if f.open == 0 && !done.contains(&f.nodes) {
                let v = self.completed_value(&f);
                self.award(&f, v, &mut gains);
                done.push(f.nodes);
            }
        }
        for (dx, dy) in std::iter::once((0, 0)).chain(AROUND) {
            let (mx, my) = (x + dx, y + dy);
            let Some(&(mt, mr)) = self.board.get(&(mx, my)) else {
                continue;
            };
            if mt.has_monastery() {
                let m = mt
                    .segments(mr)
                    .find(|s| s.kind == FeatureKind::Monastery)
                    .expect("monastery segment");
                let f = self.feature((mx, my, m.index));
                if f.open == 0 {
                    self.award(&f, 9, &mut gains);
                }
            }
            self.score_garden(mx, my, &mut gains);
        }
        gains
    }

    /// Final scoring: occupied roads, cities, monasteries, then occupied fields.
    fn final_scoring(&mut self) -> [u32; Color::COUNT] {
        let mut gains = [0; Color::COUNT];
        for fields in [false, true] {
            while let Some(m) = self
                .meeples
                .iter()
                .find(|m| (m.role == Role::Farmer) == fields)
                .copied()
            {
                let f = self.feature(Self::meeple_node(&m));
                if f.kind != FeatureKind::Field {
                    assert!(f.open > 0, "a completed feature kept its meeples: {f:?}");
                }
                let v = self.final_value(&f);
                if m.figure == Figure::Abbot {
                    self.note(if f.garden {
                        "abbot in a garden at the end"
                    } else {
                        "abbot on a monastery at the end"
                    });
                }
                if f.kind == FeatureKind::Field && v == 0 {
                    let touches = f
                        .nodes
                        .iter()
                        .any(|&n| self.kind_of(n).1.touched_cities().next().is_some());
                    let k = if touches {
                        "field worth 0: only unfinished cities"
                    } else {
                        "field worth 0: touches no city"
                    };
                    *self.stats.entry(k).or_default() += 1;
                }
                self.award(&f, v, &mut gains);
            }
        }
        gains
    }

    fn meeple_list(&self) -> Vec<FigureOnBoard> {
        let mut v: Vec<_> = self
            .meeples
            .iter()
            .map(|m| (m.colour, m.x, m.y, m.role, m.place, m.figure))
            .collect();
        v.sort();
        v
    }
}

// ---------------------------------------------------------------------------------------------
// Inns & Cathedrals (`rules inns-cathedrals`): the segments' modifiers that the values above
// read (coats of arms, of the base game too; inns; cathedrals). The large meeple's strength is
// in [`strength`], its deployment in `deploy_figure`.

impl Oracle {
    /// Coats of arms: the city segments that carry one (a tile with two cities, ic.P, has its
    /// shield on one of them only).
    fn shields(&self, f: &OFeature) -> u32 {
        f.nodes
            .iter()
            .filter(|n| self.kind_of(**n).1.modifiers.contains(Modifiers::SHIELD))
            .count() as u32
    }

    /// An inn on a road segment or a cathedral in a city segment of the feature.
    fn inn_or_cathedral(&self, f: &OFeature) -> bool {
        !f.garden
            && f.nodes.iter().any(|n| {
                let m = self.kind_of(*n).1.modifiers;
                m.contains(Modifiers::INN) || m.contains(Modifiers::CATHEDRAL)
            })
    }
}

// ---------------------------------------------------------------------------------------------
// The River (`rules river`): which placements of a river tile keep the river rules.

impl Oracle {
    /// The River, naively: the cells beyond every river side that faces an empty cell, with
    /// the tile there and that side.
    fn river_ends(&self) -> Vec<((i32, i32), Side)> {
        let mut out = Vec::new();
        for &(x, y) in self.board.keys() {
            for s in Side::ALL {
                if self.edge(x, y, s) == Some(Edge::River)
                    && !self.board.contains_key(&across(x, y, s))
                {
                    out.push(((x, y), s));
                }
            }
        }
        out
    }

    /// How water entering `tile` turned `rot` through side `inlet` turns: the sign of the
    /// cross product of its heading and its way out (positive: left; 0: straight or none).
    fn river_turn(tile: TileType, rot: Rotation, inlet: Side) -> i32 {
        let e = tile.edges(rot);
        let vec = |s: Side| {
            let (x, y) = across(0, 0, s);
            (x, y)
        };
        let Some(outlet) = Side::ALL
            .into_iter()
            .find(|s| *s != inlet && e[side_index(*s)] == Edge::River)
        else {
            return 0;
        };
        if e[side_index(inlet)] != Edge::River {
            return 0;
        }
        let (ix, iy) = vec(inlet);
        let (hx, hy) = (-ix, -iy);
        let (ox, oy) = vec(outlet);
        (hx * oy - hy * ox).signum()
    }

    /// Whether a turn's river tile keeps the river rules: not the spring, no lake yet, on the
    /// cell beyond an open end, and not turning the same way as the tile at that end.
    fn river_ok(&self, tile: TileType, x: i32, y: i32, rot: Rotation) -> bool {
        if tile.token() == "r.A" || self.board.keys().any(|c| self.board[c].0.token() == "r.L") {
            return false;
        }
        self.river_ends().into_iter().any(|((ex, ey), side)| {
            if across(ex, ey, side) != (x, y) {
                return false;
            }
            let (et, er) = self.board[&(ex, ey)];
            let e = et.edges(er);
            let end_in = Side::ALL
                .into_iter()
                .find(|s| *s != side && e[side_index(*s)] == Edge::River);
            let theirs = end_in.map_or(0, |i| Self::river_turn(et, er, i));
            let ours = Self::river_turn(tile, rot, opposite(side));
            !(ours != 0 && ours == theirs)
        })
    }

    /// Every placement of a river tile that fits and keeps the river rules.
    fn river_placements(&self, tile: TileType) -> BTreeSet<(i32, i32, usize)> {
        self.legal_placements(tile)
            .into_iter()
            .filter(|&(x, y, r)| self.river_ok(tile, x, y, Rotation::ALL[r]))
            .collect()
    }
}

// ---------------------------------------------------------------------------------------------
// The Abbot (`rules abbot`): gardens, the abbot and its recall, by the oracle's own reading of
// docs/notation.md ("The Abbot and Inns & Cathedrals") and the seed rules of The Abbot.

impl Oracle {
    /// The garden of the tile at `x,y` as a feature: its own cell, open while any of the 8
    /// cells around it is empty.
    fn garden(&self, x: i32, y: i32) -> OFeature {
        OFeature {
            kind: FeatureKind::Monastery,
            nodes: BTreeSet::from([(x, y, GARDEN)]),
            cells: BTreeSet::from([(x, y)]),
            open: 8 - self.neighbours_present(x, y),
            garden: true,
        }
    }

    /// Where an abbot goes on the tile at `x,y`: its monastery, else its garden, else nowhere.
    fn abbot_spot(&self, x: i32, y: i32) -> Option<Node> {
        let (t, r) = self.board[&(x, y)];
        if let Some(m) = t.segments(r).find(|s| s.kind == FeatureKind::Monastery) {
            return Some((x, y, m.index));
        }
        t.has_garden().then_some((x, y, GARDEN))
    }

    /// Whether any figure stands on feature `f`.
    fn occupied(&self, f: &OFeature) -> bool {
        self.meeples
            .iter()
            .any(|m| f.nodes.contains(&Self::meeple_node(m)))
    }

    /// The abbot of `colour`, if it is on the board.
    fn abbot_of(&self, colour: usize) -> Option<OMeeple> {
        self.meeples
            .iter()
            .find(|m| m.colour == colour && m.figure == Figure::Abbot)
            .copied()
    }

    /// Whether `colour` may deploy its abbot on the tile just placed at `x,y`: the rules are
    /// on, the abbot is off the board, and the tile's monastery or garden is free.
    fn abbot_allowed(&self, colour: usize, x: i32, y: i32) -> bool {
        self.abbot
            && self.abbot_of(colour).is_none()
            && self
                .abbot_spot(x, y)
                .is_some_and(|n| !self.occupied(&self.feature(n)))
    }

    /// Why `colour` may not recall its abbot now (after this turn's tile is placed), or
    /// `None` when it may: no abbot on the board, or the tile completed its monastery or
    /// garden (that scores 9 in the scoring step instead).
    fn recall_refusal(&self, colour: usize) -> Option<&'static str> {
        let Some(abbot) = self.abbot_of(colour).filter(|_| self.abbot) else {
            return Some("no abbot on the board");
        };
        if self.feature(Self::meeple_node(&abbot)).open == 0 {
            return Some("its monastery or garden is complete");
        }
        None
    }

    /// `colour` recalls its abbot: 1 + 1 per tile around its monastery or garden, at once,
    /// and the abbot comes back (not into the supply). Gains per colour.
    fn recall(&mut self, colour: usize) -> [u32; Color::COUNT] {
        if let Some(why) = self.recall_refusal(colour) {
            panic!("oracle: illegal recall ({why})");
        }
        let abbot = self.abbot_of(colour).expect("abbot on the board");
        let f = self.feature(Self::meeple_node(&abbot));
        let value = 1 + self.neighbours_present(abbot.x, abbot.y);
        self.note(if f.garden {
            "recall from a garden"
        } else {
            "recall from a monastery"
        });
        let mut gains = [0; Color::COUNT];
        self.award(&f, value, &mut gains);
        gains
    }

    /// The garden of the tile at `x,y` (if any) scores 9 for its abbot once surrounded; a
    /// garden without an abbot is inert.
    fn score_garden(&mut self, x: i32, y: i32, gains: &mut [u32; Color::COUNT]) {
        if !self.board.get(&(x, y)).is_some_and(|(t, _)| t.has_garden()) {
            return;
        }
        let f = self.garden(x, y);
        if f.open == 0 && self.occupied(&f) {
            self.note("garden completed with its abbot (9)");
            self.award(&f, 9, gains);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Every move of a turn with the expansions' figures, for the own-loop expansion games.

/// What a player may do after placing a tile, beside nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum OMove {
    /// A meeple or the large meeple on a segment of the new tile.
    Figure(Figure, u8),
    /// The abbot on the new tile's monastery or garden.
    Abbot,
    /// The abbot recalled.
    Recall,
}

impl Oracle {
    /// Every legal move of `colour` after placing the tile at `x,y` (fields that a place
    /// cannot name are left out: none is).
    fn moves(&self, colour: usize, x: i32, y: i32) -> BTreeSet<OMove> {
        let mut out = BTreeSet::new();
        for (_, seg) in self.deployments(colour, x, y) {
            out.insert(OMove::Figure(Figure::Meeple, seg));
        }
        let large_home = self
            .meeples
            .iter()
            .all(|m| !(m.colour == colour && m.figure == Figure::LargeMeeple));
        if self.large && large_home {
            for (_, seg) in self.free_segments(x, y) {
                out.insert(OMove::Figure(Figure::LargeMeeple, seg));
            }
        }
        if self.abbot_allowed(colour, x, y) {
            out.insert(OMove::Abbot);
        }
        if self.abbot && self.recall_refusal(colour).is_none() {
            out.insert(OMove::Recall);
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// Comparison.

/// A tiny seeded PRNG (xorshift64*), independent of the engine's.
struct Prng(u64);

impl Prng {
    fn new(seed: u64) -> Prng {
        Prng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A figure on the board as both sides list it: colour index, cell, role, place, kind.
type FigureOnBoard = (usize, i32, i32, Role, Place, Figure);

fn engine_meeples(g: &Game) -> Vec<FigureOnBoard> {
    let mut v: Vec<_> = g
        .meeples()
        .map(|m| {
            (
                m.colour.index(),
                m.pos.x,
                m.pos.y,
                m.role,
                m.place,
                m.figure,
            )
        })
        .collect();
    v.sort();
    v
}

fn scores(g: &Game) -> [i64; Color::COUNT] {
    Color::ALL.map(|c| g.score(c))
}

/// A turn's gains as the engine reported them and as the oracle scored them must agree, and
/// with the engine's totals since `before`; then everything else ([`compare_state`]).
fn compare_turn(
    ctx: &str,
    (engine, oracle): ([u32; Color::COUNT], [u32; Color::COUNT]),
    before: [i64; Color::COUNT],
    g: &Game,
    o: &Oracle,
) {
    assert_eq!(engine, oracle, "{ctx}: turn gains (engine report)");
    for c in Color::ALL {
        let delta = g.score(c) - before[c.index()];
        assert_eq!(delta, i64::from(oracle[c.index()]), "{ctx}: gain of {c}");
    }
    compare_state(ctx, g, o);
}

/// Everything that must agree after a turn.
fn compare_state(ctx: &str, g: &Game, o: &Oracle) {
    for c in Color::ALL {
        assert_eq!(g.supply(c), o.supply[c.index()], "{ctx}: supply of {c}");
    }
    assert_eq!(
        engine_meeples(g),
        o.meeple_list(),
        "{ctx}: meeples on board"
    );
    assert_eq!(scores(g), o.score, "{ctx}: totals");
}

/// How a game is produced.
#[derive(Debug, Clone, Copy)]
enum Driver {
    /// The engine's simulator (its internal fast paths) over `boxes` boxes of tiles: beyond
    /// 16 monasteries (three boxes or more) the engine finds monasteries around a placement by
    /// another path.
    Sim { boxes: u32 },
    /// The engine's simulator with expansions: Inns & Cathedrals (its 18 tiles with inns,
    /// cathedrals, shields on one of two cities; the large meeple; 2 to 6 players, the sixth
    /// pink), The Abbot (garden tiles, the abbot, recalls).
    SimSets(&'static [TileSet]),
    /// Own loop over `place_tile_unchecked`, `legal_deployments`, `deploy`, `score_completed`.
    Steps,
    /// Own loop over `play_turn`, deployments chosen from the oracle's list.
    Strict,
}

fn game_params(seed: u64) -> (usize, bool, Driver) {
    let players = 2 + (seed % 4) as usize;
    let farmers = seed & 4 == 0; // seeds 0-3 with farmers, 4-7 without, and so on
    let driver = match (seed / 8) % 3 {
        // one game of the simulator in twelve draws from four boxes
        0 if (seed / 24) % 4 == 1 => Driver::Sim { boxes: 4 },
        // and one in four with Inns & Cathedrals, alone or with The Abbot
        0 if (seed / 24) % 4 == 2 && (seed / 96).is_multiple_of(2) => {
            Driver::SimSets(&[TileSet::InnsCathedrals])
        }
        0 if (seed / 24) % 4 == 2 => Driver::SimSets(&[TileSet::Abbot, TileSet::InnsCathedrals]),
        0 => Driver::Sim { boxes: 1 },
        1 => Driver::Steps,
        _ => Driver::Strict,
    };
    (players, farmers, driver)
}

/// Play game `seed` on the engine and the oracle side by side, comparing after every turn and
/// at final scoring. Returns the number of turns compared and what the oracle saw.
fn compare_game(seed: u64) -> (usize, Stats) {
    let (players, farmers, driver) = game_params(seed);
    match driver {
        Driver::Sim { boxes } => compare_sim(seed, players, farmers, boxes, &[]),
        // 2-6 players: with Inns & Cathedrals the sixth is pink
        Driver::SimSets(sets) => {
            let players = 2 + (seed % 5) as usize;
            compare_sim(seed, players, farmers, 1, sets)
        }
        Driver::Steps | Driver::Strict => compare_own(seed, players, farmers, driver),
    }
}

type Stats = std::collections::BTreeMap<&'static str, u64>;

fn compare_final(ctx: &str, g: &mut Game, o: &mut Oracle) {
    let before = scores(g);
    let fin = g.final_scoring();
    let og = o.final_scoring();
    for c in Color::ALL {
        let delta = g.score(c) - before[c.index()];
        assert_eq!(delta, i64::from(og[c.index()]), "{ctx}: final gain of {c}");
        assert_eq!(fin.gain(c), og[c.index()], "{ctx}: final gain of {c}");
    }
    compare_state(&format!("{ctx} after final scoring"), g, o);
    assert!(o.meeples.is_empty());
}

/// The simulator's game `seed` against the oracle: `boxes` boxes of the base game, or one box
/// with the expansions of `sets` (their tiles; the large meeple, the abbot and recalls, told
/// apart by the simulator's [`Sim::last_action`]).
fn compare_sim(
    seed: u64,
    players: usize,
    farmers: bool,
    boxes: u32,
    sets: &[TileSet],
) -> (usize, Stats) {
    let sim = if sets.is_empty() {
        Sim::with_boxes(seed, players, farmers, boxes)
    } else {
        Sim::with_sets(seed, players, farmers, sets)
    };
    compare_sim_of(sim, seed, players, farmers, boxes, sets)
}

/// As [`compare_sim`] for `sim`; in a river game (the spring first) every river tile's
/// placements are also checked against the oracle's own river rules.
fn compare_sim_of(
    mut sim: Sim,
    seed: u64,
    players: usize,
    farmers: bool,
    boxes: u32,
    sets: &[TileSet],
) -> (usize, Stats) {
    // room for every tile: the base game's 72 per box, the river's 12, Inns & Cathedrals' 18
    let mut o = Oracle::with_sets(farmers, 84 * boxes as usize + 18, sets);
    let start = sim.game().tiles()[0];
    o.place(start.tile, start.pos.x, start.pos.y, start.rot);
    let mut turns = 0;
    let mut n = 0;
    loop {
        let before = scores(sim.game());
        let board_before = sim.game().clone();
        let Some(step) = sim.step() else { break };
        n += 1;
        let tile = match step {
            Step::Turn { tile, .. } | Step::Discard { tile } => tile,
        };
        if tile.set() == TileSet::River {
            // the engine's river moves are exactly the oracle's
            let engine: BTreeSet<(i32, i32, usize)> =
                carc_rules::river::legal_placements(&board_before, tile)
                    .into_iter()
                    .map(|(p, r)| (p.x, p.y, r.index()))
                    .collect();
            assert_eq!(
                engine,
                o.river_placements(tile),
                "seed {seed} step {n} {tile}"
            );
            if let Step::Turn { pos, rot, .. } = step {
                assert!(o.river_ok(tile, pos.x, pos.y, rot), "seed {seed} step {n}");
            }
            *o.stats.entry("river tile").or_default() += 1;
        }
        let ctx = format!(
            "sim seed {seed} ({players}p, farmers {farmers}, {boxes} boxes, sets {sets:?}) step {n} {step:?}"
        );
        match step {
            Step::Discard { tile } if tile.set() == TileSet::River => {
                assert!(o.river_placements(tile).is_empty(), "{ctx}: discarded");
            }
            Step::Discard { tile } => {
                assert!(o.legal_placements(tile).is_empty(), "{ctx}: discarded");
            }
            Step::Turn {
                colour,
                tile,
                pos,
                rot,
                meeple,
            } => {
                turns += 1;
                o.place(tile, pos.x, pos.y, rot);
                if tile.set() == TileSet::InnsCathedrals {
                    *o.stats.entry("inns & cathedrals tile placed").or_default() += 1;
                }
                // a recall scores first, after the placement; then the deployment, then the
                // turn's scoring
                let action = sim.last_action();
                let mut og = match action {
                    Action::Recall => o.recall(colour.index()),
                    _ => [0; Color::COUNT],
                };
                if let Some((role, place)) = meeple {
                    let figure = match action {
                        Action::Figure(f) => f,
                        _ => Figure::Meeple,
                    };
                    o.deploy_figure(colour.index(), pos.x, pos.y, role, place, figure);
                    if figure == Figure::Abbot {
                        o.note("abbot deployed");
                    }
                }
                for (all, turn) in og.iter_mut().zip(o.score_turn(pos.x, pos.y)) {
                    *all += turn;
                }
                let g = sim.game();
                let monasteries = o.board.keys().filter(|c| o.board[c].0.has_monastery());
                if monasteries.count() > 16 {
                    *o.stats.entry("turn with over 16 monasteries").or_default() += 1;
                }
                for c in Color::ALL {
                    let delta = g.score(c) - before[c.index()];
                    assert_eq!(delta, i64::from(og[c.index()]), "{ctx}: gain of {c}");
                }
                compare_state(&ctx, g, &o);
            }
        }
    }
    let ctx =
        format!("sim seed {seed} ({players}p, farmers {farmers}, {boxes} boxes, sets {sets:?})");
    let before = scores(sim.game());
    let fin = sim.finish();
    let og = o.final_scoring();
    let g = sim.game();
    for c in Color::ALL {
        assert_eq!(
            g.score(c) - before[c.index()],
            i64::from(og[c.index()]),
            "{ctx}: final gain of {c}"
        );
        assert_eq!(fin.gain(c), og[c.index()], "{ctx}: final gain of {c}");
    }
    compare_state(&format!("{ctx} after final scoring"), g, &o);
    (turns, o.stats)
}

fn compare_own(seed: u64, players: usize, farmers: bool, driver: Driver) -> (usize, Stats) {
    let mut rng = Prng::new(seed);
    let cols: Vec<Color> = Color::ALL[..players].to_vec();
    let mut g = Game::new(Config::new(cols.clone(), farmers));
    let mut o = Oracle::new(farmers, 72);
    g.place_tile_unchecked(TileType::D, Pos::new(0, 0), Rotation::R0)
        .unwrap();
    o.place(TileType::D, 0, 0, Rotation::R0);
    let mut deck: Vec<TileType> = Vec::new();
    for t in TileType::of_set(carc_rules::TileSet::Base) {
        let n = t.count() as usize - usize::from(t == TileType::D);
        deck.extend(std::iter::repeat_n(t, n));
    }
    assert_eq!(deck.len(), 71);
    for i in (1..deck.len()).rev() {
        let j = rng.below(i + 1);
        deck.swap(i, j);
    }
    // how eager this game is to deploy: from "rarely" to "whenever possible"
    let eagerness = 1 + rng.below(4);
    let mut turns = 0;
    for (n, &tile) in deck.iter().enumerate() {
        let ctx =
            format!("{driver:?} seed {seed} ({players}p, farmers {farmers}) draw {n} {tile:?}");
        let legal = g.legal_placements(tile);
        let mine: BTreeSet<(i32, i32, usize)> = legal
            .iter()
            .map(|&(p, r)| {
                (
                    p.x,
                    p.y,
                    Rotation::ALL.iter().position(|&q| q == r).unwrap(),
                )
            })
            .collect();
        assert_eq!(mine.len(), legal.len(), "{ctx}: duplicates");
        assert_eq!(mine, o.legal_placements(tile), "{ctx}: legal placements");
        if legal.is_empty() {
            continue; // discarded
        }
        let colour = cols[turns % players];
        turns += 1;
        let (pos, rot) = legal[rng.below(legal.len())];
        let ctx = format!("{ctx} turn {turns}: {colour} {pos} {rot}");
        let before = scores(&g);
        let wants = rng.below(4) < eagerness;
        if o.supply[colour.index()] == 0 {
            *o.stats.entry("turn with empty supply").or_default() += 1;
        }
        let gains = match driver {
            Driver::Steps => {
                g.place_tile_unchecked(tile, pos, rot).unwrap();
                o.place(tile, pos.x, pos.y, rot);
                let deps = g.legal_deployments(colour, pos);
                let segs: BTreeSet<(Role, u8)> = deps
                    .iter()
                    .map(|&(role, place)| (role, tile.segment_at(rot, place).unwrap().index))
                    .collect();
                assert_eq!(segs.len(), deps.len(), "{ctx}");
                assert_eq!(
                    segs,
                    o.deployments(colour.index(), pos.x, pos.y),
                    "{ctx}: legal deployments"
                );
                if wants && !deps.is_empty() {
                    let (role, place) = deps[rng.below(deps.len())];
                    g.deploy(colour, pos, role, Some(place)).unwrap();
                    o.deploy(colour.index(), pos.x, pos.y, role, place);
                }
                g.score_completed(pos).gains()
            }
            _ => {
                o.place(tile, pos.x, pos.y, rot);
                let deps: Vec<(Role, u8)> = o
                    .deployments(colour.index(), pos.x, pos.y)
                    .into_iter()
                    .collect();
                let meeple = if wants && !deps.is_empty() {
                    let (role, seg) = deps[rng.below(deps.len())];
                    // any place of the segment (a field by any of its corners): the engine
                    // must record it as given
                    let places: Vec<Place> = tile
                        .segment(rot, seg as usize)
                        .unwrap()
                        .places
                        .iter()
                        .collect();
                    let place = places[rng.below(places.len())];
                    o.deploy(colour.index(), pos.x, pos.y, role, place);
                    Some((role, place))
                } else {
                    None
                };
                g.play_turn(colour, tile, pos, rot, meeple.map(|(r, p)| (r, Some(p))))
                    .unwrap_or_else(|e| panic!("{ctx}: {e}"))
                    .gains()
            }
        };
        let og = o.score_turn(pos.x, pos.y);
        compare_turn(&ctx, (gains, og), before, &g, &o);
    }
    compare_final(
        &format!("{driver:?} seed {seed} ({players}p, farmers {farmers})"),
        &mut g,
        &mut o,
    );
    (turns, o.stats)
}

// ---------------------------------------------------------------------------------------------
// Traders & Builders goods (seed rules 004): the placer of a tile that completes a city takes
// one token per goods symbol in it; at the end the leaders of each good score 10.

/// The oracle's goods: wine, grain, cloth, as a segment's modifiers show them.
const GOODS: [Modifiers; 3] = [Modifiers::WINE, Modifiers::GRAIN, Modifiers::CLOTH];

impl Oracle {
    /// `colour` placed the tile at `x,y`: it takes the goods symbols of every city through
    /// that tile which is now complete (by flood fill), each city once.
    fn take_goods(&mut self, colour: usize, x: i32, y: i32) {
        let (t, r) = self.board[&(x, y)];
        let mut done: Vec<BTreeSet<Node>> = Vec::new();
        for seg in t.segments(r).filter(|s| s.kind == FeatureKind::City) {
            let f = self.feature((x, y, seg.index));
            if f.open > 0 || done.contains(&f.nodes) {
                continue;
            }
            for &n in &f.nodes {
                let m = self.kind_of(n).1.modifiers;
                for (k, good) in GOODS.iter().enumerate() {
                    if m.contains(*good) {
                        self.goods[colour][k] += 1;
                        *self.stats.entry("goods token taken").or_default() += 1;
                    }
                }
            }
            done.push(f.nodes);
        }
    }

    /// Final goods awards: per good, every colour holding the most (at least one) gains 10;
    /// added to `gains` and the totals.
    fn award_goods(&mut self, gains: &mut [u32; Color::COUNT]) {
        for k in 0..GOODS.len() {
            let most = (0..Color::COUNT)
                .map(|c| self.goods[c][k])
                .max()
                .unwrap_or(0);
            if most == 0 {
                continue;
            }
            let leaders: Vec<usize> = (0..Color::COUNT)
                .filter(|&c| self.goods[c][k] == most)
                .collect();
            if leaders.len() > 1 {
                *self.stats.entry("goods award tied").or_default() += 1;
            }
            for c in leaders {
                gains[c] += 10;
                self.score[c] += 10;
            }
        }
    }
}

/// The engine's goods tokens per colour equal the oracle's.
fn compare_goods(ctx: &str, g: &Game, o: &Oracle) {
    for c in Color::ALL {
        let held = g.goods(c);
        let engine = [Good::Wine, Good::Grain, Good::Cloth].map(|good| held.get(good));
        assert_eq!(engine, o.goods[c.index()], "{ctx}: goods of {c}");
    }
}

// Expansion games in an own loop: every legal move of the engine (each figure tried on each
// segment, the abbot, the recall) against the oracle's list, refusals included, then a random
// one of them; placements biased towards closing inns and cathedrals, so that completed ones
// are compared too (random play almost never completes a cathedral).

/// The box of the oracle's expansion games: the base tiles without one D; with The Abbot
/// each garden tile instead of one copy of its family; with Inns & Cathedrals its tiles.
fn expansion_deck(sets: &[TileSet]) -> Vec<TileType> {
    let mut deck = Vec::new();
    for t in TileType::of_set(TileSet::Base) {
        let gardens = TileType::of_set(TileSet::Abbot)
            .filter(|g| sets.contains(&TileSet::Abbot) && g.family() == t)
            .count();
        let copies = usize::from(t.count()) - usize::from(t == TileType::D) - gardens;
        deck.extend(std::iter::repeat_n(t, copies));
    }
    for set in [TileSet::Abbot, TileSet::InnsCathedrals] {
        if sets.contains(&set) {
            for t in TileType::of_set(set) {
                deck.extend(std::iter::repeat_n(t, usize::from(t.count())));
            }
        }
    }
    deck
}

/// Every word that names segment `seg` of `tile` turned `rot`: sides, the centre, corners,
/// half-sides and `inner` (the catalogue's `segment_at` decides what each names).
fn places_of(tile: TileType, rot: Rotation, seg: u8) -> Vec<Place> {
    let sides = Side::ALL.map(Place::Side);
    let corners = Corner::ALL.map(Place::Corner);
    let halves = HalfSide::ALL.map(Place::Half);
    sides
        .into_iter()
        .chain(corners)
        .chain(halves)
        .chain([Place::Centre, Place::Inner])
        .filter(|&p| tile.segment_at(rot, p).is_some_and(|s| s.index == seg))
        .collect()
}

impl Oracle {
    /// Roads and cities with an inn or a cathedral: their features (each once).
    fn special_features(&self) -> Vec<OFeature> {
        let mut seen: BTreeSet<Node> = BTreeSet::new();
        let mut out = Vec::new();
        for &(x, y) in self.board.keys() {
            let (t, r) = self.board[&(x, y)];
            for seg in t.segments(r) {
                let m = seg.modifiers;
                let special = m.contains(Modifiers::INN) || m.contains(Modifiers::CATHEDRAL);
                if special && !seen.contains(&(x, y, seg.index)) {
                    let f = self.feature((x, y, seg.index));
                    seen.extend(f.nodes.iter().copied());
                    out.push(f);
                }
            }
        }
        out
    }

    /// Open sides of the roads and cities with an inn or a cathedral, plus empty cells around
    /// the abbots: what [`Oracle::closing_placements`] reduces.
    fn openness(&self) -> u32 {
        let abbots = self.meeples.iter().filter(|m| m.figure == Figure::Abbot);
        let around: u32 = abbots.map(|m| 8 - self.neighbours_present(m.x, m.y)).sum();
        around + self.special_features().iter().map(|f| f.open).sum::<u32>()
    }

    /// Among `legal`, the placements that leave the fewest open sides on the roads and
    /// cities with an inn or a cathedral and the fewest empty cells around abbots, when any
    /// placement touches one (else none).
    fn closing_placements(
        &mut self,
        tile: TileType,
        legal: &[(Pos, Rotation)],
    ) -> Vec<(Pos, Rotation)> {
        let special = self.special_features();
        let mut hot = BTreeSet::new();
        for f in &special {
            for &(x, y, i) in &f.nodes {
                let (_, seg) = self.kind_of((x, y, i));
                hot.extend(seg.places.sides().map(|s| across(x, y, s)));
            }
        }
        for m in self.meeples.iter().filter(|m| m.figure == Figure::Abbot) {
            hot.extend(AROUND.iter().map(|(dx, dy)| (m.x + dx, m.y + dy)));
        }
        let mut best = (u32::MAX, Vec::new());
        for &(p, r) in legal.iter().filter(|(p, _)| hot.contains(&(p.x, p.y))) {
            self.board.insert((p.x, p.y), (tile, r));
            let open = self.openness();
            self.board.undo();
            if open < best.0 {
                best = (open, Vec::new());
            }
            if open == best.0 {
                best.1.push((p, r));
            }
        }
        best.1
    }
}

/// The engine's legal moves after the tile at `pos` was placed: each figure of the sets on
/// tried on each segment (named by its first place word), the abbot, the recall, each on a copy
/// of the game. Also returns the reason the engine refuses a recall.
fn engine_moves(
    g: &Game,
    colour: Color,
    (tile, pos, rot): (TileType, Pos, Rotation),
    sets: &[TileSet],
) -> (BTreeSet<OMove>, Option<carc_rules::RecallError>) {
    let mut out = BTreeSet::new();
    let mut figures = vec![Figure::Meeple];
    if sets.contains(&TileSet::InnsCathedrals) {
        figures.push(Figure::LargeMeeple);
    }
    for seg in tile.segments(rot) {
        let place = places_of(tile, rot, seg.index)[0];
        for &figure in &figures {
            let mut after = g.clone();
            let role = seg.kind.role();
            if after
                .deploy_figure(colour, figure, pos, role, Some(place))
                .is_ok()
            {
                out.insert(OMove::Figure(figure, seg.index));
            }
        }
    }
    let mut refusal = None;
    if sets.contains(&TileSet::Abbot) {
        let mut after = g.clone();
        if after
            .deploy_figure(colour, Figure::Abbot, pos, Role::Monk, None)
            .is_ok()
        {
            out.insert(OMove::Abbot);
        }
        match g.clone().recall(colour) {
            Ok(_) => {
                out.insert(OMove::Recall);
            }
            Err(e) => refusal = Some(e),
        }
    }
    (out, refusal)
}

/// One own-loop expansion game `seed` with `sets` (see the section's comment); `closing`:
/// placements prefer closing inns and cathedrals.
fn compare_expansions(
    seed: u64,
    players: usize,
    farmers: bool,
    sets: &[TileSet],
    closing: bool,
) -> (usize, Stats) {
    let mut rng = Prng::new(seed ^ 0xAB_B07);
    let cols: Vec<Color> = Color::allowed(sets).take(players).collect();
    let mut g = Game::new(Config::new(cols.clone(), farmers));
    let mut deck = expansion_deck(sets);
    let mut o = Oracle::with_sets(farmers, deck.len() + 1, sets);
    g.place_tile_unchecked(TileType::D, Pos::new(0, 0), Rotation::R0)
        .unwrap();
    o.place(TileType::D, 0, 0, Rotation::R0);
    for i in (1..deck.len()).rev() {
        let j = rng.below(i + 1);
        deck.swap(i, j);
    }
    let mut turns = 0;
    for (n, &tile) in deck.iter().enumerate() {
        let ctx = format!(
            "expansions {sets:?} seed {seed} ({players}p, farmers {farmers}) draw {n} {tile:?}"
        );
        let legal = g.legal_placements(tile);
        let mine: BTreeSet<(i32, i32, usize)> =
            legal.iter().map(|&(p, r)| (p.x, p.y, r.index())).collect();
        assert_eq!(mine, o.legal_placements(tile), "{ctx}: legal placements");
        if legal.is_empty() {
            continue;
        }
        let colour = cols[turns % players];
        turns += 1;
        let closers = if closing {
            o.closing_placements(tile, &legal)
        } else {
            Vec::new()
        };
        let (pos, rot) = match closers.is_empty() {
            true => legal[rng.below(legal.len())],
            false => closers[rng.below(closers.len())],
        };
        let ctx = format!("{ctx} turn {turns}: {colour} {pos} {rot}");
        let before = scores(&g);
        g.place_tile_unchecked(tile, pos, rot).unwrap();
        o.place(tile, pos.x, pos.y, rot);
        let c = colour.index();
        // every move, refusals included, is the same on both sides
        let (engine, refusal) = engine_moves(&g, colour, (tile, pos, rot), sets);
        let oracle = o.moves(c, pos.x, pos.y);
        assert_eq!(engine, oracle, "{ctx}: legal moves");
        let meeples: BTreeSet<OMove> = g
            .legal_deployments(colour, pos)
            .into_iter()
            .map(|(_, p)| OMove::Figure(Figure::Meeple, tile.segment_at(rot, p).unwrap().index))
            .collect();
        let all: BTreeSet<OMove> = oracle
            .iter()
            .filter(|m| matches!(m, OMove::Figure(Figure::Meeple, _)))
            .copied()
            .collect();
        assert_eq!(meeples, all, "{ctx}: legal_deployments");
        if sets.contains(&TileSet::Abbot) {
            let why = o.recall_refusal(c);
            let engine_why = refusal.map(|e| match e {
                carc_rules::RecallError::NoAbbot => "no abbot on the board",
                carc_rules::RecallError::Completed => "its monastery or garden is complete",
            });
            assert_eq!(engine_why, why, "{ctx}: recall refused");
            if why == Some("its monastery or garden is complete") {
                o.note("recall refused: this tile completes the abbot's feature");
            }
            if !oracle.contains(&OMove::Abbot) && o.abbot_spot(pos.x, pos.y).is_some() {
                o.note("abbot refused on a monastery or garden");
            }
        }
        // nothing, or one of the moves (the rarer figures as likely as a meeple)
        let list: Vec<OMove> = oracle.into_iter().collect();
        let choice = rng.below(list.len() + 1);
        let mut og = [0; Color::COUNT];
        let gains = match list.get(choice).copied() {
            None => g.score_completed(pos).gains(),
            Some(OMove::Recall) => {
                og = o.recall(c);
                let recalled = g.recall(colour).unwrap().gains();
                assert_eq!(recalled, og, "{ctx}: recall gains");
                let turn = g.score_completed(pos).gains();
                std::array::from_fn(|i| recalled[i] + turn[i])
            }
            Some(OMove::Abbot) => {
                o.deploy_figure(c, pos.x, pos.y, Role::Monk, Place::Centre, Figure::Abbot);
                o.note("abbot deployed");
                g.deploy_figure(colour, Figure::Abbot, pos, Role::Monk, None)
                    .unwrap();
                g.score_completed(pos).gains()
            }
            Some(OMove::Figure(figure, seg)) => {
                let places = places_of(tile, rot, seg);
                let place = places[rng.below(places.len())];
                if matches!(place, Place::Half(_) | Place::Inner) {
                    o.note("figure on a half-side or inner field");
                }
                let role = tile.segment(rot, usize::from(seg)).unwrap().kind.role();
                o.deploy_figure(c, pos.x, pos.y, role, place, figure);
                g.deploy_figure(colour, figure, pos, role, Some(place))
                    .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                g.score_completed(pos).gains()
            }
        };
        for (all, turn) in og.iter_mut().zip(o.score_turn(pos.x, pos.y)) {
            *all += turn;
        }
        compare_turn(&ctx, (gains, og), before, &g, &o);
    }
    compare_final(
        &format!("expansions {sets:?} seed {seed} ({players}p, farmers {farmers})"),
        &mut g,
        &mut o,
    );
    (turns, o.stats)
}

#[test]
fn engine_scores_agree_with_the_oracle_over_seeded_games() {
    let games = std::env::var("CARC_ORACLE_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_GAMES);
    // seeds spread over a few threads: each game is independent
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8)) as u64;
    let results: Vec<(usize, Stats)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                scope.spawn(move || {
                    (k..games)
                        .step_by(threads as usize)
                        .map(compare_game)
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a comparison failed"))
            .collect()
    });
    let mut turns = 0;
    let mut stats = Stats::new();
    for (t, s) in results {
        turns += t;
        for (k, v) in s {
            *stats.entry(k).or_default() += v;
        }
    }
    eprintln!("oracle: {games} games, {turns} turns compared; {stats:#?}");
    assert!(turns as u64 > games * 60);
}

/// Adds `more` into `stats`.
fn merge(stats: &mut Stats, more: Stats) {
    for (k, v) in more {
        *stats.entry(k).or_default() += v;
    }
}

#[test]
fn expansion_games_agree_with_the_oracle() {
    // The Abbot with Inns & Cathedrals: own-loop games (every move compared, placements mostly
    // closing inns and cathedrals) and the simulator's games, without and after the river
    let both = [TileSet::Abbot, TileSet::InnsCathedrals];
    // `CARC_ORACLE_EXPANSION_GAMES=1000` runs a longer comparison (three games per seed)
    let games = std::env::var("CARC_ORACLE_EXPANSION_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(24u64);
    let mut turns = 0;
    let mut stats = Stats::new();
    for seed in 0..games {
        // 2 to 6 players: with Inns & Cathedrals the sixth is pink
        let (players, farmers) = (2 + (seed % 5) as usize, seed % 3 != 0);
        let (t, s) = compare_expansions(seed, players, farmers, &both, seed % 4 != 3);
        turns += t;
        merge(&mut stats, s);
        let (t, s) = compare_sim(seed, players, farmers, 1, &both);
        turns += t;
        merge(&mut stats, s);
        // and after a river opening (`rules river abbot inns-cathedrals`)
        let river = [TileSet::River, TileSet::Abbot, TileSet::InnsCathedrals];
        let (t, s) = compare_sim(seed, players, farmers, 1, &river);
        turns += t;
        merge(&mut stats, s);
    }
    eprintln!(
        "oracle, The Abbot + Inns & Cathedrals: {} games, {turns} turns compared; {stats:#?}",
        3 * games
    );
    // every river game placed its 11 river tiles after the spring
    assert_eq!(stats.get("river tile"), Some(&(11 * games)));
    // what the games must have exercised, so that the comparison means something
    for what in [
        "abbot deployed",
        "abbot in a garden at the end",
        "abbot on a monastery at the end",
        "garden completed with its abbot (9)",
        "recall from a garden",
        "recall from a monastery",
        "recall refused: this tile completes the abbot's feature",
        "abbot refused on a monastery or garden",
        "large meeple deployed",
        "city with a cathedral completed",
        "city with a cathedral unfinished at the end (0)",
        "road with an inn completed",
        "road with an inn unfinished at the end (0)",
        "figure on a half-side or inner field",
    ] {
        assert!(
            stats.get(what).copied().unwrap_or(0) > 0,
            "never seen: {what}"
        );
    }
    assert!(turns as u64 > 3 * games * 80, "{turns}");
}

#[test]
fn river_games_agree_with_the_oracle() {
    // the simulator's river opening (spring, 10 river tiles, the lake) then the base game
    let mut turns = 0;
    let mut river = 0;
    for seed in 0..24u64 {
        let (players, farmers) = (2 + (seed % 4) as usize, seed % 3 != 0);
        let sim = Sim::with_river(seed, players, farmers);
        let (t, stats) = compare_sim_of(sim, seed, players, farmers, 1, &[]);
        turns += t;
        river += stats.get("river tile").copied().unwrap_or(0);
    }
    // 24 games of 11 river tiles and 71 land tiles, a few land tiles discarded at most
    assert_eq!(river, 24 * 11);
    assert!(turns > 24 * 75, "{turns}");
}

#[test]
fn oracle_river_turns_by_hand() {
    // r.G r0 has water W and S: entering from W it heads east and leaves south: a right turn
    // (negative); entering from S it heads north and leaves west: a left turn (positive)
    let g = TileType::from_token("r.G").unwrap();
    assert_eq!(Oracle::river_turn(g, Rotation::R0, Side::W), -1);
    assert_eq!(Oracle::river_turn(g, Rotation::R0, Side::S), 1);
    // a straight does not turn
    let d = TileType::from_token("r.D").unwrap();
    assert_eq!(Oracle::river_turn(d, Rotation::R0, Side::W), 0);
}

// ---------------------------------------------------------------------------------------------
// The oracle anchored to hand-derived numbers (so that agreement is not agreement in a shared
// mistake), each position played on the engine and the oracle side by side.

/// The engine and the oracle in lockstep over strict turns.
struct Duo {
    g: Game,
    o: Oracle,
}

impl Duo {
    fn new(farmers: bool) -> Duo {
        Duo::with_sets(farmers, &[])
    }

    fn with_sets(farmers: bool, sets: &[TileSet]) -> Duo {
        let mut g = Game::new(Config::new(vec![Color::Red, Color::Blue], farmers));
        let mut o = Oracle::with_sets(farmers, 72, sets);
        g.place_tile_unchecked(TileType::D, Pos::new(0, 0), Rotation::R0)
            .unwrap();
        o.place(TileType::D, 0, 0, Rotation::R0);
        Duo { g, o }
    }

    /// A strict turn on both; the gains per colour (asserted equal on both sides).
    fn turn(
        &mut self,
        colour: Color,
        tile: TileType,
        (x, y): (i32, i32),
        rot: Rotation,
        meeple: Option<(Role, Place)>,
    ) -> [u32; Color::COUNT] {
        let before = scores(&self.g);
        let engine = self
            .g
            .play_turn(
                colour,
                tile,
                Pos::new(x, y),
                rot,
                meeple.map(|(r, p)| (r, Some(p))),
            )
            .unwrap()
            .gains();
        self.o.place(tile, x, y, rot);
        if let Some((role, place)) = meeple {
            self.o.deploy(colour.index(), x, y, role, place);
        }
        let oracle = self.o.score_turn(x, y);
        let ctx = format!("duo: {colour} {tile:?} {x},{y}");
        compare_turn(&ctx, (engine, oracle), before, &self.g, &self.o);
        oracle
    }

    /// A turn whose figure is the abbot ([`OMove::Abbot`]) or a recall ([`OMove::Recall`]),
    /// on both; the gains per colour (asserted equal on both sides).
    fn abbot_turn(
        &mut self,
        colour: Color,
        tile: TileType,
        (x, y): (i32, i32),
        rot: Rotation,
        what: OMove,
    ) -> [u32; Color::COUNT] {
        let before = scores(&self.g);
        let pos = Pos::new(x, y);
        self.g.check_placement(tile, pos, rot).unwrap();
        self.g.place_tile_unchecked(tile, pos, rot).unwrap();
        self.o.place(tile, x, y, rot);
        let c = colour.index();
        let mut oracle = [0; Color::COUNT];
        let mut engine = [0; Color::COUNT];
        match what {
            OMove::Recall => {
                oracle = self.o.recall(c);
                engine = self.g.recall(colour).unwrap().gains();
            }
            _ => {
                self.o
                    .deploy_figure(c, x, y, Role::Monk, Place::Centre, Figure::Abbot);
                self.g
                    .deploy_figure(colour, Figure::Abbot, pos, Role::Monk, None)
                    .unwrap();
            }
        }
        for (i, v) in self.o.score_turn(x, y).into_iter().enumerate() {
            oracle[i] += v;
        }
        for (i, v) in self.g.score_completed(pos).gains().into_iter().enumerate() {
            engine[i] += v;
        }
        let ctx = format!("duo: {colour} {tile:?} {x},{y}");
        compare_turn(&ctx, (engine, oracle), before, &self.g, &self.o);
        oracle
    }

    fn finish(&mut self) -> [u32; Color::COUNT] {
        let engine = self.g.final_scoring().gains();
        let oracle = self.o.final_scoring();
        assert_eq!(engine, oracle, "final scoring");
        compare_state("duo final", &self.g, &self.o);
        oracle
    }
}

const RED: usize = 0;
const BLUE: usize = 1;

#[test]
fn oracle_counts_a_tile_once_in_a_city_passing_through_it_twice() {
    // Start D 0,0 r0 (city N). A ring of city tiles north of it joins the two separate cities
    // of one H tile; every placement below is legal (sides as docs/tiles.md, rK clockwise).
    let mut d = Duo::new(false);
    let none = None;
    // E r180 (city S) at 0,1 closes D's city: complete, unoccupied, nobody scores.
    assert_eq!(
        d.turn(Color::Red, TileType::E, (0, 1), Rotation::R180, none),
        [0; Color::COUNT]
    );
    // H r0 at 0,2: separate cities E and W, its S field on E's N field. Red knight on E.
    let knight = Some((Role::Knight, Place::Side(Side::E)));
    assert_eq!(
        d.turn(Color::Red, TileType::H, (0, 2), Rotation::R0, knight),
        [0; Color::COUNT]
    );
    // N r0 (city N,W) at 1,2 on H's E; N r270 (city W,S) at 1,3 above it; N r90 (city N,E) at
    // -1,2 on H's W; N r180 (city S,E) at -1,3 above it. Still two open cities.
    for (x, y, rot) in [
        (1, 2, Rotation::R0),
        (1, 3, Rotation::R270),
        (-1, 2, Rotation::R90),
        (-1, 3, Rotation::R180),
    ] {
        assert_eq!(
            d.turn(Color::Blue, TileType::N, (x, y), rot, none),
            [0; Color::COUNT]
        );
    }
    // G r0 (city E,W, one city) at 0,3 closes the ring: H, four N and G are 6 distinct tiles
    // (7 city segments: H is in it twice), no shield: 2 * 6 = 12 to red (14 if H counted twice).
    let gains = d.turn(Color::Blue, TileType::G, (0, 3), Rotation::R0, none);
    assert_eq!(gains[RED], 12);
    assert_eq!(gains[BLUE], 0);
    assert_eq!(d.o.supply[RED], 7, "the knight returned");
}

#[test]
fn oracle_field_counts_a_completed_city_once_and_ties_farmers() {
    // Start D 0,0 r0: city N, road E-W, field {NE,NW} touching the city, field {SE,SW}.
    let mut d = Duo::new(true);
    // Red: E r180 at 0,1 (city S) closes D's city: 2 tiles, unoccupied, nobody scores. Red's
    // farmer on E's field, which touches that completed city.
    let farmer = Some((Role::Farmer, Place::Corner(Corner::NE)));
    assert_eq!(
        d.turn(Color::Red, TileType::E, (0, 1), Rotation::R180, farmer),
        [0; Color::COUNT]
    );
    // Blue: V r0 (roads S,W; field {NE,SE,NW}) at 1,0: its NW corner joins D's NE corner
    // through D's E road side, so blue's farmer stands in D's north field, which touches the
    // same completed city (through D) but is not yet joined to red's field.
    assert_eq!(
        d.turn(Color::Blue, TileType::V, (1, 0), Rotation::R0, farmer),
        [0; Color::COUNT]
    );
    // Red: B (monastery, all field) at 1,1 joins both fields: through its S side to V's
    // field, through its W side to E's field. Red's monk.
    let monk = Some((Role::Monk, Place::Centre));
    assert_eq!(
        d.turn(Color::Red, TileType::B, (1, 1), Rotation::R0, monk),
        [0; Color::COUNT]
    );
    // Final: the road D+V is unoccupied; the monastery at 1,1 has 3 neighbours (0,0 0,1 1,0):
    // red 1 + 3 = 4. The field touches one completed city twice (via D and via E): 3, not 6;
    // red 1 farmer, blue 1 farmer: tied, both score 3.
    let fin = d.finish();
    assert_eq!(fin[RED], 4 + 3);
    assert_eq!(fin[BLUE], 3);
    assert_eq!(d.o.score[RED], 7);
    assert_eq!(d.o.score[BLUE], 3);
}

// ---------------------------------------------------------------------------------------------
// Traders & Builders: the builder and the bonus tile. The oracle's own reading of
// docs/notation.md ("The builder and the bonus tile"): a builder goes on a road or city of the
// tile just placed that is still unfinished and holds a knight or traveller of its owner, one
// builder per player; it occupies nothing, weighs nothing and never scores; it goes home when
// its road or city is completed. A turn part whose tile extends the road or city holding its
// player's builder (deployed before that part) earns a bonus part of the same player, unless it
// is itself a bonus part. The builders are kept beside the oracle's meeples, like the pigs.

/// A builder on the board: (colour index, its road or city segment, its place).
type OBuilder = (usize, Node, Place);

/// The roads and cities of the tile just placed at `x,y` where `colour` may put its builder
/// (the oracle's rule), as segment indices; none when its builder stands on the board.
fn oracle_builder_options(
    o: &Oracle,
    builders: &[OBuilder],
    colour: usize,
    x: i32,
    y: i32,
) -> BTreeSet<u8> {
    let mut out = BTreeSet::new();
    if builders.iter().any(|b| b.0 == colour) {
        return out;
    }
    let (t, r) = o.board[&(x, y)];
    for seg in t.segments(r) {
        if !matches!(seg.kind, FeatureKind::Road | FeatureKind::City) {
            continue;
        }
        let f = o.feature((x, y, seg.index));
        let follower = o
            .meeples
            .iter()
            .any(|m| m.colour == colour && f.nodes.contains(&(m.x, m.y, m.seg)));
        if f.open > 0 && follower {
            out.insert(seg.index);
        }
    }
    out
}

/// Whether the tile just placed at `x,y` extends the road or city of `colour`'s builder (one
/// of the tile's segments is in that feature).
fn oracle_extends_builder(
    o: &Oracle,
    builders: &[OBuilder],
    colour: usize,
    x: i32,
    y: i32,
) -> bool {
    builders
        .iter()
        .filter(|b| b.0 == colour)
        .any(|&(_, node, _)| {
            o.feature(node)
                .nodes
                .iter()
                .any(|&(nx, ny, _)| (nx, ny) == (x, y))
        })
}

// ---------------------------------------------------------------------------------------------
// Traders & Builders: the pig. The oracle's own reading of docs/notation.md ("The pig"): a pig
// goes into a field of the tile just placed that holds a farmer of its owner, one pig per
// player; it occupies nothing and weighs nothing; at final scoring a winner of a field with
// their own pig in it scores 4 per completed city instead of 3. The pigs are kept beside the
// oracle's meeples (the base oracle never sees them).

/// A pig on the board: (colour index, its field segment, its place).
type OPig = (usize, Node, Place);

/// The fields of the tile just placed at `x,y` where `colour` may put its pig (the oracle's
/// rule), as segment indices; none when its pig stands on the board or farmers are off.
fn oracle_pig_options(o: &Oracle, pigs: &[OPig], colour: usize, x: i32, y: i32) -> BTreeSet<u8> {
    let mut out = BTreeSet::new();
    if !o.farmers || pigs.iter().any(|p| p.0 == colour) {
        return out;
    }
    let (t, r) = o.board[&(x, y)];
    for seg in t.segments(r) {
        if seg.kind != FeatureKind::Field {
            continue;
        }
        let f = o.feature((x, y, seg.index));
        let farmer = o.meeples.iter().any(|m| {
            m.colour == colour && m.role == Role::Farmer && f.nodes.contains(&(m.x, m.y, m.seg))
        });
        if farmer {
            out.insert(seg.index);
        }
    }
    out
}

/// What the pigs add at final scoring, per colour: for each pig whose owner is among the
/// winners of its field (the greatest weight of meeples there, pigs weighing nothing), 1 per
/// completed city the field touches. Computed before the oracle's final scoring takes the
/// meeples off.
fn oracle_pig_bonus(o: &mut Oracle, pigs: &[OPig]) -> [u32; Color::COUNT] {
    let mut bonus = [0; Color::COUNT];
    for &(colour, node, _) in pigs {
        let f = o.feature(node);
        let mut weight = [0u32; Color::COUNT];
        for m in o
            .meeples
            .iter()
            .filter(|m| f.nodes.contains(&(m.x, m.y, m.seg)))
        {
            weight[m.colour] += strength(m.figure);
        }
        let max = weight.iter().copied().max().unwrap_or(0);
        if max > 0 && weight[colour] == max {
            let cities = o.final_value(&f) / 3;
            bonus[colour] += cities;
            *o.stats.entry("pig of a winner").or_default() += 1;
            if cities > 0 {
                *o.stats.entry("pig adding points").or_default() += 1;
            }
        } else {
            *o.stats.entry("pig of a loser").or_default() += 1;
        }
    }
    bonus
}

/// The engine's figures of kind `figure` (pigs, builders), as the oracle lists them.
fn engine_figures(g: &Game, figure: Figure) -> Vec<(usize, i32, i32, Place)> {
    let mut v: Vec<_> = g
        .meeples()
        .filter(|m| m.figure == figure)
        .map(|m| (m.colour.index(), m.pos.x, m.pos.y, m.place))
        .collect();
    v.sort();
    v
}

/// The simulator's Traders & Builders game `seed` (the base and Traders & Builders tiles,
/// meeples, builders, pigs, goods, bonus parts) against the oracle: every turn part's pig and
/// builder options (engine's `legal_pig_deployments` and `legal_builder_places` v the
/// oracle's), every chosen pig and builder, which parts are bonus parts (the oracle says which
/// parts earn one; a bonus part is a turn part of the same colour: place, deploy, score, take
/// goods), every part's gains and goods taken, the meeples, builders and pigs on the board,
/// the final gains with the pigs' bonus and the goods awards. Returns the turn parts compared
/// and what the oracle saw.
fn compare_pig_game(seed: u64, players: usize) -> (usize, Stats) {
    let mut sim = Sim::with_sets(seed, players, true, &[TileSet::TradersBuilders]);
    // the base game's 72 tiles and Traders & Builders' 24
    let mut o = Oracle::new(true, 96);
    let start = sim.game().tiles()[0];
    o.place(start.tile, start.pos.x, start.pos.y, start.rot);
    let mut pigs: Vec<OPig> = Vec::new();
    let mut builders: Vec<OBuilder> = Vec::new();
    // the colour whose last part earned a bonus part, still to be played (discards between)
    let mut bonus_due: Option<usize> = None;
    let mut turns = 0;
    loop {
        let before = scores(sim.game());
        let board_before = sim.game().clone();
        let Some(step) = sim.step() else { break };
        let Step::Turn {
            colour,
            tile,
            pos,
            rot,
            meeple,
        } = step
        else {
            continue;
        };
        turns += 1;
        let ctx = format!("pig game {seed} ({players}p) turn {turns}: {step:?}");
        let c = colour.index();
        // the bonus part: exactly when the oracle says the part before earned one, same colour
        let bonus = bonus_due.take();
        assert_eq!(sim.last_was_bonus(), bonus.is_some(), "{ctx}: bonus part");
        if bonus.is_some() {
            assert_eq!(bonus, Some(c), "{ctx}: the bonus part's colour");
            *o.stats.entry("bonus part").or_default() += 1;
        }
        o.place(tile, pos.x, pos.y, rot);
        // a part that is not a bonus part earns one by extending its player's builder's feature
        if bonus.is_none() && oracle_extends_builder(&o, &builders, c, pos.x, pos.y) {
            bonus_due = Some(c);
            *o.stats.entry("bonus earned").or_default() += 1;
        }
        // the engine's pig and builder moves on this tile are the oracle's
        let mut placed = board_before;
        placed.place_tile_unchecked(tile, pos, rot).unwrap();
        let segments = |places: Vec<Place>| -> BTreeSet<u8> {
            places
                .into_iter()
                .map(|p| tile.segment_at(rot, p).unwrap().index)
                .collect()
        };
        let engine = segments(placed.legal_pig_deployments(colour, pos));
        assert_eq!(
            engine,
            oracle_pig_options(&o, &pigs, c, pos.x, pos.y),
            "{ctx}"
        );
        if !engine.is_empty() {
            *o.stats.entry("turn with a pig move").or_default() += 1;
        }
        let engine_b = segments(placed.legal_builder_places(colour, pos));
        assert_eq!(
            engine_b,
            oracle_builder_options(&o, &builders, c, pos.x, pos.y),
            "{ctx}: builder places"
        );
        match meeple {
            Some((_, place)) if sim.last_action() == Action::Figure(Figure::Builder) => {
                let seg = tile.segment_at(rot, place).unwrap().index;
                assert!(engine_b.contains(&seg), "{ctx}: an illegal builder");
                builders.push((c, (pos.x, pos.y, seg), place));
                *o.stats.entry("builder deployed").or_default() += 1;
                if bonus.is_some() {
                    *o.stats
                        .entry("builder deployed in a bonus part")
                        .or_default() += 1;
                }
            }
            Some((role, place)) if sim.last_action() == Action::Figure(Figure::Pig) => {
                assert_eq!(role, Role::Farmer, "{ctx}");
                let seg = tile.segment_at(rot, place).unwrap().index;
                assert!(engine.contains(&seg), "{ctx}: an illegal pig");
                pigs.push((c, (pos.x, pos.y, seg), place));
                *o.stats.entry("pig deployed").or_default() += 1;
            }
            Some((role, place)) => o.deploy(c, pos.x, pos.y, role, place),
            None => {}
        }
        let og = o.score_turn(pos.x, pos.y);
        // a builder goes home when its road or city is completed
        builders.retain(|&(_, node, _)| {
            let open = o.feature(node).open > 0;
            if !open {
                *o.stats.entry("builder home").or_default() += 1;
            }
            open
        });
        let g = sim.game();
        let held = o.goods[c];
        o.take_goods(c, pos.x, pos.y);
        if bonus.is_some() && o.goods[c] != held {
            *o.stats.entry("bonus part taking goods").or_default() += 1;
        }
        compare_goods(&ctx, g, &o);
        for col in Color::ALL {
            let delta = g.score(col) - before[col.index()];
            assert_eq!(delta, i64::from(og[col.index()]), "{ctx}: gain of {col}");
        }
        assert_eq!(scores(g), o.score, "{ctx}: totals");
        let mut others: Vec<_> = g
            .meeples()
            .filter(|m| !matches!(m.figure, Figure::Pig | Figure::Builder))
            .map(|m| {
                (
                    m.colour.index(),
                    m.pos.x,
                    m.pos.y,
                    m.role,
                    m.place,
                    m.figure,
                )
            })
            .collect();
        others.sort();
        assert_eq!(others, o.meeple_list(), "{ctx}: meeples");
        for col in Color::ALL {
            assert_eq!(
                g.supply(col),
                o.supply[col.index()],
                "{ctx}: supply of {col}"
            );
        }
        let mut mine: Vec<_> = pigs.iter().map(|&(c, n, p)| (c, n.0, n.1, p)).collect();
        mine.sort();
        assert_eq!(engine_figures(g, Figure::Pig), mine, "{ctx}: pigs");
        let mut mine: Vec<_> = builders.iter().map(|&(c, n, p)| (c, n.0, n.1, p)).collect();
        mine.sort();
        assert_eq!(engine_figures(g, Figure::Builder), mine, "{ctx}: builders");
    }
    let bonus = oracle_pig_bonus(&mut o, &pigs);
    let before = scores(sim.game());
    let fin = sim.finish();
    let mut og = o.final_scoring();
    o.award_goods(&mut og);
    for col in Color::ALL {
        let i = col.index();
        let delta = sim.game().score(col) - before[i];
        assert_eq!(
            delta,
            i64::from(og[i] + bonus[i]),
            "pig game {seed}: final gain of {col}"
        );
        assert_eq!(
            fin.gain(col),
            og[i] + bonus[i],
            "pig game {seed}: final gain of {col}"
        );
    }
    assert_eq!(
        sim.game().meeples().count(),
        0,
        "pig game {seed}: figures left"
    );
    (turns, o.stats)
}

/// Simulated Traders & Builders games compared by [`pig_games_agree_with_the_oracle`].
const PIG_GAMES: u64 = 80;

#[test]
fn pig_games_agree_with_the_oracle() {
    let mut turns = 0;
    let mut stats = Stats::new();
    for seed in 0..PIG_GAMES {
        let (t, s) = compare_pig_game(seed, 2 + (seed % 4) as usize);
        turns += t;
        for (k, v) in s {
            *stats.entry(k).or_default() += v;
        }
    }
    eprintln!("oracle, pig games: {turns} turns; {stats:#?}");
    let seen = |k: &str| stats.get(k).copied().unwrap_or(0);
    assert!(turns > PIG_GAMES as usize * 60, "{turns}");
    assert!(seen("pig deployed") > 10, "{stats:#?}");
    assert!(seen("pig adding points") > 0, "{stats:#?}");
    assert!(seen("pig of a loser") > 0, "{stats:#?}");
    // the same games compare the goods (see the goods section)
    assert!(seen("goods token taken") > 20, "{stats:#?}");
    // and the builders and bonus parts
    assert!(seen("builder deployed") > 10, "{stats:#?}");
    assert!(seen("builder home") > 0, "{stats:#?}");
    assert!(seen("bonus part") > 10, "{stats:#?}");
    assert!(seen("bonus part taking goods") > 0, "{stats:#?}");
}

#[test]
fn oracle_scores_a_completed_cathedral_three_per_tile() {
    // Start D 0,0 r0 (city N). ic.K (a cathedral: city on all four sides) at 0,1 joins D's
    // city with red's knight on it; three caps E close it: city S at 0,2 (E r180), city W at
    // 1,1 (E r270), city E at -1,1 (E r90). Every placement touches only the cathedral.
    let cathedral = TileType::from_token("ic.K").unwrap();
    let mut d = Duo::with_sets(false, &[TileSet::InnsCathedrals]);
    let knight = Some((Role::Knight, Place::Side(Side::N)));
    assert_eq!(
        d.turn(Color::Red, cathedral, (0, 1), Rotation::R0, knight),
        [0; Color::COUNT]
    );
    assert_eq!(
        d.turn(Color::Blue, TileType::E, (0, 2), Rotation::R180, None),
        [0; Color::COUNT]
    );
    assert_eq!(
        d.turn(Color::Red, TileType::E, (1, 1), Rotation::R270, None),
        [0; Color::COUNT]
    );
    // complete: D, ic.K and three E are 5 tiles, no shield: 5 × 3 = 15 for red (10 without
    // the cathedral), on blue's turn
    let gains = d.turn(Color::Blue, TileType::E, (-1, 1), Rotation::R90, None);
    assert_eq!(gains[RED], 15);
    assert_eq!(gains[BLUE], 0);
    assert_eq!(d.o.supply[RED], 7, "the knight returned");
}

#[test]
fn oracle_recalls_and_scores_abbots_by_hand() {
    // Start D 0,0 r0 (city N, road E-W).
    let garden_road = TileType::from_token("Ug").unwrap();
    let mut d = Duo::with_sets(false, &[TileSet::Abbot]);
    // Red: Ug r90 (road E-W, a garden) at 1,0 on D's road, red's abbot in the garden.
    assert_eq!(
        d.abbot_turn(Color::Red, garden_road, (1, 0), Rotation::R90, OMove::Abbot),
        [0; Color::COUNT]
    );
    // Blue: U r90 at 2,0 continues the road (unoccupied).
    assert_eq!(
        d.turn(Color::Blue, TileType::U, (2, 0), Rotation::R90, None),
        [0; Color::COUNT]
    );
    // Red: E r180 at 0,1 closes D's city (2 tiles, nobody on it: 0) and recalls: around 1,0
    // now stand 0,0, 2,0 and 0,1 (north-west): 1 + 3 = 4 for red. The abbot is not a meeple:
    // red's supply stays 7.
    let gains = d.abbot_turn(
        Color::Red,
        TileType::E,
        (0, 1),
        Rotation::R180,
        OMove::Recall,
    );
    assert_eq!(gains[RED], 4);
    assert_eq!(gains[BLUE], 0);
    assert_eq!(d.o.supply[RED], 7);
    assert!(d.o.abbot_of(RED).is_none());
    // a second recall has no abbot to take back: both sides refuse it
    assert_eq!(d.o.recall_refusal(RED), Some("no abbot on the board"));
    assert_eq!(
        d.g.clone().recall(Color::Red).map(|s| s.gains()),
        Err(carc_rules::RecallError::NoAbbot)
    );
    // Blue: B (monastery) at 1,-1 below the garden, blue's abbot on it. At the end it has 3
    // neighbours (0,0 1,0 2,0): 1 + 3 = 4 for blue; red has nothing on the board.
    assert_eq!(
        d.abbot_turn(
            Color::Blue,
            TileType::B,
            (1, -1),
            Rotation::R0,
            OMove::Abbot
        ),
        [0; Color::COUNT]
    );
    let fin = d.finish();
    assert_eq!((fin[RED], fin[BLUE]), (0, 4));
    assert_eq!((d.o.score[RED], d.o.score[BLUE]), (4, 4));
}
