//! Explanations that teach (issue 12 §4): what a score-mismatch says, what hover and inlay
//! hints show on majorities, ties, fields and illegal turns, and the quick fixes offered.
//! Every number is derived by hand from the rules (tiles.md) in the comment beside it.

use carc_analysis::{analyze, code_actions, hover, inlay_hints, Analysis, Code, Span};

fn labels(analysis: &Analysis) -> Vec<String> {
    inlay_hints(analysis, Span::new(0, analysis.text().len()))
        .into_iter()
        .map(|h| h.label)
        .collect()
}

/// The hover card on the first occurrence of `word` in `text` outside comments.
/// The hover card at the first `word` that is not in a comment nor inside a
/// `refused …: turn …` line.
fn card(text: &str, word: &str) -> String {
    let offset = text
        .match_indices(word)
        .map(|(i, _)| i)
        .find(|i| {
            let before = text[..*i].rsplit('\n').next().unwrap_or("");
            !before.contains('#') && !before.trim_start().starts_with("refused")
        })
        .unwrap_or_else(|| panic!("no `{word}`"));
    hover(&analyze(text), offset)
        .unwrap_or_else(|| panic!("no hover on `{word}`"))
        .markdown
}

fn lesson(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/lessons")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn score_mismatch_names_what_the_tile_completed_for_nobody() {
    // E r180 on the start tile's cap closes a city of 2 tiles: 2 x 2 = 4, but no meeple holds
    // it, so nobody scores; the author expected red +4.
    let text = "players red blue\ntile D 0,0\nturn red E 0,1 r180 => red +4\n";
    let analysis = analyze(text);
    let messages: Vec<&str> = analysis
        .diagnostics()
        .iter()
        .filter(|d| d.code == Code::ScoreMismatch)
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(messages.len(), 1, "{:?}", analysis.diagnostics());
    assert!(
        messages[0].contains("completes a city of 2 tiles (4) that holds no meeple"),
        "{}",
        messages[0]
    );
    assert!(
        !messages[0].contains("completes nothing"),
        "{}",
        messages[0]
    );
    // A tile that completes nothing still says so: U beside D closes no road (both ends open).
    let text = "players red blue\ntile D 0,0\nturn red U 1,0 r90 => red +2\n";
    let analysis = analyze(text);
    assert!(
        analysis.diagnostics()[0]
            .message
            .ends_with("the tile completes nothing"),
        "{:?}",
        analysis.diagnostics()
    );
}

#[test]
fn an_illegal_turn_gets_no_score_check_no_score_fix_and_says_it_is_illegal() {
    // E r0 at 0,1 shows a field to D's city: edge-mismatch. Its own cap stays a lone open
    // city, so it scores nothing, whatever `=> red +4` claims: no follow-on mismatch.
    let text = "players red blue\ntile D 0,0\nturn red E 0,1 knight N => red +4\n";
    let analysis = analyze(text);
    let codes: Vec<Code> = analysis.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::EdgeMismatch]);
    let actions = code_actions(&analysis, Span::new(0, text.len()));
    assert!(
        actions
            .iter()
            .all(|a| a.edits.iter().all(|e| !e.new_text.contains("=>"))),
        "no quick fix writes a score for an illegal turn: {actions:?}"
    );
    assert!(!actions.is_empty(), "the rotation fix is still offered");
    // The hint and the card say the turn is illegal, never a bare `+0`.
    let hints = labels(&analysis);
    assert!(
        hints.contains(&"illegal: edge-mismatch".to_owned()),
        "{hints:?}"
    );
    assert!(!hints.iter().any(|h| h.contains("+0")), "{hints:?}");
    let turn = card(text, "turn");
    assert!(turn.contains("**illegal** (edge-mismatch)"), "{turn}");
    assert!(!turn.contains("scores nothing"), "{turn}");
}

#[test]
fn inlay_hints_do_not_repeat_a_written_expectation_and_show_ties_by_colour() {
    // Lesson 6: R merges three caps, 4 tiles, complete: 4 x 2 = 8; red 1 knight v blue 1, a
    // tie: both score 8. The lesson writes `=> red +8, blue +8`: no turn hint repeats it.
    let text = lesson("06-tied-majority.carc");
    let written = labels(&analyze(&text));
    assert!(!written.iter().any(|h| h.contains("+8")), "{written:?}");
    // City-cap: the knight's hint says it returns; the score is already written.
    let hints = labels(&analyze(
        "players red blue\ntile D 0,0\nturn red E 0,1 r180 knight S => red +4\n",
    ));
    assert_eq!(hints, ["returns at once"]);
    let bare = text.replace(" => red +8, blue +8", "");
    assert_ne!(bare, text);
    let hints = labels(&analyze(&bare));
    assert!(
        hints.contains(&"red +8, blue +8 · city".to_owned()),
        "{hints:?}"
    );
}

#[test]
fn hover_on_a_majority_counts_the_meeples_and_says_who_scores() {
    // Lesson 7: G joins a 5-tile city, no shield, complete: 5 x 2 = 10; red 2 knights v blue 1.
    let text = lesson("07-meeple-majority.carc");
    let turn = card(&text, "turn blue");
    assert!(
        turn.contains("red 2 knights v blue 1: red scores 10, blue 0"),
        "{turn}"
    );
    // Lesson 6: 4 tiles x 2 = 8, red 1 v blue 1: both score the full 8.
    let text = lesson("06-tied-majority.carc");
    let turn = card(&text, "turn red");
    assert!(
        turn.contains("red 1 knight v blue 1: red scores 8, blue 8"),
        "{turn}"
    );
}

#[test]
fn hover_on_a_field_names_the_cities_it_touches() {
    // Lesson 10: red's field touches city X (I's north cap + the cap at 0,1) from two tiles,
    // city Y (I's west cap + the cap at -1,0, closed by blue's turn) once, and the lone cap at
    // 0,-1, unfinished. 2 distinct completed cities x 3 = 6.
    let text = lesson("10-field-counting.carc");
    let end = card(&text, "end ");
    assert!(end.contains("2 × 3 = 6 for red"), "{end}");
    assert!(
        end.contains("the city on 0,0 + 0,1 (complete: 3; touched twice, counted once)"),
        "{end}"
    );
    assert!(
        end.contains("the city on 0,0 + -1,0 (complete: 3)"),
        "{end}"
    );
    assert!(
        end.contains("the city on 0,-1 (unfinished: gives nothing)"),
        "{end}"
    );
    assert!(
        !end.contains("unfinished)"),
        "fields are never complete: {end}"
    );
    // The farmer's card in the setup: Y is still open there (I's west cap alone).
    let farmer = card(&text, "farmer NE");
    assert!(
        farmer.contains("the city on 0,0 (unfinished: gives nothing)"),
        "{farmer}"
    );
}

#[test]
fn tile_cards_say_open_sides_in_words_and_skip_empty_fields_worth_nothing() {
    // D alone: city cap with 1 open side, road with 2; its fields hold no meeple and touch no
    // completed city (0 x 3 = 0): no line for them.
    let text = "players red blue\ntile D 0,0\n";
    let tile = card(text, "D 0,0");
    assert!(tile.contains("city of 1 tile, open: 1 open side"), "{tile}");
    assert!(
        tile.contains("road of 1 tile, open: 2 open sides"),
        "{tile}"
    );
    assert!(!tile.contains("open)"), "{tile}");
    assert!(!tile.contains("**field**"), "{tile}");
    // A field with a farmer keeps its line even when it is worth 0 so far.
    let text = "players red blue\ntile D 0,0 red farmer NE\n";
    assert!(card(text, "D 0,0").contains("**field**"));
}

#[test]
fn rough_edges_plural_cities_glyph_before_meeple_and_unquoted_variation_name() {
    // H has two separate cities: a knight without a place is ambiguous.
    let analysis = analyze("players red blue\ntile H 0,0 red knight\n");
    let message = &analysis.diagnostics()[0].message;
    assert!(message.contains("H has 2 cities here"), "{message}");
    assert!(!analysis
        .diagnostics()
        .iter()
        .any(|d| d.message.contains("citys")));

    // A glyph before the meeple: the syntax error says where it goes.
    let analysis =
        analyze("players red blue\ntile D 0,0\nturn red E 0,1 r180 ! knight S => red +4\n");
    let d = &analysis.diagnostics()[0];
    assert_eq!(d.code, Code::Syntax);
    assert!(
        d.message.contains("a glyph goes after the meeple")
            && d.message
                .contains("`turn red E 0,1 r180 knight S ! => red +4`"),
        "{}",
        d.message
    );

    // An unquoted variation name: one syntax error, and its `}` closes it; the block is still
    // a variation, so the main line's E at 0,1 is not a duplicate.
    let text = "players red blue\ntile D 0,0 red knight N\nvariation close it {\n  turn blue E 0,1 r180 => red +4\n}\nturn blue E 0,1 r180 => red +4\n";
    let analysis = analyze(text);
    let codes: Vec<Code> = analysis.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::Syntax], "{:?}", analysis.diagnostics());
}
