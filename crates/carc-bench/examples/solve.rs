//! The look-ahead search's figures (README, Performance): nodes per second, the time to solve a
//! last-tile and a 3-draw puzzle on a 60-tile board, and the worst case of 100 generated
//! puzzles. Release build:
//!
//! ```sh
//! cargo run --release -p carc-bench --example solve -- [GAMES] [--boards-only]
//! ```
//!
//! The 60-tile boards are the simulator's games (2 players, farmers on) stopped after 59 draws
//! (the start tile and 59 more: 60 tiles, fewer when tiles were discarded); the draws are the
//! next tiles of the same game. `GAMES` (default 10) boards are solved and the median and worst
//! are printed.

use std::time::{Duration, Instant};

use carc_analysis::{analyze, generate, GenOptions};
use carc_rules::{cut_position, solve, Cut, Goal, Limits};

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// Solves `games` boards cut after each of `cuts` draws, with `draws` draws; prints median
/// and worst time, nodes/s.
fn boards(games: u64, cuts: &[usize], draws: usize, label: &str) {
    let mut times = Vec::new();
    let (mut nodes, mut total) = (0u64, Duration::ZERO);
    let mut tiles_on_board = Vec::new();
    let mut worst_case = (Duration::ZERO, 0, 0, 0);
    for (seed, &cut) in (1..=games).flat_map(|s| cuts.iter().map(move |c| (s, c))) {
        let Some(Cut {
            game,
            mover,
            draws: tiles,
        }) = cut_position(seed, cut, draws)
        else {
            continue;
        };
        tiles_on_board.push(game.tiles().len());
        let start = Instant::now();
        let s = solve(&game, mover, &tiles, Goal::Final, Limits::default());
        let took = start.elapsed();
        assert!(s.exact, "seed {seed}: the default budget ran out");
        times.push(took);
        if took > worst_case.0 {
            worst_case = (took, seed, cut, s.nodes);
        }
        nodes += s.nodes;
        total += took;
    }
    times.sort();
    let median = times[times.len() / 2];
    let worst = times[times.len() - 1];
    println!(
        "{label}: {} boards of {}–{} tiles: median {}, worst {} (game {}, cut {}, {} nodes), {:.0} nodes/s ({} nodes)",
        times.len(),
        tiles_on_board.iter().min().unwrap_or(&0),
        tiles_on_board.iter().max().unwrap_or(&0),
        ms(median),
        ms(worst),
        worst_case.1,
        worst_case.2,
        worst_case.3,
        nodes as f64 / total.as_secs_f64(),
        nodes
    );
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    boards(games, &[59], 1, "last tile (1 draw)");
    boards(games, &[59], 2, "2 draws");
    boards(games, &[59], 3, "3 draws");
    // the issue-28 row: three draws on boards of 60 to 70 tiles
    boards(games, &[59, 62, 65, 68], 3, "3 draws, 60–70 tiles");
    if std::env::args().nth(2).as_deref() == Some("--boards-only") {
        return;
    }

    // 100 generated puzzles: the generation itself, then each file's whole analysis (the
    // puzzle check's budgeted search included), as the editor runs it
    for draws in [1, 2] {
        let options = GenOptions {
            draws,
            count: 100,
            ..GenOptions::default()
        };
        let start = Instant::now();
        let puzzles = generate(&options);
        let generating = start.elapsed();
        let mut worst = (Duration::ZERO, 0u64);
        let mut worst_nodes = 0;
        for p in &puzzles {
            let start = Instant::now();
            let analysis = analyze(&p.text);
            let took = start.elapsed();
            assert!(analysis.diagnostics().is_empty(), "{}", p.text);
            if took > worst.0 {
                worst = (took, p.seed);
            }
            worst_nodes = worst_nodes.max(p.nodes);
        }
        println!(
            "100 generated puzzles, {draws} draw{}: {} written in {:.1} s; worst analysis {} (seed {}), most nodes {}",
            if draws == 1 { "" } else { "s" },
            puzzles.len(),
            generating.as_secs_f64(),
            ms(worst.0),
            worst.1,
            worst_nodes
        );
    }
}
