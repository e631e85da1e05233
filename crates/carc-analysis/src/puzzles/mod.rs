//! Puzzles and the moves they rank: legal moves (`moves`, `carc moves`), the puzzle check and
//! its note and lens (`puzzle`), `carc solve` (`solve`), `carc puzzle gen` (`generate`), and
//! whether a setup could come from a real game (`reach`).

pub(crate) mod generate;
pub(crate) mod moves;
pub(crate) mod puzzle;
pub(crate) mod reach;
pub(crate) mod solve;
