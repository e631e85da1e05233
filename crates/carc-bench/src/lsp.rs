//! A minimal language-server client over a child process's stdin/stdout (JSON-RPC with
//! `Content-Length` framing), measuring from the client's side of the pipes, as an editor sees
//! it. A reader thread parses messages as they come; publications and responses that are not
//! awaited yet are kept.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

/// A running server and the client's end of its pipes.
pub struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
    pending: VecDeque<Value>,
    next_id: i64,
    /// How many `publishDiagnostics` arrived.
    pub publications: usize,
}

impl Client {
    /// Starts `command` with piped stdin/stdout (stderr inherited) and initializes it.
    pub fn spawn(mut command: Command) -> Client {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        let mut client = Client {
            child,
            stdin: Some(stdin),
            messages,
            pending: VecDeque::new(),
            next_id: 0,
            publications: 0,
        };
        client.request("initialize", json!({"capabilities": {}}));
        client.notify("initialized", json!({}));
        client
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        let stdin = self.stdin.as_mut().expect("the server is running");
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        stdin.flush().expect("flush");
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits for its result (panics on an error response).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let response = self.wait_for(|m| m["id"] == id && m.get("method").is_none());
        assert!(response.get("error").is_none(), "{method}: {response}");
        response["result"].clone()
    }

    /// `didOpen` of `text` as version 1.
    pub fn open(&mut self, uri: &str, text: &str) {
        let document = json!({"uri": uri, "languageId": "carc", "version": 1, "text": text});
        self.notify("textDocument/didOpen", json!({ "textDocument": document }));
    }

    /// `didChange` with one content change (see [`edit`]).
    pub fn change(&mut self, uri: &str, version: i64, change: Value) {
        let document = json!({"uri": uri, "version": version});
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": document, "contentChanges": [change]}),
        );
    }

    /// Waits for the `publishDiagnostics` of `uri` at `version` and returns its diagnostics;
    /// earlier publications of that document (coalescing may skip some) are dropped.
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Value {
        let is_publication = |m: &Value, uri: &str| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        };
        let published =
            self.wait_for(|m| is_publication(m, uri) && m["params"]["version"] == version);
        self.pending.retain(|m| !is_publication(m, uri));
        published["params"]["diagnostics"].clone()
    }

    /// The first message (already received or next) that `wanted` accepts; the others are
    /// kept for later.
    fn wait_for(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(index) = self.pending.iter().position(&wanted) {
            return self.pending.remove(index).unwrap_or_default();
        }
        loop {
            let message = self
                .messages
                .recv_timeout(Duration::from_secs(60))
                .expect("a message from the server within 60 s");
            if message["method"] == "textDocument/publishDiagnostics" {
                self.publications += 1;
            }
            if wanted(&message) {
                return message;
            }
            self.pending.push_back(message);
        }
    }

    /// `shutdown`, `exit`, and waits for a successful exit.
    pub fn shutdown(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        drop(self.stdin.take());
        let status = self.child.wait().expect("the server exits");
        assert!(status.success(), "server exit status {status}");
    }
}

/// A content change replacing `start..end` ((line, UTF-16 column) pairs) by `text`.
pub fn edit(start: (u32, u32), end: (u32, u32), text: &str) -> Value {
    json!({
        "range": {
            "start": {"line": start.0, "character": start.1},
            "end": {"line": end.0, "character": end.1},
        },
        "text": text,
    })
}

/// The position (line, UTF-16 column) of the tile letter of every `turn COLOUR T …` line.
pub fn turn_tile_letters(text: &str) -> Vec<(u32, u32)> {
    text.lines()
        .enumerate()
        .filter_map(|(index, line)| {
            let colour = line.strip_prefix("turn ")?.split(' ').next()?;
            let column = "turn ".len() + colour.len() + 1;
            Some((u32::try_from(index).ok()?, u32::try_from(column).ok()?))
        })
        .collect()
}

/// `VmHWM` (peak resident set) and `VmRSS` (resident set) of a process, in KiB, from
/// `/proc/<pid>/status` (Linux only; `None` elsewhere).
pub fn memory_kib(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))?
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse::<u64>()
            .ok()
    };
    Some((field("VmHWM:")?, field("VmRSS:")?))
}

fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if line == "\r\n" {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length: ") {
            length = value.trim_end().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}
