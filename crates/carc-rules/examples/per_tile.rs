//! The cost of a placed tile in random games of one set combination, for instruction counts
//! under `valgrind --tool=callgrind` (README "Performance"): plays `GAMES` seeded 2-player
//! games with farmers under the sets named (`abbot`, `inns-cathedrals`, `river`,
//! `traders-builders`; none for the base game) and prints the tiles placed. Run once with
//! `GAMES` and once with 0: the difference of the two instruction counts over the tiles placed
//! is the cost per tile.
//!
//! ```sh
//! cargo build --release -p carc-rules --example per_tile
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/per_tile 200 abbot river
//! ```

use carc_rules::{Sim, Step, TileSet};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let sets: Vec<TileSet> = args
        .filter_map(|w| TileSet::ALL.into_iter().find(|s| s.as_str() == w))
        .collect();
    let mut sim = Sim::with_sets(0, 2, true, &sets);
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
    println!("{tiles}");
}
