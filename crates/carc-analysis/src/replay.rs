//! The replay: walks a parsed document statement by statement through the rules engine,
//! reporting every diagnostic and recording what each line did (for hover and inlay hints).
//!
//! One function, [`replay`], serves both purposes: [`crate::analyze`] runs it over the whole
//! file; hover runs it again up to the line under the cursor to query the board as it stood
//! there. Re-running is cheap (well under a millisecond for a full game) and keeps one source
//! of truth for what a file means.

//!
//! The replay's parts, one module per phase and per set with statements of its own:
//! [`prelude`] (the rules line and the players, read first), [`setup`], [`tiles`] (the box,
//! the cell and the edges), [`turn`] (a turn and its parts, `discard`), [`errors`] (the
//! engine's refusals → codes), [`expect`] (expectations and `end`), [`variation`], [`refused`];
//! the sets: [`abbot`], [`river`], [`traders_builders`]. What the replay records: [`facts`].

use std::collections::HashMap;

use carc_notation::{LineKind, Parse, Span, Spanned, StatementKind, TurnStmt};
use carc_rules::{Color, Config, FeatureSummary, Game, MeepleId, Pos, Rules, TileSet, TileType};

use crate::diagnostic::{messages, Code, Diagnostic};
use crate::vocab;

mod abbot;
mod errors;
mod expect;
mod facts;
mod hash;
mod prelude;
pub(crate) mod refused;
mod river;
mod setup;
mod tiles;
mod traders_builders;
mod turn;
mod variation;

pub use facts::{Fact, MarkInfo, Marks, MeepleValue};
pub use hash::PosMap;
pub(crate) use traders_builders::goods_held;

use expect::first_mentions;
use prelude::Prelude;
use tiles::TileCounts;
use turn::LastPart;
use variation::VariationStart;

/// How many meeples a player owns (the eighth is the score marker): the engine's number.
pub const MEEPLES_PER_PLAYER: i32 = carc_rules::MEEPLES_PER_COLOUR;

/// Where the replay is in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Setup,
    Play,
    Ended,
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
    /// How many blocks are open past [`MAX_VARIATION_DEPTH`](carc_notation::MAX_VARIATION_DEPTH) (the outermost of them reported):
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

impl Replayer<'_> {
    pub(super) fn report(
        &mut self,
        code: Code,
        span: Span,
        message: impl Into<String>,
    ) -> &mut Diagnostic {
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
    pub(super) fn tile_line_span(&self, pos: Pos) -> Option<Span> {
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
            StatementKind::VariationOpen { .. } => self.open_variation(keyword),
            StatementKind::VariationClose => self.close_variation(keyword),
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
    pub(super) fn known_colour(&mut self, colour: &Spanned<Color>) -> Option<Color> {
        let c = colour.value;
        if self.replay.declared_players && !self.replay.players.contains(&c) {
            let message = messages::unknown_player(c, &self.replay.players);
            self.report(Code::UnknownPlayer, colour.span, message);
            return None;
        }
        Some(c)
    }

    pub(super) fn set_on(&self, set: TileSet) -> bool {
        self.rules.allows_tile_set(set)
    }

    /// The summary of the feature a meeple stands on now.
    pub(super) fn meeple_summary(&self, id: MeepleId) -> Option<FeatureSummary> {
        self.replay
            .game
            .feature(self.replay.game.meeple_feature(id)?)
    }
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
