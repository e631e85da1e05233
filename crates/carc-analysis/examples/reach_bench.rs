//! Worst-case timing of the reachability check on 72-tile setups from the engine's seeded
//! simulator. Run: `cargo run --release -p carc-analysis --example reach_bench [GAMES] [DIR]`.
//!
//! For each seed (2–5 players, farmers on) the simulator plays a whole game; the board before
//! final scoring, meeples included, becomes a setup whose tile lines are shuffled (so the file
//! order is no hint). Three setups per game: `real` as played (reachable by construction),
//! `+1` and `+2` with one or two extra meeples put on features that already hold one (often
//! unreachable, the hard case). Each is analysed in full (`carc_analysis::analyze`: replay,
//! all checks) and classified by the hover card on its first line. Every witness found is
//! replayed through the engine (`tests/support/reach_setups.rs`); an invalid one, or a `real`
//! setup called unreachable, stops the run. With `DIR`, the setups not proven are written
//! there as `LABEL-SEED.carc`.

use std::time::{Duration, Instant};

#[path = "../tests/support/reach_setups.rs"]
mod reach_setups;

#[derive(Default)]
struct Class {
    count: usize,
    total: Duration,
    worst: Duration,
    worst_seed: u64,
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let dump = std::env::args().nth(2);
    let names = ["reachable", "unreachable", "not proven", "skipped"];
    let labels = ["real", "+1", "+2"];
    let mut classes: Vec<Vec<Class>> = (0..3)
        .map(|_| (0..4).map(|_| Class::default()).collect())
        .collect();
    let mut all: Vec<Duration> = Vec::new();
    for seed in 0..games {
        for (kind, setup) in reach_setups::setups(seed).into_iter().enumerate() {
            let start = Instant::now();
            let analysis = carc_analysis::analyze(&setup.text);
            let took = start.elapsed();
            all.push(took);
            let card = carc_analysis::hover(&analysis, 0).map(|h| h.markdown);
            let class = match card.as_deref() {
                Some(c) if c.starts_with("**reachable") => 0,
                Some(c) if c.starts_with("**unreachable") => 1,
                Some(c) if c.starts_with("**reachability not proven") => 2,
                _ => 3,
            };
            if let Some(steps) = analysis.witness() {
                if let Err(e) = reach_setups::validate(&setup, steps) {
                    panic!("seed {seed} {}: invalid witness: {e}", labels[kind]);
                }
            }
            assert!(
                !(kind == 0 && class == 1),
                "seed {seed}: a real board called unreachable"
            );
            if let (2, Some(dir)) = (class, &dump) {
                let path = format!("{dir}/{}-{seed}.carc", labels[kind]);
                std::fs::write(&path, &setup.text).expect("writable dump directory");
            }
            let c = &mut classes[kind][class];
            c.count += 1;
            c.total += took;
            if took > c.worst {
                c.worst = took;
                c.worst_seed = seed;
            }
        }
    }
    println!(
        "{games} simulated games (2-5 players, farmers), 72 tiles each; full analyze() per setup; every witness validated"
    );
    println!(
        "{:<6} {:<12} {:>6} {:>12} {:>12} {:>6}",
        "setup", "outcome", "count", "mean", "worst", "seed"
    );
    for (kind, label) in labels.iter().enumerate() {
        for (class, name) in names.iter().enumerate() {
            let c = &classes[kind][class];
            if c.count == 0 {
                continue;
            }
            println!(
                "{:<6} {:<12} {:>6} {:>12.3?} {:>12.3?} {:>6}",
                label,
                name,
                c.count,
                c.total / c.count as u32,
                c.worst,
                c.worst_seed
            );
        }
    }
    all.sort();
    if let (Some(median), Some(p99)) = (all.get(all.len() / 2), all.get(all.len() * 99 / 100)) {
        println!("all setups: median {median:.3?}, 99th percentile {p99:.3?}");
    }
}
