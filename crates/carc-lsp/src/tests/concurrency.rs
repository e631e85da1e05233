//! Analyses run off the task that reads and answers messages, and a newer version of a
//! document cancels the work on older ones ([`crate::documents`]).
//!
//! One analysis is made slow by blocking it in a test-only hook
//! ([`Documents::set_before_analysis`](crate::documents::Documents::set_before_analysis))
//! until the test releases it. Nothing is timed: the proofs are what the server answers and
//! publishes while that analysis is blocked, and which texts it analyses at all. The server
//! runs as `carc lsp` runs it, on a current-thread runtime of its own thread, so a server
//! that analysed on its I/O task would answer nothing while blocked: the client, on the
//! test's runtime, then fails on its timeout instead of hanging.

use std::sync::mpsc as std_mpsc;
use std::sync::Mutex;

use super::*;

use crate::documents::BeforeAnalysis;

/// A text holding this line is analysed only once the test releases it.
const SLOW: &str = "# slow\n";

/// Installs the hook: every analysed text is reported on the returned receiver, and one
/// holding [`SLOW`] blocks (on the blocking pool) until the returned sender sends.
fn gate(client: &TestClient) -> (mpsc::UnboundedReceiver<String>, std_mpsc::Sender<()>) {
    let (report, analysed) = mpsc::unbounded_channel();
    let (release, released) = std_mpsc::channel::<()>();
    let released = Mutex::new(released);
    let hook = move |text: &str| {
        let _ = report.send(text.to_owned());
        if text.contains(SLOW) {
            // Returns when released, or when the test ends (the sender is dropped).
            let _ = released.lock().map(|r| r.recv());
        }
    };
    client
        .shared
        .docs
        .set_before_analysis(BeforeAnalysis(Arc::new(hook)));
    (analysed, release)
}

/// A server with the hook of [`gate`], and `text` (holding [`SLOW`]) opened as version 1 of
/// `uri`: its analysis has started and is blocked.
async fn blocked_on(
    uri: &str,
    text: &str,
) -> (
    TestClient,
    mpsc::UnboundedReceiver<String>,
    std_mpsc::Sender<()>,
) {
    let (client, _) = TestClient::start_on(ServerRuntime::OwnThread, utf16()).await;
    let (mut analysed, release) = gate(&client);
    client.open(uri, text, 1);
    assert_eq!(next_analysis(&mut analysed).await, text);
    (client, analysed, release)
}

/// The next text the server starts analysing.
async fn next_analysis(analysed: &mut mpsc::UnboundedReceiver<String>) -> String {
    tokio::time::timeout(TIMEOUT, analysed.recv())
        .await
        .expect("an analysis starts")
        .expect("the hook is installed")
}

fn hover_at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

fn codes(publication: &Value) -> Vec<&str> {
    publication["diagnostics"]
        .as_array()
        .map(|list| list.iter().filter_map(|d| d["code"].as_str()).collect())
        .unwrap_or_default()
}

#[tokio::test]
async fn a_slow_analysis_of_one_document_does_not_delay_another_documents_hover() {
    let slow = "file:///slow.carc";
    let slow_text = format!("{SLOW}players red blue\ntile D 0,0\n");
    let (mut client, mut analysed, release) = blocked_on(slow, &slow_text).await;
    // A hover on the slow document's tile letter waits for its analysis.
    let slow_hover = client.send("textDocument/hover", hover_at(slow, 2, 5));

    // Meanwhile another document is opened, analysed, published and hovered.
    let (fast, fast_text) = repo_file("tests/data/edge-mismatch.carc");
    client.open(&fast, &fast_text, 1);
    let published = client.diagnostics_until(&fast, 1).await;
    assert_eq!(published.len(), 1, "{published:?}");
    assert_eq!(codes(&published[0]), ["edge-mismatch"]);
    // Line 4 is `turn red E 0,1`: the cursor on `E`.
    let hover = client
        .result("textDocument/hover", hover_at(&fast, 3, 9))
        .await;
    assert!(
        hover["contents"]["value"]
            .as_str()
            .is_some_and(|v| v.starts_with("**E**")),
        "{hover}"
    );
    assert_eq!(next_analysis(&mut analysed).await, fast_text);

    // All of that while the slow analysis was still blocked: nothing about the slow
    // document has come back yet.
    let about_slow = |m: &Value| m["id"] == json!(slow_hover) || m["params"]["uri"] == slow;
    assert!(
        !client.pending.iter().any(about_slow),
        "{:?}",
        client.pending
    );

    // Released, its hover is answered and its diagnostics published.
    release.send(()).expect("the analysis waits");
    let answer = client.response(slow_hover).await;
    assert!(
        answer["result"]["contents"]["value"]
            .as_str()
            .is_some_and(|v| v.starts_with("**D**")),
        "{answer}"
    );
    let published = client.diagnostics_until(slow, 1).await;
    assert_eq!(published.len(), 1, "{published:?}");
    assert!(client.stop().await);
}

#[tokio::test]
async fn a_newer_version_cancels_older_work_and_a_stale_result_is_never_published() {
    let uri = "file:///edited.carc";
    // Version 1: tile E (a city on its north side only) north of the start tile D (a city
    // on its north side): E's south side is a field against D's city, `edge-mismatch`.
    let v1 = format!("{SLOW}players red blue\ntile D 0,0\nturn red E 0,1\n");
    let (mut client, mut analysed, release) = blocked_on(uri, &v1).await;

    // Versions 2 and 3 while version 1 is being analysed (whole-text changes). Version 2
    // is version 1 without the slow line; version 3 turns E by 180°: its city faces south,
    // onto D's city, and nothing else touches it, so the file is clean.
    let v2 = "players red blue\ntile D 0,0\nturn red E 0,1\n";
    let v3 = "players red blue\ntile D 0,0\nturn red E 0,1 r180\n";
    client.change(uri, 2, json!([{ "text": v2 }]));
    client.change(uri, 3, json!([{ "text": v3 }]));
    // Wait until the server has applied both (its own state; no timing involved).
    let applied = Some((v3.to_owned(), 3));
    tokio::time::timeout(TIMEOUT, async {
        while client.text(uri) != applied {
            tokio::task::yield_now().await;
        }
    })
    .await
    .expect("both changes are applied while version 1 is being analysed");

    release.send(()).expect("the analysis waits");
    let seen = client.diagnostics_until(uri, 3).await;
    // Version 1's result was stale when it arrived: not published (its edge-mismatch would
    // show). Version 2 was superseded before its analysis could start: never analysed.
    assert_eq!(seen.len(), 1, "only version 3 is published: {seen:?}");
    assert_eq!(seen[0]["diagnostics"], json!([]));
    assert_eq!(next_analysis(&mut analysed).await, v3);
    assert!(analysed.try_recv().is_err(), "version 2 was analysed");

    // A hover now answers from version 3: E turned by 180°.
    let hover = client
        .result("textDocument/hover", hover_at(uri, 2, 9))
        .await;
    assert!(
        hover["contents"]["value"]
            .as_str()
            .is_some_and(|v| v.starts_with("**E**") && v.contains("r180")),
        "{hover}"
    );
    assert!(client.stop().await);
}
