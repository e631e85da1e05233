//! Reporting diagnostics for a terminal (like rustc) and as JSON. The only place in the CLI
//! that turns byte offsets into lines and columns.

use std::fmt::Write as _;
use std::path::Path;

use carc_analysis::{Diagnostic, PuzzleNote, Severity};
use serde_json::json;

use crate::output::{terminal_text, terminal_width};

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

/// Everything `carc check` found, ready to print.
#[derive(Default)]
pub struct Report {
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
            let (line, column) = index.line_col(diagnostic.span.start);
            let (end_line, end_column) = index.line_col(diagnostic.span.end);
            let related: Vec<serde_json::Value> = diagnostic
                .related
                .iter()
                .map(|r| {
                    let (line, column) = index.line_col(r.span.start);
                    json!({"file": file, "line": line, "column": column, "message": r.message})
                })
                .collect();
            self.json.push(json!({
                "file": file,
                "line": line,
                "column": column,
                "end_line": end_line,
                "end_column": end_column,
                "severity": diagnostic.severity.as_str(),
                "code": diagnostic.code.as_str(),
                "message": diagnostic.message,
                "related": related,
            }));
        }
    }

    fn add_human(&mut self, file: &str, index: &LineIndex, diagnostic: &Diagnostic) {
        let (line, column) = index.line_col(diagnostic.span.start);
        let out = &mut self.human;
        let _ = writeln!(
            out,
            "{}[{}]: {}",
            diagnostic.severity.as_str(),
            diagnostic.code.as_str(),
            terminal_text(&diagnostic.message)
        );
        let gutter = line.to_string().len();
        let pad = " ".repeat(gutter);
        let _ = writeln!(out, "{pad}--> {}:{line}:{column}", terminal_text(file));
        let _ = writeln!(out, "{pad} |");
        let source = index.line_text(line - 1);
        let (shown, skipped) = excerpt(source, column - 1);
        // Text from the file: its control characters shown escaped, never sent to the terminal.
        let _ = writeln!(out, "{line} | {}", terminal_text(&shown));
        // The caret line repeats tabs so that it lines up under the source in any terminal.
        let before: String = (skipped > 0)
            .then_some(' ')
            .into_iter()
            .chain(source.chars().take(column - 1).skip(skipped).flat_map(|c| {
                let (fill, n) = if c == '\t' {
                    ('\t', 1)
                } else {
                    (' ', terminal_width(c))
                };
                std::iter::repeat_n(fill, n)
            }))
            .collect();
        let span_end = if index.line_of(diagnostic.span.end) == line - 1 {
            index.line_col(diagnostic.span.end).1
        } else {
            source.chars().count() + 1
        };
        // Carets stop at the end of the excerpt (one more for the end of the line).
        let visible = (skipped + MAX_EXCERPT_CHARS + 1).saturating_sub(column - 1);
        let width = span_end.saturating_sub(column).min(visible).max(1);
        let _ = writeln!(out, "{pad} | {before}{}", "^".repeat(width));
        for related in &diagnostic.related {
            let (rl, rc) = index.line_col(related.span.start);
            let _ = writeln!(
                out,
                "{pad} = note: {} ({}:{rl}:{rc})",
                terminal_text(&related.message),
                terminal_text(file)
            );
        }
        out.push('\n');
    }

    /// Adds what the puzzle check proved about a file's puzzle: a `note:` for standard error
    /// ([`Report::notes`]: a clean check prints nothing on standard output), and an entry of severity `note` and code `puzzle` in the JSON array.
    pub fn add_note(&mut self, path: &Path, text: &str, note: &PuzzleNote) {
        let index = LineIndex::new(text, note.span.end);
        let (line, column) = index.line_col(note.span.start);
        let (end_line, end_column) = index.line_col(note.span.end);
        let file = path.display().to_string();
        let _ = writeln!(
            self.notes,
            "note: {}\n --> {}:{line}:{column}",
            note.text,
            terminal_text(&file)
        );
        self.json.push(json!({
            "file": file,
            "line": line,
            "column": column,
            "end_line": end_line,
            "end_column": end_column,
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
        }));
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
