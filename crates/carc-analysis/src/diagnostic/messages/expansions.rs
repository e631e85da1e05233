//! The messages of the sets in play: a tile, figure or colour of a set that is off; the
//! special figures (Inns & Cathedrals, The Abbot).

use carc_rules::{Color, Figure, RecallError, TileType};

use crate::explain::set_name;

// ---- expansion-off ----------------------------------------------------------------------------

/// Why a tile of a set that is off is refused: ``"`ic.K` (Cathedral) is a tile of Inns &
/// Cathedrals; add `rules inns-cathedrals` to use it"``.
pub fn expansion_off_tile(tile: TileType) -> String {
    let set = tile.set();
    format!(
        "`{tile}` ({}) is a tile of {}; add `rules {}` to use it (it still goes on the board)",
        tile.name(),
        set_name(set),
        set.as_str()
    )
}

/// A colour of a set that is off (`pink` without `rules inns-cathedrals`), on its first word:
/// ``"`pink` is the sixth colour of Inns & Cathedrals; add `rules inns-cathedrals` to use it
/// (its turns still count)"``.
pub fn expansion_off_colour(colour: Color) -> String {
    let set = colour.set();
    format!(
        "`{colour}` is the sixth colour of {}; add `rules {}` to use it (its turns still count)",
        set_name(set),
        set.as_str()
    )
}

/// The abbot without `rules abbot`.
pub const EXPANSION_OFF_ABBOT: &str =
    "the abbot is a figure of The Abbot; add `rules abbot` to use it (it is not deployed)";

/// The large meeple without `rules inns-cathedrals`.
pub const EXPANSION_OFF_LARGE: &str = "the large meeple is a figure of Inns & Cathedrals; add `rules inns-cathedrals` to use it (it is not deployed)";

/// `goods` or `expect goods` without `rules traders-builders`.
pub const EXPANSION_OFF_GOODS: &str = "goods are tokens of Traders & Builders; add `rules traders-builders` to use them (this line is ignored)";

/// `recall` without `rules abbot`.
pub const EXPANSION_OFF_RECALL: &str =
    "`recall` takes back the abbot of The Abbot; add `rules abbot` to use it";

/// `bonus` without `rules traders-builders`.
pub const EXPANSION_OFF_BONUS: &str = "`bonus` is the builder's bonus tile of Traders & Builders; add `rules traders-builders` to use it (the line is ignored)";

// ---- figure-supply ----------------------------------------------------------------------------

/// A special figure deployed while it stands on the board.
pub fn figure_supply(figure: Figure) -> String {
    format!("each player has one {figure}, and this player's already stands on the board")
}

// ---- bad-recall -------------------------------------------------------------------------------

/// Why `colour`'s abbot cannot be recalled.
pub fn bad_recall(error: RecallError, colour: Color) -> String {
    match error {
        RecallError::NoAbbot => {
            format!("{} has no abbot on the board to recall", colour.as_str())
        }
        RecallError::Completed => "this turn's tile completes the abbot's monastery or garden: it is not recalled and scores 9 in the scoring step".to_owned(),
    }
}
