//! The resource suite of issue 25: hostile files through the `carc` binary under a memory
//! limit (`ulimit -v`, through `sh`) and a time limit (`timeout`). Each must end with a clear
//! diagnostic or error that names the limit, never an abort (a failed allocation aborts with
//! a signal) nor a hang. The time limit only catches hangs: the figures are the benchmark's
//! (`carc-bench analysis`), never asserted here.

mod support;

use std::path::Path;
use std::process::{Command, Output};

use support::{carc, scratch};

/// Address space for one run, in KiB: the 1 GiB that a file of 8 Mi blank lines needed four
/// times over before (460 bytes a line).
const MEMORY_KIB: u64 = 1024 * 1024;
/// Seconds before a run counts as hung.
const HANG_SECONDS: u64 = 300;

/// `carc ARGS` with at most [`MEMORY_KIB`] of address space and [`HANG_SECONDS`] of time.
fn limited(args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {MEMORY_KIB} && exec timeout {HANG_SECONDS} \"$0\" \"$@\""
        ))
        .arg(env!("CARGO_BIN_EXE_carc"))
        .args(args)
        .output()
        .expect("sh runs")
}

/// The run ended by itself with `status` (not a signal, not `timeout`'s 124 or 137), and
/// its standard output holds `words`.
fn assert_ends(output: &Output, status: i32, words: &[&str]) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(status),
        "{}\nstdout: {}\nstderr: {stderr}",
        output.status,
        stdout.chars().take(2000).collect::<String>()
    );
    for word in words {
        assert!(
            stdout.contains(word),
            "{word:?} not in {}",
            stdout.chars().take(2000).collect::<String>()
        );
    }
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// Item 1: 8 Mi blank lines and then a line; 60 Mi of them aborted in `parse_lines`.
#[test]
fn a_file_of_millions_of_blank_lines_is_an_error_naming_the_line_limit() {
    let dir = scratch("limits-blank");
    let file = write(
        &dir,
        "blank.carc",
        &format!("{}tile D 0,0\n", "\n".repeat(8 << 20)),
    );
    let out = limited(&["check", &file]);
    assert_ends(
        &out,
        1,
        &[
            "error[syntax]",
            "at most 1,000,000 lines",
            "blank.carc:1000001:1",
        ],
    );
    // `fmt` leaves a file it does not read whole as it is
    let before = std::fs::metadata(&file).expect("the file").len();
    let out = limited(&["fmt", &file]);
    assert!(out.status.code().is_some(), "{}", out.status);
    assert_eq!(std::fs::metadata(&file).expect("the file").len(), before);
}

/// Item 4: 100,000 syntax-error lines (52.6 s before) and 100,000 `mark` lines (35 s): each
/// line is reported, in linear time.
#[test]
fn many_syntax_errors_and_marks_are_checked() {
    let dir = scratch("limits-lines");
    let errors = write(
        &dir,
        "errors.carc",
        &format!("tile D 0,0\n{}", "this is not carc\n".repeat(100_000)),
    );
    let out = limited(&["check", "--format", "json", &errors]);
    assert_ends(&out, 1, &["\"code\":\"syntax\""]);
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(list.as_array().map(Vec::len), Some(100_000));

    let mut marks = String::from("tile D 0,0\n");
    for i in 0..100_000 {
        marks.push_str(&format!("mark {},{} \"m\"\n", i % 1000, i / 1000 + 1));
    }
    // the last line is broken, so the run ends with one error: proof that it ran to the end
    marks.push_str("mark 1,x\n");
    let marks = write(&dir, "marks.carc", &marks);
    let out = limited(&["check", &marks]);
    assert_ends(&out, 1, &["error[syntax]", "marks.carc:100002:"]);
}

/// Item 9: 6,000 nested blocks. `check` reports the one past the depth limit; `fmt` (72 MB
/// before, from a 131 KB file) adds at most two spaces per level of the limit to a line.
#[test]
fn deep_nesting_is_an_error_and_formats_to_a_bounded_size() {
    let dir = scratch("limits-nesting");
    let depth = 6_000;
    let text = format!(
        "players red blue\ntile D 0,0\n{}{}end\n",
        "variation \"v\" {\n".repeat(depth),
        "}\n".repeat(depth)
    );
    let file = write(&dir, "nested.carc", &text);
    let out = limited(&["check", &file]);
    assert_ends(
        &out,
        1,
        &["error[variation]", "more than 100 deep", "nested.carc:103:"],
    );
    // at the limit itself the file is clean: only the level past it is reported
    let at_limit = text
        .replacen("variation \"v\" {\n", "", depth - 100)
        .replacen("}\n", "", depth - 100);
    let clean = write(&dir, "at-limit.carc", &at_limit);
    assert_eq!(carc(&["check", &clean]).status.code(), Some(0));
    let out = limited(&["fmt", &file]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let formatted = std::fs::read_to_string(&file).expect("formatted");
    let lines = text.lines().count();
    assert!(formatted.len() > text.len(), "indented");
    assert!(
        formatted.len() <= text.len() + lines * 2 * 100,
        "{} bytes from {}",
        formatted.len(),
        text.len()
    );
}
