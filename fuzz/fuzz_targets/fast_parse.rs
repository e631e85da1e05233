//! The parser's fast path (`crates/carc-notation/src/fast.rs`) against the grammar: on
//! arbitrary text, `parse` (fast path where it applies) and `parse_with_grammar_only` give
//! the same lines, the same trees and the same errors.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    let fast = carc_notation::parse(text);
    let grammar = carc_notation::parse_with_grammar_only(text);
    if fast != grammar {
        for (a, b) in fast.lines.iter().zip(&grammar.lines) {
            assert_eq!(
                a, b,
                "the fast path and the grammar disagree on a line of {text:?}"
            );
        }
        assert_eq!(
            fast, grammar,
            "the fast path and the grammar disagree on {text:?}"
        );
    }
});
