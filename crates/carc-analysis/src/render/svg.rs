//! The SVG picture of a board: the header (title, position, players), the grid with its
//! coordinates, the tiles, the last turn's frame, refused moves, marks, glyph badges, meeples
//! and the legend under the board.

use std::fmt::Write as _;

use carc_notation::Glyph;
use carc_rules::{Color, Pos};

use super::geometry::{meeple_point, Axes, TILE};
use super::measure::{text_width, wrap_by};
use super::tile::{colour_paint, label_corner, meeple_svg, tile_svg, MEEPLE_RADIUS};
use super::{refused, Board, BoardMark, BoardTile, TileLayer};

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
        let at = board.position_words();
        let last = lines
            .last()
            .map_or(0.0, |l| text_width(l, TITLE_SIZE, true));
        let at_own_line = last + 6.0 + text_width(&at, 12.0, false) > room;
        let mut players = Vec::new();
        let (mut row, mut x) = (0usize, 0.0);
        for &(colour, score, supply) in &board.players {
            let mut text = format!("{} {score} · supply {supply}", colour.as_str());
            // Traders & Builders: the goods tokens held
            if let Some((_, goods)) = board.goods.iter().find(|(c, _)| *c == colour) {
                let _ = write!(text, " · {goods}");
            }
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

/// Text from a file, escaped and isolated (between U+2068 and U+2069, as HTML's `<bdi>`):
/// a bidi control in it cannot turn the picture's own words after it around.
fn isolated(text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    format!("\u{2068}{}\u{2069}", esc(text))
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

/// Where a picture puts its cells: its size and each cell's box, in picture units (the
/// `viewBox` of [`render_svg`]), so that a page can lay controls over the picture.
#[derive(Debug, Clone, PartialEq)]
pub struct CellBoxes {
    /// The picture's width.
    pub width: f64,
    /// The picture's height.
    pub height: f64,
    /// The side of a cell.
    pub side: f64,
    /// The top-left corner of each cell asked for, in the order asked.
    pub corners: Vec<(f64, f64)>,
}

/// The boxes of `cells` in the picture [`render_svg`] draws of `board` (a cell outside the
/// picture gets the box of the nearest row and column).
pub fn cell_boxes(board: &Board, cells: &[Pos]) -> CellBoxes {
    let layout = Layout::of(board);
    CellBoxes {
        width: layout.width,
        height: layout.height,
        side: TILE,
        corners: cells.iter().map(|&p| layout.cell(p)).collect(),
    }
}

/// The measures of a picture.
struct Layout {
    axes: Axes,
    width: f64,
    height: f64,
    left: f64,
    top: f64,
    rows: f64,
    header: Header,
    legend: Legend,
}

impl Layout {
    fn of(board: &Board) -> Layout {
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
        Layout {
            axes,
            width,
            height,
            left,
            top,
            rows,
            header,
            legend,
        }
    }

    /// The top-left corner of a cell.
    fn cell(&self, p: Pos) -> (f64, f64) {
        (
            self.left + self.axes.col(p.x) as f64 * TILE,
            self.top + self.axes.row(p.y) as f64 * TILE,
        )
    }
}

/// The picture of `board` as a standalone SVG document.
pub fn render_svg(board: &Board) -> String {
    let layout = Layout::of(board);
    let Layout {
        ref axes,
        width,
        height,
        left,
        top,
        ref header,
        ..
    } = layout;
    let _ = left;
    // The top-left corner of a cell.
    let cell = |p: Pos| layout.cell(p);

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
    header_svg(&mut out, header);

    // The tiles drawn apart (a lesson page): their groups, placed to land on their cells.
    let shift = board
        .layer
        .as_ref()
        .map(|layer| layered_board(&mut out, board, layer, &layout));
    if let Some(shift) = &shift {
        overlays(&mut out, board, &layout, Some(shift));
        out.push_str("</svg>\n");
        return out;
    }

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
        tile_svg(&mut out, t, cx, cy, &taken_on(board, t));
    }
    overlays(&mut out, board, &layout, None);
    out.push_str("</svg>\n");
    out
}

/// What a tile's label must not sit under on `board`: the tile's meeples, its glyph badge,
/// its mark number.
fn taken_on(board: &Board, t: &BoardTile) -> Vec<(f64, f64, f64)> {
    let mut taken: Vec<(f64, f64, f64)> = board
        .meeples
        .iter()
        .filter(|m| m.pos == t.pos)
        .map(|m| {
            let (x, y) = meeple_point(t.tile, t.rotation, m.role, m.place);
            (x, y, MEEPLE_RADIUS)
        })
        .collect();
    taken.extend(glyph_spot(t));
    if board.marks.iter().any(|m| m.pos == t.pos) {
        taken.push((13.0, 13.0, 10.0));
    }
    taken
}

/// Where a tile's glyph badge sits, if it has one.
fn glyph_spot(t: &BoardTile) -> Vec<(f64, f64, f64)> {
    t.glyph.map(|_| (95.0, 5.0, 11.0)).into_iter().collect()
}

/// Everything drawn over the tiles: the last turn's frame, mismatched sides, refused moves,
/// marks, glyph badges, meeples (and those that came back) and the legend. `shift`: the
/// tiles are drawn apart, and so are their mismatched sides and glyphs (empty groups here,
/// each placed by `shift`, which the page fills).
fn overlays(out: &mut String, board: &Board, layout: &Layout, shift: Option<&str>) {
    let cell = |p: Pos| layout.cell(p);
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
    match shift {
        Some(shift) => {
            let _ = writeln!(out, r#"<g class="mismatches" transform="{shift}"></g>"#);
        }
        None => {
            for &(pos, side) in &board.mismatched {
                let (cx, cy) = cell(pos);
                mismatch_svg(out, pos, side, cx, cy);
            }
        }
    }
    // Refused moves under the marks, whose labels stay readable over them.
    refused::svg(out, board, &cell);
    // Marks under glyphs and meeples, which stay whole on a marked tile.
    for (index, m) in board.marks.iter().enumerate() {
        let (cx, cy) = cell(m.pos);
        let occupied = board.tiles.iter().any(|t| t.pos == m.pos);
        mark_svg(out, m, index + 1, occupied, cx, cy);
    }
    // Glyph badges under the meeples, so that a meeple near a corner stays whole.
    match shift {
        Some(shift) => {
            let _ = writeln!(out, r#"<g class="glyphs" transform="{shift}"></g>"#);
        }
        None => {
            for t in board.tiles.iter().filter(|t| t.glyph.is_some()) {
                let (cx, cy) = cell(t.pos);
                glyph_svg(out, t, cx, cy);
            }
        }
    }
    for m in &board.meeples {
        let Some(t) = board.tiles.iter().find(|t| t.pos == m.pos) else {
            continue;
        };
        let (cx, cy) = cell(m.pos);
        meeple_svg(out, m, t, cx, cy);
    }
    // A meeple that scored and came back this turn: faint, where it stood.
    for m in &board.returned {
        let Some(t) = board.tiles.iter().find(|t| t.pos == m.pos) else {
            continue;
        };
        let (cx, cy) = cell(m.pos);
        out.push_str(r#"<g class="returned" opacity="0.55" stroke-dasharray="4 3">"#);
        meeple_svg(out, m, t, cx, cy);
        out.push_str("</g>\n");
    }
    // A mark on a tile has its number there and its label here, so the tile stays visible;
    // so has a label too long for its empty cell.
    let below = layout.top + layout.rows * TILE + BOTTOM;
    for (i, (number, text)) in layout.legend.lines.iter().enumerate() {
        let y = below + LEGEND_LINE * (i as f64 + 0.6);
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
}

/// An illegal turn's tile: a red bar along a side that does not match its neighbour.
fn mismatch_svg(out: &mut String, pos: Pos, side: carc_rules::Side, cx: f64, cy: f64) {
    let (x1, y1, x2, y2) = match side {
        carc_rules::Side::N => (cx, cy, cx + TILE, cy),
        carc_rules::Side::S => (cx, cy + TILE, cx + TILE, cy + TILE),
        carc_rules::Side::E => (cx + TILE, cy, cx + TILE, cy + TILE),
        carc_rules::Side::W => (cx, cy, cx, cy + TILE),
    };
    let _ = writeln!(
        out,
        r##"<line class="mismatch" data-x="{}" data-y="{}" data-side="{}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#d62728" stroke-width="6" stroke-linecap="round"><title>this side does not match the tile next to it</title></line>"##,
        pos.x,
        pos.y,
        crate::vocab::side_word(side),
    );
}

/// The grid, coordinates and tile groups of a picture whose tiles are drawn apart
/// ([`Board::layer`]): one grid pattern over the board, the coordinates as a range the page's
/// script writes out, and empty groups for the tiles, their mismatched sides and their glyphs,
/// placed so that a tile drawn at `(100 x, -100 y)` inside them lands on its cell. The page
/// fills them from its layers ([`render_layer_svg`]) when it shows the step.
fn layered_board(out: &mut String, board: &Board, layer: &TileLayer, layout: &Layout) -> String {
    let (x0, x1) = (
        layout.axes.xs.first().copied().unwrap_or(0),
        layout.axes.xs.last().copied().unwrap_or(0),
    );
    let (y0, y1) = (
        layout.axes.ys.first().copied().unwrap_or(0),
        layout.axes.ys.last().copied().unwrap_or(0),
    );
    let (left, top) = layout.cell(Pos { x: x0, y: y1 });
    let _ = writeln!(
        out,
        r##"<g class="coordinates" font-size="13" fill="#555" data-x0="{x0}" data-x1="{x1}" data-y0="{y0}" data-y1="{y1}" data-left="{left}" data-top="{top}"></g>"##
    );
    let _ = writeln!(
        out,
        r##"<rect class="grid" transform="translate({left},{top})" width="{}" height="{}" fill="url(#carc-grid)"/>"##,
        layout.axes.xs.len() as f64 * TILE,
        layout.rows * TILE
    );
    let shift = format!(
        "translate({},{})",
        left - f64::from(x0) * TILE,
        top + f64::from(y1) * TILE
    );
    // Labels that move off a meeple or a mark number on this step: `x y dx dy` each.
    let mut labels = Vec::new();
    for t in &board.tiles {
        let apart = label_corner(t, &glyph_spot(t));
        let here = label_corner(t, &taken_on(board, t));
        if apart != here {
            labels.push(format!(
                "{} {} {} {}",
                t.pos.x,
                t.pos.y,
                here.0 - apart.0,
                here.1 - apart.1
            ));
        }
    }
    let _ = writeln!(
        out,
        r#"<g class="tiles" transform="{shift}" data-count="{}" data-labels="{}"></g>"#,
        layer.count,
        labels.join(",")
    );
    shift
}

/// One tile of a lesson's layer ([`render_layer_svg`]).
pub struct LayerTile<'a> {
    /// The tile.
    pub tile: &'a BoardTile,
    /// The steps it is on the board for: those numbered `from..=to` (the page numbers its
    /// steps depth first, so a step's line of play and its variations follow it).
    pub steps: (usize, usize),
    /// Its sides that do not match the tile next to them.
    pub mismatched: &'a [carc_rules::Side],
}

/// The layers a lesson page draws once (`carc export`): an SVG of no size holding the grid
/// pattern of the pictures ([`Board::layer`]) and three groups, `#carc-tiles`, `#carc-mismatches`
/// and `#carc-glyphs`, with one element per tile (`data-from`, `data-to`: its steps; a tile's
/// and a glyph's also `data-text`, its cell or its line in the board as text) in board
/// coordinates, each tile at
/// `(100 x, -100 y)`. The page's script moves the elements of a step's tiles into its picture.
pub fn render_layer_svg(tiles: &[LayerTile<'_>]) -> String {
    let mut out = String::from(concat!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" class="layers" aria-hidden="true" focusable="false">"#,
        r##"<defs><pattern id="carc-grid" width="100" height="100" patternUnits="userSpaceOnUse"><rect x="0.5" y="0.5" width="99" height="99" fill="none" stroke="#d8d2c2" stroke-width="1"/></pattern></defs>"##,
        "\n<g id=\"carc-tiles\">\n"
    ));
    let corner = |t: &BoardTile| (f64::from(t.pos.x) * TILE, -f64::from(t.pos.y) * TILE);
    for l in tiles {
        let (cx, cy) = corner(l.tile);
        let _ = write!(
            out,
            r#"<g data-from="{}" data-to="{}" data-text="{}">"#,
            l.steps.0,
            l.steps.1,
            esc(&super::text::plain_cell(l.tile))
        );
        tile_svg(&mut out, l.tile, cx, cy, &glyph_spot(l.tile));
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n<g id=\"carc-mismatches\">\n");
    for l in tiles.iter().filter(|l| !l.mismatched.is_empty()) {
        let (cx, cy) = corner(l.tile);
        let _ = write!(
            out,
            r#"<g data-from="{}" data-to="{}">"#,
            l.steps.0, l.steps.1
        );
        for &side in l.mismatched {
            mismatch_svg(&mut out, l.tile.pos, side, cx, cy);
        }
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n<g id=\"carc-glyphs\">\n");
    for l in tiles.iter().filter(|l| l.tile.glyph.is_some()) {
        let (cx, cy) = corner(l.tile);
        let _ = write!(
            out,
            r#"<g data-from="{}" data-to="{}" data-text="{}">"#,
            l.steps.0,
            l.steps.1,
            esc(&super::text::glyph_line(l.tile))
        );
        glyph_svg(&mut out, l.tile, cx, cy);
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n</svg>\n");
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
            isolated(line)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(esc("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot; ");
    }
}
