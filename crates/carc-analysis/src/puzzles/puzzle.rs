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

use carc_notation::{FigureWord, LineKind, Parse, PuzzleGoal, Span, StatementKind, TurnStmt};
use carc_rules::{
    Action, Goal, Pos, Role, RootMove, Rotation, Solution, Step, TieRange, Ties, TileType,
};

use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::moves::{candidates, canonical_rotation, prefix, Candidate, Extra};
use crate::replay::{replay, Fact, Replay};
use crate::vocab;
use crate::writer::step_text;

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

mod limits;
mod note;
#[cfg(test)]
mod tests;

pub use limits::{grouped, SearchOptions, SEARCH_BUDGET};
use limits::{run_search, stop_words, with_limits};
pub use note::{code_lenses, puzzle_note, CodeLens, PuzzleNote};
