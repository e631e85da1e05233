//! The formatter: one canonical layout for a `.carc` file.
//!
//! [`format()`] parses the text and prints every line that parsed from its syntax tree;
//! the meaning never changes and `format(format(x)) == format(x)`.
//!
//! The canonical layout:
//! - A statement starts at the beginning of its line, or two spaces further in per open
//!   `variation … {` block around it; its words are separated by one space.
//! - Lists of single words (`players`, `rules`) are separated by spaces:
//!   `players red blue`. Lists of colour–number pairs (`supply`, `score`, `expect …`, and
//!   `=>` lists) are separated by a comma and a space: `supply red 3, blue 4`,
//!   `=> red +1, blue +2`.
//! - `goods` and `expect goods` keep their goods in the order written, each pair and the
//!   colour separated by one space (commas are dropped): `goods red wine 2 cloth 1`.
//! - A `refused` statement is written `refused CODE, CODE: turn …` (or `…: discard T`): its
//!   codes separated by a comma and a space, the colon right after the last one.
//! - Numbers in `supply`, `score` and `expect` are written `n`; points in `=>` lists are
//!   written `+n`. Coordinates are written as plain integers (`-01,+0` cannot occur; `-0`
//!   becomes `0`).
//! - Words are kept as written where the notation has two spellings of one thing:
//!   `traveller`/`traveler`, and an explicit `r0` stays. Strings are kept exactly as
//!   written, escapes included.
//! - A block is a run of lines that are not empty. Within a block, the `=>` of the lines
//!   that have one are aligned to one column (one space after the longest text before an
//!   `=>`), and the trailing comments of statement lines are aligned to one column (two
//!   spaces after the longest statement that has a trailing comment). A line whose text
//!   before its `=>` (or whose statement, for its comment) is wider than
//!   [`MAX_ALIGN_COLUMN`] characters takes no part in that alignment: one long line would
//!   otherwise pad every line of its block (a 210 KB file became 600 MB).
//! - Indentation stops at [`crate::MAX_VARIATION_DEPTH`] levels (blocks deeper are an error
//!   of the analysis): formatting adds a bounded number of bytes to a line.
//! - A comment on its own line starts where a statement would; its text is kept.
//! - A line that did not parse is kept byte for byte (only its line break may change) and
//!   takes no part in the alignment.
//! - A line whose canonical form (spacing, indentation, alignment) would be longer than
//!   [`MAX_LINE_LEN`] is kept byte for byte too, or formatting would turn it into a
//!   `line too long` error.
//! - A text of more than [`crate::MAX_LINES`] lines is returned unchanged: only its first
//!   lines are read.
//! - Trailing spaces are removed; runs of empty lines become one empty line; empty lines at
//!   the start and end are removed; the text ends with exactly one line break (an empty
//!   or blank text becomes empty).
//! - Line breaks are all CRLF if the first line break of the input is CRLF, else LF: a file
//!   whose lines end with lone CRs (classic Mac OS) is written with LF, which every tool
//!   reads as lines. A UTF-8 byte order mark at the start is kept.

use crate::limits::{MAX_LINE_LEN, MAX_VARIATION_DEPTH};
use crate::lines::newline_of;
use crate::syntax::*;
use crate::SyntaxErrorKind;

/// Lines whose text before `=>` (or whose statement, before a comment) is wider than this
/// many characters are not aligned with the others of their block.
pub const MAX_ALIGN_COLUMN: usize = 100;

/// Formats `text` canonically (see the [module documentation](self)).
pub fn format(text: &str) -> String {
    let parse = crate::parse(text);
    if parse
        .errors
        .last()
        .is_some_and(|e| matches!(e.kind, SyntaxErrorKind::TooManyLines { .. }))
    {
        // Only the first lines were read: a file carc does not read whole is left as it is.
        return text.to_owned();
    }
    let newline = newline_of(text);

    // Lines inside `variation … {` blocks are indented by two spaces per open block.
    let mut depth = 0usize;
    let outs: Vec<Out<'_>> = parse
        .lines
        .iter()
        .map(|line| {
            let kind = match &line.kind {
                LineKind::Statement(statement) => Some(&statement.kind),
                _ => None,
            };
            if matches!(kind, Some(StatementKind::VariationClose)) {
                depth = depth.saturating_sub(1);
            }
            let out = out_line(text, line, depth);
            if matches!(kind, Some(StatementKind::VariationOpen { .. })) {
                depth += 1;
            }
            out
        })
        .collect();

    // Lay out each block of non-empty lines, then join blocks with one empty line.
    let mut blocks: Vec<Vec<String>> = Vec::new();
    let mut block: Vec<&Out<'_>> = Vec::new();
    for out in outs.iter().chain(std::iter::once(&Out::Blank)) {
        if matches!(out, Out::Blank) {
            if !block.is_empty() {
                blocks.push(lay_out_block(&block));
                block.clear();
            }
        } else {
            block.push(out);
        }
    }

    let mut result = String::with_capacity(text.len() + 16);
    // Keep a byte order mark; also add one in front of a first line that starts with
    // U+FEFF, or the next parse would take that character for a byte order mark.
    let first_starts_with_bom = blocks
        .first()
        .and_then(|block| block.first())
        .is_some_and(|line| line.starts_with('\u{feff}'));
    if text.starts_with('\u{feff}') || first_starts_with_bom {
        result.push('\u{feff}');
    }
    for (i, block) in blocks.iter().enumerate() {
        if i > 0 {
            result.push_str(newline);
        }
        for line in block {
            result.push_str(line);
            result.push_str(newline);
        }
    }
    result
}

/// One input line, ready to be laid out.
enum Out<'a> {
    /// Empty or only spaces.
    Blank,
    /// A line that did not parse, kept as is.
    Raw(&'a str),
    /// A comment on its own line, indented.
    Comment(String),
    /// A statement: the text before `=>` (or all of it), the `=> …` part, the comment.
    Code {
        head: String,
        tail: Option<String>,
        comment: Option<&'a str>,
        /// The line as written, kept if the canonical form is too long.
        raw: &'a str,
    },
}

fn out_line<'a>(text: &'a str, line: &Line, depth: usize) -> Out<'a> {
    let indent = "  ".repeat(depth.min(MAX_VARIATION_DEPTH));
    let comment = line
        .comment
        .and_then(|span| span.slice(text))
        .map(str::trim_end);
    let raw = line.span.slice(text).unwrap_or("");
    match &line.kind {
        LineKind::Error => Out::Raw(raw),
        LineKind::Blank => match comment {
            Some(comment) if indent.len() + comment.len() > MAX_LINE_LEN => Out::Raw(raw),
            Some(comment) => Out::Comment(format!("{indent}{comment}")),
            None => Out::Blank,
        },
        LineKind::Statement(statement) => {
            let (head, tail) = print_statement(text, &statement.kind);
            Out::Code {
                head: format!("{indent}{head}"),
                tail,
                comment,
                raw,
            }
        }
    }
}

fn width(s: &str) -> usize {
    s.chars().count()
}

fn lay_out_block(block: &[&Out<'_>]) -> Vec<String> {
    let arrow_column = block
        .iter()
        .filter_map(|out| match out {
            Out::Code {
                head,
                tail: Some(_),
                ..
            } => Some(width(head)).filter(|&w| w <= MAX_ALIGN_COLUMN),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let codes: Vec<Option<String>> = block
        .iter()
        .map(|out| match out {
            Out::Code { head, tail, .. } => Some(match tail {
                Some(tail) => {
                    let pad = arrow_column.saturating_sub(width(head));
                    format!("{head}{:pad$} {tail}", "")
                }
                None => head.clone(),
            }),
            _ => None,
        })
        .collect();
    let comment_column = block
        .iter()
        .zip(&codes)
        .filter_map(|(out, code)| match (out, code) {
            (
                Out::Code {
                    comment: Some(_), ..
                },
                Some(code),
            ) => Some(width(code)).filter(|&w| w <= MAX_ALIGN_COLUMN),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    block
        .iter()
        .zip(codes)
        .map(|(out, code)| match (out, code) {
            (Out::Raw(raw), _) => (*raw).to_string(),
            (Out::Comment(comment), _) => comment.clone(),
            (
                Out::Code {
                    comment: Some(comment),
                    ..
                },
                Some(code),
            ) => {
                let pad = comment_column.saturating_sub(width(&code));
                format!("{code}{:pad$}  {comment}", "")
            }
            (_, Some(code)) => code,
            (_, None) => String::new(),
        })
        .zip(block)
        .map(|(formatted, out)| match out {
            Out::Code { raw, .. } if formatted.len() > MAX_LINE_LEN => (*raw).to_owned(),
            _ => formatted,
        })
        .collect()
}

/// The canonical text of a statement, split before its `=>` part.
fn print_statement(text: &str, kind: &StatementKind) -> (String, Option<String>) {
    let mut words: Vec<String> = Vec::new();
    let mut tail = None;
    match kind {
        StatementKind::Title(s) | StatementKind::Note(s) => {
            let keyword = if matches!(kind, StatementKind::Title(_)) {
                "title"
            } else {
                "note"
            };
            words.push(keyword.into());
            words.push(s.span.slice(text).unwrap_or("\"\"").into());
        }
        StatementKind::Players(colours) => {
            words.push("players".into());
            words.extend(colours.iter().map(|c| c.value.as_str().to_string()));
        }
        StatementKind::Rules(options) => {
            words.push("rules".into());
            words.extend(options.iter().map(|o| o.value.to_string()));
        }
        StatementKind::Tile(tile) => {
            words.push("tile".into());
            push_placement(
                &mut words,
                &tile.tile.value,
                &tile.at,
                tile.rotation.as_ref(),
            );
            for (colour, meeple) in &tile.meeples {
                words.push(colour.value.as_str().into());
                push_meeple(&mut words, meeple);
            }
        }
        StatementKind::Supply(amounts) => {
            words.push("supply".into());
            words.push(print_amounts(amounts, false));
        }
        StatementKind::Score(amounts) => {
            words.push("score".into());
            words.push(print_amounts(amounts, false));
        }
        StatementKind::Turn(turn) => {
            push_turn_move(&mut words, "turn", turn);
            tail = turn.expect.as_ref().map(print_expectation);
        }
        StatementKind::Bonus(turn) => {
            push_turn_move(&mut words, "bonus", turn);
            tail = turn.expect.as_ref().map(print_expectation);
        }
        StatementKind::Goods(goods) => {
            words.push("goods".into());
            push_goods(&mut words, goods);
        }
        StatementKind::ExpectGoods(goods) => {
            words.push("expect goods".into());
            push_goods(&mut words, goods);
        }
        StatementKind::Refused(refused) => {
            words.push("refused".into());
            let codes: Vec<&str> = refused.codes.iter().map(|c| c.value.as_str()).collect();
            words.push(format!("{}:", codes.join(", ")));
            match &refused.refused {
                RefusedMove::Turn(turn) => push_turn_move(&mut words, "turn", turn),
                RefusedMove::Discard { tile } => push_discard(&mut words, tile),
            }
        }
        StatementKind::Discard { tile } => push_discard(&mut words, tile),
        StatementKind::ExpectScore(amounts) => {
            words.push("expect score".into());
            words.push(print_amounts(amounts, false));
        }
        StatementKind::ExpectSupply(amounts) => {
            words.push("expect supply".into());
            words.push(print_amounts(amounts, false));
        }
        StatementKind::End { expect } => {
            words.push("end".into());
            tail = expect.as_ref().map(print_expectation);
        }
        StatementKind::VariationOpen { name } => {
            words.push("variation".into());
            words.push(name.span.slice(text).unwrap_or("\"\"").into());
            words.push("{".into());
        }
        StatementKind::VariationClose => words.push("}".into()),
        StatementKind::Mark { at, label } => {
            words.push("mark".into());
            words.push(format!("{},{}", at.x.value, at.y.value));
            if let Some(label) = label {
                words.push(label.span.slice(text).unwrap_or("\"\"").into());
            }
        }
        StatementKind::Puzzle { goal } => {
            words.push("puzzle".into());
            if let Some(goal) = goal {
                words.push(goal.value.as_str().into());
            }
        }
        StatementKind::Draws(tiles) => {
            words.push("draws".into());
            words.extend(tiles.iter().map(|t| t.value.clone()));
        }
    }
    (words.join(" "), tail)
}

/// `discard T`: a discard statement, or the move of a refused one.
fn push_discard(words: &mut Vec<String>, tile: &Spanned<String>) {
    words.push("discard".into());
    words.push(tile.value.clone());
}

/// `COLOUR [GOOD n]…`: the goods in the order written, separated by spaces.
fn push_goods(words: &mut Vec<String>, goods: &GoodsStmt) {
    words.push(goods.colour.value.as_str().into());
    for g in &goods.goods {
        words.push(g.good.value.as_str().into());
        words.push(g.value.value.to_string());
    }
}

/// `turn COLOUR T x,y [FIGURE [PLACE] | recall] [GLYPH]` (or `bonus …`): a turn without its
/// expectation.
fn push_turn_move(words: &mut Vec<String>, keyword: &str, turn: &TurnStmt) {
    words.push(keyword.into());
    words.push(turn.colour.value.as_str().into());
    push_placement(words, &turn.tile.value, &turn.at, turn.rotation.as_ref());
    if turn.recall.is_some() {
        words.push("recall".into());
    }
    if let Some(meeple) = &turn.meeple {
        push_meeple(words, meeple);
    }
    if let Some(glyph) = &turn.glyph {
        words.push(glyph.value.as_str().into());
    }
}

fn push_placement(
    words: &mut Vec<String>,
    tile: &str,
    at: &Coord,
    rotation: Option<&Spanned<RotationWord>>,
) {
    words.push(tile.to_owned());
    words.push(format!("{},{}", at.x.value, at.y.value));
    if let Some(rotation) = rotation {
        words.push(rotation.value.as_str().into());
    }
}

fn push_meeple(words: &mut Vec<String>, meeple: &MeepleSpec) {
    if let Some(word) = meeple.figure.value.word() {
        words.push(word.into());
    }
    if let Some(role) = meeple.written_role() {
        words.push(role.value.as_str().into());
    }
    if let Some(place) = &meeple.place {
        words.push(place.value.as_str().into());
    }
}

fn print_amounts(amounts: &[Amount], plus: bool) -> String {
    let entries: Vec<String> = amounts
        .iter()
        .map(|a| {
            let sign = if plus { "+" } else { "" };
            format!("{} {sign}{}", a.colour.value.as_str(), a.value.value)
        })
        .collect();
    entries.join(", ")
}

fn print_expectation(expect: &Expectation) -> String {
    match &expect.kind {
        ExpectationKind::Nothing => "=> nothing".into(),
        ExpectationKind::Gains(gains) => format!("=> {}", print_amounts(gains, true)),
    }
}
