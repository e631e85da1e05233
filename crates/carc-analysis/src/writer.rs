//! The `.carc` writer: engine values → notation text, the one place that writes notation.
//! A simulated game ([`crate::game_text`]), generated puzzles (`generate.rs`), `carc moves`,
//! `carc solve` and the puzzle notes (`puzzle.rs`) and the exercises all write their lines
//! here, so a word of the notation is spelled the same wherever a tool writes it (the words
//! themselves come from [`crate::vocab`] and the engine's `as_str`).

use carc_rules::{Action, Color, Figure, Place, Pos, Role, Rotation, Step, TileSet, TileType};

use crate::moves::Extra;
use crate::vocab;

/// A `.carc` string literal: `"…"` with `"` and `\` escaped.
pub(crate) fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// `players red blue`.
pub(crate) fn players_line(players: impl IntoIterator<Item = Color>) -> String {
    let mut out = String::from("players");
    for colour in players {
        out.push(' ');
        out.push_str(colour.as_str());
    }
    out
}

/// `rules farmers` or `rules no-farmers`, then `boxes N` beyond one box, then the sets' words
/// (`rules farmers boxes 2 abbot river`), without a line break.
pub(crate) fn rules_line(farmers: bool, boxes: u32, sets: &[TileSet]) -> String {
    let mut out = String::from(if farmers {
        "rules farmers"
    } else {
        "rules no-farmers"
    });
    if boxes > 1 {
        out.push_str(" boxes ");
        out.push_str(&boxes.to_string());
    }
    for set in sets {
        out.push(' ');
        out.push_str(set.as_str());
    }
    out
}

/// A move as a `turn` line writes it after the colour: `E 0,1 r180 knight S` (a monk without
/// its place); `extra` adds its word (`large knight N`, `recall`, `abbot` without the role,
/// `builder E` without the role).
pub(crate) fn move_text(
    tile: TileType,
    pos: Pos,
    rotation: Rotation,
    extra: Extra,
    meeple: Option<(Role, Place)>,
) -> String {
    let mut out = placement(tile, pos, rotation);
    push_figure(&mut out, extra, meeple);
    out
}

/// A tile where it goes: `E 0,1 r180`.
fn placement(tile: TileType, pos: Pos, rotation: Rotation) -> String {
    format!(
        "{} {} {}",
        tile.token(),
        vocab::pos_str(pos),
        vocab::rotation_word(rotation)
    )
}

/// The words of a figure after the tile: `extra`'s word, then the role and place (a monk's
/// place, the monastery in the middle, is not written; the builder's and the pig's word
/// stands for the role; the abbot's for both).
fn push_figure(out: &mut String, extra: Extra, meeple: Option<(Role, Place)>) {
    if let Some(word) = extra.word() {
        out.push(' ');
        out.push_str(word);
    }
    match (extra, meeple) {
        (Extra::Abbot, _) | (_, None) => {}
        // `builder PLACE`, `pig PLACE`: the figure's word stands for the role
        (Extra::Builder | Extra::Pig, Some((_, place))) => {
            out.push(' ');
            out.push_str(vocab::place_str(place));
        }
        (_, Some((role, place))) => {
            out.push(' ');
            out.push_str(vocab::role_word(role));
            if role != Role::Monk {
                out.push(' ');
                out.push_str(vocab::place_str(place));
            }
        }
    }
}

/// A setup `tile` line without its line break: `tile E 0,1 r180`, with the figure on it when
/// there is one (`tile E 0,1 r180 red knight S`, `… blue abbot`, `… red builder E`).
pub(crate) fn tile_line(
    tile: TileType,
    pos: Pos,
    rotation: Rotation,
    figure: Option<(Color, Figure, Role, Place)>,
) -> String {
    let mut out = format!("tile {}", placement(tile, pos, rotation));
    if let Some((colour, figure, role, place)) = figure {
        out.push(' ');
        out.push_str(colour.as_str());
        push_figure(
            &mut out,
            Extra::of(Action::Figure(figure)),
            Some((role, place)),
        );
    }
    out
}

/// A step as a line of the notation says it, with what it does beyond a meeple (`action`):
/// `blue E 0,1 r180 knight S`, `red U 1,0 r90 large traveller E`, `red B 1,1 recall`,
/// `discard C`.
pub(crate) fn step_text(step: &Step, action: Action) -> String {
    match *step {
        Step::Turn {
            colour,
            tile,
            pos,
            rot,
            meeple,
        } => format!(
            "{} {}",
            colour.as_str(),
            move_text(tile, pos, rot, Extra::of(action), meeple)
        ),
        Step::Discard { tile } => format!("discard {}", tile.token()),
    }
}
