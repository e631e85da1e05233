//! Plays random full games, for a profiler: `cargo run --profile profiling -p carc-bench
//! --example games -- [GAMES] [PLAYERS]` (2-player games with farmers by default; the release
//! build with debug info, binary in target/profiling/examples/).

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(10_000, |n| n.parse().expect("a count"));
    let players: usize = args.next().map_or(2, |n| n.parse().expect("a count"));
    let run = carc_bench::games::time_games(games, players, 0);
    let (per, check) = (run.seconds_per_game, run.checksum);
    println!(
        "{games} games of {players}: {:.0} games/s (checksum {check})",
        1.0 / per
    );
}
