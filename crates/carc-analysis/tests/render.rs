//! Pictures of a position: the SVG is well-formed XML and shows exactly the position at the
//! requested line (one element per tile, meeple, mark and glyph, with their `data-*`
//! attributes); the terminal view of a small position is a fixed snapshot; marks and glyphs
//! show in hover. Positions and expected values are derived by hand from docs/tiles.md.

use std::collections::BTreeMap;

use carc_analysis::{analyze, board_at, board_at_line, hover, render_ascii, render_svg};

#[path = "support/xml.rs"]
mod xml;
use xml::{parse_xml, Element};

/// The elements of class `class`, each as its `data-*` attributes (without the prefix).
fn of_class(elements: &[Element], class: &str) -> Vec<BTreeMap<String, String>> {
    elements
        .iter()
        .filter(|e| e.attrs.get("class").map(String::as_str) == Some(class))
        .map(|e| {
            e.attrs
                .iter()
                .filter_map(|(k, v)| Some((k.strip_prefix("data-")?.to_owned(), v.clone())))
                .collect()
        })
        .collect()
}

fn data(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Lesson "tied majority" with a mark, and a variation after it.
const TIED: &str = r#"title "Tied <majority> & co"
players red blue
tile E 0,1 r180 red knight S
tile V 1,1 r180
tile E 1,0 r270 blue knight W
tile V -1,1 r90
tile E -1,0 r90
mark 0,0 "merge three cities"
variation "tie" {
  turn red R 0,0 ! => red +8, blue +8
}
turn red U 2,1 r90 => nothing
"#;

#[test]
fn the_checker_refuses_broken_xml() {
    assert!(parse_xml("<a><b></a></b>").is_err());
    assert!(parse_xml("<a x=1/>").is_err());
    assert!(parse_xml("<a x=\"1\" x=\"2\"/>").is_err());
    assert!(parse_xml("<a>&nope;</a>").is_err());
    assert!(parse_xml("<a><b/>").is_err());
    assert!(parse_xml("<a/><b/>").is_err());
    assert!(parse_xml("<a x=\"&lt;\">t &amp; u</a>").is_ok());
}

#[test]
fn the_setup_picture_has_every_tile_meeple_and_mark_and_no_turn() {
    let analysis = analyze(TIED);
    assert!(
        analysis.diagnostics().is_empty(),
        "{:?}",
        analysis.diagnostics()
    );
    // Line 8 (index 7) is the mark: the setup position, before the variation's turn.
    let board = board_at_line(&analysis, 7).expect("line 8 exists");
    let svg = render_svg(&board);
    let elements = parse_xml(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    assert_eq!(elements[0].name, "svg");
    assert_eq!(
        of_class(&elements, "tile"),
        vec![
            data(&[("letter", "E"), ("rotation", "180"), ("x", "0"), ("y", "1")]),
            data(&[("letter", "V"), ("rotation", "180"), ("x", "1"), ("y", "1")]),
            data(&[("letter", "E"), ("rotation", "270"), ("x", "1"), ("y", "0")]),
            data(&[("letter", "V"), ("rotation", "90"), ("x", "-1"), ("y", "1")]),
            data(&[("letter", "E"), ("rotation", "90"), ("x", "-1"), ("y", "0")]),
        ]
    );
    let meeple = |colour: &str, x: &str, y: &str, place: &str| {
        data(&[
            ("colour", colour),
            ("role", "knight"),
            ("x", x),
            ("y", y),
            ("place", place),
        ])
    };
    let mut meeples = of_class(&elements, "meeple");
    meeples.sort();
    let mut expected = vec![meeple("red", "0", "1", "S"), meeple("blue", "1", "0", "W")];
    expected.sort();
    assert_eq!(meeples, expected);
    assert_eq!(
        of_class(&elements, "mark"),
        vec![data(&[
            ("x", "0"),
            ("y", "0"),
            ("label", "merge three cities")
        ])]
    );
    // Setup: no turn yet, so nothing is highlighted as the last move and no glyph shows.
    assert!(of_class(&elements, "last").is_empty());
    assert!(of_class(&elements, "glyph").is_empty());
    // Scores and supplies: one knight each on the board, 6 left.
    assert_eq!(
        of_class(&elements, "player"),
        vec![
            data(&[("colour", "red"), ("score", "0"), ("supply", "6")]),
            data(&[("colour", "blue"), ("score", "0"), ("supply", "6")]),
        ]
    );
    // The title is escaped, and the label is drawn inside the empty marked cell.
    assert!(svg.contains("Tied &lt;majority&gt; &amp; co"), "{svg}");
    assert!(
        svg.contains(">merge three<") && svg.contains(">cities<"),
        "{svg}"
    );
}

#[test]
fn a_picture_inside_a_variation_shows_its_turn_glyph_and_returned_knights() {
    let analysis = analyze(TIED);
    // Line 10 (index 9): R merges the three caps; 8 each, both knights return.
    let svg = render_svg(&board_at_line(&analysis, 9).expect("line 10"));
    let elements = parse_xml(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let tiles = of_class(&elements, "tile");
    assert_eq!(tiles.len(), 6);
    assert_eq!(
        tiles[5],
        data(&[("letter", "R"), ("rotation", "0"), ("x", "0"), ("y", "0")])
    );
    assert!(of_class(&elements, "meeple").is_empty());
    assert_eq!(
        of_class(&elements, "glyph"),
        vec![data(&[("glyph", "!"), ("x", "0"), ("y", "0")])]
    );
    assert_eq!(of_class(&elements, "player")[0]["score"], "8");
    assert_eq!(of_class(&elements, "player")[1]["score"], "8");
    // The main line after the block: no R, the straight road at 2,1 instead, knights back.
    let end = board_at(&analysis, None);
    let svg = render_svg(&end);
    let elements = parse_xml(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let letters: Vec<String> = of_class(&elements, "tile")
        .iter()
        .map(|t| t["letter"].clone())
        .collect();
    assert_eq!(letters, ["E", "V", "E", "V", "E", "U"]);
    assert_eq!(of_class(&elements, "meeple").len(), 2);
    assert_eq!(
        of_class(&elements, "last"),
        vec![BTreeMap::new()],
        "the turn's tile is highlighted"
    );
}

#[test]
fn a_farmer_lies_down_and_the_offset_picks_the_line() {
    // Farmer on D's north-eastern field; the turn completes the city for nobody.
    let text = "tile D 0,0 red farmer NE\nturn red E 0,1 r180 => nothing\n";
    let analysis = analyze(text);
    let on_turn = text.find("turn").unwrap() + 2;
    let svg = render_svg(&board_at(&analysis, Some(on_turn)));
    let elements = parse_xml(&svg).unwrap();
    let farmers: Vec<&Element> = elements
        .iter()
        .filter(|e| e.attrs.get("data-role").map(String::as_str) == Some("farmer"))
        .collect();
    assert_eq!(farmers.len(), 1);
    assert_eq!(farmers[0].attrs["data-place"], "NE");
    assert!(farmers[0].attrs["transform"].contains("rotate(90)"));
    assert_eq!(of_class(&elements, "tile").len(), 2);
    // A line past the end has no picture.
    assert!(board_at_line(&analysis, 2).is_none());
}

#[test]
fn shields_cities_roads_and_monasteries_are_drawn_from_the_tiles() {
    // F has a shield; A has a monastery and a road; L has three road ends meeting (junction).
    let text = "tile F 0,0\ntile A 0,-1\ntile L 1,0 r270\n";
    let analysis = analyze(text);
    assert!(
        analysis.diagnostics().is_empty(),
        "{:?}",
        analysis.diagnostics()
    );
    let svg = render_svg(&board_at(&analysis, None));
    let elements = parse_xml(&svg).unwrap();
    let count = |class: &str| {
        elements
            .iter()
            .filter(|e| e.attrs.get("class").map(String::as_str) == Some(class))
            .count()
    };
    // F: one city across the tile; L: one city cap. One shield (F).
    assert_eq!(count("city"), 2);
    assert_eq!(count("shield"), 1);
    assert_eq!(count("monastery"), 1);
    assert_eq!(count("junction"), 1);
    // Roads: A's one road and L's three ends are drawn as one path per tile.
    assert_eq!(count("road"), 2);
}

#[test]
fn the_terminal_view_of_a_small_position() {
    let text = "title \"Cap\"\nplayers red blue\ntile D 0,0 red knight N\nmark 0,1 \"close it\"\nmark 1,0\n";
    let board = board_at(&analyze(text), None);
    // North is up: the row y = 1 (mark 1 above D) comes first. D shows city north, road
    // east-west, field south; red's knight on the city side N replaces its `#` with `r`.
    // Mark 2 sits east of D. Corners of D's fields are `.`.
    let want = "\
Cap
   0  1
  ***
1 *1*
  ***
  .r.***
0 -D-*2*
  ...***
mark 1 at 0,1: close it
mark 2 at 1,0
red 0 (supply 6) · blue 0 (supply 7)
";
    let ascii = render_ascii(&board);
    assert_eq!(ascii, want);
}

#[test]
fn hover_shows_a_marks_label_and_cell_and_a_glyphs_meaning() {
    let text = "players red blue\ntile D 0,0\nmark 0,1 \"close the city\"\nturn red E 0,1 r180 knight S ! => red +4\nmark 0,1 \"closed\"\n";
    let analysis = analyze(text);
    assert!(
        analysis.diagnostics().is_empty(),
        "{:?}",
        analysis.diagnostics()
    );
    let on = |needle: &str| text.find(needle).unwrap() + 1;
    let card = hover(&analysis, on("mark 0,1 \"close")).unwrap().markdown;
    assert!(card.contains("**mark** 0,1: “close the city”"), "{card}");
    // D's north side is its city: the gap must show a city on its south side.
    assert!(
        card.contains("The cell is empty; a tile here must show a city on its south side."),
        "{card}"
    );
    let card = hover(&analysis, on("mark 0,1 \"closed")).unwrap().markdown;
    assert!(
        card.contains("The cell holds **E** (Single city cap) r180."),
        "{card}"
    );
    let glyph = text.find(" ! ").unwrap() + 1;
    let card = hover(&analysis, glyph).unwrap().markdown;
    assert!(card.contains("**!** good move"), "{card}");
    let card = hover(&analysis, text.find("turn").unwrap())
        .unwrap()
        .markdown;
    assert!(card.contains("+4") || card.contains("= 4"), "{card}");
    assert!(card.contains("**!** good move"), "{card}");
}

#[test]
fn a_setup_line_shows_the_setup_not_the_first_turn() {
    // Hover and pictures at a setup line replay the whole setup but stop before play.
    let text = "players red blue\ntile D 0,0\ntile F 0,1 r90 red knight S\nturn blue E 0,2 r180 => red +8\n";
    let analysis = analyze(text);
    let card = hover(&analysis, text.find("F 0,1").unwrap())
        .unwrap()
        .markdown;
    // D + F: 2 tiles, 1 shield, open to the north; red's knight still in it.
    assert!(card.contains("city of 2 tiles, 1 shield, open"), "{card}");
    assert!(card.contains("red 1"), "{card}");
    let board = board_at_line(&analysis, 1).unwrap();
    assert_eq!(board.tiles.len(), 2);
    assert_eq!(board.meeples.len(), 1);
}
