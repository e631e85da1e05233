//! The River in pictures: the water of a river tile, blue, drawn over the roads (a road end
//! stops at the bank) and under cities and monasteries, with a bridge where a road crosses
//! it (`r.K`). A spring is a pool the water leaves from, the lake a wide pool it ends in. On a
//! tile with a monastery (`r.H`) the water bows round the far side, the monastery on its bank.
//!
//! Tile coordinates as in the parent module: a 100-unit square, y down.

use std::fmt::Write as _;

use carc_rules::{Edge, FeatureKind, Rotation, Side, TileType};

use super::geometry::{course_path, turn_point};

/// The water's colour and its banks'.
const WATER: &str = "#4a90d9";
const BANK: &str = "#24588f";

/// The river sides of `tile` turned by `rotation`.
fn water_sides(tile: TileType, rotation: Rotation) -> Vec<Side> {
    Side::ALL
        .into_iter()
        .filter(|s| tile.edge(rotation, *s) == Edge::River)
        .collect()
}

/// The bank a straight river bows towards on a tile that also holds a monastery (`r.H`): the
/// field side across the water, so that the monastery stands clear of the water on the other
/// bank, by its road. `None` on any other tile.
pub(super) fn bank(tile: TileType, rotation: Rotation) -> Option<Side> {
    if !tile.has_monastery() {
        return None;
    }
    let sides = water_sides(tile, rotation);
    let [a, b] = sides.as_slice() else {
        return None;
    };
    if a.opposite() != *b {
        return None;
    }
    Side::ALL
        .into_iter()
        .find(|s| !sides.contains(s) && tile.edge(rotation, *s) == Edge::Field)
}

/// The water's course bowed towards `bank`: from one side's midpoint round the far side of the
/// tile to the other's (canonically W to E bowing north, then turned).
fn bowed_path(bank: Side) -> String {
    let q = bank.index();
    let p = |x: f64, y: f64| {
        let (x, y) = turn_point((x, y), q);
        format!("{x},{y}")
    };
    format!(
        "M{} C{} {} {} C{} {} {}",
        p(0.0, 50.0),
        p(30.0, 50.0),
        p(28.0, 24.0),
        p(50.0, 24.0),
        p(72.0, 24.0),
        p(70.0, 50.0),
        p(100.0, 50.0)
    )
}

/// Draws the water of `tile` turned by `rotation` (nothing for a land tile), then a bridge
/// for each road that crosses it. Called after the roads, before cities and the monastery.
pub(super) fn water_svg(out: &mut String, tile: TileType, rotation: Rotation) {
    let sides = water_sides(tile, rotation);
    let course = match bank(tile, rotation) {
        Some(bank) => Some(bowed_path(bank)),
        None => course_path(&sides),
    };
    let Some(d) = course else {
        return;
    };
    let _ = writeln!(
        out,
        r#"<path class="river" d="{d}" fill="none" stroke="{BANK}" stroke-width="16" stroke-linecap="butt"/>"#
    );
    let _ = writeln!(
        out,
        r#"<path d="{d}" fill="none" stroke="{WATER}" stroke-width="12" stroke-linecap="butt"/>"#
    );
    if let [_] = sides.as_slice() {
        // the spring's pool or the lake: one river side only
        let r = if tile.token() == "r.L" { 24 } else { 11 };
        let _ = writeln!(
            out,
            r#"<circle class="river-end" cx="50" cy="50" r="{r}" fill="{WATER}" stroke="{BANK}" stroke-width="2"/>"#
        );
    }
    // a road across the water (its two sides are the other two sides): a bridge
    for s in tile.segments(rotation) {
        let road: Vec<Side> = s.places.sides().collect();
        let crosses = s.kind == FeatureKind::Road
            && matches!(road.as_slice(), [a, b] if a.opposite() == *b && !sides.contains(a));
        if crosses {
            let (w, h, rails) = if road.contains(&Side::W) {
                (40, 14, [(30, 42, 70, 42), (30, 58, 70, 58)])
            } else {
                (14, 40, [(42, 30, 42, 70), (58, 30, 58, 70)])
            };
            let _ = writeln!(
                out,
                r##"<g class="bridge"><rect x="{}" y="{}" width="{w}" height="{h}" fill="#f6f1e1"/>"##,
                50 - w / 2,
                50 - h / 2
            );
            for (x1, y1, x2, y2) in rails {
                let _ = writeln!(
                    out,
                    r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#5a4632" stroke-width="3"/>"##
                );
            }
            out.push_str("</g>\n");
        }
    }
}
