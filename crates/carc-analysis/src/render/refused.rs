//! Refused moves in pictures: the `refused` lines of the position a picture shows (those at
//! or before its line with no move, discard, `end` or variation boundary in between) are drawn
//! crossed out: a refused tile faded with a red cross over its cell, a refused meeple (on a
//! tile that fits) with a small cross over it, a refused recall with a small cross over the
//! abbot on the board. The move is not part of the position: the tile is drawn faded either
//! way.

use std::fmt::Write as _;

use carc_notation::{LineKind, StatementKind};
use carc_rules::{Color, Place, Pos, Rotation, TileType};

use super::geometry::meeple_point;
use super::tile::{meeple_svg, tile_svg};
use super::{BoardMeeple, BoardTile};
use crate::replay::refused::RefusedPlay;
use crate::replay::Replay;
use crate::vocab::figure_role_word;
use crate::{Analysis, Board, Code};

/// A refused move in a picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardRefusal {
    /// Who would have moved.
    pub colour: Color,
    /// The tile.
    pub tile: TileType,
    /// How it would have been turned.
    pub rotation: Rotation,
    /// Its cell.
    pub pos: Pos,
    /// The meeple it would have deployed, where a place of its role exists on the tile.
    pub meeple: Option<BoardMeeple>,
    /// Whether the tile itself is refused (crossed out), not only its meeple.
    pub tile_refused: bool,
    /// Whether the move recalls the abbot (The Abbot): a refused recall crosses out the
    /// abbot on the board.
    pub recall: bool,
    /// The codes the move is refused with.
    pub codes: Vec<Code>,
}

/// The refused moves of the position at 0-based `line` (the document's end when `None`).
pub(super) fn of_line(
    analysis: &Analysis,
    state: &Replay,
    line: Option<usize>,
) -> Vec<BoardRefusal> {
    let lines = &analysis.parse.lines;
    let Some(last) = line.or(lines.len().checked_sub(1)) else {
        return Vec::new();
    };
    let mut wanted = Vec::new();
    for index in (0..=last.min(lines.len().saturating_sub(1))).rev() {
        match &lines[index].kind {
            LineKind::Statement(s) => match s.kind {
                StatementKind::Refused(_) => wanted.push(index),
                StatementKind::Mark { .. } => {}
                _ => break,
            },
            LineKind::Blank | LineKind::Error => {}
        }
    }
    let mut out: Vec<BoardRefusal> = state
        .refusals
        .iter()
        .filter(|r| wanted.contains(&r.line))
        .filter_map(|r| {
            let tile = r.tile?;
            // A refused discard puts nothing on the board: nothing to draw.
            let RefusedPlay::Turn {
                colour,
                pos,
                rotation,
                meeple,
                figure,
                recall,
                tile_refused,
            } = r.play
            else {
                return None;
            };
            let meeple = meeple.and_then(|(role, place)| {
                Some(BoardMeeple {
                    colour,
                    figure: crate::vocab::figure(figure),
                    role,
                    pos,
                    place: place?,
                })
            });
            Some(BoardRefusal {
                colour,
                tile,
                rotation,
                pos,
                meeple,
                tile_refused,
                recall,
                codes: r.found_codes().into_iter().collect(),
            })
        })
        .collect();
    out.dedup();
    out
}

const CROSS: &str = "#c0392b";

/// Draws every refused move of `board`; `cell` gives the top-left corner of a cell.
pub(super) fn svg(out: &mut String, board: &Board, cell: &dyn Fn(Pos) -> (f64, f64)) {
    for r in &board.refused {
        let (cx, cy) = cell(r.pos);
        let codes: Vec<&str> = r.codes.iter().map(|c| c.as_str()).collect();
        let _ = writeln!(
            out,
            r#"<g class="refused" data-x="{}" data-y="{}" data-letter="{}" data-codes="{}"><title>refused: {}</title>"#,
            r.pos.x,
            r.pos.y,
            r.tile.token(),
            codes.join(" "),
            codes.join(", ")
        );
        // The tile, faded, unless the cell already holds one (then only the cross).
        let occupied = board.tiles.iter().any(|t| t.pos == r.pos);
        if !occupied {
            let mut tile = String::new();
            let placed = BoardTile {
                tile: r.tile,
                rotation: r.rotation,
                pos: r.pos,
                glyph: None,
            };
            tile_svg(&mut tile, &placed, cx, cy, &[]);
            let _ = writeln!(
                out,
                r#"<g opacity="0.5">{}</g>"#,
                tile.replacen(r#"class="tile""#, r#"class="refused-tile""#, 1)
            );
        }
        if r.tile_refused {
            cross(out, (cx + 12.0, cy + 12.0), (cx + 88.0, cy + 88.0), 7.0);
        }
        if let Some(m) = &r.meeple {
            let placed = BoardTile {
                tile: r.tile,
                rotation: r.rotation,
                pos: r.pos,
                glyph: None,
            };
            let mut meeple = String::new();
            meeple_svg(&mut meeple, m, &placed, cx, cy);
            out.push_str(&meeple.replacen(r#"class="meeple""#, r#"class="refused-meeple""#, 1));
            if !r.tile_refused {
                let (x, y) = meeple_point(r.tile, r.rotation, m.role, m.place);
                let (x, y) = (cx + x, cy + y);
                cross(out, (x - 13.0, y - 13.0), (x + 13.0, y + 13.0), 4.0);
            }
        }
        // a recall refused (the tile fits): the abbot it would take back, crossed out
        if r.recall && !r.tile_refused {
            if let Some(abbot) = board
                .meeples
                .iter()
                .find(|m| m.colour == r.colour && m.figure == carc_rules::Figure::Abbot)
            {
                let (ax, ay) = cell(abbot.pos);
                let tile = board.tiles.iter().find(|t| t.pos == abbot.pos);
                if let Some(t) = tile {
                    let (x, y) = meeple_point(t.tile, t.rotation, abbot.role, abbot.place);
                    let (x, y) = (ax + x, ay + y);
                    cross(out, (x - 13.0, y - 13.0), (x + 13.0, y + 13.0), 4.0);
                }
            }
        }
        out.push_str("</g>\n");
    }
}

/// A red cross over the box from `(x1, y1)` to `(x2, y2)`, on a white outline.
fn cross(out: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), width: f64) {
    let d = format!("M{x1},{y1} L{x2},{y2} M{x2},{y1} L{x1},{y2}");
    let _ = writeln!(
        out,
        r#"<path class="cross" d="{d}" fill="none" stroke="white" stroke-width="{}" stroke-linecap="round"/><path d="{d}" fill="none" stroke="{CROSS}" stroke-width="{width}" stroke-linecap="round"/>"#,
        width + 3.0
    );
}

/// One legend line per refused move for the terminal view.
pub(super) fn ascii(out: &mut String, board: &Board) {
    for r in &board.refused {
        let codes: Vec<&str> = r.codes.iter().map(|c| c.as_str()).collect();
        let word = |m: &BoardMeeple| figure_role_word(m.figure, m.role);
        let meeple = match &r.meeple {
            Some(m) if m.place == Place::Centre => format!(" {}", word(m)),
            Some(m) => format!(" {} {}", word(m), m.place.as_str()),
            None if r.recall => " recall".to_owned(),
            None => String::new(),
        };
        let _ = writeln!(
            out,
            "refused at {},{}: {} {} r{}{meeple} ({})",
            r.pos.x,
            r.pos.y,
            r.colour.as_str(),
            r.tile.token(),
            r.rotation.degrees(),
            codes.join(", ")
        );
    }
}
