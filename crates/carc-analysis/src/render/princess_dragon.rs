//! The symbols of The Princess & the Dragon's tiles (`shared/expansions2.md` §A): a crown in
//! the princess's city, the dragon, the magic portal, the volcano in a field of the tile.

use std::fmt::Write as _;

use carc_rules::catalogue::princess_dragon::{symbol, Symbol};
use carc_rules::{FeatureKind, TileSet};

use super::geometry::{city_shape, meeple_point, shield_point, sides_of, turn_point};
use super::BoardTile;
use carc_rules::{Place, Role};

/// How far a symbol reaches from its point (the label keeps clear of it).
const SYMBOL_RADIUS: f64 = 11.0;

/// The symbol of the tile and where it is drawn (y down): the princess on her city's coat of
/// arms spot, the others in the tile's last field corner, a third of the way towards the
/// centre (a garden takes the first), or in the middle of a tile without a field corner.
fn symbol_point(t: &BoardTile) -> Option<(Symbol, f64, f64)> {
    if t.tile.set() != TileSet::PrincessDragon {
        return None;
    }
    let sym = symbol(t.tile.token())?;
    let (x, y) = match sym {
        Symbol::Princess(city) => {
            let s = t.tile.segments(t.rotation).nth(usize::from(city))?;
            let (shape, quarter) = city_shape(&sides_of(s.places));
            turn_point(shield_point(shape), quarter)
        }
        _ => {
            let corner = t
                .tile
                .segments(t.rotation)
                .filter(|s| s.kind == FeatureKind::Field)
                .flat_map(|s| s.places.corners().collect::<Vec<_>>())
                .last();
            match corner {
                Some(c) => {
                    let (x, y) = meeple_point(t.tile, t.rotation, Role::Farmer, Place::Corner(c));
                    (x + (50.0 - x) / 3.0, y + (50.0 - y) / 3.0)
                }
                None => (50.0, 50.0),
            }
        }
    };
    Some((sym, x, y))
}

/// Draws the tile's symbol, if it has one, and returns the spot it covers.
pub(super) fn symbol_svg(out: &mut String, t: &BoardTile) -> Option<(f64, f64, f64)> {
    let (sym, x, y) = symbol_point(t)?;
    let (class, body) = match sym {
        // a golden crown
        Symbol::Princess(_) => (
            "princess",
            r##"<path d="M-8,5 V-3 L-4,1 L0,-7 L4,1 L8,-3 V5 Z" fill="#f2c12e" stroke="#7a5a00" stroke-width="1.2"/>"##,
        ),
        // a red dragon, wings spread
        Symbol::Dragon => (
            "dragon",
            r##"<path d="M0,-9 L4,-2 L11,-5 L7,3 L2,2 L0,9 L-2,2 L-7,3 L-11,-5 L-4,-2 Z" fill="#b3261e" stroke="#4a0d0a" stroke-width="1.2"/>"##,
        ),
        // a violet ring
        Symbol::Portal => (
            "portal",
            r##"<ellipse rx="7" ry="10" fill="#c9b3f0" stroke="#5b2f9e" stroke-width="3"/>"##,
        ),
        // a brown cone with glowing lava
        Symbol::Volcano => (
            "volcano",
            r##"<path d="M-11,8 L-3,-5 H3 L11,8 Z" fill="#6b4f3a" stroke="#2e2118" stroke-width="1.2"/><path d="M-3,-5 L0,-11 L3,-5 Z" fill="#e0461b"/>"##,
        ),
    };
    let _ = writeln!(
        out,
        r#"<g class="{class}" transform="translate({x},{y})">{body}</g>"#
    );
    Some((x, y, SYMBOL_RADIUS))
}

/// The spot the tile's symbol covers, without drawing it.
pub(super) fn symbol_spot(t: &BoardTile) -> Option<(f64, f64, f64)> {
    symbol_point(t).map(|(_, x, y)| (x, y, SYMBOL_RADIUS))
}
