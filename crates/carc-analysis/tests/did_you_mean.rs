//! "Did you mean": every misspelt word of a closed list (keyword, `rules` option, colour, role,
//! rotation, tile token, diagnostic code) gets the nearest words by edit distance in its
//! message, and the same words as quick fixes that replace exactly the misspelt word.

use carc_analysis::{analyze, code_actions, Code, Span};

/// The diagnostic on `word` (its first occurrence in `text`): its code, its message, and the
/// quick fixes for it as (title, the text after applying the fix).
fn fixes_for(text: &str, word: &str) -> (Code, String, Vec<(String, String)>) {
    let analysis = analyze(text);
    let start = text.find(word).expect("the word is in the text");
    let span = Span::new(start, start + word.len());
    let diagnostic = analysis
        .diagnostics()
        .iter()
        .find(|d| d.span == span)
        .unwrap_or_else(|| panic!("a diagnostic on `{word}`: {:?}", analysis.diagnostics()));
    let fixes = code_actions(&analysis, span)
        .into_iter()
        .filter(|a| a.fixes == Some((diagnostic.code, span)))
        .map(|a| {
            assert_eq!(a.edits.len(), 1, "one edit: the word");
            let edit = &a.edits[0];
            assert_eq!(edit.span, span, "the fix replaces the misspelt word only");
            let mut fixed = text.to_owned();
            fixed.replace_range(edit.span.start..edit.span.end, &edit.new_text);
            (a.title, fixed)
        })
        .collect();
    (diagnostic.code, diagnostic.message.clone(), fixes)
}

#[test]
fn a_misspelt_keyword_gets_the_keyword_and_a_quick_fix() {
    // `titel` swaps two letters of `title`: one edit (not two), so it is the only suggestion
    let text = "titel \"Farmers\"\ntile D 0,0\n";
    let (code, message, fixes) = fixes_for(text, "titel");
    assert_eq!(code, Code::Syntax);
    assert!(
        message.ends_with("(found `titel`; did you mean `title`?)"),
        "{message}"
    );
    assert_eq!(
        fixes,
        [(
            "Change to `title`".to_owned(),
            "title \"Farmers\"\ntile D 0,0\n".to_owned()
        )]
    );
    // and the fixed text is clean
    assert!(analyze(&fixes[0].1).diagnostics().is_empty());
}

#[test]
fn a_misspelt_rules_option_colour_role_and_rotation_are_suggested() {
    let cases = [
        // (text, misspelt word, suggestion)
        (
            "rules inn-cathedrals\ntile D 0,0\n",
            "inn-cathedrals",
            "inns-cathedrals",
        ),
        ("players red bleu\ntile D 0,0\n", "bleu", "blue"),
        (
            "players red blue\ntile D 0,0 red farmr NE\n",
            "farmr",
            "farmer",
        ),
        ("tile D 0,0\ntile E 0,1 R180\n", "R180", "r180"),
    ];
    for (text, word, suggestion) in cases {
        let (code, message, fixes) = fixes_for(text, word);
        assert_eq!(code, Code::Syntax, "{text}");
        assert!(
            message.ends_with(&format!("did you mean `{suggestion}`?)")),
            "{text}: {message}"
        );
        assert_eq!(fixes.len(), 1, "{text}: {fixes:?}");
        assert_eq!(fixes[0].0, format!("Change to `{suggestion}`"));
        assert!(
            analyze(&fixes[0].1).diagnostics().is_empty(),
            "{}",
            fixes[0].1
        );
    }
}

#[test]
fn a_token_with_a_letter_its_set_lacks_gets_that_letter_in_the_other_sets() {
    // Inns & Cathedrals stops at ic.Q: `ic.R` means a three-sided city R of another set (the
    // base game's R, Traders & Builders' tb.R, The Princess & the Dragon's pd.R), not the
    // alphabetical neighbours ic.A–ic.C
    let text = "rules inns-cathedrals traders-builders\ntile D 0,0\ntile ic.R 0,-1\n";
    let (code, message, fixes) = fixes_for(text, "ic.R");
    assert_eq!(code, Code::UnknownTile);
    assert_eq!(
        message,
        "`ic.R` is not a tile (Inns & Cathedrals has ic.A to ic.Q); did you mean `R`, `tb.R` or `pd.R`?"
    );
    let titles: Vec<&str> = fixes.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        titles,
        ["Change to `R`", "Change to `tb.R`", "Change to `pd.R`"]
    );
    // a letter-case slip is the nearest of all
    let (_, message, fixes) = fixes_for(
        "rules inns-cathedrals\ntile D 0,0\ntile ic.k 0,-1\n",
        "ic.k",
    );
    assert_eq!(message, "`ic.k` is not a tile; did you mean `ic.K`?");
    assert_eq!(fixes.len(), 1);
}

#[test]
fn a_misspelt_code_in_refused_gets_the_code_as_a_quick_fix() {
    let text = "players red blue\ntile D 0,0\nrefused edge-mismatsh: turn red E 1,0\n";
    let (code, message, fixes) = fixes_for(text, "edge-mismatsh");
    assert_eq!(code, Code::UnknownCode);
    assert!(
        message.ends_with("did you mean `edge-mismatch`?"),
        "{message}"
    );
    assert_eq!(fixes.len(), 1);
    assert_eq!(
        fixes[0].1,
        "players red blue\ntile D 0,0\nrefused edge-mismatch: turn red E 1,0\n"
    );
}

#[test]
fn a_word_far_from_every_word_gets_no_suggestion_and_no_fix() {
    let (_, message, fixes) = fixes_for("xyzzy\n", "xyzzy");
    assert!(!message.contains("did you mean"), "{message}");
    assert!(fixes.is_empty());
}
