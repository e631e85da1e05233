//! How far the puzzle check's goal search may go, and what stopped it, in words.

use std::cell::Cell;
use std::time::{Duration, Instant};

use carc_rules::{Goal, Limits, Solution, Stop, TileType};

use crate::replay::Replay;

/// Nodes the puzzle check may search per position in the editor (a few tenths of a second
/// at most).
pub const SEARCH_BUDGET: u64 = 20_000;

/// How far the puzzle check's goal search (`puzzle final`, `puzzle score`) may go: the
/// editor's budget ([`SearchOptions::editor`], what [`crate::analyze`] uses) or to the end
/// ([`SearchOptions::full`], `carc check`'s default).
#[derive(Clone, Copy)]
pub struct SearchOptions<'a> {
    /// Positions the search may visit; `None`: as many as it takes.
    pub positions: Option<u64>,
    /// Bytes the search may hold ([`carc_rules::Limits::memory`]).
    pub memory: usize,
    /// Time the search may take; `None`: as long as it takes.
    pub time: Option<Duration>,
    /// Called now and then with the positions visited so far (a progress display).
    pub progress: Option<&'a dyn Fn(u64)>,
}

impl SearchOptions<'_> {
    /// The editor's: [`SEARCH_BUDGET`] positions, the engine's default memory, no time limit.
    pub fn editor() -> SearchOptions<'static> {
        SearchOptions {
            positions: Some(SEARCH_BUDGET),
            ..SearchOptions::full()
        }
    }

    /// To the end of the draws (within the engine's default memory), no time limit.
    pub fn full() -> SearchOptions<'static> {
        SearchOptions {
            positions: None,
            memory: carc_rules::DEFAULT_MEMORY,
            time: None,
            progress: None,
        }
    }
}

impl std::fmt::Debug for SearchOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchOptions")
            .field("positions", &self.positions)
            .field("memory", &self.memory)
            .field("time", &self.time)
            .finish_non_exhaustive()
    }
}

/// Runs the engine's search under `options`; the second value says whether the time limit
/// stopped it (the engine then reports [`Stop::Cancelled`]).
pub(super) fn run_search(
    before: &Replay,
    colour: carc_rules::Color,
    draws: &[TileType],
    goal: Goal,
    options: &SearchOptions<'_>,
) -> (Solution, bool) {
    with_limits(options, &|limits| {
        carc_rules::solve(&before.game, colour, draws, goal, limits)
    })
}

/// Runs `search` under the limits of `options`; the second value says whether the time
/// limit stopped it.
pub(super) fn with_limits<T>(
    options: &SearchOptions<'_>,
    search: &dyn Fn(Limits<'_>) -> T,
) -> (T, bool) {
    let start = Instant::now();
    let timed_out = Cell::new(false);
    let progress = |nodes: u64| {
        if let Some(p) = options.progress {
            p(nodes);
        }
        let late = options.time.is_some_and(|t| start.elapsed() >= t);
        timed_out.set(late);
        !late
    };
    let limits = Limits {
        nodes: options.positions.unwrap_or(u64::MAX),
        memory: options.memory,
        progress: Some(&progress),
        ..Limits::default()
    };
    let result = search(limits);
    (result, timed_out.get())
}

/// What stopped a search, in words: `its limit of 20,000 positions`.
pub(super) fn stop_words(
    stopped: Option<Stop>,
    nodes: u64,
    options: &SearchOptions<'_>,
    timed_out: bool,
) -> String {
    match stopped {
        _ if timed_out => format!(
            "its time limit of {} s",
            options.time.map_or(0.0, |t| t.as_secs_f64())
        ),
        Some(Stop::Memory) if options.memory >= 1 << 20 => {
            format!("its memory limit of {} MiB", options.memory >> 20)
        }
        Some(Stop::Memory) => format!("its memory limit of {} KiB", options.memory >> 10),
        Some(Stop::Cancelled) => "a cancellation".to_owned(),
        Some(Stop::Budget) | None => match options.positions {
            Some(n) if nodes > n => format!("its limit of {} positions", grouped(n)),
            _ => format!("its limit of {} draws", carc_rules::MAX_DEPTH),
        },
    }
}

/// `1904` as `1,904`: every count the analysis and the CLI print.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
