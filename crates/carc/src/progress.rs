//! Progress for long work (`puzzle gen`, `export` of a folder, a long puzzle search in
//! `carc check`), drawn with `indicatif` on standard error, and only when standard error is a
//! terminal: piped or redirected, nothing is written (a log or a test sees the same lines as
//! before). The analysis only reports how far it is (`carc_analysis::generate_with_progress`,
//! `SearchOptions::progress`); drawing is the CLI's.

use std::io::IsTerminal as _;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar of `total` steps labelled `what`, or a hidden one when standard error is not a
/// terminal.
pub fn bar(total: usize, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{prefix} [{bar:20}] {pos}/{len} {msg} {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar.set_prefix(what.to_owned());
    bar
}

/// A count of the positions a puzzle check has searched in `file`, for `carc check`, made
/// when the search has visited `positions`. The analysis calls back only every few thousand
/// positions, so a quick check never makes one; a long search shows how far it has got.
/// Hidden when standard error is not a terminal.
pub fn search_counter(file: &str, positions: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    // Styled while hidden, so that its first picture already has the file and the count.
    let counter = ProgressBar::hidden().with_position(positions);
    let style = ProgressStyle::with_template(
        "{prefix}: searching the puzzle, {human_pos} positions {elapsed}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_spinner());
    counter.set_style(style);
    counter.set_prefix(file.to_owned());
    counter.set_draw_target(ProgressDrawTarget::stderr());
    counter
}
