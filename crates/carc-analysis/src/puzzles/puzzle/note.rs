//! What the check proved, in words: `carc check`'s note and the editor's code lens.

use carc_notation::Span;

use super::{grouped, GoalVerdict, Verdict};
use crate::Analysis;

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
pub(super) fn legal_moves(n: usize) -> String {
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
