//! The soak test: 10,000 random incremental edits in each position encoding, sent in bursts
//! (insertions and deletions across lines, CRLF and lone CRs, characters outside the BMP,
//! pasted statements). After every burst the server's text must equal the client's; at the
//! end, the last published diagnostics must equal a fresh analysis of the final text,
//! converted the same way. Seeded, so a failure replays.

use super::*;

use ropey::Rope;
use tower_lsp_server::lsp_types::Uri;

use crate::convert::PositionEncoding;
use crate::to_proto::{self, Text};

const EDITS: usize = 10_000;
/// Beyond this many characters, edits lean towards deleting.
const SOFT_LIMIT: usize = 3_000;

const PASTES: [&str; 16] = [
    "tile D 0,0",
    "turn red E 0,1 r180 knight S => red +4",
    "players red blue\r\n",
    "\r\n",
    "\n",
    "\r",
    "😀",
    "𝄞",
    "é",
    " ",
    "note \"ß😀\u{10FFFF}\"",
    "variation \"v\" {\n}\n",
    "# comment 🎲\r\n",
    "end => nothing\n",
    "\u{feff}",
    "\t",
];

/// One random edit applied to the model; returns the LSP content change.
fn soak_edit(model: &mut Model, rng: &mut Rng, utf8: bool) -> Value {
    let positions: Vec<usize> = (0..=model.chars.len())
        .filter(|&i| model.is_position(i))
        .collect();
    let start = positions[rng.below(positions.len())];
    let long = model.chars.len() > SOFT_LIMIT;
    let deleted = match rng.below(if long { 2 } else { 6 }) {
        // Long deletions cross lines.
        0 => rng.below(400),
        1 => rng.below(8),
        _ => 0,
    };
    let mut end = (start + deleted).min(model.chars.len());
    while !model.is_position(end) {
        end -= 1;
    }
    let insert: String = match rng.below(4) {
        0 => String::new(),
        1 => {
            // A typed run of characters, some astral.
            (0..1 + rng.below(6))
                .map(|_| ['a', 'ü', '😀', ' ', '\n', ',', '1', '𐍈'][rng.below(8)])
                .collect()
        }
        _ => PASTES[rng.below(PASTES.len())].to_owned(),
    };
    let change = json!({
        "range": {"start": model.position(start, utf8), "end": model.position(end, utf8)},
        "text": insert,
    });
    model.chars.splice(start..end, insert.chars());
    change
}

async fn soak(capabilities: Value, utf8: bool, seed: u64) {
    let (mut client, _) = TestClient::start(capabilities).await;
    let uri = "file:///soak.carc";
    let (_, initial) = repo_file("examples/city-cap.carc");
    client.open(uri, &initial, 1);
    let mut model = Model {
        chars: initial.chars().collect(),
    };
    let mut rng = Rng(seed);
    let mut version = 1;
    let mut sent = 0;
    let mut last = Value::Null;
    while sent < EDITS {
        // A burst: up to 40 notifications of 1-4 changes each, without waiting.
        for _ in 0..1 + rng.below(40) {
            version += 1;
            let count = (1 + rng.below(4)).min(EDITS - sent).max(1);
            let changes: Vec<Value> = (0..count)
                .map(|_| soak_edit(&mut model, &mut rng, utf8))
                .collect();
            sent += count;
            client.change(uri, version, Value::Array(changes));
            if sent >= EDITS {
                break;
            }
        }
        last = client
            .diagnostics_until(uri, version)
            .await
            .pop()
            .unwrap_or_default();
        let expected: String = model.chars.iter().collect();
        let server = client.text(uri);
        assert_eq!(
            server.as_ref().map(|(text, v)| (text.as_str(), *v)),
            Some((
                expected.as_str(),
                i32::try_from(version).unwrap_or_default()
            )),
            "after {sent} edits (seed {seed:#x})"
        );
    }
    // The last publication is a fresh analysis of the final text, converted the same way.
    let text: String = model.chars.iter().collect();
    let rope = Rope::from_str(&text);
    let encoding = if utf8 {
        PositionEncoding::Utf8
    } else {
        PositionEncoding::Utf16
    };
    let parsed: Uri = uri.parse().expect("a valid uri");
    let fresh: Vec<Value> = carc_analysis::analyze(&text)
        .diagnostics()
        .iter()
        .map(|d| {
            let converted = to_proto::diagnostic(
                Text {
                    rope: &rope,
                    encoding,
                },
                &parsed,
                d,
            );
            serde_json::to_value(converted).unwrap_or_default()
        })
        .collect();
    assert_eq!(last["diagnostics"], Value::Array(fresh), "seed {seed:#x}");
    assert!(client.stop().await);
}

#[tokio::test]
async fn ten_thousand_utf16_edits_in_bursts_keep_text_and_diagnostics_in_sync() {
    soak(utf16(), false, 0x5eed_0001_c0ff_ee00).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_utf8_edits_in_bursts_keep_text_and_diagnostics_in_sync() {
    soak(utf8(), true, 0x5eed_0002_0bad_f00d).await;
}
