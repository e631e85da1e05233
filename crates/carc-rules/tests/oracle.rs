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
//! Games come from three drivers: the engine's simulator (one box, or four boxes for the
//! engine's other monastery lookup beyond 16 monasteries, or one box with Inns & Cathedrals:
//! its tiles and the large meeple, which counts 2, or one box with Traders & Builders: its
//! tiles, and the goods each colour holds after every turn and their final awards), an own
//! loop over `place_tile_unchecked` / `legal_deployments` / `deploy` / `score_completed`, and
//! an own loop over `play_turn` with the meeple chosen from the oracle's list. 2 to 5 players,
//! farmers on and off.
//!
//! Fast by default (`DEFAULT_GAMES` games, about two seconds in debug);
//! `CARC_ORACLE_GAMES=5000` runs a longer comparison. The test prints what the games exercised
//! (`--nocapture`): ties, minorities, several meeples on one feature, fields worth 0, 3 and 6+…

use carc_rules::{
    Action, Color, Config, Corner, Edge, FeatureKind, Figure, Game, Good, HalfSide, Modifiers,
    Place, Pos, Role, Rotation, Side, Sim, Step, TileSet, TileType,
};
use std::collections::BTreeSet;

const DEFAULT_GAMES: u64 = 240;

// ---------------------------------------------------------------------------------------------
// The oracle.

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
    /// The large meeple of Inns & Cathedrals: counts 2, not one of the supply's meeples.
    large: bool,
}

/// One connected feature, recomputed from scratch.
#[derive(Debug)]
struct OFeature {
    kind: FeatureKind,
    nodes: BTreeSet<Node>,
    /// Distinct cells of the feature (for a monastery: its own tile only).
    cells: BTreeSet<(i32, i32)>,
    /// Roads/cities: sides of member segments facing an empty cell. Monastery: empty cells
    /// around. Fields: unused.
    open: u32,
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
    /// What the comparison exercised (situation → count), to show the games are not trivial.
    stats: std::collections::BTreeMap<&'static str, u64>,
}

impl Oracle {
    /// An empty board for a game of at most `tiles` tiles.
    fn new(farmers: bool, tiles: usize) -> Oracle {
        Oracle {
            board: Board::new(tiles),
            meeples: Vec::new(),
            supply: [7; Color::COUNT],
            score: [0; Color::COUNT],
            goods: [[0; 3]; Color::COUNT],
            farmers,
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
        }
    }

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
        f.nodes.iter().any(|n| {
            let m = self.kind_of(*n).1.modifiers;
            m.contains(Modifiers::INN) || m.contains(Modifiers::CATHEDRAL)
        })
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
                count[m.colour] += if m.large { 2 } else { 1 };
            }
        }
        let max = *count.iter().max().unwrap();
        let occupied = count.iter().sum::<u32>();
        let leaders = count.iter().filter(|&&c| c == max).count();
        let mut note = |k: &'static str| *self.stats.entry(k).or_default() += 1;
        note(match f.kind {
            FeatureKind::Road => "road scored",
            FeatureKind::City => "city scored",
            FeatureKind::Monastery => "monastery scored",
            FeatureKind::Field => "field scored",
        });
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
            if on && !m.large {
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
        let mut out = BTreeSet::new();
        if self.supply[colour] <= 0 {
            return out;
        }
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
        self.deploy_figure(colour, x, y, role, place, false);
    }

    /// A meeple, or the large meeple (`large`: one per player, never from the supply).
    fn deploy_figure(
        &mut self,
        colour: usize,
        x: i32,
        y: i32,
        role: Role,
        place: Place,
        large: bool,
    ) {
        let (t, r) = self.board[&(x, y)];
        let seg = t.segment_at(r, place).expect("place on tile");
        if large {
            assert!(
                !self.meeples.iter().any(|m| m.colour == colour && m.large),
                "oracle: a second large meeple"
            );
            // the supply does not matter to the large meeple: ask with one meeple in hand
            let saved = self.supply[colour];
            self.supply[colour] = 1;
            let legal = self.deployments(colour, x, y).contains(&(role, seg.index));
            self.supply[colour] = saved;
            assert!(
                legal,
                "oracle: illegal large deployment {role:?} {place:?} at {x},{y}"
            );
            *self.stats.entry("large meeple deployed").or_default() += 1;
        } else {
            assert!(
                self.deployments(colour, x, y).contains(&(role, seg.index)),
                "oracle: illegal deployment {role:?} {place:?} at {x},{y}"
            );
            self.supply[colour] -= 1;
        }
        self.meeples.push(OMeeple {
            colour,
            x,
            y,
            seg: seg.index,
            role,
            place,
            large,
        });
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
            if !mt.has_monastery() {
                continue;
            }
            let m = mt
                .segments(mr)
                .find(|s| s.kind == FeatureKind::Monastery)
                .expect("monastery segment");
            let f = self.feature((mx, my, m.index));
            if f.open == 0 {
                self.award(&f, 9, &mut gains);
            }
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

    fn meeple_list(&self) -> Vec<(usize, i32, i32, Role, Place)> {
        let mut v: Vec<_> = self
            .meeples
            .iter()
            .map(|m| (m.colour, m.x, m.y, m.role, m.place))
            .collect();
        v.sort();
        v
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

fn engine_meeples(g: &Game) -> Vec<(usize, i32, i32, Role, Place)> {
    let mut v: Vec<_> = g
        .meeples()
        .map(|m| (m.colour.index(), m.pos.x, m.pos.y, m.role, m.place))
        .collect();
    v.sort();
    v
}

fn scores(g: &Game) -> [i64; Color::COUNT] {
    Color::ALL.map(|c| g.score(c))
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
    /// The engine's simulator with Inns & Cathedrals: its 18 tiles (inns, cathedrals, shields
    /// on one of two cities) and the large meeple, with 2 to 6 players (the sixth pink).
    SimInns,
    /// The engine's simulator with Traders & Builders: its 24 tiles (split corners, inner
    /// fields, a bridge) and the goods taken and awarded.
    SimTraders,
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
        // and one in four with Inns & Cathedrals
        0 if (seed / 24) % 4 == 2 => Driver::SimInns,
        // and one in four with Traders & Builders
        0 if (seed / 24) % 4 == 3 => Driver::SimTraders,
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
        Driver::SimInns => {
            let players = 2 + (seed % 5) as usize;
            compare_sim(seed, players, farmers, 1, &[TileSet::InnsCathedrals])
        }
        Driver::SimTraders => compare_sim(seed, players, farmers, 1, &[TileSet::TradersBuilders]),
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
/// with the expansions of `sets` (Inns & Cathedrals: its 18 tiles and the large meeple, told
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
    // or Traders & Builders' 24
    let mut o = Oracle::new(farmers, 84 * boxes as usize + 24);
    let traders = sets.contains(&TileSet::TradersBuilders);
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
                if let Some((role, place)) = meeple {
                    let large = sim.last_action() == Action::Figure(Figure::LargeMeeple);
                    o.deploy_figure(colour.index(), pos.x, pos.y, role, place, large);
                }
                let og = o.score_turn(pos.x, pos.y);
                let g = sim.game();
                if traders {
                    o.take_goods(colour.index(), pos.x, pos.y);
                    compare_goods(&ctx, g, &o);
                }
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
    let mut og = o.final_scoring();
    if traders {
        o.award_goods(&mut og);
    }
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
        assert_eq!(gains, og, "{ctx}: turn gains (engine report)");
        for c in Color::ALL {
            let delta = g.score(c) - before[c.index()];
            assert_eq!(delta, i64::from(og[c.index()]), "{ctx}: gain of {c}");
        }
        compare_state(&ctx, &g, &o);
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
        let mut g = Game::new(Config::new(vec![Color::Red, Color::Blue], farmers));
        let mut o = Oracle::new(farmers, 72);
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
        assert_eq!(engine, oracle, "{colour} {tile:?} {x},{y}");
        for c in Color::ALL {
            assert_eq!(
                self.g.score(c) - before[c.index()],
                i64::from(oracle[c.index()])
            );
        }
        compare_state("duo", &self.g, &self.o);
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
// Traders & Builders: the pig. The oracle's own reading of docs/notation.md ("The pig"): a pig
// goes into a field of the tile just placed that holds a farmer of its owner, one pig per
// player; it occupies nothing and weighs nothing; at final scoring a winner of a field with
// their own pig in it scores 4 per completed city instead of 3. The pigs are kept beside the
// oracle's meeples (the base oracle never sees them).

/// A pig on the board: (colour index, its field segment, its place).
type OPig = (usize, Node, Place);

/// How much an oracle meeple weighs in a majority (docs/tiles.md and Inns & Cathedrals: the
/// large meeple 2, any other 1).
fn pig_weight(m: &OMeeple) -> u32 {
    if m.large {
        2
    } else {
        1
    }
}

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
            weight[m.colour] += pig_weight(m);
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

/// The engine's pigs, as the oracle lists them.
fn engine_pigs(g: &Game) -> Vec<(usize, i32, i32, Place)> {
    let mut v: Vec<_> = g
        .meeples()
        .filter(|m| m.figure == Figure::Pig)
        .map(|m| (m.colour.index(), m.pos.x, m.pos.y, m.place))
        .collect();
    v.sort();
    v
}

/// The simulator's Traders & Builders game `seed` (the base tiles, meeples and pigs) against
/// the oracle: every turn's pig options (engine's `legal_pig_deployments` v the oracle's),
/// every chosen pig, every turn's gains, the meeples and pigs on the board, the final gains
/// with the pigs' bonus. Returns the turns compared and what the oracle saw.
fn compare_pig_game(seed: u64, players: usize) -> (usize, Stats) {
    let mut sim = Sim::with_sets(seed, players, true, &[TileSet::TradersBuilders]);
    let mut o = Oracle::new(true, 84);
    let start = sim.game().tiles()[0];
    o.place(start.tile, start.pos.x, start.pos.y, start.rot);
    let mut pigs: Vec<OPig> = Vec::new();
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
        o.place(tile, pos.x, pos.y, rot);
        // the engine's pig moves on this tile are the oracle's
        let mut placed = board_before;
        placed.place_tile_unchecked(tile, pos, rot).unwrap();
        let engine: BTreeSet<u8> = placed
            .legal_pig_deployments(colour, pos)
            .into_iter()
            .map(|p| tile.segment_at(rot, p).unwrap().index)
            .collect();
        assert_eq!(
            engine,
            oracle_pig_options(&o, &pigs, c, pos.x, pos.y),
            "{ctx}"
        );
        if !engine.is_empty() {
            *o.stats.entry("turn with a pig move").or_default() += 1;
        }
        match meeple {
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
        let g = sim.game();
        for col in Color::ALL {
            let delta = g.score(col) - before[col.index()];
            assert_eq!(delta, i64::from(og[col.index()]), "{ctx}: gain of {col}");
        }
        assert_eq!(scores(g), o.score, "{ctx}: totals");
        let mut others: Vec<_> = g
            .meeples()
            .filter(|m| m.figure != Figure::Pig)
            .map(|m| (m.colour.index(), m.pos.x, m.pos.y, m.role, m.place))
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
        assert_eq!(engine_pigs(g), mine, "{ctx}: pigs");
    }
    let bonus = oracle_pig_bonus(&mut o, &pigs);
    let before = scores(sim.game());
    let fin = sim.finish();
    let og = o.final_scoring();
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
}
