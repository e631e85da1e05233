//! The cost of a placed tile under each set combination (issue 24: "the sets must not make a
//! turn dearer than the rules require", aim 1.25× the base game's cost per tile), in
//! instructions under callgrind when `valgrind` is installed, and in time.
//!
//! The work is the same as `--per-tile`'s: seeded 2-player random games with farmers
//! ([`play_tiles`]). Instructions: the benchmark runs itself under `valgrind --tool=callgrind`
//! once with the games and once with none, and divides the difference by the tiles placed
//! (the start-up and the deck building cancel out).

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use carc_rules::{Sim, Step, TileSet};

/// The combinations measured, by their `rules` words: the base game, each set alone, and the
/// mixes the README's engine figures use.
pub const COMBINATIONS: [&[&str]; 8] = [
    &[],
    &["abbot"],
    &["inns-cathedrals"],
    &["river"],
    &["traders-builders"],
    &["abbot", "inns-cathedrals"],
    &["river", "abbot", "inns-cathedrals"],
    &["abbot", "inns-cathedrals", "river", "traders-builders"],
];

/// The sets named by `words` (`rules` words; unknown words are skipped).
pub fn sets_of(words: &[&str]) -> Vec<TileSet> {
    words
        .iter()
        .filter_map(|w| TileSet::ALL.into_iter().find(|s| s.as_str() == *w))
        .collect()
}

/// Plays `games` seeded random 2-player games with farmers under `sets` (seeds `0..games`,
/// final scoring included) and returns the tiles placed.
pub fn play_tiles(games: u64, sets: &[TileSet]) -> u64 {
    let mut sim = Sim::with_sets(0, 2, true, sets);
    let mut tiles = 0u64;
    for seed in 0..games {
        sim.reset(seed, 2, true);
        while let Some(step) = sim.step() {
            if matches!(step, Step::Turn { .. }) {
                tiles += 1;
            }
        }
        std::hint::black_box(sim.finish());
    }
    tiles
}

/// One combination's figures.
#[derive(Debug, Clone, Copy)]
pub struct TileCost {
    /// Tiles placed in the games.
    pub tiles: u64,
    /// Instructions per placed tile (callgrind), when valgrind ran.
    pub instructions: Option<f64>,
    /// Seconds per placed tile.
    pub seconds: f64,
}

/// Measures one combination: `games` games under callgrind (when `valgrind` runs `me`, this
/// benchmark's binary) and `timed_games` games timed in process.
pub fn tile_cost(me: &Path, words: &[&str], games: u64, timed_games: u64) -> TileCost {
    let sets = sets_of(words);
    let tiles = play_tiles(games, &sets);
    let instructions = callgrind_refs(me, games, words)
        .zip(callgrind_refs(me, 0, words))
        .map(|(all, none)| all.saturating_sub(none) as f64 / tiles.max(1) as f64);
    let start = Instant::now();
    let timed = play_tiles(timed_games, &sets);
    TileCost {
        tiles,
        instructions,
        seconds: start.elapsed().as_secs_f64() / timed.max(1) as f64,
    }
}

/// The instructions `me --per-tile GAMES WORDS…` executes under callgrind (`None`: valgrind
/// is not installed or failed).
fn callgrind_refs(me: &Path, games: u64, words: &[&str]) -> Option<u64> {
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(me)
        .arg("--per-tile")
        .arg(games.to_string())
        .args(words)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    // "==123== I   refs:      34,069,786"
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .find_map(|l| l.split_once("refs:"))
        .and_then(|(_, n)| n.trim().replace(',', "").parse().ok())
}
