//! `carc moves` as a user runs it. Every expectation below is derived by hand from the tile
//! catalogue (docs/tiles.md), not copied from the program's output.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn carc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carc"))
        .args(args)
        .output()
        .expect("carc runs")
}

/// A file with `text` in a fresh scratch folder.
fn file(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("moves");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> Vec<Value> {
    match serde_json::from_slice(&o.stdout) {
        Ok(Value::Array(moves)) => moves,
        other => panic!("not a JSON array: {other:?}\n{}", stdout(o)),
    }
}

/// `(x, y, rotation)` of every move, without repeats, in order.
fn placements(moves: &[Value]) -> Vec<(i64, i64, String)> {
    let mut out: Vec<(i64, i64, String)> = Vec::new();
    for m in moves {
        let p = (
            m["x"].as_i64().unwrap(),
            m["y"].as_i64().unwrap(),
            m["rotation"].as_str().unwrap().to_owned(),
        );
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

const START: &str = "players red blue\ntile D 0,0\n";

/// D at 0,0 shows a city north, road east and west, a field south. E (a city cap, fields on
/// three sides) needs a city side against D's city: only 0,1 at r180. South of D it needs a
/// field side north: r90, r180 and r270 at 0,-1. It has no road, so not east or west.
/// Each placement: no meeple, a knight on E's new city (unoccupied), a farmer on E's field
/// (unoccupied): 3 moves, 12 in all. Only 0,1 r180 completes something: D's city and E's,
/// 2 tiles × 2 = 4, which is red's only with red's knight on it.
#[test]
fn every_move_of_e_next_to_the_start_tile_best_first() {
    let path = file("start.carc", START);
    let out = carc(&["moves", path.to_str().unwrap(), "E"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let expected = "\
E at the end of the file, red to move: 12 legal moves on 4 placements
   #  points  move                   others
   1      +4  E 0,1 r180 knight S
   2      +0  E 0,-1 r90
   3      +0  E 0,-1 r90 knight E
   4      +0  E 0,-1 r90 farmer NE
   5      +0  E 0,-1 r180
   6      +0  E 0,-1 r180 knight S
   7      +0  E 0,-1 r180 farmer NE
   8      +0  E 0,-1 r270
   9      +0  E 0,-1 r270 knight W
  10      +0  E 0,-1 r270 farmer NE
  11      +0  E 0,1 r180
  12      +0  E 0,1 r180 farmer NE
";
    assert_eq!(stdout(&out), expected);
}

#[test]
fn json_is_one_array_with_the_same_moves() {
    let path = file("start-json.carc", START);
    let out = carc(&["moves", path.to_str().unwrap(), "E", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let moves = json(&out);
    assert_eq!(moves.len(), 12);
    let best = &moves[0];
    assert_eq!(best["points"], 4);
    assert_eq!(best["colour"], "red");
    assert_eq!(best["meeple"]["role"], "knight");
    assert_eq!(best["meeple"]["place"], "S");
    assert_eq!(best["gains"]["red"], 4);
    assert_eq!(best["move"], "E 0,1 r180 knight S");
    assert!(moves[1..].iter().all(|m| m["points"] == 0));
    let want = vec![
        (0, 1, "r180".to_owned()),
        (0, -1, "r90".to_owned()),
        (0, -1, "r180".to_owned()),
        (0, -1, "r270".to_owned()),
    ];
    assert_eq!(placements(&moves), want);
}

/// U (a straight road) needs a road side against D's east or west road: r90 (road east–west)
/// at 1,0 and at -1,0; south of D a field side north: r90 at 0,-1. r270 looks exactly like
/// r90 and is not listed again; r0/r180 put a road side north or south, which fits nowhere.
/// Each placement: no meeple, a traveller, a farmer on each of its two fields: 4 moves.
#[test]
fn rotations_that_look_the_same_are_one_placement() {
    let path = file("straight.carc", START);
    let out = carc(&["moves", path.to_str().unwrap(), "U", "--format=json"]);
    let moves = json(&out);
    assert_eq!(moves.len(), 12);
    assert_eq!(
        placements(&moves),
        vec![
            (-1, 0, "r90".to_owned()),
            (0, -1, "r90".to_owned()),
            (1, 0, "r90".to_owned()),
        ]
    );
    assert!(moves.iter().all(|m| m["points"] == 0));
}

/// `--line N` is the position before line N, moved by that line's colour; by default the
/// position at the end, moved by the next player. After red closed the city at 0,1 with E,
/// E fits around it: 0,2 (field south: r0, r90, r270), 1,1 (field west: r0, r90, r180),
/// -1,1 (field east: r0, r180, r270) and still 0,-1 (r90, r180, r270): 12 placements, each
/// with no meeple, a knight on a new city or a farmer, none scoring: 36 moves.
#[test]
fn line_selects_the_position_and_the_mover() {
    let text = format!("{START}turn red E 0,1 r180 knight S => red +4\n");
    let path = file("line.carc", &text);
    let path = path.to_str().unwrap();
    let before = json(&carc(&[
        "moves", path, "E", "--line", "3", "--format", "json",
    ]));
    assert_eq!(before.len(), 12);
    assert_eq!(before[0]["colour"], "red");
    assert_eq!(before[0]["points"], 4);

    let after = carc(&["moves", path, "E"]);
    assert!(
        stdout(&after).starts_with(
            "E at the end of the file, blue to move: 36 legal moves on 12 placements\n"
        ),
        "{}",
        stdout(&after)
    );
    let after = json(&carc(&["moves", path, "E", "--format", "json"]));
    assert!(after
        .iter()
        .all(|m| m["points"] == 0 && m["colour"] == "blue"));
}

#[test]
fn bad_input_exits_2_with_one_message() {
    let path = file("errors.carc", START);
    let path = path.to_str().unwrap();
    let cases: [(&[&str], &str); 6] = [
        (&["moves", path, "Z"], "`Z` is not a tile"),
        (
            &["moves", path, "EE"],
            // `E` and the garden tile `Eg` are both one edit away
            "`EE` is not a tile; did you mean `E` or `Eg`?",
        ),
        (
            &["moves", path, "E", "--line", "3"],
            "line 3 is past the end",
        ),
        (
            &["moves", path, "E", "--line", "zero"],
            "invalid value 'zero' for '--line <N>'",
        ),
        (
            &["moves", path],
            "the following required arguments were not provided:\n  <TILE>",
        ),
        (&["moves", "no/such/file.carc", "E"], "no/such/file.carc"),
    ];
    for (args, message) in cases {
        let out = carc(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}: {}", stdout(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
}
