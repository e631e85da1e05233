//! Inlay hints: after each turn what it scored, after each meeple its feature's value, after
//! `end` each player's final gain and total.

use carc_notation::{LineKind, Span};

use crate::explain;
use crate::replay::{Fact, MeepleValue};
use crate::{Analysis, InlayHint};

/// The inlay hints whose offsets fall inside `range`, in offset order.
pub fn inlay_hints(analysis: &Analysis, range: Span) -> Vec<InlayHint> {
    let statement_end = |line: usize| match &analysis.parse.lines.get(line)?.kind {
        LineKind::Statement(s) => Some(s.span.end),
        _ => None,
    };
    let mut hints = Vec::new();
    for fact in &analysis.replay.facts {
        let hint = match fact {
            Fact::Turn { line, score, .. } => statement_end(*line).map(|offset| InlayHint {
                offset,
                label: turn_label(&score.features),
            }),
            Fact::Meeple { span, value, .. } => Some(InlayHint {
                offset: span.end,
                label: meeple_label(value),
            }),
            Fact::End {
                line,
                score,
                totals,
            } => statement_end(*line).map(|offset| {
                let gains = explain::gains(&score.features);
                let parts: Vec<String> = totals
                    .iter()
                    .map(|(c, total)| {
                        let gain = gains.iter().find(|(g, _)| g == c).map_or(0, |g| g.1);
                        format!("{} +{gain} = {total}", c.as_str())
                    })
                    .collect();
                InlayHint {
                    offset,
                    label: parts.join(" · "),
                }
            }),
        };
        if let Some(hint) = hint.filter(|h| range.start <= h.offset && h.offset <= range.end) {
            hints.push(hint);
        }
    }
    hints.sort_by_key(|h| h.offset);
    hints
}

/// `+4 red · city of 2 tiles`, several features joined with `; `, or `+0`.
fn turn_label(features: &[carc_rules::ScoredFeature]) -> String {
    let parts: Vec<String> = features
        .iter()
        .filter(|f| !f.winners.is_empty())
        .map(|f| {
            let who: Vec<&str> = f.winners.iter().map(|c| c.as_str()).collect();
            format!(
                "+{} {} · {}",
                f.points,
                who.join(" "),
                explain::describe(&f.feature)
            )
        })
        .collect();
    if parts.is_empty() {
        "+0".to_owned()
    } else {
        parts.join("; ")
    }
}

/// `city of 2 tiles: 4 at the end`, or what it scored at once.
fn meeple_label(value: &MeepleValue) -> String {
    match value {
        MeepleValue::Scored { points, won, .. } => {
            format!("scored {}, returned", if *won { *points } else { 0 })
        }
        MeepleValue::OnBoard(feature) => format!(
            "{}: {} {}",
            explain::describe(feature),
            feature.value_now,
            if feature.complete {
                "now"
            } else {
                "at the end"
            }
        ),
    }
}
