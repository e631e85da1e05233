//! One 3-draw search on a 60-tile board, for profiling (`perf record`, callgrind):
//! `cargo run --release -p carc-bench --example solve_one -- [SEED] [DRAWS] [CUT]` (the board
//! after CUT draws, default 59).

use carc_rules::{cut_position, solve, Cut, Goal, Limits};

fn main() {
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    let draws: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    let cut: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(59);
    let Some(Cut {
        game,
        mover,
        draws: tiles,
    }) = cut_position(seed, cut, draws)
    else {
        eprintln!("game {seed} has no turn at draw {}", cut + 1);
        return;
    };
    let start = std::time::Instant::now();
    let s = solve(&game, mover, &tiles, Goal::Final, Limits::default());
    println!(
        "seed {seed}, {draws} draws: {} nodes in {:.1} ms, exact {}",
        s.nodes,
        start.elapsed().as_secs_f64() * 1000.0,
        s.exact
    );
}
