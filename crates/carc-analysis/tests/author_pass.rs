//! What a lesson author met writing lessons for the expansions from the documentation alone
//! (issue: an author's pass): hover on `=>`, holders named by figure, hints on two slips,
//! a refused recall in pictures. Every expected value is derived by hand in its comment.

use carc_analysis::{analyze, board_at_line, hover, render_ascii, render_svg, Code};

/// The hover card at the `nth` (0-based) occurrence of `word` in `text`.
fn card_at(text: &str, word: &str, nth: usize) -> String {
    let at = text
        .match_indices(word)
        .nth(nth)
        .unwrap_or_else(|| panic!("{word} #{nth}"))
        .0;
    hover(&analyze(text), at + 1)
        .unwrap_or_else(|| panic!("no hover on {word}"))
        .markdown
}

// The start tile's city closed by a cap: 2 tiles x 2 = 4 for red; at the end nothing is left.
const CAP: &str =
    "players red blue\ntile D 0,0 red knight N\nturn red E 0,1 r180 => red +4\nend => nothing\n";

#[test]
fn hover_on_an_expectation_explains_what_the_line_scored() {
    let turn = card_at(CAP, "=>", 0);
    assert!(turn.contains("**turn** of red"), "{turn}");
    assert!(
        turn.contains("city of 2 tiles (complete): 2 × 2 = 4 for red"),
        "{turn}"
    );
    let end = card_at(CAP, "=>", 1);
    assert!(end.contains("**final scoring**"), "{end}");
    // a wrong expectation: the card still says what the line really scored
    let wrong = CAP.replace("=> red +4", "=> red +5");
    let card = card_at(&wrong, "=>", 0);
    assert!(card.contains("2 × 2 = 4 for red"), "{card}");
    // a bonus part's expectation: the road A, D, U, U, A closes, 5 tiles x 1 = 5
    let bonus = "rules traders-builders\nplayers red blue\ntile A -1,0 r270\ntile D 0,0 red traveller E\ntile U 1,0 r90 red builder E\nturn red U 2,0 r90 => nothing\nbonus red A 3,0 r90 => red +5\n";
    let card = card_at(bonus, "=>", 1);
    assert!(card.contains("**bonus**"), "{card}");
    assert!(
        card.contains("road of 5 tiles (complete): 5 × 1 = 5 for red"),
        "{card}"
    );
}

#[test]
fn hover_names_the_large_meeple_the_abbot_and_the_pig_once() {
    // Red's large farmer on B at -1,1 and blue's farmer on B at 1,1 lie in one field through
    // the cap E at 0,1 (r180, fields N, E, W): the count is red's large farmer (2) v blue 1,
    // not "red 1, blue 1".
    let text = "rules inns-cathedrals\nplayers red blue\ntile E 0,1 r180\ntile B -1,1 red large farmer\ntile B 1,1 blue farmer\n";
    let card = card_at(text, "large", 0);
    assert!(
        card.contains("red's large farmer (counts 2), blue 1"),
        "{card}"
    );
    // The abbot in Eg's garden at 0,1 with one neighbour, D: "red's abbot", not "red 1";
    // worth 1 + 1 = 2 at the end.
    let text = "rules abbot\nplayers red blue\ntile D 0,0\ntile Eg 0,1 r180 red abbot\n";
    let card = card_at(text, "abbot", 1);
    assert!(card.contains("· red's abbot ·"), "{card}");
    assert!(card.contains("(1 + 1 = 2)"), "{card}");
    // Red's farmer on D NE and red's pig on U 1,0 NW share the field north of the road:
    // the pig is listed once (it said "red 1, red's pig + red's pig").
    let text = "rules traders-builders\nplayers red blue\ntile D 0,0 red farmer NE\ntile U 1,0 r90 red pig NW\n";
    let card = card_at(text, "pig", 0);
    assert_eq!(card.matches("red's pig").count(), 2, "{card}"); // the holders and the pig line
    assert!(card.contains("red 1, red's pig ·"), "{card}");
}

#[test]
fn a_completed_monastery_shows_its_arithmetic() {
    // B with all 8 neighbours: 1 + 8 = 9 (it said "complete = 9")
    let text = "players red blue\ntile B 0,0 red monk\ntile U 0,1 r90\ntile V 1,1\ntile U 1,0\ntile V 1,-1 r90\ntile U 0,-1 r90\ntile V -1,-1 r180\ntile U -1,0\nturn red V -1,1 r270 => red +9\n";
    let card = card_at(text, "turn", 0);
    assert!(
        card.contains("monastery with 8 neighbours (complete): 1 + 8 = 9 for red"),
        "{card}"
    );
}

#[test]
fn syntax_errors_hint_at_a_refused_bonus_and_a_second_colour_of_goods() {
    let text = "rules traders-builders\nplayers red blue\ngoods red grain 1, blue wine 1\nexpect goods red grain 1 blue grain 0\nrefused bonus-not-earned: bonus red U 4,0 r90\n";
    let analysis = analyze(text);
    let messages: Vec<&str> = analysis
        .diagnostics()
        .iter()
        .filter(|d| d.code == Code::Syntax)
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert!(
        messages[0].contains("one colour per line"),
        "{}",
        messages[0]
    );
    assert!(
        messages[1].contains("one colour per line"),
        "{}",
        messages[1]
    );
    assert!(
        messages[2].contains("not a `bonus` part"),
        "{}",
        messages[2]
    );
    // a word that is no colour gets no such hint
    let analysis = analyze("rules traders-builders\nplayers red blue\ngoods red grain 1 gold 2\n");
    assert!(!analysis.diagnostics()[0]
        .message
        .contains("colour per line"));
}

#[test]
fn a_refused_recall_crosses_out_the_abbot_and_is_named_in_text() {
    // Ug r90 at 0,0 holds red's abbot in its garden; seven of its eight neighbours are on
    // the board (caps E at -1,1, 1,1 and -1,-1, monasteries B at 0,1 and 0,-1, roads U at
    // -1,0 and 1,0): E at 1,-1 completes the garden, so its recall is refused (bad-recall).
    let text = "rules abbot\nplayers red blue\n\
tile Ug 0,0 r90 red abbot\ntile E -1,1\ntile B 0,1\ntile E 1,1\ntile U -1,0 r90\ntile U 1,0 r90\n\
tile E -1,-1 r180\ntile B 0,-1\nrefused bad-recall: turn red E 1,-1 r180 recall\n";
    let analysis = analyze(text);
    assert!(
        analysis.diagnostics().is_empty(),
        "{:?}",
        analysis.diagnostics()
    );
    let board = board_at_line(&analysis, 10).unwrap();
    let svg = render_svg(&board);
    let refused: String = svg
        .split(r#"<g class="refused""#)
        .nth(1)
        .expect("a refused move")
        .to_owned();
    // the faded tile has no meeple: the one cross is the abbot's
    assert_eq!(refused.matches(r#"class="cross""#).count(), 1, "{refused}");
    let text = render_ascii(&board);
    assert!(
        text.contains("refused at 1,-1: red E r180 recall (bad-recall)"),
        "{text}"
    );
    assert!(text.contains("red abbot at 0,0"), "{text}");
}

#[test]
fn a_bonus_part_that_extends_the_builders_road_says_it_earns_nothing() {
    // Red's builder on U 1,0 (road A, D, U open east): U at 2,0 extends it (bonus earned);
    // the bonus U at 3,0 extends it again, which earns nothing: a bonus never earns another.
    let text = "rules traders-builders\nplayers red blue\ntile A -1,0 r270\ntile D 0,0 red traveller E\ntile U 1,0 r90 red builder E\nturn red U 2,0 r90 => nothing\nbonus red U 3,0 r90 => nothing\n";
    let card = card_at(text, "bonus", 0);
    assert!(
        card.contains("extends the road of red's builder (at 1,0) again, but a bonus tile never earns another"),
        "{card}"
    );
    let analysis = analyze(text);
    let labels: Vec<String> =
        carc_analysis::inlay_hints(&analysis, carc_analysis::Span::new(0, text.len()))
            .into_iter()
            .map(|h| h.tooltip)
            .collect();
    assert!(
        labels.contains(&"no further bonus: a bonus tile never earns another".to_owned()),
        "{labels:?}"
    );
    // the turn before it earned the bonus (the builder's own hint names the bonus too)
    assert_eq!(
        labels
            .iter()
            .filter(|l| l.starts_with("bonus earned"))
            .count(),
        1,
        "{labels:?}"
    );
}

#[test]
fn a_meeple_on_an_open_inn_road_or_cathedral_city_is_told_why_it_is_worth_nothing() {
    // red's traveller on ic.A (inn) with A: a road of 2 tiles, open; at the end it scores 0
    let text = "rules inns-cathedrals\nplayers red blue\ntile A -1,0 r270\ntile ic.A 0,0 r90 red traveller\n";
    let analysis = analyze(text);
    let labels: Vec<String> =
        carc_analysis::inlay_hints(&analysis, carc_analysis::Span::new(0, text.len()))
            .into_iter()
            .map(|h| h.tooltip)
            .collect();
    assert_eq!(
        labels,
        ["road of 2 tiles with an inn: 0 at the end if still open"],
        "{labels:?}"
    );
}

#[test]
fn a_pig_line_says_its_points_replace_the_farmers_three() {
    // D's field north of the road touches the city D + E (complete): red's farmer wins it,
    // red's pig there makes it 1 x 4 = 4 in place of 1 x 3 = 3 (not 3 + 4)
    let text = "rules traders-builders\nplayers red blue\ntile D 0,0 red farmer NE\ntile E 0,1 r180\ntile U 1,0 r90 red pig NW\nend => red +7\n";
    let analysis = analyze(text);
    let message = &analysis.diagnostics()[0].message;
    assert!(
        message.contains("1 × 4 = 4 for red, in place of 3"),
        "{message}"
    );
}
