//! Why the engine refuses a placement, a deployment or a turn: the error values.

use std::fmt;

use super::*;

/// A second tile on an occupied cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellOccupied {
    /// The cell.
    pub pos: Pos,
    /// The tile already there.
    pub existing: PlacedTile,
}

impl fmt::Display for CellOccupied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cell {} already holds tile {}",
            self.pos, self.existing.tile
        )
    }
}

impl std::error::Error for CellOccupied {}

/// One side of a placement that touches a neighbour showing a different edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mismatch {
    /// Our side (board direction).
    pub side: Side,
    /// The neighbour's cell.
    pub neighbour: Pos,
    /// What our tile shows on `side`.
    pub ours: Edge,
    /// What the neighbour shows on the opposite side.
    pub theirs: Edge,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "side {} shows {} but the tile at {} shows {}",
            self.side, self.ours, self.neighbour, self.theirs
        )
    }
}

/// Why a placement is illegal; every problem is listed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct PlacementError {
    /// The cell already holds a tile.
    pub occupied: bool,
    /// The board is not empty and no tile touches the cell along a side.
    pub not_adjacent: bool,
    /// Each touching side whose edge differs from its neighbour's, in order `N E S W`.
    pub mismatches: Vec<Mismatch>,
}

impl fmt::Display for PlacementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if self.occupied {
            parts.push("the cell is occupied".into());
        }
        if self.not_adjacent {
            parts.push("no tile touches the cell along a side".into());
        }
        for m in &self.mismatches {
            parts.push(m.to_string());
        }
        if parts.is_empty() {
            f.write_str("illegal placement")
        } else {
            f.write_str(&parts.join("; "))
        }
    }
}

impl std::error::Error for PlacementError {}

/// Why a meeple cannot be deployed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DeployError {
    /// A turn's meeple must stand on the tile just placed.
    NotLastTile,
    /// No tile at that cell (setup meeples).
    NoTile,
    /// The place does not exist on the tile, or holds a feature of another kind than the role's.
    NoSuchPlace,
    /// No place given and the tile holds several features of the role's kind.
    AmbiguousPlace,
    /// The whole connected feature already holds these meeples.
    Occupied {
        /// The meeples on the feature.
        meeples: Vec<MeepleId>,
    },
    /// The colour's supply is empty.
    EmptySupply,
    /// A farmer while farmers are off.
    FarmersOff,
    /// A special figure (large meeple, abbot …: one per player) that already stands on the
    /// board.
    FigureInUse(Figure),
    /// A builder (Traders & Builders) where it may not stand.
    BuilderPlace(BuilderFault),
    /// A pig (Traders & Builders) in a field where its owner has no farmer (meeple or large
    /// meeple).
    PigWithoutFarmer,
    /// A set in play forbids this deployment in this turn (its
    /// [`crate::expansions::DeployHook`]: no follower in a volcano turn).
    Refused(SetRefusal),
}

impl fmt::Display for DeployError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeployError::NotLastTile => f.write_str("a meeple may only go on the tile just placed"),
            DeployError::NoTile => f.write_str("no tile at that cell"),
            DeployError::NoSuchPlace => {
                f.write_str("the tile has no feature of that kind at that place")
            }
            DeployError::AmbiguousPlace => {
                f.write_str("the tile has several features of that kind; name the place")
            }
            DeployError::Occupied { meeples } => {
                write!(f, "the feature already holds {} meeple(s)", meeples.len())
            }
            DeployError::EmptySupply => f.write_str("no meeple left in supply"),
            DeployError::FarmersOff => f.write_str("farmers are off"),
            DeployError::FigureInUse(figure) => write!(f, "the {figure} is already on the board"),
            DeployError::BuilderPlace(fault) => fault.fmt(f),
            DeployError::PigWithoutFarmer => {
                f.write_str("a pig goes only into a field where its owner already has a farmer")
            }
            DeployError::Refused(r) => write!(
                f,
                "{}'s {} rule forbids this deployment",
                r.set.name(),
                r.rule
            ),
        }
    }
}

impl std::error::Error for DeployError {}

/// Why a strict turn ([`Game::play_turn`]) was refused; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TurnError {
    /// The placement is illegal.
    Placement(PlacementError),
    /// The deployment is illegal.
    Deploy(DeployError),
    /// A bonus part that the part before did not earn (Traders & Builders).
    Bonus(BonusError),
    /// The recall is refused (The Abbot).
    Recall(RecallError),
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::Placement(e) => write!(f, "illegal placement: {e}"),
            TurnError::Deploy(e) => write!(f, "illegal deployment: {e}"),
            TurnError::Bonus(e) => write!(f, "no bonus tile: {e}"),
            TurnError::Recall(e) => write!(f, "illegal recall: {e}"),
        }
    }
}

impl std::error::Error for TurnError {}
