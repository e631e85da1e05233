//! `carc import` as a user runs it: a JCloisterZone save written to a `.carc` file that
//! `carc check` passes, the atomic writer's refusals, and a refused save's message and status.
//! The mapping itself is tested in crates/carc-analysis/tests/import.rs.

mod support;

use support::{carc, scratch};

#[test]
fn an_imported_game_is_written_once_and_checks_clean() {
    let dir = scratch("import-written");
    let out = dir.join("game.carc");
    let path = out.to_str().unwrap();
    let run = carc(&["import", "tests/data/import/base-5.jcz", "-o", path]);
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    // the totals derived in crates/carc-analysis/tests/import.rs
    assert!(text.contains("expect score red 8, blue 3"), "{text}");
    let check = carc(&["check", path]);
    assert_eq!(check.status.code(), Some(0), "{check:?}");
    assert!(String::from_utf8_lossy(&check.stderr).contains("0 errors, 0 warnings"));
    // a second import does not overwrite it without --force
    let again = carc(&["import", "tests/data/import/base-5.jcz", "-o", path]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists; `--force`"));
    let forced = carc(&[
        "import",
        "tests/data/import/base-4.jcz",
        "-o",
        path,
        "--force",
    ]);
    assert_eq!(forced.status.code(), Some(0), "{forced:?}");
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .contains("expect score red 3, blue 2"));
}

#[test]
fn a_save_carc_does_not_play_is_refused_with_its_field_and_code() {
    let run = carc(&["import", "tests/data/import/unknown-expansion.jcz"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(run.stdout.is_empty());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.starts_with("carc: tests/data/import/unknown-expansion.jcz: setup.sets.tower:1: `tower:1` is a set carc does not play"),
        "{err}"
    );
    assert!(err.trim_end().ends_with("[jcz-expansion]"), "{err}");
    let bad = carc(&["import", "tests/data/import/not-json.jcz"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("[jcz-json]"));
}

#[test]
fn until_prints_a_puzzle_skeleton() {
    let run = carc(&[
        "import",
        "tests/data/import/traders-builders-5.jcz",
        "--until",
        "2",
        "--draws",
        "1",
    ]);
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(text.contains("puzzle final\n"), "{text}");
    assert!(text.contains("draws U\n"), "{text}");
}
