//! The builder and the builder's bonus tile (Traders & Builders, `docs/notation.md` "The
//! builder and the bonus tile").
//!
//! - The builder is deployed instead of a meeple on a road or city segment of the tile just
//!   placed, only where that road or city is still unfinished after the placement and already
//!   holds a follower (a knight or traveller, meeple or large meeple) of the same player. It
//!   does not occupy ([`Figure::occupies`]): it never blocks anyone's deployment. It weighs
//!   nothing in majorities ([`Figure::strength`]) and so never scores; it goes home with the
//!   followers when its feature is scored (at the latest at final scoring, when every figure
//!   leaves the board).
//! - A turn part earns its player a bonus tile when the part's tile extends a road or city
//!   holding that player's builder from before the part (also when the tile completed it and
//!   the builder went home in that part's scoring). The bonus part is a full turn part of the
//!   same player (placement, deployment or recall, scoring); it never earns another bonus.
//!   Figures that came home in the first part may be deployed in the bonus part.

use std::fmt;

use crate::board::Pos;
use crate::figures::Figure;
use crate::game::{DeployError, Game, Meeple, MeepleId, TurnError};
use crate::scoring::TurnScore;
use crate::tiles::{Color, FeatureKind, Place, Rotation, TileType};
use crate::turn::{Move, PartAction};

/// Why a builder may not stand where it is written (diagnostic code `builder-place`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BuilderFault {
    /// The place holds a field or a monastery: a builder stands on roads and cities only.
    NotRoadOrCity(FeatureKind),
    /// The tile just placed completes this road or city: it scores at once, so no builder may
    /// join it.
    Completed(FeatureKind),
    /// The player has no follower (knight or traveller, meeple or large meeple) on this road
    /// or city.
    NoFollower(FeatureKind),
}

impl BuilderFault {
    /// The kind of feature at the builder's place.
    pub fn kind(self) -> FeatureKind {
        match self {
            BuilderFault::NotRoadOrCity(k) | BuilderFault::Completed(k) => k,
            BuilderFault::NoFollower(k) => k,
        }
    }
}

impl fmt::Display for BuilderFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuilderFault::NotRoadOrCity(k) => {
                write!(f, "a builder stands on a road or a city, not on a {k}")
            }
            BuilderFault::Completed(k) => write!(
                f,
                "the {k} is completed by this tile: it scores now, so no builder may join it"
            ),
            BuilderFault::NoFollower(k) => write!(
                f,
                "the player has no {} on this {k}",
                match k {
                    FeatureKind::City => "knight",
                    FeatureKind::Road => "traveller",
                    _ => "follower",
                }
            ),
        }
    }
}

impl std::error::Error for BuilderFault {}

/// Why the turn part that placed the last tile earns its player no bonus tile (diagnostic code
/// `bonus-not-earned`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BonusError {
    /// That part was itself a bonus part: a bonus never earns another.
    Chained,
    /// The player had no builder on the board when that tile was placed.
    NoBuilder,
    /// The player's builder stands on a road or city that the tile did not extend.
    NotExtended,
}

impl fmt::Display for BonusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BonusError::Chained => "a bonus tile never earns another",
            BonusError::NoBuilder => "the player had no builder on the board",
            BonusError::NotExtended => {
                "the tile does not extend the road or city of the player's builder"
            }
        })
    }
}

impl std::error::Error for BonusError {}

/// Number of colours (one slot per [`Color::index`]).
const COLOURS: usize = Color::ALL.len();

/// What the last placement did to the builders: computed when a tile is placed, before any
/// deployment or scoring of its turn part, so it still knows builders that the part's scoring
/// sends home.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct BonusState {
    /// Bit per [`Color::index`]: colours with a builder on the board when the last tile was
    /// placed.
    pub had: u8,
    /// Per colour: its builder whose road or city the last placed tile extended.
    pub extended: [Option<Meeple>; COLOURS],
    /// The last placed tile was placed in a bonus part.
    pub bonus_part: bool,
}

impl Game {
    /// Records which builders the tile just placed (index `idx`) extends; called by
    /// [`Game::place_tile_unchecked`] after the tile joined its neighbours. Costs nothing while
    /// no builder or pig stands on the board.
    pub(crate) fn note_builders(&mut self, idx: usize) {
        self.sets.traders_builders.bonus.bonus_part = false;
        if self.sets.traders_builders.bonus.had != 0 {
            self.sets.traders_builders.bonus.had = 0;
            self.sets.traders_builders.bonus.extended = [None; COLOURS];
        }
        if self.passive == 0 {
            return;
        }
        let info = self.tiles[idx].tile.info();
        let base = self.tile_base[idx];
        for k in 0..self.meeples.len() {
            let slot = self.meeples[k];
            if slot.meeple.figure != Figure::Builder {
                continue;
            }
            let c = slot.meeple.colour.index();
            self.sets.traders_builders.bonus.had |= 1 << c;
            let root = self.find(slot.node);
            let mut rc = info.rc_mask;
            while rc != 0 {
                let i = rc.trailing_zeros();
                rc &= rc - 1;
                if self.find(base + i) == root {
                    self.sets.traders_builders.bonus.extended[c] = Some(slot.meeple);
                    break;
                }
            }
        }
    }

    /// Whether the turn part that placed the last tile earns `colour` a bonus tile, with the
    /// builder whose road or city it extended (as it stood then: it may have gone home in that
    /// part's scoring). Refused for a bonus part's tile ([`BonusError::Chained`]), when
    /// `colour` had no builder on the board then, or when the tile did not extend its road or
    /// city. Only the game's placements are known here: that the last tile was `colour`'s is
    /// the caller's to check.
    pub fn bonus_check(&self, colour: Color) -> Result<Meeple, BonusError> {
        if self.sets.traders_builders.bonus.bonus_part {
            return Err(BonusError::Chained);
        }
        if self.sets.traders_builders.bonus.had & (1 << colour.index()) == 0 {
            return Err(BonusError::NoBuilder);
        }
        self.sets.traders_builders.bonus.extended[colour.index()].ok_or(BonusError::NotExtended)
    }

    /// The builder of `colour` whose road or city the last placed tile extended (as it stood
    /// then), whether or not that earns a bonus: a bonus part's tile extends it too, and earns
    /// nothing ([`BonusError::Chained`]).
    pub fn builder_extended(&self, colour: Color) -> Option<Meeple> {
        self.sets.traders_builders.bonus.extended[colour.index()]
    }

    /// Whether the turn part that placed the last tile earns `colour` a bonus tile (see
    /// [`Game::bonus_check`]).
    pub fn bonus_earned(&self, colour: Color) -> bool {
        self.bonus_check(colour).is_ok()
    }

    /// Marks the tile placed last as a bonus part's: it earns no further bonus
    /// ([`BonusError::Chained`]). The caller places the bonus tile (e.g. with
    /// [`Game::place_tile_unchecked`]), then calls this.
    pub fn mark_bonus_part(&mut self) {
        self.sets.traders_builders.bonus.bonus_part = true;
    }

    /// Whether the last placed tile was placed in a bonus part.
    pub fn in_bonus_part(&self) -> bool {
        self.sets.traders_builders.bonus.bonus_part
    }

    /// The segment node, place and kind a builder at optional `place` on the tile at `pos`
    /// stands on: a road or city segment (without a place, the tile's only one).
    pub(crate) fn locate_builder(
        &self,
        pos: Pos,
        place: Option<Place>,
    ) -> Result<(u32, Place, FeatureKind), DeployError> {
        let idx = self.tile_index_at(pos).ok_or(DeployError::NoTile)?;
        let t = self.tiles[idx];
        let is_rc = |k: FeatureKind| matches!(k, FeatureKind::Road | FeatureKind::City);
        let seg = match place {
            Some(p) => t
                .tile
                .segment_at(t.rot, p)
                .ok_or(DeployError::NoSuchPlace)?,
            None => {
                let mut rc = t.tile.segments(t.rot).filter(|s| is_rc(s.kind));
                let seg = rc.next().ok_or(DeployError::NoSuchPlace)?;
                if rc.next().is_some() {
                    return Err(DeployError::AmbiguousPlace);
                }
                seg
            }
        };
        if !is_rc(seg.kind) {
            return Err(DeployError::BuilderPlace(BuilderFault::NotRoadOrCity(
                seg.kind,
            )));
        }
        let place = place
            .or_else(|| seg.places.first())
            .ok_or(DeployError::NoSuchPlace)?;
        Ok((self.tile_base[idx] + u32::from(seg.index), place, seg.kind))
    }

    /// Whether `colour` has a follower (a figure that occupies) on the feature with root `root`.
    fn has_follower(&self, colour: Color, root: u32) -> bool {
        self.mcount[root as usize] > 0
            && self.meeples.iter().any(|s| {
                s.meeple.colour == colour
                    && s.meeple.figure.occupies()
                    && self.find_ro(s.node) == root
            })
    }

    /// Why a builder of `colour` may not join the road or city of segment `node` (of `kind`)
    /// now, during a turn part after its tile was placed: the feature is complete, or holds no
    /// follower of `colour`.
    fn builder_fault_at(
        &self,
        colour: Color,
        node: u32,
        kind: FeatureKind,
    ) -> Option<BuilderFault> {
        let root = self.find_ro(node);
        if self.open[root as usize] <= 0 {
            return Some(BuilderFault::Completed(kind));
        }
        if !self.has_follower(colour, root) {
            return Some(BuilderFault::NoFollower(kind));
        }
        None
    }

    /// Deploys `colour`'s builder at optional `place` of the tile just placed (`pos`). Checks
    /// in order: last tile, place (a road or city segment), the road or city still unfinished
    /// and holding a follower of `colour` ([`DeployError::BuilderPlace`]), the builder off the
    /// board ([`DeployError::FigureInUse`]). Its role is the place's (traveller on a road,
    /// knight in a city).
    pub fn deploy_builder(
        &mut self,
        colour: Color,
        pos: Pos,
        place: Option<Place>,
    ) -> Result<MeepleId, DeployError> {
        if self.last != Some(pos) {
            return Err(DeployError::NotLastTile);
        }
        let (node, place, kind) = self.locate_builder(pos, place)?;
        if let Some(fault) = self.builder_fault_at(colour, node, kind) {
            return Err(DeployError::BuilderPlace(fault));
        }
        self.figure_available(colour, Figure::Builder)?;
        Ok(self.add_figure(colour, Figure::Builder, kind.role(), pos, place, node))
    }

    /// Every reason [`Game::deploy_builder`] would refuse, in its order (one builder-place
    /// fault at most: the first of place, completed, follower).
    pub(crate) fn builder_deploy_faults(
        &self,
        colour: Color,
        pos: Pos,
        place: Option<Place>,
    ) -> Vec<DeployError> {
        let mut faults = Vec::new();
        let located = if self.last == Some(pos) {
            self.locate_builder(pos, place)
        } else {
            Err(DeployError::NotLastTile)
        };
        match located {
            Err(e) => faults.push(e),
            Ok((node, _, kind)) => {
                if let Some(fault) = self.builder_fault_at(colour, node, kind) {
                    faults.push(DeployError::BuilderPlace(fault));
                }
            }
        }
        if let Err(e) = self.figure_available(colour, Figure::Builder) {
            faults.push(e);
        }
        faults
    }

    /// A setup builder on any placed tile: only its place (a road or city segment) and the one
    /// builder per player are checked here. Setup lines are a position, so whether a follower
    /// of its owner stands beside it is asked once the whole setup is known
    /// ([`Game::builder_fault`]).
    pub(crate) fn setup_builder(
        &mut self,
        colour: Color,
        pos: Pos,
        place: Option<Place>,
    ) -> Result<MeepleId, DeployError> {
        let (node, place, kind) = self.locate_builder(pos, place)?;
        self.figure_available(colour, Figure::Builder)?;
        Ok(self.add_figure(colour, Figure::Builder, kind.role(), pos, place, node))
    }

    /// For a builder on the board (`id`): [`BuilderFault::NoFollower`] when no follower of its
    /// owner stands on its road or city; `None` when one does, or when `id` is not a builder
    /// on the board. A builder on a completed feature is not reported here: in a setup that is
    /// `completed-occupied`, like any figure there.
    pub fn builder_fault(&self, id: MeepleId) -> Option<BuilderFault> {
        let slot = self
            .meeples
            .iter()
            .find(|s| s.meeple.id == id && s.meeple.figure == Figure::Builder)?;
        let root = self.find_ro(slot.node);
        let kind = self.node_kind(root);
        (!self.has_follower(slot.meeple.colour, root)).then_some(BuilderFault::NoFollower(kind))
    }

    /// Every place of the tile just placed (`pos`) where `colour`'s builder may be deployed
    /// now: the first place of each road or city segment that is unfinished and holds a
    /// follower of `colour`; none when the builder stands on the board or `pos` is not the tile
    /// just placed.
    pub fn legal_builder_places(&self, colour: Color, pos: Pos) -> Vec<Place> {
        self.builder_spots(colour, pos).map(|(_, p)| p).collect()
    }

    /// [`Game::legal_builder_places`] with each place's union-find node, without allocating
    /// (the simulator asks on every turn).
    pub(crate) fn builder_spots(
        &self,
        colour: Color,
        pos: Pos,
    ) -> impl Iterator<Item = (u32, Place)> + '_ {
        let tile = (self.last == Some(pos)
            && self.figure_available(colour, Figure::Builder).is_ok())
        .then(|| self.tile_index_at(pos))
        .flatten();
        tile.into_iter().flat_map(move |idx| {
            let t = self.tiles[idx];
            let base = self.tile_base[idx];
            let info = t.tile.info();
            // the road and city segments, in segment order
            (0..u32::from(info.nseg))
                .filter(move |i| info.rc_mask & 1 << i != 0)
                .filter_map(move |i| {
                    let node = base + i;
                    let kind = info.kinds[i as usize];
                    if self.builder_fault_at(colour, node, kind).is_some() {
                        return None;
                    }
                    Some((node, t.tile.segment(t.rot, i as usize)?.places.first()?))
                })
        })
    }

    /// The strict turn part for simulators and tests: [`Game::play`] of the move `tile` at
    /// `pos` turned `rot` with `action`.
    pub fn play_part(
        &mut self,
        colour: Color,
        tile: TileType,
        pos: Pos,
        rot: Rotation,
        action: PartAction,
        bonus: bool,
    ) -> Result<TurnScore, TurnError> {
        self.play(colour, tile, Move { pos, rot, action }, bonus)
    }
}
