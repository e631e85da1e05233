//! End to end: spawns the built `carc lsp` and speaks JSON-RPC to it over stdio, as an editor
//! does. Everything the server writes to stdout must be a well-framed protocol message.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const TIMEOUT: Duration = Duration::from_secs(20);

/// Reads one `Content-Length` framed message; `Err` describes anything else on stdout.
fn read_message(reader: &mut impl BufRead) -> Result<Option<Value>, String> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
            return Ok(None);
        }
        if line == "\r\n" {
            break;
        }
        match line.strip_prefix("Content-Length: ") {
            Some(value) => {
                length = Some(
                    value
                        .trim_end()
                        .parse::<usize>()
                        .map_err(|e| e.to_string())?,
                )
            }
            None if line.starts_with("Content-Type: ") => {}
            None => return Err(format!("not a protocol header on stdout: {line:?}")),
        }
    }
    let mut body = vec![0; length.ok_or("a message without Content-Length")?];
    reader.read_exact(&mut body).map_err(|e| e.to_string())?;
    serde_json::from_slice(&body)
        .map(Some)
        .map_err(|e| format!("a body that is not JSON: {e}"))
}

struct Server {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Result<Value, String>>,
    next_id: i64,
}

impl Server {
    fn spawn() -> Server {
        Server::spawn_with(&[])
    }

    /// `carc lsp ARGS...`.
    fn spawn_with(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_carc"))
            .arg("lsp")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("carc lsp starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader).transpose() {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        Server {
            child,
            stdin,
            messages,
            next_id: 0,
        }
    }

    /// Waits for the server to exit by itself (stdin still open) and returns its status.
    fn exit_status(&mut self) -> Option<i32> {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait for carc lsp") {
                return status.code();
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("carc lsp did not exit within {TIMEOUT:?}");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len())
            .expect("write to the server");
        self.stdin.flush().expect("flush to the server");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next message that satisfies `wanted`, skipping (log) messages in between.
    fn wait_for(&mut self, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(Ok(message)) if wanted(&message) => return message,
                Ok(Ok(_)) => {}
                Ok(Err(garbage)) => panic!("{garbage}"),
                Err(_) => panic!("no {what} within {TIMEOUT:?}"),
            }
        }
    }

    /// Sends a request and returns its result, which must not be an error.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let response = self.wait_for(method, |m| m["id"] == id && m.get("method").is_none());
        assert!(
            response.get("error").is_none(),
            "{method} failed: {response}"
        );
        response["result"].clone()
    }

    fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let published = self.wait_for("publishDiagnostics", |m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        });
        published["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }
}

#[test]
fn carc_lsp_over_stdio() {
    let mut server = Server::spawn();
    let init = server.request("initialize", json!({"processId": null, "capabilities": {}}));
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    assert_eq!(init["serverInfo"]["name"], "carc");
    server.notify("initialized", json!({}));

    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/edge-mismatch.carc");
    let text = std::fs::read_to_string(&path).expect("the fixture");
    let uri = "file:///tests/data/edge-mismatch.carc";
    let document = json!({"uri": uri, "languageId": "carc", "version": 1, "text": text});
    server.notify("textDocument/didOpen", json!({ "textDocument": document }));
    let diagnostics = server.diagnostics(uri, 1);
    let mismatch = diagnostics.iter().find(|d| d["code"] == "edge-mismatch");
    let mismatch = mismatch.unwrap_or_else(|| panic!("no edge-mismatch in {diagnostics:?}"));
    assert_eq!(mismatch["range"]["start"]["line"], 3, "{mismatch}");
    assert_eq!(mismatch["severity"], 1);

    // Turn the city cap the right way up: `turn red E 0,1` + ` r180` fits.
    let end_of_tile = json!({"line": 3, "character": 14});
    let change = json!({"range": {"start": end_of_tile, "end": end_of_tile}, "text": " r180"});
    let versioned = json!({"uri": uri, "version": 2});
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": versioned, "contentChanges": [change]}),
    );
    assert_eq!(
        server.diagnostics(uri, 2),
        Vec::<Value>::new(),
        "the fixed file is clean"
    );

    let on_tile = json!({"textDocument": {"uri": uri}, "position": {"line": 3, "character": 9}});
    let hover = server.request("textDocument/hover", on_tile);
    assert_eq!(hover["contents"]["kind"], "markdown", "{hover}");
    assert!(
        hover["contents"]["value"]
            .as_str()
            .is_some_and(|v| !v.is_empty()),
        "{hover}"
    );

    let whole = json!({"start": {"line": 0, "character": 0}, "end": {"line": 4, "character": 0}});
    let hints = server.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri}, "range": whole}),
    );
    let hints = hints.as_array().cloned().unwrap_or_default();
    assert!(!hints.is_empty(), "no inlay hints");
    assert!(
        hints
            .iter()
            .all(|h| h["label"].as_str().is_some_and(|l| !l.is_empty())),
        "{hints:?}"
    );

    assert_eq!(server.request("shutdown", Value::Null), Value::Null);
    // `exit` while stdin stays open: the server must not wait for end of input.
    server.notify("exit", Value::Null);
    assert_eq!(server.exit_status(), Some(0));
}

#[test]
fn exit_without_shutdown_is_status_1() {
    let mut server = Server::spawn();
    server.request("initialize", json!({"capabilities": {}}));
    server.notify("exit", Value::Null);
    drop(server.stdin);
    let status = server.child.wait().expect("wait for carc lsp");
    assert_eq!(status.code(), Some(1));
}

/// What vscode-languageclient starts (`carc lsp --stdio --clientProcessId=PID`, issue 13): a
/// working server, which ends by itself, status 1 (no `shutdown`), once the client process is
/// gone.
#[test]
fn conventional_arguments_and_the_client_process_watch() {
    // Both spellings of the option and the transport switch are accepted.
    for args in [
        vec!["--stdio".to_string()],
        vec![
            format!("--clientProcessId={}", std::process::id()),
            "--stdio".into(),
        ],
        vec!["--clientProcessId".into(), std::process::id().to_string()],
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut server = Server::spawn_with(&args);
        let init = server.request("initialize", json!({"processId": null, "capabilities": {}}));
        assert_eq!(init["serverInfo"]["name"], "carc", "{args:?}");
        assert_eq!(server.request("shutdown", Value::Null), Value::Null);
        server.notify("exit", Value::Null);
        assert_eq!(server.exit_status(), Some(0), "{args:?}");
    }

    if !Path::new("/proc/self/stat").exists() {
        return; // the watch works through /proc (Linux)
    }
    let mut editor = Command::new("sleep")
        .arg("600")
        .spawn()
        .expect("a stand-in client process");
    let pid = editor.id().to_string();
    let mut server = Server::spawn_with(&["--stdio", "--clientProcessId", &pid]);
    server.request("initialize", json!({"processId": null, "capabilities": {}}));
    server.notify("initialized", json!({}));
    std::thread::sleep(Duration::from_millis(1200));
    assert_eq!(
        server.child.try_wait().expect("poll carc lsp"),
        None,
        "the server runs while its client does"
    );
    editor.kill().expect("end the stand-in client");
    editor.wait().expect("reap the stand-in client");
    assert_eq!(server.exit_status(), Some(1));

    // Issue 25, item 14: `initialize`'s `processId` is watched the same way, without the flag.
    let mut editor = Command::new("sleep")
        .arg("600")
        .spawn()
        .expect("a stand-in client process");
    let pid = editor.id();
    let mut server = Server::spawn();
    server.request("initialize", json!({"processId": pid, "capabilities": {}}));
    server.notify("initialized", json!({}));
    std::thread::sleep(Duration::from_millis(1200));
    assert_eq!(
        server.child.try_wait().expect("poll carc lsp"),
        None,
        "the server runs while its client does"
    );
    editor.kill().expect("end the stand-in client");
    editor.wait().expect("reap the stand-in client");
    assert_eq!(server.exit_status(), Some(1));
}

#[test]
fn unknown_arguments_are_a_usage_error() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_carc"))
            .arg("lsp")
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("carc lsp runs")
    };
    for (args, wanted) in [
        (
            &["--socket=5007"][..],
            "unexpected argument '--socket' found",
        ),
        (
            &["--clientProcessId=me"][..],
            "invalid value 'me' for '--clientProcessId <N>'",
        ),
        (
            &["notes.carc"][..],
            "unexpected argument 'notes.carc' found",
        ),
    ] {
        let output = run(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(wanted), "{args:?}: {stderr}");
        assert!(
            stderr.contains("For more information, try '--help'."),
            "{args:?}: {stderr}"
        );
        assert!(output.stdout.is_empty(), "{args:?}: nothing on stdout");
    }
}

/// Issue 25, item 13: one message whose `Content-Length` counts characters instead of bytes
/// (too short) left the server deaf for good, 0 of 20 later requests answered. Now the cut
/// body is answered with a parse error and the server reads on from the next header; a length
/// too long, which swallows the start of the next message, is cut at that message's header.
#[test]
fn a_wrong_content_length_does_not_leave_the_server_deaf() {
    let mut server = Server::spawn();
    server.request("initialize", json!({"processId": null, "capabilities": {}}));
    server.notify("initialized", json!({}));

    let uri = "file:///wrong-length.carc";
    let text = "note \"Café 😀 ünïcödé\"\ntile D 0,0\n".repeat(20);
    let document = json!({"uri": uri, "languageId": "carc", "version": 1, "text": text});
    let body = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                      "params": {"textDocument": document}})
    .to_string();
    assert!(
        body.chars().count() < body.len(),
        "the body has multi-byte characters"
    );
    write!(
        server.stdin,
        "Content-Length: {}\r\n\r\n{body}",
        body.chars().count()
    )
    .expect("write to the server");
    let position = json!({"textDocument": {"uri": uri}, "position": {"line": 1, "character": 5}});
    for _ in 0..20 {
        server.request("textDocument/hover", position.clone());
    }

    // A length 40 bytes too long: the request still gets its answer, and so does the next.
    server.next_id += 1;
    let id = server.next_id;
    let body = json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
                      "params": position})
    .to_string();
    write!(
        server.stdin,
        "Content-Length: {}\r\n\r\n{body}",
        body.len() + 40
    )
    .expect("write to the server");
    server.send(
        &json!({"jsonrpc": "2.0", "id": id + 1, "method": "textDocument/hover",
                        "params": position}),
    );
    server.next_id += 1;
    let mut answers = Vec::new();
    while answers.len() < 2 {
        let answer = server.wait_for("both hovers", |m| m["id"] == id || m["id"] == id + 1);
        assert!(answer.get("error").is_none(), "{answer}");
        answers.push(answer["result"].clone());
    }
    // (the document was never opened: its didOpen was the message cut short)
    assert_eq!(answers, [Value::Null, Value::Null]);

    assert_eq!(server.request("shutdown", Value::Null), Value::Null);
    server.notify("exit", Value::Null);
    assert_eq!(server.exit_status(), Some(0));
}
