//! Traders & Builders goods in the analysis: the replay takes the goods of a completed city for
//! the player who placed the closing tile, `end =>` counts the goods awards, hover and inlay
//! hints say who took what and who leads each good. Expected values are derived by hand from
//! the seed rules (004) and the project's expansions spec.

use carc_analysis::{analyze, hover, inlay_hints, Analysis, Span};
use carc_rules::{simulate_sets, Good, TileSet};

/// The spec's worked example "Goods go to whoever places the closing tile".
const EXAMPLE: &str = "rules farmers traders-builders
players red blue
tile D 0,0 red knight N
tile tb.G 0,1 r180
turn blue E 1,1 r270 => red +6
end => blue +10
";

fn codes(analysis: &Analysis) -> Vec<String> {
    analysis
        .diagnostics()
        .iter()
        .map(|d| format!("{}: {}", d.code.as_str(), d.message))
        .collect()
}

fn labels(analysis: &Analysis) -> Vec<String> {
    let all = Span::new(0, analysis.text().len());
    inlay_hints(analysis, all)
        .into_iter()
        .map(|h| h.label)
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
        labels.contains(&"red +0 = 6 · blue +10 = 10".to_owned()),
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
    // gives nothing
    let text = EXAMPLE
        .replace("rules farmers traders-builders", "rules farmers")
        .replace("end => blue +10", "end => nothing");
    let found = codes(&analyze(&text));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("expansion-off"), "{found:?}");
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
        let mut text = rec.to_carc(&format!("random game {seed}"), &[]);
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
