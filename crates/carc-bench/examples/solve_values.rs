//! Prints the search's value of every root move on many simulated positions (both goals, one
//! to three draws, boards of 20 to 65 tiles), one line per move, so that two builds can be
//! compared with `diff`: a change meant only for speed must print the very same lines.
//!
//! ```sh
//! cargo run --release -p carc-bench --example solve_values -- [SEEDS] > before.txt
//! ```

use carc_rules::{cut_position, solve, Cut, Goal, Limits};

fn main() {
    let seeds: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let (mut positions, mut moves) = (0, 0);
    for seed in 1..=seeds {
        for cut in [20, 40, 59, 65] {
            for draws in 1..=3 {
                for goal in [Goal::Final, Goal::Score] {
                    let Some(Cut {
                        game,
                        mover,
                        draws: tiles,
                    }) = cut_position(seed, cut, draws)
                    else {
                        continue;
                    };
                    let s = solve(&game, mover, &tiles, goal, Limits::default());
                    assert!(s.exact, "seed {seed} cut {cut}");
                    positions += 1;
                    for m in &s.moves {
                        moves += 1;
                        println!(
                            "{seed} {cut} {draws} {goal:?}: {:?} {:?} value {} points {} scores {:?}",
                            m.step, m.action, m.value, m.points, m.scores
                        );
                    }
                }
            }
        }
    }
    eprintln!("{positions} positions, {moves} moves");
}
