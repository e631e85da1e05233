//! Every command that writes a file, as a careless user runs it (issue 25, item 7 and 8): an
//! existing file is overwritten only with `--force`, an input never (not even with
//! `--force`), a folder's `index.carc` keeps its page beside the site's index, and `fmt`
//! never leaves a file cut short.

mod support;

use std::path::Path;
use std::process::Output;

use support::{carc, scratch};

const LESSON: &str =
    "# A lesson\nplayers red blue\ntile D 0,0\nturn red E 0,1 r180 knight S\nend\n";

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn s(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).expect("readable")
}

/// The names in `dir`, sorted: no temporary file is left behind.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A refusal: exit status 2, one message on stderr naming `path` and `words`.
fn assert_refused(o: &Output, path: &Path, words: &str) {
    assert_eq!(o.status.code(), Some(2), "{}", text(o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(s(path)), "names {}: {err}", path.display());
    assert!(err.contains(words), "says {words}: {err}");
}

#[test]
fn export_never_overwrites_its_lesson_even_with_force() {
    let dir = scratch("write-export-input");
    let lesson = dir.join("l.carc");
    std::fs::write(&lesson, LESSON).unwrap();
    for force in [false, true] {
        let mut args = vec!["export", s(&lesson), "-o", s(&lesson)];
        if force {
            args.push("--force");
        }
        let o = carc(&args);
        assert_refused(&o, &lesson, "never overwritten, not even with `--force`");
        assert_eq!(read(&lesson), LESSON, "force: {force}");
    }
    // The same file by another name is still the input.
    let other = dir.join(".").join("l.carc");
    let o = carc(&["export", s(&lesson), "-o", s(&other), "--force"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert_eq!(read(&lesson), LESSON);
    assert_eq!(names(&dir), ["l.carc"]);
}

#[test]
fn export_overwrites_an_existing_page_only_with_force() {
    let dir = scratch("write-export-existing");
    let lesson = dir.join("l.carc");
    let page = dir.join("out.html");
    std::fs::write(&lesson, LESSON).unwrap();
    std::fs::write(&page, "mine").unwrap();
    let o = carc(&["export", s(&lesson), "-o", s(&page)]);
    assert_refused(&o, &page, "already exists; `--force` overwrites it");
    assert_eq!(read(&page), "mine");
    let o = carc(&["export", s(&lesson), "-o", s(&page), "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(read(&page).starts_with("<!DOCTYPE html>"));
    assert_eq!(names(&dir), ["l.carc", "out.html"]);
}

#[test]
fn a_folders_index_lesson_keeps_its_page_and_a_second_export_needs_force() {
    let dir = scratch("write-export-folder");
    let course = dir.join("course");
    std::fs::create_dir_all(&course).unwrap();
    std::fs::write(
        course.join("index.carc"),
        "title \"Start here\"\ntile D 0,0\n",
    )
    .unwrap();
    std::fs::write(
        course.join("next.carc"),
        "title \"Then this\"\ntile D 0,0\n",
    )
    .unwrap();
    let site = dir.join("site");
    let o = carc(&["export", s(&course), "-o", s(&site)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(names(&site), ["index-2.html", "index.html", "next.html"]);
    let index = read(&site.join("index.html"));
    assert!(index.contains("<body class=\"index\">"), "the site's index");
    assert!(index.contains("href=\"index-2.html\""), "{index}");
    assert!(index.contains("href=\"next.html\""), "{index}");
    let lesson = read(&site.join("index-2.html"));
    assert!(
        lesson.contains("<title>Start here</title>"),
        "the lesson's page"
    );
    assert!(lesson.contains("rel=\"next\" href=\"next.html\""));

    // Again, after a lesson was added: refused as a whole, nothing written.
    std::fs::write(course.join("added.carc"), "tile D 0,0\n").unwrap();
    std::fs::write(site.join("index.html"), "edited").unwrap();
    let o = carc(&["export", s(&course), "-o", s(&site)]);
    assert_refused(&o, &site.join("index-2.html"), "`--force` overwrites it");
    assert_eq!(names(&site), ["index-2.html", "index.html", "next.html"]);
    assert_eq!(read(&site.join("index.html")), "edited");
    let o = carc(&["export", s(&course), "-o", s(&site), "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(
        names(&site),
        ["added.html", "index-2.html", "index.html", "next.html"]
    );
    assert!(read(&site.join("index.html")).contains("href=\"added.html\""));

    // Exported into its own folder: the pages go beside the lessons, which stay.
    let o = carc(&["export", s(&course), "-o", s(&course)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(
        names(&course),
        [
            "added.carc",
            "added.html",
            "index-2.html",
            "index.carc",
            "index.html",
            "next.carc",
            "next.html"
        ]
    );
    assert_eq!(
        read(&course.join("index.carc")),
        "title \"Start here\"\ntile D 0,0\n"
    );
}

#[test]
fn render_overwrites_only_with_force_and_never_its_input() {
    let dir = scratch("write-render");
    let lesson = dir.join("l.carc");
    let picture = dir.join("board.svg");
    std::fs::write(&lesson, LESSON).unwrap();
    let o = carc(&["render", s(&lesson), "-o", s(&picture)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(read(&picture).starts_with("<svg"));
    std::fs::write(&picture, "mine").unwrap();
    let o = carc(&["render", s(&lesson), "--ascii", "-o", s(&picture)]);
    assert_refused(&o, &picture, "`--force` overwrites it");
    assert_eq!(read(&picture), "mine");
    let o = carc(&[
        "render",
        s(&lesson),
        "--ascii",
        "-o",
        s(&picture),
        "--force",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_ne!(read(&picture), "mine");
    let o = carc(&["render", s(&lesson), "-o", s(&lesson), "--force"]);
    assert_refused(&o, &lesson, "not even with `--force`");
    assert_eq!(read(&lesson), LESSON);
    assert_eq!(names(&dir), ["board.svg", "l.carc"]);
}

#[test]
fn puzzle_gen_keeps_existing_puzzles_without_force() {
    let dir = scratch("write-puzzle-gen");
    let args = [
        "puzzle", "gen", "--draws", "1", "--count", "1", "--seed", "7", "-o",
    ];
    let run = |force: bool| {
        let mut list: Vec<&str> = args.to_vec();
        list.push(s(&dir));
        if force {
            list.push("--force");
        }
        carc(&list)
    };
    let o = run(false);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let written = names(&dir);
    assert_eq!(written.len(), 1, "{written:?}");
    let puzzle = dir.join(&written[0]);
    std::fs::write(&puzzle, "# my edits\n").unwrap();
    // The same seed finds the same puzzle: its file is kept, the run fails.
    let o = run(false);
    assert_refused(&o, &puzzle, "`--force` overwrites it");
    assert!(text(&o).contains("wrote 0 of 1 puzzle"), "{}", text(&o));
    assert_eq!(read(&puzzle), "# my edits\n");
    let o = run(true);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(read(&puzzle).contains("puzzle final"), "{}", read(&puzzle));
    assert_eq!(names(&dir), written);
}

#[cfg(unix)]
#[test]
fn fmt_keeps_permissions_and_a_full_disk_leaves_the_file_whole() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = scratch("write-fmt");
    let file = dir.join("messy.carc");
    // Over 2 KiB, so that the limit below stops the write part-way.
    let messy = "tile   D 0,0\n".repeat(300);
    std::fs::write(&file, &messy).unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();

    // A file size limit of 1 or 2 KiB (`ulimit -f` counts blocks of 512 or 1,024 bytes)
    // fails the write as a full disk does (EFBIG instead of ENOSPC); SIGXFSZ is ignored so
    // that the write returns the error, as on a full disk.
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 2 && exec \"$0\" fmt \"$1\"")
        .arg(env!("CARGO_BIN_EXE_carc"))
        .arg(&file)
        .output()
        .expect("sh runs");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("messy.carc: cannot write:"),
        "{}",
        text(&o)
    );
    assert_eq!(read(&file), messy, "the file is as it was");
    assert_eq!(names(&dir), ["messy.carc"], "no temporary file left");

    let o = carc(&["fmt", s(&file)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(read(&file), "tile D 0,0\n".repeat(300));
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640, "permissions kept");
    assert_eq!(names(&dir), ["messy.carc"]);
}

/// Progress bars go to standard error on a terminal only: piped, standard error holds the
/// same lines as before (no carriage return, no escape sequence); on a pseudo-terminal
/// (util-linux `script`) the bar is drawn.
#[test]
fn progress_is_drawn_on_a_terminal_and_never_into_a_pipe() {
    let dir = scratch("write-progress");
    let site = dir.join("site");
    let o = carc(&["export", "examples/lessons", "-o", s(&site)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(o.stderr.is_empty(), "{}", text(&o));
    let puzzles = dir.join("puzzles");
    let o = carc(&[
        "puzzle",
        "gen",
        "--draws",
        "1",
        "--count",
        "1",
        "--seed",
        "7",
        "-o",
        s(&puzzles),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("wrote 1 of 1 puzzle"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains('\r') && !err.contains('\x1b'), "{err:?}");

    #[cfg(target_os = "linux")]
    {
        let on_terminal = std::process::Command::new("script")
            .arg("-qec")
            .arg(format!(
                "{} export examples/lessons -o {} --force",
                env!("CARGO_BIN_EXE_carc"),
                s(&site)
            ))
            .arg("/dev/null")
            .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
            .output()
            .expect("script (util-linux) runs");
        let shown = String::from_utf8_lossy(&on_terminal.stdout);
        assert!(shown.contains("writing pages ["), "{shown:?}");

        // A puzzle check that searches 25,516 positions counts them while it searches; the
        // quick checks of the examples draw nothing.
        let check = |path: &str| {
            std::process::Command::new("script")
                .arg("-qec")
                .arg(format!("{} check {path}", env!("CARGO_BIN_EXE_carc")))
                .arg("/dev/null")
                .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
                .output()
                .expect("script (util-linux) runs")
        };
        let long = check("tests/data/search-incomplete.carc");
        let shown = String::from_utf8_lossy(&long.stdout);
        assert!(
            shown.contains("searching the puzzle, 4,096 positions"),
            "{shown:?}"
        );
        let quick = check("examples/lessons");
        let shown = String::from_utf8_lossy(&quick.stdout);
        assert!(!shown.contains("searching"), "{shown:?}");
    }
    let piped = carc(&["check", "tests/data/search-incomplete.carc"]);
    let err = String::from_utf8_lossy(&piped.stderr);
    assert!(!err.contains('\r') && !err.contains('\x1b'), "{err:?}");
    assert!(!err.contains("searching"), "{err:?}");
}
