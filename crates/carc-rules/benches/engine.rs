//! Engine benchmark without dependencies: `cargo bench -p carc-rules`.
//!
//! 1. Legal-move generation on a full board (the board after a complete random game).
//! 2. Complete random 2-player games per second, farmers included (placement, random choice,
//!    deployment, scoring, final scoring), on one core.

use carc_rules::{Sim, TileType};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    // --- legal-move generation on a full board
    let mut sim = Sim::new(7, 2, true);
    sim.play_out();
    let g = sim.game().clone();
    let n_cells = g.open_cells().count();
    let iters = 20_000u32;
    let start = Instant::now();
    let mut total = 0usize;
    for _ in 0..iters {
        for t in TileType::of_set(carc_rules::TileSet::Base) {
            total += black_box(&g).legal_placements(black_box(t)).len();
        }
    }
    let el = start.elapsed();
    println!(
        "legal_placements on a full board ({} tiles, {} open cells): {:.0} ns per tile type ({} moves total)",
        g.tiles().len(),
        n_cells,
        el.as_nanos() as f64 / (iters as f64 * 24.0),
        total / iters as usize
    );
    let start = Instant::now();
    let mut any = 0usize;
    for _ in 0..iters {
        for t in TileType::of_set(carc_rules::TileSet::Base) {
            any += black_box(&g).has_legal_placement(black_box(t)) as usize;
        }
    }
    let el = start.elapsed();
    println!(
        "has_legal_placement on a full board: {:.0} ns per tile type ({any})",
        el.as_nanos() as f64 / (iters as f64 * 24.0)
    );

    // --- full random games
    let mut sim = Sim::new(0, 2, true);
    // warm-up
    for seed in 0..2_000u64 {
        sim.reset(seed, 2, true);
        black_box(sim.run_fast());
    }
    let games = 200_000u64;
    let start = Instant::now();
    let mut check = 0i64;
    for seed in 0..games {
        sim.reset(seed, 2, true);
        let s = sim.run_fast();
        check = check.wrapping_add(s[0] + s[1]);
    }
    let el = start.elapsed();
    let per = el.as_secs_f64() / games as f64;
    println!(
        "random 2-player games with farmers: {:.0} games/s ({:.1} µs per game; checksum {})",
        1.0 / per,
        per * 1e6,
        black_box(check)
    );
}
