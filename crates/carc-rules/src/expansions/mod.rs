//! The expansions, one module each: what a set adds to the base game lives in its module
//! (`expansions/SET.rs`, or a folder for a large set), its tile rows in `catalogue/SET.rs`.
//!
//! The engine reaches a set's state through [`SetStates`] only: one value copied with the game
//! and folded into the search's hash as a whole, so that neither names a set.

pub mod traders_builders;

/// The game state every set keeps beyond the base game's, one field per set that has any.
/// `Copy`: the search copies it with the board; [`SetStates::hash`] folds what tells two
/// positions apart into the search's hash.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SetStates {
    /// Traders & Builders: goods tokens held, the builders' bonus bookkeeping.
    pub traders_builders: traders_builders::State,
}

impl SetStates {
    /// `h` with every set's state that decides the game's further course mixed in by `mix`
    /// (the search's mixing function).
    pub(crate) fn hash(&self, h: u64, mix: fn(u64) -> u64) -> u64 {
        self.traders_builders.hash(h, mix)
    }
}
