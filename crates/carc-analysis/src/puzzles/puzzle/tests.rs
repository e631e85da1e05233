//! The puzzle check's tests.

use super::note::legal_moves;
use super::*;
use crate::Analysis;

#[test]
fn counts_of_moves_are_grouped_by_thousands() {
    // a puzzle on a board of 2,000 tiles lists about 12,000 moves: "12000" read as 1200
    assert_eq!(legal_moves(12_000), "12,000 legal moves");
    assert_eq!(legal_moves(1), "1 legal move");
    assert_eq!(legal_moves(999), "999 legal moves");
}

fn lens(text: &str) -> Vec<String> {
    code_lenses(&crate::analyze(text))
        .into_iter()
        .map(|l| l.title)
        .collect()
}

#[test]
fn the_unique_best_answer_gets_a_lens_and_no_diagnostic() {
    // D at 0,0; E has 4 placements: 0,1 r180 (2 moves with a meeple on the completed city
    // or the field, plus none = 3) and 0,-1 r90/r180/r270 (3 moves each): 12 moves. Only
    // 0,1 r180 scores: the 2-tile city, 2 × 2 = 4, for red only with red's knight.
    let text = "puzzle\nplayers red blue\ntile D 0,0\nturn red E 0,1 r180 knight S\n";
    assert_eq!(
        lens(text),
        vec!["12 legal moves · this is the unique best, +4"]
    );
    let analysis = crate::analyze(text);
    assert!(analysis.diagnostics().is_empty());
    assert_eq!(
        puzzle_note(&analysis).map(|n| n.text),
        Some("puzzle (points): the answer is the unique best, +4; 12 legal moves".to_owned())
    );
}

#[test]
fn grouped_numbers() {
    assert_eq!(grouped(0), "0");
    assert_eq!(grouped(999), "999");
    assert_eq!(grouped(1904), "1,904");
    assert_eq!(grouped(20_000_000), "20,000,000");
}

#[test]
fn a_worse_answer_is_not_best_and_names_the_better_move() {
    let text = "puzzle\ntile D 0,0\nturn red E 0,-1 r90\n";
    let analysis = crate::analyze(text);
    let codes: Vec<_> = analysis.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, vec![Code::NotBest]);
    assert!(analysis.diagnostics()[0]
        .message
        .contains("E 0,1 r180 knight S scores +4 for red, the answer +0"));
    assert_eq!(
        lens(text),
        vec!["12 legal moves · not the best: E 0,1 r180 knight S scores +4, this +0"]
    );
}

const BLOCK: &str = include_str!("../../../../../examples/puzzles/block-the-city.carc");

#[test]
fn a_final_goal_ranks_by_the_search() {
    // crates/carc-rules/tests/search.rs values all 18 moves by hand: blocking with the
    // knight is the unique best, +1.
    assert_eq!(
        lens(BLOCK),
        vec!["18 legal moves · this is the unique best, +1"]
    );
    // The greedy answer (closing red's own city, +4 at once) is worth 0: blue then closes
    // the start tile's city.
    let greedy = BLOCK.replace("turn red E 1,1 r270 knight W", "turn red E 0,-2 r0");
    let analysis = crate::analyze(&greedy);
    let d = analysis.diagnostics();
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].code, Code::NotBest);
    assert!(d[0]
        .message
        .contains("E 1,1 r270 knight W is worth +1 for red, the answer +0"));
    assert!(d[0]
        .message
        .contains("After the answer: blue E 0,1 r180, final score red 4, blue 4"));
    // `score` (red's own final score): closing is worth red 4 whatever blue does (red has
    // no meeple left on the board), blocking 2 under blue's first move in order. But blue
    // (no meeple in supply, its city blocked) scores the same wherever its E goes, and
    // one of those equal moves, E 0,-2 r0, closes red's city for red: 2 tiles x 2 = 4,
    // plus 1 for red's knight on the open one-tile city E 1,1 = 5 > 4. Unique only under
    // one tie-break (docs/puzzles.md, "Ties").
    let score = greedy.replace("puzzle final", "puzzle score");
    assert_eq!(
        lens(&score),
        vec!["18 legal moves · unique only under one tie-break: E 1,1 r270 knight W can be worth 5 points, this 4 points"]
    );
}

#[test]
fn the_search_is_reused_while_the_position_before_the_answer_is_unchanged() {
    let first = crate::analyze(BLOCK);
    let searched = |a: &Analysis| {
        a.puzzle
            .as_ref()
            .and_then(|p| p.search.as_ref())
            .map(|s| s.reused)
    };
    assert_eq!(searched(&first), Some(false));
    assert!(!first.puzzle_search_reused());
    let other_answer = BLOCK.replace("turn red E 1,1 r270 knight W", "turn red E 0,-2 r0");
    let second = crate::analyze_incremental(&other_answer, Some(&first));
    assert_eq!(searched(&second), Some(true));
    assert!(second.puzzle_search_reused());
    assert_eq!(second.diagnostics()[0].code, Code::NotBest);
    let other_setup = other_answer.replace("supply blue 0", "supply blue 1");
    assert_eq!(
        searched(&crate::analyze_incremental(&other_setup, Some(&second))),
        Some(false)
    );
}

#[test]
fn a_search_out_of_budget_claims_nothing_and_says_so() {
    // Nine draws from the start tile alone is far beyond the editor's budget.
    let text = "puzzle final\nplayers red blue\ndraws E U V W U V E U V\ntile D 0,0\nturn red E 0,1 r180\n";
    let analysis = crate::analyze(text);
    let codes: Vec<_> = analysis.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, vec![Code::SearchIncomplete]);
    let message = &analysis.diagnostics()[0].message;
    assert!(
        message.contains("of 9 draws searched")
            && message.contains("its limit of 20,000 positions"),
        "{message}"
    );
    let note = puzzle_note(&analysis).unwrap();
    assert_eq!(note.verdict, "incomplete");
    assert!(
        note.text
            .starts_with("puzzle (final, 9 draws): nothing proven"),
        "{}",
        note.text
    );
    // A memory limit is named as such, in MiB.
    let tiny = SearchOptions {
        memory: 64 << 10,
        ..SearchOptions::editor()
    };
    let analysis = crate::analyze_with(text, None, &tiny);
    let message = &analysis.diagnostics()[0].message;
    assert!(message.contains("its memory limit of 64 KiB"), "{message}");
    let lens = lens(text);
    assert!(lens[0].contains("search incomplete:"), "{lens:?}");
    assert!(lens[0].contains("of 9 draws searched"), "{lens:?}");
}

#[test]
fn without_a_puzzle_line_nothing_is_ranked() {
    assert!(lens("tile D 0,0\nturn red E 0,-1 r90\n").is_empty());
}

#[test]
fn an_answer_with_an_error_is_not_ranked() {
    // E at 0,1 r0 shows a field south onto D's city: edge-mismatch, no ranking.
    let analysis = crate::analyze("puzzle\ntile D 0,0\nturn red E 0,1\n");
    let codes: Vec<_> = analysis.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, vec![Code::EdgeMismatch]);
    assert!(code_lenses(&analysis).is_empty());
}
