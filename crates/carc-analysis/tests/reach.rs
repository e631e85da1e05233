//! Every witness of the reachability check is a real order of play: the benchmark's setups
//! (`examples/reach_bench.rs`, shared in `support/reach_setups.rs`) are analysed and each
//! witness found is replayed through the engine's own rules. The real boards are reachable by
//! construction, so none of them may be called unreachable.

#[path = "support/reach_setups.rs"]
mod reach_setups;

/// Seeds checked here (debug build); the benchmark checks 200 in release.
const SEEDS: u64 = 40;

#[test]
fn every_witness_replays_through_the_engine() {
    let mut found = 0;
    for seed in 0..SEEDS {
        for (kind, setup) in reach_setups::setups(seed).into_iter().enumerate() {
            let analysis = carc_analysis::analyze(&setup.text);
            let card = carc_analysis::hover(&analysis, 0).map(|h| h.markdown);
            let card = card.unwrap_or_default();
            if let Some(steps) = analysis.witness() {
                found += 1;
                assert!(card.starts_with("**reachable setup**"), "{card}");
                if let Err(e) = reach_setups::validate(&setup, steps) {
                    panic!(
                        "seed {seed}, {kind} extra: invalid witness: {e}\n{}",
                        setup.text
                    );
                }
            } else {
                // Real boards are reachable by construction (the game's own order), and the
                // search finds an order for every one of them.
                assert!(
                    kind != 0,
                    "seed {seed}: a real board without witness: {card}"
                );
            }
        }
    }
    assert!(found >= SEEDS as usize, "{found} witnesses");
}

#[test]
fn the_validator_refuses_a_broken_witness() {
    // The witness of a real board, with two turns swapped: colours no longer rotate (or a
    // tile comes before its neighbours), so the check must fail.
    let setup = &reach_setups::setups(3)[0];
    let analysis = carc_analysis::analyze(&setup.text);
    let steps = analysis.witness().expect("seed 3 is proven reachable");
    assert_eq!(reach_setups::validate(setup, steps), Ok(()));
    let mut broken = steps.to_vec();
    broken.swap(0, 1);
    assert!(reach_setups::validate(setup, &broken).is_err());
    let mut short = steps.to_vec();
    short.pop();
    assert!(reach_setups::validate(setup, &short).is_err());
}
