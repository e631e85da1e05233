//! Arbitrary bytes → parse → analysis → every query of the analysis. Nothing may panic, and
//! every span handed to an editor must lie inside the text, on character boundaries.
#![no_main]

use carc_analysis::Span;
use libfuzzer_sys::fuzz_target;

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
            // The fixed text is analysed like any other.
            let _ = carc_analysis::analyze(&fixed);
        }
    }
});
