//! Plays random full games, for a profiler: `cargo run --release -p carc-bench --example games
//! -- [GAMES] [PLAYERS]` (2-player games with farmers by default).

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(10_000, |n| n.parse().expect("a count"));
    let players: usize = args.next().map_or(2, |n| n.parse().expect("a count"));
    let mut sim = carc_rules::Sim::new(0, players, true);
    let start = std::time::Instant::now();
    let mut check = 0i64;
    for seed in 0..games {
        sim.reset(seed, players, true);
        check = check.wrapping_add(sim.run_fast().iter().sum::<i64>());
    }
    let per = start.elapsed().as_secs_f64() / games as f64;
    println!(
        "{games} games of {players}: {:.0} games/s (checksum {check})",
        1.0 / per
    );
}
