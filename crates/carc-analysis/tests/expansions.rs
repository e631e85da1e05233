//! Random games with The Abbot and Inns & Cathedrals: the simulator's choices (large meeples,
//! abbots, recalls, the expansions' tiles) written as `.carc` files must check clean, and the
//! replay of each file must reach the simulator's final scores.

use carc_analysis::{analyze, Code, Severity};
use carc_rules::{simulate_sets, Action, Figure, Limits, Place, Role, Step, TileSet};

#[path = "support/sim_games.rs"]
mod sim_games;

#[test]
fn random_games_with_both_sets_check_clean_and_agree_on_the_scores() {
    let sets = [TileSet::Abbot, TileSet::InnsCathedrals];
    let (mut large, mut abbots, mut recalls) = (0, 0, 0);
    for seed in 0..40 {
        let rec = simulate_sets(seed, 2, true, &sets);
        // the simulator's totals, as an assertion the replay must meet
        sim_games::checks_clean(&rec, seed);
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

#[test]
fn random_games_after_a_river_opening_check_clean_and_agree_on_the_scores() {
    // `rules river abbot inns-cathedrals`: the spring, the 11 other river tiles (the lake
    // last), then the 71 base tiles (gardens in place of 8 copies) and Inns & Cathedrals' 18
    let sets = [TileSet::River, TileSet::Abbot, TileSet::InnsCathedrals];
    let (mut river_figures, mut warnings) = (0, 0);
    for seed in 0..24 {
        let rec = simulate_sets(seed, 2 + (seed % 4) as usize, seed % 3 != 0, &sets);
        assert_eq!(rec.steps.len(), 11 + 71 + 18, "seed {seed}");
        let tokens: Vec<&str> = rec
            .steps
            .iter()
            .map(|s| match s {
                Step::Turn { tile, .. } | Step::Discard { tile } => tile.token(),
            })
            .collect();
        assert!(
            tokens[..11].iter().all(|t| t.starts_with("r.")),
            "{tokens:?}"
        );
        assert_eq!(tokens[10], "r.L", "the lake closes the river");
        assert!(tokens[11..].iter().all(|t| !t.starts_with("r.")));
        // figures on river tiles too (the abbot in r.J's garden, a large meeple …)
        river_figures += rec.actions[..11]
            .iter()
            .filter(|a| **a != Action::Plain)
            .count();
        let mut text = carc_analysis::game_text(&rec, &format!("river game {seed}"), &[]);
        assert!(text.contains(" abbot inns-cathedrals river\n"), "{text}");
        assert!(text.contains("tile r.A 0,0\n"));
        let totals: Vec<String> = rec.scores.iter().map(|(c, s)| format!("{c} {s}")).collect();
        text.push_str(&format!("expect score {}\n", totals.join(", ")));
        for d in analyze(&text).diagnostics() {
            // a land tile while the river is open happens only when a river tile was
            // discarded (the river got stuck): a warning, never an error
            assert_eq!(d.code, Code::RiverOrder, "seed {seed}: {d:?}\n{text}");
            assert_eq!(d.severity, Severity::Warning);
            warnings += 1;
        }
    }
    eprintln!("river + abbot + inns-cathedrals games: {river_figures} special figures or recalls on river turns, {warnings} river-order warnings");
    assert!(river_figures > 0);
}

#[test]
fn moves_list_the_large_meeple_the_abbot_and_recall() {
    // red's abbot stands in the garden of Eg r180 at 0,1 (neighbours: D only)
    let text =
        "rules abbot inns-cathedrals\nplayers red blue\ntile D 0,0\ntile Eg 0,1 r180 red abbot\n";
    let list = carc_analysis::moves(&analyze(text), "U", None).unwrap();
    let texts: Vec<&str> = list.moves.iter().map(|m| m.text.as_str()).collect();
    // U r90 at 1,0 is the garden's second neighbour: recalling scores 1 + 2 = 3 at once
    let recall = list
        .moves
        .iter()
        .find(|m| m.text == "U 1,0 r90 recall")
        .unwrap_or_else(|| panic!("{texts:?}"));
    assert_eq!((recall.points, recall.figure), (3, Some("recall")));
    // the large meeple wherever a meeple may go
    assert!(texts.contains(&"U 1,0 r90 large traveller E"), "{texts:?}");
    assert!(texts.contains(&"U 1,0 r90 traveller E"), "{texts:?}");
    // the abbot is on the board already, and U has no monastery or garden: no `abbot` move
    assert!(!texts.iter().any(|t| t.ends_with(" abbot")), "{texts:?}");
    // red's abbot is in use: no `abbot` on a monastery either; without it on the board, yes
    let list = carc_analysis::moves(&analyze(text), "B", None).unwrap();
    assert!(list.moves.iter().all(|m| m.figure != Some("abbot")));
    let free = "rules abbot\nplayers red blue\ntile D 0,0\n";
    let list = carc_analysis::moves(&analyze(free), "B", None).unwrap();
    assert!(list
        .moves
        .iter()
        .any(|m| m.figure == Some("abbot") && m.text.ends_with(" abbot")));
    // an empty supply leaves the large meeple (it is not one of the 7)
    let empty = "rules inns-cathedrals\nplayers red blue\ntile D 0,0\nsupply red 0\n";
    let list = carc_analysis::moves(&analyze(empty), "U", None).unwrap();
    let texts: Vec<&str> = list.moves.iter().map(|m| m.text.as_str()).collect();
    assert!(texts.contains(&"U 1,0 r90 large traveller E"), "{texts:?}");
    assert!(!texts.contains(&"U 1,0 r90 traveller E"), "{texts:?}");
    // without the sets, none of these words
    let base = "players red blue\ntile D 0,0\n";
    let list = carc_analysis::moves(&analyze(base), "U", None).unwrap();
    assert!(list.moves.iter().all(|m| m.figure.is_none()));
}

const LARGE: &str = include_str!("../../../examples/puzzles/large-meeple.carc");

#[test]
fn the_puzzle_check_and_solve_search_the_large_meeple() {
    // valued by hand in crates/carc-rules/tests/search.rs: the large traveller at 3,0 is the
    // unique best (+0), the ordinary traveller there −1; 28 moves
    let analysis = analyze(LARGE);
    assert!(
        analysis.diagnostics().is_empty(),
        "{:?}",
        analysis.diagnostics()
    );
    let lens: Vec<String> = carc_analysis::code_lenses(&analysis)
        .into_iter()
        .map(|l| l.title)
        .collect();
    assert_eq!(lens, ["28 legal moves · this is the unique best, +0"]);
    let solved = carc_analysis::solve(&analysis, None, None, Limits::default()).unwrap();
    let top: Vec<(&str, &str)> = solved.moves[..2]
        .iter()
        .map(|m| (m.text.as_str(), m.value_text.as_str()))
        .collect();
    assert_eq!(
        top,
        [
            ("U 3,0 r90 large traveller E", "+0"),
            ("U 3,0 r90 traveller E", "-1")
        ]
    );
    // blue's expected reply does not join the roads at 1,0 after the large traveller, and
    // does after the ordinary one
    assert!(
        !solved.moves[0].line[0].contains(" 1,0 "),
        "{:?}",
        solved.moves[0].line
    );
    assert_eq!(solved.moves[1].line, ["blue U 1,0 r90"]);
    // the ordinary traveller as the answer is not the best, and the message says why
    let worse = LARGE.replace("large traveller E\n", "traveller E\n");
    let message = not_best(&worse);
    let better = "U 3,0 r90 large traveller E is worth +0 for red, the answer -1";
    assert!(message.contains(better), "{message}");
}

/// The message of the one diagnostic of `text`, which must be `not-best`.
fn not_best(text: &str) -> String {
    let d = analyze(text).diagnostics().to_vec();
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].code, Code::NotBest);
    d[0].message.clone()
}

/// Red plays alone, farmers off, red's supply empty; red's abbot stands on the monastery B at
/// 0,0 and the draws are B, B. Recalling it with the first B (+2 at once) lets the second B
/// take it (1 + 2 at the end): 5. Without a recall the abbot at 0,0 scores 3 (valued by hand
/// in crates/carc-rules/tests/search.rs). The four cells next to 0,0 are alike.
const RECALL: &str = "puzzle final\nplayers red\nrules no-farmers abbot\ndraws B B\n\
                      tile B 0,0 red abbot\nsupply red 0\nturn red B 1,0 recall\n";

#[test]
fn the_puzzle_check_and_solve_search_recalls() {
    let analysis = analyze(RECALL);
    let solved = carc_analysis::solve(&analysis, None, None, Limits::default()).unwrap();
    let values: Vec<(&str, i64)> = solved
        .moves
        .iter()
        .map(|m| (m.text.as_str(), m.value))
        .collect();
    assert_eq!(values.len(), 8, "{values:?}");
    assert!(values[..4]
        .iter()
        .all(|(t, v)| t.ends_with(" recall") && *v == 5));
    assert!(values[4..]
        .iter()
        .all(|(t, v)| !t.contains("recall") && *v == 3));
    // after the recall, the abbot goes on the second B
    assert!(
        solved.moves[0].line[0].ends_with(" abbot"),
        "{:?}",
        solved.moves[0].line
    );
    // the answer is a best move, tied with the three other cells
    let codes: Vec<Code> = analysis.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::NotUnique]);
    // without the recall it is not the best
    let message = not_best(&RECALL.replace(" recall", ""));
    assert!(
        message.contains("recall is worth +5 for red, the answer +3"),
        "{message}"
    );
}

#[test]
fn the_points_puzzle_check_ranks_recalls() {
    // red's abbot in the garden of Eg at 0,1 (neighbour: D). A U at 1,0 r90 (on D's road) is
    // its second neighbour: recalling scores 1 + 2 = 3 at once; the plain placement 0 (the
    // road D–U stays open). U -1,0 r90 is the first cell in order with the same recall.
    let text = "puzzle\nplayers red blue\nrules abbot\ntile D 0,0\ntile Eg 0,1 r180 red abbot\n\
                turn red U 1,0 r90\n";
    let message = not_best(text);
    assert!(
        message.contains("U -1,0 r90 recall scores +3 for red, the answer +0"),
        "{message}"
    );
    // the recall itself is a best answer, tied with recalls elsewhere
    let recall = text.replace("r90\n", "r90 recall\n");
    let codes: Vec<Code> = analyze(&recall)
        .diagnostics()
        .iter()
        .map(|d| d.code)
        .collect();
    assert_eq!(codes, [Code::NotUnique]);
}

#[test]
fn random_games_put_farmers_on_half_sides_and_inner_fields() {
    // Fields without a whole corner: the inner fields of ic.H, tb.M, tb.N, tb.P and tb.X, and
    // the fields of tb.I, tb.O and tb.W that hold one half-side of their split corner (SSE or
    // ESE at r0). The simulator names them `inner` or by the half-side, and each game written
    // as a file checks clean (a farmer or pig there is legal and scores as the simulator says).
    let sets = [TileSet::InnsCathedrals, TileSet::TradersBuilders];
    let (mut halves, mut inner) = (0, 0);
    for seed in 0..30 {
        let rec = simulate_sets(seed, 2 + seed as usize % 3, true, &sets);
        sim_games::checks_clean(&rec, seed);
        for step in &rec.steps {
            if let Step::Turn {
                meeple: Some((Role::Farmer, place)),
                ..
            } = step
            {
                match place {
                    Place::Half(_) => halves += 1,
                    Place::Inner => inner += 1,
                    _ => {}
                }
            }
        }
    }
    eprintln!("farmers or pigs named by a half-side: {halves}, on an inner field: {inner}");
    assert!(halves > 0 && inner > 0, "{halves} {inner}");
}
