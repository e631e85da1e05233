//! Latency of the language server over stdio on a full 72-tile game, with this crate's server
//! built into the bench binary (the workspace benchmark, `cargo run --release -p carc-bench`,
//! measures the built `carc lsp` instead and covers the rest).
//!
//! `cargo bench -p carc-lsp --bench latency` runs this binary, which starts a second copy of
//! itself as the server (`carc_lsp::serve` on stdin/stdout, a current-thread runtime, as
//! `carc lsp` does) and measures, from the client's side of the pipes:
//! - `didChange` → the `publishDiagnostics` of that version (one edit at a time),
//! - a burst of 72 edits → the publication of the last version,
//! - hover and inlay-hint round trips (analysis cached, and right after an edit),
//! - for reference, `carc_analysis::analyze` of the same text in process.
//!
//! The game and the client are carc-bench's: a seeded random full game of the rules engine's
//! simulator (every tile of the box, meeples included), written as a `.carc` file.

use std::process::Command;
use std::time::Instant;

use carc_bench::lsp::{edit, turn_tile_letters, Client};
use carc_bench::stats::Samples;
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
    let text = carc_bench::files::game(7);
    // (line, column) of the tile letter of every turn: `turn COLOUR T ...`.
    let tile_letters = turn_tile_letters(&text);
    println!(
        "game: {} lines, {} bytes, {} turns (seeded simulator game, all 72 tiles)",
        text.lines().count(),
        text.len(),
        tile_letters.len()
    );

    let in_process = Samples::time(ROUNDS, || {
        let analysis = carc_analysis::analyze(&text);
        assert!(
            analysis.diagnostics().is_empty(),
            "{:?}",
            analysis.diagnostics().first()
        );
    });
    report("analyze (in process, no LSP)", in_process);

    let exe = std::env::current_exe().expect("the bench binary");
    let mut command = Command::new(exe);
    command.env(CHILD, "1");
    let mut server = Client::spawn(command);
    server.open(URI, &text);
    let diagnostics = server.diagnostics(URI, 1);
    assert_eq!(diagnostics, json!([]), "the game checks clean");

    // One edit at a time: type a character into the comment on line 0, then delete it.
    let mut version = 1;
    let keystroke = |i: usize| -> Value {
        if i.is_multiple_of(2) {
            edit((0, 2), (0, 2), "x")
        } else {
            edit((0, 2), (0, 3), "")
        }
    };
    let mut change_latency = Vec::new();
    for round in 0..ROUNDS {
        version += 1;
        let start = Instant::now();
        server.change(URI, version, keystroke(round));
        server.diagnostics(URI, version);
        change_latency.push(start.elapsed());
    }
    report(
        "didChange -> publishDiagnostics",
        Samples::new(change_latency),
    );

    // A burst, as fast typing sends it: the last version's publication is what counts.
    let mut burst = Vec::new();
    let published_before = server.publications;
    for _ in 0..20 {
        let start = Instant::now();
        for i in 0..72 {
            version += 1;
            server.change(URI, version, keystroke(i));
        }
        server.diagnostics(URI, version);
        burst.push(start.elapsed());
    }
    report(
        "burst of 72 didChange -> last publishDiagnostics",
        Samples::new(burst),
    );
    println!(
        "  (the 20 bursts of 72 changes were published {} times: coalesced)",
        server.publications - published_before
    );

    let range = json!({"start": {"line": 0, "character": 0}, "end": {"line": 200, "character": 0}});
    let hints_params = json!({"textDocument": {"uri": URI}, "range": range});
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

        let start = Instant::now();
        let result = server.request("textDocument/inlayHint", hints_params.clone());
        hints.push(start.elapsed());
        assert!(result.as_array().is_some_and(|h| !h.is_empty()), "{result}");
    }
    report("hover round trip (analysis cached)", Samples::new(hover));
    report(
        "inlayHint round trip, whole file (cached)",
        Samples::new(hints),
    );

    let mut hints_after_edit = Vec::new();
    for round in 0..ROUNDS {
        version += 1;
        server.change(URI, version, keystroke(round));
        let start = Instant::now();
        server.request("textDocument/inlayHint", hints_params.clone());
        hints_after_edit.push(start.elapsed());
        server.diagnostics(URI, version);
    }
    report(
        "inlayHint round trip right after a didChange",
        Samples::new(hints_after_edit),
    );
    server.shutdown();
}

fn report(what: &str, samples: Samples) {
    println!("{}", samples.line(what));
}
