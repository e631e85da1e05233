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

use carc_notation::{LineKind, Parse, Span, StatementKind, TurnStmt};
use carc_rules::TileType;

use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::moves::{candidates, canonical_rotation, prefix, Candidate};
use crate::replay::{replay, Fact, Replay};
use crate::{vocab, Analysis};

/// How the answer compares with the other moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Nothing scores as much with another placement, and nothing scores more.
    Unique,
    /// Other placements score as much: the first of them, and how many there are.
    Tied { other: String, count: usize },
    /// A move scores more: the best one and its points.
    Beaten { other: String, points: u32 },
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

/// Whether the setup holds a `puzzle` line (one after play began is an `order` error and
/// does not count).
pub(crate) fn has_puzzle(parse: &Parse) -> bool {
    for line in &parse.lines {
        let LineKind::Statement(s) = &line.kind else {
            continue;
        };
        match s.kind {
            StatementKind::Puzzle => return true,
            StatementKind::Turn(_)
            | StatementKind::Discard { .. }
            | StatementKind::ExpectScore(_)
            | StatementKind::ExpectSupply(_)
            | StatementKind::End { .. }
            | StatementKind::VariationOpen { .. } => return false,
            _ => {}
        }
    }
    false
}

/// Runs the check on an analysed document: the report (when the file is a puzzle with an
/// answer that could be ranked) and its diagnostics.
pub(crate) fn check(parse: &Parse, done: &Replay) -> (Option<Report>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    if !has_puzzle(parse) {
        return (None, diagnostics);
    }
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
    let all = candidates(&before.game, colour, tile, before.river);
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
                },
            }
        }
    };
    let who = colour.as_str();
    match &verdict {
        Verdict::Unique => {}
        Verdict::Tied { other, count } => diagnostics.push(diagnostic(
            Code::NotUnique,
            keyword,
            format!(
                "the answer is not the only best move: {other} also scores +{points} for {who}{}",
                if *count > 1 {
                    format!(" ({} other placements do)", count)
                } else {
                    String::new()
                }
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
    }
    let report = Report {
        keyword,
        moves: all.len(),
        points,
        verdict,
    };
    (Some(report), diagnostics)
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
    let moves = format!(
        "{} legal move{}",
        report.moves,
        if report.moves == 1 { "" } else { "s" }
    );
    let verdict = match &report.verdict {
        Verdict::Unique => format!("this is the unique best, +{}", report.points),
        Verdict::Tied { other, count } => format!(
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
    };
    vec![CodeLens {
        span: report.keyword,
        title: format!("{moves} · {verdict}"),
    }]
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(crate::analyze(text).diagnostics().is_empty());
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
