//! `carc tiles` as a user runs it, and the checked-in reference `docs/tiles.md` (with its
//! pictures under `docs/tiles/`) against what the generator writes now: the test fails when
//! the catalogue changed and the docs were not regenerated (`carc tiles --docs docs`).
//! Expected edges are typed from the catalogue's conventions (rK turns clockwise), not copied
//! from the output.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn carc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carc"))
        .args(args)
        .current_dir(repo())
        .output()
        .expect("carc runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn the_checked_in_reference_is_up_to_date() {
    let result = carc(&["tiles", "--docs", "docs", "--check"]);
    assert_eq!(
        result.status.code(),
        Some(0),
        "docs/tiles.md or a picture under docs/tiles/ is stale: run \
         `cargo run -p carc -- tiles --docs docs`\n{}{}",
        stdout(&result),
        String::from_utf8_lossy(&result.stderr)
    );
}

#[test]
fn the_check_fails_on_a_stale_or_extra_file_and_writing_repairs_it() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tiles-docs");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_str = dir.to_string_lossy().into_owned();
    // Nothing there yet: every file is missing.
    let missing = carc(&["tiles", "--docs", &dir_str, "--check"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(!dir.join("tiles.md").exists(), "--check writes nothing");
    let written = carc(&["tiles", "--docs", &dir_str]);
    assert_eq!(written.status.code(), Some(0), "{written:?}");
    // tiles.md and one picture per row of its table (at least the 24 base types).
    let pictures = std::fs::read_dir(dir.join("tiles")).unwrap().count();
    let page = std::fs::read_to_string(dir.join("tiles.md")).unwrap();
    assert_eq!(pictures, page.matches("| <img src=\"tiles/").count());
    assert!(pictures >= 24);
    assert_eq!(
        carc(&["tiles", "--docs", &dir_str, "--check"])
            .status
            .code(),
        Some(0)
    );
    // An edited page and a picture of a tile that does not exist are both reported.
    let page = dir.join("tiles.md");
    let text = std::fs::read_to_string(&page).unwrap();
    std::fs::write(&page, text.replace("Four-sided city", "Four-sided town")).unwrap();
    std::fs::write(dir.join("tiles/Z.svg"), "<svg/>").unwrap();
    let stale = carc(&["tiles", "--docs", &dir_str, "--check"]);
    assert_eq!(stale.status.code(), Some(1));
    let listed = stdout(&stale);
    assert!(
        listed.contains("tiles.md") && listed.contains("Z.svg"),
        "{listed}"
    );
    assert_eq!(carc(&["tiles", "--docs", &dir_str]).status.code(), Some(0));
    assert!(!dir.join("tiles/Z.svg").exists());
    assert_eq!(
        carc(&["tiles", "--docs", &dir_str, "--check"])
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn the_reference_lists_every_tile_with_its_edges_and_picture() {
    let page = std::fs::read_to_string(repo().join("docs/tiles.md")).expect("docs/tiles.md");
    // Rows typed from the catalogue's table: D is the start tile, city N, road E-W.
    for row in [
        "| **D** | City cap and straight road (start tile) | 4 | `C R F R` | – | {N} | {E,W} |",
        "| **F** | City across the tile | 2 | `F C F C` | yes | {E,W} | – |",
        "| **G** | City across the tile | 1 | `F C F C` | – | {E,W} | – |",
        "| **V** | Curved road | 9 | `F F R R` | – | – | {S,W} |",
    ] {
        assert!(page.contains(row), "missing row {row}");
    }
    let letters = "ABCDEFGHIJKLMNOPQRSTUVWX";
    for l in letters.chars() {
        let picture = format!("<img src=\"tiles/{l}.svg\"");
        assert!(page.contains(&picture), "no picture of {l}");
        assert!(repo().join(format!("docs/tiles/{l}.svg")).exists());
    }
    // The base game's rows (A–X) add up to the 72 tiles of the box, 10 of them with a coat
    // of arms (the count and coat-of-arms columns).
    let (mut tiles, mut shields) = (0, 0);
    for row in page.lines().filter(|l| l.starts_with("| <img")) {
        let cells: Vec<&str> = row.split(" | ").collect();
        let letter = cells[1].trim_matches('*');
        if letter.len() == 1 && letters.contains(letter) {
            let count: u32 = cells[3].parse().unwrap();
            tiles += count;
            if cells[5] == "yes" {
                shields += count;
            }
        }
    }
    assert_eq!((tiles, shields), (72, 10));
    for words in [
        "clockwise",
        "x grows to the east",
        "half-sides",
        "3 points for each completed city",
    ] {
        assert!(page.contains(words), "no `{words}`");
    }
}

#[test]
fn one_tile_in_four_rotations_and_the_whole_catalogue() {
    let e = carc(&["tiles", "E"]);
    assert_eq!(e.status.code(), Some(0), "{e:?}");
    let text = stdout(&e);
    // E r0 is C F F F; each quarter turn clockwise moves every edge one side on:
    // r90 F C F F, r180 F F C F, r270 F F F C.
    assert!(text.contains("C F F F"), "{text}");
    let edges_row = text
        .lines()
        .find(|l| l.contains("C F F F"))
        .expect("a row of edges");
    let edges: Vec<&str> = edges_row
        .split("   ")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    assert_eq!(edges, ["C F F F", "F C F F", "F F C F", "F F F C"]);
    for r in ["r0", "r90", "r180", "r270"] {
        assert!(text.contains(r), "{text}");
    }
    let all = stdout(&carc(&["tiles"]));
    for l in "ABCDEFGHIJKLMNOPQRSTUVWX".chars() {
        assert!(all.contains(&format!("\n{l}  ")), "no {l} in\n{all}");
    }
    // F and G are told apart by their coat of arms.
    assert!(
        all.contains("F  City across the tile (coat of arms) ×2"),
        "{all}"
    );
    assert!(
        all.contains("G  City across the tile (no coat of arms) ×1"),
        "{all}"
    );
}

#[test]
fn svg_pictures_and_usage_errors() {
    let svg = stdout(&carc(&["tiles", "V", "--svg"]));
    assert!(svg.starts_with("<svg "), "{svg}");
    let rotations: Vec<&str> = svg
        .match_indices("data-rotation=\"")
        .map(|(i, m)| {
            let rest = &svg[i + m.len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect();
    assert_eq!(rotations, ["0", "90", "180", "270"]);
    let sheet = stdout(&carc(&["tiles", "--svg"]));
    // 24 base types (A–X) + the River's 11 (r.A–r.L without r.F, the second r.D's other
    // name) + the 8 garden tiles of The Abbot (Eg Hg Ig Mg Ng Rg Ug Vg) + Inns & Cathedrals'
    // 17 (ic.A–ic.Q: 17 letters, the two cathedrals share ic.K) + Traders & Builders' 24
    // (tb.A–tb.X) + The Princess & the Dragon's 29 (pd.A–pd.Z, pd.1–pd.3: 30 tiles, pd.G
    // twice) + The Tower's 17 (tw.A–tw.Q: two tw.A) = 130 distinct types.
    assert_eq!(
        sheet.matches("class=\"tile\"").count(),
        24 + 11 + 8 + 17 + 24 + 29 + 17
    );
    // the goods symbols of Traders & Builders: wine 9, grain 6, cloth 5, one per tile
    for (good, n) in [("wine", 9), ("grain", 6), ("cloth", 5)] {
        let class = format!("class=\"goods {good}\"");
        assert_eq!(sheet.matches(&class).count(), n, "{good}");
    }
    for args in [
        vec!["tiles", "Z"],
        vec!["tiles", "A", "B"],
        vec!["tiles", "--check"],
        vec!["tiles", "A", "--docs", "x"],
    ] {
        let result = carc(&args);
        assert_eq!(result.status.code(), Some(2), "{args:?}: {result:?}");
    }
    let unknown = carc(&["tiles", "Z"]);
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("unknown tile `Z`"));
}

#[test]
fn traders_builders_tiles_show_goods_split_corners_and_inner_fields() {
    // the spec's table: tb.I's grain city N+W, fields {SW}, {SSE}, {NE+ESE} (corner SE split by
    // the wall); tb.M's inner field touching its three cities; goods after a city's sides
    let i = stdout(&carc(&["tiles", "tb.I"]));
    assert!(i.contains("split corner"), "{i}");
    let all = stdout(&carc(&["tiles"]));
    let block = |token: &str| -> String {
        let start = all.find(&format!("\n{token}  ")).expect(token);
        all[start + 1..]
            .split("\n\n")
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    let tb_i = block("tb.I");
    assert!(tb_i.contains("cities {N,W} grain"), "{tb_i}");
    assert!(
        tb_i.contains("fields {SW} → {N,W}; {SSE} → {N,W}; {NE,ESE} → {N,W}"),
        "{tb_i}"
    );
    // the goods symbol `$` sits on the city in the drawing
    assert!(tb_i.contains('$'), "{tb_i}");
    let tb_m = block("tb.M");
    assert!(
        tb_m.contains("cities {N,W} cloth; {E}; {S}") && tb_m.contains("{inner} → {N,W}, {E}, {S}"),
        "{tb_m}"
    );
    // a tile without goods has no `$`
    assert!(!block("tb.B").contains('$'));
}
