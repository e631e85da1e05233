//! A fast path for the lines that make up most of a game: `turn` and `bonus` (without glyph
//! or `=>`), `tile`, `discard`, a bare `end`, blank and comment-only lines. It recognises a line only
//! when every word is exactly a token the grammar would take there, and then builds the very
//! tree the pest grammar would; anything else (strings, commas, non-ASCII text before a
//! comment, an unexpected or missing word, a number out of range) returns `None`, and the line
//! goes to the grammar, which also reports any error. Running the grammar costs about 15,000
//! instructions per line (pest's tracking, stack probes and allocations); this costs a few
//! hundred. A test compares both on every line of the repository's files and on random lines.

use crate::syntax::*;
use carc_rules::Color;

/// At most this many words on a line taken by the fast path.
const MAX_WORDS: usize = 16;

/// The line `line` (starting at byte `base` of the text), if it is one the fast path knows.
pub(crate) fn line(line: &str, base: usize) -> Option<Line> {
    if line.len() > crate::MAX_LINE_LEN {
        return None;
    }
    let bytes = line.as_bytes();
    let code_end = bytes.iter().position(|&b| b == b'#').unwrap_or(bytes.len());
    let code = &bytes[..code_end];
    if code.iter().any(|&b| b == b'"' || !b.is_ascii()) {
        return None;
    }
    let comment = (code_end < bytes.len()).then(|| Span::new(base + code_end, base + line.len()));
    let mut words = [(0usize, 0usize); MAX_WORDS];
    let mut n = 0;
    let mut i = 0;
    while i < code.len() {
        if is_space(code[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < code.len() && !is_space(code[i]) {
            i += 1;
        }
        *words.get_mut(n)? = (start, i);
        n += 1;
    }
    let span = Span::new(base, base + line.len());
    if n == 0 {
        return Some(Line {
            span,
            kind: LineKind::Blank,
            comment,
        });
    }
    let mut w = Words {
        line,
        base,
        words: &words[..n],
        next: 0,
    };
    let keyword = w.word(Some)?;
    let kind = match keyword.value {
        "turn" | "bonus" => {
            let colour = w.word(Color::from_word)?;
            let tile = w.word(tile)?;
            let at = w.coord()?;
            let rotation = w.word(RotationWord::from_word);
            let recall = w.word(|x| (x == "recall").then_some(())).map(|r| r.span);
            // a deployment and `recall` on one line is the grammar's syntax error to report
            let meeple = if recall.is_some() { None } else { w.meeple() };
            let turn = TurnStmt {
                colour,
                tile,
                at,
                rotation,
                meeple,
                recall,
                glyph: None,
                expect: None,
            };
            if keyword.value == "bonus" {
                StatementKind::Bonus(turn)
            } else {
                StatementKind::Turn(turn)
            }
        }
        "tile" => {
            let tile = w.word(tile)?;
            let at = w.coord()?;
            let rotation = w.word(RotationWord::from_word);
            let mut meeples = Vec::new();
            while let Some(colour) = w.word(Color::from_word) {
                meeples.push((colour, w.meeple()?));
            }
            StatementKind::Tile(TileStmt {
                tile,
                at,
                rotation,
                meeples,
            })
        }
        "discard" => StatementKind::Discard {
            tile: w.word(tile)?,
        },
        "end" => StatementKind::End { expect: None },
        _ => return None,
    };
    if w.next != n {
        return None;
    }
    let statement = Statement {
        span: Span::new(base + words[0].0, base + words[n - 1].1),
        keyword: keyword.span,
        kind,
    };
    Some(Line {
        span,
        kind: LineKind::Statement(Box::new(statement)),
        comment,
    })
}

fn is_space(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The words of a line, taken in order.
struct Words<'a> {
    line: &'a str,
    base: usize,
    words: &'a [(usize, usize)],
    next: usize,
}

impl<'a> Words<'a> {
    /// The next word, if `read` takes it.
    fn word<T>(&mut self, read: impl FnOnce(&'a str) -> Option<T>) -> Option<Spanned<T>> {
        let &(start, end) = self.words.get(self.next)?;
        let value = read(self.line.get(start..end)?)?;
        self.next += 1;
        Some(Spanned {
            value,
            span: Span::new(self.base + start, self.base + end),
        })
    }

    /// `x,y`: two optionally negative integers that fit an `i32`.
    fn coord(&mut self) -> Option<Coord> {
        let text = self.word(|w| w.split_once(',').map(|_| w))?;
        let (x_text, y_text) = text.value.split_once(',')?;
        let x_span = Span::new(text.span.start, text.span.start + x_text.len());
        let y_span = Span::new(x_span.end + 1, text.span.end);
        Some(Coord {
            x: Spanned {
                value: integer(x_text)?,
                span: x_span,
            },
            y: Spanned {
                value: integer(y_text)?,
                span: y_span,
            },
            span: text.span,
        })
    }

    /// `[large] ROLE [PLACE]`, `abbot`, `builder PLACE` or `pig PLACE`.
    fn meeple(&mut self) -> Option<MeepleSpec> {
        if let Some(abbot) = self.word(|w| (w == "abbot").then_some(())) {
            return Some(MeepleSpec::abbot(abbot.span));
        }
        let figure = |w: &str| {
            FigureWord::from_word(w).filter(|f| matches!(f, FigureWord::Builder | FigureWord::Pig))
        };
        if let Some(figure) = self.word(figure) {
            let Some(place) = self.word(PlaceWord::from_word) else {
                // without its place, the line is the grammar's to report: leave the word
                self.next -= 1;
                return None;
            };
            return Some(MeepleSpec::with_place(figure.value, figure.span, place));
        }
        let start = self.next;
        let large = self.word(|w| (w == "large").then_some(())).map(|l| l.span);
        let Some(role) = self.word(RoleWord::from_word) else {
            // `large` without its role is the grammar's to report: leave the word
            self.next = start;
            return None;
        };
        let place = self.word(PlaceWord::from_word);
        Some(MeepleSpec::meeple(large, role, place))
    }
}

/// `-?[0-9]+` within the range of `i32` (the grammar's `coord` part; out of range is the
/// grammar's error to report).
fn integer(text: &str) -> Option<i32> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A tile token: `[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)?` (the grammar's `tile`).
fn tile(word: &str) -> Option<String> {
    is_tile_token(word).then(|| word.to_owned())
}

/// Whether `word` has the shape of a tile token (grammar rule `tile`).
fn is_tile_token(word: &str) -> bool {
    let (name, set) = match word.split_once('.') {
        Some((set, name)) => (name, Some(set)),
        None => (word, None),
    };
    let alnum = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_alphanumeric());
    let head = set.unwrap_or(name);
    head.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
        && alnum(head)
        && (set.is_none() || alnum(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse_line;

    /// The fast path, where it takes a line, agrees with the grammar.
    fn agrees(text: &str, base: usize) -> bool {
        match line(text, base) {
            Some(fast) => {
                assert_eq!((fast, None), parse_line(text, base), "{text:?}");
                true
            }
            None => false,
        }
    }

    #[test]
    fn agrees_with_the_grammar_on_every_line_of_the_repository() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
        let mut stack = vec![std::path::PathBuf::from(root)];
        let (mut lines, mut fast) = (0, 0);
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                let name = entry.file_name();
                // not `.git`, `target` nor other build or tool folders; `tests` yes
                let name = name.to_string_lossy();
                if path.is_dir() && (name == "tests" || !name.starts_with(['.', 't'])) {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "carc") {
                    let text = std::fs::read_to_string(&path).unwrap_or_default();
                    for span in crate::lines::line_spans(&text) {
                        lines += 1;
                        fast += usize::from(agrees(&text[span.start..span.end], span.start));
                    }
                }
            }
        }
        eprintln!("the fast path took {fast} of {lines} lines");
        assert!(lines > 100 && fast > 50, "{fast} of {lines} lines");
    }

    /// `large` without a role ends no line the fast path takes: it used to read the word and
    /// then take the line as a turn without a figure, where the grammar reports a syntax error
    /// (found by the `fast_parse` fuzz target: `turn red U -1,0 r90 large`).
    #[test]
    fn large_without_a_role_is_the_grammars() {
        for text in [
            "turn red U -1,0 r90 large",
            "bonus red U -1,0 large",
            "tile U 0,0 red large",
            "tile U 0,0 red large blue knight",
        ] {
            assert_eq!(line(text, 0), None, "{text:?}");
            let (grammar, error) = parse_line(text, 0);
            assert_eq!(grammar.kind, LineKind::Error, "{text:?}");
            assert!(error.is_some(), "{text:?}");
        }
        // with its role the fast path still takes it
        assert!(agrees("turn red U -1,0 r90 large traveller", 0));
    }

    /// A figure after `recall` is the grammar's syntax error (a deployment and a recall on one
    /// line); the fast path took `turn red U 0,0 recall knight` as a turn with both (found
    /// while fixing the one above).
    #[test]
    fn a_figure_after_recall_is_the_grammars() {
        for text in [
            "turn red U 0,0 recall knight",
            "bonus red U 0,0 r90 recall large traveller E",
            "turn red U 0,0 recall abbot",
            "turn red U 0,0 recall pig NE",
        ] {
            assert_eq!(line(text, 0), None, "{text:?}");
            assert_eq!(parse_line(text, 0).0.kind, LineKind::Error, "{text:?}");
        }
        assert!(agrees("turn red U 0,0 recall", 0));
    }

    #[test]
    fn agrees_with_the_grammar_on_random_lines() {
        const WORDS: &[&str] = &[
            "turn",
            "tile",
            "discard",
            "end",
            "title",
            "bonus",
            "builder",
            "pig",
            "large",
            "abbot",
            "recall",
            "goods",
            "red",
            "blue",
            "black",
            "Red",
            "A",
            "X",
            "x",
            "é",
            "AB",
            "Eg",
            "ic.A",
            "r.F",
            "tb.X",
            "ic.",
            ".A",
            "ic.A.B",
            "1A",
            "a-b",
            "0,0",
            "-1,2",
            "1,-0",
            "+1,2",
            "1,,2",
            "1,2,3",
            "-,1",
            "2147483647,0",
            "2147483648,0",
            "-2147483648,5",
            "r0",
            "r90",
            "r180",
            "r270",
            "r45",
            "knight",
            "traveller",
            "traveler",
            "monk",
            "farmer",
            "N",
            "NE",
            "SW",
            "W",
            "Z",
            "!",
            "?!",
            "=>",
            "nothing",
            "+3",
            "#",
            "#c",
            "\"s\"",
            ",",
            "\r",
            "}",
            "{",
        ];
        const SEPS: &[&str] = &[" ", " ", " ", "  ", "\t", "", ",", " , ", "#"];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let starts = ["turn", "tile", "discard", "end", "bonus"];
        let (mut fast, total) = (0, 100_000);
        for _ in 0..total {
            let mut text = String::new();
            if next(4) == 0 {
                text.push_str(SEPS[next(SEPS.len())]);
            }
            text.push_str(starts[next(starts.len())]);
            for _ in 0..next(8) {
                text.push_str(SEPS[next(SEPS.len())]);
                let word = if next(3) == 0 {
                    // a plausible word for a turn or tile line
                    [
                        "red", "A", "D", "0,1", "r90", "knight", "farmer", "SE", "monk", "builder",
                        "pig",
                    ][next(11)]
                } else {
                    WORDS[next(WORDS.len())]
                };
                text.push_str(word);
            }
            if next(3) == 0 {
                text.push_str(SEPS[next(SEPS.len())]);
            }
            fast += usize::from(agrees(&text, next(100)));
        }
        eprintln!("the fast path took {fast} of {total} lines");
        assert!(fast > 1_000, "the fast path took {fast} of {total} lines");
    }
}
