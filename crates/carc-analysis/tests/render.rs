//! Pictures of a position: the SVG is well-formed XML and shows exactly the position at the
//! requested line (one element per tile, meeple, mark and glyph, with their `data-*`
//! attributes); the terminal view of a small position is a fixed snapshot; marks and glyphs
//! show in hover. Positions and expected values are derived by hand from docs/tiles.md.

use std::collections::BTreeMap;

use carc_analysis::{analyze, board_at, board_at_line, hover, render_ascii, render_svg};

#[path = "support/xml.rs"]
mod xml;
use xml::{of_class, parse_xml, Element};

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

/// The picture at the end of a document that must check clean, and its elements.
fn end_picture(text: &str) -> (String, Vec<Element>) {
    let analysis = analyze(text);
    assert!(
        analysis.diagnostics().is_empty(),
        "{:?}",
        analysis.diagnostics()
    );
    let svg = render_svg(&board_at(&analysis, None));
    let elements = parse_xml(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    (svg, elements)
}

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
    let (_, elements) = end_picture("tile F 0,0\ntile A 0,-1\ntile L 1,0 r270\n");
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
# city  @ coat of arms  | - road  . field  + monastery  r b g y k p meeples (capital: farmer)  *N mark N
meeples: r red knight at 0,0 N
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

// ---------------------------------------------------------------------------------------------
// Pictures that show all of their content (issue: legend, titles, labels, marks, meeples).

/// One `<text>` of a picture: where it starts, its anchor, font size, its
/// characters (tspans included), its estimated width (each tspan in its own font), and
/// whether it is drawn inside a tile (tile coordinates).
#[derive(Debug)]
struct Text {
    x: f64,
    y: f64,
    anchor: String,
    size: f64,
    content: String,
    width: f64,
    in_tile: bool,
    class: Option<String>,
}

fn attr(tag: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let end = tag[start..].find('"')? + start;
    Some(tag[start..end].to_owned())
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// Every text of an SVG picture, in order.
fn texts(svg: &str) -> Vec<Text> {
    let mut out = Vec::new();
    let mut rest = svg;
    let mut offset = 0;
    while let Some(i) = rest.find("<text") {
        let start = offset + i;
        let tag_end = svg[start..].find('>').unwrap() + start;
        let close = svg[start..].find("</text>").unwrap() + start;
        let tag = &svg[start..=tag_end];
        let inner = &svg[tag_end + 1..close];
        // The coordinates group sets 13 for its texts.
        let size = attr(tag, "font-size").map_or(13.0, |v| v.parse().unwrap());
        let bold = attr(tag, "font-weight").as_deref() == Some("bold");
        let mut content = String::new();
        let mut width = 0.0;
        let mut font = vec![(size, bold)];
        let mut rest_inner = inner;
        while !rest_inner.is_empty() {
            let (piece, after) = match rest_inner.find('<') {
                Some(0) => {
                    let end = rest_inner.find('>').unwrap();
                    let t = &rest_inner[..=end];
                    if t.starts_with("</") {
                        font.pop();
                    } else {
                        let (size, bold) = *font.last().unwrap();
                        font.push((
                            attr(t, "font-size").map_or(size, |v| v.parse().unwrap()),
                            attr(t, "font-weight").map_or(bold, |w| w == "bold"),
                        ));
                    }
                    rest_inner = &rest_inner[end + 1..];
                    continue;
                }
                Some(i) => (&rest_inner[..i], &rest_inner[i..]),
                None => (rest_inner, ""),
            };
            let piece = unescape(piece);
            let (size, bold) = *font.last().unwrap();
            width += carc_analysis::text_width(&piece, size, bold);
            content.push_str(&piece);
            rest_inner = after;
        }
        // Inside a tile group when the last `<g class="tile"` opened after the last `</g>`
        // that closed one (tile groups hold no nested groups but the label's).
        let before = &svg[..start];
        let in_tile = before.rfind("<g class=\"tile\"").is_some_and(|g| {
            before[g..].matches("</g>").count() == 0
                || (before[g..].matches("<g").count() > before[g..].matches("</g>").count())
        });
        let group_class = before
            .rfind("<g class=\"")
            .map(|g| attr(&before[g..before[g..].find('>').unwrap() + g + 1], "class").unwrap());
        out.push(Text {
            x: attr(tag, "x").map_or(0.0, |v| v.parse().unwrap()),
            y: attr(tag, "y").map_or(0.0, |v| v.parse().unwrap()),
            anchor: attr(tag, "text-anchor").unwrap_or_else(|| "start".to_owned()),
            size,
            content,
            width,
            in_tile,
            class: attr(tag, "class").or(group_class),
        });
        rest = &svg[close..];
        offset = close;
    }
    out
}

/// The picture's width and height (its viewBox).
fn size(svg: &str) -> (f64, f64) {
    let view_box = attr(svg, "viewBox").unwrap();
    let v: Vec<f64> = view_box.split(' ').map(|n| n.parse().unwrap()).collect();
    (v[2], v[3])
}

/// The horizontal extent of a text by the fixed-width estimate.
fn extent(t: &Text) -> (f64, f64) {
    let w = t.width;
    match t.anchor.as_str() {
        "middle" => (t.x - w / 2.0, t.x + w / 2.0),
        "end" => (t.x - w, t.x),
        _ => (t.x, t.x + w),
    }
}

/// Every text outside tiles lies inside the viewBox, by the fixed-width estimate.
fn assert_texts_inside(svg: &str, what: &str) {
    let (width, height) = size(svg);
    for t in texts(svg).iter().filter(|t| !t.in_tile) {
        let (x0, x1) = extent(t);
        assert!(
            x0 >= 0.0 && x1 <= width && t.y - t.size >= 0.0 && t.y <= height,
            "{what}: {t:?} spans {x0}..{x1} in a picture {width} wide, {height} high"
        );
    }
}

/// Five players, as many tiles (a turn each), for the legend.
const FIVE: &str = "title \"Five players around the start tile\"
players red blue green yellow black
tile D 0,0
turn red E 0,1 r180 knight S => red +4
turn blue V 1,0 r90 traveller W
turn green U -1,0 r90 farmer NW
turn yellow B 0,-1 monk
turn black J 1,1 knight N
";

#[test]
fn the_player_legend_wraps_and_shows_every_player() {
    let (svg, elements) = end_picture(FIVE);
    // Supplies: each player deployed one meeple; red's knight came back with the closed
    // city (D + E: 2 × 2 = 4), so red has 7, the others 6.
    let players = of_class(&elements, "player");
    let found: Vec<(&str, &str, &str)> = players
        .iter()
        .map(|p| {
            (
                p["colour"].as_str(),
                p["score"].as_str(),
                p["supply"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("red", "4", "7"),
            ("blue", "0", "6"),
            ("green", "0", "6"),
            ("yellow", "0", "6"),
            ("black", "0", "6")
        ]
    );
    let entries: Vec<Text> = texts(&svg)
        .into_iter()
        .filter(|t| t.content.contains("supply"))
        .collect();
    assert_eq!(entries.len(), 5);
    // The 420-unit picture cannot hold five entries on one row: they wrap.
    let rows: std::collections::BTreeSet<i64> = entries.iter().map(|t| t.y as i64).collect();
    assert!(rows.len() >= 2, "{entries:?}");
    assert_texts_inside(&svg, "five players");
}

#[test]
fn a_long_title_wraps_without_losing_a_word() {
    let title = "A very long lesson title that goes on and on about closing cities, roads, \
                 monasteries and fields before the game ends";
    let text = format!("title \"{title}\"\nplayers red blue green\ntile D 0,0\n");
    let svg = render_svg(&board_at(&analyze(&text), None));
    let lines: Vec<String> = texts(&svg)
        .into_iter()
        .filter(|t| t.class.as_deref() == Some("title"))
        .map(|t| t.content)
        .collect();
    assert!(lines.len() >= 3, "{lines:?}");
    // Every word is there, in order, and the position follows the title.
    // (each line of the title isolated between U+2068 and U+2069)
    let joined = lines.join(" ").replace(['\u{2068}', '\u{2069}'], "");
    assert!(joined.starts_with(title), "{joined}");
    assert!(joined.ends_with("at the end"), "{joined}");
    assert_texts_inside(&svg, "long title");
    // The board starts below the header: the first coordinate is under the last title line.
    let all = texts(&svg);
    let last_title = all
        .iter()
        .rfind(|t| t.class.as_deref() == Some("title"))
        .unwrap()
        .y;
    let first_coordinate = all
        .iter()
        .find(|t| t.class.as_deref() == Some("coordinates"))
        .unwrap()
        .y;
    assert!(
        first_coordinate > last_title + 20.0,
        "{last_title} {first_coordinate}"
    );
}

#[test]
fn long_mark_labels_stay_in_their_cell_and_are_whole_in_the_legend() {
    let label =
        "This is a long label for a mark on an empty cell that does not fit in the box at all";
    let text = format!("tile D 0,0\nmark 0,1 \"{label}\"\nmark 1,0 \"short\"\n");
    let svg = render_svg(&board_at(&analyze(&text), None));
    let all = texts(&svg);
    let in_marks: Vec<&Text> = all
        .iter()
        .filter(|t| t.class.as_deref() == Some("mark") && t.size == 11.0 && t.content.len() > 2)
        .collect();
    assert!(!in_marks.is_empty());
    // The mark's box is 100 - 9 = 91 wide, centred on the cell: every line within 84 of it.
    for t in &in_marks {
        let (x0, x1) = extent(t);
        assert!(x1 - x0 <= 84.0, "{t:?}");
    }
    let legend: Vec<&str> = all
        .iter()
        .filter(|t| t.class.as_deref() == Some("legend"))
        .map(|t| t.content.as_str())
        .collect();
    // The cut label is whole under the board (wrapped), the short one only in its cell.
    let legend_text = legend.join(" ");
    assert!(legend_text.contains(label), "{legend_text}");
    assert!(!legend_text.contains("short"), "{legend_text}");
    assert!(all
        .iter()
        .any(|t| t.content == "short" && t.class.as_deref() == Some("mark")));
    assert_texts_inside(&svg, "long mark label");
}

/// A tile's cell as its `data-x`, `data-y`, and a rectangle `(x, y, w, h)`.
type Plate = ((String, String), (f64, f64, f64, f64));

/// The label plate of each tile, `(x, y, w, h)` in tile units, by the tile's cell.
fn label_plates(svg: &str) -> Vec<Plate> {
    let mut out = Vec::new();
    for (i, _) in svg.match_indices("<g class=\"tile\"") {
        let tag_end = svg[i..].find('>').unwrap() + i;
        let tag = &svg[i..=tag_end];
        let cell = (attr(tag, "data-x").unwrap(), attr(tag, "data-y").unwrap());
        let plate = svg[i..].find("<g class=\"label\"><rect").unwrap() + i;
        let rect = &svg[plate + 17..];
        let num = |n: &str| attr(rect, n).unwrap().parse::<f64>().unwrap();
        out.push((cell, (num("x"), num("y"), num("width"), num("height"))));
    }
    out
}

#[test]
fn tile_labels_keep_clear_of_meeples_and_mark_numbers_and_inside_the_frames() {
    // E r180 has its city on S: the knight stands at the bottom middle, under the usual
    // place of the label; B's farmer on SW lies in the lower left corner; the tile at 0,1
    // is marked (its number sits in the upper left corner) and carries a glyph.
    let text = "players red blue\ntile D 0,0\ntile E 0,-1 r180 red knight S\n\
                tile B -1,0 blue farmer SW\nturn red E 0,1 r180 ! => red +4\nmark 0,1 \"x\"\n";
    let analysis = analyze(text);
    let board = board_at(&analysis, None);
    let svg = render_svg(&board);
    let meeples: Vec<BTreeMap<String, String>> = of_class(&parse_xml(&svg).unwrap(), "meeple");
    assert_eq!(meeples.len(), 2);
    for ((x, y), (px, py, w, h)) in label_plates(&svg) {
        // Inside the mark's dashed frame (4.5 from the edge, 3 wide) and the white one.
        assert!(
            px >= 6.0 && py >= 6.0 && px + w <= 94.0 && py + h <= 94.0,
            "{x},{y}"
        );
        // Clear of the meeples of its tile (each drawn within 13 of its point).
        for m in meeples.iter().filter(|m| m["x"] == x && m["y"] == y) {
            let (mx, my) = match (m["role"].as_str(), m["place"].as_str()) {
                // Knight on S: (50, 100 - 17); farmer on SW: (24, 100 - 24).
                ("knight", "S") => (50.0, 83.0),
                ("farmer", "SW") => (24.0, 76.0),
                other => panic!("{other:?}"),
            };
            let dx = (px - mx).max(mx - (px + w)).max(0.0);
            let dy = (py - my).max(my - (py + h)).max(0.0);
            assert!(
                dx * dx + dy * dy >= 13.0 * 13.0,
                "label of {x},{y} under a meeple"
            );
        }
        // The marked tile's number is in the upper left corner (13, 13), radius 9.
        if (x.as_str(), y.as_str()) == ("0", "1") {
            assert!(
                !(px < 22.0 && py < 22.0),
                "label of 0,1 under the mark number"
            );
        }
    }
}

#[test]
fn the_last_move_and_a_mark_look_different() {
    let text = "players red blue\ntile D 0,0\nturn red E 0,1 r180 => red +4\nmark 0,1 \"here\"\n";
    let svg = render_svg(&board_at(&analyze(text), None));
    let elements = parse_xml(&svg).unwrap();
    let last = elements
        .iter()
        .find(|e| e.attrs.get("class").map(String::as_str) == Some("last"))
        .expect("the last turn's tile is framed");
    let mark_rect = elements
        .iter()
        .skip_while(|e| e.attrs.get("class").map(String::as_str) != Some("mark"))
        .find(|e| e.name == "rect")
        .expect("the mark's frame");
    // Different colour and style (a solid frame against a dashed one), and the mark's frame
    // lies inside the last turn's so that both show on one cell.
    assert_ne!(last.attrs["stroke"], mark_rect.attrs["stroke"]);
    assert!(!last.attrs.contains_key("stroke-dasharray"));
    assert!(mark_rect.attrs.contains_key("stroke-dasharray"));
    let inset = |e: &xml::Element| -> f64 {
        e.attrs["width"].parse::<f64>().unwrap() + e.attrs["stroke-width"].parse::<f64>().unwrap()
    };
    assert!(
        inset(mark_rect)
            <= last.attrs["width"].parse::<f64>().unwrap()
                - last.attrs["stroke-width"].parse::<f64>().unwrap()
    );
}

#[test]
fn meeples_on_outer_sides_are_drawn_inside_their_tile() {
    // A knight on each outer side of four caps around E at 0,0, a traveller on the west
    // end of a road, a farmer in an outer corner: all at the board's border.
    let text = "players red blue green black yellow
tile E 0,0 red knight N
tile E 1,0 r90 blue knight E
tile E 0,-1 r180 green knight S
tile E -1,0 r270 black knight W
tile U -1,1 r90 yellow traveller W
tile B -1,-1 green farmer SW
";
    let svg = render_svg(&board_at(&analyze(text), None));
    let elements = parse_xml(&svg).unwrap();
    // The cell of each tile, from its group's translation.
    let mut cells = BTreeMap::new();
    for e in elements
        .iter()
        .filter(|e| e.attrs.get("class").map(String::as_str) == Some("tile"))
    {
        let t = &e.attrs["transform"];
        let nums: Vec<f64> = t["translate(".len()..t.len() - 1]
            .split(',')
            .map(|n| n.parse().unwrap())
            .collect();
        cells.insert(
            (e.attrs["data-x"].clone(), e.attrs["data-y"].clone()),
            (nums[0], nums[1]),
        );
    }
    let meeples: Vec<&xml::Element> = elements
        .iter()
        .filter(|e| e.attrs.get("class").map(String::as_str) == Some("meeple"))
        .collect();
    assert_eq!(meeples.len(), 6);
    for m in meeples {
        let t = &m.attrs["transform"];
        let inner = &t["translate(".len()..t.find(')').unwrap()];
        let p: Vec<f64> = inner.split(',').map(|n| n.parse().unwrap()).collect();
        let (cx, cy) = cells[&(m.attrs["data-x"].clone(), m.attrs["data-y"].clone())];
        // The shape reaches 12 (and its outline 0.75 more) from its point.
        assert!(
            p[0] - 13.0 >= cx
                && p[0] + 13.0 <= cx + 100.0
                && p[1] - 13.0 >= cy
                && p[1] + 13.0 <= cy + 100.0,
            "{:?} at {p:?} leaves its cell at {cx},{cy}",
            m.attrs
        );
    }
}

#[test]
fn every_example_picture_keeps_its_text_inside() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut files = Vec::new();
    for dir in [root.clone(), root.join("lessons"), root.join("puzzles")] {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            if entry.path().extension().is_some_and(|e| e == "carc") {
                files.push(entry.path());
            }
        }
    }
    assert!(files.len() >= 20, "{files:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let analysis = analyze(&text);
        for board in [
            board_at(&analysis, None),
            board_at_line(&analysis, 0).unwrap(),
        ] {
            let svg = render_svg(&board);
            parse_xml(&svg).unwrap();
            assert_texts_inside(&svg, &path.display().to_string());
        }
    }
}

#[test]
fn the_terminal_view_shows_coats_of_arms_and_meeple_roles() {
    // F r90 above D: its city runs N-S, the coat of arms on its first free city side (N,
    // since red's knight stands on S); a blue farmer on D's south-eastern field.
    let text = "players red blue\ntile D 0,0 blue farmer SE\ntile F 0,1 r90 red knight S\n";
    let ascii = render_ascii(&board_at(&analyze(text), None));
    let want = "   0
  .@.
1 .F.
  .r.
  .#.
0 -D-
  ..B
# city  @ coat of arms  | - road  . field  + monastery  r b g y k p meeples (capital: farmer)  *N mark N
meeples: B blue farmer at 0,0 SE · r red knight at 0,1 S
red 0 (supply 6) · blue 0 (supply 6)
";
    assert_eq!(ascii, want);
}

#[test]
fn tile_labels_keep_clear_of_the_coat_of_arms() {
    use carc_rules::{Rotation, TileType};
    // O at r270: its city (N and W at r0) reaches W and S, the shield in the lower left
    // corner, where the label would otherwise go.
    for rotation in Rotation::ALL {
        let svg = carc_analysis::render_tiles_svg(&[(TileType::O, rotation)], 1);
        let plates = label_plates(&svg);
        assert_eq!(plates.len(), 1);
        let (px, py, w, h) = plates[0].1;
        let shield = svg.find("class=\"shield\" transform=\"translate(").unwrap();
        let rest = &svg[shield + "class=\"shield\" transform=\"translate(".len()..];
        let p: Vec<f64> = rest[..rest.find(')').unwrap()]
            .split(',')
            .map(|n| n.parse().unwrap())
            .collect();
        // The shield reaches 7 across and 10 down from its point.
        let apart =
            px > p[0] + 7.0 || px + w < p[0] - 7.0 || py > p[1] + 10.0 || py + h < p[1] - 8.0;
        assert!(
            apart,
            "{rotation:?}: plate {px},{py} {w}x{h}, shield at {p:?}"
        );
    }
}

/// The elements of class `class` with all their attributes.
fn elements_of<'a>(elements: &'a [Element], class: &str) -> Vec<&'a BTreeMap<String, String>> {
    elements
        .iter()
        .filter(|e| e.attrs.get("class").map(String::as_str) == Some(class))
        .map(|e| &e.attrs)
        .collect()
}

/// Where the tile `letter` lies in the picture: its translation.
fn tile_origin(elements: &[Element], letter: &str) -> Vec<f64> {
    let tile = elements_of(elements, "tile")
        .into_iter()
        .find(|t| t["data-letter"] == letter)
        .unwrap_or_else(|| panic!("no {letter}"));
    numbers(&tile["transform"])
}

/// The numbers of an SVG path or transform, in order.
fn numbers(text: &str) -> Vec<f64> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter_map(|n| n.parse().ok())
        .collect()
}

#[test]
fn a_city_wall_into_a_corner_is_drawn_to_that_corner() {
    // ic.G (docs/tiles.md): a city cap N whose wall runs into the SE corner at r0, splitting
    // it into ESE (with NE) and SSE (with SW, NW). Turned r90 the split corner is SW. E, the
    // plain cap, has no such wall.
    let ic_g = carc_rules::TileType::from_token("ic.G").expect("ic.G");
    let e = carc_rules::TileType::from_token("E").expect("E");
    use carc_rules::Rotation::{R0, R90};
    let svg = carc_analysis::render_tiles_svg(&[(ic_g, R0), (ic_g, R90), (e, R0)], 3);
    let elements = parse_xml(&svg).expect("well-formed");
    let walls = elements_of(&elements, "wall");
    let corners: Vec<&str> = walls.iter().map(|w| w["data-corner"].as_str()).collect();
    assert_eq!(corners, ["SE", "SW"]);
    // each wall ends on its corner point: SE is (100, 100) of the tile, SW (0, 100)
    let ends: Vec<Vec<f64>> = walls
        .iter()
        .map(|w| numbers(&w["d"]).split_off(4))
        .collect();
    assert_eq!(ends, [vec![100.0, 100.0], vec![0.0, 100.0]]);
    // a farmer on ESE stands east of the wall, one on SSE west of it: the wall leaves the
    // cap at its lowest point (50,27) and bends through (55,55) to (100,100), so at the
    // farmers' heights it lies between them
    // the wall's x at height y, from its quadratic curve
    let wall_x = |y: f64| {
        // y(t) = (1-t)²·27 + 2t(1-t)·55 + t²·100 is increasing: bisect for t
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        for _ in 0..50 {
            let t = (lo + hi) / 2.0;
            let yt = (1.0 - t).powi(2) * 27.0 + 2.0 * t * (1.0 - t) * 55.0 + t * t * 100.0;
            if yt < y {
                lo = t;
            } else {
                hi = t;
            }
        }
        let t = lo;
        (1.0 - t).powi(2) * 50.0 + 2.0 * t * (1.0 - t) * 55.0 + t * t * 100.0
    };
    // east of the wall (+1) or west (-1), a farmer's whole drawing (13 units) clear of it
    for (half, east) in [("ESE", 1.0), ("SSE", -1.0)] {
        let text =
            format!("rules inns-cathedrals\nplayers red blue\ntile ic.G 0,0 red farmer {half}\n");
        let (_, elements) = end_picture(&text);
        let farmer = numbers(&elements_of(&elements, "meeple")[0]["transform"]);
        let origin = tile_origin(&elements, "ic.G");
        let (x, y) = (farmer[0] - origin[0], farmer[1] - origin[1]);
        assert!(
            east * (x - wall_x(y)) >= 13.0,
            "{half} at {x},{y}, the wall at x {}",
            wall_x(y)
        );
    }
}

#[test]
fn the_abbot_is_a_figure_of_its_own_and_stands_in_its_garden() {
    // red's abbot in r.J's garden (The Abbot, The River), blue's monk on B's monastery
    let text = "rules river abbot\nplayers red blue\ntile r.A 0,0\ntile r.J 1,0 red abbot\ntile B 0,1 blue monk\n";
    let (_, elements) = end_picture(text);
    let figures = elements_of(&elements, "meeple");
    assert_eq!(figures.len(), 2);
    let abbot = figures
        .iter()
        .find(|m| m["data-colour"] == "red")
        .expect("red's abbot");
    let monk = figures
        .iter()
        .find(|m| m["data-colour"] == "blue")
        .expect("blue's monk");
    assert_eq!(abbot.get("data-figure").map(String::as_str), Some("abbot"));
    assert_ne!(abbot["d"], monk["d"], "the abbot is drawn like a meeple");
    // it stands on r.J's garden: within the garden's plot (30 × 24 about its point)
    let garden = elements_of(&elements, "garden");
    assert_eq!(garden.len(), 1);
    let g = numbers(&garden[0]["transform"]);
    let origin = tile_origin(&elements, "r.J");
    let a = numbers(&abbot["transform"]);
    let (dx, dy) = (a[0] - origin[0] - g[0], a[1] - origin[1] - g[1]);
    assert!(
        dx.abs() <= 15.0 && dy.abs() <= 12.0,
        "abbot {dx},{dy} from the garden"
    );
    // and hover tells r.J from r.G, the same curve without a garden
    let at = text.find("r.J").expect("r.J");
    let card = hover(&analyze(text), at).expect("a card").markdown;
    assert!(
        card.contains("Same edges as r.G (no garden); r.J has garden."),
        "{card}"
    );
}

#[test]
fn the_monastery_of_r_h_stands_on_the_bank_clear_of_the_water() {
    // r.H at r0 (docs/tiles.md: F I R I, a monastery and a road S): the river runs W to E,
    // the road comes from the south. The water bows north (its course never south of the
    // side midpoints), the monastery stands south of the middle, the monk beside it.
    let text = "rules river\nplayers red blue\ntile r.A 0,0\ntile r.H 1,0 red monk\n";
    let (svg, elements) = end_picture(text);
    let rivers = elements_of(&elements, "river");
    // the spring's and r.H's water; r.H's is the second
    let course = numbers(&rivers[1]["d"]);
    let ys: Vec<f64> = course.iter().skip(1).step_by(2).copied().collect();
    assert!(ys.iter().all(|&y| y <= 50.0), "{course:?}");
    assert!(
        ys.iter().any(|&y| y <= 30.0),
        "the water does not bow: {course:?}"
    );
    // the monastery (24 × 33 about the middle, roof at y 31) moved south of the water
    assert!(
        svg.contains(r#"<g transform="translate(0,12)"><g class="monastery">"#),
        "{svg}"
    );
    let origin = tile_origin(&elements, "r.H");
    let monk = numbers(&elements_of(&elements, "meeple")[0]["transform"]);
    assert!(
        monk[1] - origin[1] > 50.0,
        "the monk stands in the water: {monk:?}"
    );
}

#[test]
fn an_illegal_turn_is_drawn_with_a_mark_on_each_mismatched_side() {
    // E r0 at 1,0 between two D tiles: E's west and east sides are fields where both D tiles
    // show a road (D: city N, road E and W, field S), so both sides of E are marked, on E.
    let text = "players red blue\ntile D 0,0\ntile D 2,0\nturn red E 1,0\n";
    let analysis = analyze(text);
    assert_eq!(analysis.diagnostics().len(), 2);
    let board = board_at(&analysis, None);
    let svg = render_svg(&board);
    let elements = parse_xml(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let mut marks: Vec<(String, String, String)> = of_class(&elements, "mismatch")
        .into_iter()
        .map(|a| (a["x"].clone(), a["y"].clone(), a["side"].clone()))
        .collect();
    marks.sort();
    let expected = [("1", "0", "east"), ("1", "0", "west")]
        .map(|(x, y, s)| (x.to_owned(), y.to_owned(), s.to_owned()));
    assert_eq!(marks, expected);
    // a legal position has none
    let legal = analyze("players red blue\ntile D 0,0\nturn red U 1,0 r90\n");
    assert!(legal.diagnostics().is_empty());
    let svg = render_svg(&board_at(&legal, None));
    assert!(!svg.contains("class=\"mismatch\""), "{svg}");
}

#[test]
fn a_picture_that_includes_later_setup_tiles_says_so() {
    // Line 3 (0-based 2) is the first setup tile; line 4 another: the setup is drawn whole,
    // so the picture at line 3 shows line 4's tile too and its heading says so.
    let text = "players red blue\n# a comment\ntile D 0,0\ntile U 1,0 r90\nturn red E 0,1 r180\n";
    let analysis = analyze(text);
    assert!(
        analysis.diagnostics().is_empty(),
        "{:?}",
        analysis.diagnostics()
    );
    let at_setup = board_at_line(&analysis, 2).unwrap();
    assert_eq!(at_setup.tiles.len(), 2);
    assert_eq!(
        at_setup.position_words(),
        "at line 3, with the whole setup (to line 4)"
    );
    assert!(render_svg(&at_setup).contains("with the whole setup (to line 4)"));
    // at the last setup line and after it, nothing later is included
    assert_eq!(
        board_at_line(&analysis, 3).unwrap().position_words(),
        "at line 4"
    );
    assert_eq!(
        board_at_line(&analysis, 4).unwrap().position_words(),
        "at line 5"
    );
}
