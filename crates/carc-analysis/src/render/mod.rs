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

mod geometry;
mod goods;
mod measure;
mod model;
mod princess_dragon;
mod refused;
mod river;
mod svg;
mod text;
mod tile;

pub use geometry::LAYER_SIDE;
pub use measure::text_width;
pub use model::{
    board_apart, board_at, board_at_line, teaching_line, Board, BoardMark, BoardMeeple, BoardTile,
    TileLayer,
};
pub use refused::BoardRefusal;
pub use svg::{cell_boxes, esc, render_layer_svg, render_svg, CellBoxes, LayerTile};
pub use text::{ascii_overlay, render_ascii, AsciiOverlay};
pub use tile::render_tiles_svg;
