//! `carc export` as a user runs it: one lesson to a page (file or stdout), a folder to a site
//! with an index in file order, the page model as JSON, refusal of files with errors unless
//! `--force`, self-containment, and hostile strings escaped in every context.
//! (The page in a real browser: tests/export/export.test.mjs.)

use std::path::Path;

mod support;
use support::{carc, scratch};

fn path_str(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// Nothing in a page may load from anywhere: no `src`, no external links or style imports.
fn assert_self_contained(html: &str) {
    for needle in [" src=", "<link", "@import", "href=\"http", "href=\"//"] {
        assert!(!html.contains(needle), "{needle} in the page");
    }
    // `url(#…)` names an element of the page itself (the pictures' grid pattern).
    assert_eq!(
        html.matches("url(").count(),
        html.matches("url(#").count(),
        "url( to something outside the page"
    );
    // The only absolute URL is the SVG namespace, which is a name, not a request.
    let urls = html.matches("http://").count() + html.matches("https://").count();
    assert_eq!(
        urls,
        html.matches("xmlns=\"http://www.w3.org/2000/svg\"").count()
    );
    assert!(html.contains("Content-Security-Policy"));
    assert!(html.contains("default-src 'none'"));
}

/// The text of the `<script type="application/json">` element, parsed.
fn embedded_json(html: &str) -> serde_json::Value {
    let start = html
        .find("<script type=\"application/json\" id=\"carc-lesson\">")
        .expect("the model");
    let rest = &html[start..];
    let body = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
    serde_json::from_str(body).expect("valid JSON")
}

#[test]
fn a_lesson_becomes_one_page_with_every_step() {
    let dir = scratch("export-one");
    let out = dir.join("lesson.html");
    let result = carc(&[
        "export",
        "examples/lessons/14-strategy-close-or-leave-open.carc",
        "-o",
        &path_str(&out),
    ]);
    assert_eq!(result.status.code(), Some(0), "{result:?}");
    assert!(result.stdout.is_empty() && result.stderr.is_empty());
    let html = std::fs::read_to_string(&out).expect("written");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_self_contained(&html);
    assert!(html.contains("<title>Close or leave open</title>"));
    // Setup and one turn in each of the two variations: three steps, three pictures, and the
    // layers their tiles are drawn in once: the setup's D, each variation's E.
    assert_eq!(html.matches("<section class=\"step ").count(), 3);
    assert_eq!(html.matches("<svg ").count(), 4);
    assert_eq!(
        html.matches(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" class=\"layers\""
        )
        .count(),
        1
    );
    assert_eq!(html.matches("<g class=\"tile\"").count(), 3);
    assert_eq!(html.matches("class=\"branch\"").count(), 2);
    assert_eq!(html.matches("class=\"leave-link\"").count(), 2);
    // The model the script walks is the one `--format json` prints.
    let json = carc(&[
        "export",
        "examples/lessons/14-strategy-close-or-leave-open.carc",
        "--format",
        "json",
    ]);
    assert_eq!(json.status.code(), Some(0));
    let printed: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(embedded_json(&html), printed);
    assert_eq!(printed["steps"][0]["branches"], serde_json::json!([0, 1]));
    assert_eq!(printed["variations"][1]["name"], "B: place elsewhere");
    // Without -o the page goes to stdout.
    let stdout = carc(&["export", "examples/lessons/08-coat-of-arms.carc"]);
    assert_eq!(stdout.status.code(), Some(0));
    let page = String::from_utf8(stdout.stdout).expect("UTF-8");
    assert!(page.contains("<h1 dir=\"auto\">Coat of arms</h1>"));
    // The turn's explanation: blue closes red's city, 3 x 2 + 1 shield x 2 = 8 for red.
    assert!(page.contains("3 × 2 + 1 × 2 = 8 for red"), "{page}");
}

#[test]
fn a_folder_becomes_a_site_with_an_index_in_file_order() {
    let dir = scratch("export-site");
    let site = dir.join("site");
    let result = carc(&["export", "examples/lessons", "-o", &path_str(&site)]);
    assert_eq!(result.status.code(), Some(0), "{result:?}");
    let lessons: Vec<String> = {
        let mut v: Vec<String> = std::fs::read_dir("../../examples/lessons")
            .expect("lessons")
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".carc"))
            .collect();
        v.sort();
        v
    };
    assert_eq!(lessons.len(), 17);
    let index = std::fs::read_to_string(site.join("index.html")).expect("index");
    assert_self_contained(&index);
    let mut at = 0;
    for name in &lessons {
        let page = name.replace(".carc", ".html");
        let html = std::fs::read_to_string(site.join(&page)).expect("a page per lesson");
        assert_self_contained(&html);
        assert!(
            html.contains("href=\"index.html\""),
            "{page} links the index"
        );
        let found = index[at..]
            .find(&format!("href=\"{page}\""))
            .unwrap_or_else(|| panic!("{page} in the index, after the one before"));
        at += found + 1;
    }
    assert!(index.contains("><bdi>Place a tile and a meeple</bdi></a>"));
    // Neighbours link each other.
    let second = std::fs::read_to_string(site.join("02-occupancy-and-return.html")).unwrap();
    assert!(second.contains("rel=\"prev\" href=\"01-place-a-tile-and-a-meeple.html\""));
    assert!(second.contains("rel=\"next\" href=\"03-close-a-road.html\""));
    // A folder needs -o.
    let result = carc(&["export", "examples/lessons"]);
    assert_eq!(result.status.code(), Some(2));
}

#[test]
fn a_file_with_errors_exports_nothing_unless_forced() {
    let dir = scratch("export-errors");
    let bad = dir.join("bad.carc");
    std::fs::write(
        &bad,
        "title \"Bad\"\ntile D 0,0\nturn red E 0,1 r180 => red +5\n",
    )
    .unwrap();
    let out = dir.join("bad.html");
    let result = carc(&["export", &path_str(&bad), "-o", &path_str(&out)]);
    assert_eq!(result.status.code(), Some(1), "{result:?}");
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(stderr.contains("error[score-mismatch]"), "{stderr}");
    assert!(stderr.contains("bad.carc:3:"), "{stderr}");
    assert!(stderr.contains("nothing exported"), "{stderr}");
    assert!(!out.exists());
    // A folder with one bad file writes no page at all.
    let site = dir.join("site");
    let result = carc(&["export", &path_str(&dir), "-o", &path_str(&site)]);
    assert_eq!(result.status.code(), Some(1));
    assert!(!site.exists());
    // --force exports, and the page shows the problem at its step.
    let result = carc(&["export", &path_str(&bad), "-o", &path_str(&out), "--force"]);
    assert_eq!(result.status.code(), Some(0), "{result:?}");
    let html = std::fs::read_to_string(&out).expect("written");
    assert!(html.contains("<code>score-mismatch</code>"));
}

#[test]
fn hostile_strings_stay_text_in_every_context() {
    let dir = scratch("export-hostile");
    let title = "</script><script>alert(1)</script><!--<b>&amp;'\u{2028}";
    let name = "\"><img src=x onerror=alert(1)>";
    let file = dir.join("hostile.carc");
    let escape = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    let text = format!(
        "title \"{}\"\nnote \"</style><style>*{{display:none}}\"\nplayers red blue\ntile D 0,0 red knight N\n\
         mark 0,1 \"{}\"\nvariation \"{}\" {{\n  turn blue E 0,1 r180 => red +4\n}}\n",
        escape(title),
        escape(name),
        escape(name)
    );
    std::fs::write(&file, &text).unwrap();
    assert_eq!(carc(&["check", &path_str(&file)]).status.code(), Some(0));
    let out = dir.join("hostile.html");
    let result = carc(&["export", &path_str(&file), "-o", &path_str(&out)]);
    assert_eq!(result.status.code(), Some(0), "{result:?}");
    let html = std::fs::read_to_string(&out).unwrap();
    // Exactly the page's own elements: two scripts, one style, no image.
    assert_eq!(html.matches("<script").count(), 2);
    assert_eq!(html.matches("</script>").count(), 2);
    assert_eq!(html.matches("<style").count(), 1);
    assert_eq!(html.matches("</style>").count(), 1);
    assert!(!html.contains("<img"));
    assert!(!html.contains("<b>"));
    // Escaped text, and JSON that reads back as written.
    assert!(html.contains("<h1 dir=\"auto\">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--&lt;b&gt;&amp;amp;&apos;\u{2028}</h1>"));
    let model = embedded_json(&html);
    assert_eq!(model["title"], title);
    assert_eq!(model["variations"][0]["name"], name);
    assert_eq!(model["steps"][0]["marks"][0]["label"], name);
}

#[test]
fn usage_problems() {
    let result = carc(&["export"]);
    assert_eq!(result.status.code(), Some(2));
    let result = carc(&["export", "no/such/file.carc"]);
    assert_eq!(result.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&result.stderr).contains("no such file"));
    let result = carc(&["export", "examples/lessons", "-o", "x", "--format", "json"]);
    assert_eq!(result.status.code(), Some(2));
}

/// A clean game of `turns` turns: a road of straight tiles U east of the start tile.
fn road_game(turns: usize) -> String {
    let mut text = String::from("rules boxes 300\nplayers red blue\ntile D 0,0\n");
    for i in 1..=turns {
        let colour = if i % 2 == 1 { "red" } else { "blue" };
        text.push_str(&format!("turn {colour} U {i},0 r90\n"));
    }
    text
}

/// The page `carc export` writes in `dir` for [`road_game`] of `turns` turns.
fn export_road_game(dir: &Path, turns: usize) -> String {
    let file = dir.join(format!("road-{turns}.carc"));
    std::fs::write(&file, road_game(turns)).unwrap();
    let out = dir.join(format!("road-{turns}.html"));
    let result = carc(&["export", &path_str(&file), "-o", &path_str(&out)]);
    assert_eq!(result.status.code(), Some(0), "{result:?}");
    std::fs::read_to_string(&out).unwrap()
}

#[test]
fn a_page_grows_linearly_with_the_game() {
    // Each tile is drawn once and each step draws only its own meeples, marks and scores, so
    // a game twice as long makes a page about twice as large: at most 2.2 times (the setup,
    // style and script are shared; a page growing with the square of the game's length, as
    // it did, would be 4 times as large).
    let dir = scratch("export-linear");
    let size = |turns: usize| {
        let page = export_road_game(&dir, turns);
        // every tile once in the layers: the start tile and one per turn
        assert_eq!(
            page.matches("<g class=\"tile\"").count(),
            turns + 1,
            "{turns} turns"
        );
        page.len()
    };
    let (short, long) = (size(200), size(400));
    assert!(
        (long as f64) < 2.2 * short as f64,
        "200 turns: {short} bytes, 400 turns: {long} bytes"
    );
}

#[test]
fn tiles_spanning_more_than_the_page_limit_are_refused_before_anything_is_written() {
    // Two setup tiles 70,000 columns apart (`not-adjacent`, exported with --force): a
    // picture keeps every column of its tiles' box, at most 65,536.
    let dir = scratch("export-span");
    let file = dir.join("far.carc");
    std::fs::write(&file, "players red blue\ntile D 0,0\ntile D 70000,0\n").unwrap();
    let out = dir.join("far.html");
    let result = carc(&["export", &path_str(&file), "-o", &path_str(&out), "--force"]);
    assert_eq!(result.status.code(), Some(2), "{result:?}");
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(
        stderr.contains("span 70001 columns and 1 rows") && stderr.contains("limit of 65536"),
        "{stderr}"
    );
    assert!(!out.exists(), "nothing written");
    // A folder holding it writes no page at all.
    let site = dir.join("site");
    let result = carc(&["export", &path_str(&dir), "-o", &path_str(&site), "--force"]);
    assert_eq!(result.status.code(), Some(2), "{result:?}");
    assert!(!site.exists() || std::fs::read_dir(&site).unwrap().next().is_none());
}

#[test]
fn the_step_list_leaves_room_for_every_digit_of_its_numbers() {
    // The stylesheet's indent holds "9."; a list of 10 to 99 steps needs one more digit's
    // width, of 100 to 999 two (the river lesson's "10." was cut at the left edge).
    let dir = scratch("export-step-numbers");
    let list_tag = |turns: usize| {
        let page = export_road_game(&dir, turns);
        let list = &page[page.find("<h2>Every step</h2>").expect("the step list")..];
        let list = &list[list.find("<ol").expect("its <ol>")..];
        list[..list.find('>').unwrap() + 1].to_owned()
    };
    // the setup step and one per turn: 9, 10 and 100 steps
    assert_eq!(list_tag(8), "<ol>");
    assert_eq!(
        list_tag(9),
        "<ol style=\"padding-left: calc(1.5rem + 1ch)\">"
    );
    assert_eq!(
        list_tag(99),
        "<ol style=\"padding-left: calc(1.5rem + 2ch)\">"
    );
}
