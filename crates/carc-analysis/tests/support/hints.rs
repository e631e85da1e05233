//! The inlay hints of a whole document, for the tests of several files.

use carc_analysis::{inlay_hints, Analysis, Span};

/// The labels of every inlay hint of `analysis`, in offset order.
pub fn labels(analysis: &Analysis) -> Vec<String> {
    let all = Span::new(0, analysis.text().len());
    inlay_hints(analysis, all)
        .into_iter()
        .map(|h| h.label)
        .collect()
}
