//! Worst-case timing of the reachability check on 72-tile setups from the engine's seeded
//! simulator. Run: `cargo run --release -p carc-analysis --example reach_bench [GAMES]`.
//!
//! For each seed (2–5 players, farmers on) the simulator plays a whole game; the board before
//! final scoring, meeples included, becomes a setup whose tile lines are shuffled (so the file
//! order is no hint). Three setups per game: `real` as played (reachable by construction),
//! `+1` and `+2` with one or two extra meeples put on features that already hold one (often
//! unreachable, the hard case). Each is analysed in full (`carc_analysis::analyze`: replay,
//! all checks) and classified by the hover card on its first line.

use std::time::{Duration, Instant};

use carc_rules::{Color, FeatureKind, Game, Place, Rng, Role, Sim};

fn role_word(r: Role) -> &'static str {
    match r {
        Role::Knight => "knight",
        Role::Traveller => "traveller",
        Role::Monk => "monk",
        Role::Farmer => "farmer",
    }
}

fn meeple_text(colour: Color, role: Role, place: Place) -> String {
    match role {
        Role::Monk => format!(" {} monk", colour.as_str()),
        _ => format!(
            " {} {} {}",
            colour.as_str(),
            role_word(role),
            place.as_str()
        ),
    }
}

/// The setup text of a game, tile lines shuffled, with `extra` meeples added.
fn setup(game: &Game, players: &[Color], rng: &mut Rng, extra: usize) -> String {
    let mut lines: Vec<(carc_rules::Pos, String)> = game
        .tiles()
        .iter()
        .map(|t| {
            let rot = t.rot.to_string();
            let mut line = format!("tile {} {} {rot}", t.tile.letter(), t.pos);
            if let Some(m) = game.meeples().find(|m| m.pos == t.pos) {
                line.push_str(&meeple_text(m.colour, m.role, m.place));
            }
            (t.pos, line)
        })
        .collect();
    let mut added = 0;
    let mut tries = 0;
    while added < extra && tries < 10_000 {
        tries += 1;
        let i = rng.below(lines.len() as u32) as usize;
        let pos = lines[i].0;
        if game.meeples().any(|m| m.pos == pos) || lines[i].1.split(' ').count() > 4 {
            continue;
        }
        let on = game.features_on(pos);
        let Some((seg, id)) = on.get(rng.below(on.len() as u32) as usize).copied() else {
            continue;
        };
        let Some(f) = game.feature(id) else { continue };
        if f.meeples.is_empty() || (f.complete && f.kind != FeatureKind::Field) {
            continue;
        }
        let colour = players[rng.below(players.len() as u32) as usize];
        let counted = lines
            .iter()
            .filter(|(_, l)| l.contains(&format!(" {} ", colour.as_str())))
            .count();
        if counted >= 7 {
            continue;
        }
        let Some(place) = seg.places.first() else {
            continue;
        };
        lines[i]
            .1
            .push_str(&meeple_text(colour, seg.kind.role(), place));
        added += 1;
    }
    for i in (1..lines.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        lines.swap(i, j);
    }
    let names: Vec<&str> = players.iter().map(|c| c.as_str()).collect();
    let mut text = format!("players {}\n", names.join(" "));
    for (_, line) in lines {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

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
    let names = ["reachable", "unreachable", "not proven", "skipped"];
    let mut classes: Vec<Vec<Class>> = (0..3)
        .map(|_| (0..4).map(|_| Class::default()).collect())
        .collect();
    for seed in 0..games {
        let players_n = 2 + (seed % 4) as usize;
        let mut sim = Sim::new(seed, players_n, true);
        sim.play_out();
        let players = &Color::ALL[..players_n];
        let mut rng = Rng::new(seed ^ 0x5eed);
        for (kind, extra) in [0usize, 1, 2].into_iter().enumerate() {
            let text = setup(sim.game(), players, &mut rng, extra);
            let start = Instant::now();
            let analysis = carc_analysis::analyze(&text);
            let took = start.elapsed();
            let card = carc_analysis::hover(&analysis, 0).map(|h| h.markdown);
            let class = match card.as_deref() {
                Some(c) if c.starts_with("**reachable") => 0,
                Some(c) if c.starts_with("**unreachable") => 1,
                Some(c) if c.starts_with("**reachability not proven") => 2,
                _ => 3,
            };
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
        "{games} simulated games (2-5 players, farmers), 72 tiles each; full analyze() per setup"
    );
    println!(
        "{:<6} {:<12} {:>6} {:>12} {:>12} {:>6}",
        "setup", "outcome", "count", "mean", "worst", "seed"
    );
    for (kind, label) in ["real", "+1", "+2"].iter().enumerate() {
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
}
