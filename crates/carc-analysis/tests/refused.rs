//! `refused` statements: the move is evaluated and never applied, hover explains the refusal,
//! and pictures of that position draw the move crossed out. Expected refusals are derived by
//! hand from docs/tiles.md: D r0 shows city N, road E and W, field S; E r0 a city N only.

use carc_analysis::{
    analyze, board_at_line, hover, render_ascii, render_svg, semantic_tokens, Code, Span, TokenKind,
};

#[path = "support/xml.rs"]
#[allow(dead_code)] // element names are not needed here
mod xml;
use xml::{of_class, parse_xml, Element};

/// Lesson 2 with its refusal, then the legal turn.
const OCCUPIED: &str = "players red blue
tile D 0,0 red knight N
refused occupied-feature: turn red E 0,1 r180 knight S
turn red E 0,1 r180 => red +4
";

fn svg_at(text: &str, line: usize) -> Vec<Element> {
    let analysis = analyze(text);
    let board = board_at_line(&analysis, line).expect("a line of the text");
    parse_xml(&render_svg(&board)).expect("well-formed SVG")
}

#[test]
fn a_refused_move_is_not_applied() {
    let analysis = analyze(OCCUPIED);
    assert!(analysis.diagnostics().is_empty(), "{analysis:?}");
    // Had the refused move been played, the cell 0,1 would be taken (duplicate-cell) and red
    // would have scored already; the turn after it still closes the city: 2 x 2 = 4.
    let mut twice = OCCUPIED.replace(
        "refused occupied-feature: turn red E 0,1 r180 knight S\n",
        "refused occupied-feature: turn red E 0,1 r180 knight S\n\
         refused occupied-feature: turn red E 0,1 r180 knight S\n",
    );
    twice.push_str("expect score red 4\nexpect supply red 7\n");
    assert!(analyze(&twice).diagnostics().is_empty());
    // Turn order is untouched: blue after the refused red move would be a turn-order
    // warning if the refused move had counted as red's turn; red again is fine.
    let order = "players red blue\ntile D 0,0\nrefused edge-mismatch: turn red E 0,1\n\
        turn red E 0,1 r180 => nothing\n";
    assert!(analyze(order).diagnostics().is_empty());
    // A refused tile takes no tile from the box: all 5 E tiles (tiles.md) stay playable.
    let mut box_text =
        String::from("players red\ntile D 0,0\nrefused edge-mismatch: turn red E 0,1\n");
    for at in ["0,1 r180", "1,1", "-1,1", "2,1", "-2,1"] {
        box_text.push_str(&format!("turn red E {at}\n"));
    }
    let codes: Vec<Code> = analyze(&box_text)
        .diagnostics()
        .iter()
        .map(|d| d.code)
        .collect();
    assert!(!codes.contains(&Code::TileCount), "{codes:?}");
}

#[test]
fn a_sixth_cap_is_refused_for_the_box() {
    // tiles.md: 5 E tiles. After five, a sixth is refused with tile-count (and, placed where
    // nothing touches it, also not-adjacent: both must be listed).
    let mut text = String::from("players red\ntile E 0,0\n");
    for x in 1..5 {
        text.push_str(&format!("turn red E {x},0\n"));
    }
    text.push_str("refused tile-count: turn red E 5,0\n");
    text.push_str("refused tile-count, not-adjacent: turn red E 9,9\n");
    text.push_str("refused tile-count: turn red E 9,9\n");
    let analysis = analyze(&text);
    let found: Vec<(usize, Code)> = analysis
        .diagnostics()
        .iter()
        .map(|d| (text[..d.span.start].matches('\n').count() + 1, d.code))
        .collect();
    assert_eq!(found, vec![(9, Code::RefusalMismatch)]);
    let message = &analysis.diagnostics()[0].message;
    assert!(
        message.starts_with("this move is refused with `not-adjacent` as well"),
        "{message}"
    );
}

#[test]
fn hover_on_a_refused_line_explains_the_refusal() {
    let analysis = analyze(OCCUPIED);
    let offset = OCCUPIED.find("refused").expect("the line") + 30;
    let card = hover(&analysis, offset).expect("a card").markdown;
    assert!(
        card.starts_with("**refused move** · `red E 0,1 r180 knight S`"),
        "{card}"
    );
    assert!(
        card.contains("- `occupied-feature`: this city already holds red's knight"),
        "{card}"
    );
    assert!(card.contains("The move is not played"), "{card}");
    // A legal "refused" move says so in hover too.
    let legal = "players red blue\ntile D 0,0\nrefused occupied-feature: turn red E 0,1 r180\n";
    let analysis = analyze(legal);
    assert_eq!(
        analysis.diagnostics()[0].message,
        "refused move is legal: red E 0,1 r180 may be played here (nothing refuses it)"
    );
    let card = hover(&analysis, legal.find("turn").expect("the move")).expect("a card");
    assert!(card.markdown.contains("Not refused"), "{}", card.markdown);
}

#[test]
fn a_picture_of_the_refused_line_crosses_the_move_out() {
    // Line 3 (index 2): the refused knight on a cap that fits: the tile faded, the meeple
    // crossed; only the setup's tile is on the board.
    let svg = svg_at(OCCUPIED, 2);
    assert_eq!(of_class(&svg, "tile").len(), 1);
    let refused = of_class(&svg, "refused");
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0]["x"], "0");
    assert_eq!(refused[0]["y"], "1");
    assert_eq!(refused[0]["letter"], "E");
    assert_eq!(refused[0]["codes"], "occupied-feature");
    assert_eq!(of_class(&svg, "refused-tile").len(), 1);
    let meeple = &of_class(&svg, "refused-meeple")[0];
    assert_eq!(
        (meeple["role"].as_str(), meeple["place"].as_str()),
        ("knight", "S")
    );
    // One cross, over the meeple (the tile itself fits).
    assert_eq!(of_class(&svg, "cross").len(), 1);
    // The next turn is a new position: nothing refused is drawn there.
    let after = svg_at(OCCUPIED, 3);
    assert!(of_class(&after, "refused").is_empty());
    assert_eq!(of_class(&after, "tile").len(), 2);
}

#[test]
fn a_refused_tile_is_crossed_and_widens_the_picture() {
    // D r180 in lesson 12's gap: a field north against the cap's city. The refused cell
    // 0,0 lies outside the setup's tiles (0,1 and 1,0 only) yet is drawn.
    let text = "players red blue\ntile E 0,1 r180\ntile U 1,0 r90\n\
        refused edge-mismatch: turn red D 0,0 r180\n";
    let svg = svg_at(text, 3);
    let refused = of_class(&svg, "refused");
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0]["codes"], "edge-mismatch");
    assert_eq!(of_class(&svg, "cross").len(), 1);
    assert!(of_class(&svg, "refused-meeple").is_empty());
    let ascii = render_ascii(&board_at_line(&analyze(text), 3).expect("line 4"));
    assert!(
        ascii.contains("refused at 0,0: red D r180 (edge-mismatch)"),
        "{ascii}"
    );
    // Columns 0 and 1 (the header, no title), rows 1 and 0: the refused cell is inside.
    assert_eq!(ascii.lines().next(), Some("   0  1"), "{ascii}");
    assert!(ascii.contains("\n0    -U-\n"), "{ascii}");
}

#[test]
fn completion_offers_the_codes_then_the_move() {
    let labels = |text: &str| -> Vec<String> {
        let analysis = analyze(text);
        carc_analysis::completions(&analysis, text.len())
            .into_iter()
            .map(|c| c.label)
            .collect()
    };
    let base = "players red blue\ntile D 0,0 red knight N\n";
    let codes = labels(&format!("{base}refused "));
    assert!(codes.contains(&"occupied-feature".to_owned()), "{codes:?}");
    assert!(codes.contains(&"edge-mismatch".to_owned()), "{codes:?}");
    // Not a code a move can be refused with.
    assert!(!codes.contains(&"score-mismatch".to_owned()), "{codes:?}");
    // A discard can be refused too (a tile that fits).
    assert!(codes.contains(&"illegal-discard".to_owned()), "{codes:?}");
    // And the figures of the expansions: a second large meeple or abbot, a recall without an
    // abbot, a pig without its owner's farmer (each checks as a `refused` line).
    for code in ["figure-supply", "bad-recall", "pig-place"] {
        assert!(codes.contains(&code.to_owned()), "{code}: {codes:?}");
    }
    assert_eq!(
        labels(&format!("{base}refused occupied-feature: ")),
        ["turn", "discard"]
    );
    let tiles = labels(&format!("{base}refused illegal-discard: discard "));
    assert!(tiles.contains(&"E".to_owned()), "{tiles:?}");
    assert!(labels(&format!("{base}refused illegal-discard: discard E ")).is_empty());
    let colours = labels(&format!("{base}refused occupied-feature: turn "));
    assert_eq!(
        colours.first().map(String::as_str),
        Some("red"),
        "{colours:?}"
    );
    let keywords = labels(&format!("{base}r"));
    assert!(keywords.contains(&"refused".to_owned()), "{keywords:?}");
    let rules = labels("rules ");
    assert!(rules.contains(&"whole-board".to_owned()), "{rules:?}");
}

/// The semantic tokens of `text`: each token's text and kind.
fn token_kinds(text: &str) -> Vec<(&str, TokenKind)> {
    semantic_tokens(&analyze(text))
        .iter()
        .map(|t| (&text[t.span.start..t.span.end], t.kind))
        .collect()
}

#[test]
fn semantic_tokens_class_the_codes_and_the_move() {
    let text = "refused edge-mismatch, bad-place: turn red E 0,1 r90 knight W\n";
    assert_eq!(
        token_kinds(text),
        [
            ("refused", TokenKind::Keyword),
            ("edge-mismatch", TokenKind::Keyword),
            ("bad-place", TokenKind::Keyword),
            ("turn", TokenKind::Keyword),
            ("red", TokenKind::Colour),
            ("E", TokenKind::Tile),
            ("0", TokenKind::Number),
            ("1", TokenKind::Number),
            ("r90", TokenKind::Rotation),
            ("knight", TokenKind::Role),
            ("W", TokenKind::Place),
        ]
    );
}

/// Lesson 13's monasteries: B shows field on every side (docs/tiles.md), so the four-sided
/// city C (city on every side) fits nowhere, while the city cap E (`C F F F`) fits with its
/// city turned away from both monasteries.
const MONASTERIES: &str = "players red blue\ntile B 0,0\ntile B 1,0\n";

/// The codes of `text`'s diagnostics with their 1-based lines.
fn coded_lines(text: &str) -> Vec<(usize, Code)> {
    analyze(text)
        .diagnostics()
        .iter()
        .map(|d| (text[..d.span.start].matches('\n').count() + 1, d.code))
        .collect()
}

#[test]
fn a_refused_discard_holds_when_the_tile_fits() {
    let text = format!("{MONASTERIES}refused illegal-discard: discard E\n");
    assert_eq!(coded_lines(&text), []);
    // Not applied: no E leaves the box, so the five E tiles (tiles.md) all stay playable
    // after it, each with its city north, away from the monasteries' fields.
    let mut box_text = text.clone();
    for (x, colour) in ["red", "blue", "red", "blue", "red"]
        .into_iter()
        .enumerate()
    {
        box_text.push_str(&format!("turn {colour} E {x},1\n"));
    }
    assert_eq!(coded_lines(&box_text), []);
    // Nor does it change the position: the same claim holds twice in a row.
    let twice = format!("{text}refused illegal-discard: discard E\n");
    assert_eq!(coded_lines(&twice), []);
}

#[test]
fn a_legal_discard_claimed_refused_is_a_mismatch() {
    // C fits nowhere beside two monasteries: the discard is legal.
    let text = format!("{MONASTERIES}refused illegal-discard: discard C\n");
    let analysis = analyze(&text);
    let found: Vec<Code> = analysis.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(found, [Code::RefusalMismatch]);
    let d = &analysis.diagnostics()[0];
    assert_eq!(
        d.message,
        "refused move is legal: discard C may be played here (nothing refuses it)"
    );
    assert_eq!(&text[d.span.start..d.span.end], "illegal-discard");
    // The legal discard was not applied either: C (one in the box, tiles.md) is still there.
    let after = format!("{text}discard C\n");
    assert_eq!(coded_lines(&after), [(4, Code::RefusalMismatch)]);
}

#[test]
fn a_discard_refused_for_another_code_names_what_happens() {
    // E fits (illegal-discard), not tile-count: the mismatch names the real code and why.
    let text = format!("{MONASTERIES}refused tile-count: discard E\n");
    let analysis = analyze(&text);
    let found: Vec<Code> = analysis.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(found, [Code::RefusalMismatch]);
    let message = &analysis.diagnostics()[0].message;
    assert!(
        message.starts_with(
            "this move is refused with `illegal-discard`, not `tile-count` (illegal-discard: E fits at "
        ),
        "{message}"
    );
    // The box holds one C (tiles.md): once it is discarded, a second is tile-count.
    let count = format!("{MONASTERIES}discard C\nrefused tile-count: discard C\n");
    assert_eq!(coded_lines(&count), []);
    // A token the catalogue does not know is unknown-tile.
    let unknown = format!("{MONASTERIES}refused unknown-tile: discard Zq\n");
    assert_eq!(coded_lines(&unknown), []);
    // A word that names no code is unknown-code, with the nearest one.
    let typo = format!("{MONASTERIES}refused ilegal-discard: discard E\n");
    let analysis = analyze(&typo);
    assert_eq!(analysis.diagnostics().len(), 1);
    assert_eq!(analysis.diagnostics()[0].code, Code::UnknownCode);
    assert!(analysis.diagnostics()[0]
        .message
        .ends_with("did you mean `illegal-discard`?"));
}

#[test]
fn hover_on_a_refused_discard_names_a_cell_where_the_tile_fits() {
    let text = format!("{MONASTERIES}refused illegal-discard: discard E\n");
    let analysis = analyze(&text);
    let card = hover(&analysis, text.find("discard E").expect("the move"))
        .expect("a card")
        .markdown;
    assert!(card.starts_with("**refused move** · `discard E`"), "{card}");
    // One legal cell and rotation, as the illegal-discard message names them: the E cap
    // fits above or below either monastery or beside them, its city turned outwards.
    let reason = card
        .lines()
        .find(|l| l.starts_with("- `illegal-discard`: E fits at "))
        .unwrap_or_else(|| panic!("{card}"));
    assert!(
        reason.ends_with(": a tile that fits somewhere may not be discarded"),
        "{reason}"
    );
    assert!(card.contains("The move is not played"), "{card}");
}

#[test]
fn a_picture_of_a_refused_discard_draws_only_the_board() {
    let text = format!("{MONASTERIES}refused illegal-discard: discard E\n");
    let svg = svg_at(&text, 3);
    assert_eq!(of_class(&svg, "tile").len(), 2);
    assert!(of_class(&svg, "refused").is_empty());
    assert!(of_class(&svg, "cross").is_empty());
    let ascii = render_ascii(&board_at_line(&analyze(&text), 3).expect("line 4"));
    assert!(!ascii.contains("refused"), "{ascii}");
}

#[test]
fn semantic_tokens_class_a_refused_discard() {
    assert_eq!(
        token_kinds("refused illegal-discard: discard Eg\n"),
        [
            ("refused", TokenKind::Keyword),
            ("illegal-discard", TokenKind::Keyword),
            ("discard", TokenKind::Keyword),
            ("Eg", TokenKind::Tile),
        ]
    );
}

#[test]
fn hover_on_a_discarded_tile_shows_its_card() {
    // E as docs/tiles.md gives it: 5 in the box, edges `C F F F` at r0 (a discarded tile
    // lies on no cell, so its card is the type's, at r0).
    for line in ["discard E", "refused illegal-discard: discard E"] {
        let text = format!("{MONASTERIES}{line}\n");
        let analysis = analyze(&text);
        let at = text.rfind('E').expect("the tile token");
        let card = hover(&analysis, at).expect("a card");
        assert_eq!(card.span, Span::new(at, at + 1), "{line}");
        assert!(
            card.markdown.starts_with("**E** · "),
            "{line}: {}",
            card.markdown
        );
        assert!(card.markdown.contains(" · ×5 · r0"), "{}", card.markdown);
        assert!(
            card.markdown.contains("N E S W: `C F F F`"),
            "{}",
            card.markdown
        );
    }
    // the keyword of a refused discard still tells the refusal
    let text = format!("{MONASTERIES}refused illegal-discard: discard E\n");
    let card = hover(&analyze(&text), text.find("discard").expect("the move"))
        .expect("a card")
        .markdown;
    assert!(card.starts_with("**refused move**"), "{card}");
}
