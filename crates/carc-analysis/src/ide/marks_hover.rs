//! Hover cards for teaching marks: what hover says about a `mark` line (its label and the
//! marked cell) and about a turn's PGN-style glyph. Pictures draw the same marks and glyphs (`render`).

use std::fmt::Write as _;

use carc_notation::Glyph;
use carc_rules::{Pos, Side};

use crate::replay::Replay;
use crate::vocab;

/// The card of a glyph: the glyph and its meaning.
pub fn glyph_card(glyph: Glyph) -> String {
    format!(
        "**{}** {}: the lesson's judgement of this turn (it changes no score)\n",
        glyph.as_str(),
        glyph.meaning()
    )
}

/// The card of a `mark` line: its label and the cell as the position stands at that line.
pub fn mark_card(state: &Replay, pos: Pos, label: Option<&str>) -> String {
    let mut out = format!("**mark** {}", vocab::pos_str(pos));
    if let Some(label) = label {
        let _ = write!(out, ": “{}”", vocab::markdown_text(label));
    }
    out.push_str("\n\n");
    match state.game.tile_at(pos) {
        Some(placed) => {
            let _ = writeln!(
                out,
                "The cell holds **{}** ({}) {}.",
                placed.tile.token(),
                placed.tile.name(),
                vocab::rotation_word(placed.rot)
            );
        }
        None => {
            let needs = required_sides(state, pos);
            if needs.is_empty() {
                out.push_str("The cell is empty and touches no tile along a side.\n");
            } else {
                let _ = writeln!(
                    out,
                    "The cell is empty; a tile here must show {}.",
                    needs.join(", ")
                );
            }
        }
    }
    out
}

/// What each side of an empty cell must show to match its neighbours (`a city on its north
/// side`), in the order `N E S W`.
fn required_sides(state: &Replay, pos: Pos) -> Vec<String> {
    Side::ALL
        .iter()
        .filter_map(|&side| {
            let neighbour = state.game.tile_at(pos.neighbour(side)?)?;
            let edge = neighbour.tile.edge(neighbour.rot, side.opposite());
            Some(format!(
                "{} {} on its {} side",
                vocab::article(edge.as_str()),
                edge.as_str(),
                vocab::side_word(side)
            ))
        })
        .collect()
}
