//! The messages of The River.

use carc_rules::river::{OpenEnd, Turn};

use crate::vocab;

// ---- river-order ------------------------------------------------------------------------------

/// A river tile after the lake.
pub const RIVER_ORDER_AFTER_LAKE: &str =
    "the lake has closed the river: river tiles come before it";

/// The spring in a turn.
pub const RIVER_ORDER_SPRING_IN_TURN: &str =
    "the spring is the start tile: it begins the river in the setup, never in a turn";

/// A land tile while the river goes on at `end` (a warning).
pub fn river_order_land_while_open(end: OpenEnd) -> String {
    format!(
        "the river is still open (it goes on at {}): river tiles come first, the lake last",
        vocab::pos_str(end.next)
    )
}

// ---- river-continue ---------------------------------------------------------------------------

/// A river tile beyond none of the river's open `ends`.
pub fn river_continue(ends: &[OpenEnd]) -> String {
    match ends {
        [] => "a river tile continues the river, but it has no open end here".to_owned(),
        _ => {
            let cells: Vec<String> = ends.iter().map(|e| vocab::pos_str(e.next)).collect();
            format!(
                "a river tile continues the river's open end: it goes at {}",
                cells.join(" or ")
            )
        }
    }
}

// ---- river-uturn ------------------------------------------------------------------------------

/// A curve turning `turn` against the curve at `end`, which turns the same way.
pub fn river_uturn(turn: Turn, end: OpenEnd) -> String {
    format!(
        "the river turns {} at {}; turning {} again at once is a U-turn: turn the tile the other way",
        turn.as_str(),
        vocab::pos_str(end.pos),
        turn.as_str()
    )
}
