//! Pictures of a position: an SVG drawing and a compact terminal view of the board as it stands
//! at one line of a document (the replay up to that line, inside a variation its line of
//! play), with the marks in effect there and the glyphs of the turns that placed the tiles.
//!
//! Pure: [`board_at_line`] / [`board_at`] read the analysis ([`teaching_line`] names a
//! lesson's default line), [`render_svg`] and [`render_ascii`] turn a [`Board`] into text,
//! [`render_tiles_svg`] draws tile types alone (the catalogue). No I/O.
//!
//! Drawing conventions (SVG): one tile is a 100-unit square; x grows east, board y grows
//! north, so a tile's SVG y is `-y`. Fields are the green background, cities tan shapes drawn
//! from the sides they reach (with a blue shield for a coat of arms), roads light lines from
//! side midpoints (a lone end runs to the centre: a junction dot, the monastery, or under the
//! city), a monastery a small red building. Meeples stand in their colours on their feature;
//! farmers lie down. Every tile, meeple, mark and glyph element carries `data-*` attributes
//! (letter, rotation, cell, colour, role, place, label) so tests and tools can read the picture.
//!
//! Nothing is cut: the layout reserves room for every text by [`text_width`] (a generous
//! estimate), wrapping the title, the players' entries and the legend to the picture's
//! width; a mark's label too long for its empty cell is also written whole in the legend.

use std::fmt::Write as _;

use carc_notation::{Glyph, LineKind, StatementKind};
use carc_rules::{
    Color, Corner, FeatureKind, Figure, Modifiers, Place, Pos, Role, Rotation, Side, TileType,
};

use crate::replay::{replay, Replay};
use crate::vocab::role_word;
use crate::Analysis;

mod goods;
mod refused;
mod river;
pub use refused::BoardRefusal;

/// The position a picture shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The document's `title`, if any.
    pub title: Option<String>,
    /// The 0-based line the picture stands at (`None`: the end of the document).
    pub line: Option<usize>,
    /// Every tile on the board, in placement order.
    pub tiles: Vec<BoardTile>,
    /// Every meeple on the board.
    pub meeples: Vec<BoardMeeple>,
    /// The marks in effect.
    pub marks: Vec<BoardMark>,
    /// Each player's score and supply, in turn order.
    pub players: Vec<(Color, i64, i32)>,
    /// The cell of the tile placed last, if any.
    pub last: Option<Pos>,
    /// The refused moves of this position (`refused` lines at or before the picture's line
    /// since the last move), drawn crossed out.
    pub refused: Vec<BoardRefusal>,
}

/// A tile in a picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardTile {
    /// Its type.
    pub tile: TileType,
    /// Its rotation.
    pub rotation: Rotation,
    /// Its cell.
    pub pos: Pos,
    /// The glyph of the turn that placed it, if written.
    pub glyph: Option<Glyph>,
}

/// A meeple in a picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardMeeple {
    /// Its owner.
    pub colour: Color,
    /// What figure it is (the large meeple is drawn larger).
    pub figure: Figure,
    /// Its role.
    pub role: Role,
    /// The tile it stands on.
    pub pos: Pos,
    /// Where on that tile.
    pub place: Place,
}

/// A marked cell in a picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardMark {
    /// The cell.
    pub pos: Pos,
    /// Its label, if written.
    pub label: Option<String>,
}

/// The position at 0-based line `line`: the replay up to and including it (a line in the
/// setup shows the whole setup). `None` when the document has no such line.
pub fn board_at_line(analysis: &Analysis, line: usize) -> Option<Board> {
    if line >= analysis.parse.lines.len() {
        return None;
    }
    let state = replay(&analysis.parse, Some(line), None);
    Some(board_of(analysis, &state, Some(line)))
}

/// The position at the line holding byte `offset`, or at the end of the document when
/// `offset` is `None` or lies on no line.
pub fn board_at(analysis: &Analysis, offset: Option<usize>) -> Board {
    match offset.and_then(|o| analysis.line_at(o)) {
        Some(line) => {
            let state = replay(&analysis.parse, Some(line), None);
            board_of(analysis, &state, Some(line))
        }
        None => board_of(analysis, &analysis.replay, None),
    }
}

/// The line a lesson's picture shows by default: the last statement before the main line's
/// `end` (final scoring changes the scores, but the teaching happens before it). `None` when
/// the document has no `end` outside variations, or nothing before it.
pub fn teaching_line(analysis: &Analysis) -> Option<usize> {
    let mut depth = 0usize;
    let mut last = None;
    for (index, line) in analysis.parse.lines.iter().enumerate() {
        let LineKind::Statement(statement) = &line.kind else {
            continue;
        };
        match statement.kind {
            StatementKind::VariationOpen { .. } => depth += 1,
            StatementKind::VariationClose => depth = depth.saturating_sub(1),
            StatementKind::End { .. } if depth == 0 => return last,
            _ => {}
        }
        last = Some(index);
    }
    None
}

fn board_of(analysis: &Analysis, state: &Replay, line: Option<usize>) -> Board {
    let statement_at = |line: usize| match &analysis.parse.lines.get(line)?.kind {
        LineKind::Statement(s) => Some(&s.kind),
        _ => None,
    };
    let title = analysis.parse.statements().find_map(|s| match &s.kind {
        StatementKind::Title(t) => Some(t.value.clone()),
        _ => None,
    });
    let tiles = state
        .game
        .tiles()
        .iter()
        .map(|placed| {
            let glyph = state
                .tile_lines
                .get(&placed.pos)
                .and_then(|&l| match statement_at(l) {
                    Some(StatementKind::Turn(turn)) => turn.glyph.map(|g| g.value),
                    _ => None,
                });
            BoardTile {
                tile: placed.tile,
                rotation: placed.rot,
                pos: placed.pos,
                glyph,
            }
        })
        .collect();
    let meeples = state
        .game
        .meeples()
        .map(|m| BoardMeeple {
            colour: m.colour,
            figure: m.figure,
            role: m.role,
            pos: m.pos,
            place: m.place,
        })
        .collect();
    let marks = state
        .marks
        .iter()
        .map(|m| BoardMark {
            pos: m.pos,
            label: m.label.clone(),
        })
        .collect();
    let players = state
        .players
        .iter()
        .map(|&c| (c, state.game.score(c), state.game.supply(c)))
        .collect();
    Board {
        title,
        line,
        tiles,
        meeples,
        marks,
        players,
        // Only a turn's tile is highlighted: the setup is one position, not a sequence.
        last: state.game.last_placed().filter(|p| {
            state
                .tile_lines
                .get(p)
                .is_some_and(|&l| matches!(statement_at(l), Some(StatementKind::Turn(_))))
        }),
        refused: refused::of_line(analysis, state, line),
    }
}

// ---------------------------------------------------------------------------------------------
// Geometry shared by both views.

/// The cells a picture spans: `(min_x, max_x, min_y, max_y)` over tiles and marks.
fn bounds(board: &Board) -> (i32, i32, i32, i32) {
    let cells = board
        .tiles
        .iter()
        .map(|t| t.pos)
        .chain(board.marks.iter().map(|m| m.pos))
        .chain(board.refused.iter().map(|r| r.pos));
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

/// The columns and rows a picture shows, each ascending: every one of the bounding box of
/// the tiles and marks, or, when that box has more than [`MAX_CELLS`] cells (a document may
/// place tiles far apart: `not-adjacent` is only a diagnostic), only those that hold a tile or
/// a mark, so that a picture's size follows the number of tiles, not the distance between them.
struct Axes {
    xs: Vec<i32>,
    ys: Vec<i32>,
}

impl Axes {
    fn of(board: &Board) -> Axes {
        let (min_x, max_x, min_y, max_y) = bounds(board);
        let width = i64::from(max_x) - i64::from(min_x) + 1;
        let height = i64::from(max_y) - i64::from(min_y) + 1;
        if width.saturating_mul(height) <= MAX_CELLS {
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
    fn col(&self, x: i32) -> usize {
        self.xs.binary_search(&x).unwrap_or_else(|i| i)
    }

    /// The row of `y`, from the top (y grows upwards).
    fn row(&self, y: i32) -> usize {
        let i = self.ys.binary_search(&y).unwrap_or_else(|i| i);
        self.ys.len().saturating_sub(1).saturating_sub(i)
    }
}

/// The sides of a segment, in `N E S W` order.
fn sides_of(places: carc_rules::PlaceSet) -> Vec<Side> {
    places.sides().collect()
}

/// How a city shape is drawn: a canonical shape turned by `quarter` quarter turns clockwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CityShape {
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
fn city_shape(sides: &[Side]) -> (CityShape, usize) {
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
fn turn_point((x, y): (f64, f64), quarter: usize) -> (f64, f64) {
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
fn shield_point(shape: CityShape) -> (f64, f64) {
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
fn course_path(sides: &[Side]) -> Option<String> {
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

/// Where a meeple stands on its tile (y down).
fn meeple_point(tile: TileType, rotation: Rotation, role: Role, place: Place) -> (f64, f64) {
    match place {
        Place::Centre => (76.0, 62.0),
        // the inner field: below the middle of the tile
        Place::Inner => (50.0, 68.0),
        // a half-side: its corner's point, moved towards the half's side
        Place::Half(h) => {
            let (x, y) = meeple_point(tile, rotation, role, Place::Corner(h.corner()));
            match h.side() {
                Side::N => (x, y - 10.0),
                Side::S => (x, y + 10.0),
                Side::E => (x + 10.0, y),
                Side::W => (x - 10.0, y),
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

// ---------------------------------------------------------------------------------------------
// SVG.

const TILE: f64 = 100.0;
const LEFT: f64 = 40.0;
const RIGHT: f64 = 16.0;
/// The margin left and right of the header and the legend.
const MARGIN: f64 = 12.0;
const TOP_LABELS: f64 = 22.0;
const BOTTOM: f64 = 16.0;
const MIN_WIDTH: f64 = 420.0;
const TITLE_SIZE: f64 = 16.0;
const TITLE_LINE: f64 = 21.0;
const PLAYER_SIZE: f64 = 13.0;
const PLAYER_LINE: f64 = 21.0;
const LEGEND_SIZE: f64 = 12.0;
const LEGEND_LINE: f64 = 17.0;
/// A mark's label inside an empty cell.
const MARK_LABEL_SIZE: f64 = 11.0;
const MARK_LABEL_LINES: usize = 5;

/// A generous estimate of the width of `text` in a sans-serif font of `size` (bold when
/// `bold`): what the layout reserves, so that no text runs past its box or the picture.
/// Characters fall in four classes of width, each at least as wide as its widest glyph in
/// DejaVu Sans Bold (among the widest sans-serif fonts, and the usual one on Linux); normal
/// weight takes nine tenths of that. Anything outside ASCII counts as the widest class.
pub fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    let ems: f64 = text.chars().map(char_em).sum();
    ems * size * if bold { 1.0 } else { 0.9 }
}

/// The width of a character in em, by class (see [`text_width`]).
fn char_em(c: char) -> f64 {
    match c {
        ' ' | '\'' | 'i' | 'j' | 'l' | 'I' | 'J' | ',' | '.' | '·' | '/' | '\\' | '|' | ':'
        | ';' | 'f' | '-' | '(' | ')' | '[' | ']' | 't' | '!' | 'r' => 0.46,
        'K' | 'A' | 'V' | 'Z' | 'X' | 'B' | 'R' | 'C' | 'U' | 'N' | 'H' | 'D' | 'G' | '&' | 'O'
        | 'Q' => 0.88,
        'w' | '#' | '<' | '>' | '+' | '=' | '^' | '~' | 'M' | '%' | 'm' | 'W' | '@' => 1.12,
        c if c.is_ascii() => 0.74,
        _ => 1.12,
    }
}

/// The header above the board: the title's lines and the players' entries in rows, as
/// wide as the picture allows.
struct Header {
    /// The title, wrapped; the last line is followed by the position (`at line 5`).
    title: Vec<String>,
    /// The position shown (`at line 5`).
    at: String,
    /// Whether the position goes on a line of its own (the last title line is full).
    at_own_line: bool,
    /// Each player's entry text and its row and x offset.
    players: Vec<(Color, i64, i32, String, usize, f64)>,
    /// The rows of players.
    player_rows: usize,
}

impl Header {
    fn of(board: &Board, width: f64) -> Header {
        let room = width - 2.0 * MARGIN;
        let title = board.title.as_deref().unwrap_or("Position");
        let fits = |line: &str| text_width(line, TITLE_SIZE, true) <= room;
        let mut lines = wrap_by(title, &fits, usize::MAX);
        if lines.is_empty() {
            lines.push(String::new());
        }
        let at = position_words(board);
        let last = lines
            .last()
            .map_or(0.0, |l| text_width(l, TITLE_SIZE, true));
        let at_own_line = last + 6.0 + text_width(&at, 12.0, false) > room;
        let mut players = Vec::new();
        let (mut row, mut x) = (0usize, 0.0);
        for &(colour, score, supply) in &board.players {
            let text = format!("{} {score} · supply {supply}", colour.as_str());
            let entry = 16.0 + text_width(&text, PLAYER_SIZE, false);
            if x > 0.0 && x + entry > room {
                row += 1;
                x = 0.0;
            }
            players.push((colour, score, supply, text, row, x));
            x += entry + 18.0;
        }
        Header {
            title: lines,
            at,
            at_own_line,
            player_rows: if players.is_empty() { 0 } else { row + 1 },
            players,
        }
    }

    /// The height of the header.
    fn height(&self) -> f64 {
        let title_lines = self.title.len() + usize::from(self.at_own_line);
        8.0 + title_lines as f64 * TITLE_LINE + self.player_rows as f64 * PLAYER_LINE + 6.0
    }
}

/// `at line 5` or `at the end`.
fn position_words(board: &Board) -> String {
    match board.line {
        Some(l) => format!("at line {}", l + 1),
        None => "at the end".to_owned(),
    }
}

const FIELD: &str = "#8cbf5a";
const CITY: &str = "#d9b26f";
const CITY_EDGE: &str = "#8a5a2b";
const ROAD: &str = "#f6f1e1";
const ROAD_EDGE: &str = "#6b5a44";
const MEEPLE_SHAPE: &str = "M0,-12 C3.5,-12 4.5,-9.5 4.5,-7.5 C4.5,-5.5 3.5,-4.5 2.5,-4 \
L10,-1.5 C12,-0.5 12,3 9.5,3 L5.5,3 L8.5,10 C9,11.5 8,12 6.5,12 L2.5,12 L0,7 L-2.5,12 \
L-6.5,12 C-8,12 -9,11.5 -8.5,10 L-5.5,3 L-9.5,3 C-12,3 -12,-0.5 -10,-1.5 L-2.5,-4 \
C-3.5,-4.5 -4.5,-5.5 -4.5,-7.5 C-4.5,-9.5 -3.5,-12 0,-12 Z";

/// The fill and outline of a player colour.
fn colour_paint(c: Color) -> (&'static str, &'static str) {
    match c {
        Color::Red => ("#d62828", "#5c0b0b"),
        Color::Blue => ("#2457d6", "#0b1e5c"),
        Color::Green => ("#1f9d3a", "#0b3d17"),
        Color::Yellow => ("#f5c518", "#6b5200"),
        Color::Black => ("#222222", "#f0f0f0"),
    }
}

/// Text escaped for XML content and attribute values (also right for HTML: `carc export`).
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters and the noncharacters U+FFFE, U+FFFF are not allowed in
            // XML 1.0.
            c if ((c as u32) < 0x20 && c != '\t' && c != '\n')
                || matches!(c, '\u{fffe}' | '\u{ffff}') =>
            {
                out.push(' ')
            }
            c => out.push(c),
        }
    }
    out
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

/// The picture of `board` as a standalone SVG document.
pub fn render_svg(board: &Board) -> String {
    let axes = Axes::of(board);
    let cols = axes.xs.len() as f64;
    let rows = axes.ys.len() as f64;
    let board_width = LEFT + cols * TILE + RIGHT;
    let width = board_width.max(MIN_WIDTH);
    let left = LEFT + (width - board_width) / 2.0;
    let header = Header::of(board, width);
    let top = header.height() + TOP_LABELS;
    let legend = Legend::of(board, width);
    let height = top + rows * TILE + BOTTOM + LEGEND_LINE * legend.lines.len() as f64;
    // The top-left corner of a cell.
    let cell = |p: Pos| {
        (
            left + axes.col(p.x) as f64 * TILE,
            top + axes.row(p.y) as f64 * TILE,
        )
    };

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" data-line="{}">"#,
        board.line.map_or("end".to_owned(), |l| (l + 1).to_string())
    );
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#f7f4ec"/>"##
    );
    header_svg(&mut out, &header);

    // Coordinates along the top and the left.
    let _ = writeln!(
        out,
        r##"<g class="coordinates" font-size="13" fill="#555">"##
    );
    for &x in &axes.xs {
        let (cx, _) = cell(Pos { x, y: 0 });
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="middle">{x}</text>"#,
            cx + TILE / 2.0,
            top - 7.0
        );
    }
    for &y in &axes.ys {
        let (_, cy) = cell(Pos { x: 0, y });
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="end">{y}</text>"#,
            left - 8.0,
            cy + TILE / 2.0 + 5.0
        );
    }
    out.push_str("</g>\n");

    // The empty cells of the grid.
    let _ = writeln!(
        out,
        r##"<g class="grid" fill="none" stroke="#d8d2c2" stroke-width="1">"##
    );
    for &y in &axes.ys {
        for &x in &axes.xs {
            let p = Pos { x, y };
            if board.tiles.iter().any(|t| t.pos == p) {
                continue;
            }
            let (cx, cy) = cell(p);
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
                cx + 0.5,
                cy + 0.5,
                TILE - 1.0,
                TILE - 1.0
            );
        }
    }
    out.push_str("</g>\n");

    for t in &board.tiles {
        let (cx, cy) = cell(t.pos);
        // What the label must not sit under: the tile's meeples, glyph badge, mark number.
        let mut taken: Vec<(f64, f64, f64)> = board
            .meeples
            .iter()
            .filter(|m| m.pos == t.pos)
            .map(|m| {
                let (x, y) = meeple_point(t.tile, t.rotation, m.role, m.place);
                (x, y, MEEPLE_RADIUS)
            })
            .collect();
        if t.glyph.is_some() {
            taken.push((95.0, 5.0, 11.0));
        }
        if board.marks.iter().any(|m| m.pos == t.pos) {
            taken.push((13.0, 13.0, 10.0));
        }
        tile_svg(&mut out, t, cx, cy, &taken);
    }
    // The last turn's tile: a solid white frame along its edge (a mark is dashed orange,
    // inside it, so a marked last tile shows both).
    if let Some(last) = board.last {
        let (cx, cy) = cell(last);
        let _ = writeln!(
            out,
            r##"<rect class="last" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#ffffff" stroke-width="3"/>"##,
            cx + 1.5,
            cy + 1.5,
            TILE - 3.0,
            TILE - 3.0
        );
    }
    // Refused moves under the marks, whose labels stay readable over them.
    refused::svg(&mut out, board, &cell);
    // Marks under glyphs and meeples, which stay whole on a marked tile.
    for (index, m) in board.marks.iter().enumerate() {
        let (cx, cy) = cell(m.pos);
        let occupied = board.tiles.iter().any(|t| t.pos == m.pos);
        mark_svg(&mut out, m, index + 1, occupied, cx, cy);
    }
    // Glyph badges under the meeples, so that a meeple near a corner stays whole.
    for t in board.tiles.iter().filter(|t| t.glyph.is_some()) {
        let (cx, cy) = cell(t.pos);
        glyph_svg(&mut out, t, cx, cy);
    }
    for m in &board.meeples {
        let Some(t) = board.tiles.iter().find(|t| t.pos == m.pos) else {
            continue;
        };
        let (cx, cy) = cell(m.pos);
        meeple_svg(&mut out, m, t, cx, cy);
    }
    // A mark on a tile has its number there and its label here, so the tile stays visible;
    // so has a label too long for its empty cell.
    for (i, (number, text)) in legend.lines.iter().enumerate() {
        let y = top + rows * TILE + BOTTOM + LEGEND_LINE * (i as f64 + 0.6);
        let number = match number {
            Some(n) => format!(r#"<tspan font-weight="bold">{n}</tspan> "#),
            None => String::new(),
        };
        let _ = writeln!(
            out,
            r##"<text class="legend" x="{MARGIN}" y="{y}" font-size="{LEGEND_SIZE}" fill="#9a4700">{number}{}</text>"##,
            esc(text)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The lines under the board: the label of each mark on a tile, and of each mark whose
/// label does not fit its empty cell, wrapped to the picture's width. The first line of an
/// entry starts with the mark's number.
struct Legend {
    lines: Vec<(Option<usize>, String)>,
}

impl Legend {
    fn of(board: &Board, width: f64) -> Legend {
        let mut lines = Vec::new();
        let room = width - 2.0 * MARGIN - text_width("00 ", LEGEND_SIZE, true);
        for (i, m) in board.marks.iter().enumerate() {
            let Some(label) = &m.label else {
                continue;
            };
            let occupied = board.tiles.iter().any(|t| t.pos == m.pos);
            if !occupied && !mark_label_lines(label).1 {
                continue;
            }
            let text = format!("{},{}: {label}", m.pos.x, m.pos.y);
            let fits = |line: &str| text_width(line, LEGEND_SIZE, false) <= room;
            let wrapped = wrap_by(&text, &fits, usize::MAX);
            for (j, line) in wrapped.into_iter().enumerate() {
                lines.push(((j == 0).then_some(i + 1), line));
            }
        }
        Legend { lines }
    }
}

/// The lines of a mark's label inside an empty cell, and whether it had to be cut (then
/// the whole label is also in the legend under the board).
fn mark_label_lines(label: &str) -> (Vec<String>, bool) {
    let fits = |line: &str| text_width(line, MARK_LABEL_SIZE, true) <= TILE - 16.0;
    let all = wrap_by(label, &fits, usize::MAX);
    if all.len() <= MARK_LABEL_LINES {
        return (all, false);
    }
    // One line fewer: the mark's number sits in the corner, the label is in the legend.
    (wrap_by(label, &fits, MARK_LABEL_LINES - 1), true)
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

/// The title (wrapped), the position it shows, and each player's score and supply (in rows).
fn header_svg(out: &mut String, header: &Header) {
    let mut y = 8.0 + TITLE_LINE - 5.0;
    let count = header.title.len();
    for (i, line) in header.title.iter().enumerate() {
        let at = if i + 1 == count && !header.at_own_line {
            format!(
                r##" <tspan font-weight="normal" font-size="12" fill="#666">{}</tspan>"##,
                esc(&header.at)
            )
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            r##"<text class="title" x="{MARGIN}" y="{y}" font-size="{TITLE_SIZE}" font-weight="bold" fill="#222">{}{at}</text>"##,
            esc(line)
        );
        y += TITLE_LINE;
    }
    if header.at_own_line {
        let _ = writeln!(
            out,
            r##"<text class="title" x="{MARGIN}" y="{}" font-size="12" fill="#666">{}</text>"##,
            y - 4.0,
            esc(&header.at)
        );
        y += TITLE_LINE;
    }
    for (colour, score, supply, text, row, x) in &header.players {
        let (fill, stroke) = colour_paint(*colour);
        let cy = y - 9.0 + *row as f64 * PLAYER_LINE;
        let _ = writeln!(
            out,
            r##"<g class="player" data-colour="{c}" data-score="{score}" data-supply="{supply}"><circle cx="{}" cy="{cy}" r="6" fill="{fill}" stroke="{stroke}"/><text x="{}" y="{}" font-size="{PLAYER_SIZE}" fill="#222">{}</text></g>"##,
            MARGIN + x + 6.0,
            MARGIN + x + 16.0,
            cy + 4.5,
            esc(text),
            c = colour.as_str()
        );
    }
}

/// One tile: field background, roads, cities with shields, monastery, junction, border.
fn tile_svg(out: &mut String, t: &BoardTile, cx: f64, cy: f64, taken: &[(f64, f64, f64)]) {
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
        let (x, y) = turn_point(goods::goods_point(shape, shield), quarter);
        shields.extend(goods::goods_svg(out, s.modifiers, x, y));
    }
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
        // a garden: three round bushes in a field of the tile (its first field corner, or
        // the middle of an inner field)
        let corner = segments
            .iter()
            .filter(|s| s.kind == FeatureKind::Field)
            .find_map(|s| s.places.corners().next());
        let (x, y) = match corner {
            Some(c) => meeple_point(t.tile, t.rotation, Role::Farmer, Place::Corner(c)),
            None => (50.0, 50.0),
        };
        let _ = writeln!(
            out,
            r##"<g class="garden" transform="translate({x},{y})"><circle cx="-5" cy="2" r="5" fill="#2e7d32" stroke="#1b4d1e" stroke-width="1"/><circle cx="5" cy="2" r="5" fill="#2e7d32" stroke="#1b4d1e" stroke-width="1"/><circle cx="0" cy="-5" r="5" fill="#43a047" stroke="#1b4d1e" stroke-width="1"/></g>"##
        );
    }
    if t.tile.has_monastery() {
        out.push_str(concat!(
            r##"<g class="monastery">"##,
            r##"<rect x="38" y="44" width="24" height="20" fill="#c0653f" stroke="#5a2414" stroke-width="1.5"/>"##,
            r##"<path d="M35,45 L50,31 L65,45 Z" fill="#8c3b22" stroke="#5a2414" stroke-width="1.5"/>"##,
            r##"<rect x="46" y="53" width="8" height="11" fill="#3b1a0e"/>"##,
            "</g>\n"
        ));
    } else if ends >= 3 || (ends == 2 && !city_in_centre) {
        let _ = writeln!(
            out,
            r##"<circle class="junction" cx="50" cy="50" r="7" fill="#7a6a55" stroke="#3d3326" stroke-width="1.5"/>"##
        );
    }
    let _ = writeln!(
        out,
        r##"<rect width="100" height="100" fill="none" stroke="#4d6b33" stroke-width="1"/>"##
    );
    // The label: on a light plate, readable on a city as on a field, inside the frames of a
    // mark and of the last turn, in the first corner that no meeple, glyph or mark number
    // covers (lower left, lower right, upper left, upper right).
    let label = match t.rotation {
        Rotation::R0 => t.tile.to_string(),
        r => format!("{} r{}", t.tile, r.degrees()),
    };
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

/// How far a coat of arms reaches from its point (the shield spans 14 × 18).
const SHIELD_RADIUS: f64 = 11.0;

/// How far a meeple's drawing reaches from its point, in every direction (the shape spans
/// ±12 with its outline).
const MEEPLE_RADIUS: f64 = 13.0;

/// The label plate of a tile, `(x, y, width, height)` in tile units: the first of the four
/// corners whose plate overlaps none of the `taken` circles `(x, y, radius)`, else the
/// lower left one.
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

/// One meeple on its tile; a farmer lies on its side.
fn meeple_svg(out: &mut String, m: &BoardMeeple, t: &BoardTile, cx: f64, cy: f64) {
    let (x, y) = meeple_point(t.tile, t.rotation, m.role, m.place);
    let (fill, stroke) = colour_paint(m.colour);
    let lying = if m.role == Role::Farmer {
        " rotate(90)"
    } else {
        ""
    };
    // the large meeple is drawn half as large again
    let (large, figure) = match m.figure {
        Figure::LargeMeeple => (" scale(1.5)", r#" data-figure="large""#),
        _ => ("", ""),
    };
    let _ = writeln!(
        out,
        r#"<path class="meeple" data-colour="{}" data-role="{}"{figure} data-x="{}" data-y="{}" data-place="{}" transform="translate({},{}){lying}{large}" d="{MEEPLE_SHAPE}" fill="{fill}" stroke="{stroke}" stroke-width="1.5" stroke-linejoin="round"/>"#,
        m.colour.as_str(),
        role_word(m.role),
        m.pos.x,
        m.pos.y,
        m.place.as_str(),
        cx + x,
        cy + y
    );
}

/// A glyph badge on the tile's top-right corner, coloured by its judgement.
fn glyph_svg(out: &mut String, t: &BoardTile, cx: f64, cy: f64) {
    let Some(glyph) = t.glyph else {
        return;
    };
    let colour = match glyph {
        Glyph::Brilliant | Glyph::Good => "#1b7f2a",
        Glyph::Interesting | Glyph::Dubious => "#c77700",
        Glyph::Mistake | Glyph::Blunder => "#c0392b",
    };
    let _ = writeln!(
        out,
        r#"<g class="glyph" data-glyph="{g}" data-x="{}" data-y="{}"><circle cx="{}" cy="{}" r="10" fill="white" stroke="{colour}" stroke-width="2.5"/><text x="{}" y="{}" text-anchor="middle" font-size="13" font-weight="bold" fill="{colour}">{g}</text></g>"#,
        t.pos.x,
        t.pos.y,
        cx + 95.0,
        cy + 5.0,
        cx + 95.0,
        cy + 9.5,
        g = esc(glyph.as_str())
    );
}

/// A mark: a dashed orange outline just inside the cell (inside the last turn's white
/// frame); on an empty cell its label (wrapped) inside, on a tile its number in the corner
/// (the label goes to the legend under the board, as does a label too long for its cell).
fn mark_svg(out: &mut String, m: &BoardMark, number: usize, occupied: bool, cx: f64, cy: f64) {
    let _ = write!(
        out,
        r##"<g class="mark" data-x="{}" data-y="{}" data-label="{}"><rect x="{}" y="{}" width="{}" height="{}" fill="{}" stroke="#ff7a00" stroke-width="3" stroke-dasharray="10 5"/>"##,
        m.pos.x,
        m.pos.y,
        esc(m.label.as_deref().unwrap_or("")),
        cx + 4.5,
        cy + 4.5,
        TILE - 9.0,
        TILE - 9.0,
        if occupied {
            "none"
        } else {
            "#ff7a00\" fill-opacity=\"0.12"
        }
    );
    let cut = !occupied && m.label.as_deref().is_some_and(|l| mark_label_lines(l).1);
    if occupied || cut {
        let _ = write!(
            out,
            r##"<circle cx="{}" cy="{}" r="9" fill="#ff7a00" stroke="white" stroke-width="1.5"/><text x="{}" y="{}" text-anchor="middle" font-size="11" font-weight="bold" fill="white">{number}</text>"##,
            cx + 13.0,
            cy + 13.0,
            cx + 13.0,
            cy + 17.0
        );
    }
    if let Some(label) = m.label.as_ref().filter(|_| !occupied) {
        let (lines, _) = mark_label_lines(label);
        let line_height = 13.0;
        let block = line_height * lines.len() as f64;
        let first = cy + TILE / 2.0 - block / 2.0 + line_height - 3.0;
        for (i, text) in lines.iter().enumerate() {
            let _ = write!(
                out,
                r##"<text x="{}" y="{}" text-anchor="middle" font-size="{MARK_LABEL_SIZE}" font-weight="bold" fill="#9a4700">{}</text>"##,
                cx + TILE / 2.0,
                first + line_height * i as f64,
                esc(text)
            );
        }
    }
    out.push_str("</g>\n");
}

/// Splits `text` into at most `max_lines` lines of at most `width` characters (by words; a
/// longer word is cut; a cut-off rest ends in `…`).
#[cfg(test)]
fn wrap(text: &str, width: usize, max_lines: usize) -> Vec<String> {
    wrap_by(text, &|line: &str| line.chars().count() <= width, max_lines)
}

/// Splits `text` into at most `max_lines` lines that each `fits` (by words; a word too long
/// for a line is cut where it stops fitting; when lines are left over, the last line ends in
/// `…` and still fits). A single character that does not fit gets a line of its own.
fn wrap_by(text: &str, fits: &dyn Fn(&str) -> bool, max_lines: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() {
            word.to_owned()
        } else {
            format!("{current} {word}")
        };
        if fits(&candidate) {
            current = candidate;
            continue;
        }
        if !current.is_empty() {
            lines.push(std::mem::take(&mut current));
        }
        // The word alone, cut into pieces that fit.
        for c in word.chars() {
            let mut next = current.clone();
            next.push(c);
            if !current.is_empty() && !fits(&next) {
                lines.push(std::mem::take(&mut current));
                current.push(c);
            } else {
                current = next;
            }
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            while !last.is_empty() && !fits(&format!("{last}…")) {
                last.pop();
            }
            let kept = last.trim_end().len();
            last.truncate(kept);
            last.push('…');
        }
    }
    lines
}

// ---------------------------------------------------------------------------------------------
// Terminal view.

/// A compact terminal view: each tile is 3×3 characters (`#` city, `@` a city with a coat of
/// arms, `|`/`-` road, `.` field, `+` monastery, the tile letter in the middle), meeples are
/// the initial of their colour (`r b g y k`, a capital for a farmer) at their place, a
/// marked empty cell is `*` with its number; coordinates along the top and left. Under the
/// board: a line explaining these glyphs, each meeple with its role, the marks, the glyphs
/// of the turns and the players.
pub fn render_ascii(board: &Board) -> String {
    let axes = Axes::of(board);
    let label_width = [axes.ys.first(), axes.ys.last()]
        .iter()
        .flatten()
        .map(|y| y.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    if let Some(title) = &board.title {
        let _ = writeln!(out, "{title}");
    }
    // Column headers, centred over each 3-character cell.
    let mut header = format!("{:w$} ", "", w = label_width);
    for &x in &axes.xs {
        let _ = write!(header, "{:^3}", x);
    }
    let _ = writeln!(out, "{}", header.trim_end());
    for &y in axes.ys.iter().rev() {
        let mut rows = [String::new(), String::new(), String::new()];
        for &x in &axes.xs {
            let pos = Pos { x, y };
            let cell = match board.tiles.iter().find(|t| t.pos == pos) {
                Some(t) => tile_chars(board, t),
                None => match board.marks.iter().position(|m| m.pos == pos) {
                    Some(i) => {
                        let n = char::from_digit(((i + 1) % 36) as u32, 36).unwrap_or('*');
                        [['*', '*', '*'], ['*', n, '*'], ['*', '*', '*']]
                    }
                    None => [[' '; 3]; 3],
                },
            };
            for (row, chars) in rows.iter_mut().zip(cell) {
                row.extend(chars);
            }
        }
        for (i, row) in rows.iter().enumerate() {
            let label = if i == 1 { y.to_string() } else { String::new() };
            let line = format!("{label:>w$} {row}", w = label_width);
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    if !board.tiles.is_empty() || !board.marks.is_empty() {
        let _ = writeln!(out, "{ASCII_LEGEND}");
    }
    if !board.meeples.is_empty() {
        let meeples: Vec<String> = board
            .meeples
            .iter()
            .map(|m| {
                format!(
                    "{} {} {} at {},{}{}",
                    meeple_char(m),
                    m.colour.as_str(),
                    role_word(m.role),
                    m.pos.x,
                    m.pos.y,
                    match m.place {
                        Place::Centre => String::new(),
                        p => format!(" {}", p.as_str()),
                    }
                )
            })
            .collect();
        let _ = writeln!(out, "meeples: {}", meeples.join(" · "));
    }
    for (i, m) in board.marks.iter().enumerate() {
        let _ = writeln!(
            out,
            "mark {} at {},{}{}",
            i + 1,
            m.pos.x,
            m.pos.y,
            m.label.as_ref().map_or(String::new(), |l| format!(": {l}"))
        );
    }
    for t in &board.tiles {
        if let Some(g) = t.glyph {
            let _ = writeln!(
                out,
                "{} at {},{}: {} ({})",
                t.tile.token(),
                t.pos.x,
                t.pos.y,
                g.as_str(),
                g.meaning()
            );
        }
    }
    refused::ascii(&mut out, board);
    let players: Vec<String> = board
        .players
        .iter()
        .map(|(c, score, supply)| format!("{} {score} (supply {supply})", c.as_str()))
        .collect();
    if !players.is_empty() {
        let _ = writeln!(out, "{}", players.join(" · "));
    }
    out
}

/// The line under a terminal view that explains its characters.
const ASCII_LEGEND: &str = "# city  @ coat of arms  | - road  . field  + monastery  \
r b g y k meeples (capital: farmer)  *N mark N";

/// A meeple's character: its colour's initial, a capital for a farmer (who lies down).
fn meeple_char(m: &BoardMeeple) -> char {
    let c = colour_initial(m.colour);
    if m.role == Role::Farmer {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// The 3×3 characters of one tile, meeples included.
fn tile_chars(board: &Board, t: &BoardTile) -> [[char; 3]; 3] {
    let edges = t.tile.edges(t.rotation);
    let edge_char = |side: Side| match edges[side.index()] {
        carc_rules::Edge::City => '#',
        carc_rules::Edge::Road if matches!(side, Side::N | Side::S) => '|',
        carc_rules::Edge::Road => '-',
        carc_rules::Edge::Field => '.',
        carc_rules::Edge::River => '~',
    };
    // A corner is `.` where a field reaches it, `#` where a city fills it.
    let corner_char = |corner: Corner| {
        if t.tile
            .segment_at(t.rotation, Place::Corner(corner))
            .is_some()
        {
            '.'
        } else {
            '#'
        }
    };
    // One character per cell centre: a base tile's letter (a longer token shows its first
    // character here; the SVG picture and hover give the whole token).
    let centre = if t.tile.has_monastery() {
        '+'
    } else {
        t.tile.letter()
    };
    let mut cell = [
        [
            corner_char(Corner::NW),
            edge_char(Side::N),
            corner_char(Corner::NE),
        ],
        [edge_char(Side::W), centre, edge_char(Side::E)],
        [
            corner_char(Corner::SW),
            edge_char(Side::S),
            corner_char(Corner::SE),
        ],
    ];
    for m in board.meeples.iter().filter(|m| m.pos == t.pos) {
        let (row, col) = match m.place {
            Place::Centre => (1, 1),
            Place::Side(Side::N) => (0, 1),
            Place::Side(Side::E) => (1, 2),
            Place::Side(Side::S) => (2, 1),
            Place::Side(Side::W) => (1, 0),
            Place::Corner(Corner::NE) => (0, 2),
            Place::Corner(Corner::SE) => (2, 2),
            Place::Corner(Corner::SW) => (2, 0),
            Place::Corner(Corner::NW) => (0, 0),
            Place::Half(h) => match h.corner() {
                Corner::NE => (0, 2),
                Corner::SE => (2, 2),
                Corner::SW => (2, 0),
                Corner::NW => (0, 0),
            },
            Place::Inner => (1, 1),
        };
        cell[row][col] = meeple_char(m);
    }
    // The coat of arms on the first city side a meeple leaves free.
    if t.tile.has_shield() {
        let spots = [
            (0, 1, Side::N),
            (1, 2, Side::E),
            (2, 1, Side::S),
            (1, 0, Side::W),
        ];
        if let Some(&(row, col, _)) = spots.iter().find(|(row, col, side)| {
            edges[side.index()] == carc_rules::Edge::City && cell[*row][*col] == '#'
        }) {
            cell[row][col] = '@';
        }
    }
    cell
}

/// `r b g y k`: the lower-case initial of a colour (`k` for black).
fn colour_initial(c: Color) -> char {
    match c {
        Color::Red => 'r',
        Color::Blue => 'b',
        Color::Green => 'g',
        Color::Yellow => 'y',
        Color::Black => 'k',
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

    #[test]
    fn labels_wrap_by_words_and_are_cut_with_an_ellipsis() {
        assert_eq!(
            wrap("place the city cap here", 15, 4),
            vec!["place the city", "cap here"]
        );
        assert_eq!(wrap("a b c d e", 2, 2), vec!["a", "b…"]);
        // A word longer than a line is cut where it stops fitting.
        assert_eq!(wrap("abcdefg h", 3, 9), vec!["abc", "def", "g h"]);
        assert_eq!(wrap("", 15, 4), Vec::<String>::new());
    }

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(esc("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot; ");
    }
}
