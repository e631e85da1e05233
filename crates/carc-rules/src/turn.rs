//! The turn, once: a [`Move`] is a placement and what the part does after it (a
//! [`PartAction`]); [`Game::legal_moves`] lists them under the game's rules, [`Game::play`]
//! plays one. The pieces are public for callers that report on each step (the replay):
//! [`Game::turn_placements`], [`Game::legal_actions`], [`Game::act`], [`Game::finish_part`].
//! `carc moves`, completion, the search and the replay's discards take their moves from here;
//! the simulator keeps its allocation-free choice (same options, checked by a test).

use crate::board::Pos;
use crate::expansions::traders_builders::goods::Goods;
use crate::figures::Figure;
use crate::game::{Game, PlacementError, TurnError};
use crate::scoring::{Scoring, TurnScore};
use crate::sim::Action;
use crate::tiles::{Color, Place, Role, Rotation, TileType};

/// What a turn part does after placing its tile. New expansions add their actions here (a
/// tower floor with a capture, a fairy move, a dragon's path …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PartAction {
    /// No deployment.
    Nothing,
    /// Deploy a figure as a role at an optional place (see [`Game::deploy_figure`]; a builder
    /// takes its role from its place).
    Deploy(Figure, Role, Option<Place>),
    /// Recall the abbot (The Abbot, [`Game::recall`]).
    Recall,
}

impl PartAction {
    /// The action as a simulator's or search's step records it: the figure's role and place,
    /// and what it does beyond a meeple.
    pub fn step_parts(self) -> (Option<(Role, Place)>, Action) {
        match self {
            PartAction::Nothing => (None, Action::Plain),
            PartAction::Recall => (None, Action::Recall),
            PartAction::Deploy(figure, role, place) => {
                let action = match figure {
                    Figure::Meeple => Action::Plain,
                    other => Action::Figure(other),
                };
                (place.map(|p| (role, p)), action)
            }
        }
    }

    /// The action of a step's figure and [`Action`] ([`PartAction::step_parts`] back).
    pub fn of_step(meeple: Option<(Role, Place)>, action: Action) -> PartAction {
        match (action, meeple) {
            (Action::Recall, _) => PartAction::Recall,
            (Action::Figure(f), Some((role, place))) => PartAction::Deploy(f, role, Some(place)),
            (_, Some((role, place))) => PartAction::Deploy(Figure::Meeple, role, Some(place)),
            (_, None) => PartAction::Nothing,
        }
    }
}

/// One move of a turn part: where the tile goes and what the part does after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The cell.
    pub pos: Pos,
    /// The rotation.
    pub rot: Rotation,
    /// What follows the placement.
    pub action: PartAction,
}

/// What the end of a turn part did ([`Game::finish_part`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PartEnd {
    /// What the tile completed, scored.
    pub score: TurnScore,
    /// The goods the placer took (Traders & Builders; none under other rules).
    pub goods: Goods,
}

/// Whether two rotations of `tile` look the same: same edges, same segments on the same places
/// (a river tile's water counts). A move list gives the first rotation of each look.
pub fn same_look(tile: TileType, a: Rotation, b: Rotation) -> bool {
    if a == b {
        return true;
    }
    if tile.edges(a) != tile.edges(b) {
        return false;
    }
    let look = |r: Rotation| {
        let mut segments: Vec<_> = tile
            .segments(r)
            .map(|s| (s.kind as u8, s.places.to_string()))
            .collect();
        segments.sort();
        segments
    };
    look(a) == look(b)
}

/// The first rotation that looks like `rotation` (the one a move list gives).
pub fn first_look(tile: TileType, rotation: Rotation) -> Rotation {
    Rotation::ALL
        .into_iter()
        .find(|r| same_look(tile, *r, rotation))
        .unwrap_or(rotation)
}

impl Game {
    /// Every action `colour` may take after placing the tile at `pos` (the tile just placed;
    /// otherwise only [`PartAction::Nothing`]) under the game's rules, in this order: nothing,
    /// each meeple ([`Game::legal_deployments`]), the large meeple wherever a meeple may go
    /// (Inns & Cathedrals), the abbot on the tile's free monastery or garden, recalling the
    /// abbot when the rules allow it now (The Abbot), the builder on each road or city where
    /// it may stand, the pig in each field holding `colour`'s farmer (Traders & Builders);
    /// without the deployments a set in play refuses ([`crate::expansions::DeployHook`]).
    pub fn legal_actions(&self, colour: Color, pos: Pos) -> Vec<PartAction> {
        let mut out = vec![PartAction::Nothing];
        self.push_deployments(colour, Figure::Meeple, pos, &mut out);
        crate::expansions::actions(self, colour, pos, &mut out);
        if crate::expansions::DEPLOY.any(self.config.rules) || cfg!(test) {
            // a set refuses deployments whatever the figure's place: asked once per figure
            let mut refused: Option<(Figure, bool)> = None;
            out.retain(|a| match *a {
                PartAction::Deploy(figure, _, _) => {
                    let no = match refused {
                        Some((f, no)) if f == figure => no,
                        _ => crate::expansions::refusal(self, colour, pos, figure).is_some(),
                    };
                    refused = Some((figure, no));
                    !no
                }
                _ => true,
            });
        }
        out
    }

    /// Appends every legal deployment of `colour`'s `figure` on the tile at `pos`
    /// ([`Game::legal_figure_deployments`]) to `out`.
    pub(crate) fn push_deployments(
        &self,
        colour: Color,
        figure: Figure,
        pos: Pos,
        out: &mut Vec<PartAction>,
    ) {
        out.extend(
            self.legal_figure_deployments(colour, figure, pos)
                .into_iter()
                .map(move |(role, place)| PartAction::Deploy(figure, role, Some(place))),
        );
    }

    /// Every legal move of `colour` with `tile` in a turn part under the game's rules: the
    /// placements of [`Game::turn_placements`] (the first rotation of each look), each with
    /// every action of [`Game::legal_actions`], in that order.
    pub fn legal_moves(&self, colour: Color, tile: TileType) -> Vec<Move> {
        let mut out = Vec::new();
        for (pos, rot) in self.turn_placements(tile) {
            if first_look(tile, rot) != rot {
                continue;
            }
            let mut placed = self.clone();
            if placed.place_tile_unchecked(tile, pos, rot).is_err() {
                continue;
            }
            out.extend(
                placed
                    .legal_actions(colour, pos)
                    .into_iter()
                    .map(|action| Move { pos, rot, action }),
            );
        }
        out
    }

    /// Does `action` for `colour` after the tile at `pos` was placed: deploys the figure or
    /// recalls the abbot (whose scoring is returned: it scores at once, before the tile's).
    /// Nothing changes when it is refused.
    pub fn act(
        &mut self,
        colour: Color,
        pos: Pos,
        action: PartAction,
    ) -> Result<Option<Scoring>, TurnError> {
        match action {
            PartAction::Nothing => Ok(None),
            PartAction::Deploy(figure, role, place) => self
                .deploy_figure(colour, figure, pos, role, place)
                .map(|_| None)
                .map_err(TurnError::Deploy),
            PartAction::Recall => self.recall(colour).map(Some).map_err(TurnError::Recall),
        }
    }

    /// The end of a turn part whose tile is at `pos`: score what it completed, then (Traders &
    /// Builders) `colour`, its placer, takes the goods of the cities it completed
    /// ([`Game::take_goods`]).
    pub fn finish_part(&mut self, colour: Color, pos: Pos) -> PartEnd {
        let mut end = PartEnd {
            score: self.score_completed(pos),
            goods: Goods::NONE,
        };
        crate::expansions::part_end(self, colour, pos, Some(&mut end));
        end
    }

    /// [`Game::finish_part`] without recording what scored (the search's and the simulator's).
    pub(crate) fn finish_part_quiet(&mut self, colour: Color, pos: Pos) {
        self.score_completed_inner(pos, None);
        crate::expansions::part_end(self, colour, pos, None);
    }

    /// The strict turn part: the placement must be legal, the action allowed, and for a bonus
    /// part (`bonus`) the part before must have earned `colour` a bonus ([`Game::bonus_check`]);
    /// otherwise nothing changes. Then scores what the tile completed (a recall scores first)
    /// and the goods step ([`Game::finish_part`]). Works on a copy of the game, so it costs a
    /// clone.
    pub fn play(
        &mut self,
        colour: Color,
        tile: TileType,
        mv: Move,
        bonus: bool,
    ) -> Result<TurnScore, TurnError> {
        let Move { pos, rot, action } = mv;
        if bonus {
            self.bonus_check(colour).map_err(TurnError::Bonus)?;
        }
        self.check_placement(tile, pos, rot)
            .map_err(TurnError::Placement)?;
        let mut g = self.clone();
        g.place_tile_unchecked(tile, pos, rot).map_err(|_| {
            TurnError::Placement(PlacementError {
                occupied: true,
                ..PlacementError::default()
            })
        })?;
        if bonus {
            g.mark_bonus_part();
        }
        let recalled = g.act(colour, pos, action)?;
        let mut score = g.finish_part(colour, pos).score;
        if let Some(r) = recalled {
            score.features.splice(0..0, r.features);
        }
        *self = g;
        Ok(score)
    }
}
