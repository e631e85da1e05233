//! Uniqueness under ties (docs/puzzles.md, "Ties"): a puzzle's answer is unique only if it
//! stays strictly best whatever an indifferent player chooses among equal moves.

use carc_analysis::{analyze, puzzle_note, Code};

/// `tests/data/not-unique-tie.carc` (its comments value the lines by hand): the answer is
/// worth 28 points under blue's first K placement, 22 under blue's K -3,0 r0 (as good for
/// blue), and another E placement may be worth at least 22.
#[test]
fn an_answer_unique_only_under_one_tie_break_is_not_unique_with_the_breaking_line() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/not-unique-tie.carc"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let analysis = analyze(&text);
    let warnings: Vec<_> = analysis
        .diagnostics()
        .iter()
        .filter(|d| d.code == Code::NotUnique)
        .collect();
    assert_eq!(warnings.len(), 1, "{:?}", analysis.diagnostics());
    let message = &warnings[0].message;
    // 28 with the search's choice, 22 after blue's equal K -3,0 r0 (28 - 3 - 3)
    assert!(
        message.contains("worth 28 points for red with the search's choice"),
        "{message}"
    );
    assert!(
        message.contains("but 22 points after blue K -3,0 r0, final score red 22, blue 4"),
        "{message}"
    );
    let note = puzzle_note(&analysis).unwrap();
    assert_eq!(note.verdict, "tied", "{}", note.text);
    assert!(note.text.contains("at worst 22 points"), "{}", note.text);
}
