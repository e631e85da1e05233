//! The test client: a small JSON-RPC client speaking to the real server in process, over an
//! in-memory duplex, and the helpers the protocol tests build their messages with.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use crate::server::Shared;

pub(super) const TIMEOUT: Duration = Duration::from_secs(20);

/// Where the server under test runs.
#[derive(Debug, Clone, Copy)]
pub(super) enum ServerRuntime {
    /// On the test's runtime, beside the client.
    Test,
    /// On a current-thread runtime of its own thread, as `carc lsp` runs it: one thread
    /// reads, answers and publishes, and blocking work goes to that runtime's pool.
    OwnThread,
}

/// A JSON-RPC client speaking to an in-process server. Requests from the server
/// (`workspace/inlayHint/refresh`) are answered with `null` and recorded like notifications.
pub(super) struct TestClient {
    pub(super) outgoing: mpsc::UnboundedSender<Value>,
    pub(super) incoming: mpsc::UnboundedReceiver<Value>,
    /// Messages read while waiting for something else.
    pub(super) pending: VecDeque<Value>,
    pub(super) next_id: i64,
    pub(super) shared: Arc<Shared>,
    pub(super) server: JoinHandle<bool>,
}

pub(super) async fn read_message<R: tokio::io::AsyncBufRead + Unpin>(
    reader: &mut R,
) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).await.ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length: ") {
            length = value.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).await.ok()?;
    serde_json::from_slice(&body).ok()
}

pub(super) fn frame(message: &Value) -> Vec<u8> {
    let body = message.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

impl TestClient {
    /// Starts a server on the test's runtime and initializes it with the given client
    /// capabilities.
    pub(super) async fn start(capabilities: Value) -> (TestClient, Value) {
        TestClient::start_on(ServerRuntime::Test, capabilities).await
    }

    /// [`TestClient::start`] with the server on the given runtime.
    pub(super) async fn start_on(
        runtime: ServerRuntime,
        capabilities: Value,
    ) -> (TestClient, Value) {
        let mut client = TestClient::connect_on(runtime);
        let init = client
            .request("initialize", json!({ "capabilities": capabilities }))
            .await;
        client.notify("initialized", json!({}));
        (client, init)
    }

    /// Starts a server on the test's runtime and connects to it, without `initialize`.
    pub(super) fn connect() -> TestClient {
        TestClient::connect_on(ServerRuntime::Test)
    }

    /// [`TestClient::connect`] with the server on the given runtime.
    pub(super) fn connect_on(runtime: ServerRuntime) -> TestClient {
        let (client_io, server_io) = tokio::io::duplex(1 << 16);
        let shared = Arc::new(Shared::default());
        let (server_read, server_write) = tokio::io::split(server_io);
        let serve = crate::serve_shared(shared.clone(), server_read, server_write);
        let server = match runtime {
            ServerRuntime::Test => tokio::spawn(serve),
            ServerRuntime::OwnThread => tokio::task::spawn_blocking(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .expect("a tokio runtime");
                let shut_down = runtime.block_on(serve);
                runtime.shutdown_background();
                shut_down
            }),
        };

        let (client_read, mut client_write) = tokio::io::split(client_io);
        let (outgoing, mut to_write) = mpsc::unbounded_channel::<Value>();
        tokio::spawn(async move {
            while let Some(message) = to_write.recv().await {
                if client_write.write_all(&frame(&message)).await.is_err() {
                    break;
                }
            }
        });
        let (received, incoming) = mpsc::unbounded_channel();
        let answer = outgoing.clone();
        tokio::spawn(async move {
            let mut reader = BufReader::new(client_read);
            while let Some(message) = read_message(&mut reader).await {
                if let (Some(id), Some(_)) = (message.get("id"), message.get("method")) {
                    let _ = answer.send(json!({"jsonrpc": "2.0", "id": id, "result": null}));
                }
                if received.send(message).is_err() {
                    break;
                }
            }
        });

        TestClient {
            outgoing,
            incoming,
            pending: VecDeque::new(),
            next_id: 0,
            shared,
            server,
        }
    }

    pub(super) fn notify(&self, method: &str, params: Value) {
        let _ = self
            .outgoing
            .send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    pub(super) async fn next(&mut self) -> Value {
        match tokio::time::timeout(TIMEOUT, self.incoming.recv()).await {
            Ok(Some(message)) => message,
            Ok(None) => panic!("the server closed the connection"),
            Err(_) => panic!(
                "no message from the server within {TIMEOUT:?}; pending: {:?}",
                self.pending
            ),
        }
    }

    /// Sends a request and returns its whole response (`result` or `error`).
    pub(super) async fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.send(method, params);
        self.response(id).await
    }

    /// Sends a request without waiting for its response; returns its id.
    pub(super) fn send(&mut self, method: &str, params: Value) -> i64 {
        self.next_id += 1;
        let id = self.next_id;
        let _ = self
            .outgoing
            .send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// The response to request `id` (other messages read meanwhile are kept).
    pub(super) async fn response(&mut self, id: i64) -> Value {
        let is_it = |m: &Value| m.get("id") == Some(&json!(id)) && m.get("method").is_none();
        if let Some(index) = self.pending.iter().position(is_it) {
            return self.pending.remove(index).unwrap_or_default();
        }
        loop {
            let message = self.next().await;
            if is_it(&message) {
                return message;
            }
            self.pending.push_back(message);
        }
    }

    /// The result of a request, which must not be an error.
    pub(super) async fn result(&mut self, method: &str, params: Value) -> Value {
        let response = self.request(method, params).await;
        assert!(
            response.get("error").is_none(),
            "{method} failed: {response}"
        );
        response.get("result").cloned().unwrap_or(Value::Null)
    }

    /// The next message with this method (earlier ones of other methods are kept).
    pub(super) async fn expect(&mut self, method: &str) -> Value {
        if let Some(index) = self.pending.iter().position(|m| m["method"] == method) {
            return self.pending.remove(index).unwrap_or_default();
        }
        loop {
            let message = self.next().await;
            if message["method"] == method {
                return message;
            }
            self.pending.push_back(message);
        }
    }

    /// Waits for the publication of this version of `uri`; returns every publication for
    /// `uri` seen on the way, that one last.
    pub(super) async fn diagnostics_until(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let mut seen = Vec::new();
        loop {
            let params = self.expect("textDocument/publishDiagnostics").await["params"].take();
            if params["uri"] != uri {
                continue;
            }
            let done = params["version"] == version;
            seen.push(params);
            if done {
                return seen;
            }
        }
    }

    pub(super) fn open(&self, uri: &str, text: &str, version: i64) {
        let document = json!({"uri": uri, "languageId": "carc", "version": version, "text": text});
        self.notify("textDocument/didOpen", json!({ "textDocument": document }));
    }

    pub(super) fn change(&self, uri: &str, version: i64, changes: Value) {
        let params =
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes});
        self.notify("textDocument/didChange", params);
    }

    pub(super) fn text(&self, uri: &str) -> Option<(String, i32)> {
        self.shared.docs.text(&uri.parse().expect("a valid uri"))
    }

    /// `shutdown`, then `exit`; returns what the server reports as its exit status.
    pub(super) async fn stop(mut self) -> bool {
        self.result("shutdown", Value::Null).await;
        self.notify("exit", Value::Null);
        tokio::time::timeout(TIMEOUT, self.server)
            .await
            .expect("the server stops")
            .expect("no panic")
    }
}

pub(super) fn repo_file(path: &str) -> (String, String) {
    let full: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path);
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()));
    (format!("file:///{path}"), text)
}

/// An LSP range.
pub(super) fn range(start: (u32, u32), end: (u32, u32)) -> Value {
    json!({
        "start": {"line": start.0, "character": start.1},
        "end": {"line": end.0, "character": end.1},
    })
}

/// A content change replacing a range.
pub(super) fn edit(start: (u32, u32), end: (u32, u32), text: &str) -> Value {
    json!({ "range": range(start, end), "text": text })
}

pub(super) fn utf16() -> Value {
    json!({})
}

pub(super) fn utf8() -> Value {
    json!({"general": {"positionEncodings": ["utf-8", "utf-16"]}})
}
