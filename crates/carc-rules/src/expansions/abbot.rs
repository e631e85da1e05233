//! The Abbot: the abbot (on a monastery or a garden only, as a monk), the garden (a feature of
//! the tile scored like a monastery, `TileInfo::garden`) and the abbot's recall. Its garden
//! tiles are `catalogue/abbot.rs`, legal without the set (the modern base box holds them).

use super::Expansion;
use crate::board::Pos;
use crate::catalogue::TileSet;
use crate::figures::Figure;
use crate::game::Game;
use crate::scoring::{RecallError, ScoredFeature, Scoring};
use crate::tiles::Color;
use crate::turn::PartAction;

/// The set's row of [`super::EXPANSIONS`].
pub const EXPANSION: Expansion = Expansion {
    figures: &[Figure::Abbot],
    tiles_always_allowed: true,
    actions: Some(actions),
    deck: super::Deck::Replaces,
    ..Expansion::new(TileSet::Abbot, "abbot", "The Abbot")
};

/// The abbot on the tile's free monastery or garden, then recalling the abbot when the rules
/// allow it now.
fn actions(game: &Game, colour: Color, pos: Pos, out: &mut Vec<PartAction>) {
    game.push_deployments(colour, Figure::Abbot, pos, out);
    if game.recall_allowed(colour) {
        out.push(PartAction::Recall);
    }
}

impl Game {
    /// Whether [`Game::recall`] would take `colour`'s abbot back now: it is on the board and
    /// its monastery or garden is not complete.
    pub fn recall_allowed(&self, colour: Color) -> bool {
        self.meeples
            .iter()
            .find(|s| s.meeple.colour == colour && s.meeple.figure == Figure::Abbot)
            .is_some_and(|s| !self.root_complete(self.find_ro(s.node)))
    }

    /// Takes `colour`'s abbot back from its unfinished monastery or garden (The Abbot's
    /// recall): it scores at once 1 + 1 per neighbouring tile, for `colour`. Refused, with
    /// nothing changed, when the colour has no abbot on the board or when its monastery or
    /// garden is complete (the tile just placed completed it: it scores 9 in the scoring step).
    pub fn recall(&mut self, colour: Color) -> Result<Scoring, RecallError> {
        let mut out = Vec::new();
        self.recall_inner(colour, Some(&mut out))?;
        Ok(Scoring {
            features: out,
            ..Scoring::default()
        })
    }

    /// [`Game::recall`], its scored feature described into `out` when given (the simulator
    /// passes none: describing the feature costs more than the recall).
    pub(crate) fn recall_inner(
        &mut self,
        colour: Color,
        out: Option<&mut Vec<ScoredFeature>>,
    ) -> Result<(), RecallError> {
        let slot = self
            .meeples
            .iter()
            .find(|s| s.meeple.colour == colour && s.meeple.figure == Figure::Abbot)
            .ok_or(RecallError::NoAbbot)?;
        let root = self.find_ro(slot.node);
        if self.root_complete(root) {
            return Err(RecallError::Completed);
        }
        let points = self.root_value(root);
        self.award(root, points, out);
        Ok(())
    }
}
