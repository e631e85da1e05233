//! A file's diagnostics do not depend on its line endings (issue 25, item 10): every example
//! and fixture, written with LF, with CRLF and with lone CRs, gets the same codes at the same
//! lines and columns from `carc check`. A file saved with bare CRs used to be one comment line
//! that checked clean.

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use support::{carc, scratch};

/// Every `.carc` file under `dir`, relative to it.
fn carc_files(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("readable folder")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            carc_files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "carc") {
            out.push(path.strip_prefix(root).expect("under root").to_path_buf());
        }
    }
}

/// One diagnostic as `check --format json` reports it, without its file's folder.
type Found = (String, u64, u64, u64, u64, String, String);

/// `carc check --format json` on `dir`: the diagnostics of each file (relative to `dir`).
fn check(dir: &Path) -> BTreeMap<String, Vec<Found>> {
    let out = carc(&[
        "check",
        "--format",
        "json",
        dir.to_str().expect("UTF-8 path"),
    ]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let mut found: BTreeMap<String, Vec<Found>> = BTreeMap::new();
    let prefix = format!("{}/", dir.display());
    for d in value.as_array().expect("an array") {
        let file = d["file"].as_str().expect("file");
        let file = file.strip_prefix(&prefix).unwrap_or(file).to_owned();
        let number = |key: &str| d[key].as_u64().expect("a number");
        found.entry(file.clone()).or_default().push((
            file,
            number("line"),
            number("column"),
            number("end_line"),
            number("end_column"),
            d["code"].as_str().expect("code").to_owned(),
            d["severity"].as_str().expect("severity").to_owned(),
        ));
    }
    found
}

#[test]
fn diagnostics_are_the_same_with_lf_crlf_and_cr_line_endings() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in ["examples", "tests/data"] {
        carc_files(&repo, &repo.join(dir), &mut files);
    }
    assert!(files.len() > 100, "{} files", files.len());

    let mut results = Vec::new();
    for (name, newline) in [("lf", "\n"), ("crlf", "\r\n"), ("cr", "\r")] {
        let dir = scratch(&format!("line-endings-{name}"));
        for file in &files {
            let text = std::fs::read_to_string(repo.join(file)).expect("UTF-8 file");
            let text = text.replace("\r\n", "\n").replace('\n', newline);
            let path = dir.join(file);
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
            std::fs::write(&path, text).expect("written");
        }
        results.push((name, check(&dir)));
    }
    let (_, lf) = &results[0];
    // The fixtures hold errors of many codes: the comparison compares something.
    let total: usize = lf.values().map(Vec::len).sum();
    assert!(total > 100, "only {total} diagnostics with LF");
    for (name, found) in &results[1..] {
        for file in lf.keys().chain(found.keys()) {
            assert_eq!(
                lf.get(file),
                found.get(file),
                "{file}: LF and {name} line endings give different diagnostics"
            );
        }
    }
}

/// The file of the issue: with bare CRs it is four lines, and the last one has an error (`E`
/// turned `r90` has no city at `S`).
#[test]
fn a_file_with_bare_carriage_returns_is_checked_line_by_line() {
    let dir = scratch("line-endings-issue");
    let file = dir.join("lesson.carc");
    std::fs::write(
        &file,
        "# Lesson\rplayers red blue\rtile D 0,0\rturn red E 0,1 r90 knight S => red +99\r",
    )
    .expect("written");
    let out = carc(&["check", file.to_str().expect("UTF-8 path")]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("error[bad-place]"), "{stdout}");
    assert!(stdout.contains("lesson.carc:4:"), "{stdout}");
    // The excerpt is the fourth line alone, not the whole file.
    assert!(
        stdout.contains("4 | turn red E 0,1 r90 knight S => red +99\n"),
        "{stdout}"
    );
}
