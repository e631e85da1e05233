//! Inlay hints fit an editor (issue 26, items 1 and 5): every label is short (VS Code cuts a
//! hint after 43 characters), the sentence is in the tooltip and in hover, an illegal turn
//! names each code once, a score names the inn or cathedral, `end` says it in words.

use std::path::{Path, PathBuf};

use carc_analysis::{analyze, hover, inlay_hints, InlayHint, Span, HINT_LABEL_LIMIT};

fn hints(text: &str) -> Vec<InlayHint> {
    inlay_hints(&analyze(text), Span::new(0, text.len()))
}

/// Every `.carc` file under `dir`, recursively, sorted.
fn carc_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("readable directory")
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            carc_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "carc") {
            out.push(path);
        }
    }
}

/// `text` without its written expectations (`=> …` up to a comment): every turn then gets
/// its score hint, the longest kind.
fn without_expectations(text: &str) -> String {
    text.lines()
        .map(|line| match line.find(" => ") {
            Some(at) => {
                let comment = line[at..].find('#').map_or("", |c| &line[at + c..]);
                format!(
                    "{}{}",
                    &line[..at],
                    if comment.is_empty() { "" } else { " " }
                ) + comment
            }
            None => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_hint_label_of_every_example_fits_the_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut files = Vec::new();
    carc_files(&root, &mut files);
    assert!(files.len() > 20, "examples found: {files:?}");
    let mut seen = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable example");
        for text in [text.clone(), without_expectations(&text)] {
            for hint in hints(&text) {
                seen += 1;
                assert!(
                    hint.label.chars().count() <= HINT_LABEL_LIMIT,
                    "{}: {:?} has {} characters (at most {HINT_LABEL_LIMIT})",
                    file.display(),
                    hint.label,
                    hint.label.chars().count()
                );
                assert!(
                    !hint.label.is_empty() && !hint.tooltip.is_empty(),
                    "{}: {hint:?}",
                    file.display()
                );
            }
        }
    }
    // the examples' score, meeple, goods, bonus and end hints: hundreds of them
    assert!(seen > 300, "only {seen} hints seen");
}

#[test]
fn a_farmer_gets_the_number_and_the_noun_and_the_sentence_in_tooltip_and_hover() {
    // The repro of the issue: D's field north-east of the road, next to D's own city, which
    // is open: the field touches 0 completed cities, worth 0 (3 per completed city).
    let text = "players red blue\ntile D 0,0 red farmer NE\n";
    let hints = hints(text);
    assert_eq!(hints.len(), 1, "{hints:?}");
    assert_eq!(hints[0].label, "farmer: 0 now");
    let sentence = "field touching 0 completed cities: 0 at the end";
    assert_eq!(hints[0].tooltip, sentence);
    let card = hover(&analyze(text), text.find("farmer").unwrap())
        .expect("a card on the farmer")
        .markdown;
    assert!(card.contains("field touching 0 completed cities"), "{card}");
}

#[test]
fn an_illegal_turn_names_each_code_once() {
    // E at 1,0 between two D tiles: its west and its east sides are fields, both neighbours
    // show roads there: two edge-mismatch errors, one code in the hint.
    let text = "players red blue\ntile D 0,0\ntile D 2,0\nturn red E 1,0\n";
    assert_eq!(analyze(text).diagnostics().len(), 2);
    let hints = hints(text);
    assert_eq!(hints.len(), 1, "{hints:?}");
    assert_eq!(hints[0].label, "illegal: edge-mismatch");
    assert_eq!(hints[0].tooltip.matches("edge-mismatch").count(), 1);
    let card = hover(&analyze(text), text.find("turn").unwrap())
        .expect("a card on the turn")
        .markdown;
    assert_eq!(card.matches("edge-mismatch").count(), 1, "{card}");
}

#[test]
fn a_score_hint_shows_the_inn_and_the_end_hint_says_it_in_words() {
    // examples/expansions/inn.carc: A + D + ic.B + A, a completed road of 4 tiles with an
    // inn: 4 x 2 = 8 for red.
    let text = "rules farmers inns-cathedrals\nplayers red blue\ntile D 0,0\n\
                tile ic.B 1,0 red traveller W\ntile A 2,0 r90\nturn blue A -1,0 r270\nend\n";
    let hints = hints(text);
    let labels: Vec<&str> = hints.iter().map(|h| h.label.as_str()).collect();
    assert!(labels.contains(&"red +8 · road with inn"), "{labels:?}");
    let turn = hints
        .iter()
        .find(|h| h.label == "red +8 · road with inn")
        .unwrap();
    assert!(turn.tooltip.contains("(inn)"), "{}", turn.tooltip);
    // the end: the road scored during play, nothing is left: red 8 in all (+0), blue 0 (+0)
    assert!(
        labels.contains(&"final: red 8 (+0), blue 0 (+0)"),
        "{labels:?}"
    );
    assert!(
        hints
            .iter()
            .any(|h| h.tooltip == "final scoring: red +0, total 8; blue +0, total 0"),
        "{hints:?}"
    );
}
