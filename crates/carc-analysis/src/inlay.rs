//! Inlay hints: after each turn without a written expectation what it scored (after an
//! illegal turn, that it is illegal), after a turn that earns a bonus tile (Traders &
//! Builders) whose builder earned it, after a turn whose tile completed cities with goods what
//! the player took (`blue takes grain 1`), after each meeple its feature's value, after `end`
//! each player's final gain (goods awards included) and total. A hint says only what the line
//! does not already say: a turn that writes `=> …` gets none (a wrong one is a
//! `score-mismatch`).

use carc_notation::{LineKind, Span, StatementKind};
use carc_rules::FeatureKind;

use crate::explain;
use crate::replay::{Fact, MeepleValue};
use crate::{Analysis, Code, InlayHint};

/// The inlay hints whose offsets fall inside `range`, in offset order.
pub fn inlay_hints(analysis: &Analysis, range: Span) -> Vec<InlayHint> {
    let statement_end = |line: usize| match &analysis.parse.lines.get(line)?.kind {
        LineKind::Statement(s) => Some(s.span.end),
        _ => None,
    };
    let mut hints = Vec::new();
    for fact in &analysis.replay.facts {
        let hint = match fact {
            Fact::Turn {
                line,
                score,
                faults,
                ..
            } => statement_end(*line)
                .filter(|_| !faults.is_empty() || !writes_expectation(analysis, *line))
                .map(|offset| InlayHint {
                    offset,
                    label: turn_label(&score.features, faults),
                }),
            Fact::BonusEarned {
                line, colour, kind, ..
            } => statement_end(*line).map(|offset| InlayHint {
                offset,
                label: crate::diagnostic::messages::bonus_earned(*colour, *kind),
            }),
            Fact::BonusChained { line, .. } => statement_end(*line).map(|offset| InlayHint {
                offset,
                label: format!(
                    "no further bonus: {}",
                    crate::diagnostic::messages::BONUS_CHAINED
                ),
            }),
            Fact::Meeple {
                line,
                span,
                value,
                id,
            } => Some(InlayHint {
                offset: span.end,
                label: match pig_of(value, *id) {
                    Some(owner) => pig_label(value, owner),
                    None if value.figure_of(*id) == Some(carc_rules::Figure::Builder) => format!(
                        "builder: never scores; extending this {} earns a bonus tile",
                        crate::vocab::kind_word(value.feature().kind)
                    ),
                    None => meeple_label(value, writes_expectation(analysis, *line)),
                },
            }),
            // Traders & Builders: the goods the turn's player took
            Fact::Goods {
                line,
                colour,
                taken,
                ..
            } => statement_end(*line).map(|offset| InlayHint {
                offset,
                label: explain::goods_taken(*colour, *taken),
            }),
            Fact::End {
                line,
                score,
                totals,
            } => statement_end(*line).map(|offset| {
                let gains = explain::score_gains(score);
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

/// Whether the turn on `line` writes its expectation (`=> …`).
fn writes_expectation(analysis: &Analysis, line: usize) -> bool {
    let Some(LineKind::Statement(statement)) = analysis.parse.lines.get(line).map(|l| &l.kind)
    else {
        return false;
    };
    matches!(
        &statement.kind,
        StatementKind::Turn(t) | StatementKind::Bonus(t) if t.expect.is_some()
    )
}

/// `red +4 · city of 2 tiles`, a tie `red +8, blue +8 · city of 3 tiles, 1 shield`, several
/// features joined with `; `, or `scores nothing`; an illegal turn: `illegal (edge-mismatch)`.
fn turn_label(features: &[carc_rules::ScoredFeature], faults: &[Code]) -> String {
    if !faults.is_empty() {
        let codes: Vec<&str> = faults.iter().map(|c| c.as_str()).collect();
        return format!("illegal ({})", codes.join(", "));
    }
    let parts: Vec<String> = features
        .iter()
        .filter(|f| !f.winners.is_empty())
        .map(|f| {
            let who: Vec<String> = f
                .winners
                .iter()
                .map(|c| format!("{} +{}", c.as_str(), f.points_of(*c)))
                .collect();
            let recalled = if explain::recalled(&f.feature) {
                " (abbot recalled)"
            } else {
                ""
            };
            format!(
                "{} · {}{recalled}",
                who.join(", "),
                explain::describe(&f.feature)
            )
        })
        .collect();
    if parts.is_empty() {
        "scores nothing".to_owned()
    } else {
        parts.join("; ")
    }
}

/// The owner of meeple `id` when it is a pig (Traders & Builders) on the feature of `value`.
fn pig_of(value: &MeepleValue, id: carc_rules::MeepleId) -> Option<carc_rules::Color> {
    let MeepleValue::OnBoard(feature) = value else {
        return None;
    };
    feature
        .meeples
        .iter()
        .find(|m| m.id == id && m.figure == carc_rules::Figure::Pig)
        .map(|m| m.colour)
}

/// A pig's field and what the pig adds: `field touching 2 completed cities: the pig's +1 per
/// city: +2 at the end` when its owner leads the field now, else `…: the pig's +1 per city, if
/// red wins the field`.
fn pig_label(value: &MeepleValue, owner: carc_rules::Color) -> String {
    let MeepleValue::OnBoard(feature) = value else {
        return String::new();
    };
    let what = explain::describe(feature);
    if feature.winners.contains(&owner) {
        let bonus = explain::pig_bonus(feature, owner, feature.value_now);
        format!("{what}: the pig's +1 per city: +{bonus} at the end")
    } else {
        format!(
            "{what}: the pig's +1 per city, if {} wins the field",
            owner.as_str()
        )
    }
}

/// `city of 2 tiles: 4 at the end`, or what it scored at once.
/// With `written`, the turn's `=> …` already gives the points: a meeple that scored at once
/// is only said to return.
fn meeple_label(value: &MeepleValue, written: bool) -> String {
    match value {
        MeepleValue::Scored { .. } if written => "returns at once".to_owned(),
        MeepleValue::Scored { points, won, .. } => {
            format!("scored {}, returned", if *won { *points } else { 0 })
        }
        // an open road with an inn, an open city with a cathedral: nothing at the end
        MeepleValue::OnBoard(feature) if feature.inn_cathedral && !feature.complete => format!(
            "{} with {}: 0 at the end if still open",
            explain::describe(feature),
            if feature.kind == FeatureKind::Road {
                "an inn"
            } else {
                "a cathedral"
            }
        ),
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
