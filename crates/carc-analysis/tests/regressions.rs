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
