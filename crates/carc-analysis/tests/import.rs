//! `carc import`: JCloisterZone saves (hand-written in its format, both generations, under
//! `tests/data/import/`) become `.carc` files that check clean, whose totals are the ones
//! derived here by hand; saves carc cannot play are errors with their code and field.
//!
//! `jcloisterzone_engine_tests` (ignored; run it with `CARC_JCZ_TESTS=DIR cargo test -p
//! carc-analysis --test import -- --ignored --nocapture`) imports every save of a local copy of
//! JCloisterZone's published engine tests (its `engine-tests` folder; AGPL, never committed
//! here) and compares the totals with each save's `test.assertions` ("Alice has 8 points").

use std::path::{Path, PathBuf};

use carc_analysis::{analyze, import_jcz, ImportCode, ImportOptions, Severity};

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/import")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn import(name: &str, until: Option<usize>) -> Result<String, carc_analysis::ImportError> {
    let options = ImportOptions {
        title: name.to_owned(),
        until,
        draws: 2,
    };
    import_jcz(&data(name), &options)
}

/// The text is formatted and checks with no error and no warning; its `expect score` line.
fn clean_totals(text: &str) -> String {
    // as `carc fmt` leaves it, so `carc fmt --check` passes on an untouched import
    assert_eq!(carc_analysis::format(text), text, "not formatted");
    let analysis = analyze(text);
    assert!(
        analysis.diagnostics().is_empty(),
        "{text}\n{:?}",
        analysis.diagnostics()
    );
    text.lines()
        .find(|l| l.starts_with("expect score"))
        .unwrap_or_else(|| panic!("no expect score in\n{text}"))
        .to_owned()
}

/// Whether a line reads `words`, whatever the spaces the formatter aligned `=>` with.
fn has_line(text: &str, words: &str) -> bool {
    text.lines()
        .any(|l| l.split_whitespace().collect::<Vec<_>>().join(" ") == words)
}

#[test]
fn a_5x_base_game_checks_clean_with_its_totals() {
    let text = import("base-5.jcz", None).unwrap();
    // Ann (red) closes the start city with E and a knight: 2 tiles x 2 = 4 at once. Ben
    // (blue) travels the start road east on U; Ann's monk on B south of the start tile has 4
    // tiles around and under it at the end (B, D, U diagonal, V diagonal): 4. Ben's road V-D-U
    // is open at both ends: 3 tiles, 3. Red 4 + 4 = 8, blue 3.
    assert_eq!(clean_totals(&text), "expect score red 8, blue 3");
    assert!(
        has_line(&text, "turn red E 0,1 r180 knight S => red +4"),
        "{text}"
    );
    // JCloisterZone's U lies east-west at R0: carc's r90
    assert!(text.contains("turn blue U 1,0 r90 traveller W"), "{text}");
}

#[test]
fn a_4x_base_game_checks_clean_with_its_totals() {
    let text = import("base-4.jcz", None).unwrap();
    // No start tile in a 4.x save: D at 0,0. Ann's farmer in E's field (E closes the start
    // city, nobody in it); the field reaches B north of it and touches that one completed
    // city: 3. Ben's monk on B: B and E only, 2. Seats come from the meeples' ids.
    assert_eq!(clean_totals(&text), "expect score red 3, blue 2");
    assert!(text.contains("turn red E 0,1 r180 farmer NE"), "{text}");
    assert!(text.contains("turn blue B 0,2 r0 monk"), "{text}");
}

#[test]
fn a_builders_second_tile_is_a_bonus_part() {
    let text = import("traders-builders-5.jcz", None).unwrap();
    // Ann's traveller and builder on the start road; U 3,0 extends it, so her next tile (V
    // -1,0) is a bonus part, which extends it again without a further bonus. At the end the
    // road runs V, D, U x4: 6 tiles, open, 6 for red; Ben has no figure out: 0.
    assert!(text.contains("turn red U 2,0 r90 builder W"), "{text}");
    assert!(text.contains("bonus red V -1,0 r270"), "{text}");
    assert_eq!(clean_totals(&text), "expect score red 6, blue 0");
}

#[test]
fn a_river_game_starts_at_the_spring() {
    let text = import("river-5.jcz", None).unwrap();
    // the spring r.A is the start tile; r.C (cities north and south of the water), the lake,
    // then E r180 closes r.C's north city where Ann's knight is: 2 tiles x 2 = 4
    assert!(
        text.contains("rules farmers river\ntile r.A 0,0 r0\n"),
        "{text}"
    );
    assert!(has_line(&text, "turn red E 1,1 r180 => red +4"), "{text}");
    assert_eq!(clean_totals(&text), "expect score red 4, blue 0");
}

#[test]
fn until_cuts_a_puzzle_skeleton_that_checks() {
    let text = import("traders-builders-5.jcz", Some(2)).unwrap();
    assert_eq!(carc_analysis::format(&text), text, "not formatted");
    assert!(analyze(&text).diagnostics().is_empty(), "{text}");
    assert!(text.contains("puzzle final"), "{text}");
    // after two turns the next tiles are U (red's) and B (blue's)
    assert!(text.contains("draws U B"), "{text}");
    assert!(text.contains("tile U 1,0 r90 red traveller W"), "{text}");
    assert!(!text.lines().any(|l| l.starts_with("turn ")), "{text}");
    let past = import("traders-builders-5.jcz", Some(6)).unwrap_err();
    assert_eq!(past.code, ImportCode::Until);
}

#[test]
fn an_unknown_expansion_and_a_bad_file_are_named_errors() {
    let e = import("unknown-expansion.jcz", None).unwrap_err();
    assert_eq!(e.code, ImportCode::Expansion);
    assert_eq!(e.code.as_str(), "jcz-expansion");
    assert_eq!(e.field, "setup.sets.tower:1");
    assert!(
        e.message.contains("`tower:1` is a set carc does not play"),
        "{e}"
    );
    let e = import("not-json.jcz", None).unwrap_err();
    assert_eq!(e.code, ImportCode::Json);
    assert!(e.field.starts_with("line 2"), "{e}");
}

#[test]
fn variants_tiles_and_actions_carc_does_not_play_are_named() {
    let base = data("base-5.jcz");
    let edit = |from: &str, to: &str| {
        assert!(base.contains(from), "{from}");
        import_jcz(&base.replacen(from, to, 1), &ImportOptions::default()).unwrap_err()
    };
    let e = edit("\"rules\": {}", "\"rules\": {\"tiny-city-scoring\": \"2\"}");
    assert_eq!(
        (e.code, e.field.as_str()),
        (ImportCode::Rule, "setup.rules.tiny-city-scoring")
    );
    let e = edit("\"farmers\": true", "\"farmers\": true, \"wagon\": 1");
    assert_eq!(
        (e.code, e.field.as_str()),
        (ImportCode::Rule, "setup.elements.wagon")
    );
    let e = edit("\"BA/L\"", "\"BA/Nope\"");
    assert_eq!(
        (e.code, e.field.as_str()),
        (ImportCode::Tile, "replay[6].payload.tileId")
    );
    let e = edit("\"PASS\"", "\"PLACE_TOKEN\"");
    assert_eq!(
        (e.code, e.field.as_str()),
        (ImportCode::Action, "replay[10].type")
    );
    let e = edit("\"0.small.2\"", "\"0.wagon.1\"");
    assert_eq!(e.code, ImportCode::Figure);
    // a move carc's rules refuse: V onto the start tile's cell
    let mut v: serde_json::Value = serde_json::from_str(&base).unwrap();
    v["replay"][9]["payload"]["position"] = serde_json::json!([0, 0]);
    let e = import_jcz(&v.to_string(), &ImportOptions::default()).unwrap_err();
    assert_eq!(
        (e.code, e.field.as_str()),
        (ImportCode::Illegal, "replay[9]"),
        "{e}"
    );
    assert!(e.message.contains("duplicate-cell"), "{e}");
}

/// `Alice has 8 points` → ("Alice", 8).
fn has_points(assertion: &str) -> Option<(String, i64)> {
    let (name, rest) = assertion.split_once(" has ")?;
    let n = rest.strip_suffix(" points")?.parse().ok()?;
    Some((name.to_owned(), n))
}

fn jcz_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            jcz_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "jcz") {
            out.push(p);
        }
    }
}

#[test]
#[ignore = "needs a local copy of JCloisterZone's engine tests (CARC_JCZ_TESTS)"]
fn jcloisterzone_engine_tests() {
    let dir = PathBuf::from(std::env::var("CARC_JCZ_TESTS").expect("CARC_JCZ_TESTS=DIR"));
    let mut files = Vec::new();
    jcz_files(&dir, &mut files);
    files.sort();
    let (mut agree, mut refused, mut disagree) = (0, 0, 0);
    for file in &files {
        let json = std::fs::read_to_string(file).unwrap();
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        let names: Vec<String> = value["players"]
            .as_array()
            .map(|p| {
                p.iter()
                    .map(|p| p["name"].as_str().unwrap_or("").to_owned())
                    .collect()
            })
            .unwrap_or_default();
        let expected: Vec<(String, i64)> = value["test"]["assertions"]
            .as_array()
            .map(|a| a.iter().filter_map(|s| has_points(s.as_str()?)).collect())
            .unwrap_or_default();
        let name = file
            .strip_prefix(&dir)
            .unwrap_or(file)
            .display()
            .to_string();
        match import_jcz(&json, &ImportOptions::default()) {
            Err(e) => {
                refused += 1;
                println!("refused  {name}: {e} [{}]", e.code.as_str());
            }
            Ok(text) => {
                let analysis = analyze(&text);
                let errors = analysis
                    .diagnostics()
                    .iter()
                    .filter(|d| d.severity == Severity::Error)
                    .count();
                let totals = text
                    .lines()
                    .find(|l| l.starts_with("expect score"))
                    .unwrap_or("")
                    .to_owned();
                let mismatch: Vec<String> = expected
                    .iter()
                    .filter(|(who, n)| {
                        let seat = names.iter().position(|x| x == who);
                        let colour = seat.and_then(|s| {
                            ["red", "blue", "green", "yellow", "black", "pink"].get(s)
                        });
                        colour.is_none_or(|c| !totals.contains(&format!("{c} {n}")))
                    })
                    .map(|(who, n)| format!("{who} {n}"))
                    .collect();
                if errors == 0 && mismatch.is_empty() && !expected.is_empty() {
                    agree += 1;
                    println!("agrees   {name}: {totals}");
                } else {
                    disagree += 1;
                    println!("DIFFERS  {name}: {totals}; {errors} errors; expected {mismatch:?}");
                }
            }
        }
    }
    println!(
        "{} saves: {agree} agree, {disagree} differ, {refused} refused (a set, figure or rule carc does not play)",
        files.len()
    );
    assert_eq!(disagree, 0);
}
