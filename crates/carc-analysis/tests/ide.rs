//! Editor features at the analysis layer: each test writes a document with a `$0` cursor
//! marker and checks what the editor would show there. Expected values are derived from the
//! rules by hand (docs/tiles.md), never copied from output.

use carc_analysis::{
    analyze, code_actions, completions, completions_with, folding_ranges, highlights, hover,
    hover_with, inlay_hints, semantic_tokens, symbols, Code, CompletionKind, FoldKind, Span,
    SymbolKind, TilePictures, TokenKind,
};

/// Splits a fixture at its `$0` marker: the text without it, and the cursor's byte offset.
fn cursor(fixture: &str) -> (String, usize) {
    let offset = fixture.find("$0").expect("fixture has a $0 cursor");
    (fixture.replacen("$0", "", 1), offset)
}

fn hover_at(fixture: &str) -> Option<String> {
    let (text, offset) = cursor(fixture);
    hover(&analyze(&text), offset).map(|h| h.markdown)
}

#[path = "support/hints.rs"]
mod hints;
use hints::labels;

/// The labels completion offers at the cursor (`$0`) of `fixture`.
fn completion_labels(fixture: &str) -> Vec<String> {
    let (text, offset) = cursor(fixture);
    completions(&analyze(&text), offset)
        .into_iter()
        .map(|i| i.label)
        .collect()
}

const COAT_OF_ARMS: &str = "players red blue
tile D 0,0
tile F 0,1 r90 red knight S
turn blue E 0,2 r180 => red +8
end => nothing
";

#[test]
fn hover_on_a_setup_tile_lists_its_features_and_values() {
    // F r90 at 0,1: the city runs N-S (one shield), fields E and W of it.
    let card = hover_at("players red blue\ntile D 0,0\ntile $0F 0,1 r90 red knight S\n").unwrap();
    assert!(card.contains("**F**"), "{card}");
    assert!(card.contains("r90 at 0,1"), "{card}");
    assert!(
        card.contains("Sides: N city · E field · S city · W field"),
        "{card}"
    );
    // The city: D and F, one shield, open to the north; red 1; unfinished value 2 + 1 = 3.
    assert!(card.contains("city of 2 tiles, 1 shield, open"), "{card}");
    assert!(card.contains("red 1"), "{card}");
    assert!(card.contains("worth 3 at final scoring"), "{card}");
}

#[test]
fn hover_on_a_tile_draws_it_as_it_lies_and_tells_twins_apart() {
    // F r90: the city that runs E-W at r0 now runs N-S; the drawing shows its N and S
    // sides as city (`#`), its E and W sides as field, and the coat of arms (`@`).
    let card = hover_at("players red blue\ntile D 0,0\ntile $0F 0,1 r90\n").unwrap();
    assert!(
        card.contains("**F** · City across the tile (coat of arms) · r90 at 0,1"),
        "{card}"
    );
    assert!(card.contains("```text\n. # # # .\n. . @ . .\n"), "{card}");
    assert!(card.contains("Same edges as G"), "{card}");
    // G, the twin without a coat of arms, says so.
    let card = hover_at("players red blue\ntile D 0,0\ntile $0G 0,1 r90\n").unwrap();
    assert!(card.contains("(no coat of arms)"), "{card}");
    // A client that shows images gets the SVG picture instead of the drawing.
    let (text, offset) = cursor("tile $0E 0,0 r180\n");
    let card = hover_with(&analyze(&text), offset, TilePictures::Image)
        .unwrap()
        .markdown;
    assert!(
        card.contains("![E r180](data:image/svg+xml;base64,"),
        "{card}"
    );
    assert!(!card.contains("```"), "{card}");
}

#[test]
fn completing_a_tile_letter_documents_its_orientation() {
    let (text, offset) = cursor("tile D 0,0\nturn red $0\n");
    let analysis = analyze(&text);
    let items = completions(&analysis, offset);
    let find = |items: &[carc_analysis::CompletionItem], label: &str| {
        items.iter().find(|i| i.label == label).cloned().unwrap()
    };
    // F and G: same name and edges, told apart by the coat of arms.
    let f = find(&items, "F");
    let g = find(&items, "G");
    assert_ne!(f.detail, g.detail);
    assert!(f.detail.unwrap().contains("(coat of arms)"));
    // V r0: road from W to S (docs/tiles.md): `F F R R`, drawn with the curve in the middle.
    let v = find(&items, "V").documentation.unwrap();
    assert!(v.contains("N E S W: `F F R R`"), "{v}");
    assert!(v.contains("- - \\ . ."), "{v}");
    let with_images = completions_with(&analysis, offset, TilePictures::Image);
    let v = find(&with_images, "V").documentation.unwrap();
    assert!(v.contains("data:image/svg+xml;base64,"), "{v}");
    // Other items carry no documentation.
    let (text, offset) = cursor("$0\n");
    assert!(completions(&analyze(&text), offset)
        .iter()
        .all(|i| i.documentation.is_none()));
}

#[test]
fn hover_on_a_turn_explains_what_it_scored_and_returned() {
    let text = COAT_OF_ARMS.replace("turn blue", "$0turn blue");
    let card = hover_at(&text).unwrap();
    // 3 tiles × 2 + 1 shield × 2 = 8, for red, whose knight returns.
    assert!(
        card.contains("city of 3 tiles, 1 shield (complete): 3 × 2 + 1 × 2 = 8 for red"),
        "{card}"
    );
    assert!(card.contains("red's knight returns"), "{card}");
}

#[test]
fn hover_on_end_gives_the_final_breakdown_and_totals() {
    let text = "players red blue\ntile D 0,0 red knight N\ntile U 1,0 r90 blue traveller E\n$0end => red +1, blue +2\n";
    let card = hover_at(text).unwrap();
    assert!(
        card.contains("city of 1 tile (unfinished): 1 × 1 = 1 for red"),
        "{card}"
    );
    assert!(
        card.contains("road of 2 tiles (unfinished): 2 × 1 = 2 for blue"),
        "{card}"
    );
    assert!(card.contains("Totals: red 1 (+1), blue 2 (+2)"), "{card}");
}

#[test]
fn hover_on_a_meeple_shows_its_feature() {
    let card = hover_at("players red blue\ntile D 0,0 red $0knight N\ntile U 1,0 r90\n").unwrap();
    // The city cap alone: 1 tile, unfinished, worth 1 to red at the end.
    assert!(card.contains("city of 1 tile, open"), "{card}");
    assert!(card.contains("worth 1 at final scoring"), "{card}");
    let card = hover_at("players red blue\ntile D 0,0\nturn red E 0,1 r180 $0knight S\n").unwrap();
    assert!(card.contains("scored at once, +4"), "{card}");
}

#[test]
fn no_hover_on_blank_lines_comments_or_past_the_end() {
    let (text, _) = cursor("tile D 0,0 # c$0\n");
    let analysis = analyze(&text);
    assert_eq!(hover(&analysis, text.len() + 100), None);
    assert_eq!(hover_at("tile D 0,0\n\n$0\n"), None);
    assert_eq!(hover_at("tile D 0,0 # a comment$0\n"), None);
}

#[test]
fn inlay_hints_show_turn_scores_meeple_values_and_final_totals() {
    // The turn writes no expectation here, so its hint says what it scores.
    let text = COAT_OF_ARMS.replace(" => red +8", "");
    let analysis = analyze(&text);
    assert_eq!(
        labels(&analysis),
        [
            // F's knight after the setup: city D+F, one shield, open: 2 + 1 = 3 at the end.
            "knight: 3 now",
            // E closes it: 3 tiles x 2 + 1 shield x 2 = 8 for red.
            "red +8 · city",
            // the end: nothing more to score; red 8 in all, blue 0
            "final: red 8 (+0), blue 0 (+0)",
        ]
    );
    // The tooltips say it in sentences.
    assert_eq!(
        hints::tooltips(&analysis),
        [
            "city of 2 tiles, 1 shield: 3 at the end",
            "city of 3 tiles, 1 shield (complete): 3 × 2 + 1 × 2 = 8 for red",
            "final scoring: red +0, total 8; blue +0, total 0",
        ]
    );
    // Each hint sits at the end of its statement (before the comment).
    let hints = inlay_hints(&analysis, Span::new(0, text.len()));
    let turn_end = text.find("E 0,2 r180").unwrap() + "E 0,2 r180".len();
    assert_eq!(hints[1].offset, turn_end);
    // Only hints inside the requested range.
    let first_line = Span::new(0, text.find("turn").unwrap());
    assert_eq!(inlay_hints(&analysis, first_line).len(), 1);
    // With `=> red +8` written the turn's hint would only repeat it: there is none.
    let written = labels(&analyze(COAT_OF_ARMS));
    assert_eq!(written.len(), 2, "{written:?}");
    assert!(!written.iter().any(|l| l.contains("+8 ·")), "{written:?}");
}

#[test]
fn completion_offers_tiles_colours_fitting_rotations_and_places() {
    let (text, offset) = cursor("players red blue\ntile D 0,0\nturn red $0\n");
    let items = completions(&analyze(&text), offset);
    // the 24 base tiles and the 8 garden tiles of the base box (legal in every file); no river
    // tile without `rules river`
    assert_eq!(items.len(), 24 + 8, "every tile of the base box");
    // E r0: city cap north, fields elsewhere (docs/tiles.md).
    assert!(items.iter().any(|i| i.label == "E"
        && i.detail.as_deref() == Some("Single city cap (×5) · r0 N E S W: C F F F")));

    // E next to the start tile's city at 0,1: only r180 puts its city side south.
    let (text, offset) = cursor("tile D 0,0\nturn red E 0,1 $0\n");
    let items = completions(&analyze(&text), offset);
    let rotations: Vec<&str> = items
        .iter()
        .filter(|i| i.kind == CompletionKind::Rotation)
        .map(|i| i.label.as_str())
        .collect();
    assert_eq!(rotations, ["r180"]);
    let roles: Vec<&str> = items
        .iter()
        .filter(|i| i.kind == CompletionKind::Role)
        .map(|i| i.label.as_str())
        .collect();
    assert_eq!(
        roles,
        ["knight", "farmer"],
        "E has a city and a field, no road or monastery"
    );

    // Places of a farmer on D r0: its fields are {NE, NW} and {SE, SW}.
    let (text, offset) = cursor("tile D 0,0 red farmer $0\n");
    let places: Vec<String> = completions(&analyze(&text), offset)
        .into_iter()
        .map(|i| i.label)
        .collect();
    assert_eq!(places, ["NE", "NW", "SE", "SW"]);

    // Cells where a city cap fits next to the lone start tile.
    let (text, offset) = cursor("tile D 0,0\nturn red E $0\n");
    let cells: Vec<String> = completions(&analyze(&text), offset)
        .into_iter()
        .map(|i| i.label)
        .collect();
    assert!(
        cells.contains(&"0,1".to_owned()) && cells.contains(&"0,-1".to_owned()),
        "{cells:?}"
    );

    // Keywords at the start of a line; nothing inside a comment or a string.
    let (text, offset) = cursor("$0\n");
    assert!(completions(&analyze(&text), offset)
        .iter()
        .any(|i| i.label == "turn"));
    let (text, offset) = cursor("tile D 0,0 # red $0\n");
    assert!(completions(&analyze(&text), offset).is_empty());
    let (text, offset) = cursor("note \"a $0\n");
    assert!(completions(&analyze(&text), offset).is_empty());
}

#[test]
fn symbols_outline_setup_turns_and_end() {
    let outline = symbols(&analyze(COAT_OF_ARMS));
    let names: Vec<(&str, SymbolKind, Option<&str>)> = outline
        .iter()
        .map(|s| (s.name.as_str(), s.kind, s.detail.as_deref()))
        .collect();
    assert_eq!(
        names,
        [
            ("setup", SymbolKind::Setup, Some("2 tiles")),
            ("turn 1: blue E 0,2", SymbolKind::Turn, Some("red +8")),
            ("end", SymbolKind::End, Some("nothing")),
        ]
    );
}

#[test]
fn semantic_tokens_classify_each_word() {
    let text = "turn red E 0,1 r180 knight S => red +4 # c\n";
    let tokens = semantic_tokens(&analyze(text));
    let got: Vec<(&str, TokenKind)> = tokens
        .iter()
        .map(|t| (&text[t.span.start..t.span.end], t.kind))
        .collect();
    assert_eq!(
        got,
        [
            ("turn", TokenKind::Keyword),
            ("red", TokenKind::Colour),
            ("E", TokenKind::Tile),
            ("0", TokenKind::Number),
            ("1", TokenKind::Number),
            ("r180", TokenKind::Rotation),
            ("knight", TokenKind::Role),
            ("S", TokenKind::Place),
            ("=>", TokenKind::Operator),
            ("red", TokenKind::Colour),
            ("+4", TokenKind::Number),
            ("# c", TokenKind::Comment),
        ]
    );
}

#[test]
fn code_actions_rotate_a_mismatching_tile_and_fix_an_expectation() {
    let text = "tile D 0,0\nturn red E 0,1 knight S => red +5\n";
    let analysis = analyze(text);
    let codes: Vec<Code> = analysis.diagnostics().iter().map(|d| d.code).collect();
    assert!(codes.contains(&Code::EdgeMismatch), "{codes:?}");
    let actions = code_actions(&analysis, Span::new(0, text.len()));
    let rotate = actions
        .iter()
        .find(|a| a.title.contains("r180"))
        .expect("a rotation fix");
    assert_eq!(rotate.edits.len(), 1);
    // No rotation written: ` r180` is inserted after the coordinate.
    let edit = &rotate.edits[0];
    assert_eq!(edit.new_text, " r180");
    assert_eq!(edit.span.start, text.find("0,1").unwrap() + 3);
    // Only r180 fits (the city must face south).
    assert_eq!(
        actions
            .iter()
            .filter(|a| a.title.starts_with("Turn the tile"))
            .count(),
        1
    );

    let text = "tile D 0,0\nturn red E 0,1 r180 knight S => red +5\nexpect score red 9\n";
    let analysis = analyze(text);
    let actions = code_actions(&analysis, Span::new(0, text.len()));
    let fixed: Vec<&str> = actions
        .iter()
        .map(|a| a.edits[0].new_text.as_str())
        .collect();
    assert_eq!(fixed, ["=> red +4", "4"]);
}

#[test]
fn highlights_cover_every_tile_of_the_feature_under_the_cursor() {
    let text = "tile D 0,0\ntile F 0,1 r90 red $0knight S\ntile U 1,0 r90\n";
    let (text, offset) = cursor(text);
    let spans = highlights(&analyze(&text), offset);
    let got: Vec<&str> = spans.iter().map(|s| &text[s.start..s.end]).collect();
    // The knight's city is D's cap and F: their coordinates, not U's.
    assert_eq!(got, ["0,0", "0,1"]);
}

#[test]
fn hover_and_hints_work_inside_a_variation() {
    let text = "players red blue\ntile D 0,0 red knight N\nvariation \"close\" {\n  $0turn blue E 0,1 r180\n}\nturn blue U 1,0 r90\n";
    let card = hover_at(text).unwrap();
    assert!(card.contains("= 4 for red"), "{card}");
    let (text, _) = cursor(text);
    let analysis = analyze(&text);
    assert!(
        analysis.diagnostics().is_empty(),
        "{:?}",
        analysis.diagnostics()
    );
    let labels = labels(&analysis);
    // E closes the city cap: 2 tiles x 2 = 4 for red.
    assert!(labels.contains(&"red +4 · city".to_owned()), "{labels:?}");
    // The main-line turn after the block scores nothing: the city is open again.
    assert!(labels.contains(&"scores nothing".to_owned()), "{labels:?}");
}

#[test]
fn completion_offers_puzzle_goals_and_tiles_after_draws() {
    let (text, offset) = cursor("puzzle $0\n");
    let goals: Vec<String> = completions(&analyze(&text), offset)
        .into_iter()
        .map(|i| i.label)
        .collect();
    assert_eq!(goals, ["points", "final", "score"]);
    let (text, offset) = cursor("draws E U $0\n");
    // the 24 base tiles and the 8 garden tiles, as after `turn`
    assert_eq!(
        completions(&analyze(&text), offset).len(),
        24 + 8,
        "every tile"
    );
    let (text, offset) = cursor("dr$0\n");
    let keywords: Vec<String> = completions(&analyze(&text), offset)
        .into_iter()
        .map(|i| i.label)
        .collect();
    assert!(keywords.contains(&"draws".to_owned()) && keywords.contains(&"puzzle".to_owned()));
}

#[test]
fn unknown_tile_tokens_are_reported_with_the_nearest_tokens() {
    let text = "tile D 0,0\ntile d 1,0\ntile DE 2,0\ntile Z 3,0\ntile ic.Z 4,0\ntile ic.9 5,0\n";
    let analysis = analyze(text);
    let found: Vec<(&str, &str)> = analysis
        .diagnostics()
        .iter()
        .filter(|d| d.code == Code::UnknownTile)
        .map(|d| (&text[d.span.start..d.span.end], d.message.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            // the same letter in the other case comes first
            ("d", "`d` is not a tile; did you mean `D`?"),
            // one letter too many: D and E are one edit away (r.E, two away, is not offered)
            ("DE", "`DE` is not a tile; did you mean `D` or `E`?"),
            // one letter, but no tile: nothing is near enough to suggest
            ("Z", "`Z` is not a tile: the base tiles are A to X"),
            // an expansion token the catalogue lacks: which letters the set has, and the Z of
            // the one set that has one (The Princess & the Dragon's volcano pd.Z)
            (
                "ic.Z",
                "`ic.Z` is not a tile (Inns & Cathedrals has ic.A to ic.Q); did you mean `pd.Z`?"
            ),
            // a letter no set has (`9`): the set's tiles one edit away
            (
                "ic.9",
                "`ic.9` is not a tile (Inns & Cathedrals has ic.A to ic.Q); did you mean `ic.A`, `ic.B` or `ic.C`?"
            ),
        ]
    );
    assert!(
        analysis
            .diagnostics()
            .iter()
            .all(|d| d.code != Code::Syntax),
        "tokens of a tile's shape are never a syntax error"
    );
}

#[test]
fn completion_offers_the_rules_options_of_the_registry() {
    let (text, offset) = cursor("rules farmers $0\n");
    let items = completions(&analyze(&text), offset);
    let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
    // every option of carc_notation::RULE_OPTIONS, `boxes` included, each with its meaning
    assert_eq!(
        labels,
        [
            "farmers",
            "no-farmers",
            "whole-board",
            "boxes",
            "abbot",
            "inns-cathedrals",
            "river",
            "traders-builders",
            "princess-dragon",
            "tower"
        ]
    );
    assert!(items
        .iter()
        .all(|i| i.detail.as_ref().is_some_and(|d| !d.is_empty())));
    // after an option that takes a number, no option is offered
    let (text, offset) = cursor("rules boxes $0\n");
    assert!(completions(&analyze(&text), offset).is_empty());
}

#[test]
fn keywords_come_from_the_notation_table_in_completion_hover_and_outline() {
    // Completion at the start of a line offers every statement keyword the file's rules
    // allow (a base-game file: none of an expansion's), each with its line of documentation.
    let (text, offset) = cursor("$0\n");
    let items = completions(&analyze(&text), offset);
    let words: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
    let table: Vec<&str> = carc_notation::KEYWORDS
        .iter()
        .filter(|k| k.rules.is_none())
        .map(|k| k.word)
        .collect();
    assert_eq!(words, table);
    assert!(words.contains(&"variation") && words.contains(&"mark"));
    assert!(items
        .iter()
        .all(|i| i.kind == CompletionKind::Keyword
            && i.detail.as_deref().is_some_and(|d| !d.is_empty())));
    // Hover on a keyword with no card of its own says what the statement does.
    let card = hover_at("tile D 0,0\nmark 1,0\ne$0xpect score red 0\n").expect("a card");
    assert!(card.starts_with("**expect**: "), "{card}");
    let card = hover_at("tile D 0,0\nn$0ote \"a\"\n").expect("a card");
    assert!(card.starts_with("**note**: "), "{card}");
    // …but not past it, and the own cards of `turn` and `mark` still win.
    assert_eq!(hover_at("tile D 0,0\nexpect score red 0 $0\n"), None);
    let mark = hover_at("tile D 0,0\nm$0ark 1,0\n").expect("a card");
    assert!(mark.starts_with("**mark** 1,0"), "{mark}");
    let turn = hover_at(&COAT_OF_ARMS.replace("turn blue", "t$0urn blue")).expect("a card");
    assert!(!turn.starts_with("**turn**: "), "{turn}");
    // The outline's setup takes every setup statement of the table: `draws` too.
    let outline = symbols(&analyze("tile D 0,0\ndraws E\nturn red E 0,1 r180\n"));
    assert_eq!(outline[0].kind, SymbolKind::Setup);
    assert_eq!(outline[0].span, Span::new(0, "tile D 0,0\ndraws E".len()));
}

#[test]
fn completion_offers_the_tiles_of_the_sets_switched_on() {
    let count = |text: &str| {
        let (text, offset) = cursor(text);
        let items = completions(&analyze(&text), offset);
        let ic = items.iter().filter(|i| i.label.starts_with("ic.")).count();
        (items.len(), ic)
    };
    // without `rules inns-cathedrals`: base and garden tiles only
    assert_eq!(
        count("players red blue\ntile D 0,0\nturn red $0\n"),
        (32, 0)
    );
    // with it: the 17 Inns & Cathedrals types too
    assert_eq!(
        count("rules inns-cathedrals\nplayers red blue\ntile D 0,0\nturn red $0\n"),
        (32 + 17, 17)
    );
}

// ---- The Abbot and Inns & Cathedrals: hover and inlay hints explain the new scores ----------

#[test]
fn hover_and_inlay_explain_inns_cathedrals_large_meeples_gardens_and_recall() {
    let file = |path: &str| {
        std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../examples/expansions")
                .join(path),
        )
        .unwrap()
    };
    let on_turn = |text: &str, turn: &str| {
        let fixture = text.replacen(turn, &format!("$0{turn}"), 1);
        hover_at(&fixture).unwrap_or_default()
    };
    // inn: A + D + ic.B + A, 4 tiles with an inn, 4 × 2 = 8
    let inn = file("inn.carc");
    let card = on_turn(&inn, "turn blue A");
    assert!(
        card.contains("road of 4 tiles (complete): 4 × 2 (inn) = 8 for red"),
        "{card}"
    );
    // cathedral: 5 tiles × 3 = 15
    let card = on_turn(&file("cathedral.carc"), "turn blue E");
    assert!(
        card.contains("city of 5 tiles (complete): 5 × 3 (cathedral) = 15 for red"),
        "{card}"
    );
    // an unfinished inn road at the end: 0
    let card = on_turn(&file("inn-unfinished.carc"), "end => nothing");
    assert!(
        card.contains("2 tiles with an inn, unfinished = 0"),
        "{card}"
    );
    // the large meeple: blue's two travellers (1 + 1) tie red's large one (2)
    let card = on_turn(&file("large-meeple.carc"), "turn red A");
    assert!(
        card.contains("blue 2 (2 travellers) v red 2 (large traveller counting 2)"),
        "{card}"
    );
    // recall: the garden with 2 neighbours scores 1 + 2 = 3 at once, and the abbot returns
    let recall = file("abbot-recall.carc");
    let card = on_turn(&recall, "turn red U");
    assert!(
        card.contains("garden with 2 neighbours (abbot recalled): 1 + 2 = 3 for red"),
        "{card}"
    );
    assert!(card.contains("red's abbot returns"), "{card}");
    // the garden completed: 9, like a monastery
    let card = on_turn(&file("garden.carc"), "turn blue E");
    assert!(
        card.contains("garden with 8 neighbours (complete)"),
        "{card}"
    );
    // without a written expectation, the inlay hint shows the recall's points
    let unwritten = recall.replace("recall => red +3", "recall");
    let hints = labels(&analyze(&unwritten));
    assert!(hints.iter().any(|l| l.contains("red +3")), "{hints:?}");
}

#[test]
fn completion_offers_large_abbot_and_recall_when_their_sets_are_on() {
    // base game: only the roles of U (a road and its fields)
    let base = completion_labels("players red blue\ntile D 0,0\nturn red U 1,0 r90 $0\n");
    assert!(base.contains(&"traveller".to_owned()), "{base:?}");
    assert!(!base
        .iter()
        .any(|l| ["large", "abbot", "recall"].contains(&l.as_str())));
    // both sets on, on a garden tile: the large meeple, the abbot and recall
    let both = completion_labels(
        "rules abbot inns-cathedrals\nplayers red blue\ntile D 0,0\nturn red Ug 1,0 r90 $0\n",
    );
    for word in ["large", "abbot", "recall", "traveller"] {
        assert!(both.contains(&word.to_owned()), "{word}: {both:?}");
    }
    // no garden, no monastery: no abbot, but recall (of an abbot elsewhere)
    let plain =
        completion_labels("rules abbot\nplayers red blue\ntile D 0,0\nturn red U 1,0 r90 $0\n");
    assert!(!plain.contains(&"abbot".to_owned()) && plain.contains(&"recall".to_owned()));
    // after `large`, the roles and then the places
    let after = completion_labels(
        "rules inns-cathedrals\nplayers red blue\ntile D 0,0\nturn red U 1,0 r90 large $0\n",
    );
    assert!(after.contains(&"traveller".to_owned()), "{after:?}");
    let places = completion_labels("rules inns-cathedrals\nplayers red blue\ntile D 0,0\nturn red U 1,0 r90 large traveller $0\n");
    assert!(places.contains(&"E".to_owned()), "{places:?}");
}

#[test]
fn semantic_tokens_classify_large_abbot_and_recall_as_figures() {
    let words = |text: &str| -> Vec<(String, TokenKind)> {
        semantic_tokens(&analyze(text))
            .iter()
            .filter(|t| t.kind == TokenKind::Role)
            .map(|t| (text[t.span.start..t.span.end].to_owned(), t.kind))
            .collect()
    };
    let role = |w: &str| (w.to_owned(), TokenKind::Role);
    assert_eq!(
        words("tile D 0,0 red large knight N\n"),
        [role("large"), role("knight")]
    );
    assert_eq!(words("tile Eg 0,1 r180 red abbot\n"), [role("abbot")]);
    assert_eq!(words("turn red U 1,0 r90 recall\n"), [role("recall")]);
}

#[test]
fn completion_offers_half_sides_of_a_split_corner_and_inner_fields() {
    // ic.G r180: corner NW is split into WNW and NNW (the bare corner is not offered)
    let g =
        completion_labels("rules inns-cathedrals\ntile D 0,0\nturn red ic.G 0,1 r180 farmer $0\n");
    assert!(
        g.contains(&"WNW".to_owned()) && g.contains(&"NNW".to_owned()),
        "{g:?}"
    );
    assert!(!g.contains(&"NW".to_owned()), "{g:?}");
    // ic.H: the inner field
    let h = completion_labels("rules inns-cathedrals\ntile E 5,5\nturn red ic.H 5,6 farmer $0\n");
    assert_eq!(h, ["inner"]);
}

#[test]
fn completion_offers_builder_pig_bonus_and_goods_words_with_traders_builders() {
    let tb = "rules traders-builders\nplayers red blue\ntile D 0,0\n";
    // U r90 is a road west–east between two fields: builder (a road) and pig (a field)
    let figures = completion_labels(&format!("{tb}turn red U 1,0 r90 $0\n"));
    for word in ["builder", "pig", "traveller", "farmer"] {
        assert!(figures.contains(&word.to_owned()), "{word}: {figures:?}");
    }
    // without the set: neither
    let base = completion_labels("players red blue\ntile D 0,0\nturn red U 1,0 r90 $0\n");
    assert!(
        !base.iter().any(|l| l == "builder" || l == "pig"),
        "{base:?}"
    );
    // after `builder`: the road's sides E and W (no city on U) where red has a traveller on
    // the road (the builder stands only beside its owner's follower); after `pig`: fields
    let with_traveller = tb.replace("tile D 0,0\n", "tile D 0,0 red traveller E\n");
    let builder = completion_labels(&format!("{with_traveller}turn red U 1,0 r90 builder $0\n"));
    assert!(builder.contains(&"E".to_owned()) && builder.contains(&"W".to_owned()));
    assert!(
        !builder.iter().any(|l| l == "N" || l == "NE"),
        "{builder:?}"
    );
    let pig = completion_labels(&format!("{tb}turn red U 1,0 r90 pig $0\n"));
    assert!(pig.contains(&"NE".to_owned()) && pig.contains(&"SW".to_owned()));
    assert!(!pig.iter().any(|l| l == "E" || l == "W"), "{pig:?}");
    // a setup tile's builder, and a bonus part, complete like a turn
    let setup = completion_labels(&format!("{tb}tile U 1,0 r90 red $0\n"));
    assert!(setup.contains(&"builder".to_owned()), "{setup:?}");
    let bonus = completion_labels(&format!("{tb}turn red U 1,0 r90\nbonus red U 2,0 r90 $0\n"));
    assert!(bonus.contains(&"pig".to_owned()), "{bonus:?}");
    assert!(completion_labels(&format!("{tb}bonus $0\n")).contains(&"blue".to_owned()));
    // `bonus` and `goods` start a line; `goods` follows `expect`
    let keywords = completion_labels(&format!("{tb}$0\n"));
    assert!(keywords.contains(&"bonus".to_owned()) && keywords.contains(&"goods".to_owned()));
    let expect = completion_labels(&format!("{tb}expect $0\n"));
    assert_eq!(expect, ["score", "supply", "goods"]);
    // goods: a colour, then the goods not listed yet, nothing where a number goes
    assert!(completion_labels(&format!("{tb}goods $0\n")).contains(&"red".to_owned()));
    assert_eq!(
        completion_labels(&format!("{tb}goods red $0\n")),
        ["wine", "grain", "cloth"]
    );
    assert_eq!(
        completion_labels(&format!("{tb}expect goods red grain 1 $0\n")),
        ["wine", "cloth"]
    );
    assert!(completion_labels(&format!("{tb}goods red wine $0\n")).is_empty());
}

#[test]
fn semantic_tokens_classify_builder_pig_bonus_and_goods() {
    let text = "tile U 1,0 r90 red builder E\nbonus red U 2,0 pig NW\ngoods red wine 2\n";
    let tokens: Vec<(&str, TokenKind)> = semantic_tokens(&analyze(text))
        .iter()
        .map(|t| (&text[t.span.start..t.span.end], t.kind))
        .collect();
    for expected in [
        ("builder", TokenKind::Role),
        ("E", TokenKind::Place),
        ("bonus", TokenKind::Keyword),
        ("pig", TokenKind::Role),
        ("NW", TokenKind::Place),
        ("goods", TokenKind::Keyword),
        ("wine", TokenKind::Keyword),
        ("2", TokenKind::Number),
    ] {
        assert!(tokens.contains(&expected), "{expected:?}: {tokens:?}");
    }
}

#[test]
fn hover_on_bonus_and_goods_keywords_says_what_they_do() {
    let tb = "rules traders-builders\nplayers red blue\ntile D 0,0\n";
    let bonus = hover_at(&format!("{tb}turn red U 1,0 r90\nbo$0nus red U 2,0 r90\n"))
        .expect("a card on `bonus`");
    assert!(
        bonus.starts_with("**bonus**: the builder's bonus tile"),
        "{bonus}"
    );
    let goods = hover_at(&format!("{tb}go$0ods red wine 1\n")).expect("a card on `goods`");
    assert!(
        goods.starts_with("**goods**: setup: a player's goods"),
        "{goods}"
    );
}

#[test]
fn traders_builders_lines_are_read_before_their_rules_are_wired() {
    let codes = |text: &str| -> Vec<(Code, String)> {
        let analysis = analyze(text);
        analysis
            .diagnostics()
            .iter()
            .map(|d| (d.code, text[d.span.start..d.span.end].to_owned()))
            .collect()
    };
    // the builder and the pig are figures of Traders & Builders
    assert_eq!(
        codes("players red\ntile D 0,0 red traveller E\ntile U 1,0 r90 red builder E\n"),
        [(Code::ExpansionOff, "builder".to_owned())]
    );
    assert_eq!(
        codes("players red\ntile D 0,0\nturn red U 1,0 r90 pig NW\n"),
        [(Code::ExpansionOff, "pig".to_owned())]
    );
    // `goods` is a setup statement (the keyword table says so): after a turn it is `order`
    let late = codes(
        "rules traders-builders\nplayers red\ntile D 0,0\nturn red U 1,0 r90\ngoods red wine 1\n",
    );
    assert_eq!(late, [(Code::Order, "goods".to_owned())]);
    // `expect goods` is an `expect`: it may follow `end`; `bonus` is no setup statement
    let after_end = codes(
        "rules traders-builders\nplayers red\ngoods red grain 1\ntile D 0,0\nend\nexpect goods red grain 1\n",
    );
    assert!(after_end.is_empty(), "{after_end:?}");
}

/// The folds of `text` as (first line, last line, kind), lines counted from 0.
fn folds(text: &str) -> Vec<(usize, usize, FoldKind)> {
    let line_of = |offset: usize| text[..offset].matches('\n').count();
    folding_ranges(&analyze(text))
        .into_iter()
        .map(|f| (line_of(f.span.start), line_of(f.span.end), f.kind))
        .collect()
}

#[test]
fn folding_covers_the_setup_each_variation_and_comment_runs() {
    let text = "\
# Lesson: close it now
# two comment lines fold together
players red blue
tile D 0,0
# one comment line alone folds nothing
mark 0,2 \"here\"
tile F 0,1 r90
turn red E 0,2 r180
variation \"or the road\" {
  # inside
  turn blue U 1,0
  turn red U 2,0
}
end
";
    // Lines: 0-1 comments; 2-6 the setup (players … tile F: the mark on line 5 does not end
    // it, the first turn on line 7 does); 8-11 the variation up to the line before its `}` on line 12
    // (line 9 is a lone comment line: no fold of its own).
    assert_eq!(
        folds(text),
        vec![
            (0, 1, FoldKind::Comment),
            (2, 6, FoldKind::Setup),
            (8, 11, FoldKind::Variation),
        ]
    );
}

#[test]
fn folding_nests_variations_and_skips_unclosed_and_one_line_blocks() {
    let text = "\
players red blue
turn red D 0,0
variation \"outer\" {
  turn blue E 0,1
  variation \"inner\" {
    turn blue E 1,0
  }
  variation \"empty\" {
  }
}
}
variation \"never closed\" {
turn blue E 0,1
";
    // The setup is one line (players): no fold. Outer: lines 2-8 (its `}` is line 9); inner:
    // 4-5; "empty" opens on 7 and closes on 8, nothing inside: one line, no fold. The `}` on
    // line 10 closes nothing and the variation on line 11 is never closed: no folds.
    assert_eq!(
        folds(text),
        vec![(2, 8, FoldKind::Variation), (4, 5, FoldKind::Variation)]
    );
    // A file that is one comment run to its end (no final line break) folds it whole.
    assert_eq!(folds("# a\n# b\n# c"), vec![(0, 2, FoldKind::Comment)]);
    assert_eq!(folds(""), vec![]);
}

#[test]
fn completion_replaces_the_whole_dotted_token_under_the_cursor() {
    // The cursor after `ic` in `ic.R` (where a double-click that stopped at the dot leaves
    // it): the item replaces all of `ic.R`, so choosing `ic.K` gives `ic.K`, never `ic.K.R`.
    for fixture in [
        "rules inns-cathedrals\nplayers red blue\ntile D 0,0\nturn red ic$0.R 1,0\n",
        "rules inns-cathedrals\nplayers red blue\ntile D 0,0\nturn red ic.$0R 1,0\n",
        "rules inns-cathedrals\nplayers red blue\ntile D 0,0\nturn red ic.R$0 1,0\n",
    ] {
        let (text, offset) = cursor(fixture);
        let items = completions(&analyze(&text), offset);
        let item = items
            .iter()
            .find(|i| i.label == "ic.K")
            .unwrap_or_else(|| panic!("{fixture}: no ic.K in {items:?}"));
        assert_eq!(item.replace.slice(&text), Some("ic.R"), "{fixture}");
    }
    // a comma ends the word: `red,` keeps `,blue`
    let (text, offset) = cursor("players r$0ed,blue\n");
    let items = completions(&analyze(&text), offset);
    assert!(
        items.iter().all(|i| i.replace.slice(&text) == Some("red")),
        "{items:?}"
    );
}
