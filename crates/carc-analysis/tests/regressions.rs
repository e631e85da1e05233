//! Inputs found by the fuzz targets in `fuzz/` (or by reading the code they pointed at),
//! kept as regression tests: each is the minimised input and the property it broke.

use carc_analysis::{analyze, board_at, render_svg};

#[path = "support/xml.rs"]
#[allow(dead_code)]
mod xml;

/// The SVG of the position at the end of `text` is well-formed XML.
fn svg_is_well_formed(text: &str) {
    let svg = render_svg(&board_at(&analyze(text), None));
    if let Err(e) = xml::parse_xml(&svg) {
        panic!("{e}\n{svg}");
    }
}

/// U+FFFE and U+FFFF are valid UTF-8 and the grammar takes them in strings, but they are not
/// XML characters: the SVG must not carry them (the escape replaced only C0 controls).
#[test]
fn noncharacters_in_labels_and_titles_do_not_break_the_svg() {
    svg_is_well_formed("title \"a\u{ffff}b\"\ntile D 0,0\nmark 0,0 \"x\u{fffe}y\"\n");
    svg_is_well_formed("title \"\u{1}\u{1f}\u{7f}\"\ntile D 0,0\nmark 0,0 \"\r\u{b}\"\n");
}

/// Found by timing the fuzz corpus (`tile V 1,-122222220` after tiles near 0,0): the pictures
/// drew every cell of the tiles' bounding box, so two tiles far apart (a setup may place them
/// so; `not-adjacent` is only a diagnostic) asked for gigabytes; at the `i32` extremes the
/// box's width overflowed. Now a board of more than 65,536 cells shows only the columns and
/// rows that hold a tile or a mark.
#[test]
fn tiles_far_apart_make_small_pictures() {
    for text in [
        "tile D 0,0\ntile V 1,-122222220\n",
        "tile D -2147483648,-2147483648\ntile D 2147483647,2147483647 red knight N\nmark 0,0 \"m\"\n",
        "tile D 0,0\nmark 2147483647,0\n",
    ] {
        let start = std::time::Instant::now();
        let board = board_at(&analyze(text), None);
        let svg = render_svg(&board);
        let ascii = carc_analysis::render_ascii(&board);
        assert!(svg.len() < 20_000 && ascii.len() < 2_000, "{text:?}");
        assert!(start.elapsed() < std::time::Duration::from_secs(1), "{text:?}");
        svg_is_well_formed(text);
    }
    // A long straight line (`rules boxes` allows many tiles) is still drawn cell by cell.
    let mut line = String::from("tile D 0,0\n");
    for x in 1..300 {
        line.push_str(&format!("tile U {x},0 r90\n"));
    }
    let svg = render_svg(&board_at(&analyze(&line), None));
    assert!(svg.matches("text-anchor=\"middle\"").count() >= 300);
}

/// Issue 25, item 11: a `variation` between a turn that earned a bonus and the main line's
/// `bonus` made both `bonus` lines `bonus-not-earned` (opening the block forgot the turn just
/// played), although the main line goes on as if the block were not there. Red's builder on
/// U 1,0 (road A, D, U open east): U at 2,0 extends it, which earns the bonus (as in
/// author_pass.rs). In the variation the bonus U at 3,0 extends the road again (nothing
/// closes); in the main line the bonus A at 3,0 closes the road A, D, U, U, A: 5 tiles x 1 = 5.
#[test]
fn a_variation_between_a_turn_and_its_bonus_does_not_hide_the_turn() {
    let text = "rules traders-builders\nplayers red blue\ntile A -1,0 r270\n\
        tile D 0,0 red traveller E\ntile U 1,0 r90 red builder E\n\
        turn red U 2,0 r90 => nothing\n\
        variation \"another bonus\" {\n  bonus red U 3,0 r90 => nothing\n}\n\
        bonus red A 3,0 r90 => red +5\n";
    let analysis = analyze(text);
    let codes: Vec<_> = analysis
        .diagnostics()
        .iter()
        .map(|d| (d.code.as_str(), d.message.clone()))
        .collect();
    assert!(codes.is_empty(), "{codes:?}");
    // the variation's bonus still counts as a bonus part: another bonus after it is refused
    let chained = text.replace(
        "=> nothing\n}",
        "=> nothing\n  bonus red U 4,0 r90 => nothing\n}",
    );
    let analysis = analyze(&chained);
    let codes: Vec<_> = analysis
        .diagnostics()
        .iter()
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(codes, ["bonus-not-earned"], "{chained}");
}
