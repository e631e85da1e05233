//! A `turn` line and its parts: the tile, the figure (deployment or recall), the scoring,
//! the expectation and the facts; turn order and `discard`.

use carc_notation::{FigureWord, MeepleSpec, Span, Spanned, TurnStmt};
use carc_rules::{Color, Figure, Pos, TileSet};

use super::{Fact, MeepleValue, Replayer};
use crate::diagnostic::{messages, Code};
use crate::explain;
use crate::vocab;

/// The turn part a `bonus` line may follow.
#[derive(Debug, Clone, Copy)]
pub(super) struct LastPart {
    /// Its player.
    pub(super) colour: Color,
    /// It was itself a bonus part.
    pub(super) bonus: bool,
    /// Where its tile went (`None`: the tile was not placed).
    pub(super) pos: Option<Pos>,
}

impl Replayer<'_> {
    pub(super) fn turn(&mut self, line: usize, turn: &TurnStmt) {
        let colour = self.known_colour(&turn.colour);
        let c = colour.unwrap_or(turn.colour.value);
        if colour.is_some() {
            self.check_turn_order(c, turn.colour.span);
        }
        self.previous_turn = Some(c);
        // A colour that is not a player plays nothing: the turn is void.
        let Some(c) = colour else {
            self.last_part = None;
            return;
        };
        let pos = self.play_part(line, turn, c, false, self.replay.diagnostics.len());
        self.last_part = Some(LastPart {
            colour: c,
            bonus: false,
            pos,
        });
    }

    /// Plays one turn part of `c` (a `turn` line, or a `bonus` line when `bonus`): the tile,
    /// the recall or deployment, the scoring, the expectation, the facts. The diagnostics
    /// from index `before` on decide whether the part is illegal. Returns where the tile went
    /// (`None`: the part is void).
    pub(super) fn play_part(
        &mut self,
        line: usize,
        turn: &TurnStmt,
        c: Color,
        bonus: bool,
        before: usize,
    ) -> Option<Pos> {
        let tile = self.take_drawn(&turn.tile, Some(vocab::pos(&turn.at)))?;
        let rotation = vocab::rotation(turn.rotation.as_ref().map(|r| r.value));
        let pos = vocab::pos(&turn.at);
        // asked once: `put_tile` reports the same verdict's edge mismatches
        let free = self.replay.game.tile_at(pos).is_none();
        let checked = free.then(|| self.replay.game.check_placement(tile, pos, rotation));
        if let Some(Err(error)) = &checked {
            if error.not_adjacent {
                self.report(Code::NotAdjacent, turn.at.span, messages::not_adjacent(pos));
            }
        }
        let fault_span = turn.rotation.as_ref().map_or(turn.at.span, |r| r.span);
        if self.replay.game.config().rules.river() && free {
            self.report_river(tile, pos, rotation, turn.at.span, fault_span);
        }
        let pos = self.put_tile(line, tile, &turn.at, (rotation, fault_span), checked)?;
        if bonus {
            self.replay.game.mark_bonus_part();
        }
        let recalled = turn.recall.and_then(|span| self.recall(c, span));
        let mut deployed = None;
        let figure = turn.meeple.as_ref().and_then(|m| self.figure_of(m));
        if let (Some(meeple), Some(figure)) = (&turn.meeple, figure) {
            let role = vocab::role(meeple.role.value);
            let place = meeple.place.as_ref().map(|p| vocab::place(p.value));
            match self.replay.game.deploy_figure(c, figure, pos, role, place) {
                Ok(id) => {
                    self.replay.meeple_spans.insert(id, (line, meeple.span));
                    deployed = Some((id, meeple.span));
                }
                Err(error) => {
                    let mut faults = self
                        .replay
                        .game
                        .figure_deploy_faults(c, figure, pos, role, place);
                    if faults.is_empty() {
                        faults.push(error);
                    }
                    for fault in faults {
                        self.deploy_error(fault, (c, pos), tile, rotation, role, meeple);
                    }
                }
            }
        }
        let faults = self.turn_faults(before);
        let end = self.replay.game.finish_part(c, pos);
        let mut score = end.score;
        if let Some(recalled) = recalled {
            // the recall scored first, at once; it is part of this turn's points
            score.features.splice(0..0, recalled.features);
        }
        if let Some((id, span)) = deployed {
            let scored = score.features.iter().find_map(|f| {
                let m = f.returned.iter().find(|m| m.id == id)?;
                Some((f, m.figure))
            });
            let value = match scored {
                Some((f, figure)) => Some(MeepleValue::Scored {
                    feature: f.feature.clone(),
                    points: f.points,
                    won: f.winners.contains(&c),
                    figure,
                }),
                None => self.meeple_summary(id).map(MeepleValue::OnBoard),
            };
            if let Some(value) = value {
                self.replay.facts.push(Fact::Meeple {
                    line,
                    span,
                    id,
                    value,
                });
            }
        }
        if let Some(expect) = turn.expect.as_ref().filter(|_| faults.is_empty()) {
            let gains = explain::gains(&score.features);
            self.check_expectation(expect, &gains, || explain::turn_breakdown(&score));
        }
        self.replay.facts.push(Fact::Turn {
            line,
            colour: c,
            score,
            faults,
        });
        self.goods_taken(line, c, end.goods);
        self.bonus_earned(line, c);
        Some(pos)
    }

    pub(super) fn check_turn_order(&mut self, colour: Color, span: Span) {
        let Some(previous) = self.previous_turn else {
            return;
        };
        let players = &self.replay.players;
        let Some(index) = players.iter().position(|p| *p == previous) else {
            return;
        };
        let expected = players[(index + 1) % players.len()];
        if expected != colour {
            let message = messages::turn_order(expected, previous, colour);
            self.report(Code::TurnOrder, span, message);
        }
    }

    /// The figure a deployment names: the meeple, the large meeple (`large`, Inns &
    /// Cathedrals), the abbot (The Abbot) or the pig (Traders & Builders). `None` (and
    /// `expansion-off`) for a figure of a set that is off: it is not deployed.
    pub(super) fn figure_of(&mut self, meeple: &MeepleSpec) -> Option<Figure> {
        if let figure @ (FigureWord::Builder | FigureWord::Pig) = meeple.figure.value {
            if !self.set_on(TileSet::TradersBuilders) {
                self.report(
                    Code::ExpansionOff,
                    meeple.figure.span,
                    format!(
                        "the {} is a figure of Traders & Builders; add `rules traders-builders` to use it (it is not deployed)",
                        figure.as_str()
                    ),
                );
                return None;
            }
            return Some(if figure == FigureWord::Builder {
                Figure::Builder
            } else {
                Figure::Pig
            });
        }
        if let Some(abbot) = meeple.abbot {
            if self.rules.allows_figure(Figure::Abbot) {
                return Some(Figure::Abbot);
            }
            self.report(Code::ExpansionOff, abbot, messages::EXPANSION_OFF_ABBOT);
            return None;
        }
        let Some(large) = meeple.large else {
            return Some(Figure::Meeple);
        };
        if self.set_on(TileSet::InnsCathedrals) {
            return Some(Figure::LargeMeeple);
        }
        self.report(Code::ExpansionOff, large, messages::EXPANSION_OFF_LARGE);
        None
    }

    pub(super) fn discard(&mut self, letter: &Spanned<String>) {
        let Some(tile) = self.take_drawn(letter, None) else {
            return;
        };
        let legal = self.replay.game.turn_placements(tile);
        if let Some((pos, rotation)) = legal.into_iter().next() {
            let message = messages::illegal_discard(tile, pos, rotation);
            self.report(Code::IllegalDiscard, letter.span, message);
        }
    }

    /// The codes of the placement and deployment faults reported since diagnostic `from`:
    /// they make a turn illegal (its expectation is then not checked). Each code once, in the
    /// order first reported: two mismatched sides are one `edge-mismatch` to the hint and hover.
    pub(super) fn turn_faults(&self, from: usize) -> Vec<Code> {
        let mut codes: Vec<Code> = Vec::new();
        let reported = self.replay.diagnostics[from..]
            .iter()
            .filter(|d| d.severity == crate::diagnostic::Severity::Error)
            .map(|d| d.code)
            .filter(|c| c.turn_fault());
        for code in reported {
            if !codes.contains(&code) {
                codes.push(code);
            }
        }
        codes
    }
}
