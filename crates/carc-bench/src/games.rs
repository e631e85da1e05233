//! Timed random full games (farmers on), shared by the benchmark and the profiling example.

use std::hint::black_box;
use std::time::Instant;

use carc_rules::{Sim, TileSet};

/// What a run of random games measured.
pub struct GamesRun {
    /// Seconds per game.
    pub seconds_per_game: f64,
    /// Sum of every final score: printed so the work cannot be optimised away.
    pub checksum: i64,
}

/// Plays `warm_up` then `games` seeded random games of `players` on one thread and times the
/// second batch.
pub fn time_games(games: u64, players: usize, warm_up: u64) -> GamesRun {
    time_games_with(games, players, warm_up, &[])
}

/// As [`time_games`] with the expansions of `sets` (The Abbot, Inns & Cathedrals, The River
/// first): their tiles in the deck and their figures among the random choices
/// ([`Sim::with_sets`]).
pub fn time_games_with(games: u64, players: usize, warm_up: u64, sets: &[TileSet]) -> GamesRun {
    let mut sim = if sets.is_empty() {
        Sim::new(0, players, true)
    } else {
        Sim::with_sets(0, players, true, sets)
    };
    for seed in 0..warm_up {
        sim.reset(seed, players, true);
        black_box(sim.run_fast());
    }
    let start = Instant::now();
    let mut checksum = 0i64;
    for seed in 0..games {
        sim.reset(seed, players, true);
        checksum = checksum.wrapping_add(sim.run_fast().iter().sum::<i64>());
    }
    GamesRun {
        seconds_per_game: start.elapsed().as_secs_f64() / games.max(1) as f64,
        checksum: black_box(checksum),
    }
}
