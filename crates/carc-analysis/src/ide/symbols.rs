//! The document outline: the setup as one entry, then each turn, discard and `end`.

use carc_notation::{LineKind, Span, StatementKind};

use crate::explain;
use crate::replay::Fact;
use crate::{Analysis, Symbol, SymbolKind};

/// The outline, in file order.
pub fn symbols(analysis: &Analysis) -> Vec<Symbol> {
    let mut out = Vec::new();
    let mut setup: Option<(Span, Span, usize)> = None;
    let mut turns = 0;
    for (index, line) in analysis.parse.lines.iter().enumerate() {
        let LineKind::Statement(statement) = &line.kind else {
            continue;
        };
        let text = |span: Span| span.slice(&analysis.text).unwrap_or("").to_owned();
        match &statement.kind {
            _ if turns == 0 && out.is_empty() && crate::replay::is_setup_kind(&statement.kind) => {
                let entry = setup.get_or_insert((statement.span, statement.keyword, 0));
                entry.0.end = statement.span.end;
                if matches!(statement.kind, StatementKind::Tile(_)) {
                    entry.2 += 1;
                }
            }
            StatementKind::Turn(turn) | StatementKind::Bonus(turn) => {
                flush_setup(&mut setup, &mut out);
                // a bonus part belongs to the turn before: `bonus 3` follows `turn 3`
                let word = match statement.kind {
                    StatementKind::Bonus(_) => "bonus",
                    _ => {
                        turns += 1;
                        "turn"
                    }
                };
                let detail = analysis.replay.facts.iter().find_map(|f| match f {
                    Fact::Turn { line, score, .. } if *line == index => {
                        Some(explain::gains_text(&explain::gains(&score.features)))
                    }
                    _ => None,
                });
                out.push(Symbol {
                    name: format!(
                        "{word} {turns}: {} {} {}",
                        turn.colour.value.as_str(),
                        turn.tile.value,
                        text(turn.at.span)
                    ),
                    detail,
                    kind: SymbolKind::Turn,
                    span: statement.span,
                    selection: statement.keyword,
                });
            }
            StatementKind::Discard { tile } => {
                flush_setup(&mut setup, &mut out);
                out.push(Symbol {
                    name: format!("discard {}", tile.value),
                    detail: None,
                    kind: SymbolKind::Discard,
                    span: statement.span,
                    selection: statement.keyword,
                });
            }
            StatementKind::End { .. } => {
                flush_setup(&mut setup, &mut out);
                let detail = analysis.replay.facts.iter().find_map(|f| match f {
                    Fact::End { line, score, .. } if *line == index => {
                        Some(explain::gains_text(&explain::score_gains(score)))
                    }
                    _ => None,
                });
                out.push(Symbol {
                    name: "end".to_owned(),
                    detail,
                    kind: SymbolKind::End,
                    span: statement.span,
                    selection: statement.keyword,
                });
            }
            _ => {}
        }
    }
    flush_setup(&mut setup, &mut out);
    out
}

fn flush_setup(setup: &mut Option<(Span, Span, usize)>, out: &mut Vec<Symbol>) {
    if let Some((span, selection, tiles)) = setup.take() {
        out.insert(
            0,
            Symbol {
                name: "setup".to_owned(),
                detail: Some(format!("{tiles} tile{}", if tiles == 1 { "" } else { "s" })),
                kind: SymbolKind::Setup,
                span,
                selection,
            },
        );
    }
}
