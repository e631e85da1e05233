//! Traders & Builders (`rules traders-builders`): `goods` and `expect goods`, the goods a part
//! takes, `bonus` lines and the bonus a part earns, and the setup's builders and pigs.

use carc_notation::{GoodsStmt, Span, TurnStmt};
use carc_rules::{Color, Figure, Game, Good, Goods, Role, TileSet};

use super::turn::LastPart;
use super::{Fact, Replayer};
use crate::diagnostic::{messages, Code};

impl Replayer<'_> {
    /// After a part of `c` (`line`): a [`Fact::BonusEarned`] when its tile extended the
    /// road or city of the player's builder, a [`Fact::BonusChained`] when a bonus part did
    /// it again (a bonus tile never earns another).
    pub(super) fn bonus_earned(&mut self, line: usize, c: Color) {
        let game = &self.replay.game;
        let (builder, earned) = match game.bonus_check(c) {
            Ok(builder) => (builder, true),
            Err(carc_rules::BonusError::Chained) => match game.builder_extended(c) {
                Some(builder) => (builder, false),
                None => return,
            },
            Err(_) => return,
        };
        let (colour, kind) = (c, builder.role.kind());
        self.replay.facts.push(if earned {
            Fact::BonusEarned {
                line,
                colour,
                builder,
                kind,
            }
        } else {
            Fact::BonusChained {
                line,
                colour,
                builder,
                kind,
            }
        });
    }

    /// Setup `goods C [wine n] [grain n] [cloth n]` (Traders & Builders): the colour holds
    /// these tokens, an unlisted good 0. `expansion-off` (and ignored) without the set.
    pub(super) fn setup_goods(&mut self, keyword: Span, goods: &GoodsStmt) {
        if !self.goods_on(keyword) {
            return;
        }
        let Some(c) = self.known_colour(&goods.colour) else {
            return;
        };
        let held = Good::ALL.into_iter().fold(Goods::NONE, |held, good| {
            let n = goods.get(good).map_or(0, |v| v.value);
            held.with(good, u32::try_from(n).unwrap_or(u32::MAX))
        });
        self.replay.game.set_goods(c, held);
    }

    /// `expect goods C [wine n] [grain n] [cloth n]`: each listed good's count, as
    /// `score-mismatch` on its number when it differs; `expansion-off` without the set.
    pub(super) fn expect_goods(&mut self, keyword: Span, goods: &GoodsStmt) {
        if !self.goods_on(keyword) {
            return;
        }
        let Some(c) = self.known_colour(&goods.colour) else {
            return;
        };
        let held = self.replay.game.goods(c);
        for amount in &goods.goods {
            let good = amount.good.value;
            let is = i64::from(held.get(good));
            if is != amount.value.value {
                let message =
                    messages::score_mismatch_total(c, good.as_str(), amount.value.value, is);
                self.report(Code::ScoreMismatch, amount.span, message);
            }
        }
    }

    /// Whether Traders & Builders is on for a `goods` or `expect goods` line; `expansion-off`
    /// on its keyword when not.
    pub(super) fn goods_on(&mut self, keyword: Span) -> bool {
        let on = self.set_on(TileSet::TradersBuilders);
        if !on {
            self.report(Code::ExpansionOff, keyword, messages::EXPANSION_OFF_GOODS);
        }
        on
    }

    /// The goods tokens each player holds, in turn order (Traders & Builders).
    pub(super) fn goods_held(&self) -> Vec<(Color, Goods)> {
        goods_held(&self.replay.game, &self.replay.players)
    }

    /// What the part's goods step gave `colour` (Traders & Builders: the engine's
    /// [`Game::finish_part`]), recorded as a [`Fact::Goods`].
    pub(super) fn goods_taken(&mut self, line: usize, colour: Color, taken: Goods) {
        if !taken.is_empty() {
            self.replay.facts.push(Fact::Goods {
                line,
                colour,
                taken,
                held: self.replay.game.goods(colour),
            });
        }
    }

    /// A `bonus` line (Traders & Builders): the second part of the turn before, by the same
    /// player, when that part's tile extended the road or city of the player's builder. It
    /// does not count for turn order. Not earned: `bonus-not-earned` with the reason, and the
    /// part is still played (its tile goes on the board and scores) with its expectation
    /// unchecked, like an illegal turn. Without `rules traders-builders` the line is
    /// `expansion-off` and ignored.
    pub(super) fn bonus(&mut self, line: usize, keyword: Span, turn: &TurnStmt) {
        let previous = self.last_part.take();
        if !self.set_on(TileSet::TradersBuilders) {
            self.report(Code::ExpansionOff, keyword, messages::EXPANSION_OFF_BONUS);
            return;
        }
        let Some(c) = self.known_colour(&turn.colour) else {
            return;
        };
        let before = self.replay.diagnostics.len();
        if let Some(message) = self.bonus_fault(previous, c) {
            self.report(Code::BonusNotEarned, keyword, message);
        }
        let pos = self.play_part(line, turn, c, true, before);
        self.last_part = Some(LastPart {
            colour: c,
            bonus: true,
            pos,
        });
    }

    /// Why `colour` may not play a bonus part after `previous` (the part just played); `None`
    /// when that part earned it.
    pub(super) fn bonus_fault(&self, previous: Option<LastPart>, colour: Color) -> Option<String> {
        let Some(previous) = previous else {
            return Some(messages::BONUS_NOT_EARNED_NO_TURN.to_owned());
        };
        let Some(pos) = previous.pos else {
            return Some(messages::BONUS_NOT_EARNED_VOID.to_owned());
        };
        if previous.colour != colour {
            return Some(messages::bonus_not_earned_colour(previous.colour, colour));
        }
        let game = &self.replay.game;
        let error = if previous.bonus {
            carc_rules::BonusError::Chained
        } else {
            game.bonus_check(colour).err()?
        };
        let builder = game
            .meeples()
            .find(|m| m.colour == colour && m.figure == Figure::Builder)
            .and_then(|m| Some((game.feature(game.meeple_feature(m.id)?)?.kind, m.pos)));
        Some(messages::bonus_not_earned(error, colour, pos, builder))
    }

    /// `pig-place` at each setup pig whose owner has no farmer in its field, the whole setup
    /// standing (the farmer may be written after the pig); such a pig is not placed.
    pub(super) fn report_setup_pigs(&mut self) {
        let stray = self.replay.game.pigs_without_farmer();
        for (id, span) in std::mem::take(&mut self.setup_pigs) {
            if !stray.contains(&id) {
                continue;
            }
            let farmers = self
                .replay
                .game
                .meeple_feature(id)
                .map(|f| self.farmers_in(f))
                .unwrap_or_default();
            if let Some(pig) = self.replay.game.remove_meeple(id) {
                let message = messages::pig_place(pig.colour, &farmers);
                self.report(Code::PigPlace, span, message);
            }
        }
    }

    /// The colours with a farmer (a meeple or large meeple) in field `field`, in
    /// [`Color::ALL`] order.
    pub(super) fn farmers_in(&self, field: carc_rules::FeatureId) -> Vec<Color> {
        let Some(summary) = self.replay.game.feature(field) else {
            return Vec::new();
        };
        Color::ALL
            .into_iter()
            .filter(|c| {
                summary
                    .meeples
                    .iter()
                    .any(|m| m.colour == *c && m.role == Role::Farmer && m.figure.occupies())
            })
            .collect()
    }

    /// `builder-place` at each setup builder whose owner has no follower on its road or city
    /// in the whole setup (Traders & Builders); it is not placed.
    pub(super) fn report_setup_builders(&mut self) {
        let mut found = Vec::new();
        for meeple in self.replay.game.meeples() {
            if let Some(carc_rules::BuilderFault::NoFollower(kind)) =
                self.replay.game.builder_fault(meeple.id)
            {
                if let Some((_, span)) = self.replay.meeple_spans.get(&meeple.id) {
                    found.push((*span, kind, meeple.colour, meeple.id));
                }
            }
        }
        found.sort_by_key(|(s, ..)| s.start);
        for (span, kind, colour, id) in found {
            self.replay.game.remove_meeple(id);
            let message = messages::builder_place_setup(kind, colour);
            self.report(Code::BuilderPlace, span, message);
        }
    }
}

/// The goods tokens each of `players` holds, in that order (Traders & Builders).
pub(crate) fn goods_held(game: &Game, players: &[Color]) -> Vec<(Color, Goods)> {
    players.iter().map(|&c| (c, game.goods(c))).collect()
}
