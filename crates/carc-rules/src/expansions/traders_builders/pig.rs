//! The pig (Traders & Builders): it goes only into a field where its owner has a farmer, never
//! decides the majority, and gives its owner 4 instead of 3 per city if the owner wins the
//! field (the bonus is paid in `scoring.rs`' award, from each figure's kind).

use crate::board::Pos;
use crate::figures::Figure;
use crate::game::{Game, MeepleId};
use crate::movegen::field_place;
use crate::tiles::{Color, FeatureKind, Place, Role};

impl Game {
    /// Every legal deployment of `colour`'s pig (Traders & Builders) on the tile at `pos`,
    /// which must be the tile just placed (otherwise none): the first place of each field
    /// segment whose connected field holds a farmer of `colour`; none when farmers are off or
    /// the pig is already on the board. Whether the set is in play is the caller's business.
    pub fn legal_pig_deployments(&self, colour: Color, pos: Pos) -> Vec<Place> {
        let Some(t) = self.tile_at(pos) else {
            return Vec::new();
        };
        if self.last != Some(pos)
            || !self.config.farmers
            || self.figure_available(colour, Figure::Pig).is_err()
        {
            return Vec::new();
        }
        self.features_on(pos)
            .into_iter()
            .filter(|(seg, id)| seg.kind == FeatureKind::Field && self.has_farmer(colour, id.0))
            .filter_map(|(seg, _)| field_place(t.tile, t.rot, seg))
            .collect()
    }

    /// The pigs on the board (in deployment order) whose owner has no farmer in their field:
    /// the check of a setup's pigs once the whole setup stands
    /// ([`crate::DeployError::PigWithoutFarmer`]).
    pub fn pigs_without_farmer(&self) -> Vec<MeepleId> {
        self.meeples
            .iter()
            .filter(|s| {
                s.meeple.figure == Figure::Pig
                    && !self.has_farmer(s.meeple.colour, self.find_ro(s.node))
            })
            .map(|s| s.meeple.id)
            .collect()
    }

    /// Whether `colour` has a farmer (a meeple or large meeple on a field) on the feature with
    /// root `root`: what a pig needs in its field.
    pub(crate) fn has_farmer(&self, colour: Color, root: u32) -> bool {
        self.mcount[root as usize] > 0
            && self.meeples.iter().any(|s| {
                s.meeple.colour == colour
                    && s.meeple.role == Role::Farmer
                    && s.meeple.figure.occupies()
                    && self.find_ro(s.node) == root
            })
    }
}
