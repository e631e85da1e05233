//! The sixth colour, `pink`, of Inns & Cathedrals: a full player with `rules inns-cathedrals`
//! (six players, scores, supply, the large meeple, moves, pictures, completion), and without
//! it one `expansion-off` on its first word while its turns still count. Expected scores are
//! derived by hand from docs/tiles.md (see the comments of examples/expansions/six-players.carc).

use carc_analysis::{
    analyze, board_at, completions, moves, render_ascii, render_svg, semantic_tokens, Code, Span,
    TokenKind,
};
use carc_rules::{simulate_sets, Color, Sim, TileSet};

#[path = "support/xml.rs"]
mod xml;
use xml::parse_xml;

/// Six players, pink last; every turn and `end` states what it scores (derivation in the
/// file's comments: red 4 for the city D + E, blue 4 for the road A-D-U-A, then the four
/// monasteries at the end: green 1 + 3, yellow 1 + 2, black 1 + 3, pink 1 + 4).
const SIX: &str = include_str!("../../../examples/expansions/six-players.carc");

fn codes(text: &str) -> Vec<(&'static str, String)> {
    analyze(text)
        .diagnostics()
        .iter()
        .map(|d| (d.code.as_str(), text[d.span.start..d.span.end].to_owned()))
        .collect()
}

#[test]
fn six_players_with_inns_cathedrals_check_clean_and_score_as_derived() {
    assert_eq!(codes(SIX), []);
    let analysis = analyze(SIX);
    let board = board_at(&analysis, None);
    // the board after `end`: the totals of the derivation, in turn order
    let ascii = render_ascii(&board);
    assert!(
        ascii.contains(
            "red 4 (supply 7) · blue 4 (supply 7) · green 4 (supply 6) · yellow 3 (supply 6) · \
             black 4 (supply 6) · pink 5 (supply 7)"
        ),
        "{ascii}"
    );
    // and the checks can fail: a wrong gain for pink at the end is a score-mismatch
    let wrong = SIX.replace("pink +5", "pink +4");
    assert_eq!(
        codes(&wrong),
        [(
            "score-mismatch",
            "=> green +4, yellow +3, black +4, pink +4".to_owned()
        )]
    );
}

#[test]
fn pink_without_the_option_is_expansion_off_once_on_its_first_word_and_still_plays() {
    // the same game without `inns-cathedrals` (and so without the large meeple): pink's
    // monastery still scores 1 + 4 at the end and its monk leaves its supply at 6
    let text = SIX
        .replace("rules farmers inns-cathedrals", "rules farmers")
        .replace("large monk", "monk")
        .replace("pink 7  #", "pink 6  #");
    let analysis = analyze(&text);
    let found: Vec<(Code, Span)> = analysis
        .diagnostics()
        .iter()
        .map(|d| (d.code, d.span))
        .collect();
    let players = text.find("players red").unwrap();
    let pink = players + "players red blue green yellow black ".len();
    assert_eq!(found, [(Code::ExpansionOff, Span::new(pink, pink + 4))]);
    assert_eq!(
        analysis.diagnostics()[0].message,
        "`pink` is the sixth colour of Inns & Cathedrals; add `rules inns-cathedrals` to use it \
         (its turns still count)"
    );
}

#[test]
fn without_players_the_first_pink_word_is_reported_wherever_it_is() {
    // a setup meeple first: its colour word is the one reported; the turn after is not
    let text = "tile D 0,0 pink knight N\nturn pink E 0,1 r180 => pink +4\n";
    assert_eq!(codes(text), [("expansion-off", "pink".to_owned())]);
    let first = analyze(text).diagnostics()[0].span;
    assert_eq!(first, Span::new(11, 15));
    // red's meeple is not concerned; the option makes the file clean
    assert_eq!(codes(&format!("rules inns-cathedrals\n{text}")), []);
    assert_eq!(codes("tile D 0,0 red knight N\n"), []);
}

#[test]
fn completion_offers_pink_only_with_inns_cathedrals() {
    let labels = |text: &str| -> Vec<String> {
        completions(&analyze(text), text.len())
            .into_iter()
            .map(|i| i.label)
            .collect()
    };
    assert_eq!(labels("players red "), ["blue", "green", "yellow", "black"]);
    assert_eq!(
        labels("rules inns-cathedrals\nplayers red "),
        ["blue", "green", "yellow", "black", "pink"]
    );
    assert!(labels("tile D 0,0\nturn ").iter().all(|l| l != "pink"));
    assert!(labels("rules inns-cathedrals\ntile D 0,0\nturn ").contains(&"pink".to_owned()));
}

#[test]
fn pink_is_a_colour_token_and_the_next_mover_after_black() {
    let analysis = analyze(SIX);
    let colours = semantic_tokens(&analysis)
        .into_iter()
        .filter(|t| t.kind == TokenKind::Colour && &SIX[t.span.start..t.span.end] == "pink")
        .count();
    // players, turn, expect score, expect supply, end
    assert_eq!(colours, 5);
    // before pink's turn, `carc moves` gives the turn to pink, with the large meeple on offer
    let before = &SIX[..SIX.find("turn pink").unwrap()];
    let list = moves(&analyze(before), "B", None).unwrap();
    assert_eq!(list.mover, "pink");
    let texts: Vec<&str> = list.moves.iter().map(|m| m.text.as_str()).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("B 1,1") && t.ends_with("large monk")),
        "{texts:?}"
    );
}

#[test]
fn pink_meeples_are_drawn_in_their_own_colour() {
    let text = "rules inns-cathedrals\nplayers red pink\ntile D 0,0 red knight N\n\
                tile U 1,0 r90 pink traveller E\n";
    let svg = render_svg(&board_at(&analyze(text), None));
    let elements = parse_xml(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let fill_of = |colour: &str| -> String {
        let meeple = elements
            .iter()
            .find(|e| {
                e.name == "path"
                    && e.attrs.get("class").map(String::as_str) == Some("meeple")
                    && e.attrs.get("data-colour").map(String::as_str) == Some(colour)
            })
            .unwrap_or_else(|| panic!("no {colour} meeple in\n{svg}"));
        meeple.attrs["fill"].clone()
    };
    let (red, pink) = (fill_of("red"), fill_of("pink"));
    assert_eq!(pink, "#ff6ec7");
    assert_ne!(red, pink);
    // the terminal view writes pink's traveller as `p`
    let ascii = render_ascii(&board_at(&analyze(text), None));
    assert!(ascii.contains("p pink traveller at 1,0"), "{ascii}");
}

#[test]
fn the_simulator_plays_six_players_only_with_inns_cathedrals() {
    // without the set the players stop at five (no pink); with it the sixth is pink
    assert_eq!(Sim::new(1, 6, true).game().config().players.len(), 5);
    assert_eq!(carc_rules::simulate(1, 6, true).scores.len(), 5);
    let rec = simulate_sets(3, 6, true, &[TileSet::InnsCathedrals]);
    let players: Vec<Color> = rec.scores.iter().map(|(c, _)| *c).collect();
    assert_eq!(players, Color::ALL);
    let rec5 = simulate_sets(3, 6, true, &[TileSet::Abbot]);
    assert_eq!(rec5.scores.len(), 5);
    assert!(rec5.scores.iter().all(|(c, _)| *c != Color::Pink));
    // the six-player games write files that check clean and replay to the same totals
    for seed in 0..6 {
        let rec = simulate_sets(seed, 6, true, &[TileSet::InnsCathedrals]);
        let mut text = carc_analysis::game_text(&rec, &format!("six players {seed}"), &[]);
        let totals: Vec<String> = rec.scores.iter().map(|(c, s)| format!("{c} {s}")).collect();
        text.push_str(&format!("expect score {}\n", totals.join(", ")));
        assert!(
            text.contains("players red blue green yellow black pink"),
            "{text}"
        );
        assert_eq!(codes(&text), [], "seed {seed}\n{text}");
        // pink played: it placed a tile every sixth draw
        assert!(text.contains("\nturn pink "), "{text}");
    }
}
