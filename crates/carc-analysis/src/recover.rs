//! Help on lines that do not parse, where the text says more than the grammar's error: a
//! glyph written before the meeple (hint: it goes after), a `variation` whose name is not
//! quoted (still opens a block, so its `}` is not a second error), and a `tile`, `turn` or
//! `bonus` line whose words before the broken one still say the tile, its cell and rotation,
//! or whose turn it is (replayed, so that one mistake gives one diagnostic).

use carc_notation::{LineKind, Parse, Span, Spanned, Statement, StatementKind, SyntaxError};

/// The glyphs of the notation, as written.
const GLYPHS: [&str; 6] = ["!!", "!", "!?", "?!", "?", "??"];

/// The message of a syntax error, with a hint where the line shows a known slip.
pub(crate) fn syntax_message(text: &str, parse: &Parse, error: &SyntaxError) -> String {
    let message = error.message();
    // Lines are in text order: a binary search, or 100,000 bad lines take minutes.
    let index = parse
        .lines
        .partition_point(|l| l.span.start <= error.span.start);
    let Some(line) = index
        .checked_sub(1)
        .and_then(|i| parse.lines.get(i))
        .filter(|l| error.span.start <= l.span.end)
    else {
        return message;
    };
    let end = line.comment.map_or(line.span.end, |c| c.start);
    let (Some(statement), Some(before)) = (
        text.get(line.span.start..end),
        text.get(line.span.start..error.span.start),
    ) else {
        return message;
    };
    let words: Vec<&str> = statement.split_whitespace().collect();
    let glyph_before = before
        .split_whitespace()
        .last()
        .filter(|w| GLYPHS.contains(w));
    match (words.first(), glyph_before) {
        (Some(&"turn"), Some(glyph)) => {
            let mut fixed: Vec<&str> = words.iter().copied().filter(|w| w != &glyph).collect();
            let at = fixed.iter().position(|w| *w == "=>").unwrap_or(fixed.len());
            fixed.insert(at, glyph);
            format!(
                "{message}: a glyph goes after the meeple (and before `=>`): `{}`",
                fixed.join(" ")
            )
        }
        _ => match slip_hint(&words, text.get(error.span.start..end).unwrap_or("")) {
            Some(hint) => format!("{message}: {hint}"),
            None => message,
        },
    }
}

/// A hint for a line that shows a known slip at the word `found` where it failed: a refused
/// `bonus` part, or a second colour on a `goods` or `expect goods` line.
fn slip_hint(words: &[&str], found: &str) -> Option<&'static str> {
    let found = found.split([' ', '\t', ',']).next().unwrap_or(found);
    match words {
        ["refused", ..] if found == "bonus" => Some(
            "only a `turn` or a `discard` can be written as a refused move, not a `bonus` part \
             (a bonus that is not earned is `bonus-not-earned`; say so in a comment)",
        ),
        ["goods", ..] | ["expect", "goods", ..]
            if carc_rules::Color::from_word(found).is_some() =>
        {
            Some("one colour per line: write this colour's goods on a line of their own")
        }
        _ => None,
    }
}

/// Reads each line that failed only for want of quotes around a variation's name
/// (`variation close it {`) as the `variation "close it" {` it was meant to be, so that the
/// block is replayed as a variation and its `}` closes it. The syntax error stays reported.
pub(crate) fn variation_opens(text: &str, parse: &mut Parse) {
    for line in &mut parse.lines {
        if line.kind != LineKind::Error {
            continue;
        }
        let end = line.comment.map_or(line.span.end, |c| c.start);
        let Some(content) = text.get(line.span.start..end) else {
            continue;
        };
        let trimmed = content.trim_start();
        let start = line.span.start + (content.len() - trimmed.len());
        let trimmed = trimmed.trim_end();
        let Some(name) = trimmed
            .strip_prefix("variation")
            .filter(|rest| rest.starts_with([' ', '\t']))
            .and_then(|rest| rest.strip_suffix('{'))
            .map(str::trim)
            .filter(|name| !name.is_empty() && !name.contains(['"', '{', '}']))
        else {
            continue;
        };
        let name_start = start + trimmed.find(name).unwrap_or(0);
        line.kind = LineKind::Statement(Box::new(Statement {
            span: Span::new(start, start + trimmed.len()),
            keyword: Span::new(start, start + "variation".len()),
            kind: StatementKind::VariationOpen {
                name: Spanned {
                    value: name.to_owned(),
                    span: Span::new(name_start, name_start + name.len()),
                },
            },
        }));
    }
}

/// Reads each `tile`, `turn` or `bonus` line that does not parse as what its words before
/// the broken one clearly say ([`carc_notation::recover_line`]): the tile stays on its cell,
/// and a broken turn still counts as its player's turn. The syntax error stays the line's
/// report; the spans of the lines read this way are returned, so that the replay's
/// diagnostics on them (a fault of what was cut away) are not reported a second time.
pub(crate) fn partial_lines(text: &str, parse: &mut Parse) -> Vec<Span> {
    let mut recovered = Vec::new();
    // The errors are in line order: walked along with the lines, not searched per line (a
    // search per line made 100,000 broken lines quadratic).
    let mut errors = parse.errors.iter().peekable();
    for line in &mut parse.lines {
        if line.kind != LineKind::Error {
            continue;
        }
        while errors.next_if(|e| e.span.start < line.span.start).is_some() {}
        let Some(error) = errors.next_if(|e| e.span.start <= line.span.end) else {
            continue;
        };
        let end = line.comment.map_or(line.span.end, |c| c.start);
        let Some(content) = text.get(line.span.start..end) else {
            continue;
        };
        if let Some(statement) = carc_notation::recover_line(content, line.span.start, error) {
            line.kind = LineKind::Statement(Box::new(statement));
            recovered.push(line.span);
        }
    }
    recovered
}
