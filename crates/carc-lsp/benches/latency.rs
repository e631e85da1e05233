//! Latency of the language server over stdio on a full 72-tile game.
//!
//! `cargo bench -p carc-lsp --bench latency` runs this binary, which starts a second copy of
//! itself as the server (`carc_lsp::serve` on stdin/stdout, a current-thread runtime, as
//! `carc lsp` does) and measures, from the client's side of the pipes:
//! - `didChange` → the `publishDiagnostics` of that version (one edit at a time),
//! - a burst of 72 edits → the publication of the last version,
//! - hover and inlay-hint round trips (analysis cached, and right after an edit),
//! - for reference, `carc_analysis::analyze` of the same text in process.
//!
//! The game is a seeded random full game of the rules engine's simulator (every tile of the box,
//! meeples included), written as a `.carc` file.

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use carc_rules::{Place, Step};
use serde_json::{json, Value};

const CHILD: &str = "CARC_LSP_BENCH_SERVER";
const URI: &str = "file:///bench/game.carc";
const ROUNDS: usize = 200;

fn main() {
    if std::env::var_os(CHILD).is_some() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build();
        let runtime = runtime.expect("a tokio runtime");
        runtime.block_on(carc_lsp::serve(tokio::io::stdin(), tokio::io::stdout()));
        runtime.shutdown_background();
        return;
    }
    let text = game(7);
    // (line, column) of the tile letter of every turn: `turn COLOUR T ...`.
    let tile_letters: Vec<(u32, u32)> = text
        .lines()
        .enumerate()
        .filter_map(|(index, line)| {
            let colour = line.strip_prefix("turn ")?.split(' ').next()?;
            let column = "turn ".len() + colour.len() + 1;
            Some((u32::try_from(index).ok()?, u32::try_from(column).ok()?))
        })
        .collect();
    println!(
        "game: {} lines, {} bytes, {} turns (seeded simulator game, all 72 tiles)",
        text.lines().count(),
        text.len(),
        tile_letters.len()
    );

    let mut in_process = Vec::new();
    for _ in 0..ROUNDS {
        let start = Instant::now();
        let analysis = carc_analysis::analyze(&text);
        in_process.push(start.elapsed());
        assert!(
            analysis.diagnostics().is_empty(),
            "{:?}",
            analysis.diagnostics().first()
        );
    }
    report("analyze (in process, no LSP)", &mut in_process);

    let mut server = Server::spawn();
    server.request("initialize", json!({"capabilities": {}}));
    server.notify("initialized", json!({}));
    let document = json!({"uri": URI, "languageId": "carc", "version": 1, "text": text});
    server.notify("textDocument/didOpen", json!({ "textDocument": document }));
    let diagnostics = server.diagnostics(1);
    assert_eq!(diagnostics, json!([]), "the game checks clean");

    // One edit at a time: type a character into the comment on line 0, then delete it.
    let mut version = 1;
    let mut change_latency = Vec::new();
    for round in 0..ROUNDS {
        version += 1;
        let change = if round % 2 == 0 {
            edit((0, 2), (0, 2), "x")
        } else {
            edit((0, 2), (0, 3), "")
        };
        let start = Instant::now();
        server.change(version, change);
        server.diagnostics(version);
        change_latency.push(start.elapsed());
    }
    report("didChange -> publishDiagnostics", &mut change_latency);

    // A burst, as fast typing sends it: the last version's publication is what counts.
    let mut burst = Vec::new();
    let published_before = server.publications;
    for _ in 0..20 {
        let start = Instant::now();
        for i in 0..72 {
            version += 1;
            let change = if i % 2 == 0 {
                edit((0, 2), (0, 2), "x")
            } else {
                edit((0, 2), (0, 3), "")
            };
            server.change(version, change);
        }
        server.diagnostics(version);
        burst.push(start.elapsed());
    }
    report(
        "burst of 72 didChange -> last publishDiagnostics",
        &mut burst,
    );
    println!(
        "  (the 20 bursts of 72 changes were published {} times: coalesced)",
        server.publications - published_before
    );

    let mut hover = Vec::new();
    let mut hints = Vec::new();
    for round in 0..ROUNDS {
        let (line, character) = tile_letters[round % tile_letters.len()];
        let position = json!({"line": line, "character": character});
        let at = json!({"textDocument": {"uri": URI}, "position": position});
        let start = Instant::now();
        let result = server.request("textDocument/hover", at);
        hover.push(start.elapsed());
        assert!(result.is_object(), "hover on line {line}: {result}");

        let range =
            json!({"start": {"line": 0, "character": 0}, "end": {"line": 200, "character": 0}});
        let params = json!({"textDocument": {"uri": URI}, "range": range});
        let start = Instant::now();
        let result = server.request("textDocument/inlayHint", params);
        hints.push(start.elapsed());
        assert!(result.as_array().is_some_and(|h| !h.is_empty()), "{result}");
    }
    report("hover round trip (analysis cached)", &mut hover);
    report("inlayHint round trip, whole file (cached)", &mut hints);

    let mut hints_after_edit = Vec::new();
    for round in 0..ROUNDS {
        version += 1;
        let change = if round % 2 == 0 {
            edit((0, 2), (0, 2), "x")
        } else {
            edit((0, 2), (0, 3), "")
        };
        server.change(version, change);
        let range =
            json!({"start": {"line": 0, "character": 0}, "end": {"line": 200, "character": 0}});
        let params = json!({"textDocument": {"uri": URI}, "range": range});
        let start = Instant::now();
        server.request("textDocument/inlayHint", params);
        hints_after_edit.push(start.elapsed());
        server.diagnostics(version);
    }
    report(
        "inlayHint round trip right after a didChange",
        &mut hints_after_edit,
    );

    server.request("shutdown", Value::Null);
    server.notify("exit", Value::Null);
    drop(server.stdin);
    let status = server.child.wait().expect("the server exits");
    assert!(status.success(), "server exit status {status}");
}

/// A full game from the rules engine's simulator, as a `.carc` file.
fn game(seed: u64) -> String {
    let record = carc_rules::simulate(seed, 2, true);
    let mut text = String::from("# A full game: every tile of the box\n");
    let mut players: Vec<String> = Vec::new();
    for step in &record.steps {
        if let Step::Turn { colour, .. } = step {
            if !players.contains(&colour.to_string()) {
                players.push(colour.to_string());
            }
        }
    }
    let _ = writeln!(text, "title \"Benchmark game, seed {seed}\"");
    let _ = writeln!(text, "note \"Généré par le simulateur 😀\"");
    let _ = writeln!(text, "players {}", players.join(" "));
    text.push_str("tile D 0,0\n");
    for step in &record.steps {
        match step {
            Step::Turn {
                colour,
                tile,
                pos,
                rot,
                meeple,
            } => {
                let _ = write!(text, "turn {colour} {tile} {pos} {rot}");
                match meeple {
                    Some((role, Place::Centre)) => {
                        let _ = write!(text, " {role}");
                    }
                    Some((role, place)) => {
                        let _ = write!(text, " {role} {place}");
                    }
                    None => {}
                }
                text.push('\n');
            }
            Step::Discard { tile } => {
                let _ = writeln!(text, "discard {tile}");
            }
        }
    }
    text.push_str("end\n");
    text
}

fn edit(start: (u32, u32), end: (u32, u32), text: &str) -> Value {
    json!({
        "range": {
            "start": {"line": start.0, "character": start.1},
            "end": {"line": end.0, "character": end.1},
        },
        "text": text,
    })
}

fn report(what: &str, samples: &mut [Duration]) {
    samples.sort();
    let at = |q: f64| {
        let index = ((samples.len() as f64 - 1.0) * q).round() as usize;
        samples.get(index).copied().unwrap_or_default()
    };
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    println!(
        "{what:<50} n={:<4} min {:>8.0} µs  median {:>8.0} µs  p95 {:>8.0} µs  max {:>8.0} µs",
        samples.len(),
        us(at(0.0)),
        us(at(0.5)),
        us(at(0.95)),
        us(at(1.0)),
    );
}

struct Server {
    child: std::process::Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    pending: VecDeque<Value>,
    next_id: i64,
    /// How many `publishDiagnostics` arrived.
    publications: usize,
}

impl Server {
    fn spawn() -> Server {
        let exe = std::env::current_exe().expect("the bench binary");
        let mut child = Command::new(exe)
            .env(CHILD, "1")
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
        Server {
            child,
            stdin,
            messages,
            pending: VecDeque::new(),
            next_id: 0,
            publications: 0,
        }
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn change(&mut self, version: i64, change: Value) {
        let document = json!({"uri": URI, "version": version});
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": document, "contentChanges": [change]}),
        );
    }

    /// The first message (already received or next) that `wanted` accepts; the others are
    /// kept for later, except outdated publications.
    fn wait_for(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(index) = self.pending.iter().position(&wanted) {
            return self.pending.remove(index).unwrap_or_default();
        }
        loop {
            let message = self
                .messages
                .recv_timeout(Duration::from_secs(30))
                .expect("a message");
            if message["method"] == "textDocument/publishDiagnostics" {
                self.publications += 1;
            }
            if wanted(&message) {
                return message;
            }
            self.pending.push_back(message);
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let response = self.wait_for(|m| m["id"] == id && m.get("method").is_none());
        assert!(response.get("error").is_none(), "{method}: {response}");
        response["result"].clone()
    }

    fn diagnostics(&mut self, version: i64) -> Value {
        let published = self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == version
        });
        // Publications of earlier versions (coalescing may skip some) are done with.
        self.pending
            .retain(|m| m["method"] != "textDocument/publishDiagnostics");
        published["params"]["diagnostics"].clone()
    }
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
