//! The setup: `tile` lines with their meeples, `supply`, and the checks of the whole setup
//! once it stands (connectivity, completed features holding meeples, supplies).

use carc_notation::{Amount, LineKind, MeepleSpec, Span, Spanned, StatementKind, TileStmt};
use carc_rules::{Color, FeatureKind, Figure, Pos};

use super::expect::first_mentions;
use super::{Fact, MeepleValue, Replayer, MEEPLES_PER_PLAYER};
use crate::diagnostic::{messages, Code, Related};
use crate::vocab;

impl Replayer<'_> {
    pub(super) fn setup_tile(&mut self, line: usize, stmt: &TileStmt) {
        let Some(tile) = self.take_tile(&stmt.tile, Some(vocab::pos(&stmt.at))) else {
            return;
        };
        let rotation = vocab::rotation(stmt.rotation.as_ref().map(|r| r.value));
        let fault = stmt.rotation.as_ref().map_or(stmt.at.span, |r| r.span);
        let Some(pos) = self.put_tile(line, tile, &stmt.at, (rotation, fault), None) else {
            return;
        };
        if self.first_tile.is_none() {
            self.first_tile = Some(pos);
        }
        for (index, (colour, meeple)) in stmt.meeples.iter().enumerate() {
            if index > 0 {
                self.report(
                    Code::TileMeeples,
                    meeple_span(colour, meeple),
                    messages::TILE_MEEPLES,
                );
                continue;
            }
            let Some(c) = self.known_colour(colour) else {
                continue;
            };
            let Some(figure) = self.figure_of(meeple) else {
                continue;
            };
            let count = self.setup_meeples.entry(c).or_insert(0);
            *count += i32::from(figure == Figure::Meeple);
            if figure == Figure::Meeple && *count > MEEPLES_PER_PLAYER {
                let n = *count;
                let message = messages::meeple_supply_setup(c, n, MEEPLES_PER_PLAYER);
                self.report(Code::MeepleSupply, meeple_span(colour, meeple), message);
                continue;
            }
            let role = vocab::role(meeple.role.value);
            let place = meeple.place.as_ref().map(|p| vocab::place(p.value));
            match self.replay.game.setup_figure(c, figure, pos, role, place) {
                Ok(id) => {
                    let span = meeple_span(colour, meeple);
                    self.replay.meeple_spans.insert(id, (line, span));
                    self.pending_setup_meeples.push((line, span, id));
                    if figure == Figure::Pig {
                        let place = meeple.place.as_ref().map_or(meeple.span, |p| p.span);
                        self.setup_pigs.push((id, place));
                    }
                }
                Err(error) => self.deploy_error(error, (c, pos), tile, rotation, role, meeple),
            }
        }
    }

    pub(super) fn setup_supply(&mut self, list: &[Amount]) {
        for amount in first_mentions(list) {
            if let Some(c) = self.known_colour(&amount.colour) {
                self.explicit_supply
                    .push((c, amount.value.value, amount.span));
            }
        }
    }

    /// Ends the setup: connectivity (only under `rules whole-board`: an excerpt's tiles may be
    /// joined by tiles outside it), completed features holding meeples, supplies.
    pub(super) fn finish_setup(&mut self) {
        if crate::reach::whole_board(self.parse) {
            self.report_disconnected_setup();
        }
        self.report_completed_occupied();
        self.report_setup_builders();
        self.report_setup_pigs();
        for (line, span, id) in std::mem::take(&mut self.pending_setup_meeples) {
            if let Some(summary) = self.meeple_summary(id) {
                let value = MeepleValue::OnBoard(summary);
                self.replay.facts.push(Fact::Meeple {
                    line,
                    span,
                    id,
                    value,
                });
            }
        }
        for (c, n, span) in std::mem::take(&mut self.explicit_supply) {
            // the special figures (large meeple, abbot, pig) are not among the 7 meeples
            let on_board = self
                .replay
                .game
                .meeples()
                .filter(|m| m.colour == c && m.figure == Figure::Meeple)
                .count() as i64;
            if n + on_board > i64::from(MEEPLES_PER_PLAYER) {
                let message =
                    messages::meeple_supply_listed(c, on_board, n, i64::from(MEEPLES_PER_PLAYER));
                self.report(Code::MeepleSupply, span, message);
            }
            self.replay
                .game
                .set_supply(c, n.clamp(0, i64::from(i32::MAX)) as i32);
        }
    }

    /// `not-adjacent` for setup tiles outside the first tile's edge-connected group.
    pub(super) fn report_disconnected_setup(&mut self) {
        let Some(first) = self.first_tile else {
            return;
        };
        let mut reached = std::collections::HashSet::from([first]);
        let mut stack = vec![first];
        while let Some(p) = stack.pop() {
            for side in carc_rules::Side::ALL {
                let Some(n) = p.neighbour(side) else {
                    continue;
                };
                if self.replay.game.tile_at(n).is_some() && reached.insert(n) {
                    stack.push(n);
                }
            }
        }
        let mut lonely: Vec<(usize, Pos)> = self
            .replay
            .tile_lines
            .iter()
            .filter(|(p, _)| !reached.contains(p))
            .map(|(p, l)| (*l, *p))
            .collect();
        lonely.sort();
        for (line, pos) in lonely {
            let Some(LineKind::Statement(s)) = self.parse.lines.get(line).map(|l| &l.kind) else {
                continue;
            };
            let StatementKind::Tile(t) = &s.kind else {
                continue;
            };
            let first_span = self.tile_line_span(first);
            let message = messages::not_adjacent_setup(pos, first);
            let d = self.report(Code::NotAdjacent, t.at.span, message);
            if let Some(span) = first_span {
                d.related.push(Related {
                    span,
                    message: messages::NOT_ADJACENT_FIRST_TILE.to_owned(),
                });
            }
        }
    }

    /// `completed-occupied` at each setup meeple on a completed road, city or monastery.
    pub(super) fn report_completed_occupied(&mut self) {
        let mut found = Vec::new();
        for meeple in self.replay.game.meeples() {
            let Some(feature) = self.replay.game.meeple_feature(meeple.id) else {
                continue;
            };
            let Some(summary) = self.replay.game.feature(feature) else {
                continue;
            };
            if summary.complete && summary.kind != FeatureKind::Field {
                if let Some((_, span)) = self.replay.meeple_spans.get(&meeple.id) {
                    let message =
                        messages::completed_occupied(summary.kind, summary.garden, meeple.figure);
                    found.push((*span, message, meeple.id));
                }
            }
        }
        found.sort_by_key(|(s, _, _)| s.start);
        for (span, message, id) in found {
            // Reported and not placed, like any illegal meeple: back to its supply.
            self.replay.game.remove_meeple(id);
            self.report(Code::CompletedOccupied, span, message);
        }
    }
}

/// The span of a setup meeple: from its colour to the end of its role/place.
fn meeple_span(colour: &Spanned<Color>, meeple: &MeepleSpec) -> Span {
    Span {
        start: colour.span.start,
        end: meeple.span.end,
    }
}
