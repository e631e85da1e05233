//! carc's verdicts on The Abbot and Inns & Cathedrals, against positions derived by hand.
//!
//! The positions are `tests/data/expansions/*.carc`: each states in its comments the rule it
//! probes and the score worked out by hand from the rules (seed rules of the expansions,
//! docs/notation.md "The Abbot and Inns & Cathedrals", docs/tiles.md), and writes it as
//! `=> …` and `expect …` lines; the fixture runner (`fixtures.rs`) checks those and the
//! `# error:` annotations. This file checks that every one of those verdicts can fail, and
//! that what a user reads about them (score-mismatch, hover cards, inlay hints) says the
//! right thing: inn and cathedral values, the large meeple's strength, gardens, recalls.

use std::path::{Path, PathBuf};

use carc_analysis::{analyze, hover, inlay_hints, Analysis, Code, Span};

fn positions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/expansions")
}

/// Every position file, with its text.
fn positions() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(positions_dir())
        .expect("tests/data/expansions")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "carc"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

fn position(name: &str) -> String {
    std::fs::read_to_string(positions_dir().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset].matches('\n').count() + 1
}

/// Byte offset of `word` on the first line (outside comments) that starts with `prefix`.
fn offset_of(text: &str, prefix: &str, word: &str) -> usize {
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with(prefix) {
            let code = line.split('#').next().unwrap();
            let at = code
                .find(word)
                .unwrap_or_else(|| panic!("no `{word}` in `{line}`"));
            return start + at;
        }
        start += line.len();
    }
    panic!("no line starting with `{prefix}`")
}

/// The hover card at `word` of the first line starting with `prefix`.
fn card(text: &str, prefix: &str, word: &str) -> String {
    let analysis = analyze(text);
    hover(&analysis, offset_of(text, prefix, word))
        .unwrap_or_else(|| panic!("no hover on `{word}` of `{prefix}`"))
        .markdown
}

fn messages(analysis: &Analysis, code: Code) -> Vec<String> {
    analysis
        .diagnostics()
        .iter()
        .filter(|d| d.code == code)
        .map(|d| d.message.clone())
        .collect()
}

/// Every inlay hint label on line `line` (1-based).
fn hints_on(text: &str, line: usize) -> Vec<String> {
    let analysis = analyze(text);
    inlay_hints(&analysis, Span::new(0, text.len()))
        .into_iter()
        .filter(|h| line_of(text, h.offset) == line)
        .map(|h| h.tooltip)
        .collect()
}

/// Each `+n` of an expectation raised by one, one at a time: the position's verdict must then
/// be a score-mismatch on that line. So no `=>` or `expect` of the positions holds by default.
#[test]
fn every_verdict_of_the_positions_can_fail() {
    let all = positions();
    assert!(all.len() >= 25, "{} positions", all.len());
    let mut checked = 0;
    for (name, text) in &all {
        assert!(
            analyze(text)
                .diagnostics()
                .iter()
                .all(|d| d.code != Code::ScoreMismatch),
            "{name}: a verdict differs from the hand derivation"
        );
        let mut start = 0;
        let mut in_file = 0;
        for (index, line) in text.split_inclusive('\n').enumerate() {
            let code = line.split('#').next().unwrap();
            let claims = code.contains("=>") || code.starts_with("expect ");
            if claims {
                // `=> nothing`: claiming a point instead must fail too
                let bumped = bump_first_number(code)
                    .unwrap_or_else(|| code.replacen("=> nothing", "=> red +1", 1));
                let changed = format!(
                    "{}{}{}",
                    &text[..start],
                    bumped,
                    &text[start + code.len()..]
                );
                let analysis = analyze(&changed);
                let lines: Vec<usize> = analysis
                    .diagnostics()
                    .iter()
                    .filter(|d| d.code == Code::ScoreMismatch)
                    .map(|d| line_of(&changed, d.span.start))
                    .collect();
                assert_eq!(lines, [index + 1], "{name}: `{bumped}` went unnoticed");
                in_file += 1;
            }
            start += line.len();
        }
        // turns with illegal moves have their expectation unchecked: those files assert with
        // `expect score` instead; a file without any claim has a diagnostic as its verdict
        assert!(
            in_file > 0 || text.contains("# error:"),
            "{name}: no verdict"
        );
        checked += in_file;
    }
    assert!(checked >= 50, "{checked} claims");
}

/// The code part of a line with its first number after `+` or `supply/score COLOUR ` raised
/// by one; `None` when it claims only `nothing`.
fn bump_first_number(code: &str) -> Option<String> {
    let bytes = code.as_bytes();
    let arrow = code.find("=>").unwrap_or(0);
    let mut i = arrow;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() && (i == 0 || matches!(bytes[i - 1], b'+' | b' ')) {
            // skip coordinates (`1,0`) and tile tokens: only numbers after `=>` or in `expect`
            let mut j = i;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            if j < bytes.len() && bytes[j] == b',' && bytes.get(j + 1) != Some(&b' ') {
                i = j + 1;
                continue;
            }
            let n: u32 = code[i..j].parse().unwrap();
            return Some(format!("{}{}{}", &code[..i], n + 1, &code[j..]));
        }
        i += 1;
    }
    None
}

/// What the hover cards of the positions say: (position, line prefix, word hovered, texts the
/// card must contain, text it must not contain). The numbers are the hand derivations of the
/// positions' comments.
const CARDS: &[(&str, &str, &str, &[&str], &str)] = &[
    // inns: 2 per tile when complete (two inns do not make 4), 0 unfinished at the end, and
    // the road beside it without an inn 1 per tile
    (
        "inn-second-inn.carc",
        "turn",
        "turn",
        &["road of 3 tiles (complete): 3 × 2 (inn) = 6 for red"],
        "× 4",
    ),
    (
        "inn-junction-west-road.carc",
        "end",
        "end",
        &[
            "road of 2 tiles (unfinished): 2 tiles with an inn, unfinished = 0",
            "road of 2 tiles (unfinished): 2 × 1 = 2 for red",
        ],
        "inn) =",
    ),
    // cathedrals: 3 per tile and per shield, 0 unfinished (shield and all), two count once
    (
        "cathedral-shield.carc",
        "turn",
        "turn",
        &["city of 6 tiles, 1 shield (complete): 6 × 3 + 1 × 3 (cathedral) = 21 for red"],
        "× 2",
    ),
    (
        "cathedral-unfinished-shield.carc",
        "tile ic.K",
        "knight",
        &["worth 0 at final scoring (3 tiles with a cathedral, unfinished = 0)"],
        "3 + 1",
    ),
    (
        "two-cathedrals.carc",
        "turn",
        "turn",
        &[
            "city of 8 tiles (complete): 8 × 3 (cathedral) = 24 for blue",
            // the turn card names the figures that return: the large knight is not a knight
            "blue's large knight returns",
            "red's knight returns",
        ],
        "× 6",
    ),
    // the large meeple counts 2: a tie with two meeples, 3 with a meeple of its colour, in a
    // field too
    (
        "large-knight-tie.carc",
        "turn",
        "turn",
        &["red 2 (large knight counting 2) v blue 2 (2 knights): red scores 18, blue 18"],
        "blue 0",
    ),
    (
        "large-and-meeple-same-colour.carc",
        "turn",
        "turn",
        &[
            "red 3 (large traveller counting 2 + 1 traveller) v blue 2 (2 travellers): red \
             scores 7, blue 0",
        ],
        "blue 7",
    ),
    (
        "large-farmer-tie.carc",
        "end",
        "end",
        &["red 2 (large farmer counting 2) v blue 2 (2 farmers): red scores 3, blue 3"],
        "blue 0",
    ),
    // a recall: the garden scored unfinished because the abbot came back, and it is the abbot
    // (not a monk) that returns; on the word `recall` the same card (it showed nothing)
    (
        "recall-and-road.carc",
        "turn",
        "turn",
        &[
            "garden with 3 neighbours (abbot recalled): 1 + 3 = 4 for red",
            "red's abbot returns",
            "road of 3 tiles (complete): 3 × 1 = 3 for red",
        ],
        "monk",
    ),
    (
        "recall-and-road.carc",
        "turn",
        "recall",
        &["garden with 3 neighbours (abbot recalled): 1 + 3 = 4 for red"],
        "monk",
    ),
    // at the end an unfinished garden is just unfinished
    (
        "garden-end.carc",
        "end",
        "end",
        &["garden with 3 neighbours (unfinished): 1 + 3 = 4 for red"],
        "recalled",
    ),
    // an abbot that scored with its completed monastery returns as the abbot
    (
        "abbot-monastery-reuse.carc",
        "turn",
        "turn",
        &[
            "monastery with 8 neighbours (complete): 1 + 8 = 9 for red",
            "red's abbot returns",
        ],
        "monk",
    ),
    // a figure that scored on its own turn is named (it said "the meeple")
    (
        "abbot-completed-at-once.carc",
        "turn red B",
        "abbot",
        &["monastery with 8 neighbours: scored at once, +9; the abbot returns to its owner"],
        "meeple",
    ),
    (
        "large-returns.carc",
        "turn red E",
        "knight",
        &["city of 2 tiles: scored at once, +4; the large meeple returns to its owner"],
        "the meeple",
    ),
    // the tile card lists the garden with its abbot, as it lists a monastery with its monk;
    // an empty garden (no `rules abbot` there) scores nothing, and the card says why
    (
        "abbot-inns-gardens.carc",
        "turn red ic.B",
        "ic.B",
        &[
            "- **garden**: garden with 1 neighbour, open: 7 neighbours missing · red's abbot · worth \
             2 at final scoring (1 + 1 = 2) to red",
        ],
        "monastery with",
    ),
    (
        "garden-without-option.carc",
        "tile Ug",
        "Ug",
        &["- **garden**: no abbot in it: a garden scores only for the abbot"],
        "worth 9",
    ),
    (
        "garden-without-option.carc",
        "tile E 0,0",
        "E",
        &["- **city**"],
        "garden",
    ),
    // Traders & Builders: a field of a split corner or between cities is named by its
    // half-sides or `inner` on the tile card (its line had no place at all)
    (
        "tb-pig-split-corner.carc",
        "tile tb.I",
        "tb.I",
        &[
            "- **field** (SSE): field touching 1 completed city · no meeples",
            "- **field** (NE ESE): field touching 1 completed city · red 1",
        ],
        "- **field**:",
    ),
    (
        "tb-I-rotated-split.carc",
        "tile tb.I",
        "tb.I",
        &["- **field** (WSW): field touching 1 completed city · red 1"],
        "- **field**:",
    ),
    (
        "tb-M-inner-field.carc",
        "tile tb.M",
        "tb.M",
        &["- **field** (inner): field touching 1 completed city · red 1"],
        "- **field**:",
    ),
];

#[test]
fn hover_cards_explain_inns_cathedrals_large_meeples_gardens_and_recalls() {
    for &(file, prefix, word, says, never) in CARDS {
        let card = card(&position(file), prefix, word);
        for text in says {
            assert!(card.contains(text), "{file}: `{text}` not in\n{card}");
        }
        assert!(!card.contains(never), "{file}: `{never}` in\n{card}");
    }
}

#[test]
fn mismatches_and_inlay_hints_explain_them_too() {
    // a wrong expectation gives the arithmetic: an inn road, a recall
    for (file, from, to, says) in [
        (
            "inn-second-inn.carc",
            "=> red +6",
            "=> red +12",
            "expected red +12, but this scores red +6: road of 3 tiles (complete): 3 × 2 (inn) \
             = 6 for red",
        ),
        (
            "recall-and-road.carc",
            "=> red +7",
            "=> red +3",
            "expected red +3, but this scores red +7: garden with 3 neighbours (abbot recalled): \
             1 + 3 = 4 for red; road of 3 tiles (complete): 3 × 1 = 3 for red",
        ),
    ] {
        let wrong = position(file).replace(from, to);
        assert_eq!(messages(&analyze(&wrong), Code::ScoreMismatch), [says]);
    }
    // inlay hints: the inn road on blue's traveller is worth 0 at the end; a recall without
    // `=> …` gives its points and says it was a recall
    let text = position("inn-junction-west-road.carc");
    assert_eq!(
        hints_on(&text, 9),
        ["road of 2 tiles with an inn: 0 at the end if still open"]
    );
    let text = position("abbot-recall-far.carc").replace(" recall => red +2", " recall");
    let line = line_of(&text, offset_of(&text, "turn red U 6,0", "recall"));
    assert_eq!(
        hints_on(&text, line),
        ["monastery with 1 neighbour (abbot recalled): 1 + 1 = 2 for red"]
    );
}

#[test]
fn setup_messages_name_the_figures() {
    // 7 travellers, the large knight and the abbot on the board: 7 meeples (it once said
    // "9 meeples")
    let text = position("supply-special-figures-over.carc");
    assert_eq!(
        messages(&analyze(&text), Code::MeepleSupply),
        ["red has 7 meeples on the board, so at most 0 in supply, not 1"]
    );
    let text = position("supply-special-figures.carc");
    assert_eq!(analyze(&text).diagnostics(), []);
    // an abbot on a setup tile without monastery or garden: no "tile just placed" there
    let text = "rules abbot\nplayers red blue\ntile E 0,0 red abbot\n";
    assert_eq!(
        messages(&analyze(text), Code::BadPlace),
        [
            "the abbot goes on the monastery or the garden of its tile; E (Single city cap) has \
          neither"
        ]
    );
    // completed-occupied on a garden says garden and abbot (it said "monastery", "meeple")
    let text = position("garden-completed-in-setup.carc");
    assert_eq!(
        messages(&analyze(&text), Code::CompletedOccupied),
        [
            "this garden is already complete, so it would have scored and sent its abbot home; \
          this abbot is not placed"
        ]
    );
}

#[test]
fn illegal_abbot_turns_leave_their_expectation_unchecked() {
    // figure-supply and bad-recall make a turn illegal: its `=> …` is not checked (the
    // positions assert the 9 with `expect score`), whatever it claims
    for (name, line) in [
        (
            "abbot-own-monastery-completing.carc",
            "turn red Eg 2,2 r90 abbot",
        ),
        (
            "abbot-recall-completed-monastery.carc",
            "turn red N 2,2 r90 recall",
        ),
    ] {
        let text = position(name).replace(line, &format!("{line} => blue +5"));
        let analysis = analyze(&text);
        assert!(
            messages(&analysis, Code::ScoreMismatch).is_empty(),
            "{name}: {:?}",
            analysis.diagnostics()
        );
    }
}

#[test]
fn the_one_field_of_ic_h_needs_no_place() {
    // ic.H's only field is its inner one: a bare `farmer` stands there (it was refused with
    // "ic.H has 1 field here: name one by its corner (NE, SE, SW, NW)", none of which exists)
    let text = position("inner-field-unnamed.carc");
    assert_eq!(analyze(&text).diagnostics(), []);
    let line = line_of(&text, offset_of(&text, "turn red ic.H", "farmer"));
    assert_eq!(
        hints_on(&text, line),
        [
            "field touching 1 completed city: 3 at the end",
            "the tile completes a city of 2 tiles (4) that holds no meeple"
        ]
    );
    // and the same deployment written with its place means the same
    let named = text.replace("turn red ic.H 0,0 farmer", "turn red ic.H 0,0 farmer inner");
    assert_eq!(analyze(&named).diagnostics(), []);
    assert_eq!(
        hints_on(&named, line),
        [
            "field touching 1 completed city: 3 at the end",
            "the tile completes a city of 2 tiles (4) that holds no meeple"
        ]
    );
}

#[test]
fn an_empty_supply_leaves_the_large_meeple_among_the_moves() {
    // red has no meeple left in supply but its large meeple is at home: `turn red U 1,0 r90
    // large traveller E` is legal (the replay accepts it), so `carc moves` lists it (it once
    // listed no large moves at all, as if the large meeple came out of the supply)
    let text =
        "rules inns-cathedrals\nplayers red blue\ntile D 0,0 blue large knight N\nsupply red 0\n";
    let played = format!("{text}turn red U 1,0 r90 large traveller E\n");
    assert_eq!(analyze(&played).diagnostics(), []);
    let list = carc_analysis::moves(&analyze(text), "U", None).unwrap();
    let texts: Vec<&str> = list.moves.iter().map(|m| m.text.as_str()).collect();
    assert!(texts.contains(&"U 1,0 r90 large traveller E"), "{texts:?}");
    // and no plain meeple
    assert!(!texts.contains(&"U 1,0 r90 traveller E"), "{texts:?}");
    // with the large meeple on the board, none either
    let both =
        "rules inns-cathedrals\nplayers red blue\ntile D 0,0 red large knight N\nsupply red 0\n";
    let list = carc_analysis::moves(&analyze(both), "U", None).unwrap();
    assert!(
        list.moves.iter().all(|m| m.figure.is_none()),
        "{:?}",
        list.moves.len()
    );
}

#[test]
fn refused_moves_are_written_with_their_figure() {
    // a legal `refused` line names the move as written: with `recall`, `large` and `abbot`
    // (it said `red U 1,0 r90` for a recall and `red U 1,0 r90 traveller E` for the large
    // meeple)
    let text = "rules abbot inns-cathedrals\nplayers red blue\ntile D 0,0\ntile B 0,-1 red abbot\n\
                refused bad-recall: turn red U 1,0 r90 recall\n\
                refused figure-supply: turn red U 1,0 r90 large traveller E\n";
    assert_eq!(
        messages(&analyze(text), Code::RefusalMismatch),
        [
            "refused move is legal: red U 1,0 r90 recall may be played here (nothing refuses it)",
            "refused move is legal: red U 1,0 r90 large traveller E may be played here (nothing \
             refuses it)",
        ]
    );
}

#[test]
fn a_pig_says_what_its_owner_scores_in_all() {
    // tb-pig-two-cities: red's farmer and pig win a field touching 2 completed cities: 2 × 4 =
    // 8, and red's grain 10: 18. The pig's clause gives the 8 in all (it said `2 cities → +8`
    // after `2 × 3 = 6 for red`, which reads as 6 + 8 = 14 from the field)
    let wrong = position("tb-pig-two-cities.carc").replace("end => red +18", "end => red +14");
    assert_eq!(
        messages(&analyze(&wrong), Code::ScoreMismatch),
        [
            "expected red +14, but this scores red +18: field touching 2 completed cities: 2 × 3 \
             = 6 for red; red's pig: 4 per city instead of 3: 2 × 4 = 8 for red, in place of 6; \
             goods: grain: \
             red 1 v blue 0: red +10"
        ]
    );
    // a tie, one pig: the pig's owner 4, the other winner 3
    let text = position("tb-pig-large-farmer.carc");
    let end = card(&text, "end", "end");
    assert!(
        end.contains("red scores 4, blue 3; red's pig: 4 per city instead of 3: 1 × 4 = 4 for red"),
        "{end}"
    );
    // the pig of a loser brings nothing
    let end = card(&position("tb-pig-loser.carc"), "end", "end");
    assert!(
        end.contains("blue scores 3, red 0; red's pig: red does not win the field: nothing"),
        "{end}"
    );
    assert!(!end.contains("for red"), "{end}");
}

#[test]
fn a_bonus_after_the_builders_own_tile_says_why() {
    // tb-builder-not-extended: the builder came out with the tile at 1,0, so that tile earns
    // nothing (it said "red had no builder on the board when the tile at 1,0 was placed",
    // beside the line deploying it); a tile beside the road that does not extend it
    let text = position("tb-builder-not-extended.carc");
    assert_eq!(
        messages(&analyze(&text), Code::BonusNotEarned),
        [
            "red's builder was deployed with the tile at 1,0: only a later tile of red's that \
             extends its road earns a bonus",
            "red's tile at 0,1 does not extend the road of red's builder (at 1,0)",
        ]
    );
}

#[test]
fn the_search_plays_the_builders_bonus_tile() {
    // Red's builder stands on the road A -1,0 + D 0,0 (red's traveller) + U 1,0; farmers
    // off; the draws are U then A. U r90 at 2,0 (its only move there: the road holds red's
    // traveller, the builder is out) extends the builder's road: red plays the A as its
    // bonus tile, blue never gets it. Red's best bonus: A r180 at 1,1 with the monk, beside
    // E 0,1, D, U 1,0 and U 2,0 (1 + 4 = 5 at the end), the road left open (4 tiles: 4): red
    // 9, blue 0: +9. Closing the road with A r90 at 3,0 instead gives 5 + a monk with 1
    // neighbour (2): 7. Any other U leaves the A to blue, and red then holds at most its
    // road (4 if blue closes it) plus a one-tile road (2 if blue closes that): under +9. (The
    // search gave the A to blue: "blue A 1,1 r180 monk", -1.)
    let text = "rules no-farmers traders-builders\nplayers red blue\ndraws U A\n\
                tile A -1,0 r270\ntile D 0,0 red traveller E\ntile U 1,0 r90 red builder E\n\
                tile E 0,1 r180\n";
    let analysis = analyze(text);
    assert_eq!(analysis.diagnostics(), []);
    let solved = carc_analysis::solve(
        &analysis,
        None,
        Some(carc_notation::PuzzleGoal::Final),
        carc_rules::Limits::default(),
    )
    .unwrap();
    let best = &solved.moves[0];
    assert_eq!(
        (best.text.as_str(), best.value, best.line.clone()),
        ("U 2,0 r90", 9, vec!["red A 1,1 r180 monk".to_owned()])
    );
    assert!(solved.moves[1..].iter().all(|m| m.value < 9));
}
