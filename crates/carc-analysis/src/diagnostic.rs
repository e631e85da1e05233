//! Diagnostics: stable codes, severities, messages and related locations.

use carc_notation::Span;

pub(crate) mod messages;

/// A stable diagnostic code of the notation (`notation.md`, "What the tools check").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    /// A line does not parse.
    Syntax,
    /// A tile token the catalogue does not know.
    UnknownTile,
    /// A second tile on an occupied cell.
    DuplicateCell,
    /// A side touches a neighbour side of another kind.
    EdgeMismatch,
    /// A tile touching no tile (turn) or outside the first tile's group (setup).
    NotAdjacent,
    /// More tiles of one type than the box holds.
    TileCount,
    /// The place does not exist on the tile, or the role does not fit it.
    BadPlace,
    /// A deployment onto a connected feature that already holds a meeple.
    OccupiedFeature,
    /// A setup tile holding more than one meeple.
    TileMeeples,
    /// A deployment with an empty supply, or more than 7 meeples of one colour.
    MeepleSupply,
    /// In the setup, a completed road, city or monastery still holding meeples.
    CompletedOccupied,
    /// A colour that `players` does not list.
    UnknownPlayer,
    /// A colour named twice in one list (`players`, `supply`, `score`, `expect`, `=>`).
    DuplicateColour,
    /// A farmer under `rules no-farmers`.
    FarmersOff,
    /// A discarded tile that fits somewhere.
    IllegalDiscard,
    /// An expectation that differs from the computed scoring.
    ScoreMismatch,
    /// From the second turn on, a colour out of the `players` order.
    TurnOrder,
    /// A setup statement after play began, or anything but `expect` after `end`.
    Order,
    /// A `}` that closes no variation, or a variation never closed.
    Variation,
    /// A puzzle's answer ties with another placement for the most immediate points.
    NotUnique,
    /// Another move scores more at once than a puzzle's answer.
    NotBest,
    /// A puzzle's goal search stopped at a limit: nothing is proven about the answer.
    SearchIncomplete,
    /// No legal game could have produced the setup.
    Unreachable,
    /// A `refused` move that is legal, or refused with other codes than the ones listed.
    RefusalMismatch,
    /// A word in a `refused` statement that names no diagnostic code.
    UnknownCode,
    // ---- expansions: The Abbot, Inns & Cathedrals (issue 16), The River ----
    /// A tile, figure or colour of a set that `rules` does not switch on.
    ExpansionOff,
    /// A special figure (large meeple, abbot) used while it stands on the board.
    FigureSupply,
    /// A `recall` with no abbot on the board, or of an abbot whose monastery or garden this
    /// turn's tile completes.
    BadRecall,
    /// `rules river`: a river tile after the lake or the spring in a turn (error), a land tile
    /// while the river is open (warning).
    RiverOrder,
    /// `rules river`: a river tile that does not continue the river's open end.
    RiverContinue,
    /// `rules river`: a curve placed directly against a curve turning the same way.
    RiverUturn,
    // ---- expansions: Traders & Builders (issue 18) ----
    /// A builder where it may not stand: not on a road or city, on one the tile completes, or
    /// on one without a follower of its owner.
    BuilderPlace,
    /// A `bonus` line that the turn before did not earn.
    BonusNotEarned,
    /// A pig in a field where its owner has no farmer.
    PigPlace,
}

impl Code {
    /// Every code, in the order of the notation's table.
    pub const ALL: [Code; 34] = [
        Code::Syntax,
        Code::UnknownTile,
        Code::DuplicateCell,
        Code::EdgeMismatch,
        Code::NotAdjacent,
        Code::TileCount,
        Code::BadPlace,
        Code::OccupiedFeature,
        Code::TileMeeples,
        Code::MeepleSupply,
        Code::CompletedOccupied,
        Code::UnknownPlayer,
        Code::DuplicateColour,
        Code::FarmersOff,
        Code::IllegalDiscard,
        Code::ScoreMismatch,
        Code::TurnOrder,
        Code::Order,
        Code::Variation,
        Code::NotUnique,
        Code::NotBest,
        Code::SearchIncomplete,
        Code::Unreachable,
        Code::RefusalMismatch,
        Code::UnknownCode,
        // expansions (issue 16, The River)
        Code::ExpansionOff,
        Code::FigureSupply,
        Code::BadRecall,
        Code::RiverOrder,
        Code::RiverContinue,
        Code::RiverUturn,
        // Traders & Builders (issue 18)
        Code::BuilderPlace,
        Code::BonusNotEarned,
        Code::PigPlace,
    ];

    /// The stable identifier users see (`edge-mismatch`).
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Syntax => "syntax",
            Code::UnknownTile => "unknown-tile",
            Code::DuplicateCell => "duplicate-cell",
            Code::EdgeMismatch => "edge-mismatch",
            Code::NotAdjacent => "not-adjacent",
            Code::TileCount => "tile-count",
            Code::BadPlace => "bad-place",
            Code::OccupiedFeature => "occupied-feature",
            Code::TileMeeples => "tile-meeples",
            Code::MeepleSupply => "meeple-supply",
            Code::CompletedOccupied => "completed-occupied",
            Code::UnknownPlayer => "unknown-player",
            Code::DuplicateColour => "duplicate-colour",
            Code::FarmersOff => "farmers-off",
            Code::IllegalDiscard => "illegal-discard",
            Code::ScoreMismatch => "score-mismatch",
            Code::TurnOrder => "turn-order",
            Code::Order => "order",
            Code::Variation => "variation",
            Code::NotUnique => "not-unique",
            Code::NotBest => "not-best",
            Code::SearchIncomplete => "search-incomplete",
            Code::Unreachable => "unreachable",
            Code::RefusalMismatch => "refusal-mismatch",
            Code::UnknownCode => "unknown-code",
            Code::ExpansionOff => "expansion-off",
            Code::FigureSupply => "figure-supply",
            Code::BadRecall => "bad-recall",
            Code::RiverOrder => "river-order",
            Code::RiverContinue => "river-continue",
            Code::RiverUturn => "river-uturn",
            Code::BuilderPlace => "builder-place",
            Code::BonusNotEarned => "bonus-not-earned",
            Code::PigPlace => "pig-place",
        }
    }

    /// The codes nearest to `word`, best first, for "did you mean" and its quick fix
    /// (`carc_notation::suggest`).
    pub fn suggestions(word: &str) -> Vec<Code> {
        carc_notation::suggest::closest(word, Code::ALL.map(Code::as_str))
            .into_iter()
            .filter_map(Code::from_id)
            .collect()
    }

    /// Looks a code up by its identifier.
    pub fn from_id(s: &str) -> Option<Code> {
        Code::ALL.into_iter().find(|c| c.as_str() == s)
    }

    /// The severity the notation gives this code.
    pub fn severity(self) -> Severity {
        match self {
            Code::TurnOrder | Code::NotUnique | Code::SearchIncomplete => Severity::Warning,
            _ => Severity::Error,
        }
    }
}

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The file is wrong.
    Error,
    /// Suspicious but allowed.
    Warning,
}

impl Severity {
    /// `error` or `warning`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// Another place in the document that explains a diagnostic (the neighbour tile's line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Related {
    /// Where it is.
    pub span: Span,
    /// What it is.
    pub message: String,
}

/// One finding, on the span of the token at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code.
    pub code: Code,
    /// Error or warning (from the code).
    pub severity: Severity,
    /// The token at fault.
    pub span: Span,
    /// What is wrong, in the author's words.
    pub message: String,
    /// Related locations.
    pub related: Vec<Related>,
}
