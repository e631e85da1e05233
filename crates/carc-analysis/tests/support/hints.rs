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

/// The tooltips (the whole sentences) of every inlay hint of `analysis`, in offset order.
#[allow(dead_code)] // not every test file that includes this module reads the sentences
pub fn tooltips(analysis: &Analysis) -> Vec<String> {
    let all = Span::new(0, analysis.text().len());
    inlay_hints(analysis, all)
        .into_iter()
        .map(|h| h.tooltip)
        .collect()
}
