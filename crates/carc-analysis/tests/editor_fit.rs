//! What an editor does with the analysis's answers (issue 26, item 7): the rotate quick fix
//! leaves a formatted file formatted (the `=>` and the comment stay in their column), and
//! completion at the start of a line offers only the statements the file's rules allow.

use carc_analysis::{analyze, code_actions, completions, Code, CodeAction};

/// `text` with every edit of `action` applied (from the last, so offsets stay valid).
fn apply(text: &str, action: &CodeAction) -> String {
    let mut edits = action.edits.clone();
    edits.sort_by_key(|e| std::cmp::Reverse(e.span.start));
    let mut out = text.to_owned();
    for edit in edits {
        out.replace_range(edit.span.start..edit.span.end, &edit.new_text);
    }
    out
}

/// The rotate fix of the edge-mismatch of `text`.
fn rotate_fix(text: &str) -> CodeAction {
    let analysis = analyze(text);
    let mismatch = analysis
        .diagnostics()
        .iter()
        .find(|d| d.code == Code::EdgeMismatch)
        .unwrap_or_else(|| panic!("an edge-mismatch in {text}"))
        .span;
    code_actions(&analysis, mismatch)
        .into_iter()
        .find(|a| a.title.starts_with("Turn the tile to"))
        .expect("a rotate fix")
}

#[test]
fn the_rotate_fix_keeps_a_formatted_file_formatted() {
    // E at 0,1 r90 shows its city east and a field south, where D's city is: only r180
    // fits. `r90` → `r180` grows the line by one: the padding before `=>` (or before the
    // comment) shrinks by one, so the column stays.
    let with_arrow = "players red blue\ntile D 0,0\nturn red E 0,1 r90 knight S => red +4\n\
                      turn blue U 1,0 r90 traveller => nothing\n";
    let without_rotation = "players red blue\ntile D 0,0\nturn red E 0,1  # the cap\n\
                            turn blue U 1,0 r90 traveller  # a road\n";
    for text in [with_arrow, without_rotation] {
        let formatted = carc_notation::format(text);
        assert_ne!(formatted, text, "the fixture is not yet aligned");
        let fixed = apply(&formatted, &rotate_fix(&formatted));
        assert!(fixed.contains("turn red E 0,1 r180"), "{fixed}");
        assert_eq!(
            carc_notation::format(&fixed),
            fixed,
            "still formatted:\n{fixed}"
        );
        assert!(analyze(&fixed).diagnostics().is_empty(), "{fixed}");
    }
}

#[test]
fn completion_at_a_line_start_offers_only_what_the_rules_allow() {
    let words = |text: &str| -> Vec<String> {
        let analysis = analyze(text);
        completions(&analysis, text.len())
            .into_iter()
            .map(|i| i.label)
            .collect()
    };
    let base = words("players red blue\ntile D 0,0\n");
    assert!(base.contains(&"turn".to_owned()), "{base:?}");
    assert!(!base.contains(&"bonus".to_owned()), "{base:?}");
    assert!(!base.contains(&"goods".to_owned()), "{base:?}");
    let traders = words("rules traders-builders\nplayers red blue\ntile D 0,0\n");
    assert!(traders.contains(&"bonus".to_owned()), "{traders:?}");
    assert!(traders.contains(&"goods".to_owned()), "{traders:?}");
}
