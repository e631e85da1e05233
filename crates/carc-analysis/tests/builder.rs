//! The builder and the bonus tile (Traders & Builders) in the analysis: random games written
//! as `.carc` (builders and `bonus` lines) check clean and reach the simulator's scores; `carc
//! moves` lists the builder; hover and inlay hints say which builder earned a bonus. Numbers
//! worked out by hand from docs/tiles.md.

use carc_analysis::{analyze, hover, inlay_hints, Code};
use carc_notation::Span;
use carc_rules::{simulate_sets, Action, Figure, TileSet};

#[path = "support/sim_games.rs"]
mod sim_games;

/// The worked example of docs/notation.md ("The builder and the bonus tile").
const WORKED: &str = "rules farmers traders-builders
players red blue
tile A -1,0 r270
tile D 0,0 red traveller E
tile U 1,0 r90 red builder E
turn red U 2,0 r90 => nothing
bonus red A 3,0 r90 => red +5
";

#[test]
fn random_games_with_builders_check_clean_and_agree_on_the_scores() {
    let sets = [TileSet::TradersBuilders];
    let (mut builders, mut bonuses) = (0, 0);
    for seed in 0..30 {
        let rec = simulate_sets(seed, 2 + seed as usize % 3, seed % 2 == 0, &sets);
        let text = sim_games::checks_clean(&rec, seed);
        builders += rec
            .actions
            .iter()
            .filter(|a| **a == Action::Figure(Figure::Builder))
            .count();
        let lines = text.lines().filter(|l| l.starts_with("bonus ")).count();
        assert_eq!(lines, rec.bonus_steps.len(), "seed {seed}");
        assert!(
            text.lines().any(|l| l.contains(" builder ")) || rec.bonus_steps.is_empty(),
            "seed {seed}: a bonus needs a builder"
        );
        bonuses += lines;
    }
    assert!(builders > 10 && bonuses > 5, "{builders} {bonuses}");
}

#[test]
fn the_worked_example_checks_clean_and_a_wrong_bonus_score_is_a_mismatch() {
    assert!(analyze(WORKED).diagnostics().is_empty());
    // the bonus part's expectation is checked like a turn's: 5 tiles, not 4
    let wrong = WORKED.replace("red +5", "red +4");
    let codes: Vec<Code> = analyze(&wrong)
        .diagnostics()
        .iter()
        .map(|d| d.code)
        .collect();
    assert_eq!(codes, vec![Code::ScoreMismatch]);
    // the bonus does not count for turn order: blue is next, red is out of order
    let next = format!("{WORKED}turn blue E 0,1 r180 => nothing\n");
    assert!(analyze(&next).diagnostics().is_empty());
    let out_of_order = format!("{WORKED}turn red E 0,1 r180 => nothing\n");
    let codes: Vec<Code> = analyze(&out_of_order)
        .diagnostics()
        .iter()
        .map(|d| d.code)
        .collect();
    assert_eq!(codes, vec![Code::TurnOrder]);
}

#[test]
fn the_builder_that_came_home_may_go_out_again_in_the_bonus_part() {
    // A 2,0 r90 closes the builder's road at once (4 tiles: red +4) and still earns the
    // bonus; the bonus tile U 4,0 r90 joins red's second road (U 5,0 with red's traveller)
    // and takes the builder that came home. Red's supply: 7 - 2 travellers + 1 home = 6
    let text = "rules farmers traders-builders
players red blue
tile A -1,0 r270
tile D 0,0 red traveller E
tile U 1,0 r90 red builder E
tile U 5,0 r90 red traveller W
turn red A 2,0 r90 => red +4
bonus red U 4,0 r90 builder E => nothing
expect supply red 6
";
    let found: Vec<String> = analyze(text)
        .diagnostics()
        .iter()
        .map(|d| format!("{}: {}", d.code.as_str(), d.message))
        .collect();
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn moves_list_the_builder_where_it_may_stand() {
    // red's traveller on D's road: U r90 at 1,0 or -1,0 joins it
    let text = "rules traders-builders\nplayers red blue\ntile D 0,0 red traveller E\n";
    let list = carc_analysis::moves(&analyze(text), "U", None).unwrap();
    let texts: Vec<&str> = list.moves.iter().map(|m| m.text.as_str()).collect();
    let east = list
        .moves
        .iter()
        .find(|m| m.text == "U 1,0 r90 builder E")
        .unwrap_or_else(|| panic!("{texts:?}"));
    assert_eq!(east.figure, Some("builder"));
    assert_eq!(east.meeple, Some(("traveller", "E")));
    // only where U joins red's road: east and west of D
    let builders: Vec<&str> = list
        .moves
        .iter()
        .filter(|m| m.figure == Some("builder"))
        .map(|m| m.text.as_str())
        .collect();
    assert_eq!(
        builders,
        vec!["U -1,0 r90 builder E", "U 1,0 r90 builder E"],
        "{texts:?}"
    );
    // blue has no follower there: the next mover after a blue turn gets no builder move
    let blue = format!("{text}turn red B 0,-1\n");
    let list = carc_analysis::moves(&analyze(&blue), "U", None).unwrap();
    assert_eq!(list.mover, "blue");
    assert!(list.moves.iter().all(|m| m.figure != Some("builder")));
    // without the set, none
    let base = "players red blue\ntile D 0,0 red traveller E\n";
    let list = carc_analysis::moves(&analyze(base), "U", None).unwrap();
    assert!(list.moves.iter().all(|m| m.figure.is_none()));
}

#[test]
fn hover_and_inlay_name_the_builder_that_earned_the_bonus() {
    let analysis = analyze(WORKED);
    let turn_at = WORKED.find("turn red").unwrap();
    let card = hover(&analysis, turn_at + 1).unwrap().markdown;
    assert!(
        card.contains("bonus earned: red's builder on this road (at 1,0)"),
        "{card}"
    );
    let bonus_at = WORKED.find("bonus red").unwrap();
    let card = hover(&analysis, bonus_at + 1).unwrap().markdown;
    assert!(card.contains('5'), "the bonus part's score: {card}");
    assert!(
        !card.contains("bonus earned"),
        "a bonus never earns another: {card}"
    );
    let hints = inlay_hints(&analysis, Span::new(0, WORKED.len()));
    let labels: Vec<&str> = hints.iter().map(|h| h.tooltip.as_str()).collect();
    assert!(
        labels.contains(&"bonus earned: red's builder on this road"),
        "{labels:?}"
    );
    // the turn and the bonus line write their expectation: no score hint for either
    assert!(!labels.iter().any(|l| l.contains("+5")), "{labels:?}");
}

#[test]
fn a_bonus_tile_that_closes_a_city_gives_its_placer_the_goods() {
    // The worked example's road with red's builder, and tb.G r180 at 0,1: a grain city on
    // its S and E sides, joined to D's city (N), open towards 1,1, with blue's knight on it.
    // U 2,0 r90 extends the builder's road (4 tiles, open): red earns a bonus tile. The bonus
    // tile E r270 at 1,1 (city W) closes the city D + tb.G + E: 3 tiles, no coat of arms,
    // 3 x 2 = 6 for blue's knight; red placed the closing tile and takes its grain token.
    // At the end: red's road A, D, U, U (4 tiles, open; the builder weighs nothing) 4 for
    // red's traveller, grain red 1 v blue 0: red +10; red +14 in all, blue nothing.
    let (setup, _) = WORKED.split_once("turn ").unwrap();
    let text = &format!(
        "{setup}tile tb.G 0,1 r180 blue knight S
turn red U 2,0 r90 => nothing
bonus red E 1,1 r270 => blue +6
expect goods red grain 1
expect goods blue grain 0
end => red +14
"
    );
    let analysis = analyze(text);
    assert!(
        analysis.diagnostics().is_empty(),
        "{:?}",
        analysis.diagnostics()
    );
    // without the goods of the bonus part, red would hold none and win no award
    for (right, wrong) in [
        ("expect goods red grain 1", "expect goods red grain 0"),
        ("end => red +14", "end => red +4"),
    ] {
        let codes: Vec<Code> = analyze(&text.replace(right, wrong))
            .diagnostics()
            .iter()
            .map(|d| d.code)
            .collect();
        assert_eq!(codes, vec![Code::ScoreMismatch], "{wrong}");
    }
    // the bonus line's hover and inlay hint say what red took, like a turn's
    let bonus_at = text.find("bonus red").unwrap();
    let card = hover(&analysis, bonus_at + 1).unwrap().markdown;
    assert!(
        card.contains("red takes grain 1 (holds grain 1 now)"),
        "{card}"
    );
    let hints = inlay_hints(&analysis, Span::new(0, text.len()));
    let labels: Vec<&str> = hints.iter().map(|h| h.label.as_str()).collect();
    assert!(labels.contains(&"red takes grain 1"), "{labels:?}");
}

#[test]
fn hover_and_inlay_on_a_builder_say_it_never_scores() {
    // red's traveller on D's road, red's builder joins it with U 1,0: a road of 3 tiles
    // (A, D, U), 3 at the end for red's one traveller; the builder weighs nothing
    let text = "rules farmers traders-builders\nplayers red blue\ntile A -1,0 r270\ntile D 0,0 red traveller E\nturn red U 1,0 r90 builder E\n";
    let analysis = analyze(text);
    assert!(analysis.diagnostics().is_empty());
    let at = text.find("builder E").unwrap() + 1;
    let card = hover(&analysis, at).unwrap().markdown;
    assert!(
        card.starts_with("**builder** on a road: it never scores"),
        "{card}"
    );
    assert!(card.contains("red 1 + red's builder"), "{card}");
    assert!(card.contains("worth 3 at final scoring"), "{card}");
    let hints = inlay_hints(&analysis, Span::new(0, text.len()));
    let labels: Vec<&str> = hints.iter().map(|h| h.tooltip.as_str()).collect();
    assert!(
        labels.contains(&"builder: never scores; extending this road earns a bonus tile"),
        "{labels:?}"
    );
}

#[test]
fn the_lesson_shows_the_bonus_tile_as_its_own_step() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/expansions/builder.carc");
    let text = std::fs::read_to_string(path).expect("the builder lesson");
    let lesson = carc_analysis::lesson(&analyze(&text));
    let headings: Vec<&str> = lesson.steps.iter().map(|s| s.heading.as_str()).collect();
    // setup, red 1, blue 2, red 3, red's bonus tile (not a turn), blue 4, final scoring
    let bonus = headings
        .iter()
        .position(|h| *h == "Bonus tile · red")
        .unwrap_or_else(|| panic!("{headings:?}"));
    assert_eq!(lesson.steps[bonus].kind.name(), "bonus");
    assert_eq!(headings[bonus - 1], "Turn 3 · red", "{headings:?}");
    assert_eq!(headings[bonus + 1], "Turn 4 · blue", "{headings:?}");
    // the bonus step explains its score: the road of 5 tiles for red
    let explanation = lesson.steps[bonus].explanation.clone().unwrap_or_default();
    assert!(explanation.contains("road of 5 tiles"), "{explanation}");
    // and the turn before it says who earned it
    let earned = lesson.steps[bonus - 1]
        .explanation
        .clone()
        .unwrap_or_default();
    assert!(
        earned.contains("bonus earned: red's builder on this road"),
        "{earned}"
    );
}

#[test]
fn the_outline_lists_the_bonus_part_under_its_turn() {
    let analysis = analyze(WORKED);
    let names: Vec<String> = carc_analysis::symbols(&analysis)
        .into_iter()
        .map(|s| s.name)
        .collect();
    assert!(names.contains(&"turn 1: red U 2,0".to_owned()), "{names:?}");
    assert!(
        names.contains(&"bonus 1: red A 3,0".to_owned()),
        "{names:?}"
    );
}

#[test]
fn highlights_follow_the_road_through_the_bonus_tile() {
    // on the bonus line: the road of 5 tiles, the bonus tile's line included
    let analysis = analyze(WORKED);
    let at = WORKED.find("bonus red").unwrap() + 1;
    let spans = carc_analysis::highlights(&analysis, at);
    let cells: Vec<&str> = spans.iter().map(|s| &WORKED[s.start..s.end]).collect();
    assert_eq!(cells, vec!["-1,0", "0,0", "1,0", "2,0", "3,0"]);
}

#[test]
fn a_wrong_bonus_expectation_gets_the_quick_fix_of_a_turn() {
    let wrong = WORKED.replace("red +5", "red +4");
    let analysis = analyze(&wrong);
    let actions = carc_analysis::code_actions(&analysis, Span::new(0, wrong.len()));
    let edits: Vec<&str> = actions
        .iter()
        .flat_map(|a| a.edits.iter().map(|e| e.new_text.as_str()))
        .collect();
    assert_eq!(edits, vec!["=> red +5"]);
}

#[test]
fn after_a_turn_that_earns_a_bonus_moves_are_the_bonus_players() {
    // the worked example up to its turn: red earned a bonus tile, so red moves again
    let turn_only = WORKED.replace("bonus red A 3,0 r90 => red +5\n", "");
    let list = carc_analysis::moves(&analyze(&turn_only), "A", None).unwrap();
    assert_eq!(list.mover, "red");
    // A 3,0 r90 closes the road: 5 tiles for red
    let close = list.moves.iter().find(|m| m.text == "A 3,0 r90").unwrap();
    assert_eq!(close.points, 5);
    // after the bonus part, blue
    let list = carc_analysis::moves(&analyze(WORKED), "A", None).unwrap();
    assert_eq!(list.mover, "blue");
}

#[test]
fn pictures_draw_the_builder_as_a_figure_of_its_own() {
    // before the bonus part: red's traveller on D and red's builder on U 1,0 (line index 5)
    let analysis = analyze(WORKED);
    let board = carc_analysis::board_at_line(&analysis, 5).unwrap();
    let svg = carc_analysis::render_svg(&board);
    let builders: Vec<&str> = svg
        .lines()
        .filter(|l| l.contains(r#"data-figure="builder""#))
        .collect();
    assert_eq!(builders.len(), 1, "{svg}");
    assert!(builders[0].contains(r#"data-colour="red""#) && builders[0].contains(r#"data-x="1""#));
    // a different shape from the traveller's
    let traveller = svg
        .lines()
        .find(|l| l.contains(r#"data-role="traveller""#) && !l.contains("data-figure"))
        .unwrap();
    let shape = |l: &str| {
        l.split(" d=\"")
            .nth(1)
            .map(|d| d.split('"').next().unwrap_or("").to_owned())
    };
    assert_ne!(shape(builders[0]), shape(traveller));
    // after the bonus part it went home: no builder on the board
    let board = carc_analysis::board_at_line(&analysis, 6).unwrap();
    assert!(!carc_analysis::render_svg(&board).contains(r#"data-figure="builder""#));
}

#[test]
fn completion_after_builder_offers_the_places_where_it_may_stand() {
    let labels = |text: &str| -> Vec<String> {
        let analysis = analyze(text);
        carc_analysis::completions(&analysis, text.len())
            .into_iter()
            .map(|i| i.label)
            .collect()
    };
    let setup = "rules traders-builders\nplayers red blue\ntile D 0,0 red traveller E\n";
    // red's traveller is on D's road: U r90 at 1,0 joins it through its road (E and W)
    let red = labels(&format!("{setup}turn red U 1,0 r90 builder "));
    assert_eq!(red, vec!["E", "W"]);
    // blue has no follower there: nowhere
    let blue = labels(&format!(
        "{setup}turn red B 0,-1\nturn blue U 1,0 r90 builder "
    ));
    assert!(blue.is_empty(), "{blue:?}");
    // in the setup every road or city side of the tile is offered (the follower may come later)
    let any = labels("rules traders-builders\nplayers red blue\ntile D 0,0 red builder ");
    assert_eq!(any, vec!["E", "W", "N"]);
}
