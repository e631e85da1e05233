//! The terminal view of a board: 3×3 characters a tile, and the meeples, marks, glyphs,
//! refused moves and players written out under it.

use std::fmt::Write as _;

use carc_rules::{Color, Corner, Figure, Place, Pos, Role, Side};

use super::geometry::Axes;
use super::{refused, Board, BoardMeeple, BoardTile};
use crate::vocab::figure_role_word;

/// A compact terminal view: each tile is 3×3 characters (`#` city, `@` a city with a coat of
/// arms, `|`/`-` road, `.` field, `+` monastery, the tile letter in the middle), meeples are
/// the initial of their colour (`r b g y k p`, a capital for a farmer) at their place, a
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
    let mut out = head(board);
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
                Some(t) => tile_chars(&board.meeples, t),
                None => empty_cell(board, pos),
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
    let (before, after) = tail(board);
    out.push_str(&before);
    out.push_str(&after);
    out
}

/// A cell without a tile: `*` with its mark's number, or blank.
fn empty_cell(board: &Board, pos: Pos) -> [[char; 3]; 3] {
    match board.marks.iter().position(|m| m.pos == pos) {
        Some(i) => {
            let n = char::from_digit(((i + 1) % 36) as u32, 36).unwrap_or('*');
            [['*', '*', '*'], ['*', n, '*'], ['*', '*', '*']]
        }
        None => [[' '; 3]; 3],
    }
}

/// The board as text, in parts, when its tiles are drawn apart ([`Board::layer`]): the page's
/// script writes the grid (the columns and rows of the picture), each cell from the tile
/// there (its [`render_layer_svg`](super::render_layer_svg) `data-text`) unless `cells` says
/// otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsciiOverlay {
    /// What comes before the grid (the title's line).
    pub head: String,
    /// The cells that differ from the tile drawn apart: tiles under a meeple, marked empty
    /// cells; each `(x, y, 9 characters row by row)`.
    pub cells: Vec<(i32, i32, String)>,
    /// What comes after the grid, before the glyphs of the turns: the legend of the
    /// characters, meeples, marks. The script writes the glyph lines of the tiles on the board
    /// (the layer's glyphs' `data-text`) after it.
    pub notes: String,
    /// What comes after the glyphs: refused moves, players.
    pub tail: String,
}

/// The parts of the board as text of a board whose tiles are drawn apart.
pub fn ascii_overlay(board: &Board) -> AsciiOverlay {
    let flat = |cell: [[char; 3]; 3]| cell.iter().flatten().collect::<String>();
    let mut cells: Vec<(i32, i32, String)> = board
        .tiles
        .iter()
        .map(|t| (t.pos.x, t.pos.y, flat(tile_chars(&board.meeples, t))))
        .collect();
    for m in &board.marks {
        if !board.tiles.iter().any(|t| t.pos == m.pos) {
            cells.push((m.pos.x, m.pos.y, flat(empty_cell(board, m.pos))));
        }
    }
    let (notes, tail) = tail(board);
    AsciiOverlay {
        head: head(board),
        cells,
        notes,
        tail,
    }
}

/// The 9 characters of a tile's cell, row by row, without meeples.
pub(super) fn plain_cell(t: &BoardTile) -> String {
    tile_chars(&[], t).iter().flatten().collect()
}

/// The title's line.
fn head(board: &Board) -> String {
    board
        .title
        .as_ref()
        .map_or(String::new(), |title| format!("{title}\n"))
}

/// What the board as text says under the grid, before the glyphs of the turns (with them
/// unless the tiles are drawn apart) and after them.
fn tail(board: &Board) -> (String, String) {
    let mut out = String::new();
    let tiles = board.layer.map_or(board.tiles.len(), |l| l.count);
    if tiles > 0 || !board.marks.is_empty() {
        // the pig (Traders & Builders) is explained only where one stands
        let pig = if board.meeples.iter().any(|m| m.figure == Figure::Pig) {
            "  (small in a field: pig)"
        } else {
            ""
        };
        let _ = writeln!(out, "{ASCII_LEGEND}{pig}");
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
                    figure_role_word(m.figure, m.role),
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
    // (a layer's glyphs are written from the layer: see AsciiOverlay::tail)
    if board.layer.is_none() {
        for t in &board.tiles {
            out.push_str(&glyph_line(t));
        }
    }
    (out, after_glyphs(board))
}

/// A tile's glyph as a line of the board as text (empty when it has none).
pub(super) fn glyph_line(t: &BoardTile) -> String {
    t.glyph.map_or(String::new(), |g| {
        format!(
            "{} at {},{}: {} ({})\n",
            t.tile.token(),
            t.pos.x,
            t.pos.y,
            g.as_str(),
            g.meaning()
        )
    })
}

/// What the board as text says after the glyphs: the refused moves and the players.
fn after_glyphs(board: &Board) -> String {
    let mut out = String::new();
    refused::ascii(&mut out, board);
    let players: Vec<String> = board
        .players
        .iter()
        .map(|(c, score, supply)| {
            let held = board.goods.iter().find(|(g, _)| g == c);
            let goods = held.map_or(String::new(), |(_, g)| format!(", {g}"));
            format!("{} {score} (supply {supply}{goods})", c.as_str())
        })
        .collect();
    if !players.is_empty() {
        let _ = writeln!(out, "{}", players.join(" · "));
    }
    out
}

/// The line under a terminal view that explains its characters.
const ASCII_LEGEND: &str = "# city  @ coat of arms  | - road  . field  + monastery  \
r b g y k p meeples (capital: farmer)  *N mark N";

/// A meeple's character: its colour's initial, a capital for a farmer (who lies down); the
/// pig (Traders & Builders), in a field too, keeps the small initial.
fn meeple_char(m: &BoardMeeple) -> char {
    let c = colour_initial(m.colour);
    if m.role == Role::Farmer && m.figure != Figure::Pig {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// The 3×3 characters of one tile, meeples included.
fn tile_chars(meeples: &[BoardMeeple], t: &BoardTile) -> [[char; 3]; 3] {
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
    for m in meeples.iter().filter(|m| m.pos == t.pos) {
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

/// `r b g y k p`: the lower-case initial of a colour (`k` for black).
fn colour_initial(c: Color) -> char {
    match c {
        Color::Red => 'r',
        Color::Blue => 'b',
        Color::Green => 'g',
        Color::Yellow => 'y',
        Color::Black => 'k',
        Color::Pink => 'p',
    }
}
