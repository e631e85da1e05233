//! Generates legal placements on a 72-tile board repeatedly, for a profiler:
//! `cargo run --release -p carc-bench --example legal -- [TIMES]` (every tile type each time).

use std::hint::black_box;

use carc_rules::{Sim, TileType};

fn main() {
    let times: usize = std::env::args()
        .nth(1)
        .map_or(10_000, |n| n.parse().expect("a count"));
    let mut sim = Sim::new(7, 2, true);
    sim.play_out();
    let board = sim.game().clone();
    let start = std::time::Instant::now();
    let mut moves = 0;
    for _ in 0..times {
        for t in TileType::of_set(carc_rules::TileSet::Base) {
            moves += black_box(&board).legal_placements(black_box(t)).len();
        }
    }
    println!(
        "{:.0} ns per tile type ({} moves for all types)",
        start.elapsed().as_secs_f64() * 1e9
            / (times * TileType::of_set(carc_rules::TileSet::Base).count()).max(1) as f64,
        moves / times.max(1)
    );
}
