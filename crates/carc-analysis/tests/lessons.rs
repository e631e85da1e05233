//! The lesson course of seeds/000 as `examples/lessons/`: 13 lessons and 3 strategy positions.
//! Each file checks clean (the fixture runner asserts that for every example); here: the
//! course is complete, each lesson states its scores with `=>`, the strategy positions compare
//! their options in variations, the refused actions (turns and a discard) are `refused`
//! statements that carc checks, and the lessons are natural excerpts: no filler tiles, and
//! `rules whole-board` would reject them.

use std::path::{Path, PathBuf};

use carc_analysis::{analyze, Code};
use carc_notation::{parse, StatementKind};

fn lessons_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/lessons")
}

fn lesson_files() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(lessons_dir())
        .expect("examples/lessons exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "carc"))
        .map(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let text = std::fs::read_to_string(&p).expect("readable lesson");
            (name, text)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn the_course_has_13_lessons_and_3_strategy_positions_each_titled_with_scores() {
    let files = lesson_files();
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    // and lesson 17, the river opening
    assert_eq!(files.len(), 17, "{names:?}");
    for (name, text) in &files {
        assert!(text.contains("\ntitle \""), "{name} has no title");
        assert!(text.contains("\nnote \""), "{name} has no note");
        assert!(text.contains("=> "), "{name} states no score");
        let analysis = analyze(text);
        assert!(
            analysis.diagnostics().is_empty(),
            "{name}: {:?}",
            analysis.diagnostics()
        );
    }
    let strategy: Vec<&(String, String)> = files
        .iter()
        .filter(|(n, _)| n.contains("strategy"))
        .collect();
    assert_eq!(strategy.len(), 3);
    for (name, text) in strategy {
        let blocks = text.matches("variation \"").count();
        assert!(blocks >= 2, "{name} compares {blocks} options");
    }
}

/// The `refused` statements of a text: (0-based line, the codes as written).
fn refused_statements(text: &str) -> Vec<(usize, Vec<String>)> {
    parse(text)
        .lines
        .iter()
        .enumerate()
        .filter_map(|(i, line)| match &line.kind {
            carc_notation::LineKind::Statement(s) => match &s.kind {
                StatementKind::Refused(r) => {
                    Some((i, r.codes.iter().map(|c| c.value.clone()).collect()))
                }
                _ => None,
            },
            _ => None,
        })
        .collect()
}

#[test]
fn the_refused_actions_of_the_lessons_are_written_and_cover_the_four_rules() {
    let mut codes: Vec<(String, String)> = Vec::new();
    for (name, text) in lesson_files() {
        // Every refused action is a checked statement: none is left as a `# refused:` comment.
        assert!(!text.contains("# refused:"), "{name}");
        for (_, listed) in refused_statements(&text) {
            codes.extend(listed.into_iter().map(|c| (name.clone(), c)));
        }
    }
    let has = |lesson: &str, code: &str| {
        codes
            .iter()
            .any(|(n, c)| n.starts_with(lesson) && c == code)
    };
    // Occupied city, the 180° mismatch, the unplaceable tile, deploying from an empty supply.
    assert!(has("02-", "occupied-feature"), "{codes:?}");
    assert!(has("06-", "occupied-feature"), "{codes:?}");
    assert!(has("12-", "edge-mismatch"), "{codes:?}");
    assert!(has("13-", "edge-mismatch"), "{codes:?}");
    assert!(has("13-", "illegal-discard"), "{codes:?}");
    assert!(has("11-", "meeple-supply"), "{codes:?}");
}

#[test]
fn each_refused_statement_is_checked_and_a_wrong_code_is_reported() {
    // Every lesson checks clean (above), so each `refused` statement holds. Claiming another
    // code instead must then be `refusal-mismatch` on that line: the claim is really checked.
    let mut checked = 0;
    for (name, text) in lesson_files() {
        for (line, listed) in refused_statements(&text) {
            let wrong = if listed.iter().any(|c| c == "tile-count") {
                "farmers-off"
            } else {
                "tile-count"
            };
            let lines: Vec<String> = text.lines().map(str::to_owned).collect();
            let original = &lines[line];
            let changed_line = original.replacen(&listed.join(", "), wrong, 1);
            assert_ne!(&changed_line, original, "{name}:{}", line + 1);
            let mut changed = lines.clone();
            changed[line] = changed_line;
            let changed = changed.join("\n") + "\n";
            let start: usize = lines[..line].iter().map(|l| l.len() + 1).sum();
            let end = start + lines[line].len();
            let found: Vec<Code> = analyze(&changed)
                .diagnostics()
                .iter()
                .filter(|d| start <= d.span.start && d.span.start <= end)
                .map(|d| d.code)
                .collect();
            assert_eq!(found, vec![Code::RefusalMismatch], "{name}:{}", line + 1);
            checked += 1;
        }
    }
    // Lessons 2, 6, 11, 12 and 13 twice (occupied city twice, the empty supply, the 180°
    // mismatch, the unplaceable four-sided city, the city cap that may not be discarded) and
    // 17 (river-continue, river-uturn).
    assert_eq!(checked, 8);
}

/// The text with `rules whole-board` after its `players` line.
fn whole_board(text: &str) -> String {
    text.replacen(
        "\nplayers red blue\n",
        "\nplayers red blue\nrules whole-board\n",
        1,
    )
}

#[test]
fn the_lessons_are_natural_excerpts_that_whole_board_would_reject() {
    // Each setup shows only the tiles its lesson is about (seeds/000: "fixed local
    // positions"). As excerpts they check clean (the fixture runner and the test above); as
    // entire boards they are impossible, for the reasons the checker gave before excerpts:
    let cases: [(&str, usize, Vec<Code>); 4] = [
        // 6: three caps around the gap 0,0 touch only through it: the caps at 1,0 and -1,0
        // are not joined side to side with the first one (0,1).
        ("06-", 3, vec![Code::NotAdjacent, Code::NotAdjacent]),
        // 7: blue's cap at 1,0 touches red's city only through the gap.
        ("07-", 4, vec![Code::NotAdjacent]),
        // 9: red's monk, knight and traveller on 4 tiles; 2 players alternating give red at
        // most 2 of the 4 turns, so at most 2 meeples.
        ("09-", 4, vec![Code::Unreachable]),
        // 12: the cap above the gap and the road east of it touch only through the gap.
        ("12-", 2, vec![Code::NotAdjacent]),
    ];
    let files = lesson_files();
    for (prefix, tiles, expected) in cases {
        let (name, text) = files
            .iter()
            .find(|(n, _)| n.starts_with(prefix))
            .expect("the lesson exists");
        let setup_tiles = text.lines().filter(|l| l.starts_with("tile ")).count();
        assert_eq!(setup_tiles, tiles, "{name}: no filler tiles");
        assert!(analyze(text).diagnostics().is_empty(), "{name}");
        let whole = whole_board(text);
        assert_ne!(&whole, text, "{name}: the rules line went in");
        let found: Vec<Code> = analyze(&whole)
            .diagnostics()
            .iter()
            .map(|d| d.code)
            .collect();
        assert_eq!(found, expected, "{name}");
    }
}
