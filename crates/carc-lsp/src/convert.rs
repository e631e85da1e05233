//! Every conversion between LSP positions (line + UTF-16 or UTF-8 column) and the byte offsets
//! of `carc-analysis`, through the document's rope. Nothing else in the server computes a
//! line or a column.
//!
//! Lines end at LF, CRLF or a lone CR, as in LSP (ropey's `cr_lines` without `unicode_lines`).
//! Positions from the client are clamped, never trusted: a column past the line's end means
//! the end of the line (before its line break), a line past the end of the file means the end
//! of the file, and a column inside a character (the middle of a surrogate pair or of a UTF-8
//! sequence) means the start of that character. No function here panics.

use carc_analysis::Span;
use ropey::Rope;
use tower_lsp_server::lsp_types::{
    Position, PositionEncodingKind, Range, TextDocumentContentChangeEvent,
};

/// The unit of LSP columns agreed with the client at `initialize`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PositionEncoding {
    /// Columns count UTF-8 bytes (offered by the client, preferred).
    Utf8,
    /// Columns count UTF-16 code units (the protocol's default).
    #[default]
    Utf16,
}

impl PositionEncoding {
    /// UTF-8 when the client offers it, else UTF-16 (which every client supports).
    pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> PositionEncoding {
        match offered {
            Some(kinds) if kinds.contains(&PositionEncodingKind::UTF8) => PositionEncoding::Utf8,
            _ => PositionEncoding::Utf16,
        }
    }

    /// The identifier announced in the server capabilities.
    pub fn kind(self) -> PositionEncodingKind {
        match self {
            PositionEncoding::Utf8 => PositionEncodingKind::UTF8,
            PositionEncoding::Utf16 => PositionEncodingKind::UTF16,
        }
    }
}

/// The byte offset of an LSP position, clamped into the text and onto a character boundary.
pub fn offset(rope: &Rope, position: Position, encoding: PositionEncoding) -> usize {
    let line = position.line as usize;
    if line >= rope.len_lines() {
        return rope.len_bytes();
    }
    let line_start = rope.line_to_char(line);
    let content = line_content_chars(rope, line);
    let slice = rope.slice(line_start..line_start + content);
    let column = position.character as usize;
    let chars = match encoding {
        // `byte_to_char`/`utf16_cu_to_char` round down to the character holding that unit.
        PositionEncoding::Utf8 => slice.byte_to_char(column.min(slice.len_bytes())),
        PositionEncoding::Utf16 => slice.utf16_cu_to_char(column.min(slice.len_utf16_cu())),
    };
    rope.char_to_byte(line_start + chars)
}

/// The LSP position of a byte offset. An offset past the end means the end; one inside a
/// character means that character; one inside a line break means the end of that line.
pub fn position(rope: &Rope, offset: usize, encoding: PositionEncoding) -> Position {
    let char_idx = rope.byte_to_char(offset.min(rope.len_bytes()));
    let line = rope.char_to_line(char_idx);
    let line_start = rope.line_to_char(line);
    let chars = (char_idx - line_start).min(line_content_chars(rope, line));
    let column = match encoding {
        PositionEncoding::Utf8 => {
            rope.char_to_byte(line_start + chars) - rope.char_to_byte(line_start)
        }
        PositionEncoding::Utf16 => {
            rope.char_to_utf16_cu(line_start + chars) - rope.char_to_utf16_cu(line_start)
        }
    };
    Position::new(to_u32(line), to_u32(column))
}

/// The LSP range of a byte span.
pub fn range(rope: &Rope, span: Span, encoding: PositionEncoding) -> Range {
    Range::new(
        position(rope, span.start, encoding),
        position(rope, span.end, encoding),
    )
}

/// The byte span of an LSP range; a reversed range is put in order.
pub fn span(rope: &Rope, range: Range, encoding: PositionEncoding) -> Span {
    let start = offset(rope, range.start, encoding);
    let end = offset(rope, range.end, encoding);
    Span {
        start: start.min(end),
        end: start.max(end),
    }
}

/// The range covering the whole text (for whole-document edits).
pub fn full_range(rope: &Rope, encoding: PositionEncoding) -> Range {
    range(
        rope,
        Span {
            start: 0,
            end: rope.len_bytes(),
        },
        encoding,
    )
}

/// Applies one `didChange` content change: a replacement of a range, or of the whole text
/// when it has none. Positions are clamped like [`offset`]'s.
pub fn apply_change(
    rope: &mut Rope,
    change: &TextDocumentContentChangeEvent,
    encoding: PositionEncoding,
) {
    let Some(range) = change.range else {
        *rope = Rope::from_str(&change.text);
        return;
    };
    let span = span(rope, range, encoding);
    // Both ends are character boundaries, so these are exact.
    let start = rope.byte_to_char(span.start);
    let end = rope.byte_to_char(span.end);
    rope.remove(start..end);
    rope.insert(start, &change.text);
}

/// The number of characters of a line without its line break.
fn line_content_chars(rope: &Rope, line: usize) -> usize {
    let slice = rope.line(line);
    let len = slice.len_chars();
    let last = |back: usize| len.checked_sub(back).map(|i| slice.char(i));
    match (last(2), last(1)) {
        (Some('\r'), Some('\n')) => len - 2,
        (_, Some('\n' | '\r')) => len - 1,
        _ => len,
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use PositionEncoding::{Utf16, Utf8};

    fn pos(line: u32, character: u32) -> Position {
        Position::new(line, character)
    }

    /// Every byte offset on a character boundary survives a round trip in both encodings.
    fn assert_round_trips(text: &str) {
        let rope = Rope::from_str(text);
        for (offset, ch) in text.char_indices() {
            if ch == '\n' && text[..offset].ends_with('\r') {
                continue; // the middle of CRLF is not a position
            }
            for encoding in [Utf8, Utf16] {
                let p = position(&rope, offset, encoding);
                assert_eq!(
                    super::offset(&rope, p, encoding),
                    offset,
                    "{text:?} at {offset} ({encoding:?}) -> {p:?}"
                );
            }
        }
        for encoding in [Utf8, Utf16] {
            let end = position(&rope, text.len(), encoding);
            assert_eq!(super::offset(&rope, end, encoding), text.len());
        }
    }

    #[test]
    fn negotiates_utf8_only_when_offered() {
        assert_eq!(PositionEncoding::negotiate(None), Utf16);
        assert_eq!(
            PositionEncoding::negotiate(Some(&[PositionEncodingKind::UTF16])),
            Utf16
        );
        let both = [PositionEncodingKind::UTF16, PositionEncodingKind::UTF8];
        assert_eq!(PositionEncoding::negotiate(Some(&both)), Utf8);
        assert_eq!(
            PositionEncoding::negotiate(Some(&[PositionEncodingKind::UTF32])),
            Utf16
        );
    }

    #[test]
    fn ascii_lines() {
        let rope = Rope::from_str("tile D 0,0\nturn red E 0,1\n");
        assert_eq!(offset(&rope, pos(1, 5), Utf16), 16);
        assert_eq!(position(&rope, 16, Utf16), pos(1, 5));
        assert_eq!(position(&rope, 11, Utf8), pos(1, 0));
        // The empty last line after the final newline exists.
        assert_eq!(position(&rope, 26, Utf16), pos(2, 0));
        assert_round_trips("tile D 0,0\nturn red E 0,1\n");
    }

    #[test]
    fn crlf_is_one_line_break() {
        let text = "tile D 0,0\r\nturn red E 0,1\r\n";
        let rope = Rope::from_str(text);
        assert_eq!(rope.len_lines(), 3);
        assert_eq!(offset(&rope, pos(1, 0), Utf16), 12);
        assert_eq!(position(&rope, 12, Utf16), pos(1, 0));
        // A column past the end of line 0 stops before the CR.
        assert_eq!(offset(&rope, pos(0, 99), Utf16), 10);
        // Offsets on the CR and on the LF of the break both mean the end of the line.
        assert_eq!(position(&rope, 10, Utf8), pos(0, 10));
        assert_eq!(position(&rope, 11, Utf8), pos(0, 10));
        assert_round_trips(text);
    }

    #[test]
    fn lone_cr_is_a_line_break() {
        let text = "tile D 0,0\rturn red E 0,1";
        let rope = Rope::from_str(text);
        assert_eq!(rope.len_lines(), 2);
        assert_eq!(offset(&rope, pos(1, 4), Utf16), 15);
        assert_eq!(position(&rope, 15, Utf16), pos(1, 4));
        assert_eq!(offset(&rope, pos(0, 50), Utf8), 10);
        assert_round_trips(text);
    }

    #[test]
    fn unicode_separators_are_not_line_breaks() {
        // LSP breaks lines at LF, CRLF and CR only; U+2028, NEL and form feed stay inside.
        let text = "note \"a\u{2028}b\u{85}c\u{c}d\"\ntile D 0,0";
        let rope = Rope::from_str(text);
        assert_eq!(rope.len_lines(), 2);
        assert_eq!(position(&rope, text.len(), Utf16), pos(1, 10));
        assert_round_trips(text);
    }

    #[test]
    fn non_ascii_note_string() {
        // "é" is 2 UTF-8 bytes and 1 UTF-16 unit; "ß" too; "→" is 3 bytes, 1 unit.
        let text = "note \"Café → straße\" # ok\ntile D 0,0";
        let rope = Rope::from_str(text);
        let hash = text.find('#').unwrap_or_default();
        assert_eq!(position(&rope, hash, Utf16), pos(0, 21));
        assert_eq!(position(&rope, hash, Utf8), pos(0, 25));
        assert_eq!(offset(&rope, pos(0, 21), Utf16), hash);
        assert_eq!(offset(&rope, pos(0, 25), Utf8), hash);
        // A UTF-8 column in the middle of "é" rounds down to its start.
        let e = text.find('é').unwrap_or_default();
        assert_eq!(offset(&rope, pos(0, 10), Utf8), e);
        assert_round_trips(text);
    }

    #[test]
    fn astral_characters_count_two_utf16_units() {
        let text = "note \"😀 win\" # x\ntile D 0,0";
        let rope = Rope::from_str(text);
        let smiley = text.find('😀').unwrap_or_default();
        let after = smiley + '😀'.len_utf8();
        assert_eq!(position(&rope, after, Utf16), pos(0, 8));
        assert_eq!(position(&rope, after, Utf8), pos(0, 10));
        assert_eq!(offset(&rope, pos(0, 8), Utf16), after);
        // Between the two surrogates: the start of the character.
        assert_eq!(offset(&rope, pos(0, 7), Utf16), smiley);
        // An offset inside the character's UTF-8 bytes: the start of the character.
        assert_eq!(position(&rope, smiley + 2, Utf16), pos(0, 6));
        assert_round_trips(text);
    }

    #[test]
    fn past_line_end_and_file_end_clamp() {
        let text = "tile D 0,0\nend";
        let rope = Rope::from_str(text);
        assert_eq!(offset(&rope, pos(0, 1000), Utf16), 10);
        assert_eq!(offset(&rope, pos(1, 1000), Utf8), text.len());
        assert_eq!(offset(&rope, pos(7, 3), Utf16), text.len());
        assert_eq!(offset(&rope, pos(u32::MAX, u32::MAX), Utf8), text.len());
        assert_eq!(position(&rope, 10_000, Utf16), pos(1, 3));
        let empty = Rope::new();
        assert_eq!(offset(&empty, pos(3, 3), Utf16), 0);
        assert_eq!(position(&empty, 3, Utf16), pos(0, 0));
        assert_eq!(full_range(&empty, Utf16), Range::new(pos(0, 0), pos(0, 0)));
    }

    #[test]
    fn spans_and_ranges() {
        let text = "tile D 0,0\r\nturn red 😀 E";
        let rope = Rope::from_str(text);
        let e = text.len() - 1;
        let r = range(
            &rope,
            Span {
                start: e,
                end: e + 1,
            },
            Utf16,
        );
        assert_eq!(r, Range::new(pos(1, 12), pos(1, 13)));
        assert_eq!(
            span(&rope, r, Utf16),
            Span {
                start: e,
                end: e + 1
            }
        );
        let reversed = Range::new(pos(1, 13), pos(1, 12));
        assert_eq!(
            span(&rope, reversed, Utf16),
            Span {
                start: e,
                end: e + 1
            }
        );
        assert_eq!(full_range(&rope, Utf8), Range::new(pos(0, 0), pos(1, 15)));
    }

    fn change(range: Option<Range>, text: &str) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range,
            range_length: None,
            text: text.to_owned(),
        }
    }

    #[test]
    fn applies_changes() {
        let mut rope = Rope::from_str("tile D 0,0\r\nturn red E 0,1\r\n");
        apply_change(
            &mut rope,
            &change(Some(Range::new(pos(1, 9), pos(1, 10))), "F"),
            Utf16,
        );
        assert_eq!(rope.to_string(), "tile D 0,0\r\nturn red F 0,1\r\n");
        // Insert a line with an astral character, then type after it.
        apply_change(
            &mut rope,
            &change(Some(Range::new(pos(1, 0), pos(1, 0))), "note \"😀\"\r\n"),
            Utf16,
        );
        apply_change(
            &mut rope,
            &change(Some(Range::new(pos(1, 8), pos(1, 8))), "!"),
            Utf16,
        );
        assert_eq!(
            rope.to_string(),
            "tile D 0,0\r\nnote \"😀!\"\r\nturn red F 0,1\r\n"
        );
        // The same edit in UTF-8 columns.
        apply_change(
            &mut rope,
            &change(Some(Range::new(pos(1, 10), pos(1, 11))), "?"),
            Utf8,
        );
        assert_eq!(
            rope.to_string(),
            "tile D 0,0\r\nnote \"😀?\"\r\nturn red F 0,1\r\n"
        );
        // Delete a whole line break, past-the-end ranges clamp.
        apply_change(
            &mut rope,
            &change(Some(Range::new(pos(0, 10), pos(1, 0))), " "),
            Utf16,
        );
        apply_change(
            &mut rope,
            &change(Some(Range::new(pos(9, 0), pos(9, 9))), "end"),
            Utf16,
        );
        assert_eq!(
            rope.to_string(),
            "tile D 0,0 note \"😀?\"\r\nturn red F 0,1\r\nend"
        );
        // Splitting a CRLF and joining a CR with a new LF keep lines consistent.
        apply_change(
            &mut rope,
            &change(Some(Range::new(pos(1, 14), pos(1, 14))), "x"),
            Utf16,
        );
        assert_eq!(rope.len_lines(), 3);
        apply_change(&mut rope, &change(None, "whole\rnew"), Utf16);
        assert_eq!(rope.to_string(), "whole\rnew");
        apply_change(
            &mut rope,
            &change(Some(Range::new(pos(1, 0), pos(1, 0))), "\n"),
            Utf16,
        );
        assert_eq!(rope.to_string(), "whole\r\nnew");
        assert_eq!(rope.len_lines(), 2);
    }
}
