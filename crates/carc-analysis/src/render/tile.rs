//! One tile drawn in SVG (field, roads, rivers, cities with shields and cathedrals, inns,
//! gardens, monasteries, its label) and the meeples on it; a sheet of tile pictures.

use std::fmt::Write as _;

use carc_rules::{
    Color, Corner, FeatureKind, Figure, Modifiers, Pos, Role, Rotation, SegmentDef, TileType,
};

use super::geometry::{
    city_edge_points, city_shape, corner_point, course_path, foundation_point, garden_point,
    meeple_point, shield_point, sides_of, turn_point, CityShape, TILE,
};
use super::measure::text_width;
use super::river;
use super::svg::esc;
use super::{BoardMeeple, BoardTile};
use crate::vocab::role_word;

const FIELD: &str = "#8cbf5a";
const CITY: &str = "#d9b26f";
const CITY_EDGE: &str = "#8a5a2b";
const ROAD: &str = "#f6f1e1";
const ROAD_EDGE: &str = "#6b5a44";
const MEEPLE_SHAPE: &str = "M0,-12 C3.5,-12 4.5,-9.5 4.5,-7.5 C4.5,-5.5 3.5,-4.5 2.5,-4 \
L10,-1.5 C12,-0.5 12,3 9.5,3 L5.5,3 L8.5,10 C9,11.5 8,12 6.5,12 L2.5,12 L0,7 L-2.5,12 \
L-6.5,12 C-8,12 -9,11.5 -8.5,10 L-5.5,3 L-9.5,3 C-12,3 -12,-0.5 -10,-1.5 L-2.5,-4 \
C-3.5,-4.5 -4.5,-5.5 -4.5,-7.5 C-4.5,-9.5 -3.5,-12 0,-12 Z";

/// The abbot: a hooded figure in a long robe with a cross on its chest (cut out, so the
/// tile shows through), unlike a meeple's shape; drawn with `fill-rule="evenodd"`.
const ABBOT_SHAPE: &str = "M0,-13 C3.5,-13 5.5,-10 5.5,-7 C5.5,-5.5 5,-4.5 4.5,-4 \
C7.5,-2.5 9,0.5 9.5,4.5 L11,12 L-11,12 L-9.5,4.5 C-9,0.5 -7.5,-2.5 -4.5,-4 \
C-5,-4.5 -5.5,-5.5 -5.5,-7 C-5.5,-10 -3.5,-13 0,-13 Z \
M-1.3,-1.5 H1.3 V1.5 H4.5 V4 H1.3 V10 H-1.3 V4 H-4.5 V1.5 H-1.3 Z";

/// The fill and outline of a player colour.
pub(super) fn colour_paint(c: Color) -> (&'static str, &'static str) {
    match c {
        Color::Red => ("#d62828", "#5c0b0b"),
        Color::Blue => ("#2457d6", "#0b1e5c"),
        Color::Green => ("#1f9d3a", "#0b3d17"),
        Color::Yellow => ("#f5c518", "#6b5200"),
        Color::Black => ("#222222", "#f0f0f0"),
        // a light magenta: apart from red's scarlet on the green fields and tan cities
        Color::Pink => ("#ff6ec7", "#6e0b4f"),
    }
}

/// The SVG path of a canonical city shape (y down, N on top).
fn city_path(shape: CityShape) -> &'static str {
    match shape {
        CityShape::Cap => "M0,0 H100 C72,36 28,36 0,0 Z",
        CityShape::Across => "M0,0 C30,30 70,30 100,0 V100 C70,70 30,70 0,100 Z",
        CityShape::Corner => "M0,0 H100 C62,18 18,62 0,100 Z",
        CityShape::Three => "M0,0 H100 V100 C72,66 28,66 0,100 Z",
        CityShape::Four => "M0,0 H100 V100 H0 Z",
    }
}

/// A sheet of tile pictures: each `(tile, rotation)` in turn, `columns` to a row (for
/// `docs/tiles.md`, `carc tiles --svg` and the editor's cards). Each tile carries its label
/// (`D`, `D r90`) and the same `data-*` attributes as on a board.
pub fn render_tiles_svg(tiles: &[(TileType, Rotation)], columns: usize) -> String {
    const GAP: f64 = 8.0;
    let columns = columns.clamp(1, tiles.len().max(1));
    let rows = tiles.len().div_ceil(columns).max(1);
    let width = GAP + columns as f64 * (TILE + GAP);
    let height = GAP + rows as f64 * (TILE + GAP);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    for (i, &(tile, rotation)) in tiles.iter().enumerate() {
        let t = BoardTile {
            tile,
            rotation,
            pos: Pos { x: 0, y: 0 },
            glyph: None,
        };
        let (col, row) = ((i % columns) as f64, (i / columns) as f64);
        tile_svg(
            &mut out,
            &t,
            GAP + col * (TILE + GAP),
            GAP + row * (TILE + GAP),
            &[],
        );
    }
    out.push_str("</svg>\n");
    out
}

/// One tile: field background, roads, cities with shields, monastery, junction, border.
pub(super) fn tile_svg(
    out: &mut String,
    t: &BoardTile,
    cx: f64,
    cy: f64,
    taken: &[(f64, f64, f64)],
) {
    let _ = writeln!(
        out,
        r#"<g class="tile" data-letter="{}" data-rotation="{}" data-x="{}" data-y="{}" transform="translate({cx},{cy})">"#,
        t.tile.token(),
        t.rotation.degrees(),
        t.pos.x,
        t.pos.y
    );
    let _ = writeln!(out, r#"<rect width="100" height="100" fill="{FIELD}"/>"#);
    let segments: Vec<_> = t.tile.segments(t.rotation).collect();
    // Roads first: a lone road end runs to the centre, under a city or a monastery.
    let ends = segments
        .iter()
        .filter(|s| s.kind == FeatureKind::Road && s.places.sides().count() == 1)
        .count();
    let mut roads = String::new();
    for s in segments.iter().filter(|s| s.kind == FeatureKind::Road) {
        let Some(d) = course_path(&sides_of(s.places)) else {
            continue;
        };
        roads.push_str(&d);
        roads.push(' ');
    }
    if !roads.is_empty() {
        let d = roads.trim_end();
        let _ = writeln!(
            out,
            r#"<path class="road" d="{d}" fill="none" stroke="{ROAD_EDGE}" stroke-width="11" stroke-linecap="butt"/>"#
        );
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="none" stroke="{ROAD}" stroke-width="7" stroke-linecap="butt"/>"#
        );
    }
    river::water_svg(out, t.tile, t.rotation);
    let mut shields = Vec::new();
    // two road ends meet at a junction dot unless a city covers the middle (tb.C, ic.I)
    let mut city_in_centre = false;
    for s in segments.iter().filter(|s| s.kind == FeatureKind::City) {
        let (shape, quarter) = city_shape(&sides_of(s.places));
        city_in_centre |= !matches!(shape, CityShape::Cap | CityShape::Corner);
        let _ = writeln!(
            out,
            r#"<path class="city" d="{}" transform="rotate({} 50 50)" fill="{CITY}" stroke="{CITY_EDGE}" stroke-width="2.5" stroke-linejoin="round"/>"#,
            city_path(shape),
            quarter * 90
        );
        if s.modifiers.contains(Modifiers::CATHEDRAL) {
            // a grey church with a cross in the middle of the city
            out.push_str(concat!(
                r##"<g class="cathedral">"##,
                r##"<rect x="39" y="46" width="22" height="18" fill="#e8e4dc" stroke="#4a4a4a" stroke-width="1.5"/>"##,
                r##"<path d="M36,47 L50,35 L64,47 Z" fill="#8a8a8a" stroke="#4a4a4a" stroke-width="1.5"/>"##,
                r##"<path d="M50,22 V35 M45,27 H55" stroke="#4a4a4a" stroke-width="2"/>"##,
                r##"<rect x="46" y="54" width="8" height="10" fill="#4a4a4a"/>"##,
                "</g>\n"
            ));
        }
        if s.modifiers.contains(Modifiers::SHIELD) {
            let (x, y) = turn_point(shield_point(shape), quarter);
            shields.push((x, y, SHIELD_RADIUS));
            let _ = writeln!(
                out,
                r##"<path class="shield" transform="translate({x},{y})" d="M-7,-8 H7 V0 C7,6 3,8 0,10 C-3,8 -7,6 -7,0 Z" fill="#2f5fb3" stroke="#f2f2f2" stroke-width="1.5"/>"##
            );
        }
        let shield = s.modifiers.contains(Modifiers::SHIELD);
        let (x, y) = turn_point(super::goods::goods_point(shape, shield), quarter);
        shields.extend(super::goods::goods_svg(out, s.modifiers, x, y));
    }
    wall_svg(out, t, &segments);
    for s in segments
        .iter()
        .filter(|s| s.modifiers.contains(Modifiers::INN))
    {
        // an inn: a small house with a red roof beside the road, near the side it reaches
        let Some(side) = s.places.sides().next() else {
            continue;
        };
        let (x, y) = turn_point((64.0, 24.0), side.index());
        let _ = writeln!(
            out,
            r##"<g class="inn" transform="translate({x},{y})"><rect x="-7" y="-3" width="14" height="10" fill="#f3e3b5" stroke="#5a2414" stroke-width="1.2"/><path d="M-9,-2 L0,-10 L9,-2 Z" fill="#c23b22" stroke="#5a2414" stroke-width="1.2"/></g>"##
        );
    }
    if t.tile.has_garden() {
        // a garden: a plot inside a hedge, with three round bushes, in a field of the tile
        let (x, y) = garden_point(t.tile, t.rotation);
        let _ = writeln!(
            out,
            r##"<g class="garden" transform="translate({x},{y})"><rect x="-15" y="-12" width="30" height="24" rx="6" fill="#b7dc8c" stroke="#2f6b22" stroke-width="2" stroke-dasharray="3 1.5"/><circle cx="-8" cy="-5" r="4.5" fill="#2e7d32" stroke="#1b4d1e" stroke-width="1"/><circle cx="8" cy="-5" r="4.5" fill="#2e7d32" stroke="#1b4d1e" stroke-width="1"/><circle cx="0" cy="-6" r="5" fill="#43a047" stroke="#1b4d1e" stroke-width="1"/><path d="M-9,4 H9 M-9,8 H9" stroke="#7a5a2e" stroke-width="1.5"/></g>"##
        );
    }
    shields.extend(super::princess_dragon::symbol_svg(out, t));
    if t.tile.has_monastery() {
        // on a river tile (`r.H`) the monastery stands on the bank away from the water
        let (dx, dy) = match river::bank(t.tile, t.rotation) {
            Some(bank) => {
                let (x, y) = turn_point((50.0, 62.0), bank.index());
                (x - 50.0, y - 50.0)
            }
            None => (0.0, 0.0),
        };
        if (dx, dy) != (0.0, 0.0) {
            let _ = write!(out, r#"<g transform="translate({dx},{dy})">"#);
        }
        out.push_str(concat!(
            r##"<g class="monastery">"##,
            r##"<rect x="38" y="44" width="24" height="20" fill="#c0653f" stroke="#5a2414" stroke-width="1.5"/>"##,
            r##"<path d="M35,45 L50,31 L65,45 Z" fill="#8c3b22" stroke="#5a2414" stroke-width="1.5"/>"##,
            r##"<rect x="46" y="53" width="8" height="11" fill="#3b1a0e"/>"##,
            "</g>\n"
        ));
        if (dx, dy) != (0.0, 0.0) {
            out.push_str("</g>\n");
        }
    } else if ends >= 3 || (ends == 2 && !city_in_centre) {
        let _ = writeln!(
            out,
            r##"<circle class="junction" cx="50" cy="50" r="7" fill="#7a6a55" stroke="#3d3326" stroke-width="1.5"/>"##
        );
    }
    if t.tile.has_foundation() {
        // a tower foundation: a round stone base, in the middle, or beside a monastery
        let (x, y) = foundation_point(t.tile);
        let _ = writeln!(
            out,
            r##"<g class="foundation" transform="translate({x},{y})"><circle r="9" fill="#b9b4a8" stroke="#4a4a4a" stroke-width="1.5"/><circle r="5" fill="none" stroke="#6d675c" stroke-width="1" stroke-dasharray="2 1.5"/></g>"##
        );
    }
    let _ = writeln!(
        out,
        r##"<rect width="100" height="100" fill="none" stroke="#4d6b33" stroke-width="1"/>"##
    );
    // The label: on a light plate, readable on a city as on a field, inside the frames of a
    // mark and of the last turn, in the first corner that no meeple, glyph or mark number
    // covers (lower left, lower right, upper left, upper right).
    let label = label_text(t);
    let taken: Vec<(f64, f64, f64)> = taken.iter().chain(&shields).copied().collect();
    let (x, y, w, h) = label_box(&label, &taken);
    let _ = writeln!(
        out,
        r##"<g class="label"><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="3" fill="#f7f4ec" fill-opacity="0.85"/><text x="{}" y="{}" font-size="10" fill="#2d4020">{}</text></g>"##,
        x + 3.0,
        y + 9.5,
        esc(&label)
    );
    out.push_str("</g>\n");
}

/// A city wall running into a corner and splitting its field in two (`ic.G`'s SE at r0): a
/// wall from the nearest city's edge to the corner point, bending through the tile's middle
/// so that each half-side's farmer stands on its own side of it.
fn wall_svg(out: &mut String, t: &BoardTile, segments: &[SegmentDef]) {
    for corner in Corner::ALL {
        if t.tile.corner_split(t.rotation, corner).is_none() {
            continue;
        }
        let (vx, vy) = corner_point(corner);
        let distance = |(x, y): (f64, f64)| (x - vx).hypot(y - vy);
        let start = segments
            .iter()
            .filter(|s| s.kind == FeatureKind::City)
            .flat_map(|s| {
                let (shape, quarter) = city_shape(&sides_of(s.places));
                city_edge_points(shape)
                    .iter()
                    .map(move |&p| turn_point(p, quarter))
            })
            .min_by(|a, b| distance(*a).total_cmp(&distance(*b)))
            .unwrap_or((50.0, 50.0));
        let (sx, sy) = start;
        let (cx, cy) = (50.0 + (vx - 50.0) / 10.0, 50.0 + (vy - 50.0) / 10.0);
        let _ = writeln!(
            out,
            r#"<path class="wall" data-corner="{corner}" d="M{sx},{sy} Q{cx},{cy} {vx},{vy}" fill="none" stroke="{CITY_EDGE}" stroke-width="3.5" stroke-linecap="round"/>"#
        );
    }
}

/// How far a coat of arms reaches from its point (the shield spans 14 × 18).
const SHIELD_RADIUS: f64 = 11.0;

/// How far a meeple's drawing reaches from its point, in every direction (the shape spans
/// ±12 with its outline).
pub(super) const MEEPLE_RADIUS: f64 = 13.0;

/// The label plate of a tile, `(x, y, width, height)` in tile units: the first of the four
/// corners whose plate overlaps none of the `taken` circles `(x, y, radius)`, else the
/// lower left one.
/// A tile's label: its token, and its rotation unless `r0`.
fn label_text(t: &BoardTile) -> String {
    match t.rotation {
        Rotation::R0 => t.tile.to_string(),
        r => format!("{} r{}", t.tile, r.degrees()),
    }
}

/// The top-left corner of a tile's label plate when `taken` (besides the tile's own coats of
/// arms and goods) must stay uncovered: what [`tile_svg`] draws, found without drawing.
pub(super) fn label_corner(t: &BoardTile, taken: &[(f64, f64, f64)]) -> (f64, f64) {
    // The tile drawn aside, for its own spots (shields, goods) only.
    let mut scratch = String::new();
    let mut spots = Vec::new();
    for s in t
        .tile
        .segments(t.rotation)
        .filter(|s| s.kind == FeatureKind::City)
    {
        let (shape, quarter) = city_shape(&sides_of(s.places));
        if s.modifiers.contains(Modifiers::SHIELD) {
            spots.push((turn_point(shield_point(shape), quarter), SHIELD_RADIUS));
        }
        let shield = s.modifiers.contains(Modifiers::SHIELD);
        let (x, y) = turn_point(super::goods::goods_point(shape, shield), quarter);
        for (gx, gy, r) in super::goods::goods_svg(&mut scratch, s.modifiers, x, y) {
            spots.push(((gx, gy), r));
        }
    }
    let all: Vec<(f64, f64, f64)> = taken
        .iter()
        .copied()
        .chain(spots.into_iter().map(|((x, y), r)| (x, y, r)))
        .chain(super::princess_dragon::symbol_spot(t))
        .collect();
    let (x, y, _, _) = label_box(&label_text(t), &all);
    (x, y)
}

fn label_box(label: &str, taken: &[(f64, f64, f64)]) -> (f64, f64, f64, f64) {
    let (w, h) = (text_width(label, 10.0, false) + 6.0, 12.0);
    let corners = [
        (7.0, 82.0),
        (TILE - 7.0 - w, 82.0),
        (7.0, 7.0),
        (TILE - 7.0 - w, 7.0),
    ];
    let free = |&(x, y): &(f64, f64)| {
        taken.iter().all(|&(cx, cy, r)| {
            // Distance from the circle's centre to the nearest point of the plate.
            let dx = (x - cx).max(cx - (x + w)).max(0.0);
            let dy = (y - cy).max(cy - (y + h)).max(0.0);
            dx * dx + dy * dy >= r * r
        })
    };
    let (x, y) = corners.into_iter().find(free).unwrap_or(corners[0]);
    (x, y, w, h)
}

/// The builder (Traders & Builders): a hammer (head and handle), within the meeple's ±12, so
/// that it looks like neither a meeple nor a monastery.
const BUILDER_SHAPE: &str = "M-10,-11 L5,-11 L10,-7 L5,-3 L-10,-3 Z \
M-2.5,-3 L2.5,-3 L2.5,11 L-2.5,11 Z";

/// One meeple on its tile; a farmer lies on its side; the builder is a hammer; the pig is drawn
/// as a pig.
pub(super) fn meeple_svg(out: &mut String, m: &BoardMeeple, t: &BoardTile, cx: f64, cy: f64) {
    let (x, y) = meeple_point(t.tile, t.rotation, m.role, m.place);
    let (fill, stroke) = colour_paint(m.colour);
    if m.figure == Figure::Pig {
        pig_svg(out, m, (cx + x, cy + y), (fill, stroke));
        return;
    }
    let lying = if m.role == Role::Farmer {
        " rotate(90)"
    } else {
        ""
    };
    // the large meeple is drawn half as large again
    let (large, figure) = match m.figure {
        Figure::LargeMeeple => (" scale(1.5)", r#" data-figure="large""#),
        Figure::Abbot => ("", r#" data-figure="abbot" fill-rule="evenodd""#),
        Figure::Builder => ("", r#" data-figure="builder""#),
        _ => ("", ""),
    };
    let shape = match m.figure {
        Figure::Abbot => ABBOT_SHAPE,
        Figure::Builder => BUILDER_SHAPE,
        _ => MEEPLE_SHAPE,
    };
    let _ = writeln!(
        out,
        r#"<path class="meeple" data-colour="{}" data-role="{}"{figure} data-x="{}" data-y="{}" data-place="{}" transform="translate({},{}){lying}{large}" d="{shape}" fill="{fill}" stroke="{stroke}" stroke-width="1.5" stroke-linejoin="round"/>"#,
        m.colour.as_str(),
        role_word(m.role),
        m.pos.x,
        m.pos.y,
        m.place.as_str(),
        cx + x,
        cy + y
    );
}

/// The pig of Traders & Builders at `(x, y)`: a pig in its owner's colour seen from the side,
/// facing east (body, head, ear, four legs, a curly tail, a pink snout), about as wide as a
/// lying farmer.
fn pig_svg(out: &mut String, m: &BoardMeeple, (x, y): (f64, f64), (fill, stroke): (&str, &str)) {
    let paint = format!(r#"fill="{fill}" stroke="{stroke}" stroke-width="1.2""#);
    let _ = writeln!(
        out,
        r##"<g class="pig" data-colour="{}" data-x="{}" data-y="{}" data-place="{}" transform="translate({},{y}) scale(1.2)" stroke-linejoin="round"><path d="M-11,-1 C-15,-2 -16,-6 -13,-7 C-11,-8 -11,-5 -13,-5" fill="none" stroke="{stroke}" stroke-width="1.5"/><rect x="-9" y="2" width="3.5" height="8" rx="1.2" {paint}/><rect x="-4.5" y="3" width="3.5" height="7" rx="1.2" {paint}/><rect x="2" y="3" width="3.5" height="7" rx="1.2" {paint}/><rect x="6" y="2" width="3.5" height="8" rx="1.2" {paint}/><ellipse cx="-1" cy="-1" rx="11.5" ry="7.5" {paint}/><circle cx="9" cy="-4" r="5.5" {paint}/><path d="M6,-8 L7,-14 L11,-9 Z" {paint}/><ellipse cx="14" cy="-3" rx="2.6" ry="3.2" fill="#f4a6b8" stroke="{stroke}" stroke-width="1.2"/><circle cx="9.5" cy="-5.5" r="1.1" fill="{stroke}"/></g>"##,
        m.colour.as_str(),
        m.pos.x,
        m.pos.y,
        m.place.as_str(),
        // its snout reaches further east than its tail west: shifted back a little
        x - 3.0,
    );
}
