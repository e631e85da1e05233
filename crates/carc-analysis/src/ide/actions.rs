//! Code actions (quick fixes): turn a mismatching tile to a rotation that fits (keeping the
//! line's `=>` or comment in its column, as the formatter aligned it); replace a
//! wrong expectation with the computed one; replace a misspelt word (keyword, `rules` option,
//! colour, role, rotation, tile token, diagnostic code) with the "did you mean" of its message.

use carc_notation::{LineKind, Span, StatementKind};
use carc_rules::Rotation;

use crate::replay::{replay, Fact};
use crate::{explain, vocab, Analysis, Code, CodeAction, TextEdit};

/// Quick fixes for the diagnostics that overlap `range`.
pub fn code_actions(analysis: &Analysis, range: Span) -> Vec<CodeAction> {
    let mut out = Vec::new();
    let mut seen_lines = Vec::new();
    for diagnostic in analysis.diagnostics() {
        if diagnostic.span.end < range.start || diagnostic.span.start > range.end {
            continue;
        }
        let Some(line) = analysis.line_at(diagnostic.span.start) else {
            continue;
        };
        let actions = match diagnostic.code {
            Code::EdgeMismatch if !seen_lines.contains(&line) => {
                seen_lines.push(line);
                one_edit(rotate(analysis, line))
            }
            Code::ScoreMismatch => one_edit(fix_expectation(analysis, line, diagnostic.span)),
            Code::Syntax | Code::UnknownTile | Code::UnknownCode => {
                one_edit(did_you_mean(analysis, diagnostic.code, diagnostic.span))
            }
            _ => Vec::new(),
        };
        out.extend(actions.into_iter().map(|(title, edits)| CodeAction {
            title,
            fixes: Some((diagnostic.code, diagnostic.span)),
            edits,
        }));
    }
    out
}

/// Actions of one edit each, as actions of a list of edits.
fn one_edit(actions: Vec<(String, TextEdit)>) -> Vec<(String, Vec<TextEdit>)> {
    actions
        .into_iter()
        .map(|(title, edit)| (title, vec![edit]))
        .collect()
}

/// One action per word the diagnostic's message suggests (the same function gives both:
/// `carc_notation::suggest` through the syntax error, the catalogue or the code table).
fn did_you_mean(analysis: &Analysis, code: Code, span: Span) -> Vec<(String, TextEdit)> {
    let words: Vec<&str> = match code {
        Code::Syntax => analysis
            .parse
            .errors
            .iter()
            .find(|e| e.span == span)
            .map(|e| e.suggestions())
            .unwrap_or_default(),
        Code::UnknownTile => span
            .slice(analysis.text())
            .map(|token| {
                vocab::tile_suggestions(token)
                    .into_iter()
                    .map(carc_rules::TileType::token)
                    .collect()
            })
            .unwrap_or_default(),
        Code::UnknownCode => span
            .slice(analysis.text())
            .map(|word| {
                Code::suggestions(word)
                    .into_iter()
                    .map(Code::as_str)
                    .collect()
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    words
        .into_iter()
        .map(|word| {
            (
                format!("Change to `{word}`"),
                TextEdit {
                    span,
                    new_text: word.to_owned(),
                },
            )
        })
        .collect()
}

/// One action per rotation under which the line's tile matches every neighbour (and, under
/// `rules river`, makes no U-turn).
fn rotate(analysis: &Analysis, line: usize) -> Vec<(String, TextEdit)> {
    let LineKind::Statement(statement) = &analysis.parse.lines[line].kind else {
        return Vec::new();
    };
    let (letter, at, written, expect) = match &statement.kind {
        StatementKind::Tile(t) => (&t.tile.value, &t.at, t.rotation.as_ref(), None),
        StatementKind::Turn(t) | StatementKind::Bonus(t) => (
            &t.tile.value,
            &t.at,
            t.rotation.as_ref(),
            t.expect.as_ref().map(|e| e.span),
        ),
        _ => return Vec::new(),
    };
    // What the formatter aligns after the rotation: the `=>`, else the trailing comment.
    let aligned = expect
        .map(|e| e.start)
        .or(analysis.parse.lines[line].comment.map(|c| c.start));
    let Some(tile) = carc_rules::TileType::from_token(letter) else {
        return Vec::new();
    };
    let before = replay(&analysis.parse, line.checked_sub(1), Some(line));
    let pos = vocab::pos(at);
    Rotation::ALL
        .into_iter()
        .filter(|r| match before.game.check_placement(tile, pos, *r) {
            Ok(()) => true,
            Err(e) => e.mismatches.is_empty() && !e.occupied,
        })
        // under `rules river`, a rotation that turns the river back on itself is no fix
        .filter(|r| !crate::moves::makes_u_turn(&before, tile, pos, *r))
        .map(|r| {
            let word = vocab::rotation_word(r);
            let edit = match written {
                Some(w) => TextEdit {
                    span: w.span,
                    new_text: word.to_owned(),
                },
                None => TextEdit {
                    span: Span::new(at.span.end, at.span.end),
                    new_text: format!(" {word}"),
                },
            };
            (
                format!("Turn the tile to {word} (every side matches)"),
                keep_column(analysis.text(), edit, aligned),
            )
        })
        .collect()
}

/// `edit` of a rotation, extended over the rest of the line up to `aligned` (an `=>` or a
/// comment the formatter aligned to a column) so that the padding before it shrinks or grows
/// by what the rotation word grew or shrank: the column stays, as the formatter would write
/// the line. Unchanged when nothing is aligned or the padding is too short to give up (the
/// line then keeps one space).
fn keep_column(text: &str, edit: TextEdit, aligned: Option<usize>) -> TextEdit {
    let Some((aligned, between)) = aligned.and_then(|a| Some((a, text.get(edit.span.end..a)?)))
    else {
        return edit;
    };
    let grown = edit.new_text.len() as isize - (edit.span.end - edit.span.start) as isize;
    let words = between.trim_end_matches(' ');
    let padding = between.len() - words.len();
    let wanted = (padding as isize - grown).max(1) as usize;
    if padding == 0 || wanted == padding {
        return edit;
    }
    TextEdit {
        span: Span::new(edit.span.start, aligned),
        new_text: format!("{}{words}{}", edit.new_text, " ".repeat(wanted)),
    }
}

/// Replaces a wrong `=>` list or `expect` amount with what the replay computed.
fn fix_expectation(analysis: &Analysis, line: usize, span: Span) -> Vec<(String, TextEdit)> {
    let LineKind::Statement(statement) = &analysis.parse.lines[line].kind else {
        return Vec::new();
    };
    match &statement.kind {
        StatementKind::Turn(_) | StatementKind::Bonus(_) | StatementKind::End { .. } => {
            let gains = analysis.replay.facts.iter().find_map(|f| match f {
                Fact::Turn { line: l, score, .. } if *l == line => {
                    Some(explain::gains(&score.features))
                }
                Fact::End { line: l, score, .. } if *l == line => Some(explain::score_gains(score)),
                _ => None,
            });
            let Some(gains) = gains else {
                return Vec::new();
            };
            let new_text = format!("=> {}", explain::gains_text(&gains));
            vec![(
                format!("Expect what this scores: {new_text}"),
                TextEdit { span, new_text },
            )]
        }
        StatementKind::ExpectScore(list) | StatementKind::ExpectSupply(list) => {
            let Some(amount) = list.iter().find(|a| a.span == span) else {
                return Vec::new();
            };
            let state = replay(&analysis.parse, Some(line), None);
            let colour = amount.colour.value;
            let actual = match statement.kind {
                StatementKind::ExpectScore(_) => state.game.score(colour),
                _ => i64::from(state.game.supply(colour)),
            };
            vec![(
                format!("Expect {} {actual}", colour.as_str()),
                TextEdit {
                    span: amount.value.span,
                    new_text: actual.to_string(),
                },
            )]
        }
        // Traders & Builders: the goods count the player holds there
        StatementKind::ExpectGoods(goods) => {
            let Some(amount) = goods.goods.iter().find(|a| a.span == span) else {
                return Vec::new();
            };
            let state = replay(&analysis.parse, Some(line), None);
            let good = amount.good.value;
            let actual = state.game.goods(goods.colour.value).get(good);
            vec![(
                format!("Expect {} {good} {actual}", goods.colour.value.as_str()),
                TextEdit {
                    span: amount.value.span,
                    new_text: actual.to_string(),
                },
            )]
        }
        _ => Vec::new(),
    }
}
