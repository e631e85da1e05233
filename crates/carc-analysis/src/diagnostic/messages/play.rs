//! The messages of players, lists and the course of play: colours, discards, expectations,
//! turn order, the order of statements, variations, `refused` lines.

use std::collections::BTreeSet;

use carc_rules::{Color, Pos, Rotation, TileType};

use super::super::{Code, Diagnostic};
use crate::vocab;

// ---- unknown-player ---------------------------------------------------------------------------

/// A colour `players` does not list.
pub fn unknown_player(colour: Color, players: &[Color]) -> String {
    let list: Vec<&str> = players.iter().map(|p| p.as_str()).collect();
    format!(
        "{} is not a player here (players: {})",
        colour.as_str(),
        list.join(" ")
    )
}

// ---- duplicate-colour -------------------------------------------------------------------------

/// A colour named twice in `list` (`` `players` ``, `` `supply` ``, `an expectation` …).
pub fn duplicate_colour(colour: Color, list: &str) -> String {
    let why = if list == "`players`" {
        "each player has one colour, so `players` lists 1 to 5 distinct colours"
    } else {
        "write each colour once (amounts are not added up)"
    };
    format!("{} is listed twice in {list}: {why}", colour.as_str())
}

// ---- farmers-off ------------------------------------------------------------------------------

/// A farmer under `rules no-farmers`.
pub const FARMERS_OFF: &str = "farmers are off in this file (`rules no-farmers`)";

// ---- illegal-discard --------------------------------------------------------------------------

/// A discarded tile that fits at `pos` turned `rotation`.
pub fn illegal_discard(tile: TileType, pos: Pos, rotation: Rotation) -> String {
    format!(
        "{} fits at {} {}: a tile that fits somewhere may not be discarded",
        tile.token(),
        vocab::pos_str(pos),
        vocab::rotation_word(rotation)
    )
}

// ---- score-mismatch ---------------------------------------------------------------------------

/// A `=>` list that differs from what the turn or final scoring gave (`breakdown`: how).
pub fn score_mismatch(
    expected: &[(Color, i64)],
    gains: &[(Color, i64)],
    breakdown: &str,
) -> String {
    format!(
        "expected {}, but this scores {}: {breakdown}",
        crate::explain::gains_text(expected),
        crate::explain::gains_text(gains),
    )
}

/// An `expect score` / `expect supply` entry (`what`) that differs.
pub fn score_mismatch_total(colour: Color, what: &str, expected: i64, is: i64) -> String {
    format!(
        "expected {}'s {what} to be {expected}, but it is {is}",
        colour.as_str()
    )
}

// ---- turn-order -------------------------------------------------------------------------------

/// `colour` played where `expected` was next after `previous`.
pub fn turn_order(expected: Color, previous: Color, colour: Color) -> String {
    format!(
        "{} is next after {}, not {}",
        expected.as_str(),
        previous.as_str(),
        colour.as_str()
    )
}

// ---- order ------------------------------------------------------------------------------------

/// A setup statement after play began.
pub const ORDER_SETUP_AFTER_PLAY: &str =
    "setup statements come before the first turn, discard, expect or end";

/// Anything but `expect` after `end`.
pub const ORDER_AFTER_END: &str = "only `expect` lines may follow `end`: the game is over";

// ---- variation --------------------------------------------------------------------------------

/// A variation with no `}`.
pub const VARIATION_NEVER_CLOSED: &str =
    "this variation is never closed: add a `}` line after its last turn";

/// A `}` with no open variation.
pub const VARIATION_CLOSES_NOTHING: &str = "this `}` closes no variation";

/// A `variation` opened inside `limit` open blocks (carc's nesting limit).
pub fn variation_too_deep(limit: usize) -> String {
    format!(
        "variations nested more than {limit} deep: this block is not replayed (carc's limit \
         on nesting; close a block before opening another)"
    )
}

// ---- refusal-mismatch -------------------------------------------------------------------------

/// A `refused` move that the replay does not refuse with exactly the `claimed` codes: legal
/// (`found` is empty; `legal_move` is how it reads), or refused with others (`found`).
pub fn refusal_mismatch(claimed: &[Code], found: &[Diagnostic], legal_move: &str) -> String {
    if found.is_empty() {
        return format!(
            "refused move is legal: {legal_move} may be played here (nothing refuses it)"
        );
    }
    let claimed: BTreeSet<Code> = claimed.iter().copied().collect();
    let found_codes: BTreeSet<Code> = found.iter().map(|d| d.code).collect();
    let reasons: Vec<String> = found
        .iter()
        .map(|d| format!("{}: {}", d.code.as_str(), d.message))
        .collect();
    let missing: Vec<Code> = claimed.difference(&found_codes).copied().collect();
    let lead = if missing.is_empty() {
        format!(
            "this move is refused with {} as well",
            code_list(found_codes.difference(&claimed).copied())
        )
    } else {
        format!(
            "this move is refused with {}, not {}",
            code_list(found_codes.iter().copied()),
            code_list(missing)
        )
    };
    format!("{lead} ({})", reasons.join("; "))
}

/// `` `a` ``, `` `a` and `b` ``, `` `a`, `b` and `c` ``, or `nothing`.
pub(super) fn code_list(codes: impl IntoIterator<Item = Code>) -> String {
    let words: Vec<String> = codes
        .into_iter()
        .map(|c| format!("`{}`", c.as_str()))
        .collect();
    match words.as_slice() {
        [] => "nothing".to_owned(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

// ---- unknown-code -----------------------------------------------------------------------------

/// A word of a `refused` statement that names no code, with the `nearest` one if any.
pub fn unknown_code(word: &str, nearest: Option<Code>) -> String {
    let hint = match nearest {
        Some(code) => format!("; did you mean `{}`?", code.as_str()),
        None => String::new(),
    };
    format!("`{word}` is not a diagnostic code (the codes are listed in docs/notation.md){hint}")
}
