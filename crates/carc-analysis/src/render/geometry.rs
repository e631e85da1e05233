//! Geometry shared by both views: the cells a picture shows, city shapes, road and river
//! courses, and where a meeple stands on its tile.

use carc_rules::{Corner, FeatureKind, Place, Role, Rotation, Side, TileType};

use super::river;

use super::Board;

/// The side of a tile, in picture units.
pub(super) const TILE: f64 = 100.0;

/// The cells a picture spans: `(min_x, max_x, min_y, max_y)` over tiles and marks.
fn bounds(board: &Board) -> (i32, i32, i32, i32) {
    let cells = board
        .tiles
        .iter()
        .map(|t| t.pos)
        .chain(board.marks.iter().map(|m| m.pos))
        .chain(board.refused.iter().map(|r| r.pos))
        .chain(board.open.iter().copied())
        .chain(board.layer.iter().flat_map(|l| [l.min, l.max]));
    let mut out: Option<(i32, i32, i32, i32)> = None;
    for p in cells {
        out = Some(match out {
            None => (p.x, p.x, p.y, p.y),
            Some((a, b, c, d)) => (a.min(p.x), b.max(p.x), c.min(p.y), d.max(p.y)),
        });
    }
    out.unwrap_or((0, 0, 0, 0))
}

/// The most cells a picture draws every one of (a 256 × 256 board).
const MAX_CELLS: i64 = 1 << 16;

/// The most columns or rows a picture whose tiles are drawn apart ([`super::TileLayer`])
/// spans: its tiles keep their board coordinates, so every column and row of their box is
/// drawn (only a grid pattern, no element per cell).
pub const LAYER_SIDE: i32 = 1 << 16;

/// The columns and rows a picture shows, each ascending: every one of the bounding box of
/// the tiles and marks, or, when that box has more than [`MAX_CELLS`] cells (a document may
/// place tiles far apart: `not-adjacent` is only a diagnostic), only those that hold a tile or
/// a mark, so that a picture's size follows the number of tiles, not the distance between them.
pub(super) struct Axes {
    pub(super) xs: Vec<i32>,
    pub(super) ys: Vec<i32>,
}

impl Axes {
    pub(super) fn of(board: &Board) -> Axes {
        let (min_x, max_x, min_y, max_y) = bounds(board);
        let width = i64::from(max_x) - i64::from(min_x) + 1;
        let height = i64::from(max_y) - i64::from(min_y) + 1;
        // A layer's tiles are drawn in board coordinates, for every cell of their box (a
        // page refuses a box wider or higher than LAYER_SIDE cells).
        let layered = board.layer.is_some() && width.max(height) <= i64::from(LAYER_SIDE);
        if width.saturating_mul(height) <= MAX_CELLS || layered {
            return Axes {
                xs: (min_x..=max_x).collect(),
                ys: (min_y..=max_y).collect(),
            };
        }
        let cells = || {
            board
                .tiles
                .iter()
                .map(|t| t.pos)
                .chain(board.marks.iter().map(|m| m.pos))
                .chain(board.refused.iter().map(|r| r.pos))
                .chain(board.open.iter().copied())
        };
        let mut xs: Vec<i32> = cells().map(|p| p.x).collect();
        let mut ys: Vec<i32> = cells().map(|p| p.y).collect();
        for v in [&mut xs, &mut ys] {
            v.sort_unstable();
            v.dedup();
        }
        Axes { xs, ys }
    }

    /// The column of `x`, from the left.
    pub(super) fn col(&self, x: i32) -> usize {
        self.xs.binary_search(&x).unwrap_or_else(|i| i)
    }

    /// The row of `y`, from the top (y grows upwards).
    pub(super) fn row(&self, y: i32) -> usize {
        let i = self.ys.binary_search(&y).unwrap_or_else(|i| i);
        self.ys.len().saturating_sub(1).saturating_sub(i)
    }
}

/// The sides of a segment, in `N E S W` order.
pub(super) fn sides_of(places: carc_rules::PlaceSet) -> Vec<Side> {
    places.sides().collect()
}

/// How a city shape is drawn: a canonical shape turned by `quarter` quarter turns clockwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CityShape {
    /// One side (canonically N).
    Cap,
    /// Two opposite sides (canonically E and W).
    Across,
    /// Two adjacent sides joined (canonically N and W).
    Corner,
    /// Three sides (canonically all but S).
    Three,
    /// All four sides.
    Four,
}

/// The shape and quarter turns of a city reaching `sides`.
pub(super) fn city_shape(sides: &[Side]) -> (CityShape, usize) {
    let has = |s: Side| sides.contains(&s);
    match sides.len() {
        1 => (CityShape::Cap, sides[0].index()),
        2 if has(Side::E) && has(Side::W) => (CityShape::Across, 0),
        2 if has(Side::N) && has(Side::S) => (CityShape::Across, 1),
        2 => {
            // Canonical N+W; N+E is one quarter turn, E+S two, S+W three.
            let quarter = if has(Side::N) && has(Side::W) {
                0
            } else if has(Side::N) {
                1
            } else if has(Side::E) {
                2
            } else {
                3
            };
            (CityShape::Corner, quarter)
        }
        3 => {
            let missing = Side::ALL.into_iter().find(|s| !has(*s)).unwrap_or(Side::S);
            (CityShape::Three, (missing.index() + 2) % 4)
        }
        _ => (CityShape::Four, 0),
    }
}

/// A point of the canonical tile (0..100, y down) turned `quarter` quarter turns clockwise
/// about the centre.
pub(super) fn turn_point((x, y): (f64, f64), quarter: usize) -> (f64, f64) {
    let (mut x, mut y) = (x, y);
    for _ in 0..quarter % 4 {
        // Clockwise on screen (y down): (x, y) -> (100 - y, x).
        let (nx, ny) = (100.0 - y, x);
        x = nx;
        y = ny;
    }
    (x, y)
}

/// Where a shield sits in a city shape, before turning.
pub(super) fn shield_point(shape: CityShape) -> (f64, f64) {
    match shape {
        CityShape::Cap => (50.0, 12.0),
        CityShape::Across => (30.0, 50.0),
        CityShape::Corner => (20.0, 20.0),
        CityShape::Three => (24.0, 28.0),
        CityShape::Four => (28.0, 72.0),
    }
}

/// The SVG path of a road or river reaching `sides`: a lone end runs to the centre, opposite
/// sides are joined straight, adjacent ones by a curve through the centre.
pub(super) fn course_path(sides: &[Side]) -> Option<String> {
    Some(match sides {
        [a] => {
            let (x, y) = side_mid(*a);
            format!("M{x},{y} L50,50")
        }
        [a, b] if a.opposite() == *b => {
            let ((x1, y1), (x2, y2)) = (side_mid(*a), side_mid(*b));
            format!("M{x1},{y1} L{x2},{y2}")
        }
        [a, b] => {
            let ((x1, y1), (x2, y2)) = (side_mid(*a), side_mid(*b));
            format!("M{x1},{y1} Q50,50 {x2},{y2}")
        }
        _ => return None,
    })
}

/// The midpoint of a side on the tile (y down).
fn side_mid(side: Side) -> (f64, f64) {
    match side {
        Side::N => (50.0, 0.0),
        Side::E => (100.0, 50.0),
        Side::S => (50.0, 100.0),
        Side::W => (0.0, 50.0),
    }
}

/// Where a tile's garden lies (y down): in its first field corner, a third of the way
/// towards the centre (clear of a city's edge), or in the middle of an inner field.
pub(super) fn garden_point(tile: TileType, rotation: Rotation) -> (f64, f64) {
    let corner = tile
        .segments(rotation)
        .filter(|s| s.kind == FeatureKind::Field)
        .find_map(|s| s.places.corners().next());
    match corner {
        Some(c) => {
            let (x, y) = meeple_point(tile, rotation, Role::Farmer, Place::Corner(c));
            (x + (50.0 - x) / 3.0, y + (50.0 - y) / 3.0)
        }
        None => (50.0, 50.0),
    }
}

/// Where a tile's tower foundation lies (y down): in the middle, or beside a monastery (which
/// holds the middle) towards the south-east corner.
pub(super) fn foundation_point(tile: TileType) -> (f64, f64) {
    if tile.has_monastery() {
        (76.0, 76.0)
    } else {
        (50.0, 50.0)
    }
}

/// The corner point of the tile (y down): `NE` is `(100, 0)`.
pub(super) fn corner_point(corner: Corner) -> (f64, f64) {
    match corner {
        Corner::NE => (100.0, 0.0),
        Corner::SE => (100.0, 100.0),
        Corner::SW => (0.0, 100.0),
        Corner::NW => (0.0, 0.0),
    }
}

/// The points of a city shape's inner edge (before turning) that face the fields: where a
/// wall running into a corner leaves the city (`ic.G`).
pub(super) fn city_edge_points(shape: CityShape) -> &'static [(f64, f64)] {
    match shape {
        CityShape::Cap => &[(50.0, 27.0)],
        CityShape::Across => &[(50.0, 22.5), (50.0, 77.5)],
        CityShape::Corner => &[(42.5, 42.5)],
        CityShape::Three => &[(50.0, 74.5)],
        CityShape::Four => &[],
    }
}

/// Where a meeple stands on its tile (y down).
pub(super) fn meeple_point(
    tile: TileType,
    rotation: Rotation,
    role: Role,
    place: Place,
) -> (f64, f64) {
    match place {
        // a monk beside its monastery, clear of a river bowing round it (`r.H`)
        Place::Centre if tile.has_monastery() => match river::bank(tile, rotation) {
            Some(bank) => turn_point((76.0, 72.0), bank.index()),
            None => (76.0, 62.0),
        },
        // the abbot in its garden, in front of the bushes
        Place::Centre if tile.has_garden() => {
            let (x, y) = garden_point(tile, rotation);
            (x + 10.0, y + 7.0)
        }
        Place::Centre => (76.0, 62.0),
        // the inner field: below the middle of the tile
        Place::Inner => (50.0, 68.0),
        // a half-side: its corner's point, moved towards the half's side; where a wall splits
        // the corner (`ic.G`), also along that side away from the corner, clear of the wall
        Place::Half(h) => {
            let (x, y) = meeple_point(tile, rotation, role, Place::Corner(h.corner()));
            let (toward, along) = if tile.corner_split(rotation, h.corner()).is_some() {
                (8.0, 14.0)
            } else {
                (10.0, 0.0)
            };
            let (cx, cy) = corner_point(h.corner());
            let (ax, ay) = ((50.0 - cx).signum() * along, (50.0 - cy).signum() * along);
            match h.side() {
                Side::N => (x + ax, y - toward),
                Side::S => (x + ax, y + toward),
                Side::E => (x + toward, y + ay),
                Side::W => (x - toward, y + ay),
            }
        }
        Place::Side(side) => {
            let depth = if role == Role::Knight { 17.0 } else { 16.0 };
            turn_point((50.0, depth), side.index())
        }
        Place::Corner(corner) => {
            let edges = tile.edges(rotation);
            let is_city = |s: Side| edges[s.index()] == carc_rules::Edge::City;
            let inset = |s: Side| if is_city(s) { 33.0 } else { 24.0 };
            let (vertical, horizontal) = match corner {
                Corner::NE => (Side::N, Side::E),
                Corner::SE => (Side::S, Side::E),
                Corner::SW => (Side::S, Side::W),
                Corner::NW => (Side::N, Side::W),
            };
            let y = match vertical {
                Side::N => inset(Side::N),
                _ => 100.0 - inset(Side::S),
            };
            let x = match horizontal {
                Side::W => inset(Side::W),
                _ => 100.0 - inset(Side::E),
            };
            (x, y)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn city_shapes_turn_onto_their_sides() {
        assert_eq!(city_shape(&[Side::S]), (CityShape::Cap, 2));
        assert_eq!(city_shape(&[Side::N, Side::S]), (CityShape::Across, 1));
        assert_eq!(city_shape(&[Side::N, Side::E]), (CityShape::Corner, 1));
        assert_eq!(city_shape(&[Side::S, Side::W]), (CityShape::Corner, 3));
        // Missing W: the canonical shape misses S, so one quarter turn.
        assert_eq!(
            city_shape(&[Side::N, Side::E, Side::S]),
            (CityShape::Three, 1)
        );
        // A quarter turn clockwise takes the north midpoint to the east one.
        assert_eq!(turn_point((50.0, 0.0), 1), (100.0, 50.0));
        assert_eq!(turn_point((50.0, 0.0), 2), (50.0, 100.0));
    }
}
