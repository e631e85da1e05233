//! What each line did ([`Fact`]) and the marks in effect ([`Marks`]): the replay's record
//! for hover, inlay hints and pictures.

use carc_notation::Span;
use carc_rules::{
    Color, FeatureKind, FeatureSummary, Figure, FinalScore, Goods, MeepleId, Pos, TurnScore,
};

use super::PosMap;
use crate::diagnostic::Code;

/// What one line did, kept for hover and inlay hints.
#[derive(Debug, Clone)]
pub enum Fact {
    /// A meeple put on the board; `span` is its colour/role/place text.
    Meeple {
        line: usize,
        span: Span,
        id: MeepleId,
        value: MeepleValue,
    },
    /// A turn that was played (not void), with what it scored.
    Turn {
        line: usize,
        colour: Color,
        score: TurnScore,
        /// The codes of the placement and deployment faults reported on this turn (empty
        /// for a legal turn); an illegal turn's expectation is not checked.
        faults: Vec<Code>,
    },
    /// A turn part (`line`) that earned its player a bonus tile (Traders & Builders): its
    /// tile extended the road or city of the player's builder. The last fact of its line.
    BonusEarned {
        line: usize,
        colour: Color,
        /// The builder as it stood when the tile was placed (it may have gone home since).
        builder: carc_rules::Meeple,
        /// Road or city.
        kind: FeatureKind,
    },
    /// A bonus part (`line`) whose tile extended the road or city of its player's builder
    /// again: a bonus tile never earns another (Traders & Builders). The last fact of its
    /// line.
    BonusChained {
        line: usize,
        colour: Color,
        /// The builder as it stood when the tile was placed.
        builder: carc_rules::Meeple,
        /// Road or city.
        kind: FeatureKind,
    },
    /// Goods tokens taken by the player whose tile completed cities with goods symbols
    /// (Traders & Builders), after that turn part's [`Fact::Turn`].
    Goods {
        line: usize,
        colour: Color,
        /// The tokens taken.
        taken: Goods,
        /// What the player holds afterwards.
        held: Goods,
    },
    /// Final scoring, with each player's total afterwards.
    End {
        line: usize,
        score: FinalScore,
        totals: Vec<(Color, i64)>,
    },
}

/// What a meeple is worth where it was placed.
#[derive(Debug, Clone)]
pub enum MeepleValue {
    /// Its feature was completed the same turn: it scored (or was outnumbered) and returned.
    Scored {
        feature: FeatureSummary,
        points: u32,
        won: bool,
        /// Which figure it is (a meeple, the large meeple, the abbot …).
        figure: Figure,
    },
    /// It stays on its feature, as it was after that line (the setup: after the setup).
    OnBoard(FeatureSummary),
}

impl MeepleValue {
    /// The feature the meeple stood on (as it was scored, or as it stands).
    pub fn feature(&self) -> &FeatureSummary {
        match self {
            MeepleValue::Scored { feature, .. } | MeepleValue::OnBoard(feature) => feature,
        }
    }

    /// Which figure meeple `id` is, when it stands on this value's feature.
    pub fn figure_of(&self, id: MeepleId) -> Option<Figure> {
        let feature = self.feature();
        feature
            .meeples
            .iter()
            .find(|m| m.id == id)
            .map(|m| m.figure)
    }
}

/// The `mark` lines in effect, one per cell: a map, so that a file of 100,000 `mark` lines
/// is replayed in linear time (replacing a cell's mark in a list was a scan per line).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks(PosMap<MarkInfo>);

impl Marks {
    /// The marks in file order (by line).
    pub fn iter(&self) -> impl Iterator<Item = &MarkInfo> {
        let mut marks: Vec<&MarkInfo> = self.0.values().collect();
        marks.sort_unstable_by_key(|m| m.line);
        marks.into_iter()
    }

    /// The mark of a cell, if any.
    pub fn at(&self, pos: Pos) -> Option<&MarkInfo> {
        self.0.get(&pos)
    }

    /// Puts `mark` on its cell, replacing the cell's earlier mark.
    pub(super) fn set(&mut self, mark: MarkInfo) {
        self.0.insert(mark.pos, mark);
    }
}

/// A `mark x,y ["label"]` line in effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkInfo {
    /// The line of the `mark` statement.
    pub line: usize,
    /// The marked cell.
    pub pos: Pos,
    /// Its label, if written.
    pub label: Option<String>,
}
