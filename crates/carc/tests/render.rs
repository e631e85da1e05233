//! `carc render` as a user runs it: SVG to a file or stdout, the terminal view, the line
//! option, and exit status 2 for usage and I/O problems.

use std::path::{Path, PathBuf};
use std::process::Command;

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

#[test]
fn a_lesson_is_drawn_before_its_end_unless_final_or_a_line_is_asked() {
    // Lesson 5: the turn on line 12 closes the city for nobody; `end` on line 13 scores
    // red's farmer 3 (one completed city touched). The default picture is line 12, red 0;
    // `--final` the end of the file, red 3.
    let lesson = "examples/lessons/05-final-field-scoring.carc";
    let text = std::fs::read_to_string(repo().join(lesson)).unwrap();
    let end = text.lines().position(|l| l.starts_with("end")).unwrap() + 1;
    assert_eq!(end, 13, "the lesson changed: derive the expectations again");
    let default = String::from_utf8_lossy(&carc(&["render", lesson]).stdout).into_owned();
    assert!(default.contains("data-line=\"12\""), "{default}");
    assert!(
        default.contains("data-colour=\"red\" data-score=\"0\""),
        "{default}"
    );
    let last = String::from_utf8_lossy(&carc(&["render", lesson, "--final"]).stdout).into_owned();
    assert!(last.contains("data-line=\"end\""), "{last}");
    assert!(
        last.contains("data-colour=\"red\" data-score=\"3\""),
        "{last}"
    );
    let line =
        String::from_utf8_lossy(&carc(&["render", lesson, "--line", "13"]).stdout).into_owned();
    assert!(
        line.contains("data-colour=\"red\" data-score=\"3\""),
        "{line}"
    );
    // A file without `end` is drawn at its end, as before.
    let puzzle =
        String::from_utf8_lossy(&carc(&["render", "examples/puzzles/close-the-city.carc"]).stdout)
            .into_owned();
    assert!(puzzle.contains("data-line=\"end\""), "{puzzle}");
    let both = carc(&["render", lesson, "--final", "--line", "3"]);
    assert_eq!(both.status.code(), Some(2));
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Where headless Chromium is, if installed.
fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

/// Every text of every picture measured by a browser: the pictures of every example
/// (default, first line and final position), a five-player and a very long-title position.
/// Each text's box, in its picture's coordinates, must lie inside the viewBox. Skipped
/// (with a note) where Chromium is missing, unless `CARC_REQUIRE_CHROMIUM` is set.
#[test]
fn a_browser_finds_no_text_outside_any_picture() {
    let Some(browser) = chromium() else {
        assert!(
            std::env::var_os("CARC_REQUIRE_CHROMIUM").is_none(),
            "CARC_REQUIRE_CHROMIUM is set but no chromium was found"
        );
        eprintln!("note: chromium not found: the browser check of the pictures was skipped");
        return;
    };
    let dir = scratch("render-browser");
    let five = dir.join("five.carc");
    std::fs::write(
        &five,
        "title \"Five players\"\nplayers red blue green yellow black\ntile D 0,0\n\
         turn red E 0,1 r180 knight S\nturn blue V 1,0 r90 traveller W\n\
         turn green U -1,0 r90 farmer NW\nturn yellow B 0,-1 monk\nturn black J 1,1 knight N\n",
    )
    .unwrap();
    let long = dir.join("long.carc");
    std::fs::write(
        &long,
        "title \"A very long lesson title that goes on and on about closing cities, roads, \
         monasteries and fields before the game ends, Wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww\"\n\
         players red blue green yellow black\ntile D 0,0\n\
         mark 0,1 \"A very long label for the mark on an empty cell: WWWWW MMMMM WWWWW MMMMM\"\n\
         mark 0,0 \"A very long label for a mark on a tile, which goes under the board\"\n",
    )
    .unwrap();
    let mut files = vec![five, long];
    for sub in ["examples", "examples/lessons", "examples/puzzles"] {
        for entry in std::fs::read_dir(repo().join(sub)).unwrap().flatten() {
            if entry.path().extension().is_some_and(|e| e == "carc") {
                files.push(entry.path());
            }
        }
    }
    let mut html = String::from("<!doctype html><html><body>\n");
    let mut pictures = 0;
    for file in &files {
        let file = file.to_string_lossy().into_owned();
        for extra in [vec![], vec!["--final"], vec!["--line", "1"]] {
            let mut args = vec!["render", file.as_str()];
            args.extend(extra);
            let out = carc(&args);
            assert_eq!(out.status.code(), Some(0), "{args:?}");
            let svg = String::from_utf8_lossy(&out.stdout).into_owned();
            html.push_str(&format!(
                "<div data-file=\"{file} {}\">{svg}</div>\n",
                args.len()
            ));
            pictures += 1;
        }
    }
    html.push_str(
        r#"<pre id="result"></pre><script>
const bad = [];
let count = 0;
for (const div of document.querySelectorAll('div')) {
  const svg = div.querySelector('svg');
  const vb = svg.viewBox.baseVal;
  const inverse = svg.getCTM().inverse();
  for (const t of svg.querySelectorAll('text')) {
    count++;
    const b = t.getBBox();
    const m = inverse.multiply(t.getCTM());
    const a = new DOMPoint(b.x, b.y).matrixTransform(m);
    const c = new DOMPoint(b.x + b.width, b.y + b.height).matrixTransform(m);
    if (a.x < -0.5 || a.y < -0.5 || c.x > vb.width + 0.5 || c.y > vb.height + 0.5) {
      bad.push(div.dataset.file + ': "' + t.textContent + '" spans ' + [a.x, a.y, c.x, c.y].map(Math.round).join(',') + ' in ' + vb.width + 'x' + vb.height);
    }
  }
}
document.getElementById('result').textContent = 'texts ' + count + '\n' + bad.join('\n');
</script></body></html>
"#,
    );
    let page = dir.join("pictures.html");
    std::fs::write(&page, html).unwrap();
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=5000",
            "--dump-dom",
        ])
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&out.stdout);
    let start = dom
        .find("<pre id=\"result\">")
        .expect("the page ran its script")
        + 17;
    let result = &dom[start..start + dom[start..].find("</pre>").unwrap()];
    let mut lines = result.lines();
    let count: usize = lines
        .next()
        .and_then(|l| l.strip_prefix("texts "))
        .and_then(|n| n.parse().ok())
        .expect("a count of texts");
    // Every picture has at least its title, a player and a coordinate.
    assert!(
        count >= 3 * pictures,
        "{count} texts in {pictures} pictures"
    );
    let bad: Vec<&str> = lines.filter(|l| !l.is_empty()).collect();
    assert!(
        bad.is_empty(),
        "text outside its picture:\n{}",
        bad.join("\n")
    );
}
