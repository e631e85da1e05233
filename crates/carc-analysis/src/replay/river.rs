//! The River (`rules river`): what a turn's tile breaks of the river's rules.

use carc_notation::Span;
use carc_rules::{river, Pos, TileType};

use super::Replayer;
use crate::diagnostic::{messages, Code};

impl Replayer<'_> {
    /// `rules river`: reports what a turn's tile breaks of the river rules (before it is
    /// placed): `river-order`, `river-continue`, `river-uturn`. `at` is the cell's span,
    /// `turned` the rotation's (the cell's when none is written).
    pub(super) fn report_river(
        &mut self,
        tile: TileType,
        pos: Pos,
        rotation: carc_rules::Rotation,
        at: Span,
        turned: Span,
    ) {
        let ends = river::open_ends(&self.replay.game);
        for fault in river::river_faults(&self.replay.game, tile, pos, rotation) {
            match fault {
                river::RiverFault::AfterLake => {
                    self.report(Code::RiverOrder, at, messages::RIVER_ORDER_AFTER_LAKE);
                }
                river::RiverFault::SpringInTurn => {
                    self.report(Code::RiverOrder, at, messages::RIVER_ORDER_SPRING_IN_TURN);
                }
                river::RiverFault::LandWhileOpen(end) => {
                    let message = messages::river_order_land_while_open(end);
                    self.report(Code::RiverOrder, at, message).severity =
                        crate::diagnostic::Severity::Warning;
                }
                river::RiverFault::NotContinuing => {
                    let message = messages::river_continue(&ends);
                    self.report(Code::RiverContinue, at, message);
                }
                river::RiverFault::UTurn { turn, end } => {
                    let message = messages::river_uturn(turn, end);
                    self.report(Code::RiverUturn, turned, message);
                }
            }
        }
    }
}
