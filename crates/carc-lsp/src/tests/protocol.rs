//! The protocol's rules for the lifecycle and for bad messages, as the LSP specification
//! states them: requests before `initialize` (-32002), unknown methods (-32601 for requests,
//! nothing for notifications), malformed params (-32602), `$/cancelRequest`, requests after
//! `shutdown` (-32600), `exit` with or without `shutdown`, and bytes that are not JSON-RPC.
//! Whatever comes in, the server answers and carries on; it never panics.

use super::*;

const SERVER_NOT_INITIALIZED: i64 = -32002;
const METHOD_NOT_FOUND: i64 = -32601;
const INVALID_PARAMS: i64 = -32602;
const INVALID_REQUEST: i64 = -32600;
const PARSE_ERROR: i64 = -32700;
const REQUEST_CANCELLED: i64 = -32800;

fn error_code(response: &Value) -> Option<i64> {
    response["error"]["code"].as_i64()
}

fn hover_at(uri: &str) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
}

#[tokio::test]
async fn requests_before_initialize_are_refused_and_notifications_dropped() {
    let mut client = TestClient::connect();
    let uri = "file:///early.carc";
    client.open(uri, "tile D 0,0\n", 1);
    for (method, params) in [
        ("textDocument/hover", hover_at(uri)),
        ("shutdown", Value::Null),
        ("carc/unknown", json!({})),
    ] {
        let response = client.request(method, params).await;
        assert_eq!(
            error_code(&response),
            Some(SERVER_NOT_INITIALIZED),
            "{method}: {response}"
        );
    }
    // The early `didOpen` was dropped, not applied later.
    client
        .result("initialize", json!({"capabilities": {}}))
        .await;
    client.notify("initialized", json!({}));
    assert_eq!(client.text(uri), None);
    // A second `initialize` is an invalid request.
    let again = client
        .request("initialize", json!({"capabilities": {}}))
        .await;
    assert_eq!(error_code(&again), Some(INVALID_REQUEST), "{again}");
    assert!(client.stop().await);
}

#[tokio::test]
async fn unknown_methods_are_method_not_found_and_unknown_notifications_are_ignored() {
    let (mut client, _) = TestClient::start(utf16()).await;
    for method in [
        "carc/frobnicate",
        "textDocument/notAThing",
        "$/carc/private",
    ] {
        let response = client.request(method, json!({})).await;
        assert_eq!(
            error_code(&response),
            Some(METHOD_NOT_FOUND),
            "{method}: {response}"
        );
    }
    client.notify("carc/frobnicate", json!({"x": 1}));
    client.notify("$/setTrace", json!({"value": "off"}));
    client.notify("$/unknownNotification", json!(null));
    // Nothing answers a notification: the next message is the next request's response.
    let uri = "file:///after.carc";
    client.open(uri, "tile D 0,0\n", 1);
    client.diagnostics_until(uri, 1).await;
    let hover = client.request("textDocument/hover", hover_at(uri)).await;
    assert!(hover.get("error").is_none(), "{hover}");
    assert!(
        client
            .pending
            .iter()
            .all(|m| m.get("id").is_none() || m.get("method").is_some()),
        "a notification was answered: {:?}",
        client.pending
    );
    assert!(client.stop().await);
}

#[tokio::test]
async fn malformed_params_are_invalid_params_and_the_server_carries_on() {
    let (mut client, _) = TestClient::start(utf16()).await;
    let uri = "file:///params.carc";
    client.open(uri, "tile D 0,0\n", 1);
    client.diagnostics_until(uri, 1).await;
    let bad = [
        ("textDocument/hover", json!({"textDocument": 7})),
        ("textDocument/hover", json!({"textDocument": {"uri": uri}})),
        ("textDocument/hover", json!([1, 2, 3])),
        ("textDocument/hover", Value::Null),
        (
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": -1, "character": 0}}),
        ),
        ("textDocument/completion", json!("a string")),
        (
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": uri}, "range": null}),
        ),
        (
            "textDocument/formatting",
            json!({"textDocument": {"uri": uri}}),
        ),
        ("workspace/executeCommand", json!({"command": 42})),
    ];
    for (method, params) in bad {
        let response = client.request(method, params.clone()).await;
        assert_eq!(
            error_code(&response),
            Some(INVALID_PARAMS),
            "{method} {params}: {response}"
        );
    }
    // Malformed notifications are dropped without an answer; the document is unchanged.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri}}),
    );
    client.notify("textDocument/didOpen", json!({"textDocument": 5}));
    client.notify("textDocument/didClose", json!([]));
    let changes = json!([edit((1, 0), (1, 0), "end\n")]);
    client.change(uri, 2, changes);
    client.diagnostics_until(uri, 2).await;
    assert_eq!(client.text(uri), Some(("tile D 0,0\nend\n".to_owned(), 2)));
    assert!(client.stop().await);
}

#[tokio::test]
async fn cancelled_requests_get_exactly_one_answer() {
    let (mut client, _) = TestClient::start(utf16()).await;
    let (uri, text) = repo_file("examples/city-cap.carc");
    client.open(&uri, &text, 1);
    // Cancel requests right after sending them: each gets one response, its result if it had
    // already finished, else RequestCancelled.
    let mut ids = Vec::new();
    for round in 0..20 {
        let id = 500 + round;
        let method = if round % 2 == 0 {
            "textDocument/semanticTokens/full"
        } else {
            "textDocument/hover"
        };
        let params = if round % 2 == 0 {
            json!({"textDocument": {"uri": uri}})
        } else {
            hover_at(&uri)
        };
        let _ = client
            .outgoing
            .send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        client.notify("$/cancelRequest", json!({ "id": id }));
        ids.push(id);
    }
    // Cancelling what is unknown or already answered does nothing.
    client.notify("$/cancelRequest", json!({"id": 99_999}));
    client.notify("$/cancelRequest", json!({"id": "not-a-request"}));
    let last = client.result("textDocument/hover", hover_at(&uri)).await;
    assert!(last.is_object() || last.is_null());
    let mut answers: Vec<Value> = Vec::new();
    while let Some(index) = client
        .pending
        .iter()
        .position(|m| m.get("method").is_none() && m.get("id").is_some())
    {
        answers.extend(client.pending.remove(index));
    }
    // Responses may still be on their way for requests that were not cancelled in time.
    while answers.len() < ids.len() {
        let message = client.next().await;
        if message.get("method").is_none() {
            answers.push(message);
        }
    }
    let mut answered: Vec<i64> = answers.iter().filter_map(|a| a["id"].as_i64()).collect();
    answered.sort_unstable();
    assert_eq!(answered, ids, "one answer per request");
    for answer in &answers {
        if let Some(code) = error_code(answer) {
            assert_eq!(code, REQUEST_CANCELLED, "{answer}");
        }
    }
    assert!(client.stop().await);
}

#[tokio::test]
async fn after_shutdown_requests_are_invalid_and_exit_reports_success() {
    let (mut client, _) = TestClient::start(utf16()).await;
    let uri = "file:///late.carc";
    client.open(uri, "tile D 0,0\n", 1);
    client.diagnostics_until(uri, 1).await;
    client.result("shutdown", Value::Null).await;
    for (method, params) in [
        ("textDocument/hover", hover_at(uri)),
        ("shutdown", Value::Null),
        ("carc/unknown", json!({})),
    ] {
        let response = client.request(method, params).await;
        assert_eq!(
            error_code(&response),
            Some(INVALID_REQUEST),
            "{method}: {response}"
        );
    }
    // Notifications other than `exit` are dropped.
    client.change(uri, 2, json!([edit((0, 0), (0, 0), "# x\n")]));
    client.notify("exit", Value::Null);
    let status = tokio::time::timeout(TIMEOUT, client.server)
        .await
        .expect("the server stops");
    assert!(status.expect("no panic"), "exit after shutdown: status 0");
    assert_eq!(
        client
            .shared
            .docs
            .text(&uri.parse().expect("uri"))
            .map(|t| t.1),
        Some(1)
    );
}

#[tokio::test]
async fn exit_before_initialize_reports_failure() {
    let client = TestClient::connect();
    client.notify("exit", Value::Null);
    let status = tokio::time::timeout(TIMEOUT, client.server)
        .await
        .expect("the server stops");
    assert!(!status.expect("no panic"));
}

/// A server on a raw duplex: bytes in, framed messages out.
struct Raw {
    write: tokio::io::WriteHalf<tokio::io::DuplexStream>,
    read: BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>,
    server: JoinHandle<bool>,
}

impl Raw {
    fn start() -> Raw {
        let (client_io, server_io) = tokio::io::duplex(1 << 16);
        let (server_read, server_write) = tokio::io::split(server_io);
        let server = tokio::spawn(crate::serve_shared(
            Arc::new(Shared::default()),
            server_read,
            server_write,
        ));
        let (read, write) = tokio::io::split(client_io);
        Raw {
            write,
            read: BufReader::new(read),
            server,
        }
    }

    async fn send(&mut self, body: &[u8]) {
        let header = format!("Content-Length: {}\r\n\r\n", body.len());
        self.write
            .write_all(header.as_bytes())
            .await
            .expect("the server reads");
        self.write.write_all(body).await.expect("the server reads");
    }

    async fn next(&mut self) -> Value {
        tokio::time::timeout(TIMEOUT, read_message(&mut self.read))
            .await
            .expect("an answer in time")
            .expect("a framed message")
    }
}

#[tokio::test]
async fn bytes_that_are_not_json_rpc_get_error_answers_and_the_server_carries_on() {
    let mut raw = Raw::start();
    let init =
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}});
    raw.send(init.to_string().as_bytes()).await;
    assert!(raw.next().await["result"]["capabilities"].is_object());

    raw.send(b"{ this is not json").await;
    let answer = raw.next().await;
    assert_eq!(error_code(&answer), Some(PARSE_ERROR), "{answer}");
    assert_eq!(answer["id"], Value::Null);

    raw.send(b"\xff\xfe\x00not utf-8").await;
    let answer = raw.next().await;
    assert_eq!(error_code(&answer), Some(PARSE_ERROR), "{answer}");

    // Valid JSON, but not a JSON-RPC message.
    for body in [
        json!([1, 2, 3]),
        json!({"jsonrpc": "2.0"}),
        json!({"jsonrpc": "1.0", "id": 5, "method": "shutdown"}),
        json!({"jsonrpc": "2.0", "id": {"nested": true}, "method": "shutdown"}),
        json!({"jsonrpc": "2.0", "id": 9, "method": 17}),
        json!({"jsonrpc": "2.0", "id": 9, "result": 1, "error": {"code": 1, "message": ""}}),
        json!("just a string"),
    ] {
        raw.send(body.to_string().as_bytes()).await;
        let answer = raw.next().await;
        assert_eq!(
            error_code(&answer),
            Some(INVALID_REQUEST),
            "{body}: {answer}"
        );
    }

    // Still serving.
    let shutdown = json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"});
    raw.send(shutdown.to_string().as_bytes()).await;
    let answer = raw.next().await;
    assert_eq!(answer["id"], 2, "{answer}");
    assert!(answer.get("error").is_none(), "{answer}");
    raw.send(
        json!({"jsonrpc": "2.0", "method": "exit"})
            .to_string()
            .as_bytes(),
    )
    .await;
    let status = tokio::time::timeout(TIMEOUT, raw.server)
        .await
        .expect("the server stops");
    assert!(status.expect("no panic"));
}

#[tokio::test]
async fn a_closed_input_or_a_broken_header_ends_the_session_without_a_panic() {
    // A header that is not `Content-Length`, then the input closes.
    let mut raw = Raw::start();
    raw.write
        .write_all(b"Content-Length: nope\r\n\r\n{}")
        .await
        .expect("the server reads");
    raw.write
        .write_all(b"Garbage-Header\r\n\r\n")
        .await
        .expect("the server reads");
    raw.write.shutdown().await.expect("closed");
    drop(raw.write);
    let status = tokio::time::timeout(TIMEOUT, raw.server)
        .await
        .expect("the server stops when its input closes");
    assert!(!status.expect("no panic"), "no shutdown: status 1");
}
