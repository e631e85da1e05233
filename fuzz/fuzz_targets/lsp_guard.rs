//! The language server's message guard (`crates/carc-lsp/src/guard.rs`) on arbitrary client
//! bytes: it must not panic, and what it passes on to tower-lsp-server must be frames
//! (`Content-Length: n\r\n\r\n` and n bytes) whose bodies tower-lsp-server decodes, a JSON-RPC
//! request or response (anything else would end the session).
//!
//! The first byte picks the server's state (bit 0: initialized, bit 1: shut down) and whether
//! the rest is sent raw (bit 2) or split at 0xFF bytes into bodies, each framed with its
//! own correct `Content-Length` (so that the fuzzer reaches the JSON checks).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tower_lsp_server::jsonrpc::{Request, Response};

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let input = if mode & 4 != 0 {
        rest.to_vec()
    } else {
        let mut framed = Vec::new();
        for body in rest.split(|&b| b == 0xff) {
            framed.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
            framed.extend_from_slice(body);
        }
        framed
    };
    let output = carc_lsp::guard_output(&input, mode & 1 != 0, mode & 2 != 0);
    let mut out = output.as_slice();
    while !out.is_empty() {
        let header_end = out
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a frame header ends with a blank line");
        let header = std::str::from_utf8(&out[..header_end]).expect("an ASCII header");
        let length: usize = header
            .strip_prefix("Content-Length: ")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("a bad header {header:?}"));
        let body = &out[header_end + 4..header_end + 4 + length];
        let value: serde_json::Value = serde_json::from_slice(body).expect("a JSON body");
        let decodes = serde_json::from_value::<Request>(value.clone()).is_ok()
            || serde_json::from_value::<Response>(value).is_ok();
        assert!(
            decodes,
            "the guard passed on a body tower-lsp-server cannot decode: {:?}",
            String::from_utf8_lossy(body)
        );
        out = &out[header_end + 4 + length..];
    }
});
