//! Arbitrary bytes → parse → analysis → every query of the analysis. Nothing may panic, and
//! every span handed to an editor must lie inside the text, on character boundaries. Also
//! what the CLI and `carc.showBoard` ask: `moves` for a few tiles at a few lines, the board
//! at a few lines and offsets drawn as SVG (well-formed XML, checked by the render tests'
//! checker) and as text, code lenses, and hover on every keyword of the first lines (the
//! setup's first keyword shows the reachability witness); `analyze_incremental` from this
//! analysis equals `analyze` on edited texts (code-action fixes and typical keystrokes).
#![no_main]

use carc_analysis::{Analysis, Span};
use libfuzzer_sys::fuzz_target;

#[path = "../../crates/carc-analysis/tests/support/xml.rs"]
#[allow(dead_code)]
mod xml;

/// The SVG is one well-formed `<svg>` element; the text view is not empty.
fn check_board(board: &carc_analysis::Board) {
    let svg = carc_analysis::render_svg(board);
    assert!(svg.starts_with("<svg"), "{svg:?}");
    if let Err(e) = xml::parse_xml(&svg) {
        panic!("the SVG is not well-formed: {e}\n{svg}");
    }
    assert!(!carc_analysis::render_ascii(board).is_empty());
}

/// `analyze_incremental` from the analysis of `text` gives what `analyze` gives on `edited`
/// (the same diagnostics and the same hovers on the keywords of the first lines, where the
/// reachability witness shows).
fn check_incremental(previous: &Analysis, edited: &str) {
    let incremental = carc_analysis::analyze_incremental(edited, Some(previous));
    let fresh = carc_analysis::analyze(edited);
    assert_eq!(
        incremental.diagnostics(),
        fresh.diagnostics(),
        "analyze_incremental from {:?} differs on {edited:?}",
        previous.text()
    );
    for line in carc_notation::parse(edited).lines.iter().take(32) {
        if let carc_notation::LineKind::Statement(s) = &line.kind {
            assert_eq!(
                carc_analysis::hover(&incremental, s.keyword.start),
                carc_analysis::hover(&fresh, s.keyword.start),
                "hover differs after analyze_incremental from {:?} on {edited:?}",
                previous.text()
            );
        }
    }
}

/// `moves`, the board and its pictures at a few lines; code lenses; hover on keywords.
fn check_views(text: &str, analysis: &Analysis, lines: &[carc_notation::Line]) {
    let n = lines.len();
    let mut at: Vec<usize> = vec![0, n / 3, n / 2, (2 * n) / 3, n.saturating_sub(1), n];
    at.dedup();
    // The last word picks one more tile token (any word, a known tile or not).
    let extra = text.split_whitespace().last().unwrap_or("Z");
    for &line in &at {
        let board = carc_analysis::board_at_line(analysis, line);
        assert_eq!(
            board.is_some(),
            line < n,
            "board_at_line({line}) of {n} lines"
        );
        if let Some(board) = board {
            check_board(&board);
        }
        for tile in ["A", "D", "E", "V", extra] {
            match carc_analysis::moves(analysis, tile, Some(line)) {
                Ok(list) => {
                    for m in &list.moves {
                        assert!(!m.text.is_empty());
                    }
                }
                Err(e) => assert!(!e.code().is_empty()),
            }
        }
    }
    let _ = carc_analysis::moves(analysis, "E", None);
    for offset in [None, Some(0), Some(text.len() / 2), Some(text.len())] {
        let offset = offset.filter(|&o| text.is_char_boundary(o));
        check_board(&carc_analysis::board_at(analysis, offset));
    }
    for lens in carc_analysis::code_lenses(analysis) {
        check_span(text, lens.span, "code lens");
        assert!(!lens.title.is_empty());
    }
    for line in lines.iter().take(32) {
        if let carc_notation::LineKind::Statement(s) = &line.kind {
            for offset in [s.keyword.start, s.keyword.end] {
                if let Some(hover) = carc_analysis::hover(analysis, offset) {
                    check_span(text, hover.span, "keyword hover");
                }
            }
        }
    }
}

/// A span an editor can use: ordered, inside the text, on character boundaries.
fn check_span(text: &str, span: Span, what: &str) {
    assert!(
        span.start <= span.end && text.get(span.start..span.end).is_some(),
        "{what}: bad span {}..{} in a text of {} bytes",
        span.start,
        span.end,
        text.len()
    );
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    let parse = carc_notation::parse(text);
    for line in &parse.lines {
        check_span(text, line.span, "line");
    }
    for error in &parse.errors {
        check_span(text, error.span, "syntax error");
        assert!(!error.message().is_empty());
    }

    let analysis = carc_analysis::analyze(text);
    assert_eq!(analysis.text(), text);
    for d in analysis.diagnostics() {
        check_span(text, d.span, d.code.as_str());
        assert!(!d.message.is_empty(), "{d:?}");
        for r in &d.related {
            check_span(text, r.span, "related");
        }
    }
    let whole = Span::new(0, text.len());
    for hint in carc_analysis::inlay_hints(&analysis, whole) {
        assert!(text.is_char_boundary(hint.offset), "{hint:?}");
    }
    for symbol in carc_analysis::symbols(&analysis) {
        check_span(text, symbol.span, "symbol");
        check_span(text, symbol.selection, "symbol selection");
    }
    for token in carc_analysis::semantic_tokens(&analysis) {
        check_span(text, token.span, "semantic token");
    }
    // Queries at a bounded number of cursor positions (about 24, spread over the text, plus
    // the end), and code actions over each line.
    let mut offsets: Vec<usize> = (0..=text.len())
        .step_by(1 + text.len() / 24)
        .filter(|&i| text.is_char_boundary(i))
        .collect();
    offsets.push(text.len());
    for &offset in &offsets {
        if let Some(hover) = carc_analysis::hover(&analysis, offset) {
            check_span(text, hover.span, "hover");
        }
        for item in carc_analysis::completions(&analysis, offset) {
            check_span(text, item.replace, "completion");
        }
        for span in carc_analysis::highlights(&analysis, offset) {
            check_span(text, span, "highlight");
        }
    }
    check_views(text, &analysis, &parse.lines);
    // Edits an editor makes: type a turn below, delete the last line, change one character.
    check_incremental(&analysis, &format!("{text}\nturn red E 0,1\n"));
    if let Some(last) = parse.lines.last() {
        check_incremental(&analysis, &text[..last.span.start]);
    }
    if let Some((i, _)) = text.char_indices().nth(text.chars().count() / 2) {
        let mut edited = text.to_owned();
        edited.replace_range(
            i..i + edited[i..].chars().next().map_or(0, char::len_utf8),
            " ",
        );
        check_incremental(&analysis, &edited);
    }
    let mut ranges: Vec<Span> = parse.lines.iter().map(|l| l.span).take(16).collect();
    ranges.push(whole);
    for range in ranges {
        for action in carc_analysis::code_actions(&analysis, range) {
            let mut fixed = text.to_owned();
            let mut edits = action.edits.clone();
            edits.sort_by_key(|e| std::cmp::Reverse(e.span.start));
            for edit in &edits {
                check_span(text, edit.span, "code action edit");
                fixed.replace_range(edit.span.start..edit.span.end, &edit.new_text);
            }
            if let Some((_, span)) = action.fixes {
                check_span(text, span, "fixed diagnostic");
            }
            // The fixed text is analysed like any other, and incrementally the same.
            check_incremental(&analysis, &fixed);
        }
    }
});
