//! Traders & Builders: goods on cities and their awards (`goods`), the builder and the bonus
//! part it earns (`builder`); its tiles are `catalogue/traders_builders.rs`.

pub mod builder;
pub mod goods;

use crate::tiles::Color;
use builder::BonusState;
use goods::{Good, Goods};

/// The set's game state (one field of [`super::SetStates`]).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct State {
    /// Goods tokens each colour holds, by [`Color::index`].
    pub goods: [Goods; Color::COUNT],
    /// What the last placement did to the builders.
    pub bonus: BonusState,
    /// Final scoring has given the goods awards: a second final scoring gives nothing (its
    /// features are already empty of figures; the awards must not be paid twice either).
    pub goods_awarded: bool,
}

impl State {
    /// `h` with the goods held mixed in: they decide the final awards. (The bonus bookkeeping
    /// is the search's own `part`.)
    pub(crate) fn hash(&self, mut h: u64, mix: fn(u64) -> u64) -> u64 {
        for c in Color::ALL {
            let g = self.goods[c.index()];
            if !g.is_empty() {
                let bits = Good::ALL.iter().fold(c.index() as u64, |b, &k| {
                    b << 16 | u64::from(g.get(k) & 0xFFFF)
                });
                h = mix(h ^ bits ^ 0x9E37_79B9_7F4A_7C15);
            }
        }
        h
    }
}
