//! Traders & Builders goods (seed rules of the expansion; the project's expansions spec): many
//! of the set's cities show a goods symbol (wine, grain or cloth). When a tile completes a city,
//! after the city is scored, the player who placed that tile takes one token per goods symbol
//! in the city, whoever occupies it (or nobody). At final scoring, for each good, the player or
//! players with the most tokens (at least one) score [`GOODS_AWARD`] each.
//!
//! The engine keeps the tokens each colour holds ([`Game::goods`]); taking them is a step of
//! the turn part after scoring ([`Game::take_goods`], done by [`Game::play_turn`],
//! [`Game::play_part`] (a bonus part too) and the simulator), the awards are part of final
//! scoring ([`Game::final_scoring`]).

use std::fmt;

use crate::board::Pos;
use crate::catalogue::Modifiers;
use crate::game::Game;
use crate::tiles::{Color, FeatureKind};

/// Points each leader of a good scores at final scoring.
pub const GOODS_AWARD: u32 = 10;

/// A kind of goods token (Traders & Builders).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Good {
    /// Wine (9 symbols in the set).
    Wine,
    /// Grain (6 symbols).
    Grain,
    /// Cloth (5 symbols).
    Cloth,
}

impl Good {
    /// The three goods, in the order the notation lists them (`wine grain cloth`).
    pub const ALL: [Good; 3] = [Good::Wine, Good::Grain, Good::Cloth];

    /// The words of [`Good::ALL`], in its order.
    pub const WORDS: [&'static str; 3] = [
        Good::ALL[0].as_str(),
        Good::ALL[1].as_str(),
        Good::ALL[2].as_str(),
    ];

    /// Index 0..3 in the order of [`Good::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case word: `wine`, `grain`, `cloth`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Good::Wine => "wine",
            Good::Grain => "grain",
            Good::Cloth => "cloth",
        }
    }

    /// The good of a lower-case word (`"wine"` …).
    pub fn from_word(word: &str) -> Option<Good> {
        Good::ALL.into_iter().find(|g| g.as_str() == word)
    }

    /// The city modifier that is this good's symbol.
    pub const fn modifier(self) -> Modifiers {
        match self {
            Good::Wine => Modifiers::WINE,
            Good::Grain => Modifiers::GRAIN,
            Good::Cloth => Modifiers::CLOTH,
        }
    }
}

impl fmt::Display for Good {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A number of tokens (or symbols) of each good.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Goods([u32; 3]);

impl Goods {
    /// No goods.
    pub const NONE: Goods = Goods([0; 3]);

    /// `wine`, `grain` and `cloth` tokens.
    pub const fn new(wine: u32, grain: u32, cloth: u32) -> Goods {
        Goods([wine, grain, cloth])
    }

    /// The symbols on a segment with `modifiers` (one per goods flag).
    pub const fn of_modifiers(modifiers: Modifiers) -> Goods {
        Goods([
            modifiers.contains(Modifiers::WINE) as u32,
            modifiers.contains(Modifiers::GRAIN) as u32,
            modifiers.contains(Modifiers::CLOTH) as u32,
        ])
    }

    /// Tokens of `good`.
    pub const fn get(self, good: Good) -> u32 {
        self.0[good.index()]
    }

    /// The same with `n` tokens of `good`.
    pub const fn with(self, good: Good, n: u32) -> Goods {
        let mut g = self.0;
        g[good.index()] = n;
        Goods(g)
    }

    /// Whether there are no tokens at all.
    pub const fn is_empty(self) -> bool {
        self.0[0] == 0 && self.0[1] == 0 && self.0[2] == 0
    }

    /// The goods with a nonzero count, with their counts, in [`Good::ALL`] order.
    pub fn nonzero(self) -> impl Iterator<Item = (Good, u32)> {
        Good::ALL
            .into_iter()
            .map(move |g| (g, self.get(g)))
            .filter(|&(_, n)| n > 0)
    }
}

impl std::ops::Add for Goods {
    type Output = Goods;
    fn add(self, other: Goods) -> Goods {
        Goods([
            self.0[0].saturating_add(other.0[0]),
            self.0[1].saturating_add(other.0[1]),
            self.0[2].saturating_add(other.0[2]),
        ])
    }
}

impl std::ops::AddAssign for Goods {
    fn add_assign(&mut self, other: Goods) {
        *self = *self + other;
    }
}

impl fmt::Display for Goods {
    /// `wine 2 grain 1` (the nonzero goods, as the notation writes them), or `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (good, n) in self.nonzero() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{good} {n}")?;
        }
        if first {
            f.write_str("none")?;
        }
        Ok(())
    }
}

/// The award of one good at final scoring.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GoodsAward {
    /// The good.
    pub good: Good,
    /// The most tokens of it any colour holds (at least one).
    pub tokens: u32,
    /// The colours holding that many, in [`Color::ALL`] order: each scores [`GoodsAward::points`].
    pub winners: Vec<Color>,
    /// Points each winner scores ([`GOODS_AWARD`]).
    pub points: u32,
}

impl Game {
    /// The goods tokens `colour` holds.
    pub fn goods(&self, colour: Color) -> Goods {
        self.sets.traders_builders.goods[colour.index()]
    }

    /// Set the goods tokens of `colour` (a setup position).
    pub fn set_goods(&mut self, colour: Color, goods: Goods) {
        self.sets.traders_builders.goods[colour.index()] = goods;
    }

    /// The goods symbols of the cities that the tile at `pos` completed: every complete city
    /// through one of its city segments (a city that holds a segment of the latest tile and
    /// is complete was completed by it), each city once. Nothing changes.
    pub fn completed_goods(&self, pos: Pos) -> Goods {
        let Some(idx) = self.tile_index_at(pos) else {
            return Goods::NONE;
        };
        let (tile, base) = (self.tiles[idx].tile, self.tile_base[idx]);
        let mut seen = [u32::MAX; crate::tiles::MAX_SEGMENTS];
        let mut total = Goods::NONE;
        for (i, seg) in tile.def().segments.iter().enumerate() {
            if seg.kind != FeatureKind::City {
                continue;
            }
            let root = self.find_ro(base + i as u32);
            if self.open[root as usize] != 0 || seen.contains(&root) {
                continue;
            }
            if let Some(slot) = seen.get_mut(i) {
                *slot = root;
            }
            total += self.root_goods(root);
        }
        total
    }

    /// The turn's goods step: `colour`, who placed the tile at `pos`, takes the goods of the
    /// cities it completed ([`Game::completed_goods`]). Returns what was taken. Call it once
    /// per placed tile, after scoring (a second call takes the same goods again).
    pub fn take_goods(&mut self, colour: Color, pos: Pos) -> Goods {
        let taken = self.completed_goods(pos);
        if !taken.is_empty() {
            self.sets.traders_builders.goods[colour.index()] += taken;
        }
        taken
    }

    /// The goods awards at final scoring, without changing anything: for each good that some
    /// colour holds, the colours with the most tokens of it.
    pub fn goods_awards(&self) -> Vec<GoodsAward> {
        let mut out = Vec::new();
        for good in Good::ALL {
            let held = |c: Color| self.sets.traders_builders.goods[c.index()].get(good);
            let tokens = Color::ALL.into_iter().map(held).max().unwrap_or(0);
            if tokens == 0 {
                continue;
            }
            out.push(GoodsAward {
                good,
                tokens,
                winners: Color::ALL
                    .into_iter()
                    .filter(|&c| held(c) == tokens)
                    .collect(),
                points: GOODS_AWARD,
            });
        }
        out
    }

    /// Gives the goods awards' points ([`Game::goods_awards`]) and returns the awards.
    pub(crate) fn award_goods(&mut self) -> Vec<GoodsAward> {
        if std::mem::replace(&mut self.sets.traders_builders.goods_awarded, true) {
            return Vec::new();
        }
        let awards = self.goods_awards();
        for award in &awards {
            for c in &award.winners {
                let s = &mut self.score[c.index()];
                *s = s.saturating_add(i64::from(award.points));
            }
        }
        awards
    }

    /// The goods symbols of the city with root `root` (each segment's symbol once).
    pub(crate) fn root_goods(&self, root: u32) -> Goods {
        self.members(root).fold(Goods::NONE, |total, n| {
            let t = self.tiles[self.node_tile[n as usize] as usize].tile;
            let seg = usize::from(self.node_seg[n as usize]);
            match t.def().segments.get(seg) {
                Some(s) if s.kind == FeatureKind::City => total + Goods::of_modifiers(s.modifiers),
                _ => total,
            }
        })
    }
}
