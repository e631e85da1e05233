//! The Abbot (`rules abbot`): `recall`, the abbot's return.

use carc_notation::Span;
use carc_rules::{Color, Figure, TurnScore};

use super::Replayer;
use crate::diagnostic::{messages, Code};

impl Replayer<'_> {
    /// `recall` (The Abbot): the colour's abbot comes back and scores at once. `bad-recall`
    /// without an abbot on the board, or when this turn's tile completes its monastery or
    /// garden; `expansion-off` without `rules abbot`.
    pub(super) fn recall(&mut self, colour: Color, span: Span) -> Option<TurnScore> {
        if !self.rules.allows_figure(Figure::Abbot) {
            self.report(Code::ExpansionOff, span, messages::EXPANSION_OFF_RECALL);
            return None;
        }
        match self.replay.game.recall(colour) {
            Ok(score) => Some(score),
            Err(error) => {
                self.report(Code::BadRecall, span, messages::bad_recall(error, colour));
                None
            }
        }
    }
}
