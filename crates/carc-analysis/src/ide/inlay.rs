//! Inlay hints: after each turn without a written expectation what it scored (after an
//! illegal turn, that it is illegal), after a turn that earns a bonus tile (Traders &
//! Builders) whose builder earned it, after a turn whose tile completed cities with goods what
//! the player took (`blue takes grain 1`), after each meeple its feature's value, after `end`
//! each player's final gain (goods awards included) and total. A hint says only what the line
//! does not already say: a turn that writes `=> …` gets none (a wrong one is a
//! `score-mismatch`).
//!
//! A label is short (at most [`HINT_LABEL_LIMIT`] characters: the number and the noun,
//! `farmer: 0 now`), because editors cut long hints (VS Code shows 43 characters); the whole
//! sentence is the hint's tooltip, and hover says it too.

use carc_notation::{LineKind, Span, StatementKind};
use carc_rules::{Color, FeatureKind, FeatureSummary, Role};

use crate::explain;
use crate::replay::{Fact, MeepleValue};
use crate::{Analysis, Code, InlayHint};

/// The most characters an inlay hint's label has (VS Code cuts a hint after 43).
pub const HINT_LABEL_LIMIT: usize = 30;

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
                .map(|offset| {
                    let (label, tooltip) = turn_label(score, faults);
                    hint(offset, label, tooltip)
                }),
            Fact::BonusEarned {
                line, colour, kind, ..
            } => statement_end(*line).map(|offset| {
                hint(
                    offset,
                    fit([format!("bonus tile: {}'s builder", colour.as_str())]),
                    crate::diagnostic::messages::bonus_earned(*colour, *kind),
                )
            }),
            Fact::BonusChained { line, .. } => statement_end(*line).map(|offset| {
                hint(
                    offset,
                    "no further bonus".to_owned(),
                    format!(
                        "no further bonus: {}",
                        crate::diagnostic::messages::BONUS_CHAINED
                    ),
                )
            }),
            Fact::Meeple {
                line,
                span,
                value,
                id,
            } => {
                let (label, tooltip) = match pig_of(value, *id) {
                    Some(owner) => pig_label(value, owner),
                    None if value.figure_of(*id) == Some(carc_rules::Figure::Builder) => (
                        "builder: for a bonus tile".to_owned(),
                        format!(
                            "builder: never scores; extending this {} earns a bonus tile",
                            crate::vocab::kind_word(value.feature().kind)
                        ),
                    ),
                    None => meeple_label(value, *id, writes_expectation(analysis, *line)),
                };
                Some(hint(span.end, label, tooltip))
            }
            // Traders & Builders: the goods the turn's player took
            Fact::Goods {
                line,
                colour,
                taken,
                ..
            } => statement_end(*line).map(|offset| {
                let sentence = explain::goods_taken(*colour, *taken);
                let count: u32 = taken.nonzero().map(|(_, n)| n).sum();
                let label = fit([
                    sentence.clone(),
                    format!("{} takes {count} goods", colour.as_str()),
                ]);
                hint(
                    offset,
                    label,
                    format!("{sentence}: the goods of the cities this tile completed"),
                )
            }),
            Fact::End {
                line,
                score,
                totals,
            } => statement_end(*line).map(|offset| {
                let (label, tooltip) = end_label(&explain::score_gains(score), totals);
                hint(offset, label, tooltip)
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

/// A hint with its short label and its sentence.
fn hint(offset: usize, label: String, tooltip: String) -> InlayHint {
    InlayHint {
        offset,
        label,
        tooltip,
    }
}

/// The first of `candidates` (most to least informative) that fits [`HINT_LABEL_LIMIT`];
/// when none does, the last one cut to the limit with `…`.
fn fit<const N: usize>(candidates: [String; N]) -> String {
    let mut last = String::new();
    for candidate in candidates {
        if candidate.chars().count() <= HINT_LABEL_LIMIT {
            return candidate;
        }
        last = candidate;
    }
    let mut cut: String = last.chars().take(HINT_LABEL_LIMIT - 1).collect();
    cut.push('…');
    cut
}

/// A turn's hint: `red +4 · city`, `red +8 · road with inn`, a tie `red +8, blue +8 · city`,
/// several features `red +6 · city, road`, or `scores nothing`; an illegal turn:
/// `illegal: edge-mismatch` (each code once; `+1` for each further code). The tooltip is the
/// whole sentence: each scored feature with its formula (`4 × 2 (inn)`).
fn turn_label(score: &carc_rules::TurnScore, faults: &[Code]) -> (String, String) {
    if let [first, rest @ ..] = faults {
        let codes: Vec<&str> = faults.iter().map(|c| c.as_str()).collect();
        let label = if rest.is_empty() {
            format!("illegal: {}", first.as_str())
        } else {
            format!("illegal: {} +{}", first.as_str(), rest.len())
        };
        return (
            fit([label, "illegal turn".to_owned()]),
            format!(
                "illegal ({}): the engine refuses this turn, so it scores nothing; the error on \
                 this line says why",
                codes.join(", ")
            ),
        );
    }
    let scored: Vec<&carc_rules::ScoredFeature> = score
        .features
        .iter()
        .filter(|f| !f.winners.is_empty())
        .collect();
    if scored.is_empty() {
        return ("scores nothing".to_owned(), explain::turn_breakdown(score));
    }
    let who = |f: &carc_rules::ScoredFeature| -> String {
        let who: Vec<String> = f
            .winners
            .iter()
            .map(|c| format!("{} +{}", c.as_str(), f.points_of(*c)))
            .collect();
        who.join(", ")
    };
    let each: Vec<String> = scored
        .iter()
        .map(|f| format!("{} · {}", who(f), feature_noun(&f.feature)))
        .collect();
    let gains = explain::gains(&score.features);
    let mut nouns: Vec<&str> = Vec::new();
    for f in &scored {
        let noun = crate::vocab::kind_word(f.feature.kind);
        if !nouns.contains(&noun) {
            nouns.push(noun);
        }
    }
    let total = explain::gains_text(&gains);
    let label = fit([
        each.join("; "),
        format!("{total} · {}", nouns.join(", ")),
        total.clone(),
        format!("{} players score", gains.len()),
    ]);
    (label, explain::turn_breakdown(score))
}

/// What scored, in a word or three: `city`, `road with inn`, `city with cathedral`,
/// `abbot recalled` (a monastery or garden scored before it is complete).
fn feature_noun(feature: &FeatureSummary) -> String {
    let kind = crate::vocab::kind_word(feature.kind);
    match (feature.inn_cathedral, feature.kind) {
        (true, FeatureKind::Road) => format!("{kind} with inn"),
        (true, FeatureKind::City) => format!("{kind} with cathedral"),
        _ if explain::recalled(feature) => "abbot recalled".to_owned(),
        _ if feature.garden => "garden".to_owned(),
        _ => kind.to_owned(),
    }
}

/// The `end` hint: `final: red 4 (+0), blue 3 (+3)` (each player's total and what final
/// scoring added), or shorter `final: red 4, blue 3`, or only who leads; the tooltip in
/// words: `final scoring: red +0, total 4; blue +3, total 3`.
fn end_label(gains: &[(Color, i64)], totals: &[(Color, i64)]) -> (String, String) {
    let gain = |c: Color| gains.iter().find(|(g, _)| *g == c).map_or(0, |g| g.1);
    let with_gains: Vec<String> = totals
        .iter()
        .map(|(c, total)| format!("{} {total} (+{})", c.as_str(), gain(*c)))
        .collect();
    let plain: Vec<String> = totals
        .iter()
        .map(|(c, total)| format!("{} {total}", c.as_str()))
        .collect();
    let best = totals.iter().map(|(_, t)| *t).max().unwrap_or(0);
    let leaders: Vec<&str> = totals
        .iter()
        .filter(|(_, t)| *t == best)
        .map(|(c, _)| c.as_str())
        .collect();
    let label = fit([
        format!("final: {}", with_gains.join(", ")),
        format!("final: {}", plain.join(", ")),
        format!("most: {} {best}", leaders.join(", ")),
    ]);
    let sentence: Vec<String> = totals
        .iter()
        .map(|(c, total)| format!("{} +{}, total {total}", c.as_str(), gain(*c)))
        .collect();
    (label, format!("final scoring: {}", sentence.join("; ")))
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

/// A pig's hint: `pig: +2 at the end` when its owner leads the field now, else
/// `pig: +1 per city if red wins`; the tooltip names the field: `field touching 2 completed
/// cities: the pig's +1 per city: +2 at the end`.
fn pig_label(value: &MeepleValue, owner: carc_rules::Color) -> (String, String) {
    let MeepleValue::OnBoard(feature) = value else {
        return (String::new(), String::new());
    };
    let what = explain::describe(feature);
    if feature.winners.contains(&owner) {
        let bonus = explain::pig_bonus(feature, owner, feature.value_now);
        (
            fit([format!("pig: +{bonus} at the end")]),
            format!("{what}: the pig's +1 per city: +{bonus} at the end"),
        )
    } else {
        let c = owner.as_str();
        (
            fit([
                format!("pig: +1 per city if {c} wins"),
                format!("pig: +1/city if {c} wins"),
            ]),
            format!("{what}: the pig's +1 per city, if {c} wins the field"),
        )
    }
}

/// A meeple's hint: `farmer: 0 now`, `knight: 4 now` (what its feature is worth as the board
/// stands), `traveller: 0 if left open` (an inn or cathedral), or what it scored at once;
/// the tooltip is the sentence: `city of 2 tiles: 4 at the end`. With `written`, the turn's
/// `=> …` already gives the points: a meeple that scored at once is only said to return.
fn meeple_label(value: &MeepleValue, id: carc_rules::MeepleId, written: bool) -> (String, String) {
    let feature = value.feature();
    let figure = feature
        .meeples
        .iter()
        .find(|m| m.id == id)
        .map(|m| crate::vocab::figure_role_word(m.figure, m.role))
        .or_else(|| {
            Role::ALL
                .into_iter()
                .find(|r| r.kind() == feature.kind)
                .map(crate::vocab::role_word)
        })
        .unwrap_or("meeple");
    match value {
        MeepleValue::Scored {
            feature,
            points,
            won,
            ..
        } => {
            let points = if *won { *points } else { 0 };
            let label = if written {
                "returns at once".to_owned()
            } else {
                format!("scored {points}, returned")
            };
            (
                label,
                format!(
                    "{}: scored at once, +{points}; the {figure} returns to its owner",
                    explain::describe(feature)
                ),
            )
        }
        // an open road with an inn, an open city with a cathedral: nothing at the end
        MeepleValue::OnBoard(feature) if feature.inn_cathedral && !feature.complete => (
            fit([
                format!("{figure}: 0 if left open"),
                format!("{figure}: 0 if open"),
            ]),
            format!(
                "{} with {}: 0 at the end if still open",
                explain::describe(feature),
                if feature.kind == FeatureKind::Road {
                    "an inn"
                } else {
                    "a cathedral"
                }
            ),
        ),
        MeepleValue::OnBoard(feature) => (
            fit([format!("{figure}: {} now", feature.value_now)]),
            format!(
                "{}: {} {}",
                explain::describe(feature),
                feature.value_now,
                if feature.complete {
                    "now"
                } else {
                    "at the end"
                }
            ),
        ),
    }
}
