//! Diagnostics: stable codes, severities, messages and related locations.

use carc_notation::Span;

pub(crate) mod messages;

/// Declares [`Code`] and its table, [`CODES`], from one row per code: the variant (with its
/// doc comment), the identifier users see, the severity, whether a `refused` line may name it
/// (`No`; `Tile`: it refuses the tile itself; `Move`: the move's figure, player or discard),
/// whether it makes a turn illegal (`turn_fault`: the turn's expectation is then not checked)
/// and its fixture under `tests/data/` (crates/carc-analysis/tests/fixtures.rs checks that it
/// produces the code). The rows are in the order of the notation's table.
macro_rules! codes {
    ($(
        $(#[$doc:meta])*
        $code:ident => $id:literal, $severity:ident, refused: $refused:ident,
            turn_fault: $fault:literal, $fixture:literal;
    )*) => {
        /// A stable diagnostic code of the notation (`notation.md`, "What the tools check").
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $($(#[$doc])* $code,)*
        }

        /// Every code's row, in the order of [`Code`] (the notation's table).
        const CODES: &[CodeRow] = &[$(CodeRow {
            code: Code::$code,
            id: $id,
            severity: Severity::$severity,
            refused: Refused::$refused,
            turn_fault: $fault,
            fixture: concat!("tests/data/", $fixture),
        },)*];
    };
}

codes! {
    /// A line does not parse.
    Syntax => "syntax", Error, refused: No, turn_fault: false, "syntax.carc";
    /// A tile token the catalogue does not know.
    UnknownTile => "unknown-tile", Error, refused: Tile, turn_fault: false, "unknown-tile.carc";
    /// A second tile on an occupied cell.
    DuplicateCell => "duplicate-cell", Error, refused: Tile, turn_fault: false, "duplicate-cell.carc";
    /// A side touches a neighbour side of another kind.
    EdgeMismatch => "edge-mismatch", Error, refused: Tile, turn_fault: true, "edge-mismatch.carc";
    /// A tile touching no tile (turn) or outside the first tile's group (setup).
    NotAdjacent => "not-adjacent", Error, refused: Tile, turn_fault: true, "not-adjacent.carc";
    /// More tiles of one type than the box holds.
    TileCount => "tile-count", Error, refused: Tile, turn_fault: false, "tile-count.carc";
    /// The place does not exist on the tile, or the role does not fit it.
    BadPlace => "bad-place", Error, refused: Move, turn_fault: true, "bad-place.carc";
    /// A deployment onto a connected feature that already holds a meeple.
    OccupiedFeature => "occupied-feature", Error, refused: Move, turn_fault: true, "occupied-feature.carc";
    /// A setup tile holding more than one meeple.
    TileMeeples => "tile-meeples", Error, refused: No, turn_fault: false, "tile-meeples.carc";
    /// A deployment with an empty supply, or more than 7 meeples of one colour.
    MeepleSupply => "meeple-supply", Error, refused: Move, turn_fault: true, "meeple-supply-empty.carc";
    /// In the setup, a completed road, city or monastery still holding meeples.
    CompletedOccupied => "completed-occupied", Error, refused: No, turn_fault: false, "completed-occupied.carc";
    /// A colour that `players` does not list.
    UnknownPlayer => "unknown-player", Error, refused: Move, turn_fault: false, "unknown-player.carc";
    /// A colour named twice in one list (`players`, `supply`, `score`, `expect`, `=>`).
    DuplicateColour => "duplicate-colour", Error, refused: No, turn_fault: false, "duplicate-colour.carc";
    /// A farmer under `rules no-farmers`.
    FarmersOff => "farmers-off", Error, refused: Move, turn_fault: true, "farmers-off.carc";
    /// A discarded tile that fits somewhere.
    IllegalDiscard => "illegal-discard", Error, refused: Move, turn_fault: false, "illegal-discard.carc";
    /// An expectation that differs from the computed scoring.
    ScoreMismatch => "score-mismatch", Error, refused: No, turn_fault: false, "score-mismatch.carc";
    /// From the second turn on, a colour out of the `players` order.
    TurnOrder => "turn-order", Warning, refused: No, turn_fault: false, "turn-order.carc";
    /// A setup statement after play began, or anything but `expect` after `end`.
    Order => "order", Error, refused: No, turn_fault: false, "order.carc";
    /// A `}` that closes no variation, or a variation never closed.
    Variation => "variation", Error, refused: No, turn_fault: false, "variation.carc";
    /// A puzzle's answer ties with another placement for the most immediate points.
    NotUnique => "not-unique", Warning, refused: No, turn_fault: false, "not-unique.carc";
    /// Another move scores more at once than a puzzle's answer.
    NotBest => "not-best", Error, refused: No, turn_fault: false, "not-best.carc";
    /// A puzzle's goal search stopped at a limit: nothing is proven about the answer.
    SearchIncomplete => "search-incomplete", Warning, refused: No, turn_fault: false, "search-incomplete.carc";
    /// No legal game could have produced the setup.
    Unreachable => "unreachable", Error, refused: No, turn_fault: false, "unreachable-count.carc";
    /// A `refused` move that is legal, or refused with other codes than the ones listed.
    RefusalMismatch => "refusal-mismatch", Error, refused: No, turn_fault: false, "refusal-mismatch.carc";
    /// A word in a `refused` statement that names no diagnostic code.
    UnknownCode => "unknown-code", Error, refused: No, turn_fault: false, "unknown-code.carc";
    // ---- expansions: The Abbot, Inns & Cathedrals (issue 16), The River ----
    /// A tile, figure or colour of a set that `rules` does not switch on.
    ExpansionOff => "expansion-off", Error, refused: Tile, turn_fault: true, "expansion-off.carc";
    /// A special figure (large meeple, abbot) used while it stands on the board.
    FigureSupply => "figure-supply", Error, refused: Move, turn_fault: true, "figure-supply.carc";
    /// A `recall` with no abbot on the board, or of an abbot whose monastery or garden this
    /// turn's tile completes.
    BadRecall => "bad-recall", Error, refused: Move, turn_fault: true, "bad-recall.carc";
    /// `rules river`: a river tile after the lake or the spring in a turn (error), a land tile
    /// while the river is open (warning).
    RiverOrder => "river-order", Error, refused: Tile, turn_fault: true, "river-order.carc";
    /// `rules river`: a river tile that does not continue the river's open end.
    RiverContinue => "river-continue", Error, refused: Tile, turn_fault: true, "river-continue.carc";
    /// `rules river`: a curve placed directly against a curve turning the same way.
    RiverUturn => "river-uturn", Error, refused: Tile, turn_fault: true, "river-uturn.carc";
    // ---- expansions: Traders & Builders (issue 18) ----
    /// A builder where it may not stand: not on a road or city, on one the tile completes, or
    /// on one without a follower of its owner.
    BuilderPlace => "builder-place", Error, refused: Move, turn_fault: true, "builder-place.carc";
    /// A `bonus` line that the turn before did not earn.
    BonusNotEarned => "bonus-not-earned", Error, refused: No, turn_fault: true, "bonus-not-earned.carc";
    /// A pig in a field where its owner has no farmer.
    PigPlace => "pig-place", Error, refused: Move, turn_fault: true, "pig-place.carc";
}

/// Everything the tools know of a code, beside its messages (`messages/`).
struct CodeRow {
    code: Code,
    id: &'static str,
    severity: Severity,
    refused: Refused,
    turn_fault: bool,
    fixture: &'static str,
}

/// Whether a `refused` line may name a code, and what it refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refused {
    /// Not a fault of a move.
    No,
    /// The tile itself (the picture shows the tile refused).
    Tile,
    /// The move's figure, its player, or a discard.
    Move,
}

// Each row is at its variant's index: `Code::row` reads the table by discriminant.
const _: () = {
    let mut i = 0;
    while i < CODES.len() {
        assert!(CODES[i].code as usize == i);
        i += 1;
    }
};

impl Code {
    /// Every code, in the order of the notation's table.
    pub const ALL: [Code; CODES.len()] = {
        let mut all = [Code::Syntax; CODES.len()];
        let mut i = 0;
        while i < CODES.len() {
            all[i] = CODES[i].code;
            i += 1;
        }
        all
    };

    fn row(self) -> &'static CodeRow {
        &CODES[self as usize]
    }

    /// The stable identifier users see (`edge-mismatch`).
    pub fn as_str(self) -> &'static str {
        self.row().id
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
        self.row().severity
    }

    /// Its fixture, from the repository's root (`tests/data/edge-mismatch.carc`): a file
    /// whose annotations (`# error: CODE`) include this code.
    pub fn fixture(self) -> &'static str {
        self.row().fixture
    }

    /// Whether a `refused` line may name it, and what it refuses.
    pub(crate) fn refused(self) -> Refused {
        self.row().refused
    }

    /// Whether it makes a turn illegal: the turn's expectation is then not checked.
    pub(crate) fn turn_fault(self) -> bool {
        self.row().turn_fault
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
