//! Random games with The Abbot and Inns & Cathedrals: the simulator's choices (large meeples,
//! abbots, recalls, the expansions' tiles) written as `.carc` files must check clean, and the
//! replay of each file must reach the simulator's final scores.

use carc_analysis::analyze;
use carc_rules::{simulate_sets, Action, Figure, TileSet};

#[test]
fn random_games_with_both_sets_check_clean_and_agree_on_the_scores() {
    let sets = [TileSet::Abbot, TileSet::InnsCathedrals];
    let (mut large, mut abbots, mut recalls) = (0, 0, 0);
    for seed in 0..40 {
        let rec = simulate_sets(seed, 2, true, &sets);
        let mut text = rec.to_carc(&format!("random game {seed}"), &[]);
        // the simulator's totals, as an assertion the replay must meet
        let totals: Vec<String> = rec.scores.iter().map(|(c, s)| format!("{c} {s}")).collect();
        text.push_str(&format!("expect score {}\n", totals.join(", ")));
        let analysis = analyze(&text);
        let found: Vec<String> = analysis
            .diagnostics()
            .iter()
            .map(|d| format!("{}: {}", d.code.as_str(), d.message))
            .collect();
        assert!(found.is_empty(), "seed {seed}: {found:?}\n{text}");
        for a in &rec.actions {
            match a {
                Action::Figure(Figure::LargeMeeple) => large += 1,
                Action::Figure(Figure::Abbot) => abbots += 1,
                Action::Recall => recalls += 1,
                _ => {}
            }
        }
        // 72 tiles of the base box (gardens in place of 8 copies) and 18 of Inns &
        // Cathedrals: 89 draws after the start tile
        assert_eq!(rec.steps.len(), 71 + 18, "seed {seed}");
    }
    // the games did use every new choice
    assert!(
        large > 0 && abbots > 0 && recalls > 0,
        "{large} {abbots} {recalls}"
    );
}
