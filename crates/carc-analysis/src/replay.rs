//! The replay: walks a parsed document statement by statement through the rules engine,
//! reporting every diagnostic and recording what each line did (for hover and inlay hints).
//!
//! One function, [`replay`], serves both purposes: [`crate::analyze`] runs it over the whole
//! file; hover runs it again up to the line under the cursor to query the board as it stood
//! there. Re-running is cheap (well under a millisecond for a full game) and keeps one source
//! of truth for what a file means.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use carc_notation::{
    Amount, Expectation, ExpectationKind, FigureWord, GoodsStmt, LineKind, MeepleSpec, Parse,
    RefusedMove, RefusedStmt, RuleOption, Span, Spanned, StatementKind, TileStmt, TurnStmt,
    MAX_VARIATION_DEPTH,
};
use carc_rules::river;
use carc_rules::{
    Color, Config, DeployError, FeatureKind, FeatureSummary, Figure, FinalScore, Game, Good, Goods,
    MeepleId, PlacementError, Pos, Role, Rules, TileSet, TileType, TurnScore,
};

use crate::diagnostic::{messages, Code, Diagnostic, Related};
use crate::explain;
use crate::vocab;

pub(crate) mod refused;

/// How many meeples a player owns (the eighth is the score marker): the engine's number.
pub const MEEPLES_PER_PLAYER: i32 = carc_rules::MEEPLES_PER_COLOUR;

/// Where the replay is in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Setup,
    Play,
    Ended,
}

/// What one line did, kept for hover and inlay hints.
#[derive(Debug, Clone)]
pub enum Fact {
    /// A meeple put on the board; `span` is its colour/role/place text.
    Meeple {
        line: usize,
        span: Span,
        id: MeepleId,
        value: MeepleValue,
    },
    /// A turn that was played (not void), with what it scored.
    Turn {
        line: usize,
        colour: Color,
        score: TurnScore,
        /// The codes of the placement and deployment faults reported on this turn (empty
        /// for a legal turn); an illegal turn's expectation is not checked.
        faults: Vec<Code>,
    },
    /// A turn part (`line`) that earned its player a bonus tile (Traders & Builders): its
    /// tile extended the road or city of the player's builder. The last fact of its line.
    BonusEarned {
        line: usize,
        colour: Color,
        /// The builder as it stood when the tile was placed (it may have gone home since).
        builder: carc_rules::Meeple,
        /// Road or city.
        kind: FeatureKind,
    },
    /// A bonus part (`line`) whose tile extended the road or city of its player's builder
    /// again: a bonus tile never earns another (Traders & Builders). The last fact of its
    /// line.
    BonusChained {
        line: usize,
        colour: Color,
        /// The builder as it stood when the tile was placed.
        builder: carc_rules::Meeple,
        /// Road or city.
        kind: FeatureKind,
    },
    /// Goods tokens taken by the player whose tile completed cities with goods symbols
    /// (Traders & Builders), after that turn part's [`Fact::Turn`].
    Goods {
        line: usize,
        colour: Color,
        /// The tokens taken.
        taken: Goods,
        /// What the player holds afterwards.
        held: Goods,
    },
    /// Final scoring, with each player's total afterwards.
    End {
        line: usize,
        score: FinalScore,
        totals: Vec<(Color, i64)>,
    },
}

/// What a meeple is worth where it was placed.
#[derive(Debug, Clone)]
pub enum MeepleValue {
    /// Its feature was completed the same turn: it scored (or was outnumbered) and returned.
    Scored {
        feature: FeatureSummary,
        points: u32,
        won: bool,
        /// Which figure it is (a meeple, the large meeple, the abbot …).
        figure: Figure,
    },
    /// It stays on its feature, as it was after that line (the setup: after the setup).
    OnBoard(FeatureSummary),
}

impl MeepleValue {
    /// The feature the meeple stood on (as it was scored, or as it stands).
    pub fn feature(&self) -> &FeatureSummary {
        match self {
            MeepleValue::Scored { feature, .. } | MeepleValue::OnBoard(feature) => feature,
        }
    }

    /// Which figure meeple `id` is, when it stands on this value's feature.
    pub fn figure_of(&self, id: MeepleId) -> Option<Figure> {
        let feature = self.feature();
        feature
            .meeples
            .iter()
            .find(|m| m.id == id)
            .map(|m| m.figure)
    }
}

/// The state after replaying a file (or a prefix of it).
pub struct Replay {
    /// The board and players.
    pub game: Game,
    /// The players in turn order (declared, or by first use).
    pub players: Vec<Color>,
    /// Whether `players` declared them (only then is a colour unknown).
    pub declared_players: bool,
    /// The line that placed each tile.
    pub tile_lines: PosMap<usize>,
    /// The line and text span of each meeple.
    pub meeple_spans: HashMap<MeepleId, (usize, Span)>,
    /// Everything found, in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// What each line did, in file order.
    pub facts: Vec<Fact>,
    /// The `mark` lines in effect (a variation's marks end with it); a later mark of the same
    /// cell replaces the earlier one.
    pub marks: Marks,
    /// The tiles of `draws` not yet taken by a turn or discard, in order (a turn or discard
    /// whose tile is the next draw takes it; see docs/puzzles.md).
    pub draws: Vec<TileType>,
    /// What each `refused` line found, in file order.
    pub refusals: Vec<refused::Refusal>,
}

/// The `mark` lines in effect, one per cell: a map, so that a file of 100,000 `mark` lines
/// is replayed in linear time (replacing a cell's mark in a list was a scan per line).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks(PosMap<MarkInfo>);

impl Marks {
    /// The marks in file order (by line).
    pub fn iter(&self) -> impl Iterator<Item = &MarkInfo> {
        let mut marks: Vec<&MarkInfo> = self.0.values().collect();
        marks.sort_unstable_by_key(|m| m.line);
        marks.into_iter()
    }

    /// The mark of a cell, if any.
    pub fn at(&self, pos: Pos) -> Option<&MarkInfo> {
        self.0.get(&pos)
    }

    /// Puts `mark` on its cell, replacing the cell's earlier mark.
    fn set(&mut self, mark: MarkInfo) {
        self.0.insert(mark.pos, mark);
    }
}

/// A `mark x,y ["label"]` line in effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkInfo {
    /// The line of the `mark` statement.
    pub line: usize,
    /// The marked cell.
    pub pos: Pos,
    /// Its label, if written.
    pub label: Option<String>,
}

/// The rules a file switches on: the base game and the sets its `rules` lines name (`abbot`,
/// `inns-cathedrals`). The garden tiles of The Abbot are legal in every file all the same.
/// What each set allows is the engine's ([`Rules`]).
pub fn rules_on(parse: &Parse) -> Rules {
    Prelude::read(parse).rules
}

/// Replays `parse`, stopping after line index `stop` (all lines when `None`) and leaving out
/// line `skip` (to ask what the board allows on that line's cell). A stop inside the setup
/// runs the whole setup, but no line of play: the setup is one position, not a sequence.
pub fn replay(parse: &Parse, stop: Option<usize>, skip: Option<usize>) -> Replay {
    let mut r = replayer(parse, stop, skip);
    if stop.is_none() {
        for start in std::mem::take(&mut r.variations) {
            r.report(
                Code::Variation,
                start.keyword,
                messages::VARIATION_NEVER_CLOSED,
            );
        }
    }
    r.replay
        .diagnostics
        .sort_by_key(|d| (d.span.start, d.span.end));
    r.replay
}

/// The errors each of `turns` produces, each played on its own in the position before line
/// `line` (0-based, a line of play): what a `refused` line there would find (empty: the move
/// is legal). The turns may come from another parse (only their words are read); the
/// position is put back after each.
pub fn judge_turns(parse: &Parse, line: usize, turns: &[&TurnStmt]) -> Vec<Vec<Diagnostic>> {
    let mut r = replayer(parse, line.checked_sub(1), None);
    turns
        .iter()
        .map(|turn| r.evaluate(|r| r.turn(line, turn)))
        .collect()
}

/// The replayer after the lines up to `stop` (see [`replay`]), before the end-of-file checks.
fn replayer(parse: &Parse, stop: Option<usize>, skip: Option<usize>) -> Replayer<'_> {
    let mut r = start(parse);
    for index in 0..parse.lines.len() {
        let past_stop = stop.is_some_and(|s| index > s);
        if past_stop && r.phase != Phase::Setup {
            break;
        }
        if skip == Some(index) {
            continue;
        }
        if !r.line(index, past_stop) {
            break;
        }
    }
    if r.phase == Phase::Setup {
        r.finish_setup();
    }
    r
}

/// A replay that goes through the file once, forward: [`Stepper::to`] gives the state
/// [`replay`] stopped at a line of play gives, for lines asked for in increasing order, each
/// line replayed once (a lesson's page asks for every step's position).
pub struct Stepper<'a> {
    r: Replayer<'a>,
    /// The next line to replay.
    next: usize,
}

impl<'a> Stepper<'a> {
    /// Before the first line of `parse`.
    pub fn new(parse: &'a Parse) -> Stepper<'a> {
        Stepper {
            r: start(parse),
            next: 0,
        }
    }

    /// The state after 0-based line `line`, as `replay(parse, Some(line), None)` gives it;
    /// `None` when the stepper is already past that line, or when the line is in the setup
    /// (there `replay` runs the whole setup).
    pub fn to(&mut self, line: usize) -> Option<&Replay> {
        if line + 1 < self.next || line >= self.r.parse.lines.len() {
            return None;
        }
        while self.next <= line {
            self.r.line(self.next, false);
            self.next += 1;
        }
        (self.r.phase != Phase::Setup).then_some(&self.r.replay)
    }
}

/// A replayer before the first line.
fn start(parse: &Parse) -> Replayer<'_> {
    let prelude = Prelude::read(parse);
    Replayer {
        replay: Replay {
            game: Game::new(
                Config::new(prelude.players.clone(), prelude.farmers).with_rules(prelude.rules),
            ),
            players: prelude.players,
            declared_players: prelude.declared,
            tile_lines: PosMap::default(),
            meeple_spans: HashMap::new(),
            diagnostics: Vec::new(),
            facts: Vec::new(),
            marks: Marks::default(),
            draws: Vec::new(),
            refusals: Vec::new(),
        },
        parse,
        boxes: prelude.boxes,
        rules: prelude.rules,
        phase: Phase::Setup,
        first_tile: None,
        tile_counts: TileCounts::default(),
        setup_meeples: HashMap::new(),
        pending_setup_meeples: Vec::new(),
        setup_pigs: Vec::new(),
        explicit_supply: Vec::new(),
        previous_turn: None,
        last_part: None,
        variations: Vec::new(),
        too_deep: 0,
        version: 0,
        next_version: 0,
        colours_off: Vec::new(),
    }
}

impl Replayer<'_> {
    /// Replays line `index`; `past_stop`: the line is past where the replay stops, so only
    /// the rest of the setup runs. `false` when the replay stops here.
    fn line(&mut self, index: usize, past_stop: bool) -> bool {
        let LineKind::Statement(statement) = &self.parse.lines[index].kind else {
            return true;
        };
        if self.too_deep > 0 {
            // inside a block past the depth limit: only its nesting is followed
            match statement.kind {
                StatementKind::VariationOpen { .. } => self.too_deep += 1,
                StatementKind::VariationClose => self.too_deep -= 1,
                _ => {}
            }
            return true;
        }
        // Past the stop only the rest of the setup runs, never the first line of play.
        if past_stop && !is_setup_kind(&statement.kind) && !is_anywhere_kind(&statement.kind) {
            return false;
        }
        self.check_colours(&statement.kind);
        self.statement(index, statement.keyword, &statement.kind);
        true
    }
}

/// What must be known before the first tile: the players and the farmer rule.
struct Prelude {
    players: Vec<Color>,
    declared: bool,
    farmers: bool,
    /// `rules boxes N`: how many boxes of tiles the file may use (1 by default).
    boxes: u32,
    /// The sets switched on: the base game and those `rules` names (`abbot` …).
    rules: Rules,
}

impl Prelude {
    fn read(parse: &Parse) -> Prelude {
        let mut declared: Option<Vec<Color>> = None;
        let mut farmers = true;
        let mut boxes = 1;
        let mut rules = Rules::BASE;
        let mut first_use: Vec<Color> = Vec::new();
        let mut saw_play = false;
        for line in &parse.lines {
            let LineKind::Statement(statement) = &line.kind else {
                continue;
            };
            each_colour(&statement.kind, |c| {
                if !first_use.contains(&c.value) {
                    first_use.push(c.value);
                }
            });
            match &statement.kind {
                StatementKind::Players(list) if !saw_play && declared.is_none() => {
                    let mut players = Vec::new();
                    for c in list.iter().map(|c| c.value) {
                        if !players.contains(&c) {
                            players.push(c);
                        }
                    }
                    declared = Some(players);
                }
                StatementKind::Rules(options) if !saw_play => {
                    for option in options {
                        match option.value {
                            RuleOption::Farmers => farmers = true,
                            RuleOption::NoFarmers => farmers = false,
                            RuleOption::Boxes(n) => boxes = n,
                            // Read by `reach::whole_board` (setup checks).
                            RuleOption::WholeBoard => {}
                            RuleOption::Set(set) => rules = rules.with(set),
                        }
                    }
                }
                StatementKind::Turn(_)
                | StatementKind::Bonus(_)
                | StatementKind::Refused(_)
                | StatementKind::Discard { .. }
                | StatementKind::ExpectScore(_)
                | StatementKind::ExpectSupply(_)
                | StatementKind::ExpectGoods(_)
                | StatementKind::End { .. } => saw_play = true,
                _ => {}
            }
        }
        match declared {
            Some(players) => Prelude {
                players,
                declared: true,
                farmers,
                boxes,
                rules,
            },
            None => Prelude {
                players: first_use,
                declared: false,
                farmers,
                boxes,
                rules,
            },
        }
    }
}

/// Calls `f` with every colour word a statement mentions, in order, with its span (a
/// callback rather than a list: this runs on every line of every analysis).
fn each_colour(kind: &StatementKind, mut f: impl FnMut(Spanned<Color>)) {
    let mut amounts = |list: &[Amount]| list.iter().for_each(|a| f(a.colour));
    match kind {
        StatementKind::Players(list) => list.iter().for_each(|&c| f(c)),
        StatementKind::Tile(tile) => tile.meeples.iter().for_each(|(c, _)| f(*c)),
        StatementKind::Supply(list)
        | StatementKind::Score(list)
        | StatementKind::ExpectScore(list)
        | StatementKind::ExpectSupply(list) => amounts(list),
        StatementKind::Goods(goods) | StatementKind::ExpectGoods(goods) => f(goods.colour),
        StatementKind::Turn(turn) | StatementKind::Bonus(turn) => {
            f(turn.colour);
            if let Some(Expectation {
                kind: ExpectationKind::Gains(list),
                ..
            }) = &turn.expect
            {
                list.iter().for_each(|a| f(a.colour));
            }
        }
        StatementKind::End {
            expect:
                Some(Expectation {
                    kind: ExpectationKind::Gains(list),
                    ..
                }),
        } => amounts(list),
        StatementKind::Refused(RefusedStmt {
            refused: RefusedMove::Turn(turn),
            ..
        }) => f(turn.colour),
        _ => {}
    }
}

/// The replay's working state beyond what [`Replay`] exposes.
struct Replayer<'a> {
    replay: Replay,
    parse: &'a Parse,
    /// How many boxes of tiles the file may use.
    boxes: u32,
    /// The sets switched on (the base game and those `rules` names).
    rules: Rules,
    phase: Phase,
    /// The first setup tile: the root of the edge-connected group.
    first_tile: Option<Pos>,
    tile_counts: TileCounts,
    /// Setup meeples per colour so far (for the 8th-meeple rule).
    setup_meeples: HashMap<Color, i32>,
    /// Setup meeples whose value is known only once the setup is complete.
    pending_setup_meeples: Vec<(usize, Span, MeepleId)>,
    /// Setup pigs (Traders & Builders) with the span of their place: each needs a farmer of
    /// its owner in its field once the whole setup stands (`pig-place`).
    setup_pigs: Vec<(MeepleId, Span)>,
    /// `supply` entries of the setup, applied when the setup ends.
    explicit_supply: Vec<(Color, i64, Span)>,
    previous_turn: Option<Color>,
    /// The turn part just played, while only `discard` lines follow it: what a `bonus` line
    /// follows (Traders & Builders).
    last_part: Option<LastPart>,
    /// The open `variation` blocks, innermost last, each with the position to return to.
    variations: Vec<VariationStart>,
    /// How many blocks are open past [`MAX_VARIATION_DEPTH`] (the outermost of them reported):
    /// their lines are not replayed, so a file nests as deep as it likes in bounded memory.
    too_deep: usize,
    /// Which position the replay is in: a new number after each statement that may change
    /// it (see [`VariationStart`]).
    version: u64,
    /// The next unused [`Replayer::version`].
    next_version: u64,
    /// The colours of a set that is off already reported (`expansion-off`, once each).
    colours_off: Vec<Color>,
}

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

/// The tiles taken from the box so far: per type, and per family (a base type with its garden
/// twins, [`TileType::family`]), indexed by the catalogue's order.
#[derive(Debug, Clone)]
struct TileCounts {
    types: Vec<u32>,
    families: Vec<u32>,
}

impl Default for TileCounts {
    fn default() -> TileCounts {
        TileCounts {
            types: vec![0; TileType::ALL.len()],
            families: vec![0; TileType::ALL.len()],
        }
    }
}

impl TileCounts {
    /// Takes one `tile`; returns how many of its type are taken now.
    fn take(&mut self, tile: TileType) -> u32 {
        self.families[tile.family().index()] += 1;
        let used = &mut self.types[tile.index()];
        *used += 1;
        *used
    }

    /// How many tiles of `family` (a base type and its garden twins) are taken.
    fn of_family(&self, family: TileType) -> u32 {
        self.families[family.index()]
    }
}

/// The turn part a `bonus` line may follow.
#[derive(Debug, Clone, Copy)]
struct LastPart {
    /// Its player.
    colour: Color,
    /// It was itself a bonus part.
    bonus: bool,
    /// Where its tile went (`None`: the tile was not placed).
    pos: Option<Pos>,
}

/// Everything a variation may change and its closing `}` puts back: the main line goes on
/// as if the block were not there.
#[derive(Clone)]
struct Position {
    game: Game,
    phase: Phase,
    previous_turn: Option<Color>,
    last_part: Option<LastPart>,
    tile_counts: TileCounts,
    tile_lines: PosMap<usize>,
    marks: Marks,
    draws: Vec<TileType>,
}

/// An open `variation "…" {` line.
///
/// Its position is shared with the block around it when nothing changed between the two
/// `{` (nested blocks opened in a row), and its `}` puts nothing back when nothing changed
/// inside: a level that plays no move costs no copy of the board (issue 25: 10,000 nested
/// blocks after 4,000 turns took 9.65 GB, one board per level). A level that plays a move
/// still copies the position once.
struct VariationStart {
    keyword: Span,
    position: Rc<Position>,
    /// The replay's [`Replayer::version`] when the block opened.
    version: u64,
}

impl Replayer<'_> {
    /// A copy of the position, taken where a variation starts.
    fn position(&self) -> Position {
        Position {
            game: self.replay.game.clone(),
            phase: self.phase,
            previous_turn: self.previous_turn,
            last_part: self.last_part,
            tile_counts: self.tile_counts.clone(),
            tile_lines: self.replay.tile_lines.clone(),
            marks: self.replay.marks.clone(),
            draws: self.replay.draws.clone(),
        }
    }

    /// Puts back the position a variation started from.
    fn restore(&mut self, position: Position) {
        self.replay.game = position.game;
        self.phase = position.phase;
        self.previous_turn = position.previous_turn;
        self.last_part = position.last_part;
        self.tile_counts = position.tile_counts;
        self.replay.tile_lines = position.tile_lines;
        self.replay.marks = position.marks;
        self.replay.draws = position.draws;
    }

    fn report(&mut self, code: Code, span: Span, message: impl Into<String>) -> &mut Diagnostic {
        self.replay.diagnostics.push(Diagnostic {
            code,
            severity: code.severity(),
            span,
            message: message.into(),
            related: Vec::new(),
        });
        self.replay.diagnostics.last_mut().expect("just pushed")
    }

    /// The span of the line that put the tile at `pos` on the board.
    fn tile_line_span(&self, pos: Pos) -> Option<Span> {
        let line = *self.replay.tile_lines.get(&pos)?;
        let statement = match &self.parse.lines.get(line)?.kind {
            LineKind::Statement(s) => s,
            _ => return None,
        };
        Some(statement.span)
    }

    fn statement(&mut self, line: usize, keyword: Span, kind: &StatementKind) {
        if !matches!(
            kind,
            StatementKind::VariationOpen { .. } | StatementKind::VariationClose
        ) {
            // any other statement may change the position (a new number, never used before:
            // a `}` puts back an older one)
            self.next_version += 1;
            self.version = self.next_version;
        }
        let is_setup = is_setup_kind(kind);
        let is_anywhere = is_anywhere_kind(kind);
        match self.phase {
            _ if is_anywhere => {}
            Phase::Setup if !is_setup => {
                self.finish_setup();
                self.phase = Phase::Play;
            }
            Phase::Play if is_setup => {
                self.report(Code::Order, keyword, messages::ORDER_SETUP_AFTER_PLAY);
                return;
            }
            Phase::Ended
                if !matches!(
                    kind,
                    StatementKind::ExpectScore(_)
                        | StatementKind::ExpectSupply(_)
                        | StatementKind::ExpectGoods(_)
                ) =>
            {
                self.report(Code::Order, keyword, messages::ORDER_AFTER_END);
                return;
            }
            _ => {}
        }
        self.report_duplicate_colours(kind);
        // a `bonus` follows its turn directly: only `discard` lines may stand between. A
        // variation's lines do not stand between: the block starts from the turn (it may play
        // the bonus another way) and its `}` puts the main line's turn back.
        if !is_anywhere
            && !matches!(
                kind,
                StatementKind::Turn(_)
                    | StatementKind::Bonus(_)
                    | StatementKind::Discard { .. }
                    | StatementKind::VariationOpen { .. }
            )
        {
            self.last_part = None;
        }
        match kind {
            StatementKind::Title(_) | StatementKind::Note(_) | StatementKind::Rules(_) => {}
            StatementKind::Players(_) => {}
            StatementKind::Tile(tile) => self.setup_tile(line, tile),
            StatementKind::Supply(list) => self.setup_supply(list),
            StatementKind::Score(list) => {
                for amount in first_mentions(list) {
                    if let Some(c) = self.known_colour(&amount.colour) {
                        self.replay.game.set_score(c, amount.value.value);
                    }
                }
            }
            StatementKind::Turn(turn) => self.turn(line, turn),
            StatementKind::Bonus(turn) => self.bonus(line, keyword, turn),
            StatementKind::Goods(goods) => self.setup_goods(keyword, goods),
            StatementKind::ExpectGoods(goods) => self.expect_goods(keyword, goods),
            StatementKind::Refused(refused) => self.refused(line, refused),
            StatementKind::Discard { tile } => self.discard(tile),
            StatementKind::ExpectScore(list) => {
                self.expect_totals(list, "score", |g, c| g.score(c))
            }
            StatementKind::ExpectSupply(list) => {
                self.expect_totals(list, "supply", |g, c| i64::from(g.supply(c)))
            }
            StatementKind::End { expect } => self.end(line, expect.as_ref()),
            StatementKind::VariationOpen { .. } if self.variations.len() >= MAX_VARIATION_DEPTH => {
                self.report(
                    Code::Variation,
                    keyword,
                    messages::variation_too_deep(MAX_VARIATION_DEPTH),
                );
                self.too_deep = 1;
            }
            StatementKind::VariationOpen { .. } => {
                let position = match self.variations.last() {
                    Some(outer) if outer.version == self.version => Rc::clone(&outer.position),
                    _ => Rc::new(self.position()),
                };
                self.variations.push(VariationStart {
                    keyword,
                    position,
                    version: self.version,
                });
            }
            StatementKind::VariationClose => match self.variations.pop() {
                // nothing changed inside the block: the position is already the one to return to
                Some(start) if start.version == self.version => {}
                Some(start) => {
                    self.version = start.version;
                    self.restore(Rc::unwrap_or_clone(start.position));
                }
                None => {
                    self.report(Code::Variation, keyword, messages::VARIATION_CLOSES_NOTHING);
                }
            },
            StatementKind::Mark { at, label } => {
                let pos = vocab::pos(at);
                self.replay.marks.set(MarkInfo {
                    line,
                    pos,
                    label: label.as_ref().map(|l| l.value.clone()),
                });
            }
            StatementKind::Puzzle { .. } => {}
            StatementKind::Draws(tiles) => {
                for letter in tiles {
                    if let Some(tile) = self.take_tile(letter, None) {
                        self.replay.draws.push(tile);
                    }
                }
            }
        }
    }

    /// The colour of a colour token, reporting `unknown-player` when `players` does
    /// not list it (then `None`).
    fn known_colour(&mut self, colour: &Spanned<Color>) -> Option<Color> {
        let c = colour.value;
        if self.replay.declared_players && !self.replay.players.contains(&c) {
            let message = messages::unknown_player(c, &self.replay.players);
            self.report(Code::UnknownPlayer, colour.span, message);
            return None;
        }
        Some(c)
    }

    /// The tile type of a token, reporting `unknown-tile` (with the nearest tokens); also
    /// counts it against the box, unless the cell `at` it is meant for already holds a tile:
    /// a line whose tile cannot go on the board takes none from the box.
    fn take_tile(&mut self, letter: &Spanned<String>, at: Option<Pos>) -> Option<TileType> {
        let Some(tile) = TileType::from_token(&letter.value) else {
            self.report(
                Code::UnknownTile,
                letter.span,
                messages::unknown_tile(&letter.value),
            );
            return None;
        };
        // a tile of a set that is off still goes on the board as printed
        if !self.set_on(tile.set()) {
            self.report(
                Code::ExpansionOff,
                letter.span,
                messages::expansion_off_tile(tile),
            );
        }
        if at.is_some_and(|p| self.replay.game.tile_at(p).is_some()) {
            return Some(tile);
        }
        let used = self.tile_counts.take(tile);
        let mut available = u32::from(tile.count()).saturating_mul(self.boxes);
        if self.replay.game.config().rules.river() && tile == TileType::START {
            // the spring is the start tile: one D stays in the box
            available = available.saturating_sub(1);
        }
        if used <= available {
            self.check_family_count(tile, letter.span);
        }
        if used > available {
            let message = messages::tile_count(tile, self.boxes, available, used);
            self.report(Code::TileCount, letter.span, message);
        }
        Some(tile)
    }

    /// The figure a deployment names: the meeple, the large meeple (`large`, Inns &
    /// Cathedrals), the abbot (The Abbot) or the pig (Traders & Builders). `None` (and
    /// `expansion-off`) for a figure of a set that is off: it is not deployed.
    fn figure_of(&mut self, meeple: &MeepleSpec) -> Option<Figure> {
        if let figure @ (FigureWord::Builder | FigureWord::Pig) = meeple.figure.value {
            if !self.set_on(TileSet::TradersBuilders) {
                self.report(
                    Code::ExpansionOff,
                    meeple.figure.span,
                    format!(
                        "the {} is a figure of Traders & Builders; add `rules traders-builders` to use it (it is not deployed)",
                        figure.as_str()
                    ),
                );
                return None;
            }
            return Some(if figure == FigureWord::Builder {
                Figure::Builder
            } else {
                Figure::Pig
            });
        }
        if let Some(abbot) = meeple.abbot {
            if self.rules.allows_figure(Figure::Abbot) {
                return Some(Figure::Abbot);
            }
            self.report(Code::ExpansionOff, abbot, messages::EXPANSION_OFF_ABBOT);
            return None;
        }
        let Some(large) = meeple.large else {
            return Some(Figure::Meeple);
        };
        if self.set_on(TileSet::InnsCathedrals) {
            return Some(Figure::LargeMeeple);
        }
        self.report(Code::ExpansionOff, large, messages::EXPANSION_OFF_LARGE);
        None
    }

    /// `recall` (The Abbot): the colour's abbot comes back and scores at once. `bad-recall`
    /// without an abbot on the board, or when this turn's tile completes its monastery or
    /// garden; `expansion-off` without `rules abbot`.
    fn recall(&mut self, colour: Color, span: Span) -> Option<TurnScore> {
        if !self.rules.allows_figure(Figure::Abbot) {
            self.report(Code::ExpansionOff, span, messages::EXPANSION_OFF_RECALL);
            return None;
        }
        match self.replay.game.recall(colour) {
            Ok(score) => Some(score),
            Err(error) => {
                self.report(Code::BadRecall, span, messages::bad_recall(error, colour));
                None
            }
        }
    }

    /// Whether `set` is on: the base game always, The Abbot's garden tiles too (legal in every
    /// file, inert without `rules abbot`), the others when `rules` names them.
    /// `expansion-off` on the first word of each colour of a set that is off (`pink` without
    /// `rules inns-cathedrals`), once per colour: the colour still plays (its turns are
    /// replayed and scored), so one missing `rules` word is one diagnostic, not one per line.
    fn check_colours(&mut self, kind: &StatementKind) {
        let mut off = Vec::new();
        each_colour(kind, |colour| {
            let c = colour.value;
            if !self.set_on(c.set()) && !self.colours_off.contains(&c) && !off.contains(&c) {
                off.push(c);
                self.report(
                    Code::ExpansionOff,
                    colour.span,
                    messages::expansion_off_colour(c),
                );
            }
        });
        self.colours_off.extend(off);
    }

    fn set_on(&self, set: TileSet) -> bool {
        self.rules.allows_tile_set(set)
    }

    /// `tile-count` when a base type and its garden tile together exceed the base type's count
    /// (E + Eg ≤ 5 …: each garden tile takes the place of one copy of its type).
    fn check_family_count(&mut self, tile: TileType, span: Span) {
        if !tile.shares_count() {
            return;
        }
        let family = tile.family();
        let used = self.tile_counts.of_family(family);
        let available = u32::from(family.count()).saturating_mul(self.boxes);
        if used > available {
            let message = messages::tile_count_family(family, self.boxes, available, used);
            self.report(Code::TileCount, span, message);
        }
    }

    /// As [`Replayer::take_tile`] for a turn or discard: when its tile is the next of the
    /// `draws`, it takes that draw, which the box already counted.
    fn take_drawn(&mut self, letter: &Spanned<String>, at: Option<Pos>) -> Option<TileType> {
        let tile = TileType::from_token(&letter.value);
        let free = at.is_none_or(|p| self.replay.game.tile_at(p).is_none());
        if tile.is_some() && free && self.replay.draws.first().copied() == tile {
            self.replay.draws.remove(0);
            return tile;
        }
        self.take_tile(letter, at)
    }

    /// Puts a tile on the board unless the cell is taken (`duplicate-cell`); returns its
    /// position when placed.
    /// `fault` is where an edge mismatch is reported (the rotation when one is written);
    /// `checked` is the engine's verdict on the placement when the caller already asked.
    fn put_tile(
        &mut self,
        line: usize,
        tile: TileType,
        stmt_at: &carc_notation::Coord,
        (rotation, fault): (carc_rules::Rotation, Span),
        checked: Option<Result<(), PlacementError>>,
    ) -> Option<Pos> {
        let pos = vocab::pos(stmt_at);
        if let Some(existing) = self.replay.game.tile_at(pos) {
            let related = self.tile_line_span(pos);
            let message = messages::duplicate_cell(pos, existing.tile);
            let d = self.report(Code::DuplicateCell, stmt_at.span, message);
            if let Some(span) = related {
                d.related.push(Related {
                    span,
                    message: messages::duplicate_cell_related(pos),
                });
            }
            return None;
        }
        let checked =
            checked.unwrap_or_else(|| self.replay.game.check_placement(tile, pos, rotation));
        if let Err(error) = checked {
            self.report_mismatches(error, fault);
        }
        self.replay
            .game
            .place_tile_unchecked(tile, pos, rotation)
            .ok()?;
        self.replay.tile_lines.insert(pos, line);
        Some(pos)
    }

    /// Reports `edge-mismatch` for every side of the tile that disagrees with a neighbour.
    fn report_mismatches(&mut self, error: PlacementError, span: Span) {
        for mismatch in error.mismatches {
            let related = self.tile_line_span(mismatch.neighbour);
            let d = self.report(Code::EdgeMismatch, span, messages::edge_mismatch(&mismatch));
            if let Some(span) = related {
                d.related.push(Related {
                    span,
                    message: messages::edge_mismatch_related(mismatch.neighbour),
                });
            }
        }
    }

    fn setup_tile(&mut self, line: usize, stmt: &TileStmt) {
        let Some(tile) = self.take_tile(&stmt.tile, Some(vocab::pos(&stmt.at))) else {
            return;
        };
        let rotation = vocab::rotation(stmt.rotation.as_ref().map(|r| r.value));
        let fault = stmt.rotation.as_ref().map_or(stmt.at.span, |r| r.span);
        let Some(pos) = self.put_tile(line, tile, &stmt.at, (rotation, fault), None) else {
            return;
        };
        if self.first_tile.is_none() {
            self.first_tile = Some(pos);
        }
        for (index, (colour, meeple)) in stmt.meeples.iter().enumerate() {
            if index > 0 {
                self.report(
                    Code::TileMeeples,
                    meeple_span(colour, meeple),
                    messages::TILE_MEEPLES,
                );
                continue;
            }
            let Some(c) = self.known_colour(colour) else {
                continue;
            };
            let Some(figure) = self.figure_of(meeple) else {
                continue;
            };
            let count = self.setup_meeples.entry(c).or_insert(0);
            *count += i32::from(figure == Figure::Meeple);
            if figure == Figure::Meeple && *count > MEEPLES_PER_PLAYER {
                let n = *count;
                let message = messages::meeple_supply_setup(c, n, MEEPLES_PER_PLAYER);
                self.report(Code::MeepleSupply, meeple_span(colour, meeple), message);
                continue;
            }
            let role = vocab::role(meeple.role.value);
            let place = meeple.place.as_ref().map(|p| vocab::place(p.value));
            match self.replay.game.setup_figure(c, figure, pos, role, place) {
                Ok(id) => {
                    let span = meeple_span(colour, meeple);
                    self.replay.meeple_spans.insert(id, (line, span));
                    self.pending_setup_meeples.push((line, span, id));
                    if figure == Figure::Pig {
                        let place = meeple.place.as_ref().map_or(meeple.span, |p| p.span);
                        self.setup_pigs.push((id, place));
                    }
                }
                Err(error) => self.deploy_error(error, (c, pos), tile, rotation, role, meeple),
            }
        }
    }

    /// The summary of the feature a meeple stands on now.
    fn meeple_summary(&self, id: MeepleId) -> Option<FeatureSummary> {
        self.replay
            .game
            .feature(self.replay.game.meeple_feature(id)?)
    }

    fn setup_supply(&mut self, list: &[Amount]) {
        for amount in first_mentions(list) {
            if let Some(c) = self.known_colour(&amount.colour) {
                self.explicit_supply
                    .push((c, amount.value.value, amount.span));
            }
        }
    }

    /// Ends the setup: connectivity (only under `rules whole-board`: an excerpt's tiles may be
    /// joined by tiles outside it), completed features holding meeples, supplies.
    fn finish_setup(&mut self) {
        if crate::reach::whole_board(self.parse) {
            self.report_disconnected_setup();
        }
        self.report_completed_occupied();
        self.report_setup_builders();
        self.report_setup_pigs();
        for (line, span, id) in std::mem::take(&mut self.pending_setup_meeples) {
            if let Some(summary) = self.meeple_summary(id) {
                let value = MeepleValue::OnBoard(summary);
                self.replay.facts.push(Fact::Meeple {
                    line,
                    span,
                    id,
                    value,
                });
            }
        }
        for (c, n, span) in std::mem::take(&mut self.explicit_supply) {
            // the special figures (large meeple, abbot, pig) are not among the 7 meeples
            let on_board = self
                .replay
                .game
                .meeples()
                .filter(|m| m.colour == c && m.figure == Figure::Meeple)
                .count() as i64;
            if n + on_board > i64::from(MEEPLES_PER_PLAYER) {
                let message =
                    messages::meeple_supply_listed(c, on_board, n, i64::from(MEEPLES_PER_PLAYER));
                self.report(Code::MeepleSupply, span, message);
            }
            self.replay
                .game
                .set_supply(c, n.clamp(0, i64::from(i32::MAX)) as i32);
        }
    }

    /// `not-adjacent` for setup tiles outside the first tile's edge-connected group.
    fn report_disconnected_setup(&mut self) {
        let Some(first) = self.first_tile else {
            return;
        };
        let mut reached = std::collections::HashSet::from([first]);
        let mut stack = vec![first];
        while let Some(p) = stack.pop() {
            for side in carc_rules::Side::ALL {
                let Some(n) = p.neighbour(side) else {
                    continue;
                };
                if self.replay.game.tile_at(n).is_some() && reached.insert(n) {
                    stack.push(n);
                }
            }
        }
        let mut lonely: Vec<(usize, Pos)> = self
            .replay
            .tile_lines
            .iter()
            .filter(|(p, _)| !reached.contains(p))
            .map(|(p, l)| (*l, *p))
            .collect();
        lonely.sort();
        for (line, pos) in lonely {
            let Some(LineKind::Statement(s)) = self.parse.lines.get(line).map(|l| &l.kind) else {
                continue;
            };
            let StatementKind::Tile(t) = &s.kind else {
                continue;
            };
            let first_span = self.tile_line_span(first);
            let message = messages::not_adjacent_setup(pos, first);
            let d = self.report(Code::NotAdjacent, t.at.span, message);
            if let Some(span) = first_span {
                d.related.push(Related {
                    span,
                    message: messages::NOT_ADJACENT_FIRST_TILE.to_owned(),
                });
            }
        }
    }

    /// `pig-place` at each setup pig whose owner has no farmer in its field, the whole setup
    /// standing (the farmer may be written after the pig); such a pig is not placed.
    fn report_setup_pigs(&mut self) {
        let stray = self.replay.game.pigs_without_farmer();
        for (id, span) in std::mem::take(&mut self.setup_pigs) {
            if !stray.contains(&id) {
                continue;
            }
            let farmers = self
                .replay
                .game
                .meeple_feature(id)
                .map(|f| self.farmers_in(f))
                .unwrap_or_default();
            if let Some(pig) = self.replay.game.remove_meeple(id) {
                let message = messages::pig_place(pig.colour, &farmers);
                self.report(Code::PigPlace, span, message);
            }
        }
    }

    /// The colours with a farmer (a meeple or large meeple) in field `field`, in
    /// [`Color::ALL`] order.
    fn farmers_in(&self, field: carc_rules::FeatureId) -> Vec<Color> {
        let Some(summary) = self.replay.game.feature(field) else {
            return Vec::new();
        };
        Color::ALL
            .into_iter()
            .filter(|c| {
                summary
                    .meeples
                    .iter()
                    .any(|m| m.colour == *c && m.role == Role::Farmer && m.figure.occupies())
            })
            .collect()
    }

    /// `completed-occupied` at each setup meeple on a completed road, city or monastery.
    fn report_completed_occupied(&mut self) {
        let mut found = Vec::new();
        for meeple in self.replay.game.meeples() {
            let Some(feature) = self.replay.game.meeple_feature(meeple.id) else {
                continue;
            };
            let Some(summary) = self.replay.game.feature(feature) else {
                continue;
            };
            if summary.complete && summary.kind != FeatureKind::Field {
                if let Some((_, span)) = self.replay.meeple_spans.get(&meeple.id) {
                    let message =
                        messages::completed_occupied(summary.kind, summary.garden, meeple.figure);
                    found.push((*span, message, meeple.id));
                }
            }
        }
        found.sort_by_key(|(s, _, _)| s.start);
        for (span, message, id) in found {
            // Reported and not placed, like any illegal meeple: back to its supply.
            self.replay.game.remove_meeple(id);
            self.report(Code::CompletedOccupied, span, message);
        }
    }

    /// `builder-place` at each setup builder whose owner has no follower on its road or city
    /// in the whole setup (Traders & Builders); it is not placed.
    fn report_setup_builders(&mut self) {
        let mut found = Vec::new();
        for meeple in self.replay.game.meeples() {
            if let Some(carc_rules::BuilderFault::NoFollower(kind)) =
                self.replay.game.builder_fault(meeple.id)
            {
                if let Some((_, span)) = self.replay.meeple_spans.get(&meeple.id) {
                    found.push((*span, kind, meeple.colour, meeple.id));
                }
            }
        }
        found.sort_by_key(|(s, ..)| s.start);
        for (span, kind, colour, id) in found {
            self.replay.game.remove_meeple(id);
            let message = messages::builder_place_setup(kind, colour);
            self.report(Code::BuilderPlace, span, message);
        }
    }

    fn turn(&mut self, line: usize, turn: &TurnStmt) {
        let colour = self.known_colour(&turn.colour);
        let c = colour.unwrap_or(turn.colour.value);
        if colour.is_some() {
            self.check_turn_order(c, turn.colour.span);
        }
        self.previous_turn = Some(c);
        // A colour that is not a player plays nothing: the turn is void.
        let Some(c) = colour else {
            self.last_part = None;
            return;
        };
        let pos = self.play_part(line, turn, c, false, self.replay.diagnostics.len());
        self.last_part = Some(LastPart {
            colour: c,
            bonus: false,
            pos,
        });
    }

    /// A `bonus` line (Traders & Builders): the second part of the turn before, by the same
    /// player, when that part's tile extended the road or city of the player's builder. It
    /// does not count for turn order. Not earned: `bonus-not-earned` with the reason, and the
    /// part is still played (its tile goes on the board and scores) with its expectation
    /// unchecked, like an illegal turn. Without `rules traders-builders` the line is
    /// `expansion-off` and ignored.
    fn bonus(&mut self, line: usize, keyword: Span, turn: &TurnStmt) {
        let previous = self.last_part.take();
        if !self.set_on(TileSet::TradersBuilders) {
            self.report(Code::ExpansionOff, keyword, messages::EXPANSION_OFF_BONUS);
            return;
        }
        let Some(c) = self.known_colour(&turn.colour) else {
            return;
        };
        let before = self.replay.diagnostics.len();
        if let Some(message) = self.bonus_fault(previous, c) {
            self.report(Code::BonusNotEarned, keyword, message);
        }
        let pos = self.play_part(line, turn, c, true, before);
        self.last_part = Some(LastPart {
            colour: c,
            bonus: true,
            pos,
        });
    }

    /// Why `colour` may not play a bonus part after `previous` (the part just played); `None`
    /// when that part earned it.
    fn bonus_fault(&self, previous: Option<LastPart>, colour: Color) -> Option<String> {
        let Some(previous) = previous else {
            return Some(messages::BONUS_NOT_EARNED_NO_TURN.to_owned());
        };
        let Some(pos) = previous.pos else {
            return Some(messages::BONUS_NOT_EARNED_VOID.to_owned());
        };
        if previous.colour != colour {
            return Some(messages::bonus_not_earned_colour(previous.colour, colour));
        }
        let game = &self.replay.game;
        let error = if previous.bonus {
            carc_rules::BonusError::Chained
        } else {
            game.bonus_check(colour).err()?
        };
        let builder = game
            .meeples()
            .find(|m| m.colour == colour && m.figure == Figure::Builder)
            .and_then(|m| Some((game.feature(game.meeple_feature(m.id)?)?.kind, m.pos)));
        Some(messages::bonus_not_earned(error, colour, pos, builder))
    }

    /// Plays one turn part of `c` (a `turn` line, or a `bonus` line when `bonus`): the tile,
    /// the recall or deployment, the scoring, the expectation, the facts. The diagnostics
    /// from index `before` on decide whether the part is illegal. Returns where the tile went
    /// (`None`: the part is void).
    fn play_part(
        &mut self,
        line: usize,
        turn: &TurnStmt,
        c: Color,
        bonus: bool,
        before: usize,
    ) -> Option<Pos> {
        let tile = self.take_drawn(&turn.tile, Some(vocab::pos(&turn.at)))?;
        let rotation = vocab::rotation(turn.rotation.as_ref().map(|r| r.value));
        let pos = vocab::pos(&turn.at);
        // asked once: `put_tile` reports the same verdict's edge mismatches
        let free = self.replay.game.tile_at(pos).is_none();
        let checked = free.then(|| self.replay.game.check_placement(tile, pos, rotation));
        if let Some(Err(error)) = &checked {
            if error.not_adjacent {
                self.report(Code::NotAdjacent, turn.at.span, messages::not_adjacent(pos));
            }
        }
        let fault_span = turn.rotation.as_ref().map_or(turn.at.span, |r| r.span);
        if self.replay.game.config().rules.river() && free {
            self.report_river(tile, pos, rotation, turn.at.span, fault_span);
        }
        let pos = self.put_tile(line, tile, &turn.at, (rotation, fault_span), checked)?;
        if bonus {
            self.replay.game.mark_bonus_part();
        }
        let recalled = turn.recall.and_then(|span| self.recall(c, span));
        let mut deployed = None;
        let figure = turn.meeple.as_ref().and_then(|m| self.figure_of(m));
        if let (Some(meeple), Some(figure)) = (&turn.meeple, figure) {
            let role = vocab::role(meeple.role.value);
            let place = meeple.place.as_ref().map(|p| vocab::place(p.value));
            match self.replay.game.deploy_figure(c, figure, pos, role, place) {
                Ok(id) => {
                    self.replay.meeple_spans.insert(id, (line, meeple.span));
                    deployed = Some((id, meeple.span));
                }
                Err(error) => {
                    let mut faults = self
                        .replay
                        .game
                        .figure_deploy_faults(c, figure, pos, role, place);
                    if faults.is_empty() {
                        faults.push(error);
                    }
                    for fault in faults {
                        self.deploy_error(fault, (c, pos), tile, rotation, role, meeple);
                    }
                }
            }
        }
        let faults = self.turn_faults(before);
        let end = self.replay.game.finish_part(c, pos);
        let mut score = end.score;
        if let Some(recalled) = recalled {
            // the recall scored first, at once; it is part of this turn's points
            score.features.splice(0..0, recalled.features);
        }
        if let Some((id, span)) = deployed {
            let scored = score.features.iter().find_map(|f| {
                let m = f.returned.iter().find(|m| m.id == id)?;
                Some((f, m.figure))
            });
            let value = match scored {
                Some((f, figure)) => Some(MeepleValue::Scored {
                    feature: f.feature.clone(),
                    points: f.points,
                    won: f.winners.contains(&c),
                    figure,
                }),
                None => self.meeple_summary(id).map(MeepleValue::OnBoard),
            };
            if let Some(value) = value {
                self.replay.facts.push(Fact::Meeple {
                    line,
                    span,
                    id,
                    value,
                });
            }
        }
        if let Some(expect) = turn.expect.as_ref().filter(|_| faults.is_empty()) {
            let gains = explain::gains(&score.features);
            self.check_expectation(expect, &gains, || explain::turn_breakdown(&score));
        }
        self.replay.facts.push(Fact::Turn {
            line,
            colour: c,
            score,
            faults,
        });
        self.goods_taken(line, c, end.goods);
        match self.replay.game.bonus_check(c) {
            Ok(builder) => {
                let kind = builder.role.kind();
                self.replay.facts.push(Fact::BonusEarned {
                    line,
                    colour: c,
                    builder,
                    kind,
                });
            }
            Err(carc_rules::BonusError::Chained) => {
                if let Some(builder) = self.replay.game.builder_extended(c) {
                    let kind = builder.role.kind();
                    self.replay.facts.push(Fact::BonusChained {
                        line,
                        colour: c,
                        builder,
                        kind,
                    });
                }
            }
            Err(_) => {}
        }
        Some(pos)
    }

    fn check_turn_order(&mut self, colour: Color, span: Span) {
        let Some(previous) = self.previous_turn else {
            return;
        };
        let players = &self.replay.players;
        let Some(index) = players.iter().position(|p| *p == previous) else {
            return;
        };
        let expected = players[(index + 1) % players.len()];
        if expected != colour {
            let message = messages::turn_order(expected, previous, colour);
            self.report(Code::TurnOrder, span, message);
        }
    }

    /// Turns an engine refusal of a figure of `colour` on the tile at `pos` into its
    /// diagnostic.
    fn deploy_error(
        &mut self,
        error: DeployError,
        (colour, pos): (Color, Pos),
        tile: TileType,
        rotation: carc_rules::Rotation,
        role: Role,
        meeple: &MeepleSpec,
    ) {
        let span = meeple.span;
        match error {
            DeployError::FarmersOff => {
                self.report(Code::FarmersOff, meeple.role.span, messages::FARMERS_OFF);
            }
            DeployError::EmptySupply => {
                self.report(Code::MeepleSupply, span, messages::MEEPLE_SUPPLY_EMPTY);
            }
            DeployError::Occupied { meeples } => {
                let mut related = Vec::new();
                for id in &meeples {
                    if let Some((_, s)) = self.replay.meeple_spans.get(id) {
                        related.push(Related {
                            span: *s,
                            message: messages::OCCUPIED_FEATURE_RELATED.to_owned(),
                        });
                    }
                }
                let owners: Vec<(Color, Role)> = meeples
                    .iter()
                    .filter_map(|id| self.replay.game.meeples().find(|m| m.id == *id))
                    .map(|m| (m.colour, m.role))
                    .collect();
                let message = messages::occupied_feature(role.kind(), &owners);
                let d = self.report(Code::OccupiedFeature, span, message);
                d.related = related;
            }
            DeployError::FigureInUse(figure) => {
                self.report(
                    Code::FigureSupply,
                    meeple.figure.span,
                    messages::figure_supply(figure),
                );
            }
            DeployError::BuilderPlace(fault) => {
                self.report(
                    Code::BuilderPlace,
                    span,
                    messages::builder_place(fault, colour),
                );
            }
            DeployError::NoSuchPlace | DeployError::AmbiguousPlace
                if meeple.figure.value == FigureWord::Builder =>
            {
                let place = meeple.place.as_ref().map(|p| vocab::place(p.value));
                self.report(
                    Code::BadPlace,
                    span,
                    messages::bad_place_builder(tile, place),
                );
            }
            DeployError::PigWithoutFarmer => {
                let place = meeple.place.as_ref().map(|p| vocab::place(p.value));
                let farmers = place
                    .and_then(|p| self.replay.game.feature_at(pos, p))
                    .map(|f| self.farmers_in(f))
                    .unwrap_or_default();
                let at = meeple.place.as_ref().map_or(span, |p| p.span);
                self.report(Code::PigPlace, at, messages::pig_place(colour, &farmers));
            }
            DeployError::NotLastTile | DeployError::NoTile => {
                self.report(Code::BadPlace, span, messages::BAD_PLACE_NOT_LAST_TILE);
            }
            DeployError::NoSuchPlace if meeple.abbot.is_some() => {
                self.report(Code::BadPlace, span, messages::bad_place_abbot(tile));
            }
            DeployError::NoSuchPlace if role == Role::Monk && tile.has_garden() => {
                let message = messages::bad_place_monk_in_garden(tile);
                self.report(Code::BadPlace, span, message);
            }
            DeployError::NoSuchPlace | DeployError::AmbiguousPlace => {
                let message = messages::bad_place(
                    tile,
                    rotation,
                    role,
                    meeple.place.as_ref().map(|p| vocab::place(p.value)),
                );
                self.report(Code::BadPlace, span, message);
            }
        }
    }

    fn discard(&mut self, letter: &Spanned<String>) {
        let Some(tile) = self.take_drawn(letter, None) else {
            return;
        };
        let legal = self.replay.game.turn_placements(tile);
        if let Some((pos, rotation)) = legal.into_iter().next() {
            let message = messages::illegal_discard(tile, pos, rotation);
            self.report(Code::IllegalDiscard, letter.span, message);
        }
    }

    fn end(&mut self, line: usize, expect: Option<&Expectation>) {
        self.phase = Phase::Ended;
        let score = final_scoring_in_place(&mut self.replay.game);
        if let Some(expect) = expect {
            let gains = explain::score_gains(&score);
            let held = self.goods_held();
            self.check_expectation(expect, &gains, || explain::final_breakdown(&score, &held));
        }
        let totals = self
            .replay
            .players
            .iter()
            .map(|c| (*c, self.replay.game.score(*c)))
            .collect();
        self.replay.facts.push(Fact::End {
            line,
            score,
            totals,
        });
    }

    /// Setup `goods C [wine n] [grain n] [cloth n]` (Traders & Builders): the colour holds
    /// these tokens, an unlisted good 0. `expansion-off` (and ignored) without the set.
    fn setup_goods(&mut self, keyword: Span, goods: &GoodsStmt) {
        if !self.goods_on(keyword) {
            return;
        }
        let Some(c) = self.known_colour(&goods.colour) else {
            return;
        };
        let held = Good::ALL.into_iter().fold(Goods::NONE, |held, good| {
            let n = goods.get(good).map_or(0, |v| v.value);
            held.with(good, u32::try_from(n).unwrap_or(u32::MAX))
        });
        self.replay.game.set_goods(c, held);
    }

    /// `expect goods C [wine n] [grain n] [cloth n]`: each listed good's count, as
    /// `score-mismatch` on its number when it differs; `expansion-off` without the set.
    fn expect_goods(&mut self, keyword: Span, goods: &GoodsStmt) {
        if !self.goods_on(keyword) {
            return;
        }
        let Some(c) = self.known_colour(&goods.colour) else {
            return;
        };
        let held = self.replay.game.goods(c);
        for amount in &goods.goods {
            let good = amount.good.value;
            let is = i64::from(held.get(good));
            if is != amount.value.value {
                let message =
                    messages::score_mismatch_total(c, good.as_str(), amount.value.value, is);
                self.report(Code::ScoreMismatch, amount.span, message);
            }
        }
    }

    /// Whether Traders & Builders is on for a `goods` or `expect goods` line; `expansion-off`
    /// on its keyword when not.
    fn goods_on(&mut self, keyword: Span) -> bool {
        let on = self.set_on(TileSet::TradersBuilders);
        if !on {
            self.report(Code::ExpansionOff, keyword, messages::EXPANSION_OFF_GOODS);
        }
        on
    }

    /// The goods tokens each player holds, in turn order (Traders & Builders).
    fn goods_held(&self) -> Vec<(Color, Goods)> {
        goods_held(&self.replay.game, &self.replay.players)
    }

    /// What the part's goods step gave `colour` (Traders & Builders: the engine's
    /// [`Game::finish_part`]), recorded as a [`Fact::Goods`].
    fn goods_taken(&mut self, line: usize, colour: Color, taken: Goods) {
        if !taken.is_empty() {
            self.replay.facts.push(Fact::Goods {
                line,
                colour,
                taken,
                held: self.replay.game.goods(colour),
            });
        }
    }

    /// `score-mismatch` when a `=>` list differs from the computed gains.
    fn check_expectation(
        &mut self,
        expect: &Expectation,
        gains: &[(Color, i64)],
        breakdown: impl FnOnce() -> String,
    ) {
        let mut expected: Vec<(Color, i64)> = Vec::new();
        if let ExpectationKind::Gains(list) = &expect.kind {
            let mut unknown = false;
            for amount in list {
                // `unknown-player` for a colour `players` does not list: nothing to compare.
                unknown |= self.known_colour(&amount.colour).is_none();
            }
            if unknown {
                return;
            }
            for amount in list {
                let c = amount.colour.value;
                if expected.iter().any(|(e, _)| *e == c) {
                    // `duplicate-colour` is reported; a list naming a colour twice means
                    // nothing to check against.
                    return;
                }
                expected.push((c, amount.value.value));
            }
        }
        let get =
            |list: &[(Color, i64)], c: Color| list.iter().find(|(e, _)| *e == c).map_or(0, |e| e.1);
        let differs = expected
            .iter()
            .map(|(c, _)| *c)
            .chain(gains.iter().map(|(c, _)| *c))
            .any(|c| get(&expected, c) != get(gains, c));
        if differs {
            let message = messages::score_mismatch(&expected, gains, &breakdown());
            self.report(Code::ScoreMismatch, expect.span, message);
        }
    }

    /// `expect score` / `expect supply`: only the listed colours are checked.
    fn expect_totals(&mut self, list: &[Amount], what: &str, actual: impl Fn(&Game, Color) -> i64) {
        for amount in first_mentions(list) {
            let Some(c) = self.known_colour(&amount.colour) else {
                continue;
            };
            let is = actual(&self.replay.game, c);
            if is != amount.value.value {
                let message = messages::score_mismatch_total(c, what, amount.value.value, is);
                self.report(Code::ScoreMismatch, amount.span, message);
            }
        }
    }
}

impl Replayer<'_> {
    /// `duplicate-colour` at each repeated colour of one list (`players`, `supply`, `score`,
    /// `expect …`, `=> …`): a colour is listed once; a repeat is never added up.
    fn report_duplicate_colours(&mut self, kind: &StatementKind) {
        let amounts = |list: &[Amount]| list.iter().map(|a| a.colour).collect::<Vec<_>>();
        let (list, what) = match kind {
            StatementKind::Players(list) => (list.clone(), "`players`"),
            StatementKind::Supply(list) => (amounts(list), "`supply`"),
            StatementKind::Score(list) => (amounts(list), "`score`"),
            StatementKind::ExpectScore(list) => (amounts(list), "`expect score`"),
            StatementKind::ExpectSupply(list) => (amounts(list), "`expect supply`"),
            StatementKind::Turn(TurnStmt {
                expect: Some(expect),
                ..
            })
            | StatementKind::End {
                expect: Some(expect),
            } => match &expect.kind {
                ExpectationKind::Gains(list) => (amounts(list), "an expectation"),
                ExpectationKind::Nothing => return,
            },
            _ => return,
        };
        for (i, colour) in list.iter().enumerate() {
            if list[..i].iter().any(|c| c.value == colour.value) {
                let message = messages::duplicate_colour(colour.value, what);
                self.report(Code::DuplicateColour, colour.span, message);
            }
        }
    }

    /// The codes of the placement and deployment faults reported since diagnostic `from`:
    /// they make a turn illegal (its expectation is then not checked). Each code once, in the
    /// order first reported: two mismatched sides are one `edge-mismatch` to the hint and hover.
    fn turn_faults(&self, from: usize) -> Vec<Code> {
        let mut codes: Vec<Code> = Vec::new();
        let reported = self.replay.diagnostics[from..]
            .iter()
            .filter(|d| d.severity == crate::diagnostic::Severity::Error)
            .map(|d| d.code)
            .filter(|c| {
                matches!(
                    c,
                    Code::NotAdjacent
                        | Code::EdgeMismatch
                        | Code::BadPlace
                        | Code::OccupiedFeature
                        | Code::MeepleSupply
                        | Code::FarmersOff
                        | Code::FigureSupply
                        | Code::ExpansionOff
                        | Code::BadRecall
                        | Code::RiverOrder
                        | Code::RiverContinue
                        | Code::RiverUturn
                        | Code::BuilderPlace
                        | Code::BonusNotEarned
                        | Code::PigPlace
                )
            });
        for code in reported {
            if !codes.contains(&code) {
                codes.push(code);
            }
        }
        codes
    }
}

/// The entries of a list whose colour no earlier entry names (a repeat is
/// `duplicate-colour`, reported once per statement, and otherwise ignored).
fn first_mentions(list: &[Amount]) -> impl Iterator<Item = &Amount> {
    list.iter()
        .enumerate()
        .filter(|(i, a)| !list[..*i].iter().any(|b| b.colour.value == a.colour.value))
        .map(|(_, a)| a)
}

/// The goods tokens each of `players` holds, in that order (Traders & Builders).
pub(crate) fn goods_held(game: &Game, players: &[Color]) -> Vec<(Color, Goods)> {
    players.iter().map(|&c| (c, game.goods(c))).collect()
}

/// Final scoring at `end`: every player gains what the unfinished features and fields give,
/// but no meeple leaves the board (the game is over; farmers never return), so supplies are
/// those before `end`.
fn final_scoring_in_place(game: &mut Game) -> FinalScore {
    let mut scored = game.clone();
    let score = scored.final_scoring();
    for c in Color::ALL {
        game.set_score(c, scored.score(c));
    }
    score
}

/// Whether a statement belongs to the setup (before the first turn, discard, expect or end):
/// its keyword's entry in the keyword table ([`carc_notation::KEYWORDS`]).
pub(crate) fn is_setup_kind(kind: &StatementKind) -> bool {
    kind.keyword_def().is_some_and(|k| k.setup)
}

/// Marks annotate the board wherever they stand; a `}` is checked by its own rule.
pub(crate) fn is_anywhere_kind(kind: &StatementKind) -> bool {
    matches!(
        kind,
        StatementKind::Mark { .. } | StatementKind::VariationClose
    )
}

/// The span of a setup meeple: from its colour to the end of its role/place.
fn meeple_span(colour: &Spanned<Color>, meeple: &MeepleSpec) -> Span {
    Span {
        start: colour.span.start,
        end: meeple.span.end,
    }
}

impl Replayer<'_> {
    /// `rules river`: reports what a turn's tile breaks of the river rules (before it is
    /// placed): `river-order`, `river-continue`, `river-uturn`. `at` is the cell's span,
    /// `turned` the rotation's (the cell's when none is written).
    fn report_river(
        &mut self,
        tile: TileType,
        pos: Pos,
        rotation: carc_rules::Rotation,
        at: Span,
        turned: Span,
    ) {
        let ends = river::open_ends(&self.replay.game);
        for fault in river::river_faults(&self.replay.game, tile, pos, rotation) {
            match fault {
                river::RiverFault::AfterLake => {
                    self.report(Code::RiverOrder, at, messages::RIVER_ORDER_AFTER_LAKE);
                }
                river::RiverFault::SpringInTurn => {
                    self.report(Code::RiverOrder, at, messages::RIVER_ORDER_SPRING_IN_TURN);
                }
                river::RiverFault::LandWhileOpen(end) => {
                    let message = messages::river_order_land_while_open(end);
                    self.report(Code::RiverOrder, at, message).severity =
                        crate::diagnostic::Severity::Warning;
                }
                river::RiverFault::NotContinuing => {
                    let message = messages::river_continue(&ends);
                    self.report(Code::RiverContinue, at, message);
                }
                river::RiverFault::UTurn { turn, end } => {
                    let message = messages::river_uturn(turn, end);
                    self.report(Code::RiverUturn, turned, message);
                }
            }
        }
    }
}
