//! `carc render` as a user runs it: SVG to a file or stdout, the terminal view, the line
//! option, and exit status 2 for usage and I/O problems.

use std::path::Path;

mod support;
use support::{carc, scratch};

const LESSON: &str = "examples/lessons/08-coat-of-arms.carc";

#[test]
fn render_writes_the_svg_of_the_line_to_a_file() {
    let dir = scratch("render-svg");
    let out = dir.join("board.svg");
    let out_str = out.to_string_lossy().into_owned();
    // Line 13 is the mark at 0,2, before blue's turn: D and F, red's knight on F.
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(LESSON),
    )
    .expect("lesson");
    let mark = text
        .lines()
        .position(|l| l.starts_with("mark "))
        .expect("a mark")
        + 1;
    let line = mark.to_string();
    let result = carc(&["render", LESSON, "--line", &line, "-o", &out_str]);
    assert_eq!(result.status.code(), Some(0), "{result:?}");
    assert!(result.stdout.is_empty());
    let svg = std::fs::read_to_string(&out).expect("the SVG was written");
    assert!(svg.starts_with("<svg "), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"tile\"").count(), 2);
    assert_eq!(svg.matches("class=\"meeple\"").count(), 1);
    assert_eq!(svg.matches("class=\"shield\"").count(), 1);
    assert!(svg.contains(&format!("data-line=\"{mark}\"")));
}

#[test]
fn render_ascii_prints_the_end_of_the_file() {
    let result = carc(&["render", LESSON, "--ascii"]);
    assert_eq!(result.status.code(), Some(0), "{result:?}");
    let text = String::from_utf8_lossy(&result.stdout);
    // The end: the city closed for red (3 x 2 + 2 = 8), its knight back in supply.
    assert!(text.starts_with("Coat of arms\n"), "{text}");
    assert!(
        text.contains("red 8 (supply 7) · blue 0 (supply 7)"),
        "{text}"
    );
    assert!(text.contains("-D-"), "{text}");
}

#[test]
fn usage_and_io_problems_exit_2() {
    let past = carc(&["render", LESSON, "--line", "999"]);
    assert_eq!(past.status.code(), Some(2));
    let message = String::from_utf8_lossy(&past.stderr);
    assert!(message.contains("line 999 is past the end"), "{message}");
    for args in [
        vec!["render"],
        vec!["render", LESSON, "--line", "0"],
        vec!["render", LESSON, "--colour"],
        vec!["render", "no/such/file.carc"],
    ] {
        let result = carc(&args);
        assert_eq!(result.status.code(), Some(2), "{args:?}: {result:?}");
        assert!(result.stdout.is_empty());
    }
}

#[test]
fn inns_cathedrals_and_gardens_are_drawn() {
    // an inn road (ic.B, with a garden), a cathedral (ic.K) holding red's large knight
    let dir = std::env::temp_dir().join(format!("carc-render-ic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("ic.carc");
    std::fs::write(
        &path,
        "rules inns-cathedrals\nplayers red blue\ntile D 0,0\ntile ic.K 0,1 red large knight N\ntile ic.B 1,0 blue traveller W\n",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_carc"))
        .args(["render", path.to_str().unwrap()])
        .output()
        .unwrap();
    let svg = String::from_utf8(out.stdout).unwrap();
    assert_eq!(svg.matches(r#"class="inn""#).count(), 1, "{svg}");
    assert_eq!(svg.matches(r#"class="cathedral""#).count(), 1);
    assert_eq!(svg.matches(r#"class="garden""#).count(), 1);
    // the label and data attribute name the whole token, not its first letter
    assert!(svg.contains(r#"data-letter="ic.K""#));
    // one large meeple (red's), one ordinary (blue's)
    assert_eq!(svg.matches(r#"data-figure="large""#).count(), 1);
    assert_eq!(svg.matches(r#"class="meeple""#).count(), 2);
}
