//! The `carc` command line as a user runs it: exit codes, human and JSON output, fmt.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn carc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carc"))
        .args(args)
        .current_dir(repo_root())
        .output()
        .expect("carc runs")
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh scratch folder under the target dir.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn check_on_the_examples_is_clean_and_exits_0() {
    let out = carc(&["check", "examples"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    assert!(stderr(&out).contains("0 errors"), "{}", stderr(&out));
    // each puzzle says what was proven (block-the-city's values are derived by hand in
    // crates/carc-rules/tests/search.rs: blocking is the unique best, +1, of 18 moves)
    assert!(
        stderr(&out).contains(
            "note: puzzle (final, 2 draws): the answer is the unique best, +1; 18 legal moves; "
        ),
        "{}",
        stderr(&out)
    );
    // README's first command quotes this summary: it must stay the one a newcomer sees.
    let summary = stderr(&out).lines().last().unwrap_or_default().to_owned();
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    assert!(
        readme.contains(&format!("`{summary}`")),
        "README lacks `{summary}`"
    );
}

/// A check that could not be completed: `search-incomplete` names the limit, exits 0 (a
/// warning), and 1 under `--strict`; JSON carries the note.
#[test]
fn an_incomplete_search_is_a_warning_and_fails_under_strict() {
    let file = "tests/data/search-incomplete.carc";
    let out = carc(&["check", "--max-positions", "5000", file]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("warning[search-incomplete]")
            && stdout(&out).contains("its limit of 5,000 positions"),
        "{}",
        stdout(&out)
    );
    let strict = carc(&["check", "--strict", "--max-positions", "5000", file]);
    assert_eq!(strict.status.code(), Some(1), "{}", stderr(&strict));
    let json = carc(&["check", "--format", "json", "--max-positions", "5000", file]);
    let items: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    let note = items
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["severity"] == "note")
        .expect("a note");
    assert_eq!(note["puzzle"]["verdict"], "incomplete");
    assert_eq!(note["puzzle"]["draws"], 4);
    // a complete puzzle passes under --strict
    let ok = carc(&["check", "--strict", "examples/puzzles/block-the-city.carc"]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
}

#[test]
fn check_renders_like_rustc_with_related_notes_and_exits_1() {
    let out = carc(&["check", "tests/data/occupied-feature.carc"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    // The related location is a labelled secondary span (`---`), the error's span `^^^`.
    let expected = "\
error[occupied-feature]: this city already holds red's knight: no meeple may join an occupied city
 --> tests/data/occupied-feature.carc:3:21
  |
2 | tile D 0,0 red knight N
  |            ------------ the meeple already on this feature
3 | turn red E 0,1 r180 knight S     # error: occupied-feature
  |                     ^^^^^^^^
";
    assert_eq!(text, format!("{expected}\n"));
}

/// `carc ARGS` with the environment variable `NO_COLOR` set or not, output to a pipe.
fn carc_env(args: &[&str], no_color: bool) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_carc"));
    command
        .args(args)
        .current_dir(repo_root())
        .env_remove("NO_COLOR");
    if no_color {
        command.env("NO_COLOR", "1");
    }
    command.output().expect("carc runs")
}

#[test]
fn reports_are_coloured_with_color_always_and_plain_with_no_color() {
    let file = "tests/data/occupied-feature.carc";
    // Bold bright red for the error and its carets, bold bright blue for the gutter and the
    // related span: rustc's colours, from annotate-snippets.
    let coloured = stdout(&carc_env(&["check", "--color", "always", file], true));
    let expected = "\
\x1b[1m\x1b[91merror[occupied-feature]\x1b[0m\x1b[1m: this city already holds red's knight: no meeple may join an occupied city\x1b[0m
 \x1b[1m\x1b[94m--> \x1b[0mtests/data/occupied-feature.carc:3:21
  \x1b[1m\x1b[94m|\x1b[0m
\x1b[1m\x1b[94m2\x1b[0m \x1b[1m\x1b[94m|\x1b[0m tile D 0,0 red knight N
  \x1b[1m\x1b[94m|\x1b[0m            \x1b[1m\x1b[94m------------\x1b[0m \x1b[1m\x1b[94mthe meeple already on this feature\x1b[0m
\x1b[1m\x1b[94m3\x1b[0m \x1b[1m\x1b[94m|\x1b[0m turn red E 0,1 r180 knight S     # error: occupied-feature
  \x1b[1m\x1b[94m|\x1b[0m                     \x1b[1m\x1b[91m^^^^^^^^\x1b[0m

";
    assert_eq!(coloured, expected);
    let plain = stdout(&carc_env(&["check", "--color", "never", file], false));
    assert!(!plain.contains('\x1b') && plain.starts_with("error[occupied-feature]: this city"));
    // JSON is never coloured.
    let json = stdout(&carc_env(
        &["check", "--color", "always", "--format", "json", file],
        false,
    ));
    assert!(json.starts_with("[{") && !json.contains('\x1b'), "{json}");
}

/// `carc check FILE` on a terminal (a pseudo-terminal from util-linux `script`): `auto`
/// colours there unless `NO_COLOR` is set.
#[cfg(target_os = "linux")]
#[test]
fn on_a_terminal_reports_are_coloured_unless_no_color() {
    let run = |no_color: bool| {
        let mut command = Command::new("script");
        command
            .args([
                "-qec",
                &format!(
                    "{} check tests/data/occupied-feature.carc",
                    env!("CARGO_BIN_EXE_carc")
                ),
                "/dev/null",
            ])
            .current_dir(repo_root())
            .env_remove("NO_COLOR");
        if no_color {
            command.env("NO_COLOR", "1");
        }
        let out = command.output().expect("script (util-linux) runs");
        stdout(&out).replace("\r\n", "\n")
    };
    let coloured = run(false);
    assert!(
        coloured.starts_with("\x1b[1m\x1b[91merror[occupied-feature]\x1b[0m"),
        "{coloured}"
    );
    let plain = run(true);
    assert!(
        plain.starts_with("error[occupied-feature]: this city already holds red's knight"),
        "{plain}"
    );
    assert!(!plain.contains('\x1b'), "{plain}");
}

#[test]
fn carets_line_up_under_tabs_and_wide_characters() {
    let dir = scratch("carets");
    let file = dir.join("wide.carc");
    std::fs::write(&file, "players red blue\ntile D 0,0\nnote \"日本\"\tfoo\n").unwrap();
    let out = carc(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    // The tab is shown as 4 spaces and each of 日本 takes two columns: `note "日本"` is 11
    // columns, the tab 4 more, so `foo` starts at column 15 of the line and its carets too.
    let expected = format!(
        "\
error[syntax]: expected the end of the line or a # comment (found `foo`)
 --> {}:3:11
  |
3 | note \"日本\"    foo
  |                ^^^

",
        file.display()
    );
    assert_eq!(stdout(&out), expected);
}

#[test]
fn warnings_alone_exit_0() {
    let out = carc(&["check", "tests/data/turn-order.carc"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).starts_with("warning[turn-order]: blue is next after red, not red"));
}

#[test]
fn json_output_has_one_object_per_diagnostic_with_character_columns() {
    let dir = scratch("json");
    let file = dir.join("unicode.carc");
    // The note holds characters of 2 and 4 UTF-8 bytes: columns count characters.
    std::fs::write(
        &file,
        "note \"é😀\"\ntile D 0,0\nturn red E 0,1 r180 knight S => red +5\n",
    )
    .unwrap();
    let out = carc(&["check", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("valid JSON");
    let list = value.as_array().expect("an array");
    assert_eq!(list.len(), 1);
    let d = &list[0];
    assert_eq!(d["code"], "score-mismatch");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["line"], 3);
    assert_eq!(d["column"], 30);
    assert_eq!(d["end_line"], 3);
    assert_eq!(d["end_column"], 39);
    assert_eq!(d["file"], file.display().to_string());
    assert!(d["message"].as_str().unwrap().contains("red +4"));

    let other = dir.join("other.carc");
    std::fs::write(&other, "note \"é😀\" tile\n").unwrap();
    let out = carc(&["check", "--format=json", other.to_str().unwrap()]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(value[0]["code"], "syntax");
    assert_eq!(value[0]["column"], 11, "{value}");
}

#[test]
fn usage_and_io_problems_exit_2_with_one_clear_message() {
    let out = carc(&["check", "no/such/file.carc"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "carc: no/such/file.carc: no such file or folder\n"
    );

    // Usage errors come from clap: what is wrong, the command's usage, exit status 2.
    let out = carc(&["check"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out)
            .starts_with("error: the following required arguments were not provided:\n  <PATH>..."),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("Usage: carc check"),
        "{}",
        stderr(&out)
    );

    let out = carc(&["check", "--format", "xml", "examples"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("invalid value 'xml' for '--format <FORMAT>'")
            && stderr(&out).contains("[possible values: human, json]"),
        "{}",
        stderr(&out)
    );

    let out = carc(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unrecognized subcommand 'frobnicate'"));

    let dir = scratch("latin1");
    let file = dir.join("latin1.carc");
    std::fs::write(&file, b"note \"caf\xe9\"\n").unwrap();
    let out = carc(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("not UTF-8 text (invalid byte at offset 9)"),
        "{}",
        stderr(&out)
    );
    assert!(!stderr(&out).contains("panicked"));
}

#[test]
fn folders_are_searched_for_carc_files_and_symlink_loops_do_not_hang() {
    let dir = scratch("tree");
    std::fs::create_dir_all(dir.join("a/b")).unwrap();
    std::fs::write(dir.join("a/b/bad.carc"), "tile D 0,0\ntile D 0,0\n").unwrap();
    std::fs::write(dir.join("a/ignored.txt"), "tile Q").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&dir, dir.join("a/loop")).unwrap();
    let out = carc(&["check", "--format", "json", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let codes: Vec<&str> = value
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["duplicate-cell"]);
}

#[test]
fn upper_case_extensions_are_found_and_a_folder_without_carc_files_is_an_error() {
    // Issue 25, item 12: `BAD.CARC` was skipped, "checked 0 files", exit 0.
    let dir = scratch("upper-case");
    std::fs::write(dir.join("BAD.CARC"), "tile D 0,0\ntile D 0,0\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "tile Q").unwrap();
    let out = carc(&["check", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("error[duplicate-cell]"),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).contains("BAD.CARC:2:"), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("checked 1 file: 1 error"),
        "{}",
        stderr(&out)
    );
    // A file named on the command line is checked whatever its name.
    let out = carc(&["check", dir.join("BAD.CARC").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));

    std::fs::remove_file(dir.join("BAD.CARC")).unwrap();
    for command in ["check", "fmt"] {
        let out = carc(&[command, "examples", dir.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{command}: {}", stderr(&out));
        assert_eq!(
            stderr(&out),
            format!(
                "carc: {}: no .carc file in this folder (nothing to do)\n",
                dir.display()
            )
        );
    }
}

#[test]
fn fmt_check_lists_files_that_would_change_and_fmt_rewrites_them() {
    let dir = scratch("fmt");
    let file = dir.join("messy.carc");
    let messy = "tile   D 0,0   # start\n\n\n\nturn red  E 0,1 r180 => red  +0\n";
    std::fs::write(&file, messy).unwrap();
    let path = file.to_str().unwrap();

    let out = carc(&["fmt", "--check", path]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), format!("{path}\n"));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        messy,
        "--check never writes"
    );

    let out = carc(&["fmt", path]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "tile D 0,0  # start\n\nturn red E 0,1 r180 => red +0\n"
    );
    let out = carc(&["fmt", "--check", path]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).is_empty());
}

#[test]
fn the_summary_counts_files_that_could_not_be_read() {
    let dir = scratch("mixed");
    std::fs::write(dir.join("good.carc"), "tile D 0,0\n").unwrap();
    std::fs::write(dir.join("latin1.carc"), b"note \"caf\xe9\"\n").unwrap();
    let out = carc(&["check", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("latin1.carc: not UTF-8 text"), "{err}");
    assert!(
        err.ends_with("checked 1 file (1 more could not be read): 0 errors, 0 warnings\n"),
        "{err}"
    );
}

#[test]
fn every_subcommand_prints_its_usage_with_help_and_exits_0() {
    for (command, shape) in [
        ("check", "Usage: carc check [OPTIONS] <PATH>..."),
        ("fmt", "Usage: carc fmt [OPTIONS] <PATH>..."),
        ("render", "Usage: carc render [OPTIONS] <FILE>"),
        ("moves", "Usage: carc moves [OPTIONS] <FILE> <TILE>"),
        ("solve", "Usage: carc solve [OPTIONS] <FILE>"),
        ("puzzle", "Usage: carc puzzle [OPTIONS] <COMMAND>"),
        ("export", "Usage: carc export [OPTIONS] <FILE|FOLDER>"),
        ("import", "Usage: carc import [OPTIONS] <GAME.jcz>"),
        ("tiles", "Usage: carc tiles [OPTIONS] [TILE]"),
        ("lsp", "Usage: carc lsp [OPTIONS]"),
        ("completions", "Usage: carc completions [OPTIONS] <SHELL>"),
    ] {
        for flag in ["--help", "-h"] {
            let out = carc(&[command, flag]);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{command} {flag}: {}",
                stderr(&out)
            );
            assert!(
                stdout(&out).lines().any(|line| line == shape),
                "{command}: {}",
                stdout(&out)
            );
            assert!(stderr(&out).is_empty(), "{command}: {}", stderr(&out));
        }
    }
    // Anywhere among the arguments, even after others.
    let out = carc(&["check", "examples", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("Usage: carc check"));
    let out = carc(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        format!("carc {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn json_diagnostics_keep_their_related_locations() {
    // occupied-feature.carc: red's knight on line 2 (column 12) already holds the city that
    // line 3's knight is refused from.
    let out = carc(&[
        "check",
        "--format",
        "json",
        "tests/data/occupied-feature.carc",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("valid JSON");
    let d = &value[0];
    assert_eq!(d["code"], "occupied-feature");
    let related = d["related"].as_array().expect("a related list");
    assert_eq!(related.len(), 1, "{d}");
    assert_eq!(related[0]["file"], "tests/data/occupied-feature.carc");
    assert_eq!(related[0]["line"], 2);
    assert_eq!(related[0]["column"], 12);
    assert_eq!(related[0]["message"], "the meeple already on this feature");
    // A diagnostic without related locations has an empty list, never a missing key.
    let out = carc(&["check", "--format", "json", "tests/data/turn-order.carc"]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(value[0]["related"], serde_json::json!([]));
}

#[test]
fn solve_lists_every_move_by_value_with_the_expected_play() {
    // examples/puzzles/block-the-city.carc, valued by hand in crates/carc-rules/tests/search.rs
    let out = carc(&["solve", "examples/puzzles/block-the-city.carc"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("red to move, draws E E, goal final (red's final score minus the best opponent's): 18 moves, exact"),
        "{text}"
    );
    assert!(
        lines[2].contains("+1") && lines[2].contains("E 1,1 r270 knight W"),
        "{text}"
    );
    assert!(lines[2].ends_with("final score red 2, blue 1"), "{text}");
    assert!(lines[3].contains("+4  E 0,-2 r0"), "{text}");
    assert!(
        lines[3].ends_with("blue E 0,1 r180, final score red 4, blue 4"),
        "{text}"
    );

    let out = carc(&[
        "solve",
        "--format",
        "json",
        "examples/puzzles/block-the-city.carc",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["exact"], true);
    assert_eq!(v["moves"][0]["move"], "E 1,1 r270 knight W");
    assert_eq!(v["moves"][0]["value"], 1);
    assert_eq!(v["moves"][0]["scores"]["red"], 2);
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(18));

    // examples/puzzles/large-meeple.carc (valued by hand in the same file): the large meeple
    // is searched where `rules inns-cathedrals` switches it on
    let out = carc(&["solve", "examples/puzzles/large-meeple.carc"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("28 moves, exact"), "{text}");
    assert!(
        lines[2].contains("+0") && lines[2].contains("U 3,0 r90 large traveller E"),
        "{text}"
    );
    assert!(
        lines[3].contains("-1 ") && lines[3].contains("U 3,0 r90 traveller E"),
        "{text}"
    );
    assert!(
        lines[3].ends_with("blue U 1,0 r90, final score red 4, blue 5"),
        "{text}"
    );

    let out = carc(&["solve", "tests/data/tile-count.carc"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("nothing to solve"),
        "{}",
        stderr(&out)
    );
    let out = carc(&["solve", "--goal", "best", "x.carc"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("invalid value 'best' for '--goal <GOAL>'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn puzzle_gen_writes_puzzles_that_check_clean() {
    let dir = scratch("puzzle-gen");
    let out = carc(&[
        "puzzle",
        "gen",
        "--draws",
        "2",
        "--count",
        "3",
        "--seed",
        "7",
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("wrote 3 of 3 puzzles"),
        "{}",
        stderr(&out)
    );
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(files.len(), 3);
    let out = carc(&["check", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    assert!(stderr(&out).contains("checked 3 files: 0 errors, 0 warnings"));
    // and each is solved with its written answer on top
    for f in std::fs::read_dir(&dir).unwrap() {
        let path = f.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let answer = text.lines().last().unwrap().trim_start_matches("turn ");
        let out = carc(&["solve", "--format", "json", path.to_str().unwrap()]);
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(v["exact"], true);
        let first = v["moves"][0]["move"].as_str().unwrap();
        assert!(answer.ends_with(first), "{answer} / {first}");
    }
}

#[test]
fn puzzle_gen_takes_expansions_by_their_rules_words() {
    let dir = scratch("puzzle-gen-sets");
    // a repeated `--rules` and a comma list add up
    let out = carc(&[
        "puzzle",
        "gen",
        "--draws",
        "1",
        "--count",
        "2",
        "--rules",
        "traders-builders",
        "--rules=abbot,inns-cathedrals",
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("wrote 2 of 2 puzzles"),
        "{}",
        stderr(&out)
    );
    for f in std::fs::read_dir(&dir).unwrap() {
        let text = std::fs::read_to_string(f.unwrap().path()).unwrap();
        assert!(
            text.contains("\nrules farmers abbot inns-cathedrals traders-builders\n"),
            "{text}"
        );
    }
    let out = carc(&["check", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stderr(&out).contains("checked 2 files: 0 errors, 0 warnings"));
}

/// A run that finds fewer puzzles than asked for must not pass silently in a script: no
/// one-draw best move beats the greedy move by 1,000 points, so none is written, exit 1.
#[test]
fn puzzle_gen_that_finds_fewer_puzzles_than_asked_exits_1() {
    let dir = scratch("puzzle-gen-short");
    let out = carc(&[
        "puzzle",
        "gen",
        "--draws",
        "1",
        "--margin",
        "1000",
        "--count",
        "1",
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("wrote 0 of 1 puzzle"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("fewer puzzles than asked for (--count 1)"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_dir(&dir).map_or(0, |d| d.count()), 0);
}

#[test]
fn a_generated_traders_and_builders_puzzle_solves_as_valued_by_hand() {
    // examples/puzzles/generated-goods.carc, written by `carc puzzle gen` and valued by hand
    // in its comments: W -2,0 r0 farmer NE gives blue 16 + 1 (road) + 3 (farmer) = 20 against
    // red's 13, +7; every other placement gains blue at most +3 (or +4 with red +1): +6.
    let out = carc(&[
        "solve",
        "--format",
        "json",
        "examples/puzzles/generated-goods.carc",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["exact"], true);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves[0]["move"], "W -2,0 r0 farmer NE");
    assert_eq!(moves[0]["value"], 7);
    assert_eq!(moves[0]["scores"]["red"], 13);
    assert_eq!(moves[0]["scores"]["blue"], 20);
    for m in &moves[1..] {
        let text = m["move"].as_str().unwrap();
        if !text.starts_with("W -2,0 r0") {
            assert!(m["value"].as_i64().unwrap() <= 6, "{m}");
        }
    }
}

#[test]
fn puzzle_gen_refuses_a_word_that_names_no_set() {
    let words = "expected farmers, no-farmers, abbot, inns-cathedrals, river, traders-builders";
    let cases: [(&[&str], &str); 4] = [
        (&["--rules", "abot"], "unknown `rules` word `abot`"),
        (
            &["--rules", "river,whole-board"],
            "`whole-board` is a `rules` option that puzzle generation does not take",
        ),
        (&["--rules", ","], "`--rules` needs a word"),
        // two words after one `--rules`: the second would be a positional argument
        (
            &["--rules", "abbot", "inns-cathedrals"],
            "`inns-cathedrals` is a `rules` word: give each after its own `--rules`",
        ),
    ];
    for (args, message) in cases {
        let mut all = vec!["puzzle", "gen", "--count", "1"];
        all.extend_from_slice(args);
        let out = carc(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("Usage: carc puzzle gen"),
            "{}",
            stderr(&out)
        );
        if !message.contains("own `--rules`") {
            assert!(stderr(&out).contains(words), "{args:?}: {}", stderr(&out));
        }
    }
}

/// A reader that closed its end of the pipe before the command wrote (`carc moves FILE D |
/// head -1` once `head` has its line): the command stops quietly, status 0, nothing on stderr
/// (Rust's `print!` panics there, status 101). The pipe's reading end is closed before the
/// command starts, so its first write fails every time.
#[test]
fn a_closed_output_pipe_ends_commands_quietly() {
    let lesson = repo_root().join("examples/city-cap.carc");
    let lesson = lesson.to_str().expect("a UTF-8 path");
    let commands: [&[&str]; 6] = [
        &["moves", lesson, "D"],
        &["moves", lesson, "D", "--format", "json"],
        &["tiles"],
        &["tiles", "--svg"],
        &["render", "--ascii", lesson],
        &["check", "--format", "json", lesson],
    ];
    for args in commands {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let output = Command::new(env!("CARGO_BIN_EXE_carc"))
            .args(args)
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .output()
            .expect("carc runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "carc {args:?}: {stderr}");
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "carc {args:?}: {stderr}"
        );
    }
}

/// README's command-line section shows `carc --help` as it is: both come from one definition,
/// and a changed option or command must change the README too.
#[test]
fn readme_shows_carc_help() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let section = readme
        .split_once("## The command line\n")
        .expect("README has a command-line section")
        .1;
    let block = section
        .split_once("```\n")
        .and_then(|(_, rest)| rest.split_once("```\n"))
        .expect("the section opens with a code block")
        .0;
    let out = carc(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        block,
        stdout(&out),
        "README.md's `carc --help` block differs from the program's"
    );
}

/// `carc completions SHELL` prints each shell's script, naming the commands and their options;
/// bash's is also read by bash, and completes as a user's Tab would.
#[test]
fn completions_for_each_shell() {
    for (shell, marker) in [
        ("bash", "complete -F _carc"),
        ("zsh", "#compdef carc"),
        ("fish", "complete -c carc"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[carc]"),
    ] {
        let out = carc(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        assert!(script.contains(marker), "{shell}: {script}");
        for word in [
            "check",
            "export",
            "completions",
            "format",
            "clientProcessId",
        ] {
            assert!(script.contains(word), "{shell} lacks {word}");
        }
    }
    let out = carc(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("invalid value 'tcsh'"),
        "{}",
        stderr(&out)
    );

    // bash: the words a Tab offers after `carc ch` and after `carc check --format `.
    let dir = scratch("completions");
    let script = dir.join("carc.bash");
    std::fs::write(&script, carc(&["completions", "bash"]).stdout).unwrap();
    let Ok(bash) = Command::new("bash")
        .arg("-c")
        .arg(
            "source \"$1\"; COMP_WORDS=(carc ch); COMP_CWORD=1; _carc carc ch carc; \
             echo \"${COMPREPLY[*]}\"; COMP_WORDS=(carc check --format ''); COMP_CWORD=3; \
             _carc carc '' --format; echo \"${COMPREPLY[*]}\"",
        )
        .arg("bash")
        .arg(&script)
        .output()
    else {
        return; // no bash on this system
    };
    assert_eq!(stdout(&bash), "check\nhuman json\n", "{}", stderr(&bash));
}

/// Issue 25, item 5: `--draws 1000` was taken as 8 without a word and ran for 24 minutes.
/// Past the limit the command is refused at once, naming it, and writes nothing.
#[test]
fn puzzle_gen_refuses_draws_past_the_limit() {
    let dir = scratch("gen-draws");
    let out = carc(&[
        "puzzle",
        "gen",
        "--draws",
        "9",
        "--count",
        "1",
        "-o",
        dir.to_str().expect("a UTF-8 path"),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("9 is not in 1..=8"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_dir(&dir).map(|d| d.count()).unwrap_or(0), 0);
}
