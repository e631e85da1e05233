//! Data-driven diagnostics tests. Every `.carc` file under `tests/data/` and `examples/`
//! states its expected diagnostics in the notation's own comments:
//! a trailing `# error: code` (or `# warning: code`; several joined with `;`) applies to its
//! own line, an own-line one to the next line. The runner matches (line, code, severity) both
//! ways: every expected diagnostic must be produced and nothing else may be. Files without
//! annotations (the examples) must therefore check clean.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use carc_analysis::{analyze, Code};
use carc_notation::{parse, LineKind};

type Expected = BTreeSet<(usize, &'static str, &'static str)>;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn carc_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            carc_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "carc") {
            out.push(path);
        }
    }
}

/// 1-based line number of a byte offset.
fn line_number(text: &str, offset: usize) -> usize {
    text[..offset].matches('\n').count() + 1
}

/// Reads the `# error: code` annotations of a file.
fn expected(text: &str) -> Expected {
    let parse = parse(text);
    let mut out = Expected::new();
    let mut pending: Vec<(&'static str, &'static str)> = Vec::new();
    for line in &parse.lines {
        let line_no = line_number(text, line.span.start);
        let own_line = matches!(line.kind, LineKind::Blank);
        if !own_line {
            for (severity, code) in pending.drain(..) {
                out.insert((line_no, severity, code));
            }
        }
        let Some(comment) = line.comment else {
            continue;
        };
        let body = text[comment.start..comment.end].trim_start_matches('#');
        for part in body.split(';') {
            let part = part.trim();
            let Some((severity, code)) = part.split_once(':') else {
                continue;
            };
            let severity = match severity.trim() {
                "error" => "error",
                "warning" => "warning",
                _ => continue,
            };
            let code = code.trim();
            let code = Code::from_id(code)
                .unwrap_or_else(|| panic!("line {line_no}: unknown code `{code}` in annotation"));
            if own_line {
                pending.push((severity, code.as_str()));
            } else {
                out.insert((line_no, severity, code.as_str()));
            }
        }
    }
    out
}

fn actual(text: &str) -> Expected {
    analyze(text)
        .diagnostics()
        .iter()
        .map(|d| {
            (
                line_number(text, d.span.start),
                d.severity.as_str(),
                d.code.as_str(),
            )
        })
        .collect()
}

fn check_dir(dir: &str) -> usize {
    let mut files = Vec::new();
    carc_files(&repo_root().join(dir), &mut files);
    assert!(!files.is_empty(), "no .carc files under {dir}");
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let expected = expected(&text);
        let actual = actual(&text);
        if expected != actual {
            let missing: Vec<_> = expected.difference(&actual).collect();
            let unexpected: Vec<_> = actual.difference(&expected).collect();
            let messages: Vec<String> = analyze(&text)
                .diagnostics()
                .iter()
                .map(|d| {
                    format!(
                        "  line {}: {}[{}] {}",
                        line_number(&text, d.span.start),
                        d.severity.as_str(),
                        d.code.as_str(),
                        d.message
                    )
                })
                .collect();
            failures.push(format!(
                "{}\n missing: {missing:?}\n unexpected: {unexpected:?}\n produced:\n{}",
                path.display(),
                messages.join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    files.len()
}

#[test]
fn diagnostic_fixtures_produce_exactly_their_annotations() {
    check_dir("tests/data");
}

#[test]
fn examples_check_clean() {
    check_dir("examples");
}

/// The code table (`diagnostic.rs`) names a fixture per code: it exists, its annotations
/// name the code, and the analysis produces the code there (the file's annotations are
/// checked both ways by `diagnostic_fixtures_produce_exactly_their_annotations`; this also
/// fails if the row's file is another code's). A code cannot lack a row: the enum is made
/// from the rows.
#[test]
fn every_code_has_its_fixture_which_produces_it() {
    let mut failures = Vec::new();
    for code in Code::ALL {
        let path = repo_root().join(code.fixture());
        let Ok(text) = std::fs::read_to_string(&path) else {
            failures.push(format!("{}: no fixture {}", code.as_str(), code.fixture()));
            continue;
        };
        let annotated = expected(&text).iter().any(|(_, _, c)| *c == code.as_str());
        let produced = analyze(&text).diagnostics().iter().any(|d| d.code == code);
        if !annotated || !produced {
            failures.push(format!(
                "{}: {} annotates it: {annotated}, produces it: {produced}",
                code.as_str(),
                code.fixture()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn annotations_are_read_from_trailing_and_own_line_comments() {
    let text = "tile D 0,0\n# error: edge-mismatch; warning: turn-order\n\nturn red E 0,1 # error: order\n";
    let got = expected(text);
    let want: Expected = [
        (4, "error", "edge-mismatch"),
        (4, "warning", "turn-order"),
        (4, "error", "order"),
    ]
    .into_iter()
    .collect();
    assert_eq!(got, want);
}

/// What a file means, independent of its layout: every diagnostic (code, message) and every
/// inlay hint label, in order.
fn meaning(text: &str) -> (Vec<(&'static str, String)>, Vec<String>) {
    let analysis = analyze(text);
    let diagnostics = analysis
        .diagnostics()
        .iter()
        .map(|d| (d.code.as_str(), d.message.clone()))
        .collect();
    let hints = carc_analysis::inlay_hints(&analysis, carc_analysis::Span::new(0, text.len()))
        .into_iter()
        .map(|h| h.tooltip)
        .collect();
    (diagnostics, hints)
}

#[test]
fn formatting_every_file_is_idempotent_and_keeps_its_meaning() {
    let mut files = Vec::new();
    carc_files(&repo_root().join("examples"), &mut files);
    carc_files(&repo_root().join("tests/data"), &mut files);
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let once = carc_analysis::format(&text);
        let twice = carc_analysis::format(&once);
        assert_eq!(
            once,
            twice,
            "{}: formatting is not idempotent",
            path.display()
        );
        assert_eq!(
            meaning(&text),
            meaning(&once),
            "{}: formatting changed the meaning",
            path.display()
        );
    }
}
