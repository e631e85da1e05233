//! Editor-facing result types shared by the query modules. Plain structs in byte offsets.

use crate::Span;

/// A hover card: the span it is about and its markdown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hover {
    /// The token or line the card is about.
    pub span: Span,
    /// The card's content, in markdown.
    pub markdown: String,
}

/// An inlay hint: a label shown at a byte offset (after the token it explains).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlayHint {
    /// Where the label is shown.
    pub offset: usize,
    /// The label text: short, at most [`crate::HINT_LABEL_LIMIT`] characters.
    pub label: String,
    /// The whole sentence the label abbreviates (shown when the pointer rests on the hint).
    pub tooltip: String,
}

/// What kind of thing a completion inserts (the server maps it to an LSP item kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompletionKind {
    /// A statement keyword.
    Keyword,
    /// A tile letter.
    Tile,
    /// A player colour.
    Colour,
    /// A meeple role.
    Role,
    /// A side or corner of the tile.
    Place,
    /// A rotation.
    Rotation,
    /// A cell coordinate.
    Coordinate,
}

/// One completion candidate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompletionItem {
    /// The text inserted (and shown).
    pub label: String,
    /// A short explanation (a tile's name).
    pub detail: Option<String>,
    /// A longer explanation in markdown (a tile's picture and edges), if any.
    pub documentation: Option<String>,
    /// What it is.
    pub kind: CompletionKind,
    /// The text it replaces (the partial word under the cursor; empty at the cursor).
    pub replace: Span,
}

/// What a document symbol stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolKind {
    /// The setup statements before play.
    Setup,
    /// One turn.
    Turn,
    /// A discard.
    Discard,
    /// Final scoring.
    End,
}

/// An outline entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// The name shown in the outline ("turn 3: red E 0,1").
    pub name: String,
    /// Extra text ("+4 red").
    pub detail: Option<String>,
    /// What it is.
    pub kind: SymbolKind,
    /// The whole extent (for the setup, from its first to its last line).
    pub span: Span,
    /// The part to select (the keyword).
    pub selection: Span,
}

/// The token classes of semantic highlighting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// A statement keyword.
    Keyword,
    /// A tile letter.
    Tile,
    /// A number (coordinate, amount).
    Number,
    /// A rotation.
    Rotation,
    /// A colour.
    Colour,
    /// A role.
    Role,
    /// A place.
    Place,
    /// A string.
    String,
    /// A comment.
    Comment,
    /// `=>` and `nothing`.
    Operator,
}

/// One classified token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SemanticToken {
    /// Where it is (never spans lines).
    pub span: Span,
    /// Its class.
    pub kind: TokenKind,
}

/// A text replacement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextEdit {
    /// What is replaced.
    pub span: Span,
    /// The new text.
    pub new_text: String,
}

/// A quick fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeAction {
    /// The title shown in the editor.
    pub title: String,
    /// The diagnostic it fixes, if any (its span and code).
    pub fixes: Option<(crate::Code, Span)>,
    /// The edits to apply.
    pub edits: Vec<TextEdit>,
}

/// What a fold holds (the server maps it to an LSP folding range kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoldKind {
    /// The setup statements before play.
    Setup,
    /// A `variation "name" {` block, without its closing `}`.
    Variation,
    /// Consecutive comment-only lines.
    Comment,
}

/// A foldable region of whole lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fold {
    /// From the start of the fold's first line to the end of its last line's text.
    pub span: Span,
    /// What it holds.
    pub kind: FoldKind,
}
