//! Goods symbols of Traders & Builders cities: a small round badge per symbol, each good with
//! a shape and colour of its own (wine: a purple bunch of grapes; grain: a golden sheaf;
//! cloth: a blue folded bolt), with the good's name as its tooltip.

use std::fmt::Write as _;

use carc_rules::{Good, Goods, Modifiers};

use super::geometry::CityShape;

/// How far a goods badge reaches from its point.
pub(super) const GOODS_RADIUS: f64 = 10.0;

/// Where the goods of a city shape sit, before turning: inside the city, clear of the knights
/// (which stand near the sides' middles) and beside a coat of arms when there is one.
pub(super) fn goods_point(shape: CityShape, shield: bool) -> (f64, f64) {
    let (x, y) = match shape {
        CityShape::Cap => (50.0, 13.0),
        CityShape::Across => (50.0, 50.0),
        CityShape::Corner => (24.0, 24.0),
        CityShape::Three => (50.0, 36.0),
        CityShape::Four => (50.0, 50.0),
    };
    if shield {
        (x + 22.0, y)
    } else {
        (x, y)
    }
}

/// The drawing of one good inside its badge, centred on 0,0 (about ±7).
fn symbol(good: Good) -> &'static str {
    match good {
        // grapes: six purple berries in a triangle under a green leaf
        Good::Wine => concat!(
            r##"<path d="M0,-8 C3,-9 5,-7 4,-5" fill="none" stroke="#3d7a2a" stroke-width="1.6"/>"##,
            r##"<g fill="#6b2d7b" stroke="#2e0f36" stroke-width="0.8">"##,
            r##"<circle cx="-4" cy="-3" r="2.6"/><circle cx="0" cy="-3" r="2.6"/><circle cx="4" cy="-3" r="2.6"/>"##,
            r##"<circle cx="-2" cy="1" r="2.6"/><circle cx="2" cy="1" r="2.6"/><circle cx="0" cy="5" r="2.6"/>"##,
            "</g>"
        ),
        // a sheaf: golden stalks tied in the middle, ears spread at the top
        Good::Grain => concat!(
            r##"<g stroke="#8a5a00" stroke-width="1.4" fill="none">"##,
            r##"<path d="M0,8 V-4 M-3,8 L-1,0 L-4,-4 M3,8 L1,0 L4,-4"/>"##,
            "</g>",
            r##"<g fill="#e8b923" stroke="#8a5a00" stroke-width="0.7">"##,
            r##"<ellipse cx="0" cy="-6" rx="1.8" ry="3"/><ellipse cx="-4.5" cy="-5.5" rx="1.8" ry="3" transform="rotate(-25 -4.5 -5.5)"/><ellipse cx="4.5" cy="-5.5" rx="1.8" ry="3" transform="rotate(25 4.5 -5.5)"/>"##,
            "</g>",
            r##"<rect x="-3.5" y="1" width="7" height="2" fill="#c0392b"/>"##
        ),
        // a bolt of cloth: a blue roll with a striped length unrolled
        Good::Cloth => concat!(
            r##"<path d="M-6,-3 H6 V6 H-6 Z" fill="#3a7bd5" stroke="#173a6b" stroke-width="0.9"/>"##,
            r##"<path d="M-6,0 H6 M-6,3 H6" stroke="#dfe9f7" stroke-width="0.9"/>"##,
            r##"<ellipse cx="0" cy="-4.5" rx="7" ry="3" fill="#5b95e6" stroke="#173a6b" stroke-width="0.9"/>"##
        ),
    }
}

/// Appends the badges of the goods symbols of a city with `modifiers`, side by side around
/// `(x, y)` on the tile; returns the circles they cover `(x, y, radius)` (none without goods).
pub(super) fn goods_svg(
    out: &mut String,
    modifiers: Modifiers,
    x: f64,
    y: f64,
) -> Vec<(f64, f64, f64)> {
    let goods: Vec<Good> = Goods::of_modifiers(modifiers)
        .nonzero()
        .map(|(good, _)| good)
        .collect();
    let width = 2.0 * GOODS_RADIUS + 2.0;
    let first = x - width * (goods.len().saturating_sub(1)) as f64 / 2.0;
    let mut taken = Vec::new();
    for (i, good) in goods.into_iter().enumerate() {
        let cx = first + width * i as f64;
        let _ = writeln!(
            out,
            r##"<g class="goods {good}" transform="translate({cx},{y})"><title>{good}</title><circle r="{GOODS_RADIUS}" fill="#f7f1e1" stroke="#6b5a3a" stroke-width="1.2"/>{}</g>"##,
            symbol(good)
        );
        taken.push((cx, y, GOODS_RADIUS));
    }
    taken
}
