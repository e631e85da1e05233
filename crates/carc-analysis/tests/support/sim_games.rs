//! A simulated game as a `.carc` file that must check clean: shared by `tests/expansions.rs`
//! and `tests/builder.rs` (both include it with `#[path]`).

use carc_analysis::analyze;
use carc_rules::GameRecord;

/// Writes `rec` as a `.carc` file with the simulator's totals as a closing `expect score`,
/// asserts that it checks clean (so that the replay reaches the simulator's scores) and
/// returns the text.
pub fn checks_clean(rec: &GameRecord, seed: u64) -> String {
    let mut text = carc_analysis::game_text(rec, &format!("random game {seed}"), &[]);
    let totals: Vec<String> = rec.scores.iter().map(|(c, s)| format!("{c} {s}")).collect();
    text.push_str(&format!("expect score {}\n", totals.join(", ")));
    let analysis = analyze(&text);
    let found: Vec<String> = analysis
        .diagnostics()
        .iter()
        .map(|d| format!("{}: {}", d.code.as_str(), d.message))
        .collect();
    assert!(found.is_empty(), "seed {seed}: {found:?}\n{text}");
    text
}
