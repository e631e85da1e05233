//! `carc.showBoard` through the protocol: advertised, answers with the SVG of the position at
//! a line of the current text (following edits, as a live preview does), `null` for a
//! document that is not open, `InvalidParams` for a malformed request.

use super::*;

/// The number of elements of class `class` in an SVG (their opening tags).
fn count(svg: &str, class: &str) -> usize {
    svg.matches(&format!("class=\"{class}\"")).count()
}

#[tokio::test]
async fn show_board_draws_the_position_at_a_line_and_follows_edits() {
    let (mut client, init) = TestClient::start(utf16()).await;
    assert_eq!(
        init["result"]["capabilities"]["executeCommandProvider"]["commands"],
        json!(["carc.showBoard"])
    );
    // Lesson 2: red's knight on D; the cap at 0,1 closes the city (line 15, 0-based 14) and
    // the knight returns.
    let (uri, text) = repo_file("examples/lessons/02-occupancy-and-return.carc");
    let turn_line = text
        .lines()
        .position(|l| l.starts_with("turn "))
        .expect("a turn") as u64;
    client.open(&uri, &text, 1);
    let show = |line: Value| json!({"command": "carc.showBoard", "arguments": [uri, line]});

    // At the mark, before the turn: one tile, red's knight, the mark.
    let mark_line = text.lines().position(|l| l.starts_with("mark ")).unwrap() as u64;
    let before = client
        .result("workspace/executeCommand", show(json!(mark_line)))
        .await;
    assert_eq!(before["version"], 1);
    assert_eq!(before["line"], mark_line);
    let svg = before["svg"].as_str().expect("an SVG string");
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert_eq!(count(svg, "tile"), 1);
    assert_eq!(count(svg, "meeple"), 1);
    assert!(
        svg.contains(r#"data-colour="red" data-role="knight""#),
        "{svg}"
    );
    assert_eq!(count(svg, "mark"), 1);
    assert!(before["ascii"].as_str().unwrap_or("").contains("-D-"));

    // At the turn: two tiles, the knight has returned.
    let after = client
        .result("workspace/executeCommand", show(json!(turn_line)))
        .await;
    let svg = after["svg"].as_str().unwrap_or("");
    assert_eq!(count(svg, "tile"), 2);
    assert_eq!(count(svg, "meeple"), 0);
    assert!(svg.contains(r#"data-letter="E" data-rotation="180" data-x="0" data-y="1""#));

    // An edit moves the cap's row: the next picture is drawn from the new text and version.
    let new_turn = "turn red E 0,1 r180 knight S";
    let old_len = text.lines().nth(turn_line as usize).unwrap_or("").len() as u32;
    client.change(
        &uri,
        2,
        json!([edit(
            (turn_line as u32, 0),
            (turn_line as u32, old_len),
            new_turn
        )]),
    );
    client.diagnostics_until(&uri, 2).await;
    let edited = client
        .result("workspace/executeCommand", show(json!(turn_line)))
        .await;
    assert_eq!(edited["version"], 2);
    let svg = edited["svg"].as_str().unwrap_or("");
    // The refused knight is not deployed; the original one returned: no meeple.
    assert_eq!(count(svg, "tile"), 2);
    assert_eq!(count(svg, "meeple"), 0);

    // No line: the end of the document.
    let end = client
        .result("workspace/executeCommand", show(Value::Null))
        .await;
    assert_eq!(end["line"], Value::Null);
    assert_eq!(count(end["svg"].as_str().unwrap_or(""), "tile"), 2);

    // A document that is not open: null. Malformed requests: InvalidParams (-32602).
    let closed = client
        .result(
            "workspace/executeCommand",
            json!({"command": "carc.showBoard", "arguments": ["file:///nowhere.carc"]}),
        )
        .await;
    assert_eq!(closed, Value::Null);
    for params in [
        json!({"command": "carc.showBoard", "arguments": []}),
        json!({"command": "carc.showBoard", "arguments": [uri, "three"]}),
        json!({"command": "carc.nothing", "arguments": [uri]}),
    ] {
        let response = client.request("workspace/executeCommand", params).await;
        assert_eq!(response["error"]["code"], -32602, "{response}");
    }
    assert!(client.stop().await);
}
