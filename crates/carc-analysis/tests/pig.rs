//! The pig of Traders & Builders in the analysis: `pig PLACE` in turns and setups,
//! `pig-place`, what hover, inlay hints and `score-mismatch` say about it, completion after
//! `pig`, `carc moves`, pictures, random games with pigs written as `.carc` files, and the
//! worked examples of docs/notation.md ("The pig"). Expected points are derived by hand from
//! docs/tiles.md: a field scores 3 per completed city, 4 for a winner with their own pig in it.

use std::path::Path;

use carc_analysis::{analyze, completions, hover, inlay_hints, Analysis, Span};
use carc_rules::{simulate_sets, Action, Figure, TileSet};

/// Splits a fixture at its `$0` marker: the text without it, and the cursor's byte offset.
fn cursor(fixture: &str) -> (String, usize) {
    let offset = fixture.find("$0").expect("fixture has a $0 cursor");
    (fixture.replacen("$0", "", 1), offset)
}

fn hover_at(fixture: &str) -> String {
    let (text, offset) = cursor(fixture);
    hover(&analyze(&text), offset)
        .map(|h| h.markdown)
        .unwrap_or_default()
}

/// Every inlay hint's label over the whole of `text`.
fn labels(text: &str) -> Vec<String> {
    inlay_hints(&analyze(text), Span::new(0, text.len()))
        .into_iter()
        .map(|h| h.tooltip)
        .collect()
}

/// Every inlay hint's short label over the whole of `text`.
fn short_labels(text: &str) -> Vec<String> {
    inlay_hints(&analyze(text), Span::new(0, text.len()))
        .into_iter()
        .map(|h| h.label)
        .collect()
}

fn codes(analysis: &Analysis) -> Vec<(&'static str, String)> {
    analysis
        .diagnostics()
        .iter()
        .map(|d| (d.code.as_str(), d.message.clone()))
        .collect()
}

/// The lesson's position: D + E r180 and E 1,1 + E 1,2 r180 are two completed cities of 2
/// tiles; red's farmer lies north of D's road (touching the first), blue's in E 1,1's field
/// (touching the second, and through E 0,1's field the first). Red's U r90 at 1,0 joins both
/// fields; red's pig goes on its north field.
const TWO_CITIES: &str = "rules farmers traders-builders
players red blue
tile D 0,0 red farmer NE
tile E 0,1 r180
tile E 1,1 blue farmer SW
tile E 1,2 r180
turn red U 1,0 r90 pig NE
";

#[test]
fn the_end_scores_4_per_city_for_a_winner_with_a_pig() {
    // one field, red 1 farmer v blue 1: a tie over 2 completed cities: red 2 x 4, blue 2 x 3
    let text = format!("{TWO_CITIES}end => red +8, blue +6\n");
    assert!(
        codes(&analyze(&text)).is_empty(),
        "{:?}",
        codes(&analyze(&text))
    );
    // a wrong expectation is explained with the pig's line
    let text = format!("{TWO_CITIES}end => red +6, blue +6\n");
    let found = codes(&analyze(&text));
    assert_eq!(found.len(), 1, "{found:?}");
    let (code, message) = &found[0];
    assert_eq!(*code, "score-mismatch");
    assert!(message.contains("red +8, blue +6"), "{message}");
    assert!(
        message.contains("red 1 farmer v blue 1: red scores 8, blue 6"),
        "{message}"
    );
    assert!(
        message.contains("red's pig: 4 per city instead of 3: 2 × 4 = 8 for red"),
        "{message}"
    );
}

#[test]
fn hover_and_inlay_hints_say_what_the_pig_brings() {
    // on `end`: the field's line with the pig's
    let card = hover_at(&format!("{TWO_CITIES}$0end\n"));
    assert!(card.contains("field touching 2 completed cities"), "{card}");
    assert!(
        card.contains("red's pig: 4 per city instead of 3: 2 × 4 = 8 for red"),
        "{card}"
    );
    // the totals: red 8, blue 6
    assert!(card.contains("red 8 (+8), blue 6 (+6)"), "{card}");
    // on the pig: its field, the farmers counted without the pig, the pig named apart
    let text = TWO_CITIES.replace("pig NE", "$0pig NE");
    let card = hover_at(&format!("{text}end\n"));
    assert!(card.contains("red 1, blue 1, red's pig"), "{card}");
    assert!(
        card.contains("red's pig: 4 per city instead of 3: 2 × 4 = 8 for red"),
        "{card}"
    );
    // inlay hints: after the pig its +1 per city (2 cities: +2); after `end` the gains
    let labels = labels(&format!("{TWO_CITIES}end\n"));
    assert!(
        labels.contains(
            &"field touching 2 completed cities: the pig's +1 per city: +2 at the end".to_owned()
        ),
        "{labels:?}"
    );
    assert!(
        labels.contains(&"final scoring: red +8, total 8; blue +6, total 6".to_owned()),
        "{labels:?}"
    );
    let short = short_labels(&format!("{TWO_CITIES}end\n"));
    assert!(
        short.contains(&"pig: +2 at the end".to_owned()),
        "{short:?}"
    );
    assert!(
        short.contains(&"final: red 8 (+8), blue 6 (+6)".to_owned()),
        "{short:?}"
    );
}

#[test]
fn a_pig_whose_owner_loses_the_field_brings_nothing() {
    // blue's second farmer on U -2,0, whose north field joins D's through U -1,0: blue 2 v
    // red 1, blue alone scores the 2 completed cities, 2 x 3 = 6; red's pig gives nothing
    let setup = "tile E 1,2 r180\ntile U -1,0 r90\ntile U -2,0 r90 blue farmer NE\n";
    let text = format!(
        "{}end => blue +6\n",
        TWO_CITIES.replace("tile E 1,2 r180\n", setup)
    );
    let analysis = analyze(&text);
    assert!(codes(&analysis).is_empty(), "{:?}", codes(&analysis));
    let end = text.find("end =>").unwrap();
    let card = hover(&analysis, end).unwrap().markdown;
    assert!(
        card.contains("red's pig: red does not win the field: nothing"),
        "{card}"
    );
    assert!(card.contains("blue 2 farmers v red 1"), "{card}");
}

#[test]
fn pig_place_and_figure_supply() {
    // no red farmer in the field south of the road (turn), nor in the north one (setup: only
    // blue's); the setup's farmer may come after the pig
    let text = "rules traders-builders
players red blue
tile U 2,0 r90 blue pig NE
tile U 1,0 r90 red pig NW
tile D 0,0 blue farmer NE
turn red U 3,0 r90 pig SE
turn blue U -1,0 r90 pig NE
";
    let found = codes(&analyze(text));
    let found: Vec<(&str, &str)> = found.iter().map(|(c, m)| (*c, m.as_str())).collect();
    assert_eq!(
        found,
        vec![
            (
                "pig-place",
                "this field holds blue's farmer only: a pig goes only into a field where its owner, red, already has a farmer"
            ),
            (
                "pig-place",
                "this field holds no farmer: a pig goes only into a field where its owner, red, already has a farmer"
            ),
            (
                "figure-supply",
                "each player has one pig, and this player's already stands on the board"
            ),
        ]
    );
    // the span of pig-place is the place word
    let analysis = analyze(text);
    let d = &analysis.diagnostics()[1];
    assert_eq!(&text[d.span.start..d.span.end], "SE");
    // farmers off: no farmer anywhere, so both farmers-off and pig-place
    let off = "rules no-farmers traders-builders\nplayers red blue\ntile D 0,0\nturn red U 1,0 r90 pig NE\n";
    let found: Vec<&str> = codes(&analyze(off)).iter().map(|(c, _)| *c).collect();
    assert_eq!(found, vec!["farmers-off", "pig-place"]);
    // a refused pig checks
    let refused = "rules traders-builders\nplayers red blue\ntile D 0,0 blue farmer NE\nrefused pig-place: turn red U 1,0 r90 pig NE\n";
    assert!(
        codes(&analyze(refused)).is_empty(),
        "{:?}",
        codes(&analyze(refused))
    );
}

#[test]
fn completion_after_pig_offers_the_tiles_field_places() {
    // U r90: road W-E, two fields, named by their corners (and half-sides)
    let (text, offset) =
        cursor("rules traders-builders\nplayers red blue\ntile D 0,0 red farmer NE\nturn red U 1,0 r90 pig $0");
    let labels: Vec<String> = completions(&analyze(&text), offset)
        .into_iter()
        .map(|i| i.label)
        .collect();
    for corner in ["NE", "SE", "SW", "NW"] {
        assert!(labels.contains(&corner.to_owned()), "{labels:?}");
    }
    // no road or city place for a pig
    assert!(!labels.contains(&"E".to_owned()), "{labels:?}");
}

#[test]
fn moves_list_the_pig_where_the_mover_has_a_farmer() {
    let text = "rules traders-builders\nplayers red blue\ntile D 0,0 red farmer NE\n";
    let list = carc_analysis::moves(&analyze(text), "U", None).unwrap();
    let pigs: Vec<&str> = list
        .moves
        .iter()
        .filter(|m| m.figure == Some("pig"))
        .map(|m| m.text.as_str())
        .collect();
    // U r90 east or west of D joins D's north field (red's farmer) through D's road side; its
    // north field is named by its first corner, NE. Elsewhere no field holds red's farmer.
    assert_eq!(pigs, vec!["U -1,0 r90 pig NE", "U 1,0 r90 pig NE"]);
    // blue has no farmer: no pig move; without the set, none at all
    let blue = "rules traders-builders\nplayers blue red\ntile D 0,0 red farmer NE\n";
    let list = carc_analysis::moves(&analyze(blue), "U", None).unwrap();
    assert!(list.moves.iter().all(|m| m.figure != Some("pig")));
    let base = "players red blue\ntile D 0,0 red farmer NE\n";
    let list = carc_analysis::moves(&analyze(base), "U", None).unwrap();
    assert!(list.moves.iter().all(|m| m.figure.is_none()));
}

#[test]
fn pictures_draw_the_pig() {
    let analysis = analyze(&format!("{TWO_CITIES}end\n"));
    let board = carc_analysis::board_at_line(&analysis, 6).unwrap();
    let svg = carc_analysis::render_svg(&board);
    // one pig, red, on U 1,0's NE; the two farmers stay meeples
    assert_eq!(svg.matches(r#"class="pig""#).count(), 1, "{svg}");
    assert!(svg.contains(r#"class="pig" data-colour="red" data-x="1" data-y="0" data-place="NE""#));
    assert_eq!(svg.matches(r#"class="meeple""#).count(), 2);
    let ascii = carc_analysis::render_ascii(&board);
    assert!(ascii.contains("r red pig at 1,0 NE"), "{ascii}");
    assert!(ascii.contains("(small in a field: pig)"), "{ascii}");
}

/// Random games with Traders & Builders: the simulator's pigs written as `pig PLACE` must
/// check clean, and the replay must reach the simulator's final scores.
#[test]
fn random_games_with_pigs_check_clean_and_agree_on_the_scores() {
    let mut pigs = 0;
    for seed in 0..30 {
        let rec = simulate_sets(seed, 3, true, &[TileSet::TradersBuilders]);
        let mut text = carc_analysis::game_text(&rec, &format!("random game {seed}"), &[]);
        let totals: Vec<String> = rec.scores.iter().map(|(c, s)| format!("{c} {s}")).collect();
        text.push_str(&format!("expect score {}\n", totals.join(", ")));
        let found = codes(&analyze(&text));
        assert!(found.is_empty(), "seed {seed}: {found:?}\n{text}");
        pigs += rec
            .actions
            .iter()
            .filter(|a| **a == Action::Figure(Figure::Pig))
            .count();
    }
    assert!(pigs > 10, "only {pigs} pigs in 30 games");
}

/// The code blocks of docs/notation.md's subsection "The pig" check as annotated: clean, or
/// with exactly their `# error: CODE` lines.
#[test]
fn the_pig_examples_of_the_notation_check() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/notation.md");
    let doc = std::fs::read_to_string(path).expect("docs/notation.md");
    let start = doc.find("#### The pig").expect("the subsection");
    let rest = &doc[start + 1..];
    let section = &rest[..rest.find("\n#").unwrap_or(rest.len())];
    let blocks: Vec<&str> = section.split("```").skip(1).step_by(2).collect();
    assert!(!blocks.is_empty(), "{section}");
    for block in blocks {
        let expected: Vec<(usize, &str)> = block
            .lines()
            .enumerate()
            .filter_map(|(i, l)| Some((i, l.split_once("# error: ")?.1.trim())))
            .collect();
        let analysis = analyze(block);
        let actual: Vec<(usize, &str)> = analysis
            .diagnostics()
            .iter()
            .map(|d| (block[..d.span.start].matches('\n').count(), d.code.as_str()))
            .collect();
        assert_eq!(actual, expected, "{block}");
    }
}

#[test]
fn a_setup_pig_gets_its_hint_and_card() {
    // the worked example: red's farmer north of D's road, red's pig in the same field on U
    // 1,0; D + E r180 a completed city: red alone, 1 x 4
    let text = "rules farmers traders-builders
tile D 0,0 red farmer NE
tile E 0,1 r180
tile U 1,0 r90 red pig NW
end
";
    let analysis = analyze(text);
    let labels = labels(text);
    assert!(
        labels.contains(
            &"field touching 1 completed city: the pig's +1 per city: +1 at the end".to_owned()
        ),
        "{labels:?}"
    );
    assert!(
        labels.contains(&"final scoring: red +4, total 4".to_owned()),
        "{labels:?}"
    );
    let card = hover(&analysis, text.find("pig NW").unwrap())
        .unwrap()
        .markdown;
    assert!(card.contains("red 1, red's pig"), "{card}");
    assert!(
        card.contains("red's pig: 4 per city instead of 3: 1 × 4 = 4 for red"),
        "{card}"
    );
}
