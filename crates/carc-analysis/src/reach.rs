//! Reachability of a setup: could a legal game have produced this board and these meeples?
//!
//! The model (documented in `docs/puzzles.md`): every setup tile was placed by a turn, the
//! first one included (a lesson need not show the start tile, and a one-tile setup may hold a
//! meeple); turns rotate through the players in `players` order, starting with any of them;
//! each tile after the first touches an earlier one; a turn may deploy one meeple, of the
//! mover's colour, on the tile just placed, onto a feature that holds no meeple at that
//! moment. Edge matching needs no search: when the final board matches everywhere (no
//! `edge-mismatch`) every intermediate board does too.
//!
//! So a witness is an order of the tiles in which the placed tiles stay edge-connected, each
//! meeple's tile comes on a turn of its colour, and each meeple's feature, as built so far,
//! holds no other meeple when its tile comes. The search:
//!
//! 1. quick proofs: a colour with more meeples than it had turns (no starting player gives
//!    every colour enough turns), two meeples whose segments join directly across a side;
//! 2. a depth-first search over orders on a union-find with rollback over the tiles'
//!    segments: candidates are the tiles touching the board, meeple tiles of the colour to
//!    move first, then tiles on no feature holding two or more meeples, then the rest; a
//!    branch dies as soon as an unplaced meeple's segment touches an occupied feature, two
//!    unplaced meeples' segments touch the same feature, or a colour has fewer turns left
//!    than meeples to place; failed sets of placed tiles are remembered (what can still
//!    follow depends only on that set and the seating). The search restarts on a Luby
//!    schedule of [`RESTART`] placements with ties among candidates shuffled anew: a wrong
//!    early choice no longer costs the whole budget. The remembered sets carry over, so a
//!    round that runs to its end still proves the setup unreachable;
//! 3. a budget of [`BUDGET`] placements: when it runs out, the search backwards (which tile
//!    came last?) gets the same budget; when that runs out too the setup is "not proven"
//!    reachable, which is not an error. Only a forward round that ran to its end proves a
//!    setup unreachable.
//!
//! Not modelled (so not proven): scores, supplies (meeples returned by scoring), which tiles
//! were drawn and discarded, whether the start tile was a D, and the turn order of the first
//! `turn` after the setup. `completed-occupied` already reports a completed feature holding
//! meeples; the check runs only on setups without errors, so one mistake is reported once.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use carc_notation::{LineKind, Parse, RuleOption, Span, StatementKind};
use carc_rules::{Color, Corner, Edge, FeatureKind, Place, Pos, Role, Rotation, Side, TileType};

use crate::diagnostic::{Code, Diagnostic, Related, Severity};
use crate::moves::prefix;
use crate::replay::{self, replay, Replay};
use crate::{vocab, Analysis, Hover};

/// How many tile placements each search (forwards, then backwards) may try before it gives
/// up ("not proven").
pub const BUDGET: usize = 20_000;

/// Setups larger than this are not searched (several boxes of tiles): "not proven".
const MAX_TILES: usize = 1_000;

/// One turn of a witness: an order of play that builds the setup (see
/// [`Analysis::witness`](crate::Analysis::witness)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The setup line of the tile (0-based, as in the parse).
    pub line: usize,
    /// Whose turn it is (turns rotate through `players`).
    pub colour: Color,
    /// The tile placed.
    pub tile: TileType,
    /// Where it lies.
    pub pos: Pos,
    /// How it is turned.
    pub rotation: Rotation,
    /// The meeple deployed on it that turn, of `colour`.
    pub meeple: Option<(Role, Place)>,
}

/// What the check found.
#[derive(Debug, Clone)]
pub(crate) enum Outcome {
    /// An order of turns that builds the setup.
    Reachable(Vec<Step>),
    /// No legal game builds it; the diagnostic says why.
    Unreachable(Diagnostic),
    /// The search ran out of budget.
    NotProven,
    /// The setup is an excerpt (no `rules whole-board`) and no pair of meeples joins
    /// directly: tiles outside it may explain the rest, so nothing more is searched.
    Excerpt,
}

/// The reachability of a document's setup.
#[derive(Debug, Clone)]
pub(crate) struct Report {
    /// The keyword of the setup's first statement (where hover offers the witness).
    pub keyword: Span,
    /// The outcome.
    pub outcome: Outcome,
    /// How many placements the search tried.
    pub placements: usize,
    /// How many tiles the setup has.
    pub tiles: usize,
    /// The length in bytes of the setup text the report is about (the text before the first
    /// statement that is not a setup one): the report depends on nothing else.
    pub setup_len: usize,
    /// Whether the report was taken over from the previous analysis.
    pub reused: bool,
}

impl Report {
    /// The `unreachable` diagnostic, if any.
    pub fn diagnostic(&self) -> Option<Diagnostic> {
        match &self.outcome {
            Outcome::Unreachable(d) => Some(d.clone()),
            _ => None,
        }
    }
}

/// Whether a line still belongs to the setup: a setup statement, or one allowed anywhere.
fn is_setup(kind: &StatementKind) -> bool {
    replay::is_setup_kind(kind) || replay::is_anywhere_kind(kind)
}

/// Whether the setup says `rules whole-board`: it is the entire board, not an excerpt of one.
/// Only then are setup connectivity, the turn count and the search checked.
pub(crate) fn whole_board(parse: &Parse) -> bool {
    for line in &parse.lines {
        let LineKind::Statement(s) = &line.kind else {
            continue;
        };
        match &s.kind {
            StatementKind::Rules(options) => {
                if options.iter().any(|o| o.value == RuleOption::WholeBoard) {
                    return true;
                }
            }
            kind if is_setup(kind) => {}
            _ => return false,
        }
    }
    false
}

/// Checks the setup of an analysed document (`None` without setup tiles, or when the setup
/// already has errors). `previous` is an earlier analysed text and its report: when its setup
/// text is byte-identical to this one's, its report is taken over without a search.
pub(crate) fn check(
    text: &str,
    parse: &Parse,
    done: &Replay,
    previous: Option<(&str, &Report)>,
) -> Option<Report> {
    let mut end = parse.lines.len();
    let mut keyword = None;
    let mut has_tile = false;
    for (index, line) in parse.lines.iter().enumerate() {
        match &line.kind {
            LineKind::Statement(s) if is_setup(&s.kind) => {
                has_tile |= matches!(s.kind, StatementKind::Tile(_));
                if keyword.is_none() && !matches!(s.kind, StatementKind::Mark { .. }) {
                    keyword = Some(s.keyword);
                }
            }
            LineKind::Statement(_) => {
                end = index;
                break;
            }
            LineKind::Error => return None,
            LineKind::Blank => {}
        }
    }
    let keyword = keyword?;
    if !has_tile {
        return None;
    }
    let setup_end = parse.lines.get(end).map_or(usize::MAX, |l| l.span.start);
    if done
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error && d.span.start < setup_end)
    {
        return None;
    }
    let setup_len = setup_end.min(text.len());
    if let Some((before, report)) = previous {
        if report.setup_len == setup_len && before.get(..setup_len) == text.get(..setup_len) {
            return Some(Report {
                reused: true,
                ..report.clone()
            });
        }
    }
    let state = replay(&prefix(parse, end), None, None);
    let model = Model::build(&state)?;
    let tiles = model.tiles.len();
    // An excerpt: only a direct join is impossible on every board around it.
    let whole = whole_board(parse);
    let proof = if whole {
        model.count_proof().or_else(|| model.join_proof())
    } else {
        model.join_proof()
    };
    if proof.is_some() || !whole {
        return Some(Report {
            keyword,
            outcome: proof.map_or(Outcome::Excerpt, Outcome::Unreachable),
            placements: 0,
            tiles,
            setup_len,
            reused: false,
        });
    }
    if tiles > MAX_TILES {
        return Some(Report {
            keyword,
            outcome: Outcome::NotProven,
            placements: 0,
            tiles,
            setup_len,
            reused: false,
        });
    }
    // Forwards first (most setups fall at once), then backwards with the same budget: either
    // witness is a witness; only the forward search, run to its end, proves anything.
    let (mut outcome, mut placements) = Search::new(&model, BUDGET).run();
    if matches!(outcome, Outcome::NotProven) {
        let (backward, more) = Backward::new(&model, BUDGET).run();
        placements += more;
        if matches!(backward, Outcome::Reachable(_)) {
            outcome = backward;
        }
    }
    Some(Report {
        keyword,
        outcome,
        placements,
        tiles,
        setup_len,
        reused: false,
    })
}

/// A setup meeple in the model.
#[derive(Debug, Clone, Copy)]
struct MeepleInfo {
    node: usize,
    /// Index of its colour in the turn order.
    seat: usize,
    colour: Color,
    role: Role,
    place: Place,
    span: Span,
    line: usize,
}

/// The setup as a graph: tiles, their segments ("nodes") and which nodes join across sides.
struct Model {
    tiles: Vec<carc_rules::PlacedTile>,
    lines: Vec<usize>,
    nbrs: Vec<Vec<usize>>,
    base: Vec<usize>,
    node_adj: Vec<Vec<usize>>,
    node_kind: Vec<FeatureKind>,
    meeple: Vec<Option<MeepleInfo>>,
    /// Tiles with a segment on a feature holding two or more meeples.
    contested: Vec<bool>,
    players: Vec<Color>,
}

/// The corners that meet across a side: (ours, the neighbour's).
fn corners_across(side: Side) -> [(Corner, Corner); 2] {
    match side {
        Side::N => [(Corner::NW, Corner::SW), (Corner::NE, Corner::SE)],
        Side::E => [(Corner::NE, Corner::NW), (Corner::SE, Corner::SW)],
        Side::S => [(Corner::SE, Corner::NE), (Corner::SW, Corner::NW)],
        Side::W => [(Corner::NW, Corner::NE), (Corner::SW, Corner::SE)],
    }
}

impl Model {
    /// The witness for a placement order of the setup's tiles, turns starting at `seat0`.
    fn witness(&self, order: &[usize], seat0: usize) -> Vec<Step> {
        order
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                let tile = self.tiles[t];
                Step {
                    line: self.lines[t],
                    colour: self.players[(seat0 + i) % self.players.len().max(1)],
                    tile: tile.tile,
                    pos: tile.pos,
                    rotation: tile.rot,
                    meeple: self.meeple[t].map(|mp| (mp.role, mp.place)),
                }
            })
            .collect()
    }

    fn build(state: &Replay) -> Option<Model> {
        let game = &state.game;
        let tiles: Vec<_> = game.tiles().to_vec();
        let index: HashMap<Pos, usize> =
            tiles.iter().enumerate().map(|(i, t)| (t.pos, i)).collect();
        let mut base = Vec::with_capacity(tiles.len());
        let mut node_kind = Vec::new();
        let mut node_feature = Vec::new();
        for t in &tiles {
            base.push(node_kind.len());
            let on: Vec<_> = game.features_on(t.pos);
            let count = t.tile.segments(t.rot).count();
            for i in 0..count {
                let seg = t.tile.segment(t.rot, i)?;
                node_kind.push(seg.kind);
                let feature = on
                    .iter()
                    .find(|(s, _)| usize::from(s.index) == i)
                    .and_then(|(_, id)| game.feature(*id))
                    .map(|f| f.id.raw());
                node_feature.push(feature);
            }
        }
        let node = |tile: usize, place: Place| -> Option<usize> {
            let t = tiles.get(tile)?;
            let seg = t.tile.segment_at(t.rot, place)?;
            Some(base[tile] + usize::from(seg.index))
        };
        let mut nbrs = vec![Vec::new(); tiles.len()];
        let mut node_adj = vec![Vec::new(); node_kind.len()];
        for (i, t) in tiles.iter().enumerate() {
            for side in Side::ALL {
                let Some(j) = t.pos.neighbour(side).and_then(|p| index.get(&p).copied()) else {
                    continue;
                };
                nbrs[i].push(j);
                let mut pairs = vec![(Place::Side(side), Place::Side(side.opposite()))];
                if t.tile.edge(t.rot, side) != Edge::City {
                    pairs.extend(
                        corners_across(side)
                            .into_iter()
                            .map(|(a, b)| (Place::Corner(a), Place::Corner(b))),
                    );
                }
                for (a, b) in pairs {
                    let (Some(u), Some(v)) = (node(i, a), node(j, b)) else {
                        continue;
                    };
                    // Only segments the engine joined (a safety net; matching boards agree).
                    if node_kind[u] == node_kind[v]
                        && node_feature[u].is_some()
                        && node_feature[u] == node_feature[v]
                        && !node_adj[u].contains(&v)
                    {
                        node_adj[u].push(v);
                    }
                }
            }
        }
        let mut players = state.players.clone();
        if players.is_empty() {
            players.push(Color::Red);
        }
        let mut meeple = vec![None; tiles.len()];
        let mut per_feature: HashMap<u32, usize> = HashMap::new();
        for m in game.meeples() {
            let tile = *index.get(&m.pos)?;
            let n = node(tile, m.place)?;
            let seat = players.iter().position(|c| *c == m.colour)?;
            let (line, span) = *state.meeple_spans.get(&m.id)?;
            if meeple[tile].is_some() {
                return None;
            }
            meeple[tile] = Some(MeepleInfo {
                node: n,
                seat,
                colour: m.colour,
                role: m.role,
                place: m.place,
                span,
                line,
            });
            if let Some(f) = node_feature[n] {
                *per_feature.entry(f).or_insert(0) += 1;
            }
        }
        let contested = (0..tiles.len())
            .map(|i| {
                let end = base.get(i + 1).copied().unwrap_or(node_kind.len());
                (base[i]..end).any(|n| {
                    node_feature[n].is_some_and(|f| per_feature.get(&f).copied().unwrap_or(0) >= 2)
                })
            })
            .collect();
        let lines = tiles
            .iter()
            .map(|t| state.tile_lines.get(&t.pos).copied().unwrap_or(0))
            .collect();
        Some(Model {
            tiles,
            lines,
            nbrs,
            base,
            node_adj,
            node_kind,
            meeple,
            contested,
            players,
        })
    }

    fn nodes(&self, tile: usize) -> std::ops::Range<usize> {
        let end = self
            .base
            .get(tile + 1)
            .copied()
            .unwrap_or(self.node_kind.len());
        self.base[tile]..end
    }

    /// Meeples in file order.
    fn meeples(&self) -> Vec<MeepleInfo> {
        let mut out: Vec<MeepleInfo> = self.meeple.iter().flatten().copied().collect();
        out.sort_by_key(|m| m.span.start);
        out
    }

    /// A colour with more meeples than turns: no starting player gives every colour enough.
    fn count_proof(&self) -> Option<Diagnostic> {
        let p = self.players.len();
        let n = self.tiles.len();
        let meeples = self.meeples();
        let mut need = vec![0usize; p];
        for m in &meeples {
            need[m.seat] += 1;
        }
        let turns = |start: usize, seat: usize| (0..n).filter(|i| (start + i) % p == seat).count();
        if (0..p).any(|s| (0..p).all(|k| need[k] <= turns(s, k))) {
            return None;
        }
        let most = n.div_ceil(p);
        let last = meeples.last()?;
        let message = match (0..p).find(|k| need[*k] > most) {
            Some(k) => format!(
                "{} has {} meeples on this board of {n} tile{}, but with {p} players taking turns {} placed at most {most} of the tiles",
                self.players[k].as_str(),
                need[k],
                if n == 1 { "" } else { "s" },
                self.players[k].as_str(),
            ),
            None => {
                let wants: Vec<String> = (0..p)
                    .filter(|k| need[*k] > 0)
                    .map(|k| format!("{} {}", self.players[k].as_str(), need[k]))
                    .collect();
                format!(
                    "whoever started, {n} turns of {p} players cannot give every colour a turn for each of its meeples ({})",
                    wants.join(", ")
                )
            }
        };
        Some(unreachable(last.span, message, Vec::new()))
    }

    /// Two meeples whose segments join directly across a side: whichever tile came second
    /// put its meeple on an occupied feature.
    fn join_proof(&self) -> Option<Diagnostic> {
        let meeples = self.meeples();
        let by_node: HashMap<usize, MeepleInfo> = meeples.iter().map(|m| (m.node, *m)).collect();
        for later in &meeples {
            for other in &self.node_adj[later.node] {
                let Some(earlier) = by_node.get(other) else {
                    continue;
                };
                if earlier.span.start > later.span.start {
                    continue;
                }
                let kind = vocab::kind_word(self.node_kind[later.node]);
                let message = format!(
                    "{} and {} (line {}) stand on neighbouring tiles whose {kind} joins across the side they share: whichever tile came second was deployed onto an occupied {kind}",
                    meeple_words(later),
                    meeple_words(earlier),
                    earlier.line + 1
                );
                return Some(unreachable(
                    later.span,
                    message,
                    vec![Related {
                        span: earlier.span,
                        message: format!("{} is here", meeple_words(earlier)),
                    }],
                ));
            }
        }
        None
    }
}

fn meeple_words(m: &MeepleInfo) -> String {
    format!("{}'s {}", m.colour.as_str(), vocab::role_word(m.role))
}

fn unreachable(span: Span, reason: String, related: Vec<Related>) -> Diagnostic {
    Diagnostic {
        code: Code::Unreachable,
        severity: Code::Unreachable.severity(),
        span,
        message: format!("no legal game reaches this setup: {reason}"),
        related,
    }
}

/// One change to the union-find, to undo.
#[derive(Debug, Clone, Copy)]
enum Undo {
    Union {
        child: usize,
        root: usize,
        bumped: bool,
        holder: Option<usize>,
    },
    Meeple {
        root: usize,
        holder: Option<usize>,
    },
}

/// The depth-first search over placement orders.
struct Search<'m> {
    m: &'m Model,
    p: usize,
    placed: Vec<bool>,
    bits: Vec<u64>,
    touching: Vec<u16>,
    active: Vec<bool>,
    parent: Vec<usize>,
    rank: Vec<u8>,
    count: Vec<u16>,
    /// At roots: the tile of one meeple of the feature.
    holder: Vec<Option<usize>>,
    log: Vec<Undo>,
    marks: Vec<usize>,
    order: Vec<usize>,
    seat0: Option<usize>,
    seats: Vec<Option<usize>>,
    /// Unplaced meeples per seat.
    need: Vec<usize>,
    meeple_tiles: Vec<usize>,
    dead: HashSet<(Vec<u64>, Option<usize>)>,
    placements: usize,
    budget: usize,
    gave_up: bool,
    /// (blocked meeple tile, blocking meeple tile) → how often.
    blocks: HashMap<(usize, usize), usize>,
    /// Scratch for `doomed`, per root: (stamp, the unplaced meeple tile touching it).
    touched: Vec<(u64, usize)>,
    stamp: u64,
    /// The restart round, and the placements allowed until its end.
    round: u64,
    round_budget: usize,
}

/// Placements per unit of the restart schedule (a 72-tile dive takes at least 72).
const RESTART: usize = 200;

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, … (`i` from 1): restarts of mostly short rounds
/// with the occasional long one.
fn luby(i: u64) -> usize {
    let mut i = i.max(1);
    loop {
        let k = 64 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// A fixed pseudo-random tie-break for `t` in restart `round` (splitmix64).
fn mix(round: u64, t: usize) -> usize {
    let mut z = round
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(t as u64);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) as usize
}

impl<'m> Search<'m> {
    fn new(m: &'m Model, budget: usize) -> Search<'m> {
        let n = m.tiles.len();
        let nodes = m.node_kind.len();
        let p = m.players.len().max(1);
        let mut need = vec![0; p];
        let meeple_tiles: Vec<usize> = (0..n).filter(|t| m.meeple[*t].is_some()).collect();
        for t in &meeple_tiles {
            if let Some(mp) = m.meeple[*t] {
                need[mp.seat] += 1;
            }
        }
        Search {
            m,
            p,
            placed: vec![false; n],
            bits: vec![0; n.div_ceil(64)],
            touching: vec![0; n],
            active: vec![false; nodes],
            parent: (0..nodes).collect(),
            rank: vec![0; nodes],
            count: vec![0; nodes],
            holder: vec![None; nodes],
            log: Vec::new(),
            marks: Vec::new(),
            order: Vec::new(),
            seat0: None,
            seats: Vec::new(),
            need,
            meeple_tiles,
            dead: HashSet::new(),
            placements: 0,
            budget,
            gave_up: false,
            blocks: HashMap::new(),
            touched: vec![(0, 0); nodes],
            stamp: 0,
            round: 0,
            round_budget: budget,
        }
    }

    fn find(&self, mut x: usize) -> usize {
        while self.parent[x] != x {
            x = self.parent[x];
        }
        x
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return;
        }
        let (child, root) = if self.rank[ra] < self.rank[rb] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        let bumped = self.rank[child] == self.rank[root];
        let holder = self.holder[root];
        self.parent[child] = root;
        if bumped {
            self.rank[root] += 1;
        }
        self.count[root] += self.count[child];
        if self.holder[root].is_none() {
            self.holder[root] = self.holder[child];
        }
        self.log.push(Undo::Union {
            child,
            root,
            bumped,
            holder,
        });
    }

    fn undo_to(&mut self, mark: usize) {
        while self.log.len() > mark {
            match self.log.pop() {
                Some(Undo::Union {
                    child,
                    root,
                    bumped,
                    holder,
                }) => {
                    self.parent[child] = child;
                    if bumped {
                        self.rank[root] -= 1;
                    }
                    self.count[root] -= self.count[child];
                    self.holder[root] = holder;
                }
                Some(Undo::Meeple { root, holder }) => {
                    self.count[root] -= 1;
                    self.holder[root] = holder;
                }
                None => break,
            }
        }
    }

    fn set_placed(&mut self, t: usize, on: bool) {
        self.placed[t] = on;
        if on {
            self.bits[t / 64] |= 1 << (t % 64);
        } else {
            self.bits[t / 64] &= !(1 << (t % 64));
        }
        for &j in &self.m.nbrs[t] {
            if on {
                self.touching[j] += 1;
            } else {
                self.touching[j] -= 1;
            }
        }
        for node in self.m.nodes(t) {
            self.active[node] = on;
        }
    }

    /// Places tile `t` as the next turn; false (and nothing changed) when its meeple cannot
    /// be deployed then.
    fn try_place(&mut self, t: usize) -> bool {
        let turn = self.order.len();
        let mut seat0 = self.seat0;
        if let Some(mp) = self.m.meeple[t] {
            match seat0 {
                Some(s) if (s + turn) % self.p != mp.seat => return false,
                Some(_) => {}
                None => seat0 = Some((mp.seat + self.p - turn % self.p) % self.p),
            }
        }
        let mark = self.log.len();
        self.set_placed(t, true);
        for node in self.m.nodes(t) {
            for k in 0..self.m.node_adj[node].len() {
                let other = self.m.node_adj[node][k];
                if self.active[other] {
                    self.union(node, other);
                }
            }
        }
        if let Some(mp) = self.m.meeple[t] {
            let root = self.find(mp.node);
            if self.count[root] > 0 {
                if let Some(h) = self.holder[root] {
                    *self.blocks.entry((t, h)).or_insert(0) += 1;
                }
                self.undo_to(mark);
                self.set_placed(t, false);
                return false;
            }
            self.log.push(Undo::Meeple {
                root,
                holder: self.holder[root],
            });
            self.count[root] += 1;
            self.holder[root] = Some(t);
            self.need[mp.seat] -= 1;
        }
        self.marks.push(mark);
        self.order.push(t);
        self.seats.push(self.seat0);
        self.seat0 = seat0;
        true
    }

    fn undo_last(&mut self) {
        let (Some(t), Some(mark), Some(seat0)) =
            (self.order.pop(), self.marks.pop(), self.seats.pop())
        else {
            return;
        };
        self.undo_to(mark);
        self.set_placed(t, false);
        self.seat0 = seat0;
        if let Some(mp) = self.m.meeple[t] {
            self.need[mp.seat] += 1;
        }
    }

    /// Whether the placed tiles already rule out a witness: an unplaced meeple's segment
    /// touches an occupied feature, or two unplaced meeples' segments touch the same feature
    /// (whichever comes first occupies it for the other; features only grow).
    fn doomed(&mut self) -> bool {
        self.stamp += 1;
        for i in 0..self.meeple_tiles.len() {
            let u = self.meeple_tiles[i];
            let Some(mp) = self.m.meeple[u] else {
                continue;
            };
            if self.placed[u] {
                continue;
            }
            for &o in &self.m.node_adj[mp.node] {
                if self.active[o] {
                    let root = self.find(o);
                    if self.count[root] > 0 {
                        if let Some(h) = self.holder[root] {
                            *self.blocks.entry((u, h)).or_insert(0) += 1;
                        }
                        return true;
                    }
                    match self.touched[root] {
                        (stamp, other) if stamp == self.stamp && other != u => {
                            *self.blocks.entry((u, other)).or_insert(0) += 1;
                            return true;
                        }
                        _ => self.touched[root] = (self.stamp, u),
                    }
                }
            }
        }
        if let Some(s) = self.seat0 {
            let n = self.m.tiles.len();
            let from = self.order.len();
            for seat in 0..self.p {
                let left = (from..n).filter(|i| (s + i) % self.p == seat).count();
                if self.need[seat] > left {
                    return true;
                }
            }
        }
        false
    }

    /// The tiles that may come next, best first.
    fn candidates(&self) -> Vec<usize> {
        let current = self.seat0.map(|s| (s + self.order.len()) % self.p);
        let mut out: Vec<(u8, usize, usize)> = Vec::new();
        for t in 0..self.m.tiles.len() {
            if self.placed[t] || (!self.order.is_empty() && self.touching[t] == 0) {
                continue;
            }
            let class = match self.m.meeple[t] {
                Some(mp) if current.is_none_or(|c| c == mp.seat) => 0,
                Some(_) => continue,
                None if !self.m.contested[t] => 1,
                None => 2,
            };
            // Ties: the file's order in the first round, then a shuffle per restart.
            let tie = if self.round == 0 {
                self.m.lines[t]
            } else {
                mix(self.round, t)
            };
            out.push((class, tie, t));
        }
        out.sort_unstable();
        out.into_iter().map(|(_, _, t)| t).collect()
    }

    fn dfs(&mut self) -> bool {
        if self.order.len() == self.m.tiles.len() {
            return true;
        }
        let key = (self.bits.clone(), self.seat0);
        if self.dead.contains(&key) {
            return false;
        }
        for t in self.candidates() {
            if self.placements >= self.round_budget {
                self.gave_up = true;
                return false;
            }
            self.placements += 1;
            if !self.try_place(t) {
                continue;
            }
            if !self.doomed() && self.dfs() {
                return true;
            }
            self.undo_last();
            if self.gave_up {
                return false;
            }
        }
        self.dead.insert(key);
        false
    }

    /// Depth-first search with restarts: round `i` may try `RESTART * luby(i)` placements
    /// (capped by the budget), ties among candidates shuffled anew each round. The dead sets
    /// carry over (each was explored in full), so a round that runs to its end still proves
    /// the setup unreachable.
    fn run(mut self) -> (Outcome, usize) {
        let found = loop {
            self.gave_up = false;
            self.round_budget = self
                .budget
                .min(self.placements + RESTART * luby(self.round + 1));
            if self.dfs() {
                break true;
            }
            if !self.gave_up || self.placements >= self.budget {
                break false;
            }
            self.round += 1;
        };
        if found {
            let steps = self.m.witness(&self.order, self.seat0.unwrap_or(0));
            return (Outcome::Reachable(steps), self.placements);
        }
        if self.gave_up {
            return (Outcome::NotProven, self.placements);
        }
        (
            Outcome::Unreachable(self.exhausted_reason()),
            self.placements,
        )
    }

    /// The reason after an exhaustive search: the meeple most often blocked, and by whom.
    fn exhausted_reason(&self) -> Diagnostic {
        let n = self.m.tiles.len();
        let worst = self
            .blocks
            .iter()
            .max_by_key(|((u, h), count)| (**count, std::cmp::Reverse((*u, *h))))
            .map(|(k, _)| *k);
        let first = self.m.meeples().last().copied();
        match worst.and_then(|(u, h)| Some((self.m.meeple[u]?, self.m.meeple[h]?))) {
            Some((a, b)) => {
                // Named on the later line of the two, so the report does not depend on which
                // of them the search happened to try second.
                let (later, earlier) = if a.span.start > b.span.start {
                    (a, b)
                } else {
                    (b, a)
                };
                let kind = vocab::kind_word(self.m.node_kind[later.node]);
                unreachable(
                    later.span,
                    format!(
                        "in every order of the {n} tiles that keeps them joined side to side, {} and {} (line {}) are on one {kind} before the second of them is deployed",
                        meeple_words(&later),
                        meeple_words(&earlier),
                        earlier.line + 1
                    ),
                    vec![Related {
                        span: earlier.span,
                        message: format!("{} is here", meeple_words(&earlier)),
                    }],
                )
            }
            None => unreachable(
                first.map_or(Span::new(0, 0), |m| m.span),
                format!("no order of the {n} tiles gives every meeple a free feature on a turn of its colour"),
                Vec::new(),
            ),
        }
    }
}

/// The search, run backwards: which tile came last? A tile may come last when the others
/// stay edge-connected without it (it is not a cut vertex), its meeple (if any) is of the
/// colour whose turn that was, and the meeple's feature, among the tiles still there, holds
/// no other meeple. Taking tiles away only splits features, so the occupancy test can only
/// become easier as the search goes on; connectivity and whose turn it is are what need
/// backtracking.
struct Backward<'m> {
    m: &'m Model,
    p: usize,
    present: Vec<bool>,
    bits: Vec<u64>,
    left: usize,
    /// Removed tiles, last placed first.
    removed: Vec<usize>,
    /// The seat of the first turn (fixed per round).
    seat0: usize,
    /// Meeples still on the board, per seat.
    need: Vec<usize>,
    is_meeple_node: Vec<bool>,
    dead: HashSet<Vec<u64>>,
    placements: usize,
    budget: usize,
    gave_up: bool,
    /// (blocked meeple tile, blocking meeple tile) → how often.
    blocks: HashMap<(usize, usize), usize>,
    /// Scratch for the searches over nodes and tiles.
    seen: Vec<u32>,
    stamp: u32,
}

impl<'m> Backward<'m> {
    fn new(m: &'m Model, budget: usize) -> Backward<'m> {
        let n = m.tiles.len();
        let mut is_meeple_node = vec![false; m.node_kind.len()];
        for mp in m.meeple.iter().flatten() {
            is_meeple_node[mp.node] = true;
        }
        Backward {
            m,
            p: m.players.len().max(1),
            present: vec![true; n],
            bits: vec![0; n.div_ceil(64)],
            left: n,
            removed: Vec::new(),
            seat0: 0,
            need: Vec::new(),
            is_meeple_node,
            dead: HashSet::new(),
            placements: 0,
            budget,
            gave_up: false,
            blocks: HashMap::new(),
            seen: vec![0; m.node_kind.len().max(n)],
            stamp: 0,
        }
    }

    fn reset(&mut self, seat0: usize) {
        self.present.iter_mut().for_each(|p| *p = true);
        self.bits.iter_mut().for_each(|b| *b = 0);
        for t in 0..self.m.tiles.len() {
            self.bits[t / 64] |= 1 << (t % 64);
        }
        self.left = self.m.tiles.len();
        self.removed.clear();
        self.seat0 = seat0;
        self.need = vec![0; self.p];
        for mp in self.m.meeple.iter().flatten() {
            self.need[mp.seat] += 1;
        }
        self.dead.clear();
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// Another meeple on the feature of `tile`'s meeple, among the tiles still there.
    fn other_meeple(&mut self, tile: usize) -> Option<usize> {
        let mp = self.m.meeple[tile]?;
        let stamp = self.next_stamp();
        let mut stack = vec![mp.node];
        self.seen[mp.node] = stamp;
        while let Some(node) = stack.pop() {
            for &o in &self.m.node_adj[node] {
                let t = self.node_tile(o);
                if self.seen[o] == stamp || !self.present[t] {
                    continue;
                }
                if self.is_meeple_node[o] {
                    return Some(t);
                }
                self.seen[o] = stamp;
                stack.push(o);
            }
        }
        None
    }

    fn node_tile(&self, node: usize) -> usize {
        self.m
            .base
            .partition_point(|b| *b <= node)
            .saturating_sub(1)
    }

    /// The tiles still there whose removal would split the others (Tarjan's cut vertices).
    fn cut_vertices(&mut self) -> Vec<bool> {
        let n = self.m.tiles.len();
        let mut cut = vec![false; n];
        let Some(root) = (0..n).find(|t| self.present[*t]) else {
            return cut;
        };
        let mut order = vec![0usize; n];
        let mut low = vec![0usize; n];
        let mut counter = 1;
        // Iterative depth-first search: (tile, parent, next neighbour index).
        let mut stack: Vec<(usize, usize, usize)> = vec![(root, usize::MAX, 0)];
        order[root] = counter;
        low[root] = counter;
        let mut root_children = 0;
        while let Some(&mut (v, parent, ref mut next)) = stack.last_mut() {
            if let Some(&w) = self.m.nbrs[v].get(*next) {
                *next += 1;
                if !self.present[w] || w == parent {
                    continue;
                }
                if order[w] == 0 {
                    counter += 1;
                    order[w] = counter;
                    low[w] = counter;
                    if v == root {
                        root_children += 1;
                    }
                    stack.push((w, v, 0));
                } else {
                    low[v] = low[v].min(order[w]);
                }
            } else {
                stack.pop();
                if let Some(&(u, _, _)) = stack.last() {
                    low[u] = low[u].min(low[v]);
                    if u != root && low[v] >= order[u] {
                        cut[u] = true;
                    }
                }
            }
        }
        cut[root] = root_children > 1;
        cut
    }

    /// The tiles that may have come last, best first.
    fn candidates(&mut self) -> Vec<usize> {
        let seat = (self.seat0 + self.left - 1) % self.p;
        let cut = self.cut_vertices();
        let mut out: Vec<(u8, usize, usize)> = Vec::new();
        for (t, is_cut) in cut.into_iter().enumerate() {
            if !self.present[t] || is_cut {
                continue;
            }
            let class = match self.m.meeple[t] {
                Some(mp) if mp.seat != seat => continue,
                Some(_) => match self.other_meeple(t) {
                    Some(h) => {
                        *self.blocks.entry((t, h)).or_insert(0) += 1;
                        continue;
                    }
                    None => 0,
                },
                None if self.m.contested[t] => 1,
                None => 2,
            };
            // Later lines first: the file's order is a weak hint of the order of play.
            out.push((class, usize::MAX - self.m.lines[t], t));
        }
        out.sort_unstable();
        out.into_iter().map(|(_, _, t)| t).collect()
    }

    /// Whether every colour still has a turn for each of its meeples on the board.
    fn seats_suffice(&self) -> bool {
        (0..self.p).all(|seat| {
            let turns = (0..self.left)
                .filter(|i| (self.seat0 + i) % self.p == seat)
                .count();
            self.need[seat] <= turns
        })
    }

    fn take(&mut self, t: usize, on: bool) {
        self.present[t] = !on;
        self.bits[t / 64] ^= 1 << (t % 64);
        if on {
            self.left -= 1;
            self.removed.push(t);
        } else {
            self.left += 1;
            self.removed.pop();
        }
        if let Some(mp) = self.m.meeple[t] {
            if on {
                self.need[mp.seat] -= 1;
            } else {
                self.need[mp.seat] += 1;
            }
        }
    }

    fn dfs(&mut self) -> bool {
        if self.left == 0 {
            return true;
        }
        if self.dead.contains(&self.bits) {
            return false;
        }
        for t in self.candidates() {
            if self.placements >= self.budget {
                self.gave_up = true;
                return false;
            }
            self.placements += 1;
            self.take(t, true);
            if self.seats_suffice() && self.dfs() {
                return true;
            }
            self.take(t, false);
            if self.gave_up {
                return false;
            }
        }
        self.dead.insert(self.bits.clone());
        false
    }

    fn run(mut self) -> (Outcome, usize) {
        for seat0 in 0..self.p {
            self.reset(seat0);
            if !self.seats_suffice() {
                continue;
            }
            if self.dfs() {
                let order: Vec<usize> = self.removed.iter().rev().copied().collect();
                let steps = self.m.witness(&order, seat0);
                return (Outcome::Reachable(steps), self.placements);
            }
            if self.gave_up {
                return (Outcome::NotProven, self.placements);
            }
        }
        (Outcome::NotProven, self.placements)
    }
}

/// The hover card on the setup's first keyword: the witness, or why there is none.
pub(crate) fn hover(analysis: &Analysis, offset: usize) -> Option<Hover> {
    let report = analysis.reach.as_ref()?;
    if offset < report.keyword.start || offset > report.keyword.end {
        return None;
    }
    let mut out = String::new();
    match &report.outcome {
        Outcome::Reachable(steps) => {
            let seating: Vec<&str> = {
                let mut seen: Vec<&str> = Vec::new();
                for s in steps {
                    if !seen.contains(&s.colour.as_str()) {
                        seen.push(s.colour.as_str());
                    }
                }
                seen
            };
            let _ = writeln!(
                out,
                "**reachable setup** · {} tile{} · one order of play that builds it ({}; found after {} placement{}):\n",
                report.tiles,
                if report.tiles == 1 { "" } else { "s" },
                seating.join(", then "),
                report.placements,
                if report.placements == 1 { "" } else { "s" }
            );
            for (i, s) in steps.iter().enumerate() {
                let meeple = match s.meeple {
                    Some((Role::Monk, _)) => " · monk".to_owned(),
                    Some((role, place)) => {
                        format!(" · {} {}", vocab::role_word(role), vocab::place_str(place))
                    }
                    None => String::new(),
                };
                let _ = writeln!(
                    out,
                    "{}. {} · `{} {} {}` (line {}){meeple}",
                    i + 1,
                    s.colour.as_str(),
                    s.tile.token(),
                    vocab::pos_str(s.pos),
                    vocab::rotation_word(s.rotation),
                    s.line + 1
                );
            }
        }
        Outcome::Unreachable(d) => {
            let _ = writeln!(out, "**unreachable setup**: {}", d.message);
        }
        Outcome::NotProven => {
            let _ = writeln!(
                out,
                "**reachability not proven**: no quick check rules this setup out, and the search for an order of play stopped after {} placements (its budget)",
                report.placements
            );
        }
        Outcome::Excerpt => {
            let _ = writeln!(
                out,
                "**setup excerpt** · {} tile{} · tiles outside it may exist, so only what no board could explain is checked: a meeple on a completed feature, more than 7 meeples of a colour, two meeples on neighbouring tiles whose feature joins across the side they share. Write `rules whole-board` to check it as the entire board (connectivity, turn count, an order of play).",
                report.tiles,
                if report.tiles == 1 { "" } else { "s" },
            );
        }
    }
    Some(Hover {
        span: report.keyword,
        markdown: out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(text: &str) -> Option<Outcome> {
        crate::analyze(text).reach.map(|r| r.outcome)
    }

    fn codes(text: &str) -> Vec<Code> {
        crate::analyze(text)
            .diagnostics()
            .iter()
            .map(|d| d.code)
            .collect()
    }

    #[test]
    fn meeples_on_a_directly_joined_road_are_unreachable() {
        // Two straight roads north-south, one above the other: one road, two travellers.
        let text = "tile U 0,0 red traveller\ntile U 0,1 blue traveller\n";
        assert_eq!(codes(text), vec![Code::Unreachable]);
        let d = crate::analyze(text).diagnostics()[0].clone();
        assert!(d.message.contains("neighbouring tiles"), "{}", d.message);
        assert_eq!(d.related.len(), 1);
    }

    #[test]
    fn a_corridor_forces_the_join_and_the_search_proves_it() {
        // A road of three tiles, A (ends at its monastery) – U – U (open north), and nothing
        // else: the middle tile must come before the last one, joining the road.
        let text = "players red blue\nrules whole-board\ntile A 0,0 r180 red traveller N\ntile U 0,1\ntile U 0,2 blue traveller S\n";
        let analysis = crate::analyze(text);
        let found: Vec<_> = analysis.diagnostics().iter().map(|d| d.code).collect();
        assert_eq!(found, vec![Code::Unreachable]);
        assert!(
            analysis.diagnostics()[0].message.contains("in every order"),
            "{}",
            analysis.diagnostics()[0].message
        );
    }

    #[test]
    fn a_detour_makes_two_meeples_on_one_road_reachable() {
        // The same road, but a ring of fields (B monasteries) lets the ends be placed first.
        let text = "players red blue\nrules whole-board\n\
            tile A 0,0 r180 red traveller N\n\
            tile U 0,1\n\
            tile U 0,2 blue traveller S\n\
            tile B 1,0\ntile B 1,1\ntile B 1,2\n";
        let Some(Outcome::Reachable(steps)) = outcome(text) else {
            panic!("expected a witness: {:?}", outcome(text));
        };
        assert_eq!(steps.len(), 6);
        // U (line 4) comes after both travellers' tiles.
        let at = |line: usize| steps.iter().position(|s| s.line == line);
        assert!(at(3) > at(2) && at(3) > at(4), "{steps:?}");
        // Turns alternate, and each meeple comes on its owner's turn.
        for w in steps.windows(2) {
            assert_ne!(w[0].colour, w[1].colour);
        }
        for s in steps.iter().filter(|s| s.meeple.is_some()) {
            let owner = if s.line == 2 { Color::Red } else { Color::Blue };
            assert_eq!(s.colour, owner);
        }
    }

    #[test]
    fn more_meeples_than_turns_is_unreachable() {
        // Three monasteries with red monks, two players: red had at most 2 of 3 turns.
        let text =
            "players red blue\nrules whole-board\ntile B 0,0 red monk\ntile B 1,0 red monk\ntile B 2,0 red monk\n";
        let analysis = crate::analyze(text);
        assert_eq!(
            analysis
                .diagnostics()
                .iter()
                .map(|d| d.code)
                .collect::<Vec<_>>(),
            vec![Code::Unreachable]
        );
        assert!(analysis.diagnostics()[0].message.contains("at most 2"));
    }

    #[test]
    fn setups_with_errors_are_not_searched_and_the_examples_are_reachable() {
        // completed-occupied already says it: no second diagnostic.
        assert_eq!(
            codes("tile D 0,0 red knight N\ntile E 0,1 r180\n"),
            vec![Code::CompletedOccupied]
        );
        assert!(outcome("tile D 0,0 red knight N\ntile E 0,1 r180 blue knight S\n").is_none());
        let ring =
            "rules whole-board\ntile B 0,0 red monk\ntile U 0,1 r90\ntile V 1,1\ntile U 1,0\n";
        assert!(matches!(outcome(ring), Some(Outcome::Reachable(_))));
    }

    #[test]
    fn hover_on_the_first_setup_line_shows_the_witness() {
        let text = "players red blue\nrules whole-board\ntile D 0,0 red knight N\ntile U 1,0 r90 blue traveller E\n";
        let analysis = crate::analyze(text);
        let card = crate::hover(&analysis, 2).expect("a card on `players`");
        assert!(
            card.markdown.starts_with("**reachable setup** · 2 tiles"),
            "{}",
            card.markdown
        );
        assert!(
            card.markdown.contains("`D 0,0 r0` (line 3) · knight N"),
            "{}",
            card.markdown
        );
        assert!(
            card.markdown.contains("`U 1,0 r90` (line 4) · traveller E"),
            "{}",
            card.markdown
        );
    }

    #[test]
    fn two_unplaced_meeples_touching_one_road_doom_the_branch() {
        // U 0,0 (red) – U 0,1 – U 0,2 (blue), one straight road: once the middle tile is
        // down, both travellers' segments touch its road, so whichever comes first blocks
        // the other, though neither touches an occupied road yet.
        let text = "players red blue\nrules whole-board\ntile U 0,0 red traveller\ntile U 0,1\n\
            tile U 0,2 blue traveller\n";
        let parse = carc_notation::parse(text);
        let state = replay(&parse, None, None);
        let model = Model::build(&state).expect("a model");
        let middle = (0..3).find(|t| model.meeple[*t].is_none()).expect("U 0,1");
        let mut search = Search::new(&model, BUDGET);
        assert!(search.try_place(middle));
        assert!(search.doomed());
    }

    /// The detour setup (reachable after a search) and two texts that share its setup.
    const DETOUR: &str =
        "players red blue\nrules whole-board\ntile A 0,0 r180 red traveller N\ntile U 0,1\n\
        tile U 0,2 blue traveller S\ntile B 1,0\ntile B 1,1\ntile B 1,2\n";

    #[test]
    fn an_identical_setup_reuses_the_report_with_the_same_diagnostics_and_hover() {
        let first = crate::analyze(DETOUR);
        assert!(!first.reach_reused());
        // A turn typed after the setup (with a mistake, so there are diagnostics to compare).
        let typed = format!("{DETOUR}turn red V 2,2\n");
        let fresh = crate::analyze(&typed);
        let reused = crate::analyze_incremental(&typed, Some(&first));
        assert!(reused.reach_reused() && !fresh.reach_reused());
        assert!(!fresh.diagnostics().is_empty());
        assert_eq!(reused.diagnostics(), fresh.diagnostics());
        let card = |a: &Analysis| crate::hover(a, 0).map(|h| h.markdown);
        assert_eq!(card(&reused), card(&fresh));
        assert!(card(&reused).is_some_and(|c| c.starts_with("**reachable setup** · 6 tiles")));
        // Reused again from a reused analysis (the editor's chain of keystrokes).
        let again = crate::analyze_incremental(&format!("{typed}\n"), Some(&reused));
        assert!(again.reach_reused());
        assert_eq!(card(&again), card(&fresh));
    }

    #[test]
    fn a_changed_setup_line_is_searched_again() {
        // The previous report is doctored so that reuse would show: an identical setup takes
        // it over, a changed one does not.
        let mut first = crate::analyze(DETOUR);
        if let Some(r) = first.reach.as_mut() {
            r.outcome = Outcome::NotProven;
        }
        let same = crate::analyze_incremental(DETOUR, Some(&first));
        assert!(matches!(
            same.reach.as_ref().map(|r| &r.outcome),
            Some(Outcome::NotProven)
        ));
        // B 1,2 → a red monk on it: a different setup, searched anew (still reachable).
        let changed = DETOUR.replace("tile B 1,2\n", "tile B 1,2 red monk\n");
        let again = crate::analyze_incremental(&changed, Some(&first));
        assert!(!again.reach_reused());
        assert!(matches!(
            again.reach.as_ref().map(|r| &r.outcome),
            Some(Outcome::Reachable(_))
        ));
        // Without the detour (the B tiles) the corridor is unreachable: searched and proven.
        let corridor =
            "players red blue\nrules whole-board\ntile A 0,0 r180 red traveller N\ntile U 0,1\n\
            tile U 0,2 blue traveller S\n";
        let proof = crate::analyze_incremental(corridor, Some(&first));
        let codes: Vec<Code> = proof.diagnostics().iter().map(|d| d.code).collect();
        assert_eq!(codes, vec![Code::Unreachable]);
        // Inserting a blank line in the setup shifts every offset: not reused either.
        let shifted = format!("\n{DETOUR}");
        assert!(!crate::analyze_incremental(&shifted, Some(&first)).reach_reused());
    }

    #[test]
    fn an_excerpt_is_checked_only_for_direct_joins() {
        // The corridor and the three monks without `rules whole-board`: tiles outside the
        // excerpt may have joined the road's ends and given red more turns. Clean.
        let corridor = "players red blue\ntile A 0,0 r180 red traveller N\ntile U 0,1\n\
            tile U 0,2 blue traveller S\n";
        let monks = "players red blue\ntile B 0,0 red monk\ntile B 1,0 red monk\n\
            tile B 2,0 red monk\n";
        for text in [corridor, monks] {
            assert!(matches!(outcome(text), Some(Outcome::Excerpt)), "{text}");
            assert_eq!(codes(text), vec![], "{text}");
            let card = crate::hover(&crate::analyze(text), 0)
                .expect("a card")
                .markdown;
            assert!(card.starts_with("**setup excerpt** · 3 tiles"), "{card}");
            assert!(card.contains("`rules whole-board`"), "{card}");
        }
        // A direct join is impossible on any board: still unreachable, saying why.
        let joined = "players red blue\ntile U 0,0 red traveller\ntile U 0,1 blue traveller\n";
        let analysis = crate::analyze(joined);
        let d = &analysis.diagnostics()[0];
        assert_eq!(d.code, Code::Unreachable);
        assert!(
            d.message
                .contains("whichever tile came second was deployed onto an occupied road"),
            "{}",
            d.message
        );
        // `rules` after play began is an `order` error and says nothing about the setup.
        assert!(!whole_board(&carc_notation::parse(
            "tile D 0,0\nturn red E 0,1 r180\nrules whole-board\n"
        )));
        assert!(whole_board(&carc_notation::parse(
            "title \"t\"\nrules farmers whole-board\ntile D 0,0\n"
        )));
    }

    #[test]
    fn restarts_follow_the_luby_sequence() {
        let first: Vec<usize> = (1..=15).map(luby).collect();
        assert_eq!(first, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn a_search_out_of_budget_is_not_proven() {
        // The reachable detour of the test above needs 6 placements; 1 is not enough.
        let text =
            "players red blue\nrules whole-board\ntile A 0,0 r180 red traveller N\ntile U 0,1\n\
            tile U 0,2 blue traveller S\ntile B 1,0\ntile B 1,1\ntile B 1,2\n";
        let parse = carc_notation::parse(text);
        let state = replay(&parse, None, None);
        let model = Model::build(&state).expect("a model");
        let (outcome, placements) = Search::new(&model, 1).run();
        assert!(matches!(outcome, Outcome::NotProven));
        assert_eq!(placements, 1);
    }
}
