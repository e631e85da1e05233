//! Folding ranges: each `variation "name" {` … `}` block, the setup (from its first statement
//! to its last), and each run of consecutive comment-only lines.

use carc_notation::{LineKind, Span, StatementKind};

use crate::replay::{is_anywhere_kind, is_setup_kind};
use crate::{Analysis, Fold, FoldKind};

/// The folds of a document, sorted by start. Each covers whole lines, at least two of them
/// (a one-line fold hides nothing). A variation folds from its `variation` line to the line
/// before its `}`, so the `}` stays visible; a variation never closed, or a `}` closing none,
/// folds nothing. The setup ends at the first statement that is neither a setup statement
/// nor a `mark` (the statements a variation, turn, discard, `expect` or `end` end it with).
pub fn folding_ranges(analysis: &Analysis) -> Vec<Fold> {
    let lines = &analysis.parse.lines;
    // Each fold as (first line, last line, kind).
    let mut folds: Vec<(usize, usize, FoldKind)> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut setup: Option<(usize, usize)> = None;
    let mut setup_over = false;
    let mut comments: Option<(usize, usize)> = None;
    for (index, line) in lines.iter().enumerate() {
        if matches!(line.kind, LineKind::Blank) && line.comment.is_some() {
            comments = Some((comments.map_or(index, |(first, _)| first), index));
            continue;
        }
        if let Some((first, last)) = comments.take() {
            folds.push((first, last, FoldKind::Comment));
        }
        let LineKind::Statement(statement) = &line.kind else {
            continue;
        };
        if !setup_over {
            if is_setup_kind(&statement.kind) {
                setup = Some((setup.map_or(index, |(first, _)| first), index));
            } else if !is_anywhere_kind(&statement.kind) {
                setup_over = true;
            }
        }
        match statement.kind {
            StatementKind::VariationOpen { .. } => open.push(index),
            StatementKind::VariationClose => {
                if let Some(first) = open.pop() {
                    folds.push((first, index.saturating_sub(1), FoldKind::Variation));
                }
            }
            _ => {}
        }
    }
    if let Some((first, last)) = comments {
        folds.push((first, last, FoldKind::Comment));
    }
    if let Some((first, last)) = setup {
        folds.push((first, last, FoldKind::Setup));
    }
    let mut folds: Vec<Fold> = folds
        .into_iter()
        .filter(|(first, last, _)| last > first)
        .map(|(first, last, kind)| Fold {
            span: Span::new(lines[first].span.start, lines[last].span.end),
            kind,
        })
        .collect();
    folds.sort_by_key(|f| (f.span.start, std::cmp::Reverse(f.span.end)));
    folds
}
