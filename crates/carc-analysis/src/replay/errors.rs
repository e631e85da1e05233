//! The engine's refusals as diagnostics: each [`DeployError`] and [`PlacementError`] becomes
//! its code, span and message (the words are `messages`').

use carc_notation::{FigureWord, MeepleSpec, Span};
use carc_rules::{Color, DeployError, PlacementError, Pos, Role, TileType};

use super::Replayer;
use crate::diagnostic::{messages, Code, Related};
use crate::vocab;

impl Replayer<'_> {
    /// Reports `edge-mismatch` for every side of the tile that disagrees with a neighbour.
    pub(super) fn report_mismatches(&mut self, error: PlacementError, span: Span) {
        for mismatch in error.mismatches {
            let related = self.tile_line_span(mismatch.neighbour);
            let d = self.report(Code::EdgeMismatch, span, messages::edge_mismatch(&mismatch));
            if let Some(span) = related {
                d.related.push(Related {
                    span,
                    message: messages::edge_mismatch_related(mismatch.neighbour),
                });
            }
        }
    }

    /// Turns an engine refusal of a figure of `colour` on the tile at `pos` into its
    /// diagnostic.
    pub(super) fn deploy_error(
        &mut self,
        error: DeployError,
        (colour, pos): (Color, Pos),
        tile: TileType,
        rotation: carc_rules::Rotation,
        role: Role,
        meeple: &MeepleSpec,
    ) {
        let span = meeple.span;
        match error {
            DeployError::FarmersOff => {
                self.report(Code::FarmersOff, meeple.role.span, messages::FARMERS_OFF);
            }
            DeployError::EmptySupply => {
                self.report(Code::MeepleSupply, span, messages::MEEPLE_SUPPLY_EMPTY);
            }
            DeployError::Occupied { meeples } => {
                let mut related = Vec::new();
                for id in &meeples {
                    if let Some((_, s)) = self.replay.meeple_spans.get(id) {
                        related.push(Related {
                            span: *s,
                            message: messages::OCCUPIED_FEATURE_RELATED.to_owned(),
                        });
                    }
                }
                let owners: Vec<(Color, Role)> = meeples
                    .iter()
                    .filter_map(|id| self.replay.game.meeples().find(|m| m.id == *id))
                    .map(|m| (m.colour, m.role))
                    .collect();
                let message = messages::occupied_feature(role.kind(), &owners);
                let d = self.report(Code::OccupiedFeature, span, message);
                d.related = related;
            }
            DeployError::FigureInUse(figure) => {
                self.report(
                    Code::FigureSupply,
                    meeple.figure.span,
                    messages::figure_supply(figure),
                );
            }
            DeployError::BuilderPlace(fault) => {
                self.report(
                    Code::BuilderPlace,
                    span,
                    messages::builder_place(fault, colour),
                );
            }
            DeployError::NoSuchPlace | DeployError::AmbiguousPlace
                if meeple.figure.value == FigureWord::Builder =>
            {
                let place = meeple.place.as_ref().map(|p| vocab::place(p.value));
                self.report(
                    Code::BadPlace,
                    span,
                    messages::bad_place_builder(tile, place),
                );
            }
            DeployError::PigWithoutFarmer => {
                let place = meeple.place.as_ref().map(|p| vocab::place(p.value));
                let farmers = place
                    .and_then(|p| self.replay.game.feature_at(pos, p))
                    .map(|f| self.farmers_in(f))
                    .unwrap_or_default();
                let at = meeple.place.as_ref().map_or(span, |p| p.span);
                self.report(Code::PigPlace, at, messages::pig_place(colour, &farmers));
            }
            DeployError::Refused(refusal) => {
                // the set's own code is the set's to add (a row of the code table)
                self.report(Code::BadPlace, span, messages::set_refused(refusal));
            }
            DeployError::NotLastTile | DeployError::NoTile => {
                self.report(Code::BadPlace, span, messages::BAD_PLACE_NOT_LAST_TILE);
            }
            DeployError::NoSuchPlace if meeple.abbot.is_some() => {
                self.report(Code::BadPlace, span, messages::bad_place_abbot(tile));
            }
            DeployError::NoSuchPlace if role == Role::Monk && tile.has_garden() => {
                let message = messages::bad_place_monk_in_garden(tile);
                self.report(Code::BadPlace, span, message);
            }
            DeployError::NoSuchPlace | DeployError::AmbiguousPlace => {
                let message = messages::bad_place(
                    tile,
                    rotation,
                    role,
                    meeple.place.as_ref().map(|p| vocab::place(p.value)),
                );
                self.report(Code::BadPlace, span, message);
            }
        }
    }
}
