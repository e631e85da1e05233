//! Reporting diagnostics for a terminal (like rustc) and as JSON. The only place in the CLI
//! that turns byte offsets into lines and columns.

use std::fmt::Write as _;
use std::path::Path;

use carc_analysis::{Diagnostic, PuzzleNote, Severity};
use serde_json::json;

use crate::output::terminal_text;

/// Line starts and content ends of one text, to turn byte offsets into 1-based lines and
/// character columns. Lines break where the parser breaks them (`carc_notation::line_breaks`:
/// LF, CRLF or a lone CR), so a diagnostic's line is the one an editor shows.
struct LineIndex<'a> {
    text: &'a str,
    /// Where each line starts.
    starts: Vec<usize>,
    /// Where each line's content ends (its line break starts), for the lines before the last.
    ends: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Indexes the lines of `text` up to the one holding byte `last` (the largest offset that
    /// will be asked about), so that a report of a few diagnostics near the start of a huge
    /// file costs memory for those lines only.
    fn new(text: &'a str, last: usize) -> Self {
        let mut starts = vec![0];
        let mut ends = Vec::new();
        for line_break in carc_notation::line_breaks(text) {
            if line_break.start > last {
                break;
            }
            ends.push(line_break.start);
            starts.push(line_break.end);
        }
        LineIndex { text, starts, ends }
    }

    /// 0-based line of a byte offset (clamped to the text).
    fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// 1-based (line, column), the column counted in characters.
    fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = self.floor_char_boundary(offset.min(self.text.len()));
        let line = self.line_of(offset);
        let start = self.starts[line];
        let column = self.text[start..offset].chars().count();
        (line + 1, column + 1)
    }

    /// The text of a 0-based line without its line break.
    fn line_text(&self, line: usize) -> &'a str {
        let start = self.starts[line];
        let end = match self.ends.get(line) {
            Some(&end) => end,
            // The last indexed line: up to its break, which may lie past the indexed part.
            None => carc_notation::line_breaks(&self.text[start..])
                .next()
                .map_or(self.text.len(), |b| start + b.start),
        };
        &self.text[start..end]
    }

    fn floor_char_boundary(&self, mut offset: usize) -> usize {
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }
}

/// Source lines longer than this many characters are cut around the diagnostic in excerpts
/// (a 10 MB line is one `line-too-long` error, not 20 MB of output).
const MAX_EXCERPT_CHARS: usize = 160;

/// The part of a source line shown in an excerpt, with `…` where it was cut, and how many
/// characters were cut at its start. `column` is the 0-based character column of interest.
fn excerpt(source: &str, column: usize) -> (String, usize) {
    let len = source.chars().count();
    if len <= MAX_EXCERPT_CHARS {
        return (source.to_owned(), 0);
    }
    let skipped = column.saturating_sub(MAX_EXCERPT_CHARS / 4);
    let mut shown: String = if skipped > 0 {
        "…".into()
    } else {
        String::new()
    };
    shown.extend(source.chars().skip(skipped).take(MAX_EXCERPT_CHARS));
    if skipped + MAX_EXCERPT_CHARS < len {
        shown.push('…');
    }
    (shown, skipped)
}

/// `text` made safe for a terminal ([`terminal_text`]), and the byte offsets `first` and
/// `last` of `text` moved to the same places in it.
fn escaped(text: &str, first: usize, last: usize) -> (String, usize, usize) {
    let (shown, mapped) = escaped_many(text, &[first, last]);
    (shown, mapped[0], mapped[1])
}

/// `text` made safe for a terminal, and each byte offset of `cuts` moved to the same place
/// in it (an escaped character is longer than itself).
fn escaped_many(text: &str, cuts: &[usize]) -> (String, Vec<usize>) {
    let shown = terminal_text(text);
    let mapped = cuts
        .iter()
        .map(|&cut| terminal_text(&text[..cut.min(text.len())]).len())
        .collect();
    (shown, mapped)
}

/// Everything `carc check` found, ready to print.
#[derive(Default)]
pub struct Report {
    /// Whether the human report is coloured (ANSI styles).
    styled: bool,
    human: String,
    /// The puzzle notes, for standard error.
    notes: String,
    json: Vec<serde_json::Value>,
    errors: usize,
    warnings: usize,
    /// Files analysed.
    files: usize,
    /// Files that could not be read.
    unreadable: usize,
}

impl Report {
    /// An empty report, coloured if `styled`.
    pub fn new(styled: bool) -> Self {
        Report {
            styled,
            ..Report::default()
        }
    }

    /// Adds one file's diagnostics.
    pub fn add(&mut self, path: &Path, text: &str, diagnostics: &[Diagnostic]) {
        self.files += 1;
        let last = diagnostics
            .iter()
            .flat_map(|d| std::iter::once(d.span.end).chain(d.related.iter().map(|r| r.span.start)))
            .max()
            .unwrap_or(0);
        let index = LineIndex::new(text, last);
        let file = path.display().to_string();
        for diagnostic in diagnostics {
            match diagnostic.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
            }
            self.add_human(&file, &index, diagnostic);
            let related: Vec<serde_json::Value> = diagnostic
                .related
                .iter()
                .map(|r| {
                    let (line, column) = index.line_col(r.span.start);
                    json!({"file": file, "line": line, "column": column, "message": r.message})
                })
                .collect();
            self.push_json(
                &file,
                &index,
                diagnostic.span,
                json!({
                    "severity": diagnostic.severity.as_str(),
                    "code": diagnostic.code.as_str(),
                    "message": diagnostic.message,
                    "related": related,
                }),
            );
        }
    }

    /// Renders one diagnostic with `annotate-snippets` (rustc's renderer): the primary span
    /// under its message, each related location as a labelled secondary span on its own line
    /// of the same excerpt (lines between are folded away). A source line longer than
    /// [`MAX_EXCERPT_CHARS`] is cut around the span, and the related locations then become
    /// notes with their line and column. Text from the file goes through [`terminal_text`]
    /// first: no control character reaches the terminal.
    fn add_human(&mut self, file: &str, index: &LineIndex, diagnostic: &Diagnostic) {
        use annotate_snippets::{AnnotationKind, Level, Snippet};
        let file_shown = terminal_text(file);
        let level = match diagnostic.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let message = terminal_text(&diagnostic.message);
        let start = index.floor_char_boundary(diagnostic.span.start.min(index.text.len()));
        let end = index
            .floor_char_boundary(diagnostic.span.end.min(index.text.len()))
            .max(start);
        let line = index.line_of(start);
        let source = index.line_text(line);
        let line_start = index.starts[line];
        // The lines the excerpt covers: the primary's, and the related ones on short lines.
        let long = |l: usize| index.line_text(l).chars().count() > MAX_EXCERPT_CHARS;
        let (spans_related, noted): (Vec<_>, Vec<_>) = diagnostic.related.iter().partition(|r| {
            let rl = index.line_of(r.span.start.min(index.text.len()));
            !long(line) && !long(rl)
        });
        let mut notes = Vec::new();
        for related in &noted {
            let (rl, rc) = index.line_col(related.span.start);
            notes.push(Level::NOTE.message(format!(
                "{} ({file_shown}:{rl}:{rc})",
                terminal_text(&related.message)
            )));
        }
        let snippet = if long(line) {
            // One cut line: the span within the excerpt, the carets stopping at its end.
            let column = source[..start - line_start].chars().count();
            let (shown, skipped) = excerpt(source, column);
            let marker = usize::from(skipped > 0);
            let chars_to_bytes = |chars: usize| {
                shown
                    .char_indices()
                    .nth(chars)
                    .map_or(shown.len(), |(at, _)| at)
            };
            let first = chars_to_bytes(column - skipped + marker);
            let span_chars = if index.line_of(end) == line {
                source[start - line_start..(end - line_start).min(source.len())]
                    .chars()
                    .count()
            } else {
                source[start - line_start..].chars().count()
            };
            let last = chars_to_bytes(column - skipped + marker + span_chars).max(first);
            let (text, first, last) = escaped(&shown, first, last);
            Snippet::source(text)
                .line_start(line + 1)
                .path(file_shown.clone())
                .annotation(AnnotationKind::Primary.span(first..last))
        } else {
            let mut last_line = index.line_of(end).max(line);
            for related in &spans_related {
                last_line = last_line.max(index.line_of(related.span.start.min(index.text.len())));
            }
            let mut first_line = line;
            for related in &spans_related {
                first_line =
                    first_line.min(index.line_of(related.span.start.min(index.text.len())));
            }
            let from = index.starts[first_line];
            let to = index.starts[last_line] + index.line_text(last_line).len();
            let end = end.min(to);
            let mut cuts = vec![start - from, end - from];
            for related in &spans_related {
                let at = index.floor_char_boundary(related.span.start.min(index.text.len()));
                let at_end = index.floor_char_boundary(related.span.end.min(to)).max(at);
                cuts.push(at - from);
                cuts.push(at_end - from);
            }
            let (text, mapped) = escaped_many(&index.text[from..to], &cuts);
            let mut snippet = Snippet::source(text)
                .line_start(first_line + 1)
                .path(file_shown.clone())
                .fold(true)
                .annotation(AnnotationKind::Primary.span(mapped[0]..mapped[1]));
            for (k, related) in spans_related.iter().enumerate() {
                snippet = snippet.annotation(
                    AnnotationKind::Context
                        .span(mapped[2 + 2 * k]..mapped[3 + 2 * k])
                        .label(terminal_text(&related.message)),
                );
            }
            snippet
        };
        let group = level
            .primary_title(message)
            .id(diagnostic.code.as_str())
            .element(snippet)
            .elements(notes);
        let renderer = if self.styled {
            annotate_snippets::Renderer::styled()
        } else {
            annotate_snippets::Renderer::plain()
        };
        self.human.push_str(&renderer.render(&[group]));
        self.human.push_str("\n\n");
    }

    /// Adds what the puzzle check proved about a file's puzzle: a `note:` for standard error
    /// ([`Report::notes`]: a clean check prints nothing on standard output), and an entry of severity `note` and code `puzzle` in the JSON array.
    pub fn add_note(&mut self, path: &Path, text: &str, note: &PuzzleNote) {
        let index = LineIndex::new(text, note.span.end);
        let (line, column) = index.line_col(note.span.start);
        let file = path.display().to_string();
        let _ = writeln!(
            self.notes,
            "note: {}\n --> {}:{line}:{column}",
            note.text,
            terminal_text(&file)
        );
        self.push_json(
            &file,
            &index,
            note.span,
            json!({
            "severity": "note",
            "code": "puzzle",
            "message": note.text,
            "puzzle": {
                "goal": note.goal,
                "draws": note.draws,
                "verdict": note.verdict,
                "value": note.value,
                "moves": note.moves,
                "positions": note.positions,
            },
            }),
        );
    }

    /// Adds one entry to the JSON array: `fields` placed at `span` of `file` (its `file`,
    /// `line`, `column`, `end_line` and `end_column`), the one shape of every entry.
    fn push_json(
        &mut self,
        file: &str,
        index: &LineIndex,
        span: carc_analysis::Span,
        fields: serde_json::Value,
    ) {
        let (line, column) = index.line_col(span.start);
        let (end_line, end_column) = index.line_col(span.end);
        let mut entry = json!({
            "file": file,
            "line": line,
            "column": column,
            "end_line": end_line,
            "end_column": end_column,
        });
        if let (Some(entry), serde_json::Value::Object(fields)) = (entry.as_object_mut(), fields) {
            entry.extend(fields);
        }
        self.json.push(entry);
    }

    /// True when any error (not warning) was added.
    pub fn has_errors(&self) -> bool {
        self.errors > 0
    }

    /// True when any warning was added.
    pub fn has_warnings(&self) -> bool {
        self.warnings > 0
    }

    /// The rustc-like rendering.
    pub fn human(&self) -> &str {
        &self.human
    }

    /// The puzzle notes of the human output, one `note:` and its place each.
    pub fn notes(&self) -> &str {
        &self.notes
    }

    /// The JSON array of every diagnostic.
    pub fn json(&self) -> String {
        serde_json::Value::Array(self.json.clone()).to_string()
    }

    /// Counts a file that could not be read (its message is printed by the caller).
    pub fn add_unreadable(&mut self) {
        self.unreadable += 1;
    }

    /// True when a file could not be read.
    pub fn has_unreadable(&self) -> bool {
        self.unreadable > 0
    }

    /// One closing line: how much was found in how many files.
    pub fn summary(&self) -> String {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let unread = match self.unreadable {
            0 => String::new(),
            n => format!(" ({n} more could not be read)"),
        };
        format!(
            "checked {}{unread}: {}, {}",
            plural(self.files, "file"),
            plural(self.errors, "error"),
            plural(self.warnings, "warning")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::LineIndex;

    #[test]
    fn columns_count_characters_and_lines_split_on_lf_crlf_and_cr() {
        let text = "note \"é😀\" x\r\ntile D 0,0\n";
        let index = LineIndex::new(text, text.len());
        let x = text.find('x').unwrap();
        assert_eq!(index.line_col(x), (1, 11));
        let d = text.find('D').unwrap();
        assert_eq!(index.line_col(d), (2, 6));
        assert_eq!(index.line_text(0), "note \"é😀\" x");
        // Offsets inside a character and past the end are clamped, never a panic.
        assert_eq!(index.line_col(7), (1, 7));
        assert_eq!(index.line_col(10_000), (3, 1));

        let text = "# Lesson\rplayers red\r\rturn red E 0,1\r";
        let index = LineIndex::new(text, text.len());
        let e = text.find('E').unwrap();
        assert_eq!(index.line_col(e), (4, 10));
        assert_eq!(index.line_text(1), "players red");
        assert_eq!(index.line_text(2), "");
        assert_eq!(index.line_text(3), "turn red E 0,1");
    }

    #[test]
    fn only_the_lines_up_to_the_last_offset_are_indexed() {
        let text = "a\nb\nc\nd\n";
        let index = LineIndex::new(text, 2);
        assert_eq!(index.starts, [0, 2]);
        assert_eq!(index.line_col(2), (2, 1));
        assert_eq!(index.line_text(1), "b");
    }

    #[test]
    fn excerpts_of_long_lines_are_cut_around_the_column() {
        let long = format!("tile D 0,0 {}# end", "é".repeat(1000));
        assert_eq!(
            super::excerpt("tile D 0,0", 5),
            ("tile D 0,0".to_owned(), 0)
        );
        let (start, skipped) = super::excerpt(&long, 0);
        assert_eq!(skipped, 0);
        assert!(
            start.starts_with("tile D 0,0 éé") && start.ends_with("é…"),
            "{start}"
        );
        assert_eq!(start.chars().count(), super::MAX_EXCERPT_CHARS + 1);
        let (end, skipped) = super::excerpt(&long, 1012);
        assert_eq!(skipped, 1012 - super::MAX_EXCERPT_CHARS / 4);
        assert!(end.starts_with("…é") && end.ends_with("é# end"), "{end}");
    }
}
