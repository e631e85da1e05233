//! Where lines break: the one definition, shared by the parser, the formatter and the CLI's
//! report (the language server's rope breaks lines the same way, as LSP does).
//!
//! A line ends at `\n`, at `\r\n`, or at a `\r` not followed by `\n` — the three line breaks
//! of the LSP specification and of editors. A file saved with bare carriage returns (classic
//! Mac OS) is therefore as many lines as an editor shows, not one long comment.

use crate::syntax::Span;

/// The spans of every line break of `text` (`\n`, `\r\n` or a lone `\r`), in order. Linear in
/// the text and allocates nothing.
pub fn line_breaks(text: &str) -> LineBreaks<'_> {
    LineBreaks {
        bytes: text.as_bytes(),
        at: 0,
    }
}

/// The iterator of [`line_breaks`].
#[derive(Clone, Debug)]
pub struct LineBreaks<'t> {
    bytes: &'t [u8],
    at: usize,
}

impl Iterator for LineBreaks<'_> {
    type Item = Span;

    fn next(&mut self) -> Option<Span> {
        let rest = self.bytes.get(self.at..)?;
        let i = rest.iter().position(|&b| b == b'\n' || b == b'\r')?;
        let start = self.at + i;
        let crlf =
            self.bytes.get(start) == Some(&b'\r') && self.bytes.get(start + 1) == Some(&b'\n');
        let end = start + if crlf { 2 } else { 1 };
        self.at = end;
        Some(Span::new(start, end))
    }
}

/// The spans of the lines' contents, without their line breaks. A UTF-8 byte order mark at
/// the start is not part of the first line. No line follows a final line break, so `""` has
/// no lines and `"tile D 0,0\n"` has one. Linear in the text and allocates nothing.
pub fn line_spans(text: &str) -> impl Iterator<Item = Span> + '_ {
    let first = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut breaks = line_breaks(text);
    let mut start = Some(first);
    std::iter::from_fn(move || {
        let line_start = start?;
        match breaks.next() {
            Some(line_break) if line_break.start >= line_start => {
                start = Some(line_break.end);
                Some(Span::new(line_start, line_break.start))
            }
            // A break inside the byte order mark cannot happen (it is 3 non-break bytes).
            Some(_) => None,
            None => {
                start = None;
                (line_start < text.len()).then(|| Span::new(line_start, text.len()))
            }
        }
    })
}

/// The line ending the formatter writes for `text`: `\r\n` when the text's first line break
/// is `\r\n`, else `\n` (so a text whose lines end with lone `\r`s is written with `\n`).
pub fn newline_of(text: &str) -> &'static str {
    match line_breaks(text).next() {
        Some(line_break) if line_break.len() == 2 => "\r\n",
        _ => "\n",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contents(text: &str) -> Vec<&str> {
        line_spans(text).map(|s| &text[s.start..s.end]).collect()
    }

    #[test]
    fn lf_crlf_and_lone_cr_each_end_a_line() {
        assert_eq!(contents(""), Vec::<&str>::new());
        assert_eq!(contents("a"), ["a"]);
        assert_eq!(contents("a\n"), ["a"]);
        assert_eq!(contents("a\nb"), ["a", "b"]);
        assert_eq!(contents("a\r\nb\r\n"), ["a", "b"]);
        assert_eq!(contents("a\rb\r"), ["a", "b"]);
        // `\r\r\n` is a lone CR, then CRLF: two breaks, as an editor shows them.
        assert_eq!(contents("a\r\r\nb"), ["a", "", "b"]);
        assert_eq!(contents("a\n\rb"), ["a", "", "b"]);
        assert_eq!(contents("\n\n"), ["", ""]);
        assert_eq!(contents("\u{feff}a\rb"), ["a", "b"]);
        assert_eq!(contents("\u{feff}"), Vec::<&str>::new());
        assert_eq!(contents("é\r😀"), ["é", "😀"]);
    }

    #[test]
    fn breaks_are_spanned() {
        let breaks: Vec<Span> = line_breaks("a\r\nb\rc\n").collect();
        assert_eq!(breaks, [Span::new(1, 3), Span::new(4, 5), Span::new(6, 7)]);
    }

    #[test]
    fn the_first_break_decides_the_newline() {
        assert_eq!(newline_of("a\r\nb\n"), "\r\n");
        assert_eq!(newline_of("a\nb\r\n"), "\n");
        assert_eq!(newline_of("a\rb\r\n"), "\n");
        assert_eq!(newline_of("a"), "\n");
    }
}
