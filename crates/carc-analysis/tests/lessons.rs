//! The lesson course of seeds/000 as `examples/lessons/`: 13 lessons and 3 strategy positions.
//! Each file checks clean (the fixture runner asserts that for every example); here: the
//! course is complete, each lesson states its scores with `=>`, the strategy positions compare
//! their options in variations, and every refused action written as
//! `# refused: CODE: STATEMENT` yields CODE on its line once uncommented.

use std::path::{Path, PathBuf};

use carc_analysis::{analyze, Code};

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

/// A `# refused: CODE: STATEMENT` comment line: (0-based line, indentation, code, statement).
fn refused_lines(text: &str) -> Vec<(usize, String, String, String)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let body = line.trim_start();
            let indent = &line[..line.len() - body.len()];
            let rest = body.strip_prefix("# refused:")?;
            let (code, statement) = rest.split_once(':')?;
            Some((
                i,
                indent.to_owned(),
                code.trim().to_owned(),
                statement.trim().to_owned(),
            ))
        })
        .collect()
}

#[test]
fn the_course_has_13_lessons_and_3_strategy_positions_each_titled_with_scores() {
    let files = lesson_files();
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(files.len(), 16, "{names:?}");
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

#[test]
fn the_refused_actions_of_the_lessons_are_written_and_cover_the_four_rules() {
    let mut codes: Vec<(String, String)> = Vec::new();
    for (name, text) in lesson_files() {
        for (_, _, code, _) in refused_lines(&text) {
            codes.push((name.clone(), code));
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
fn each_refused_line_uncommented_yields_its_code_on_that_line() {
    let mut checked = 0;
    for (name, text) in lesson_files() {
        for (line, indent, code, statement) in refused_lines(&text) {
            let expected =
                Code::from_id(&code).unwrap_or_else(|| panic!("{name}: unknown code `{code}`"));
            let lines: Vec<String> = text
                .lines()
                .enumerate()
                .map(|(i, l)| {
                    if i == line {
                        format!("{indent}{statement}")
                    } else {
                        l.to_owned()
                    }
                })
                .collect();
            let changed = lines.join("\n") + "\n";
            let start: usize = lines[..line].iter().map(|l| l.len() + 1).sum();
            let end = start + lines[line].len();
            let analysis = analyze(&changed);
            let found: Vec<&str> = analysis
                .diagnostics()
                .iter()
                .filter(|d| start <= d.span.start && d.span.start <= end)
                .map(|d| d.code.as_str())
                .collect();
            assert!(
                found.contains(&expected.as_str()),
                "{name}:{}: `{statement}` should yield {code}, got {found:?}",
                line + 1
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 6, "every refused line was tried");
}
