//! Analysis of `.carc` documents: replays a document through the rules engine and answers
//! questions about it in byte offsets (diagnostics, hover, inlay hints, completion, symbols,
//! semantic tokens, code actions, highlights, folding ranges). Knows nothing of LSP; every position is a byte
//! offset into the analysed text, and conversion to lines/columns happens at the edges (the CLI
//! renderer, the language server's `convert` module).
//!
//! Entry point: [`analyze`], then the query functions.

mod diagnostic;
mod exercise;
mod explain;
mod game_text;
mod generate;
mod ide;
mod import;
mod lesson;
mod moves;
mod puzzle;
mod reach;
mod recover;
mod render;
mod replay;
mod solve;
mod vocab;
mod writer;

// The editor queries live in `ide/`; their modules keep their crate paths (`crate::hover`).
pub use ide::tile_info;
use ide::{
    actions, completion, folding, highlight, hover, inlay, marks_hover, results, semantic, symbols,
};

pub use actions::code_actions;
pub use carc_notation::{format, Span};
pub use completion::{completion_documentation, completions, completions_lazy, completions_with};
pub use diagnostic::{Code, Diagnostic, Related, Severity};
pub use exercise::{Choice, Exercise, ExerciseMove, Outcome, Placement};
pub use folding::folding_ranges;
pub use game_text::game_text;
pub use generate::{
    gen_rule_words, generate, generate_counted, generate_with_progress, GenOptions, GenProgress,
    Generated, Generation, Skip, MAX_DRAWS, RUN_SEARCHES_PER_PUZZLE,
};
pub use highlight::highlights;
pub use hover::{hover, hover_with};
pub use import::{import_jcz, ImportCode, ImportError, ImportOptions};
pub use inlay::{inlay_hints, HINT_LABEL_LIMIT};
pub use lesson::{board_sentence, lesson, Check, Lesson, LessonTile, Step, StepKind, Variation};
pub use moves::{moves, Move, MoveList, MovesError};
pub use puzzle::{
    code_lenses, grouped, puzzle_note, CodeLens, PuzzleNote, SearchOptions, SEARCH_BUDGET,
};
pub use reach::Step as WitnessStep;
pub use render::esc as escape_markup;
pub use render::{
    ascii_overlay, board_at, board_at_line, cell_boxes, render_ascii, render_layer_svg, render_svg,
    render_tiles_svg, teaching_line, text_width, AsciiOverlay, Board, BoardMark, BoardMeeple,
    BoardRefusal, BoardTile, CellBoxes, LayerTile, TileLayer, LAYER_SIDE,
};
pub use semantic::semantic_tokens;
pub use solve::{goal_words, solve, SolveError, Solved, SolvedMove};
pub use symbols::symbols;
pub use tile_info::TilePictures;

use carc_notation::Parse;
use replay::Replay;
pub use results::{
    CodeAction, CompletionItem, CompletionKind, Fold, FoldKind, Hover, InlayHint, SemanticToken,
    Symbol, SymbolKind, TextEdit, TokenKind,
};

/// The result of analysing one document: the parse, the replay and every diagnostic.
pub struct Analysis {
    text: String,
    parse: Parse,
    replay: Replay,
    diagnostics: Vec<Diagnostic>,
    /// The puzzle check's ranking of the answer, for puzzles (see [`puzzle`]).
    puzzle: Option<puzzle::Report>,
    /// Whether the setup is reachable, with a witness (see [`reach`]).
    reach: Option<reach::Report>,
}

impl Analysis {
    /// The analysed text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Every diagnostic of the document, in file order.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The order of play the reachability check found for the setup (see `docs/puzzles.md`),
    /// when it found one: every setup tile once, turns rotating through the players.
    pub fn witness(&self) -> Option<&[WitnessStep]> {
        match &self.reach.as_ref()?.outcome {
            reach::Outcome::Reachable(steps) => Some(steps),
            _ => None,
        }
    }

    /// Whether the reachability report was taken over from the previous analysis given to
    /// [`analyze_incremental`] (its setup text was identical) rather than searched anew.
    pub fn reach_reused(&self) -> bool {
        self.reach.as_ref().is_some_and(|r| r.reused)
    }

    /// Whether the puzzle check's goal search (`puzzle final` or `puzzle score`) was taken over
    /// from the previous analysis given to [`analyze_incremental`] (the text before the answer,
    /// the answer's tile and colour were identical) rather than searched anew.
    pub fn puzzle_search_reused(&self) -> bool {
        self.puzzle
            .as_ref()
            .and_then(|p| p.search.as_ref())
            .is_some_and(|s| s.reused)
    }

    /// The index of the line holding a byte offset: from its first byte to the end of its
    /// text. An offset in a line break, or after the final one, is on no line.
    fn line_at(&self, offset: usize) -> Option<usize> {
        let lines = &self.parse.lines;
        let index = lines
            .partition_point(|l| l.span.start <= offset)
            .checked_sub(1)?;
        (offset <= lines[index].span.end).then_some(index)
    }
}

impl std::fmt::Debug for Analysis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Analysis")
            .field("diagnostics", &self.diagnostics)
            .finish_non_exhaustive()
    }
}

/// Analyses a whole document. Never fails: bad input yields diagnostics.
pub fn analyze(text: &str) -> Analysis {
    analyze_incremental(text, None)
}

/// [`analyze`], reusing what it can of the analysis of an earlier version of the document
/// (an editor's previous keystroke): the reachability report when the setup text (every byte
/// before the first statement that is not a setup one) is identical, so typing in the turns
/// never pays for the setup's search again; and a puzzle's goal search when the text before
/// the answer's line is identical (editing the answer itself does not search again). The
/// result is the same as `analyze(text)`.
pub fn analyze_incremental(text: &str, previous: Option<&Analysis>) -> Analysis {
    analyze_with(text, previous, &SearchOptions::editor())
}

/// [`analyze_incremental`] with the puzzle check's search going as far as `search` allows
/// (`carc check` searches to the end; the editor keeps [`SearchOptions::editor`]'s budget). A
/// search reused from `previous` is taken as it was.
pub fn analyze_with(
    text: &str,
    previous: Option<&Analysis>,
    search: &SearchOptions<'_>,
) -> Analysis {
    let mut parse = carc_notation::parse(text);
    recover::variation_opens(text, &mut parse);
    let recovered = recover::partial_lines(text, &mut parse);
    let replay = replay::replay(&parse, None, None);
    // `recovered` is in line order: a binary search, not a scan per diagnostic (quadratic on
    // a file of many broken lines).
    let on_recovered = |d: &&Diagnostic| {
        let after = recovered.partition_point(|line| line.start <= d.span.start);
        after
            .checked_sub(1)
            .and_then(|i| recovered.get(i))
            .is_some_and(|line| d.span.end <= line.end)
    };
    let mut diagnostics: Vec<Diagnostic> = parse
        .errors
        .iter()
        .map(|e| Diagnostic {
            code: Code::Syntax,
            severity: Code::Syntax.severity(),
            span: e.span,
            message: recover::syntax_message(text, &parse, e),
            related: Vec::new(),
        })
        .chain(
            replay
                .diagnostics
                .iter()
                .filter(|d| !on_recovered(d))
                .cloned(),
        )
        .collect();
    // Puzzle and reachability checks: their own modules, on the finished replay.
    let (puzzle, found) = puzzle::check(
        text,
        &parse,
        &replay,
        previous.and_then(|p| p.puzzle.as_ref()),
        search,
    );
    diagnostics.extend(found);
    let before = previous.and_then(|p| Some((p.text.as_str(), p.reach.as_ref()?)));
    let reach = reach::check(text, &parse, &replay, before);
    diagnostics.extend(reach.as_ref().and_then(reach::Report::diagnostic));
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
    Analysis {
        text: text.to_owned(),
        parse,
        replay,
        diagnostics,
        puzzle,
        reach,
    }
}
