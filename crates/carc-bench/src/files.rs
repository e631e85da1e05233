//! The benchmark's `.carc` files, all games of the rules engine's simulator (written by `carc_analysis::game_text`) (so every turn
//! and meeple is legal): a full 72-tile game, and long synthetic games over `rules boxes N`.

use carc_analysis::game_text;
use carc_rules::{simulate, simulate_boxes};

/// Lines of a synthetic file besides its turns: comment, title, players, rules, start tile, end.
const SYNTHETIC_OVERHEAD: usize = 6;

/// A seeded random full 2-player game with farmers: every tile of one box, as a `.carc` file
/// (a non-ASCII note exercises the server's UTF-16 conversions).
pub fn game(seed: u64) -> String {
    game_text(
        &simulate(seed, 2, true),
        &format!("Benchmark game, seed {seed}"),
        &["Généré par le simulateur 😀"],
    )
}

/// A file of exactly `lines` lines (at least 7) that checks clean: one long random 2-player
/// game with farmers on one board, drawing from `rules boxes N` boxes shuffled together
/// (N = as many boxes as the turns need), stopped after `lines - 6` draws, then `end`.
pub fn synthetic(lines: usize, seed: u64) -> String {
    let draws = lines.saturating_sub(SYNTHETIC_OVERHEAD).max(1);
    let boxes = u32::try_from((draws + 1).div_ceil(carc_rules::TOTAL_TILES)).unwrap_or(u32::MAX);
    game_text(
        &simulate_boxes(seed, 2, true, boxes, draws),
        &format!("Synthetic game, {lines} lines, seed {seed}"),
        &[],
    )
}

/// A file of a start tile and `lines` lines that do not parse (issue 25: 100,000 of them took
/// 52.6 s, one scan of every line per syntax error).
pub fn syntax_errors(lines: usize) -> String {
    format!("tile D 0,0\n{}", "this is not carc\n".repeat(lines))
}

/// A file of a start tile and `lines` `mark` lines on distinct cells (issue 25: 100,000 of
/// them took 35 s, one scan of the marks per mark).
pub fn marks(lines: usize) -> String {
    let mut text = String::from("tile D 0,0\n");
    for i in 0..lines {
        text.push_str(&format!("mark {},{} \"m\"\n", i % 1000, i / 1000 + 1));
    }
    text
}

/// A setup of `tiles` tiles (at least 2) and no turn: the board of a long random game
/// (as [`synthetic`]), each tile a setup `tile` line, under `rules boxes N`: what the
/// reachability check's model is built from (issue 25: 10,000 tiles took 49 s).
pub fn setup(tiles: usize, seed: u64) -> String {
    let game = synthetic(tiles + SYNTHETIC_OVERHEAD - 1, seed);
    let mut out = String::with_capacity(24 * tiles);
    for line in game.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["turn" | "bonus", _colour, tile, at, rotation, ..] => {
                out.push_str(&format!("tile {tile} {at} {rotation}\n"));
            }
            ["end"] => {}
            [first, ..] if first.starts_with("discard") => {}
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// A clean game of `turns` turns (as [`synthetic`]) and then, before its `end`, `depth`
/// nested empty `variation` blocks (issue 25: 4,000 turns and 10,000 blocks took 9.65 GB).
pub fn nested_variations(turns: usize, depth: usize, seed: u64) -> String {
    let game = synthetic(turns + SYNTHETIC_OVERHEAD, seed);
    let body = game.strip_suffix("end\n").unwrap_or(&game);
    format!(
        "{body}{}{}end\n",
        "variation \"deeper\" {\n".repeat(depth),
        "}\n".repeat(depth)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setups_and_nested_variations_check_clean() {
        for text in [setup(300, 1), nested_variations(300, 50, 1)] {
            let analysis = carc_analysis::analyze(&text);
            assert!(
                analysis.diagnostics().is_empty(),
                "{:?}",
                analysis.diagnostics()
            );
        }
    }

    #[test]
    fn synthetic_files_have_the_asked_lines_and_check_clean() {
        for lines in [7, 100, 1000] {
            let text = synthetic(lines, 1);
            assert_eq!(text.lines().count(), lines);
            let analysis = carc_analysis::analyze(&text);
            assert_eq!(analysis.diagnostics(), &[], "{lines} lines");
        }
        let analysis = carc_analysis::analyze(&game(7));
        assert_eq!(analysis.diagnostics(), &[]);
    }
}
