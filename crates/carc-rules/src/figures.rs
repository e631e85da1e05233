//! Figures: what a player stands on the board. Each kind has a strength in majorities and a
//! number each player owns, and whether it occupies its feature. Besides the meeple of the base
//! game the kinds are the expansions' (large meeple: Inns & Cathedrals; abbot: The Abbot;
//! builder and pig: Traders & Builders; the builder's rules are in `builder`).

use std::fmt;

use crate::catalogue::TileSet;
use crate::expansions::EXPANSIONS;

/// A kind of figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Figure {
    /// The ordinary meeple (knight, traveller, monk or farmer by where it stands).
    Meeple,
    /// The large meeple: counts as two in every majority (roads, cities, fields).
    LargeMeeple,
    /// The abbot: on a monastery or garden only.
    Abbot,
    /// The builder: never wins a majority, never scores.
    Builder,
    /// The pig: never decides a field's majority.
    Pig,
}

impl Figure {
    /// Every kind of figure.
    pub const ALL: [Figure; 5] = [
        Figure::Meeple,
        Figure::LargeMeeple,
        Figure::Abbot,
        Figure::Builder,
        Figure::Pig,
    ];

    /// How much it weighs when a feature's majority is decided: the colours with the greatest
    /// total strength on a feature score it (nobody when that total is 0).
    pub const fn strength(self) -> u32 {
        match self {
            Figure::Meeple | Figure::Abbot => 1,
            Figure::LargeMeeple => 2,
            Figure::Builder | Figure::Pig => 0,
        }
    }

    /// Whether it occupies its feature: a feature holding such a figure takes no further
    /// deployment. The builder and the pig (Traders & Builders) never occupy: they never block
    /// another player's figure.
    pub const fn occupies(self) -> bool {
        !matches!(self, Figure::Builder | Figure::Pig)
    }

    /// How many each player owns. The supply of a game ([`crate::Game::supply`]) counts
    /// meeples only.
    pub const fn per_player(self) -> u8 {
        match self {
            Figure::Meeple => 7,
            _ => 1,
        }
    }

    /// The set that brings it (its row of [`crate::expansions::EXPANSIONS`] lists it; the
    /// base game the meeple).
    pub const fn set(self) -> TileSet {
        FIGURE_SETS[self as usize]
    }

    /// Lower-case words: `meeple`, `large meeple`, `abbot`, `builder`, `pig`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Figure::Meeple => "meeple",
            Figure::LargeMeeple => "large meeple",
            Figure::Abbot => "abbot",
            Figure::Builder => "builder",
            Figure::Pig => "pig",
        }
    }
}

/// [`Figure::set`] of each figure, by `Figure as usize`, read off the expansions' table.
const FIGURE_SETS: [TileSet; Figure::ALL.len()] = {
    let mut out = [TileSet::Base; Figure::ALL.len()];
    let mut i = 0;
    while i < EXPANSIONS.len() {
        let figures = EXPANSIONS[i].figures;
        let mut k = 0;
        while k < figures.len() {
            out[figures[k] as usize] = EXPANSIONS[i].set;
            k += 1;
        }
        i += 1;
    }
    out
};

impl fmt::Display for Figure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::Figure;
    use crate::{Color, Config, Game, Place, Pos, Role, Rotation, Side, TileType};

    /// A road of three straight tiles U at `0,0`, `0,1`, `0,2` (open at both ends: worth 3 at
    /// final scoring), with the figures given standing on it, one per tile from the south.
    fn road_with(figures: &[(Color, Figure)]) -> Game {
        let mut g = Game::new(Config::default());
        for (i, &(colour, figure)) in figures.iter().enumerate() {
            let pos = Pos::new(0, i as i32);
            g.place_tile_unchecked(TileType::U, pos, Rotation::R0)
                .unwrap();
            let (idx, seg, place) = g
                .resolve(pos, Role::Traveller, Some(Place::Side(Side::N)))
                .unwrap();
            let node = g.tile_base[idx] + u32::from(seg.index);
            g.add_figure(colour, figure, Role::Traveller, pos, place, node);
        }
        for y in figures.len()..3 {
            g.place_tile_unchecked(TileType::U, Pos::new(0, y as i32), Rotation::R0)
                .unwrap();
        }
        g
    }

    fn final_gains(figures: &[(Color, Figure)]) -> [u32; Color::COUNT] {
        road_with(figures).final_scoring().gains()
    }

    #[test]
    fn strengths() {
        assert_eq!(
            Figure::ALL.map(Figure::strength),
            [1, 2, 1, 0, 0],
            "meeple 1, large 2, abbot 1, builder 0, pig 0"
        );
        assert_eq!(Figure::ALL.map(Figure::per_player), [7, 1, 1, 1, 1]);
    }

    #[test]
    fn a_large_meeple_outweighs_one_meeple() {
        // blue's large meeple (2) against red's meeple (1): blue alone scores the 3-tile road
        let g = final_gains(&[
            (Color::Red, Figure::Meeple),
            (Color::Blue, Figure::LargeMeeple),
        ]);
        assert_eq!((g[0], g[1]), (0, 3));
    }

    #[test]
    fn the_feature_summary_weighs_figures_too() {
        // the summary's winners follow the same strengths as scoring
        let g = road_with(&[
            (Color::Red, Figure::Meeple),
            (Color::Blue, Figure::LargeMeeple),
        ]);
        let id = g.feature_at(Pos::new(0, 0), Place::Side(Side::N)).unwrap();
        let summary = g.feature(id).unwrap();
        assert_eq!(summary.meeples.len(), 2);
        assert_eq!(summary.winners, [Color::Blue]);
    }

    #[test]
    fn a_large_meeple_ties_two_meeples() {
        // 2 against 1 + 1: both score the 3 points
        let g = final_gains(&[
            (Color::Red, Figure::Meeple),
            (Color::Blue, Figure::LargeMeeple),
            (Color::Red, Figure::Meeple),
        ]);
        assert_eq!((g[0], g[1]), (3, 3));
    }

    #[test]
    fn figures_of_strength_zero_win_nothing() {
        // a builder and a pig weigh 0: nobody has a majority, nobody scores
        let g = final_gains(&[(Color::Red, Figure::Builder), (Color::Blue, Figure::Pig)]);
        assert_eq!(g, [0; Color::COUNT]);
        // and beside a meeple they add nothing: red's meeple beats blue's builder
        let g = final_gains(&[(Color::Red, Figure::Meeple), (Color::Blue, Figure::Builder)]);
        assert_eq!((g[0], g[1]), (3, 0));
    }

    #[test]
    fn supply_counts_meeples_only() {
        let g = road_with(&[
            (Color::Red, Figure::Meeple),
            (Color::Red, Figure::LargeMeeple),
        ]);
        assert_eq!(g.supply(Color::Red), 6, "7 meeples, one on the board");
        let mut g = g;
        g.final_scoring();
        assert_eq!(
            g.supply(Color::Red),
            7,
            "the meeple came back; the large one is not counted"
        );
    }
}
