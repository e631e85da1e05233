//! `rules river` in the analysis: completion offers The River's tiles only when it is on,
//! hover tells where the river goes on and which way it last turned, `carc moves` lists only
//! the moves that continue the river, the rotate fix offers no U-turn.

use carc_analysis::{
    analyze, code_actions, completions, hover, moves, Code, CompletionKind, Severity, Span,
};

const OPENING: &str =
    "rules river\nplayers red blue\ntile r.A 0,0\ntile r.D 1,0\nturn red r.G 2,0\n";

#[test]
fn completion_offers_river_tiles_under_rules_river() {
    let text = format!("{OPENING}turn blue ");
    let items = completions(&analyze(&text), text.len());
    // 24 base types, 11 river rows (r.F is another name of r.D) and the 8 garden tiles of
    // the base box (legal in every file)
    assert_eq!(items.len(), 24 + 11 + 8);
    assert!(items.iter().any(|i| i.label == "r.L"));
}

#[test]
fn hover_on_a_river_tile_tells_the_open_end_and_the_last_turn() {
    let analysis = analyze(OPENING);
    let at = OPENING.find("r.G").unwrap();
    let card = hover(&analysis, at).expect("a card").markdown;
    // r.G at 2,0 turns the water from east to south: the river goes on at 2,-1
    assert!(
        card.contains("open end at 2,-1 (south of 2,0) · last turned right"),
        "{card}"
    );
    let at = OPENING.find("r.D").unwrap();
    let card = hover(&analysis, at).expect("a card").markdown;
    // on the setup line the river has not turned yet
    assert!(
        card.contains("open end at 2,0 (east of 1,0) · no turn yet"),
        "{card}"
    );
}

#[test]
fn moves_of_a_river_tile_continue_the_river_without_a_u_turn() {
    let analysis = analyze(OPENING);
    let list = moves(&analysis, "r.J", None).unwrap();
    // only at 2,-1, where the river goes on; r90 (water N and W) would turn right again:
    // only r180 (water N and E, a left turn) is left
    let cells: Vec<(i32, i32, &str)> = list.moves.iter().map(|m| (m.x, m.y, m.rotation)).collect();
    assert!(!cells.is_empty());
    assert!(cells.iter().all(|c| *c == (2, -1, "r180")), "{cells:?}");
    // a land tile goes anywhere it fits (a warning, not an error, while the river is open)
    assert!(moves(&analysis, "B", None).unwrap().placements > 1);
}

#[test]
fn the_warning_for_a_land_tile_does_not_make_the_turn_illegal() {
    // the monastery B south of the spring: 1 + 1 (spring) + 1 (r.D diagonally) = 3 if the game
    // ended now, and nothing at once: `=> nothing` is checked and holds
    let text = format!("{OPENING}turn blue B 0,-1 monk => nothing\n");
    let analysis = analyze(&text);
    let found: Vec<(Code, Severity)> = analysis
        .diagnostics()
        .iter()
        .map(|d| (d.code, d.severity))
        .collect();
    assert_eq!(found, [(Code::RiverOrder, Severity::Warning)]);
    let wrong = format!("{OPENING}turn blue B 0,-1 monk => blue +1\n");
    assert!(analyze(&wrong)
        .diagnostics()
        .iter()
        .any(|d| d.code == Code::ScoreMismatch));
}

/// The River's worked example of the project's expansions spec, verbatim.
const SPEC_EXAMPLE: &str = "# River: two right turns in a row
rules farmers river
players red blue
tile r.A 0,0                          # the spring; the river leaves east
tile r.D 1,0
turn red r.G 2,0                      # west, then south: a right turn
turn blue r.J 2,-1 r90                # north, then west: right again: river-uturn (r180 turns left: legal)
";

#[test]
fn the_spec_example_checks_as_stated() {
    let analysis = analyze(SPEC_EXAMPLE);
    let found: Vec<(usize, Code)> = analysis
        .diagnostics()
        .iter()
        .map(|d| {
            (
                SPEC_EXAMPLE[..d.span.start].matches('\n').count() + 1,
                d.code,
            )
        })
        .collect();
    // exactly one finding: river-uturn on the last line (7)
    assert_eq!(found, [(7, Code::RiverUturn)]);
    // and r180 turns left: legal
    let legal = SPEC_EXAMPLE.replace("2,-1 r90", "2,-1 r180");
    assert!(analyze(&legal).diagnostics().is_empty());
}

#[test]
fn simulated_river_games_check_clean() {
    let mut warnings = 0;
    for seed in 0..24u64 {
        let record = carc_rules::simulate_river(seed, 2 + (seed % 4) as usize, seed % 2 == 0);
        // the river opening: the 11 river tiles after the spring come first, the lake last
        let river: Vec<&str> = record
            .steps
            .iter()
            .take(11)
            .map(|s| match s {
                carc_rules::Step::Turn { tile, .. } | carc_rules::Step::Discard { tile } => {
                    tile.token()
                }
            })
            .collect();
        assert!(river.iter().all(|t| t.starts_with("r.")), "{river:?}");
        assert_eq!(river.last(), Some(&"r.L"));
        let text = carc_analysis::game_text(&record, "river game", &[]);
        assert!(text.contains("rules farmers river") || text.contains("rules no-farmers river"));
        assert!(text.contains("tile r.A 0,0"));
        let analysis = analyze(&text);
        for d in analysis.diagnostics() {
            // a land tile may only come while the river is open when the river got stuck
            // (a river tile discarded): a warning, never an error
            assert_eq!(d.severity, Severity::Warning, "seed {seed}: {d:?}\n{text}");
            assert_eq!(d.code, Code::RiverOrder);
            warnings += 1;
        }
    }
    eprintln!("river games: {warnings} river-order warnings");
}

/// The whole river of the box, each tile once: spring, three straights west to east, a right
/// turn (r.E), a left turn (r.G), the monastery straight, a right turn (r.I), a left turn
/// (r.J), the bridge (r.K) and the lake.
const WHOLE_RIVER: &str = "rules river
players red blue
tile r.A 0,0
turn red r.B 1,0
turn blue r.C 2,0
turn red r.D 3,0
turn blue r.E 4,0 r90
turn red r.G 4,-1 r180
turn blue r.H 5,-1
turn red r.I 6,-1
turn blue r.J 6,-2 r180
turn red r.K 7,-2 r90
turn blue r.L 8,-2
";

#[test]
fn pictures_draw_the_water_and_the_bridge() {
    let analysis = analyze(WHOLE_RIVER);
    assert!(
        analysis.diagnostics().is_empty(),
        "{:?}",
        analysis.diagnostics()
    );
    let svg = carc_analysis::render_svg(&carc_analysis::board_at(&analysis, None));
    // eleven river tiles, each with its water; the spring's pool and the lake
    assert_eq!(svg.matches(r#"class="river""#).count(), 11);
    assert_eq!(svg.matches(r#"class="river-end""#).count(), 2);
    // one road crosses the water: r.K's bridge
    assert_eq!(svg.matches(r#"class="bridge""#).count(), 1);
    assert!(svg.contains(r#"data-letter="r.K""#));
    // a base board has no water
    let base = analyze("tile D 0,0\n");
    let svg = carc_analysis::render_svg(&carc_analysis::board_at(&base, None));
    assert!(!svg.contains("river"));
}

#[test]
fn the_whole_river_scores_by_hand() {
    // red's knight on r.B's city (N of 1,0) and blue's traveller on r.H's road (S of 5,-1)
    // stay open: at the end the city scores 1 (one tile, no coat of arms), the road 1 (r.H
    // alone, its monastery end and its open south end)
    let text = WHOLE_RIVER
        .replace("turn red r.B 1,0", "turn red r.B 1,0 knight N")
        .replace("turn blue r.H 5,-1", "turn blue r.H 5,-1 traveller S")
        + "end => red +1, blue +1\n";
    let analysis = analyze(&text);
    assert!(
        analysis.diagnostics().is_empty(),
        "{:?}",
        analysis.diagnostics()
    );
}

#[test]
fn the_rotate_fix_offers_no_rotation_that_makes_a_u_turn() {
    // The river flows east from the spring, r.G at 2,0 turns it south (a right turn). r.J
    // (edges F F I I at r0) at 2,-1 r0 shows a field north, against the water: edge-mismatch.
    // Two rotations put water north and nothing against a neighbour: r90 (water N and W:
    // flowing south it leaves west, right again: river-uturn) and r180 (water N and E: it
    // leaves east, a left turn: legal). Only r180 is offered.
    let text = format!("{OPENING}turn blue r.J 2,-1\n");
    let analysis = analyze(&text);
    let codes: Vec<Code> = analysis.diagnostics().iter().map(|d| d.code).collect();
    assert!(codes.contains(&Code::EdgeMismatch), "{codes:?}");
    let offered: Vec<String> = code_actions(&analysis, Span::new(0, text.len()))
        .iter()
        .filter(|a| a.title.starts_with("Turn the tile"))
        .map(|a| a.edits[0].new_text.clone())
        .collect();
    assert_eq!(offered, [" r180"]);
    // and r180 checks clean, r90 is the U-turn
    let fixed = analyze(&format!("{OPENING}turn blue r.J 2,-1 r180\n"));
    assert!(fixed.diagnostics().is_empty(), "{:?}", fixed.diagnostics());
    let uturn = analyze(&format!("{OPENING}turn blue r.J 2,-1 r90\n"));
    let codes: Vec<Code> = uturn.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::RiverUturn]);
}

#[test]
fn completion_offers_no_rotation_that_makes_a_u_turn() {
    // as for the quick fix above: r.J at 2,-1 fits r90 and r180; r90 is the U-turn
    let text = format!("{OPENING}turn blue r.J 2,-1 ");
    let rotations: Vec<String> = completions(&analyze(&text), text.len())
        .into_iter()
        .filter(|i| i.kind == CompletionKind::Rotation)
        .map(|i| i.label)
        .collect();
    assert_eq!(rotations, ["r180"]);
}
