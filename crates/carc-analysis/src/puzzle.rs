//! The puzzle check: with a `puzzle` line in the setup, the file's last main-line turn is the
//! intended answer. Every other move with the same tile, in the position before that turn, is
//! ranked by what it scores at once for the mover ([`crate::moves`]):
//!
//! - `not-best` (error) when any move scores more than the answer (the answer's own placement
//!   with another meeple included), naming the best one;
//! - `not-unique` (warning) when another placement (a different cell, or a rotation that
//!   looks different) scores as much as the answer with its best meeple.
//!
//! An answer that is itself faulty (an error on its line, or a void turn) is not ranked: its
//! own diagnostics say what is wrong. The result also feeds the code lens on the answer.
//!
//! With a goal (`puzzle final`, `puzzle score`) the moves are ranked by the look-ahead search
//! of the engine ([`carc_rules::search`]) over the file's `draws` instead, with a node budget
//! ([`SEARCH_BUDGET`]); its result is cached per position ([`Search::key`]) and handed over by
//! [`crate::analyze_incremental`]. How far it may search is a [`SearchOptions`]: the editor's
//! budget by default, to the end for `carc check`. A search stopped by a limit proves nothing
//! about the answer: it is reported as `search-incomplete` (warning), naming the limit and how
//! far it got. A ranked puzzle also gets a note ([`puzzle_note`]) saying what was proven.

use std::cell::Cell;
use std::time::{Duration, Instant};

use carc_notation::{FigureWord, LineKind, Parse, PuzzleGoal, Span, StatementKind, TurnStmt};
use carc_rules::{
    Action, Goal, Limits, Pos, Role, RootMove, Rotation, Solution, Step, Stop, TieRange, Ties,
    TileType,
};

use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::moves::{candidates, canonical_rotation, prefix, Candidate, Extra};
use crate::replay::{replay, Fact, Replay};
use crate::writer::step_text;
use crate::{vocab, Analysis};

/// How the answer compares with the other moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Nothing scores as much with another placement, and nothing scores more.
    Unique,
    /// Other placements score as much: the first of them, how many there are, and each.
    Tied {
        other: String,
        count: usize,
        rivals: Vec<String>,
    },
    /// A move scores more: the best one and its points.
    Beaten { other: String, points: u32 },
    /// Goal search: the answer's value ranks as `verdict` says, with values written out.
    Goal(GoalVerdict),
}

/// How the answer ranks under a `final` or `score` goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum GoalVerdict {
    /// Best, and no other placement is worth as much.
    Unique { value: String },
    /// Other placements are worth as much: the first of them, and how many there are.
    Tied {
        value: String,
        other: String,
        count: usize,
    },
    /// Another move is worth more.
    Beaten {
        value: String,
        other: String,
        better: String,
        /// The expected play after the answer, and after the better move.
        refutation: String,
        line: String,
    },
    /// Best under the search's tie-break, but not under every one (docs/puzzles.md, "Ties"):
    /// the answer's worst value, a rival, and what the rival may be worth.
    TieBreak {
        value: String,
        worst: String,
        other: String,
        rival: String,
    },
    /// The search stopped at a limit after `depth` of `draws` draws: nothing is claimed.
    Incomplete {
        depth: usize,
        draws: usize,
        best: Option<(String, String)>,
    },
}

/// Nodes the puzzle check may search per position in the editor (a few tenths of a second
/// at most).
pub const SEARCH_BUDGET: u64 = 20_000;

/// How far the puzzle check's goal search (`puzzle final`, `puzzle score`) may go: the
/// editor's budget ([`SearchOptions::editor`], what [`crate::analyze`] uses) or to the end
/// ([`SearchOptions::full`], `carc check`'s default).
#[derive(Clone, Copy)]
pub struct SearchOptions<'a> {
    /// Positions the search may visit; `None`: as many as it takes.
    pub positions: Option<u64>,
    /// Bytes the search may hold ([`carc_rules::Limits::memory`]).
    pub memory: usize,
    /// Time the search may take; `None`: as long as it takes.
    pub time: Option<Duration>,
    /// Called now and then with the positions visited so far (a progress display).
    pub progress: Option<&'a dyn Fn(u64)>,
}

impl SearchOptions<'_> {
    /// The editor's: [`SEARCH_BUDGET`] positions, the engine's default memory, no time limit.
    pub fn editor() -> SearchOptions<'static> {
        SearchOptions {
            positions: Some(SEARCH_BUDGET),
            ..SearchOptions::full()
        }
    }

    /// To the end of the draws (within the engine's default memory), no time limit.
    pub fn full() -> SearchOptions<'static> {
        SearchOptions {
            positions: None,
            memory: carc_rules::DEFAULT_MEMORY,
            time: None,
            progress: None,
        }
    }
}

impl std::fmt::Debug for SearchOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchOptions")
            .field("positions", &self.positions)
            .field("memory", &self.memory)
            .field("time", &self.time)
            .finish_non_exhaustive()
    }
}

/// Runs the engine's search under `options`; the second value says whether the time limit
/// stopped it (the engine then reports [`Stop::Cancelled`]).
fn run_search(
    before: &Replay,
    colour: carc_rules::Color,
    draws: &[TileType],
    goal: Goal,
    options: &SearchOptions<'_>,
) -> (Solution, bool) {
    with_limits(options, &|limits| {
        carc_rules::solve(&before.game, colour, draws, goal, limits)
    })
}

/// Runs `search` under the limits of `options`; the second value says whether the time
/// limit stopped it.
fn with_limits<T>(options: &SearchOptions<'_>, search: &dyn Fn(Limits<'_>) -> T) -> (T, bool) {
    let start = Instant::now();
    let timed_out = Cell::new(false);
    let progress = |nodes: u64| {
        if let Some(p) = options.progress {
            p(nodes);
        }
        let late = options.time.is_some_and(|t| start.elapsed() >= t);
        timed_out.set(late);
        !late
    };
    let limits = Limits {
        nodes: options.positions.unwrap_or(u64::MAX),
        memory: options.memory,
        progress: Some(&progress),
        ..Limits::default()
    };
    let result = search(limits);
    (result, timed_out.get())
}

/// What stopped a search, in words: `its limit of 20,000 positions`.
fn stop_words(
    stopped: Option<Stop>,
    nodes: u64,
    options: &SearchOptions<'_>,
    timed_out: bool,
) -> String {
    match stopped {
        _ if timed_out => format!(
            "its time limit of {} s",
            options.time.map_or(0.0, |t| t.as_secs_f64())
        ),
        Some(Stop::Memory) if options.memory >= 1 << 20 => {
            format!("its memory limit of {} MiB", options.memory >> 20)
        }
        Some(Stop::Memory) => format!("its memory limit of {} KiB", options.memory >> 10),
        Some(Stop::Cancelled) => "a cancellation".to_owned(),
        Some(Stop::Budget) | None => match options.positions {
            Some(n) if nodes > n => format!("its limit of {} positions", grouped(n)),
            _ => format!("its limit of {} draws", carc_rules::MAX_DEPTH),
        },
    }
}

/// `1904` as `1,904`: every count the analysis and the CLI print.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A goal search and the position it was run on.
#[derive(Debug, Clone)]
pub(crate) struct Search {
    /// The text before the answer's line, the answer's tile and the goal: what the result
    /// depends on.
    pub key: String,
    /// The engine's result.
    pub solution: Solution,
    /// The values under every tie-break ([`carc_rules::solve_ties`]), when the answer was the
    /// unique best under the search's own and a tie could change that (not with two players
    /// and `final`, where a tie for one is a tie for the other).
    pub ties: Option<Ties>,
    /// Whether it was taken over from the previous analysis.
    pub reused: bool,
}

/// The puzzle check of a document.
#[derive(Debug, Clone)]
pub(crate) struct Report {
    /// The answer's `turn` keyword.
    pub keyword: Span,
    /// How many legal moves (placement with an optional meeple) the tile had.
    pub moves: usize,
    /// What the answer scores for its mover.
    pub points: u32,
    /// The ranking.
    pub verdict: Verdict,
    /// The goal search, for puzzles with a `final` or `score` goal.
    pub search: Option<Search>,
    /// The puzzle's goal.
    pub goal: PuzzleGoal,
}

/// Index and statement of the last turn outside variations.
pub(crate) fn answer(parse: &Parse) -> Option<(usize, Span, &TurnStmt)> {
    let mut depth = 0usize;
    let mut found = None;
    for (index, line) in parse.lines.iter().enumerate() {
        let LineKind::Statement(s) = &line.kind else {
            continue;
        };
        match &s.kind {
            StatementKind::VariationOpen { .. } => depth += 1,
            StatementKind::VariationClose => depth = depth.saturating_sub(1),
            StatementKind::Turn(turn) if depth == 0 => found = Some((index, s.keyword, turn)),
            _ => {}
        }
    }
    found
}

/// The goal of the setup's `puzzle` line, if it holds one (one after play began is an
/// `order` error and does not count).
pub(crate) fn puzzle_goal(parse: &Parse) -> Option<PuzzleGoal> {
    for line in &parse.lines {
        let LineKind::Statement(s) = &line.kind else {
            continue;
        };
        match &s.kind {
            StatementKind::Puzzle { goal } => {
                return Some(goal.map(|g| g.value).unwrap_or_default())
            }
            StatementKind::Turn(_)
            | StatementKind::Discard { .. }
            | StatementKind::ExpectScore(_)
            | StatementKind::ExpectSupply(_)
            | StatementKind::ExpectGoods(_)
            | StatementKind::End { .. }
            | StatementKind::VariationOpen { .. } => return None,
            _ => {}
        }
    }
    None
}

/// Runs the check on an analysed document: the report (when the file is a puzzle with an
/// answer that could be ranked) and its diagnostics.
pub(crate) fn check(
    text: &str,
    parse: &Parse,
    done: &Replay,
    previous: Option<&Report>,
    options: &SearchOptions<'_>,
) -> (Option<Report>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let Some(goal) = puzzle_goal(parse) else {
        return (None, diagnostics);
    };
    let Some((line, keyword, turn)) = answer(parse) else {
        return (None, diagnostics);
    };
    let Some(line_span) = parse.lines.get(line).map(|l| l.span) else {
        return (None, diagnostics);
    };
    let faulty = done.diagnostics.iter().any(|d| {
        d.severity == Severity::Error
            && d.span.start >= line_span.start
            && d.span.start <= line_span.end
    });
    let played = done.facts.iter().find_map(|f| match f {
        Fact::Turn {
            line: l,
            colour,
            score,
            ..
        } if *l == line => Some((*colour, score.gain(*colour))),
        _ => None,
    });
    let (Some((colour, points)), false) = (played, faulty) else {
        return (None, diagnostics);
    };
    let Some(tile) = TileType::from_token(&turn.tile.value) else {
        return (None, diagnostics);
    };
    let before = replay(&prefix(parse, line), None, None);
    let all = candidates(&before.game, colour, tile);
    let goal_word = goal;
    if let Some(goal) = engine_goal(goal) {
        let key = format!(
            "{}\u{0}{}\u{0}{}",
            text.get(..line_span.start).unwrap_or(""),
            tile.token(),
            colour.as_str()
        );
        let mut timed_out = false;
        let search = match previous.and_then(|p| p.search.as_ref()) {
            Some(s) if s.key == key => Search {
                reused: true,
                ..s.clone()
            },
            _ => {
                let draws = draws_from(&before.draws, tile);
                let (solution, late) = run_search(&before, colour, &draws, goal, options);
                timed_out = late;
                Search {
                    key,
                    solution,
                    ties: None,
                    reused: false,
                }
            }
        };
        let answer = (normalise(tile, turn), colour);
        let mut search = search;
        let mut verdict = goal_verdict(
            &before.players,
            &search.solution,
            &answer,
            goal,
            &mut diagnostics,
            keyword,
        );
        let tie_sensitive =
            before.players.len() >= 2 && !(before.players.len() == 2 && goal == Goal::Final);
        if tie_sensitive && matches!(verdict, GoalVerdict::Unique { .. }) {
            if search.ties.is_none() {
                // the tie walk may use what the search left of the positions
                let rest = SearchOptions {
                    positions: options
                        .positions
                        .map(|n| n.saturating_sub(search.solution.nodes)),
                    ..*options
                };
                let draws = draws_from(&before.draws, tile);
                let (ties, late) = with_limits(&rest, &|limits| {
                    carc_rules::solve_ties(&before.game, colour, &draws, goal, limits)
                });
                timed_out |= late;
                search.ties = Some(ties);
            }
            if let Some(ties) = &search.ties {
                verdict = tie_verdict(
                    &before.players,
                    ties,
                    &answer,
                    goal,
                    verdict,
                    &mut diagnostics,
                    keyword,
                );
                if ties.stopped.is_some() {
                    let nodes = search.solution.nodes.saturating_add(ties.nodes);
                    let stop = stop_words(ties.stopped, nodes, options, timed_out);
                    diagnostics.push(diagnostic(
                        Code::SearchIncomplete,
                        keyword,
                        format!(
                            "search incomplete: the answer is the unique best under the search's own choice among equal moves, but the check of every other choice stopped ({} positions) at {stop}; nothing is proven about the answer",
                            grouped(ties.nodes)
                        ),
                    ));
                }
            }
        }
        // (an exact search whose moves do not list the answer proves nothing either, but no
        // limit stopped it: not reported as search-incomplete; the lens says so)
        if let (GoalVerdict::Incomplete { depth, draws, best }, false) =
            (&verdict, search.solution.exact)
        {
            let solution = &search.solution;
            let stop = stop_words(solution.stopped, solution.nodes, options, timed_out);
            let mut message = format!(
                "search incomplete: {depth} of {draws} draws searched ({} positions) when the search reached {stop}; nothing is proven about the answer",
                grouped(search.solution.nodes)
            );
            if let Some((m, v)) = best {
                message.push_str(&format!(" (best so far {m}, {v})"));
            }
            diagnostics.push(diagnostic(Code::SearchIncomplete, keyword, message));
        }
        let report = Report {
            keyword,
            moves: all.len(),
            points,
            verdict: Verdict::Goal(verdict),
            search: Some(search),
            goal: goal_word,
        };
        return (Some(report), diagnostics);
    }
    let pos = vocab::pos(&turn.at);
    let rotation = canonical_rotation(tile, vocab::rotation(turn.rotation.map(|r| r.value)));
    let is_answer_placement = |c: &Candidate| c.pos == pos && c.rotation == rotation;
    let verdict = match all.first() {
        Some(best) if best.points > points => Verdict::Beaten {
            other: best.text(tile),
            points: best.points,
        },
        _ => {
            let mut others: Vec<&Candidate> = Vec::new();
            for c in all
                .iter()
                .filter(|c| c.points == points && !is_answer_placement(c))
            {
                if !others
                    .iter()
                    .any(|o| o.pos == c.pos && o.rotation == c.rotation)
                {
                    others.push(c);
                }
            }
            match others.first() {
                None => Verdict::Unique,
                Some(first) => Verdict::Tied {
                    other: first.text(tile),
                    count: others.len(),
                    rivals: others.iter().map(|c| c.text(tile)).collect(),
                },
            }
        }
    };
    let who = colour.as_str();
    match &verdict {
        Verdict::Unique => {}
        Verdict::Tied { rivals, .. } => diagnostics.push(diagnostic(
            Code::NotUnique,
            keyword,
            format!(
                "the answer is not the only best move: {} also score{} +{points} for {who}",
                and_list(rivals),
                if rivals.len() == 1 { "s" } else { "" }
            ),
        )),
        Verdict::Beaten {
            other,
            points: better,
        } => diagnostics.push(diagnostic(
            Code::NotBest,
            keyword,
            format!(
                "the answer is not the best move: {other} scores +{better} for {who}, the answer +{points}"
            ),
        )),
        Verdict::Goal(_) => {}
    }
    let report = Report {
        keyword,
        moves: all.len(),
        points,
        verdict,
        search: None,
        goal: goal_word,
    };
    (Some(report), diagnostics)
}

/// The engine's goal for a notation goal (`None` for `points`, judged without search).
pub(crate) fn engine_goal(goal: PuzzleGoal) -> Option<Goal> {
    match goal {
        PuzzleGoal::Points => None,
        PuzzleGoal::Final => Some(Goal::Final),
        PuzzleGoal::Score => Some(Goal::Score),
    }
}

/// The draws a search from this position plays: the pending `draws`, led by `tile` (added in
/// front when the file's next draw is another tile, or when there are none).
pub(crate) fn draws_from(pending: &[TileType], tile: TileType) -> Vec<TileType> {
    if pending.first() == Some(&tile) {
        pending.to_vec()
    } else {
        std::iter::once(tile)
            .chain(pending.iter().copied())
            .collect()
    }
}

/// A move as the search lists it, whatever words named it: the canonical rotation, the
/// figure's role and segment (the abbot's: none), and what the move does beyond a meeple.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Normal {
    pos: Pos,
    rotation: Rotation,
    meeple: Option<(Role, Option<u8>)>,
    extra: Extra,
}

/// The answer's move as the search lists it.
fn normalise(tile: TileType, turn: &TurnStmt) -> Normal {
    let rotation = canonical_rotation(tile, vocab::rotation(turn.rotation.map(|r| r.value)));
    let mut extra = match turn.recall {
        Some(_) => Extra::Recall,
        None => Extra::Plain,
    };
    let meeple = turn.meeple.as_ref().map(|m| {
        let role = vocab::role(m.role.value);
        // every figure word, as `Extra::of` reads the search's action: a builder or a pig
        // taken for a meeple never matched the search's move (issue 28)
        match m.figure.value {
            FigureWord::Abbot => {
                extra = Extra::Abbot;
                return (role, None);
            }
            FigureWord::Large => extra = Extra::Large,
            FigureWord::Builder => extra = Extra::Builder,
            FigureWord::Pig => extra = Extra::Pig,
            FigureWord::Meeple => {}
        }
        let place = m.place.map(|p| vocab::place(p.value));
        let segment = match place {
            Some(p) => tile.segment_at(rotation, p),
            None => tile.segments(rotation).find(|s| s.kind == role.kind()),
        };
        (role, segment.map(|s| s.index))
    });
    Normal {
        pos: vocab::pos(&turn.at),
        rotation,
        meeple,
        extra,
    }
}

fn normal_of(m: &RootMove) -> Option<Normal> {
    normal_of_step(&m.step, m.action)
}

/// A searched move (its step and action) as [`Normal`].
fn normal_of_step(step: &Step, action: Action) -> Option<Normal> {
    match *step {
        Step::Turn {
            tile,
            pos,
            rot,
            meeple,
            ..
        } => {
            let extra = Extra::of(action);
            let meeple = meeple.map(|(role, place)| match extra {
                Extra::Abbot => (role, None),
                _ => (role, tile.segment_at(rot, place).map(|s| s.index)),
            });
            Some(Normal {
                pos,
                rotation: rot,
                meeple,
                extra,
            })
        }
        Step::Discard { .. } => None,
    }
}

/// A value as the goal words it: `+3` / `-2` for `final`, `8 points` for `score`.
pub(crate) fn value_text(goal: Goal, value: i64) -> String {
    match goal {
        Goal::Final if value >= 0 => format!("+{value}"),
        Goal::Final => format!("{value}"),
        Goal::Score => format!("{value} point{}", if value == 1 { "" } else { "s" }),
    }
}

/// The expected play after a move, and the final scores:
/// `blue E 0,1 r180, final score red 4, blue 4`.
pub(crate) fn line_text(m: &RootMove, players: &[carc_rules::Color]) -> String {
    play_text(&m.line, &m.actions, &m.scores, players)
}

/// A line of play and its final scores (of a root move, or of an outcome under a tie-break).
fn play_text(
    line: &[Step],
    actions: &[Action],
    final_scores: &[i64; carc_rules::Color::COUNT],
    players: &[carc_rules::Color],
) -> String {
    let mut parts = steps_text(line, actions);
    let scores: Vec<String> = players
        .iter()
        .map(|c| format!("{} {}", c.as_str(), final_scores[c.index()]))
        .collect();
    parts.push(format!("final score {}", scores.join(", ")));
    parts.join(", ")
}

/// The expected play after a move, one step each: `blue E 0,1 r180`.
pub(crate) fn line_steps(m: &RootMove) -> Vec<String> {
    steps_text(&m.line, &m.actions)
}

/// Steps in words, each with its action (a missing action is a plain one).
fn steps_text(line: &[Step], actions: &[Action]) -> Vec<String> {
    let actions = actions
        .iter()
        .copied()
        .chain(std::iter::repeat(Action::Plain));
    line.iter()
        .zip(actions)
        .map(|(step, action)| step_text(step, action))
        .collect()
}

/// A root move without its colour, as a `turn` line writes it after the colour.
pub(crate) fn move_text(m: &RootMove) -> String {
    step_words(&m.step, m.action)
}

/// A searched move without its colour.
fn step_words(step: &Step, action: Action) -> String {
    let text = step_text(step, action);
    match text.split_once(' ') {
        Some((_, rest)) if matches!(step, Step::Turn { .. }) => rest.to_owned(),
        _ => text,
    }
}

fn goal_verdict(
    players: &[carc_rules::Color],
    solution: &Solution,
    answer: &(Normal, carc_rules::Color),
    goal: Goal,
    diagnostics: &mut Vec<Diagnostic>,
    keyword: Span,
) -> GoalVerdict {
    let (answer, colour) = answer;
    let best = solution.moves.first();
    if !solution.exact {
        return GoalVerdict::Incomplete {
            depth: solution.depth,
            draws: solution.draws,
            best: best.map(|b| (move_text(b), value_text(goal, b.value))),
        };
    }
    let found = solution
        .moves
        .iter()
        .find(|m| normal_of(m).as_ref() == Some(answer));
    let (Some(mine), Some(best)) = (found, best) else {
        return GoalVerdict::Incomplete {
            depth: solution.depth,
            draws: solution.draws,
            best: None,
        };
    };
    let value = value_text(goal, mine.value);
    let who = colour.as_str();
    if best.value > mine.value {
        let other = move_text(best);
        let better = value_text(goal, best.value);
        let refutation = line_text(mine, players);
        let line = line_text(best, players);
        diagnostics.push(diagnostic(
            Code::NotBest,
            keyword,
            format!(
                "the answer is not the best move: {other} is worth {better} for {who}, the answer {value}. After the answer: {refutation}. After {other}: {line}"
            ),
        ));
        return GoalVerdict::Beaten {
            value,
            other,
            better,
            refutation,
            line,
        };
    }
    let mut others: Vec<Normal> = Vec::new();
    // each rival placement at its first move worth as much, with its line of play
    let mut rivals: Vec<String> = Vec::new();
    let mut first = None;
    for m in solution.moves.iter().filter(|m| m.value == mine.value) {
        let Some(n) = normal_of(m) else {
            continue;
        };
        if n.pos == answer.pos && n.rotation == answer.rotation {
            continue;
        }
        if !others
            .iter()
            .any(|o| o.pos == n.pos && o.rotation == n.rotation)
        {
            others.push(n);
            first.get_or_insert_with(|| move_text(m));
            rivals.push(format!("{} ({})", move_text(m), line_text(m, players)));
        }
    }
    match first {
        None => GoalVerdict::Unique { value },
        Some(other) => {
            let count = others.len();
            diagnostics.push(diagnostic(
                Code::NotUnique,
                keyword,
                format!(
                    "the answer is not the only best move: {} {} also worth {value} for {who}",
                    and_list(&rivals),
                    if count == 1 { "is" } else { "are" }
                ),
            ));
            GoalVerdict::Tied {
                value,
                other,
                count,
            }
        }
    }
}

/// The verdict once every tie-break is considered (docs/puzzles.md, "Ties"): the answer,
/// unique under the search's own tie-break (`verdict`), stays so only if its worst value
/// under any tie-break is above every other placement's best; else `not-unique` names the
/// rival and both lines of play.
fn tie_verdict(
    players: &[carc_rules::Color],
    ties: &Ties,
    answer: &(Normal, carc_rules::Color),
    goal: Goal,
    verdict: GoalVerdict,
    diagnostics: &mut Vec<Diagnostic>,
    keyword: Span,
) -> GoalVerdict {
    let GoalVerdict::Unique { value } = verdict else {
        return verdict;
    };
    let (answer, colour) = answer;
    if ties.stopped.is_some() {
        return GoalVerdict::Incomplete {
            depth: 0,
            draws: 0,
            best: None,
        };
    }
    let Some(mine) = ties
        .moves
        .iter()
        .find(|m| normal_of_step(&m.step, m.action).as_ref() == Some(answer))
    else {
        return GoalVerdict::Unique { value };
    };
    let same_placement = |m: &TieRange| {
        normal_of_step(&m.step, m.action)
            .is_some_and(|n| n.pos == answer.pos && n.rotation == answer.rotation)
    };
    // the rival that may be worth the most
    let rival = ties
        .moves
        .iter()
        .filter(|m| !same_placement(m))
        .reduce(|a, b| if b.best.value > a.best.value { b } else { a });
    let Some(rival) = rival.filter(|r| r.best.value >= mine.worst.value) else {
        return GoalVerdict::Unique { value };
    };
    let worst = value_text(goal, mine.worst.value);
    let other = step_words(&rival.step, rival.action);
    let rival_value = value_text(goal, rival.best.value);
    let who = colour.as_str();
    diagnostics.push(diagnostic(
        Code::NotUnique,
        keyword,
        format!(
            "the answer is the unique best only under one choice among equal moves: it is worth {value} for {who} with the search's choice, but {worst} after {} (each move there as good for its player as the search's), and {other} can be worth {rival_value} ({})",
            play_text(&mine.worst.line, &mine.worst.actions, &mine.worst.scores, players),
            play_text(&rival.best.line, &rival.best.actions, &rival.best.scores, players)
        ),
    ));
    GoalVerdict::TieBreak {
        value,
        worst,
        other,
        rival: rival_value,
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn diagnostic(code: Code, span: Span, message: String) -> Diagnostic {
    Diagnostic {
        code,
        severity: code.severity(),
        span,
        message,
        related: Vec::new(),
    }
}

/// What the puzzle check proved about a puzzle's answer, for `carc check`'s note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleNote {
    /// The answer's `turn` keyword.
    pub span: Span,
    /// `puzzle (final, 2 draws): the answer is the unique best, +8; 47 legal moves; 1,904
    /// positions`.
    pub text: String,
    /// The goal's word: `points`, `final` or `score`.
    pub goal: &'static str,
    /// The draws searched to the end (0 for `points`).
    pub draws: usize,
    /// `unique`, `tied`, `beaten` or `incomplete`.
    pub verdict: &'static str,
    /// The answer's value in words (`+8`, `12 points`), when it was ranked.
    pub value: Option<String>,
    /// Legal moves of the answer's tile.
    pub moves: usize,
    /// Positions the search visited (0 for `points`).
    pub positions: u64,
}

/// What the puzzle check proved, for a puzzle whose answer could be ranked.
pub fn puzzle_note(analysis: &Analysis) -> Option<PuzzleNote> {
    let report = analysis.puzzle.as_ref()?;
    let goal = report.goal.as_str();
    let (draws, positions) = match &report.search {
        // the tie walk's positions count too
        Some(s) => (
            s.solution.draws,
            s.solution
                .nodes
                .saturating_add(s.ties.as_ref().map_or(0, |t| t.nodes)),
        ),
        None => (0, 0),
    };
    let points = format!("+{}", report.points);
    let (verdict, value, said) = match &report.verdict {
        Verdict::Unique => (
            "unique",
            Some(points.clone()),
            format!("the answer is the unique best, {points}"),
        ),
        Verdict::Tied { .. } => (
            "tied",
            Some(points.clone()),
            format!("the answer is tied best, {points} (not-unique)"),
        ),
        Verdict::Beaten { .. } => (
            "beaten",
            Some(points.clone()),
            format!("the answer is not the best, {points} (not-best)"),
        ),
        Verdict::Goal(GoalVerdict::Unique { value }) => (
            "unique",
            Some(value.clone()),
            format!("the answer is the unique best, {value}"),
        ),
        Verdict::Goal(GoalVerdict::Tied { value, .. }) => (
            "tied",
            Some(value.clone()),
            format!("the answer is tied best, {value} (not-unique)"),
        ),
        Verdict::Goal(GoalVerdict::TieBreak {
            worst,
            value,
            other,
            rival,
        }) => (
            "tied",
            Some(value.clone()),
            format!(
                "the answer is the unique best only under one tie-break, {value} (at worst {worst}; {other} up to {rival}) (not-unique)"
            ),
        ),
        Verdict::Goal(GoalVerdict::Beaten { value, .. }) => (
            "beaten",
            Some(value.clone()),
            format!("the answer is not the best, {value} (not-best)"),
        ),
        Verdict::Goal(GoalVerdict::Incomplete { depth, draws, .. }) => (
            "incomplete",
            None,
            format!("nothing proven, {depth} of {draws} draws searched (search-incomplete)"),
        ),
    };
    let mut head = goal.to_owned();
    if report.search.is_some() {
        head.push_str(&format!(
            ", {draws} draw{}",
            if draws == 1 { "" } else { "s" }
        ));
    }
    let mut text = format!("puzzle ({head}): {said}; {}", legal_moves(report.moves));
    if report.search.is_some() {
        text.push_str(&format!("; {} positions", grouped(positions)));
    }
    Some(PuzzleNote {
        span: report.keyword,
        text,
        goal,
        draws,
        verdict,
        value,
        moves: report.moves,
        positions,
    })
}

/// `12,000 legal moves`, `1 legal move`: grouped by thousands as every count is.
fn legal_moves(n: usize) -> String {
    format!(
        "{} legal move{}",
        grouped(n as u64),
        if n == 1 { "" } else { "s" }
    )
}

/// A code lens: a line of text shown above a statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeLens {
    /// What it is about (the answer's `turn` keyword).
    pub span: Span,
    /// The text shown: `14 legal moves · this is the unique best, +8`.
    pub title: String,
}

/// The code lenses of a document: on a puzzle's answer, how it ranks.
pub fn code_lenses(analysis: &Analysis) -> Vec<CodeLens> {
    let Some(report) = &analysis.puzzle else {
        return Vec::new();
    };
    let moves = legal_moves(report.moves);
    let verdict = match &report.verdict {
        Verdict::Unique => format!("this is the unique best, +{}", report.points),
        Verdict::Tied { other, count, .. } => format!(
            "tied best, +{} (also {other}{})",
            report.points,
            if *count > 1 {
                format!(" and {} more", count - 1)
            } else {
                String::new()
            }
        ),
        Verdict::Beaten { other, points } => format!(
            "not the best: {other} scores +{points}, this +{}",
            report.points
        ),
        Verdict::Goal(goal) => goal_lens(goal),
    };
    vec![CodeLens {
        span: report.keyword,
        title: format!("{moves} · {verdict}"),
    }]
}

fn goal_lens(verdict: &GoalVerdict) -> String {
    match verdict {
        GoalVerdict::Unique { value } => format!("this is the unique best, {value}"),
        GoalVerdict::Tied {
            value,
            other,
            count,
        } => format!(
            "tied best, {value} (also {other}{})",
            if *count > 1 {
                format!(" and {} more", count - 1)
            } else {
                String::new()
            }
        ),
        GoalVerdict::Beaten {
            value,
            other,
            better,
            ..
        } => format!("not the best: {other} is worth {better}, this {value}"),
        GoalVerdict::TieBreak {
            worst,
            other,
            rival,
            ..
        } => format!("unique only under one tie-break: {other} can be worth {rival}, this {worst}"),
        GoalVerdict::Incomplete { depth, draws, best } => {
            let mut out = format!("search incomplete: {depth} of {draws} draws searched");
            if let Some((m, v)) = best {
                out.push_str(&format!(" (best so far {m}, {v})"));
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_moves_are_grouped_by_thousands() {
        // a puzzle on a board of 2,000 tiles lists about 12,000 moves: "12000" read as 1200
        assert_eq!(legal_moves(12_000), "12,000 legal moves");
        assert_eq!(legal_moves(1), "1 legal move");
        assert_eq!(legal_moves(999), "999 legal moves");
    }

    fn lens(text: &str) -> Vec<String> {
        code_lenses(&crate::analyze(text))
            .into_iter()
            .map(|l| l.title)
            .collect()
    }

    #[test]
    fn the_unique_best_answer_gets_a_lens_and_no_diagnostic() {
        // D at 0,0; E has 4 placements: 0,1 r180 (2 moves with a meeple on the completed city
        // or the field, plus none = 3) and 0,-1 r90/r180/r270 (3 moves each): 12 moves. Only
        // 0,1 r180 scores: the 2-tile city, 2 × 2 = 4, for red only with red's knight.
        let text = "puzzle\nplayers red blue\ntile D 0,0\nturn red E 0,1 r180 knight S\n";
        assert_eq!(
            lens(text),
            vec!["12 legal moves · this is the unique best, +4"]
        );
        let analysis = crate::analyze(text);
        assert!(analysis.diagnostics().is_empty());
        assert_eq!(
            puzzle_note(&analysis).map(|n| n.text),
            Some("puzzle (points): the answer is the unique best, +4; 12 legal moves".to_owned())
        );
    }

    #[test]
    fn grouped_numbers() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1904), "1,904");
        assert_eq!(grouped(20_000_000), "20,000,000");
    }

    #[test]
    fn a_worse_answer_is_not_best_and_names_the_better_move() {
        let text = "puzzle\ntile D 0,0\nturn red E 0,-1 r90\n";
        let analysis = crate::analyze(text);
        let codes: Vec<_> = analysis.diagnostics().iter().map(|d| d.code).collect();
        assert_eq!(codes, vec![Code::NotBest]);
        assert!(analysis.diagnostics()[0]
            .message
            .contains("E 0,1 r180 knight S scores +4 for red, the answer +0"));
        assert_eq!(
            lens(text),
            vec!["12 legal moves · not the best: E 0,1 r180 knight S scores +4, this +0"]
        );
    }

    const BLOCK: &str = include_str!("../../../examples/puzzles/block-the-city.carc");

    #[test]
    fn a_final_goal_ranks_by_the_search() {
        // crates/carc-rules/tests/search.rs values all 18 moves by hand: blocking with the
        // knight is the unique best, +1.
        assert_eq!(
            lens(BLOCK),
            vec!["18 legal moves · this is the unique best, +1"]
        );
        // The greedy answer (closing red's own city, +4 at once) is worth 0: blue then closes
        // the start tile's city.
        let greedy = BLOCK.replace("turn red E 1,1 r270 knight W", "turn red E 0,-2 r0");
        let analysis = crate::analyze(&greedy);
        let d = analysis.diagnostics();
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].code, Code::NotBest);
        assert!(d[0]
            .message
            .contains("E 1,1 r270 knight W is worth +1 for red, the answer +0"));
        assert!(d[0]
            .message
            .contains("After the answer: blue E 0,1 r180, final score red 4, blue 4"));
        // `score` (red's own final score): closing is worth red 4 whatever blue does (red has
        // no meeple left on the board), blocking 2 under blue's first move in order. But blue
        // (no meeple in supply, its city blocked) scores the same wherever its E goes, and
        // one of those equal moves, E 0,-2 r0, closes red's city for red: 2 tiles x 2 = 4,
        // plus 1 for red's knight on the open one-tile city E 1,1 = 5 > 4. Unique only under
        // one tie-break (docs/puzzles.md, "Ties").
        let score = greedy.replace("puzzle final", "puzzle score");
        assert_eq!(
            lens(&score),
            vec!["18 legal moves · unique only under one tie-break: E 1,1 r270 knight W can be worth 5 points, this 4 points"]
        );
    }

    #[test]
    fn the_search_is_reused_while_the_position_before_the_answer_is_unchanged() {
        let first = crate::analyze(BLOCK);
        let searched = |a: &Analysis| {
            a.puzzle
                .as_ref()
                .and_then(|p| p.search.as_ref())
                .map(|s| s.reused)
        };
        assert_eq!(searched(&first), Some(false));
        assert!(!first.puzzle_search_reused());
        let other_answer = BLOCK.replace("turn red E 1,1 r270 knight W", "turn red E 0,-2 r0");
        let second = crate::analyze_incremental(&other_answer, Some(&first));
        assert_eq!(searched(&second), Some(true));
        assert!(second.puzzle_search_reused());
        assert_eq!(second.diagnostics()[0].code, Code::NotBest);
        let other_setup = other_answer.replace("supply blue 0", "supply blue 1");
        assert_eq!(
            searched(&crate::analyze_incremental(&other_setup, Some(&second))),
            Some(false)
        );
    }

    #[test]
    fn a_search_out_of_budget_claims_nothing_and_says_so() {
        // Nine draws from the start tile alone is far beyond the editor's budget.
        let text = "puzzle final\nplayers red blue\ndraws E U V W U V E U V\ntile D 0,0\nturn red E 0,1 r180\n";
        let analysis = crate::analyze(text);
        let codes: Vec<_> = analysis.diagnostics().iter().map(|d| d.code).collect();
        assert_eq!(codes, vec![Code::SearchIncomplete]);
        let message = &analysis.diagnostics()[0].message;
        assert!(
            message.contains("of 9 draws searched")
                && message.contains("its limit of 20,000 positions"),
            "{message}"
        );
        let note = puzzle_note(&analysis).unwrap();
        assert_eq!(note.verdict, "incomplete");
        assert!(
            note.text
                .starts_with("puzzle (final, 9 draws): nothing proven"),
            "{}",
            note.text
        );
        // A memory limit is named as such, in MiB.
        let tiny = SearchOptions {
            memory: 64 << 10,
            ..SearchOptions::editor()
        };
        let analysis = crate::analyze_with(text, None, &tiny);
        let message = &analysis.diagnostics()[0].message;
        assert!(message.contains("its memory limit of 64 KiB"), "{message}");
        let lens = lens(text);
        assert!(lens[0].contains("search incomplete:"), "{lens:?}");
        assert!(lens[0].contains("of 9 draws searched"), "{lens:?}");
    }

    #[test]
    fn without_a_puzzle_line_nothing_is_ranked() {
        assert!(lens("tile D 0,0\nturn red E 0,-1 r90\n").is_empty());
    }

    #[test]
    fn an_answer_with_an_error_is_not_ranked() {
        // E at 0,1 r0 shows a field south onto D's city: edge-mismatch, no ranking.
        let analysis = crate::analyze("puzzle\ntile D 0,0\nturn red E 0,1\n");
        let codes: Vec<_> = analysis.diagnostics().iter().map(|d| d.code).collect();
        assert_eq!(codes, vec![Code::EdgeMismatch]);
        assert!(code_lenses(&analysis).is_empty());
    }
}
