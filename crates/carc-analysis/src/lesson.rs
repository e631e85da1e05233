//! The page model of a lesson: what `carc export` turns into an interactive web page, kept
//! here so that it can be tested without a browser.
//!
//! A document becomes a list of [`Step`]s a learner walks through: the setup, then one step
//! per `turn`, `discard` and `end` (and per refused move), each
//! with the board as it stands there, the statement as written, the explanation hover gives
//! for that line (the same words: the hover cards are called, not rephrased) and the `expect`
//! lines that follow it. Variations are branches: a step lists the variations that start
//! right after it, a variation's first step goes back to that step, and the steps inside a
//! variation link to each other like the main line. A main-line turn into a `mark`ed empty
//! cell, or a puzzle's answer, is preceded by a question step ("find the move") that shows
//! the position before the turn and the prompt, so the page can ask before it shows the
//! answer.
//!
//! Steps are numbered in file order (a question just before its turn); `prev`, `next` and
//! each variation's `from` and `first` are indices into [`Lesson::steps`].

use carc_notation::{Glyph, LineKind, RefusedMove, Statement, StatementKind};
use carc_rules::{Color, Figure, Pos, Side, TileType};

use crate::diagnostic::Severity;
use crate::exercise::{exercise, Exercise};
use crate::render::{board_apart, Board, BoardMeeple, BoardTile, TileLayer};
use crate::replay::{is_anywhere_kind, is_setup_kind, replay, Stepper};
use crate::{hover, vocab, Analysis};

/// A document as a sequence of steps for a learner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lesson {
    /// The `title`, if written.
    pub title: Option<String>,
    /// The `note` lines, in order.
    pub notes: Vec<String>,
    /// The players in turn order.
    pub players: Vec<Color>,
    /// Whether the setup holds a `puzzle` line.
    pub puzzle: bool,
    /// Every step, in file order; index 0 is the setup.
    pub steps: Vec<Step>,
    /// Every variation, in file order.
    pub variations: Vec<Variation>,
    /// Every tile the lesson shows, each once, in the order its steps place them (the
    /// steps' boards leave them out: see [`Step::board`]).
    pub tiles: Vec<LessonTile>,
}

/// A tile of a lesson: on the board from the step that places it on, along that step's line
/// of play and in the variations that branch from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonTile {
    /// The tile.
    pub tile: BoardTile,
    /// The step it is placed at (the setup's tiles: the setup).
    pub step: usize,
    /// Its sides that do not match the tile next to them (an illegal turn's tile).
    pub mismatched: Vec<Side>,
}

impl Lesson {
    /// Each step's range in a depth-first numbering of the steps (a step, then its line of
    /// play's next step, then each variation from it): `(number, last)`, where the steps
    /// numbered `number..=last` are the step and every step after it on its line of play
    /// and in the variations that branch from them, which is where its tiles are on the
    /// board.
    pub fn step_ranges(&self) -> Vec<(usize, usize)> {
        let mut ranges = vec![(0, 0); self.steps.len()];
        let mut number = 0usize;
        // (step, whether its children are done), iteratively: a line of play can be as long
        // as the file.
        let mut stack: Vec<(usize, bool)> = (!self.steps.is_empty())
            .then_some((0, false))
            .into_iter()
            .collect();
        while let Some((id, done)) = stack.pop() {
            if done {
                ranges[id].1 = number.saturating_sub(1);
                continue;
            }
            ranges[id] = (number, number);
            number += 1;
            stack.push((id, true));
            let step = &self.steps[id];
            // Pushed in reverse: the next step first, then the variations in file order.
            for &v in step.branches.iter().rev() {
                if let Some(first) = self.variations[v].first {
                    stack.push((first, false));
                }
            }
            if let Some(next) = step.next {
                stack.push((next, false));
            }
        }
        ranges
    }
}

/// One position the learner can stand at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// What the step is.
    pub kind: StepKind,
    /// A short heading: `Setup`, `Turn 2 · blue`, `Find the move`, `Final scoring`.
    pub heading: String,
    /// The 0-based line of its statement (the setup: its first statement; a question: the
    /// line whose position it shows, the last statement before the turn it asks about).
    pub line: usize,
    /// The statement as written, without its comment (the setup: every setup statement that
    /// puts something on the board, one per line). Empty for a question, which must not give
    /// the answer away.
    pub statement: String,
    /// The innermost variation the step belongs to (`None`: the main line).
    pub variation: Option<usize>,
    /// The position the step shows (a question: the position before the turn), its tiles
    /// drawn apart ([`Board::layer`]): `board.tiles` holds only those under a meeple or a
    /// mark, the others are in [`Lesson::tiles`], and `board.mismatched` is empty.
    pub board: Board,
    /// How many tiles the board has.
    pub tiles: usize,
    /// The picture in one sentence, for a text alternative.
    pub alt: String,
    /// What hover says about the line (Markdown, as the editor shows it), when it says
    /// something: a turn's or `end`'s score card, with the glyph's meaning.
    pub explanation: Option<String>,
    /// The `expect` lines between this step and the next one of its line of play.
    pub checks: Vec<Check>,
    /// Error and warning messages on the step's lines (only in a file exported with errors,
    /// or a warning such as `turn-order`), each `(code, message)`.
    pub problems: Vec<(String, String)>,
    /// The step before, in this line of play (a variation's first step: where it branches).
    pub prev: Option<usize>,
    /// The step after, in this line of play.
    pub next: Option<usize>,
    /// The variations that start right after this step, in file order.
    pub branches: Vec<usize>,
}

/// The kinds of [`Step`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepKind {
    /// The position before play: every `tile`, `supply` and `score` line.
    Setup,
    /// "Find the move": the position before a turn and a prompt; the next step is the answer.
    Question {
        /// The question, e.g. `Find the move: red to play E (city cap). …`.
        prompt: String,
        /// What hover says about the marked cell (what its sides must show), if it is marked.
        hint: Option<String>,
        /// The move to play, judged ahead: every placement and figure the learner may try.
        exercise: Option<Box<Exercise>>,
    },
    /// A `turn` line.
    Turn {
        /// Whose turn.
        colour: Color,
        /// Its glyph, if written.
        glyph: Option<Glyph>,
        /// How many turns were played on the way here, this one included.
        number: usize,
        /// A puzzle's answer: how it ranks among every legal move (the editor's code lens,
        /// e.g. `12 legal moves · this is the unique best, +4`).
        ranking: Option<String>,
    },
    /// A `bonus` line (Traders & Builders): the builder's bonus tile, a second part of the
    /// turn before; not counted as a turn.
    Bonus {
        /// Whose bonus tile.
        colour: Color,
    },
    /// A `discard` line.
    Discard,
    /// An `end` line: final scoring.
    End,
    /// A move shown as refused (the `refused CODE…: turn …` or `refused CODE…: discard T`
    /// statement): the position does not change.
    Refused {
        /// The diagnostic codes the move is refused with.
        codes: Vec<String>,
        /// Why, in the diagnostics' words.
        reasons: Vec<String>,
    },
}

impl StepKind {
    /// The kind as one word: `setup`, `question`, `turn`, `discard`, `end`, `refused`.
    pub fn name(&self) -> &'static str {
        match self {
            StepKind::Setup => "setup",
            StepKind::Question { .. } => "question",
            StepKind::Turn { .. } => "turn",
            StepKind::Bonus { .. } => "bonus",
            StepKind::Discard => "discard",
            StepKind::End => "end",
            StepKind::Refused { .. } => "refused",
        }
    }
}

/// An `expect score` or `expect supply` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// Its 0-based line.
    pub line: usize,
    /// The statement as written.
    pub statement: String,
    /// Whether it holds (no `score-mismatch` on its line).
    pub holds: bool,
}

/// A `variation "name" { … }` block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variation {
    /// Its name.
    pub name: String,
    /// The 0-based line of `variation`.
    pub line: usize,
    /// The variation it is nested in, if any.
    pub parent: Option<usize>,
    /// The step it branches from (leaving the variation goes back there).
    pub from: usize,
    /// Its first step, unless it has none.
    pub first: Option<usize>,
}

/// The tiles a step's board has that the step before did not, each with its mismatched sides.
type NewTiles = Vec<(BoardTile, Vec<Side>)>;

/// The positions of a lesson's steps, from one pass of the replay through the file (a step
/// asked for out of order, a question's, is replayed on its own).
struct Boards<'a> {
    analysis: &'a Analysis,
    stepper: Stepper<'a>,
}

impl Boards<'_> {
    /// The position after 0-based line `line`, its tiles drawn apart: `before` is the layer
    /// of the step it follows on its line of play.
    fn at(&mut self, line: usize, before: Option<TileLayer>) -> (Board, NewTiles) {
        match self.stepper.to(line) {
            Some(state) => board_apart(self.analysis, state, line, before),
            None => {
                let state = replay(&self.analysis.parse, Some(line), None);
                board_apart(self.analysis, &state, line, before)
            }
        }
    }
}

/// Where a line of play stands while the document is walked.
struct Walk {
    /// The variation being read (`None`: the main line).
    variation: Option<usize>,
    /// The last step of this line of play so far.
    last: Option<usize>,
}

/// The page model of a document. Never fails: a document with errors gives the steps it can
/// (the caller decides whether to export it), with the problems attached to their steps.
pub fn lesson(analysis: &Analysis) -> Lesson {
    let parse = &analysis.parse;
    let mut out = Lesson {
        title: None,
        notes: Vec::new(),
        players: analysis.replay.players.clone(),
        puzzle: false,
        steps: Vec::new(),
        variations: Vec::new(),
        tiles: Vec::new(),
    };
    let mut setup_lines: Vec<usize> = Vec::new();
    let mut setup_all: Vec<usize> = Vec::new();
    let mut stack = vec![Walk {
        variation: None,
        last: None,
    }];
    let mut in_setup = true;
    let answer = puzzle_answer(analysis);
    let plain_puzzle = crate::puzzle::puzzle_goal(&analysis.parse)
        .is_some_and(|g| crate::puzzle::engine_goal(g).is_none());
    // Main-line refused moves since the last step, held back until the next statement: when
    // that is a question's turn, the question comes first (a refused move of the same tile
    // shown before it would give the answer away).
    let mut held: Vec<(Step, NewTiles)> = Vec::new();
    let mut boards = Boards {
        analysis,
        stepper: Stepper::new(&analysis.parse),
    };
    for (index, line) in parse.lines.iter().enumerate() {
        let LineKind::Statement(statement) = &line.kind else {
            continue;
        };
        let kind = &statement.kind;
        match kind {
            StatementKind::Title(t) if in_setup => out.title = Some(t.value.clone()),
            StatementKind::Note(n) if in_setup => out.notes.push(n.value.clone()),
            StatementKind::Puzzle { .. } if in_setup => out.puzzle = true,
            _ => {}
        }
        if in_setup && (is_setup_kind(kind) || is_anywhere_kind(kind)) {
            setup_all.push(index);
            if matches!(
                kind,
                StatementKind::Tile(_) | StatementKind::Supply(_) | StatementKind::Score(_)
            ) {
                setup_lines.push(index);
            }
            continue;
        }
        if in_setup {
            in_setup = false;
            let setup = setup_step(&mut boards, &setup_lines, &setup_all, Some(index));
            push_step(&mut out, &mut stack, setup);
        }
        if !matches!(kind, StatementKind::Turn(_) | StatementKind::Refused(_)) {
            for step in held.drain(..) {
                push_step(&mut out, &mut stack, step);
            }
        }
        let walk = stack.last().expect("the main line is never popped");
        let variation = walk.variation;
        let before = standing(&out, walk).and_then(|s| out.steps[s].board.layer);
        match kind {
            StatementKind::Turn(turn) => {
                let colour = turn.colour.value;
                let number = 1 + turns_before(&out, standing(&out, walk));
                if variation.is_none() {
                    let puzzle = answer == Some(index);
                    let shown = held.first().map_or(index, |h| h.0.line);
                    let plain = puzzle && plain_puzzle;
                    if let Some(question) =
                        question(&mut boards, before, index, shown, statement, puzzle, plain)
                    {
                        push_step(&mut out, &mut stack, question);
                    }
                }
                for step in held.drain(..) {
                    push_step(&mut out, &mut stack, step);
                }
                let step = play_step(
                    &mut boards,
                    before,
                    index,
                    statement,
                    variation,
                    StepKind::Turn {
                        colour,
                        glyph: turn.glyph.map(|g| g.value),
                        number,
                        ranking: ranking(analysis, statement).filter(|_| variation.is_none()),
                    },
                    format!("Turn {number} · {}", colour.as_str()),
                );
                push_step(&mut out, &mut stack, step);
            }
            StatementKind::Bonus(turn) => {
                let colour = turn.colour.value;
                let step = play_step(
                    &mut boards,
                    before,
                    index,
                    statement,
                    variation,
                    StepKind::Bonus { colour },
                    format!("Bonus tile · {}", colour.as_str()),
                );
                push_step(&mut out, &mut stack, step);
            }
            StatementKind::Discard { tile } => {
                let heading = format!("Discard {}", tile.value);
                let mut step = play_step(
                    &mut boards,
                    before,
                    index,
                    statement,
                    variation,
                    StepKind::Discard,
                    heading,
                );
                step.0.explanation = TileType::from_token(&tile.value).map(|t| {
                    format!(
                        "**{}** ({}) is discarded: it has no legal position on this board, so it leaves play and the player draws again.\n",
                        t.token(),
                        t.name()
                    )
                });
                push_step(&mut out, &mut stack, step);
            }
            StatementKind::End { .. } => {
                let step = play_step(
                    &mut boards,
                    before,
                    index,
                    statement,
                    variation,
                    StepKind::End,
                    "Final scoring".to_owned(),
                );
                push_step(&mut out, &mut stack, step);
            }
            StatementKind::ExpectScore(_)
            | StatementKind::ExpectSupply(_)
            | StatementKind::ExpectGoods(_) => {
                let check = Check {
                    line: index,
                    statement: statement_text(analysis, statement),
                    holds: !analysis
                        .diagnostics
                        .iter()
                        .any(|d| analysis.line_at(d.span.start) == Some(index)),
                };
                if let Some(step) = standing(&out, walk).and_then(|t| out.steps.get_mut(t)) {
                    step.checks.push(check);
                }
            }
            StatementKind::VariationOpen { name } => {
                let from = standing(&out, walk).unwrap_or(0);
                let id = out.variations.len();
                out.variations.push(Variation {
                    name: name.value.clone(),
                    line: index,
                    parent: variation,
                    from,
                    first: None,
                });
                if let Some(step) = out.steps.get_mut(from) {
                    step.branches.push(id);
                }
                stack.push(Walk {
                    variation: Some(id),
                    last: None,
                });
            }
            StatementKind::VariationClose if stack.len() > 1 => {
                stack.pop();
            }
            StatementKind::Refused(refused) => {
                // The codes as written; the reasons are what the replay found the move does
                // (the same messages a diagnostic of that move would carry).
                let reasons = analysis
                    .replay
                    .refusals
                    .iter()
                    .find(|r| r.line == index)
                    .map(|r| r.found.iter().map(|d| d.message.clone()).collect())
                    .unwrap_or_default();
                let kind = StepKind::Refused {
                    codes: refused.codes.iter().map(|c| c.value.clone()).collect(),
                    reasons,
                };
                let heading = match &refused.refused {
                    RefusedMove::Turn(turn) => format!("Refused · {}", turn.colour.value.as_str()),
                    RefusedMove::Discard { tile } => format!("Refused · discard {}", tile.value),
                };
                let step = play_step(
                    &mut boards,
                    before,
                    index,
                    statement,
                    variation,
                    kind,
                    heading,
                );
                if variation.is_none() {
                    held.push(step);
                } else {
                    push_step(&mut out, &mut stack, step);
                }
            }
            // Marks show on the next step's board; setup statements after play began are
            // `order` errors and change nothing.
            _ => {}
        }
    }
    for step in held.drain(..) {
        push_step(&mut out, &mut stack, step);
    }
    if in_setup {
        let setup = setup_step(&mut boards, &setup_lines, &setup_all, None);
        push_step(&mut out, &mut stack, setup);
    }
    out
}

/// The step a line of play stands at: its last step, or, at the start of a variation, the
/// step the variation branches from.
fn standing(out: &Lesson, walk: &Walk) -> Option<usize> {
    walk.last
        .or_else(|| walk.variation.map(|v| out.variations[v].from))
}

/// Appends `step` to the line of play on top of `stack`, linking it to the one before.
fn push_step(out: &mut Lesson, stack: &mut [Walk], (mut step, new): (Step, NewTiles)) {
    let id = out.steps.len();
    let walk = stack.last_mut().expect("the main line is never popped");
    match (walk.last, walk.variation) {
        (Some(last), _) => {
            step.prev = Some(last);
            out.steps[last].next = Some(id);
        }
        (None, Some(v)) => {
            step.prev = Some(out.variations[v].from);
            out.variations[v].first = Some(id);
        }
        (None, None) => {}
    }
    walk.last = Some(id);
    step.tiles = step.board.layer.map_or(0, |l| l.count);
    out.tiles
        .extend(new.into_iter().map(|(tile, mismatched)| LessonTile {
            tile,
            step: id,
            mismatched,
        }));
    out.steps.push(step);
}

/// How many turns were played up to and including step `last`, following `prev`: the
/// number of the nearest turn (each turn counts those before it).
fn turns_before(lesson: &Lesson, mut last: Option<usize>) -> usize {
    while let Some(id) = last {
        let step = &lesson.steps[id];
        if let StepKind::Turn { number, .. } = step.kind {
            return number;
        }
        last = step.prev;
    }
    0
}

/// The code lens on a puzzle's answer (its ranking), when `statement` is that answer.
fn ranking(analysis: &Analysis, statement: &Statement) -> Option<String> {
    crate::code_lenses(analysis)
        .into_iter()
        .find(|lens| lens.span == statement.keyword)
        .map(|lens| lens.title)
}

/// The line of a puzzle's answer (the last main-line turn), when the setup says `puzzle`.
fn puzzle_answer(analysis: &Analysis) -> Option<usize> {
    crate::puzzle::puzzle_goal(&analysis.parse)?;
    crate::puzzle::answer(&analysis.parse).map(|(line, _, _)| line)
}

/// A statement's text as written, without the comment.
fn statement_text(analysis: &Analysis, statement: &Statement) -> String {
    statement
        .span
        .slice(&analysis.text)
        .unwrap_or_default()
        .to_owned()
}

/// `(code, message)` of every diagnostic on line `line`.
fn problems_on(analysis: &Analysis, lines: &[usize]) -> Vec<(String, String)> {
    analysis
        .diagnostics
        .iter()
        .filter(|d| matches!(d.severity, Severity::Error | Severity::Warning))
        .filter(|d| {
            analysis
                .line_at(d.span.start)
                .is_some_and(|l| lines.contains(&l))
        })
        .map(|d| (d.code.as_str().to_owned(), d.message.clone()))
        .collect()
}

/// The setup step: the whole setup. `lines` are the setup lines that put something on the
/// board (its statement), `all` every setup line (its problems); `first_play` is the line of
/// the first line of play, if any.
fn setup_step(
    boards: &mut Boards<'_>,
    lines: &[usize],
    all: &[usize],
    first_play: Option<usize>,
) -> (Step, NewTiles) {
    let analysis = boards.analysis;
    // A picture at any line before the first line of play shows the whole setup.
    let line = lines.first().copied().unwrap_or(0);
    let (board, new) = if first_play == Some(line) || line >= analysis.parse.lines.len() {
        None
    } else {
        Some(boards.at(line, None))
    }
    .unwrap_or_else(|| {
        (
            Board {
                title: None,
                line: Some(0),
                tiles: Vec::new(),
                meeples: Vec::new(),
                marks: Vec::new(),
                players: analysis
                    .replay
                    .players
                    .iter()
                    .map(|&c| (c, 0, crate::replay::MEEPLES_PER_PLAYER))
                    .collect(),
                goods: Vec::new(),
                last: None,
                refused: Vec::new(),
                open: Vec::new(),
                returned: Vec::new(),
                mismatched: Vec::new(),
                setup_through: None,
                layer: None,
            },
            Vec::new(),
        )
    });
    let statement = lines
        .iter()
        .filter_map(|&l| match &analysis.parse.lines[l].kind {
            LineKind::Statement(s) => Some(statement_text(analysis, s)),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let alt = board_sentence(&board, "The position before play");
    let step = Step {
        kind: StepKind::Setup,
        heading: "Setup".to_owned(),
        line,
        statement,
        variation: None,
        board,
        alt,
        explanation: None,
        checks: Vec::new(),
        problems: problems_on(analysis, all),
        tiles: 0,
        prev: None,
        next: None,
        branches: Vec::new(),
    };
    (step, new)
}

/// A step for a line of play (turn, discard, end), with hover's card as its explanation.
fn play_step(
    boards: &mut Boards<'_>,
    before: Option<TileLayer>,
    line: usize,
    statement: &Statement,
    variation: Option<usize>,
    kind: StepKind,
    heading: String,
) -> (Step, NewTiles) {
    let analysis = boards.analysis;
    let (mut board, new) = boards.at(line, before);
    if let (StatementKind::Turn(turn), StepKind::Turn { .. }) = (&statement.kind, &kind) {
        board.returned = returned_meeple(&board, turn).into_iter().collect();
    }
    let alt = board_sentence(&board, &format!("The position after line {}", line + 1));
    let step = Step {
        kind,
        heading,
        line,
        statement: statement_text(analysis, statement),
        variation,
        board,
        alt,
        explanation: hover::hover(analysis, statement.keyword.start).map(|h| h.markdown),
        checks: Vec::new(),
        problems: problems_on(analysis, &[line]),
        tiles: 0,
        prev: None,
        next: None,
        branches: Vec::new(),
    };
    (step, new)
}

/// The figure `turn` deployed, when the turn scored it and it came back at once (the board
/// after the turn no longer shows it): drawn faintly so that the move's figure is seen.
fn returned_meeple(board: &Board, turn: &carc_notation::TurnStmt) -> Option<BoardMeeple> {
    let m = turn.meeple.as_ref()?;
    let pos = vocab::pos(&turn.at);
    let placed = board.tiles.iter().find(|t| t.pos == pos)?;
    if board.last != Some(pos) {
        return None;
    }
    let role = vocab::role(m.role.value);
    let place = match &m.place {
        Some(p) => vocab::place(p.value),
        None => placed
            .tile
            .segments(placed.rotation)
            .find(|s| s.kind == role.kind())?
            .places
            .first()?,
    };
    let figure = match m.figure.value {
        carc_notation::FigureWord::Meeple => Figure::Meeple,
        carc_notation::FigureWord::Large => Figure::LargeMeeple,
        carc_notation::FigureWord::Abbot => Figure::Abbot,
        carc_notation::FigureWord::Builder => Figure::Builder,
        carc_notation::FigureWord::Pig => Figure::Pig,
    };
    let colour = turn.colour.value;
    let stays = board
        .meeples
        .iter()
        .any(|b| b.pos == pos && b.colour == colour && b.figure == figure);
    (!stays).then_some(BoardMeeple {
        colour,
        figure,
        role,
        pos,
        place,
    })
}

/// The "find the move" step before the main-line turn at `line`: when that turn's cell is
/// marked and empty just before it, or it is the puzzle's answer. `shown` is the first line
/// the step stands before (the turn's, or that of a refused move held back to follow the
/// question); `plain`: a puzzle without a goal (any move scoring as much is right).
fn question(
    boards: &mut Boards<'_>,
    before: Option<TileLayer>,
    line: usize,
    shown: usize,
    statement: &Statement,
    puzzle: bool,
    plain: bool,
) -> Option<(Step, NewTiles)> {
    let analysis = boards.analysis;
    let StatementKind::Turn(turn) = &statement.kind else {
        return None;
    };
    let before_line = line.checked_sub(1)?;
    let pos: Pos = vocab::pos(&turn.at);
    let marked = |state: &crate::replay::Replay| {
        state
            .marks
            .at(pos)
            .filter(|_| state.game.tile_at(pos).is_none())
            .cloned()
    };
    // (asked of every main-line turn: from the pass through the file when it can)
    let mark = match boards.stepper.to(before_line) {
        Some(state) => marked(state),
        None => marked(&replay(&analysis.parse, Some(before_line), None)),
    };
    if mark.is_none() && !puzzle {
        return None;
    }
    // The position as it stands before `shown`: at the last statement before it (one line
    // number for the question, the one its picture names), without refused moves drawn.
    let at = (0..shown)
        .rev()
        .find(|&l| matches!(analysis.parse.lines[l].kind, LineKind::Statement(_)))
        .unwrap_or(before_line);
    let (mut board, new) = boards.at(at, before);
    board.refused.clear();
    let exercise = exercise(analysis, line, plain).map(Box::new);
    if let Some(e) = &exercise {
        board.open = e.cells.clone();
    }
    let colour = turn.colour.value.as_str();
    let tile = match TileType::from_token(&turn.tile.value) {
        Some(t) => format!("{} ({})", t.token(), t.name()),
        None => turn.tile.value.to_string(),
    };
    let mut prompt = if puzzle {
        format!("Puzzle: find the best move for {colour} with {tile}.")
    } else {
        format!("Find the move: {colour} to play {tile}.")
    };
    if let Some(mark) = &mark {
        prompt.push_str(&format!(" The marked cell is {}", vocab::pos_str(pos)));
        if let Some(label) = &mark.label {
            prompt.push_str(&format!(": “\u{2068}{label}\u{2069}”"));
        }
        prompt.push('.');
    }
    prompt.push_str(" Where, which way round, and with which meeple?");
    let hint = mark.as_ref().and_then(|m| {
        let LineKind::Statement(s) = &analysis.parse.lines.get(m.line)?.kind else {
            return None;
        };
        hover::hover(analysis, s.span.start).map(|h| h.markdown)
    });
    let alt = board_sentence(&board, "The position before the move to find");
    let step = Step {
        kind: StepKind::Question {
            prompt,
            hint,
            exercise,
        },
        heading: "Find the move".to_owned(),
        line: at,
        statement: String::new(),
        variation: None,
        board,
        alt,
        explanation: None,
        checks: Vec::new(),
        problems: Vec::new(),
        tiles: 0,
        prev: None,
        next: None,
        branches: Vec::new(),
    };
    Some((step, new))
}

/// The picture in one sentence: tiles, meeples, marks, scores.
pub fn board_sentence(board: &Board, lead: &str) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let tiles = board.layer.map_or(board.tiles.len(), |l| l.count);
    let mut out = format!("{lead}: {} on the board", plural(tiles, "tile"));
    if let Some(last) = board.last {
        if let Some(t) = board.tiles.iter().find(|t| t.pos == last) {
            out.push_str(&format!(
                ", the last one {} ({}) at {} {}",
                t.tile.token(),
                t.tile.name(),
                vocab::pos_str(last),
                vocab::rotation_word(t.rotation)
            ));
            if let Some(g) = t.glyph {
                out.push_str(&format!(", judged {} ({})", g.as_str(), g.meaning()));
            }
        }
    }
    out.push('.');
    if !board.meeples.is_empty() {
        let meeples: Vec<String> = board
            .meeples
            .iter()
            .map(|m| {
                format!(
                    "{}'s {} at {} ({})",
                    m.colour.as_str(),
                    vocab::figure_role_word(m.figure, m.role),
                    vocab::pos_str(m.pos),
                    vocab::place_str(m.place)
                )
            })
            .collect();
        out.push_str(&format!(" Meeples: {}.", meeples.join(", ")));
    }
    for m in &board.returned {
        out.push_str(&format!(
            " {}'s {} at {} ({}) scored and returned.",
            m.colour.as_str(),
            vocab::figure_role_word(m.figure, m.role),
            vocab::pos_str(m.pos),
            vocab::place_str(m.place)
        ));
    }
    if !board.marks.is_empty() {
        let marks: Vec<String> = board
            .marks
            .iter()
            .map(|m| match &m.label {
                Some(label) => format!("{} “\u{2068}{label}\u{2069}”", vocab::pos_str(m.pos)),
                None => vocab::pos_str(m.pos),
            })
            .collect();
        out.push_str(&format!(" Marked: {}.", marks.join(", ")));
    }
    if !board.players.is_empty() {
        let players: Vec<String> = board
            .players
            .iter()
            .map(|(c, score, supply)| format!("{} {score} (supply {supply})", c.as_str()))
            .collect();
        out.push_str(&format!(" Scores: {}.", players.join(", ")));
    }
    out
}
