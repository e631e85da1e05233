//! In-process protocol tests: the real server on one end of an in-memory duplex, a small
//! JSON-RPC client on the other (as typos-lsp and ruff test theirs). The client is in
//! `tests/client.rs`; the tests are here and in the other modules of `tests/`.

use std::path::Path;
use std::sync::Arc;

use serde_json::{json, Value};
use tokio::io::{AsyncWriteExt, BufReader};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use crate::server::Shared;
use client::*;

#[tokio::test]
async fn negotiates_the_position_encoding() {
    let (client, init) = TestClient::start(utf8()).await;
    assert_eq!(init["result"]["capabilities"]["positionEncoding"], "utf-8");
    assert_eq!(
        init["result"]["capabilities"]["textDocumentSync"]["change"], 2,
        "incremental sync"
    );
    assert!(client.stop().await);
    let (client, init) = TestClient::start(utf16()).await;
    assert_eq!(init["result"]["capabilities"]["positionEncoding"], "utf-16");
    assert!(client.stop().await);
}

#[tokio::test]
async fn publishes_on_open_and_change_with_the_version_and_clears_on_close() {
    let (mut client, _) = TestClient::start(utf16()).await;
    let (uri, text) = repo_file("examples/city-cap.carc");
    client.open(&uri, &text, 1);
    let opened = client.diagnostics_until(&uri, 1).await;
    assert_eq!(
        opened.last().map(|p| p["diagnostics"].clone()),
        Some(json!([])),
        "a clean file"
    );

    client.change(&uri, 2, json!([edit((0, 0), (0, 0), "# edited\n")]));
    let changed = client.diagnostics_until(&uri, 2).await;
    assert_eq!(
        changed.last().map(|p| p["diagnostics"].clone()),
        Some(json!([]))
    );
    assert_eq!(client.text(&uri), Some((format!("# edited\n{text}"), 2)));

    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    let closed = client.expect("textDocument/publishDiagnostics").await;
    assert_eq!(closed["params"]["uri"], uri);
    assert_eq!(closed["params"]["diagnostics"], json!([]));
    assert!(closed["params"].get("version").is_none_or(Value::is_null));
    assert_eq!(client.text(&uri), None);
    assert!(client.stop().await);
}

/// A deterministic xorshift generator, so a failing burst can be replayed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        usize::try_from(self.0 % n.max(1) as u64).unwrap_or_default()
    }
}

/// The expected text, kept as characters, with its own (independent) LSP positions.
struct Model {
    chars: Vec<char>,
}

impl Model {
    /// Whether a character index is a valid cursor position (not inside a CRLF).
    fn is_position(&self, index: usize) -> bool {
        !(index > 0
            && self.chars.get(index - 1) == Some(&'\r')
            && self.chars.get(index) == Some(&'\n'))
    }

    /// The LSP position of a character index, columns in UTF-16 or UTF-8 units.
    fn position(&self, index: usize, utf8: bool) -> Value {
        let (mut line, mut column) = (0, 0);
        let mut i = 0;
        while i < index {
            match (self.chars[i], self.chars.get(i + 1)) {
                ('\r', Some('\n')) if i + 1 < index => {
                    line += 1;
                    column = 0;
                    i += 2;
                    continue;
                }
                ('\r' | '\n', _) => {
                    line += 1;
                    column = 0;
                }
                (c, _) => column += if utf8 { c.len_utf8() } else { c.len_utf16() },
            }
            i += 1;
        }
        json!({"line": line, "character": column})
    }

    /// A random edit as an LSP content change, applied to the model.
    fn random_edit(&mut self, rng: &mut Rng, utf8: bool) -> Value {
        const INSERTS: [&str; 12] = [
            "tile D 0,0",
            "\r\n",
            "\n",
            "\r",
            "😀",
            "é",
            "note \"ßü😀\"",
            "",
            " ",
            "turn red E 0,1 r180",
            "𝄞x",
            "\u{2028}",
        ];
        let positions: Vec<usize> = (0..=self.chars.len())
            .filter(|&i| self.is_position(i))
            .collect();
        let start = positions[rng.below(positions.len())];
        // A third of the edits replace up to 12 characters.
        let mut end = start;
        if rng.below(3) == 0 {
            end = (start + rng.below(13)).min(self.chars.len());
            while !self.is_position(end) {
                end -= 1;
            }
        }
        let insert = INSERTS[rng.below(INSERTS.len())];
        let change = json!({
            "range": {"start": self.position(start, utf8), "end": self.position(end, utf8)},
            "text": insert,
        });
        self.chars.splice(start..end, insert.chars());
        change
    }
}

/// Hundreds of `didChange` sent in a burst, some with several changes, interleaved with
/// requests: the server's text must equal the expected text exactly, and publications must
/// only ever move forward in version.
async fn burst(capabilities: Value, utf8: bool, seed: u64) {
    let (mut client, _) = TestClient::start(capabilities).await;
    let uri = "file:///burst.carc";
    let initial = "players red blue\r\ntile D 0,0\r\nnote \"Café 😀\"\rturn red E 0,1 r180\n";
    client.open(uri, initial, 1);
    let mut model = Model {
        chars: initial.chars().collect(),
    };
    let mut rng = Rng(seed);
    let mut version = 1;
    for round in 0..400 {
        version += 1;
        let count = 1 + rng.below(3);
        let changes: Vec<Value> = (0..count)
            .map(|_| model.random_edit(&mut rng, utf8))
            .collect();
        client.change(uri, version, Value::Array(changes));
        if round % 50 == 0 {
            // Requests run concurrently with the edits; they must not disturb them.
            let at = json!({"textDocument": {"uri": uri}, "position": {"line": 1, "character": 5}});
            let _ = client.outgoing.send(json!({
                "jsonrpc": "2.0",
                "id": 10_000 + round,
                "method": "textDocument/hover",
                "params": at,
            }));
        }
    }
    let seen = client.diagnostics_until(uri, version).await;
    let expected: String = model.chars.iter().collect();
    assert_eq!(
        client.text(uri),
        Some((expected, i32::try_from(version).unwrap_or_default()))
    );
    let versions: Vec<i64> = seen.iter().filter_map(|p| p["version"].as_i64()).collect();
    assert!(
        versions.windows(2).all(|w| w[0] < w[1]),
        "publications went back in version: {versions:?}"
    );
    // Nothing at all after the last version's publication may claim an older version.
    let hover = client
        .result(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}),
        )
        .await;
    assert!(hover.is_null() || hover.is_object());
    for message in &client.pending {
        if message["method"] == "textDocument/publishDiagnostics" {
            assert!(
                message["params"]["version"].as_i64() >= Some(version),
                "stale publication {message}"
            );
        }
    }
    assert!(client.stop().await);
}

#[tokio::test]
async fn a_burst_of_utf16_changes_is_applied_exactly() {
    burst(utf16(), false, 0x9e37_79b9_7f4a_7c15).await;
}

#[tokio::test]
async fn a_burst_of_utf8_changes_is_applied_exactly() {
    burst(utf8(), true, 0x2545_f491_4f6c_dd1d).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_on_a_multi_threaded_runtime_is_applied_exactly() {
    burst(utf16(), false, 0xdead_beef_1234_5678).await;
}

#[tokio::test]
async fn stale_versions_and_unknown_documents_are_ignored() {
    let (mut client, _) = TestClient::start(utf16()).await;
    let uri = "file:///stale.carc";
    client.open(uri, "tile D 0,0\n", 5);
    client.diagnostics_until(uri, 5).await;
    let insert = json!([edit((1, 0), (1, 0), "end\n")]);
    client.change(uri, 5, insert.clone());
    let log = client.expect("window/logMessage").await;
    assert!(
        log["params"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("version 5"),
        "{log}"
    );
    client.change("file:///never-opened.carc", 2, insert.clone());
    client.expect("window/logMessage").await;
    assert_eq!(client.text(uri), Some(("tile D 0,0\n".to_owned(), 5)));
    client.change(uri, 6, insert);
    client.diagnostics_until(uri, 6).await;
    assert_eq!(client.text(uri), Some(("tile D 0,0\nend\n".to_owned(), 6)));
    assert!(client.stop().await);
}

/// Every request the server offers, at a position.
fn every_request(uri: &str, line: u32, character: u32) -> Vec<(&'static str, Value)> {
    let document = json!({ "uri": uri });
    let position = json!({"line": line, "character": character});
    let range = json!({"start": {"line": 0, "character": 0}, "end": position});
    vec![
        (
            "textDocument/hover",
            json!({"textDocument": document, "position": position}),
        ),
        (
            "textDocument/inlayHint",
            json!({"textDocument": document, "range": range}),
        ),
        (
            "textDocument/completion",
            json!({"textDocument": document, "position": position}),
        ),
        (
            "textDocument/documentSymbol",
            json!({"textDocument": document}),
        ),
        (
            "textDocument/semanticTokens/full",
            json!({"textDocument": document}),
        ),
        (
            "textDocument/formatting",
            json!({"textDocument": document, "options": {"tabSize": 4, "insertSpaces": true}}),
        ),
        (
            "textDocument/codeAction",
            json!({"textDocument": document, "range": range, "context": {"diagnostics": []}}),
        ),
        (
            "textDocument/documentHighlight",
            json!({"textDocument": document, "position": position}),
        ),
        (
            "textDocument/foldingRange",
            json!({"textDocument": document}),
        ),
    ]
}

#[tokio::test]
async fn requests_never_fail_on_unknown_documents_bad_positions_or_half_typed_text() {
    let (mut client, _) = TestClient::start(utf16()).await;
    for (method, params) in every_request("file:///unknown.carc", 0, 0) {
        assert_eq!(
            client.result(method, params).await,
            Value::Null,
            "{method} on an unknown document"
        );
    }
    let uri = "file:///half.carc";
    client.open(uri, "players red blu\r\ntile D 0,\nturn re", 1);
    for (line, character) in [
        (0, 0),
        (0, 999),
        (1, 3),
        (2, 7),
        (2, 8),
        (99, 0),
        (u32::MAX, u32::MAX),
    ] {
        for (method, params) in every_request(uri, line, character) {
            let result = client.result(method, params).await;
            assert!(
                result.is_null() || result.is_array() || result.is_object(),
                "{method}: {result}"
            );
        }
    }
    // Half-typed edits, including one whose range ends past the end of the file.
    let changes = json!([
        edit((2, 7), (2, 7), "d 😀"),
        edit((7, 0), (9, 4), "\r\nend =>"),
    ]);
    client.change(uri, 2, changes);
    client.diagnostics_until(uri, 2).await;
    assert_eq!(
        client.text(uri).map(|t| t.0).as_deref(),
        Some("players red blu\r\ntile D 0,\nturn red 😀\r\nend =>")
    );
    for (method, params) in every_request(uri, 2, 10) {
        client.result(method, params).await;
    }
    // A malformed request is answered with an error, and the server carries on.
    let response = client
        .request("textDocument/hover", json!({"textDocument": 7}))
        .await;
    assert!(response.get("error").is_some(), "{response}");
    assert!(client.stop().await);
}

#[tokio::test]
async fn exit_without_shutdown_reports_failure() {
    let (client, _) = TestClient::start(utf16()).await;
    client.notify("exit", Value::Null);
    let status = tokio::time::timeout(TIMEOUT, client.server)
        .await
        .expect("the server stops");
    assert!(!status.expect("no panic"));
}

#[tokio::test]
async fn inlay_hints_are_refreshed_after_changes_when_the_client_supports_it() {
    let (mut client, _) =
        TestClient::start(json!({"workspace": {"inlayHint": {"refreshSupport": true}}})).await;
    let (uri, text) = repo_file("examples/city-cap.carc");
    client.open(&uri, &text, 1);
    client.expect("workspace/inlayHint/refresh").await;
    client.change(
        &uri,
        2,
        json!([{"text": text.replace("red +4", "red +4 ")}]),
    );
    client.diagnostics_until(&uri, 2).await;
    client.expect("workspace/inlayHint/refresh").await;
    assert!(client.stop().await);
}

#[tokio::test]
async fn formatting_returns_no_edit_for_formatted_text() {
    let (mut client, _) = TestClient::start(utf16()).await;
    let (uri, text) = repo_file("examples/city-cap.carc");
    client.open(&uri, &text, 1);
    let params =
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}});
    let edits = client.result("textDocument/formatting", params).await;
    let formatted = carc_analysis::format(&text);
    if formatted == text {
        assert!(edits.is_null(), "{edits}");
    } else {
        assert_eq!(edits[0]["newText"], formatted);
    }
    assert!(client.stop().await);
}

// ---- Tests of analysis content through the protocol: they pass once carc-analysis reports
// ---- diagnostics, hovers and inlay hints (TODO(lead) in carc-analysis today).

/// `(line, code)` for each `# error: code` / `# warning: code` comment of a fixture: trailing,
/// it applies to its line; on its own line, to the next.
fn expected_codes(text: &str) -> Vec<(u64, String)> {
    let mut expected = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let Some((code, comment)) = line
            .split_once('#')
            .map(|(code, comment)| (code, comment.trim()))
        else {
            continue;
        };
        let target = if code.trim().is_empty() {
            index + 1
        } else {
            index
        };
        // Several annotations on one line are joined with `;` (`# error: a; error: b`).
        for part in comment.split(';').map(str::trim) {
            let Some(name) = part
                .strip_prefix("error:")
                .or_else(|| part.strip_prefix("warning:"))
            else {
                continue;
            };
            expected.push((target as u64, name.trim().to_owned()));
        }
    }
    expected
}

#[tokio::test]
async fn every_fixture_publishes_its_diagnostic_codes() {
    let (mut client, _) = TestClient::start(utf16()).await;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/data")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    let mut failures = Vec::new();
    for path in paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "carc"))
    {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (uri, text) = repo_file(&format!("tests/data/{name}"));
        client.open(&uri, &text, 1);
        let published = client
            .diagnostics_until(&uri, 1)
            .await
            .pop()
            .unwrap_or_default();
        let diagnostics = published["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let mut found: Vec<(u64, String)> = diagnostics
            .iter()
            .map(|d| {
                (
                    d["range"]["start"]["line"].as_u64().unwrap_or(u64::MAX),
                    d["code"].as_str().unwrap_or("").to_owned(),
                )
            })
            .collect();
        for d in &diagnostics {
            let severity = d["severity"].as_u64();
            let well_formed = matches!(severity, Some(1 | 2))
                && d["source"] == "carc"
                && d["message"].as_str().is_some_and(|m| !m.is_empty());
            assert!(well_formed, "{name}: {d}");
        }
        found.sort();
        let mut expected = expected_codes(&text);
        expected.sort();
        if found != expected {
            failures.push(format!(
                "{name}: expected {expected:?}, published {found:?}"
            ));
        }
        // The same file with CRLF and with lone CRs: the same codes at the same ranges, as
        // LSP counts lines (issue 25, item 10).
        let ranges = |diagnostics: &[Value]| -> Vec<(Value, Value)> {
            let mut all: Vec<(Value, Value)> = diagnostics
                .iter()
                .map(|d| (d["range"].clone(), d["code"].clone()))
                .collect();
            all.sort_by_key(|(range, code)| format!("{range}{code}"));
            all
        };
        for (ending, newline) in [("crlf", "\r\n"), ("cr", "\r")] {
            let other_uri = format!("{uri}.{ending}.carc");
            let other_text = text.replace("\r\n", "\n").replace('\n', newline);
            client.open(&other_uri, &other_text, 1);
            let other = client
                .diagnostics_until(&other_uri, 1)
                .await
                .pop()
                .unwrap_or_default();
            let other = other["diagnostics"].as_array().cloned().unwrap_or_default();
            if ranges(&other) != ranges(&diagnostics) {
                failures.push(format!(
                    "{name}: {ending} line endings publish other ranges"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(client.stop().await);
}

#[tokio::test]
async fn edge_mismatch_is_published_on_line_4_with_related_information() {
    let (mut client, _) = TestClient::start(utf16()).await;
    let (uri, text) = repo_file("tests/data/edge-mismatch.carc");
    client.open(&uri, &text, 1);
    let published = client
        .diagnostics_until(&uri, 1)
        .await
        .pop()
        .unwrap_or_default();
    let diagnostic = published["diagnostics"]
        .as_array()
        .and_then(|list| list.iter().find(|d| d["code"] == "edge-mismatch"))
        .cloned()
        .unwrap_or_else(|| panic!("no edge-mismatch in {published}"));
    assert_eq!(diagnostic["range"]["start"]["line"], 3);
    assert_eq!(diagnostic["severity"], 1);
    // The neighbour it mismatches, where named, is the start tile on line 3.
    if let Some(related) = diagnostic["relatedInformation"]
        .as_array()
        .and_then(|r| r.first())
    {
        assert_eq!(related["location"]["uri"], uri);
        assert_eq!(related["location"]["range"]["start"]["line"], 2);
    }
    assert!(client.stop().await);
}

#[tokio::test]
async fn hover_on_a_tile_letter_is_markdown() {
    let (mut client, _) = TestClient::start(utf16()).await;
    let (uri, text) = repo_file("examples/city-cap.carc");
    client.open(&uri, &text, 1);
    // Line 4 is `turn red E 0,1 r180 knight S ...`: the cursor on `E`.
    let hover = client
        .result(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 3, "character": 9}}),
        )
        .await;
    assert_eq!(hover["contents"]["kind"], "markdown", "{hover}");
    assert!(hover["contents"]["value"]
        .as_str()
        .is_some_and(|v| !v.is_empty()));
    assert_eq!(hover["range"]["start"]["line"], 3);
    assert!(client.stop().await);
}

/// Completion of a tile letter and hover on one, for a client called `name`: the
/// documentation and the card of `E`.
async fn tile_cards_for(name: Option<&str>) -> (String, String) {
    let mut client = TestClient::connect();
    let mut params = json!({ "capabilities": {} });
    if let Some(name) = name {
        params["clientInfo"] = json!({ "name": name, "version": "1" });
    }
    client.request("initialize", params).await;
    client.notify("initialized", json!({}));
    let uri = "file:///cards.carc";
    client.open(uri, "tile D 0,0\nturn red E 0,1 r180\nturn red \n", 1);
    let items = client
        .result(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": {"line": 2, "character": 9}}),
        )
        .await;
    let e = items
        .as_array()
        .into_iter()
        .flatten()
        .find(|i| i["label"] == "E")
        .cloned()
        .unwrap_or_default();
    assert_eq!(e["documentation"]["kind"], "markdown", "{e}");
    let documentation = e["documentation"]["value"]
        .as_str()
        .unwrap_or("")
        .to_owned();
    let hover = client
        .result(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 1, "character": 9}}),
        )
        .await;
    let card = hover["contents"]["value"].as_str().unwrap_or("").to_owned();
    assert!(client.stop().await);
    (documentation, card)
}

#[tokio::test]
async fn tile_pictures_are_images_for_vs_code_and_text_elsewhere() {
    // E r0 is C F F F; at r180 its city faces south: F F C F.
    for client in [Some("Visual Studio Code"), Some("code-server")] {
        let (documentation, card) = tile_cards_for(client).await;
        assert!(
            documentation.contains("data:image/svg+xml;base64,"),
            "{documentation}"
        );
        assert!(documentation.contains("`C F F F`"), "{documentation}");
        assert!(
            card.contains("![E r180](data:image/svg+xml;base64,"),
            "{card}"
        );
    }
    for client in [None, Some("Neovim"), Some("helix")] {
        let (documentation, card) = tile_cards_for(client).await;
        assert!(!documentation.contains("data:image"), "{documentation}");
        assert!(
            documentation.contains("```text\n. # # # .\n"),
            "{documentation}"
        );
        // r180: the cap is drawn at the bottom.
        assert!(
            card.contains(". . . . .\n. . # . .\n. # # # .\n```"),
            "{card}"
        );
    }
}

#[tokio::test]
async fn tile_pictures_wait_for_resolve_when_the_client_resolves_documentation() {
    let mut client = TestClient::connect();
    let resolve = json!({"textDocument": {"completion": {"completionItem": {
        "resolveSupport": {"properties": ["documentation", "detail"]}}}}});
    let init = client
        .request(
            "initialize",
            json!({ "capabilities": resolve, "clientInfo": {"name": "Visual Studio Code"} }),
        )
        .await;
    assert_eq!(
        init["result"]["capabilities"]["completionProvider"]["resolveProvider"], true,
        "{init}"
    );
    client.notify("initialized", json!({}));
    let uri = "file:///lazy.carc";
    client.open(uri, "tile D 0,0\nturn red \n", 1);
    let items = client
        .result(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": {"line": 1, "character": 9}}),
        )
        .await;
    let items = items.as_array().cloned().unwrap_or_default();
    let e = items.iter().find(|i| i["label"] == "E").cloned();
    let e = e.unwrap_or_default();
    // the list carries names and edges, no pictures: each picture is several kilobytes
    assert!(items.len() > 20, "{items:?}");
    assert!(items.iter().all(|i| i["documentation"].is_null()), "{e}");
    assert!(
        e["detail"].as_str().is_some_and(|d| d.contains("C F F F")),
        "{e}"
    );
    let resolved = client.result("completionItem/resolve", e.clone()).await;
    let documentation = resolved["documentation"]["value"].as_str().unwrap_or("");
    assert!(
        documentation.contains("data:image/svg+xml;base64,"),
        "{resolved}"
    );
    assert!(documentation.contains("`C F F F`"), "{documentation}");
    assert_eq!(resolved["label"], "E");
    // an item without documentation comes back as it went
    let keyword = json!({"label": "turn", "kind": 14});
    assert_eq!(
        client
            .result("completionItem/resolve", keyword.clone())
            .await,
        keyword
    );
    assert!(client.stop().await);
}

#[tokio::test]
async fn inlay_hints_label_a_game() {
    let (mut client, _) = TestClient::start(utf16()).await;
    let (uri, text) = repo_file("examples/city-cap.carc");
    client.open(&uri, &text, 1);
    let range = json!({"start": {"line": 0, "character": 0}, "end": {"line": 100, "character": 0}});
    let hints = client
        .result(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": uri}, "range": range}),
        )
        .await;
    let hints = hints.as_array().cloned().unwrap_or_default();
    assert!(!hints.is_empty(), "no inlay hints");
    for hint in &hints {
        assert!(
            hint["label"].as_str().is_some_and(|l| !l.is_empty()),
            "{hint}"
        );
        assert!(hint["position"]["line"].as_u64() < Some(4), "{hint}");
    }
    assert!(client.stop().await);
}

#[tokio::test]
async fn folds_the_setup_variations_and_comment_runs_by_line() {
    let (mut client, init) = TestClient::start(utf16()).await;
    assert_eq!(init["result"]["capabilities"]["foldingRangeProvider"], true);
    let uri = "file:///folds.carc";
    // Line 0-1: comments (a non-ASCII one: folds are whole lines, no columns); 2-3 the setup;
    // 4 the first turn; 5-7 a variation whose `}` (line 8) stays outside its fold.
    let text = "# Leçon 1\n# two lines\nplayers red blue\ntile D 0,0\nturn red E 0,1 r180\n\
                variation \"other\" {\n  turn red E 1,0\n  turn blue U 2,0\n}\n";
    client.open(uri, text, 1);
    let folds = client
        .result(
            "textDocument/foldingRange",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    assert_eq!(
        folds,
        json!([
            {"startLine": 0, "endLine": 1, "kind": "comment"},
            {"startLine": 2, "endLine": 3, "kind": "region"},
            {"startLine": 5, "endLine": 7, "kind": "region"},
        ])
    );
    assert!(client.stop().await);
}

#[tokio::test]
async fn symbols_tokens_completion_highlights_and_quick_fixes() {
    let (mut client, _) = TestClient::start(utf16()).await;
    let (uri, text) = repo_file("examples/city-cap.carc");
    client.open(&uri, &text, 1);
    let document = json!({ "uri": uri });

    let symbols = client
        .result(
            "textDocument/documentSymbol",
            json!({"textDocument": document}),
        )
        .await;
    let names: Vec<&str> = symbols
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert!(names.len() >= 2, "setup and a turn: {symbols}");

    let tokens = client
        .result(
            "textDocument/semanticTokens/full",
            json!({"textDocument": document}),
        )
        .await;
    let data = tokens["data"].as_array().cloned().unwrap_or_default();
    assert!(!data.is_empty() && data.len() % 5 == 0, "{tokens}");

    // At the start of a line: statement keywords; after `turn `: colours.
    for (line, character, expected) in [(1, 0, "turn"), (3, 5, "blue")] {
        let at =
            json!({"textDocument": document, "position": {"line": line, "character": character}});
        let items = client.result("textDocument/completion", at).await;
        let labels: Vec<&str> = items
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|i| i["label"].as_str())
            .collect();
        assert!(labels.contains(&expected), "{line}:{character}: {labels:?}");
    }

    // On the start tile: its city is highlighted on both tile lines.
    let on_start = json!({"textDocument": document, "position": {"line": 2, "character": 5}});
    let highlights = client
        .result("textDocument/documentHighlight", on_start)
        .await;
    assert!(
        highlights.as_array().is_some_and(|h| !h.is_empty()),
        "{highlights}"
    );

    // The mismatching city cap gets a fix that edits the file and names its diagnostic.
    let (uri, text) = repo_file("tests/data/edge-mismatch.carc");
    client.open(&uri, &text, 1);
    let line = range((3, 0), (3, 40));
    let params =
        json!({"textDocument": {"uri": uri}, "range": line, "context": {"diagnostics": []}});
    let actions = client.result("textDocument/codeAction", params).await;
    let fix = actions
        .as_array()
        .and_then(|a| a.first())
        .cloned()
        .unwrap_or_default();
    assert_eq!(fix["kind"], "quickfix", "{actions}");
    assert_eq!(fix["diagnostics"][0]["code"], "edge-mismatch", "{fix}");
    assert!(
        fix["edit"]["changes"][&uri]
            .as_array()
            .is_some_and(|e| !e.is_empty()),
        "{fix}"
    );
    assert!(client.stop().await);
}

/// A puzzle's answer carries a code lens with its ranking. By hand: D at 0,0 and D at 1,0
/// (blue's knight in its city); E fits at 0,1 r180 and 1,1 r180 (on the two cities) and at
/// 0,-1 and 1,-1 in r90, r180, r270 (field sides). Moves: 0,1 r180 with no meeple, a knight or
/// a farmer (3); 1,1 r180 with no meeple or a farmer, the city being blue's (2); 3 on each of
/// the six southern placements (18): 23. Only the knight at 0,1 scores for red: 2 × 2 = 4.
#[tokio::test]
async fn a_puzzle_answer_has_a_code_lens_with_its_ranking() {
    let (mut client, init) = TestClient::start(utf16()).await;
    assert_eq!(
        init["result"]["capabilities"]["codeLensProvider"]["resolveProvider"],
        false
    );
    let (uri, text) = repo_file("examples/puzzles/close-the-city.carc");
    client.open(&uri, &text, 1);
    let lenses = client
        .result(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    let lenses = lenses.as_array().cloned().unwrap_or_default();
    assert_eq!(lenses.len(), 1, "{lenses:?}");
    assert_eq!(
        lenses[0]["command"]["title"],
        "23 legal moves · this is the unique best, +4"
    );
    // The `turn` keyword of the answer, on line 8 (0-based 7).
    assert_eq!(lenses[0]["range"], range((7, 0), (7, 4)));
    // A file that is no puzzle has none.
    let (other, text) = repo_file("examples/city-cap.carc");
    client.open(&other, &text, 1);
    let none = client
        .result(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": other}}),
        )
        .await;
    assert_eq!(none, json!([]));
    assert!(client.stop().await);
}

/// A `puzzle final` file: the lens ranks by the engine's search over the draws (every move of
/// examples/puzzles/block-the-city.carc is valued by hand in crates/carc-rules/tests/search.rs).
#[tokio::test]
async fn a_final_goal_puzzle_lens_ranks_by_the_search() {
    let (mut client, _) = TestClient::start(utf16()).await;
    let (uri, text) = repo_file("examples/puzzles/block-the-city.carc");
    client.open(&uri, &text, 1);
    let lenses = client
        .result(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    assert_eq!(
        lenses[0]["command"]["title"],
        "18 legal moves · this is the unique best, +1"
    );
    assert!(client.stop().await);
}

mod client;
mod concurrency;
mod protocol;
mod show_board;
mod soak;
