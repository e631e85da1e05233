//! Traders & Builders goods in the analysis: the replay takes the goods of a completed city for
//! the player who placed the closing tile, `end =>` counts the goods awards, hover and inlay
//! hints say who took what and who leads each good. Expected values are derived by hand from
//! the seed rules (004) and the project's expansions spec.

use carc_analysis::{analyze, code_actions, completions, game_text, hover, Analysis, Span};
use carc_rules::{simulate_sets, Good, TileSet};

#[path = "support/hints.rs"]
mod hints;
use hints::labels;

/// The spec's worked example "Goods go to whoever places the closing tile".
const EXAMPLE: &str = "rules farmers traders-builders
players red blue
tile D 0,0 red knight N
tile tb.G 0,1 r180
turn blue E 1,1 r270 => red +6
expect goods blue grain 1
end => blue +10
";

fn codes(analysis: &Analysis) -> Vec<String> {
    analysis
        .diagnostics()
        .iter()
        .map(|d| format!("{}: {}", d.code.as_str(), d.message))
        .collect()
}

fn hover_on(text: &str, word: &str) -> String {
    let analysis = analyze(text);
    let offset = text.find(word).expect("word in text");
    hover(&analysis, offset).expect("a hover").markdown
}

#[test]
fn the_worked_example_checks_clean_and_explains_the_goods() {
    // D + tb.G + E: 3 tiles x 2 = 6 for red's knight; blue closed the city and takes its one
    // grain symbol; at the end blue alone holds grain: blue +10 (red 6, blue 10)
    let analysis = analyze(EXAMPLE);
    assert_eq!(codes(&analysis), Vec::<String>::new());
    let labels = labels(&analysis);
    assert!(
        labels.contains(&"blue takes grain 1".to_owned()),
        "{labels:?}"
    );
    // the end's hint: red gains nothing more (6 in all), blue 10 for the grain (10 in all)
    assert!(
        // (with the gains, `final: red 6 (+0), blue 10 (+10)`, it is over 30 characters)
        labels.contains(&"final: red 6, blue 10".to_owned()),
        "{labels:?}"
    );
    let turn = hover_on(EXAMPLE, "turn");
    assert!(
        turn.contains("blue takes grain 1 (holds grain 1 now)"),
        "{turn}"
    );
    // the city's description names its goods
    assert!(turn.contains("city of 3 tiles, grain 1"), "{turn}");
    let end = hover_on(EXAMPLE, "end");
    assert!(end.contains("grain: red 0 v blue 1: blue +10"), "{end}");
    assert!(end.contains("blue 10 (+10)"), "{end}");
}

#[test]
fn a_wrong_end_expectation_shows_the_goods_breakdown() {
    let text = EXAMPLE.replace("end => blue +10", "end => red +10");
    let found = codes(&analyze(&text));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("score-mismatch")
            && found[0].contains("goods: grain: red 0 v blue 1: blue +10"),
        "{found:?}"
    );
}

#[test]
fn without_the_rules_word_tb_tiles_are_expansion_off_and_take_no_goods() {
    // the tile still goes on the board and the city scores, but nobody takes goods: the end
    // gives nothing (and `expect goods` is off too)
    let text = EXAMPLE
        .replace("rules farmers traders-builders", "rules farmers")
        .replace("end => blue +10", "end => nothing");
    let found = codes(&analyze(&text));
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].starts_with("expansion-off: `tb.G`"), "{found:?}");
    assert!(found[1].starts_with("expansion-off: goods"), "{found:?}");
    assert!(!labels(&analyze(&text)).iter().any(|l| l.contains("takes")));
}

#[test]
fn random_games_with_goods_check_clean_and_agree_on_the_scores() {
    // the simulator's T&B games written as .carc: the replay must reach the simulator's totals,
    // goods awards included
    let sets = [TileSet::TradersBuilders];
    let mut awarded = 0;
    for seed in 0..16 {
        let rec = simulate_sets(seed, 2 + seed as usize % 2, true, &sets);
        let mut text = game_text(&rec, &format!("random game {seed}"), &[]);
        let totals: Vec<String> = rec.scores.iter().map(|(c, s)| format!("{c} {s}")).collect();
        text.push_str(&format!("expect score {}\n", totals.join(", ")));
        let analysis = analyze(&text);
        assert_eq!(
            codes(&analysis),
            Vec::<String>::new(),
            "seed {seed}\n{text}"
        );
        awarded += rec.final_score.goods.len();
        // every good awarded went to someone holding it
        for award in &rec.final_score.goods {
            assert!(Good::ALL.contains(&award.good) && !award.winners.is_empty());
        }
    }
    assert!(awarded > 5, "goods awards in these games: {awarded}");
}

#[test]
fn expect_goods_checks_the_listed_goods_only() {
    // after the closing turn blue holds grain 1 and nothing else, red nothing
    let text = EXAMPLE.replace(
        "expect goods blue grain 1",
        "expect goods blue wine 0 grain 2\nexpect goods red grain 0\nexpect goods blue",
    );
    let analysis = analyze(&text);
    let found = codes(&analysis);
    assert_eq!(
        found,
        ["score-mismatch: expected blue's grain to be 2, but it is 1"],
        "{text}"
    );
    // on the number that differs
    let d = &analysis.diagnostics()[0];
    assert_eq!(&text[d.span.start..d.span.end], "grain 2");
}

#[test]
fn setup_goods_are_held_and_awarded_at_the_end() {
    // a position: red holds wine 2, blue wine 2 and cloth 1, green nothing listed (0).
    // wine: red and blue tie at 2 (+10 each); cloth: blue alone (+10); grain: nobody.
    let text = "rules traders-builders
players red blue green
tile D 0,0
goods red wine 2
goods blue cloth 1 wine 2
goods green
expect goods red wine 2 grain 0 cloth 0
expect goods blue wine 2 cloth 1
end => red +10, blue +20
expect score red 10, blue 20, green 0
";
    let analysis = analyze(text);
    assert_eq!(codes(&analysis), Vec::<String>::new());
    let end = hover_on(text, "end");
    assert!(
        end.contains("wine: red 2 v blue 2 v green 0: red +10, blue +10"),
        "{end}"
    );
    assert!(
        end.contains("cloth: red 0 v blue 1 v green 0: blue +10"),
        "{end}"
    );
}

#[test]
fn goods_lines_without_the_rules_word_are_expansion_off_and_ignored() {
    let text = "players red blue
tile D 0,0
goods red wine 2
expect goods red wine 5
end => nothing
";
    let analysis = analyze(text);
    let found = codes(&analysis);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found.iter().all(|f| f.starts_with("expansion-off")),
        "{found:?}"
    );
    // the first is on `goods`, the second on `expect goods`
    let spans: Vec<&str> = analysis
        .diagnostics()
        .iter()
        .map(|d| &text[d.span.start..d.span.end])
        .collect();
    assert_eq!(spans, ["goods", "expect goods"]);
}

#[test]
fn the_notation_reference_goods_example_checks_clean() {
    // docs/notation.md, "#### Goods": its code block is the worked example and checks clean
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/notation.md");
    let doc = std::fs::read_to_string(path).expect("docs/notation.md");
    let section = doc
        .split("\n#### Goods\n")
        .nth(1)
        .and_then(|rest| rest.split("\n#### ").next())
        .expect("a Goods subsection");
    let block = section
        .split("```")
        .nth(1)
        .expect("a code block in the Goods subsection");
    assert!(block.contains("expect goods blue grain 1"), "{block}");
    assert_eq!(
        codes(&analyze(block.trim_start_matches('\n'))),
        Vec::<String>::new()
    );
}

#[test]
fn a_wrong_goods_count_gets_a_quick_fix_with_the_count_held() {
    // blue holds grain 1 after the closing turn: `grain 3` is fixed to `grain 1`
    let text = EXAMPLE.replace("expect goods blue grain 1", "expect goods blue grain 3");
    let analysis = analyze(&text);
    let actions = code_actions(&analysis, Span::new(0, text.len()));
    let fix = actions
        .iter()
        .find(|a| a.title == "Expect blue grain 1")
        .unwrap_or_else(|| panic!("{actions:?}"));
    let edit = &fix.edits[0];
    assert_eq!(edit.new_text, "1");
    assert_eq!(&text[edit.span.start..edit.span.end], "3");
}

#[test]
fn completion_offers_the_set_tiles_and_the_unlisted_goods() {
    let labels = |text: &str| -> Vec<String> {
        completions(&analyze(text), text.len())
            .into_iter()
            .map(|i| i.label)
            .collect()
    };
    // tile tokens come from the catalogue: the 24 of the set are offered
    let tiles = labels("rules traders-builders\nplayers red blue\ntile D 0,0\nturn red ");
    let tb = tiles.iter().filter(|l| l.starts_with("tb.")).count();
    assert_eq!(tb, 24, "{tiles:?}");
    // after `goods red wine 2 `: grain and cloth, not wine again
    let goods = labels("rules traders-builders\nplayers red blue\ngoods red wine 2 ");
    assert!(goods.contains(&"grain".to_owned()) && goods.contains(&"cloth".to_owned()));
    assert!(!goods.contains(&"wine".to_owned()), "{goods:?}");
}

#[test]
fn the_goods_lesson_shows_its_goods_checks_under_their_turns() {
    // examples/expansions/goods.carc: each turn is followed by an `expect goods` check that
    // holds (blue takes the grain, red the wine)
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/expansions/goods.carc");
    let text = std::fs::read_to_string(path).expect("the goods lesson");
    let analysis = analyze(&text);
    assert_eq!(codes(&analysis), Vec::<String>::new());
    let lesson = carc_analysis::lesson(&analysis);
    let checks: Vec<(String, bool)> = lesson
        .steps
        .iter()
        .flat_map(|s| s.checks.iter())
        .map(|c| (c.statement.clone(), c.holds))
        .collect();
    assert!(
        checks.contains(&("expect goods blue grain 1".to_owned(), true)),
        "{checks:?}"
    );
    assert!(
        checks.contains(&("expect goods red wine 1".to_owned(), true)),
        "{checks:?}"
    );
}

#[test]
fn hover_on_a_goods_line_lists_what_each_player_holds_there() {
    // after the closing turn: red none, blue grain 1
    let card = hover_on(EXAMPLE, "expect goods");
    assert!(card.starts_with("**expect**"), "{card}");
    assert!(
        card.contains("Goods held here:\n\n- red none\n- blue grain 1"),
        "{card}"
    );
}
