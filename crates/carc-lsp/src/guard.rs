//! A guard in front of tower-lsp-server's transport, so that no message can stop the server
//! and every request gets the answer the LSP specification asks for.
//!
//! tower-lsp-server 0.22 reads with a tokio-util `FramedRead`, which ends the stream after its
//! first decoding error: one body that is not JSON, not UTF-8 or not a JSON-RPC message
//! (`{"jsonrpc": "1.0"}`, an object as `id`) would end the session. It also drops requests
//! whose method starts with `$/` unanswered, and answers unknown methods with MethodNotFound
//! even before `initialize` or after `shutdown`.
//!
//! So the guard reads the client's frames itself and passes on only messages that
//! tower-lsp-server decodes; everything else is rewritten into a request of the internal
//! method [`REJECTED`], whose handler answers with the error its params carry (tower-lsp-server
//! itself answers ServerNotInitialized before `initialize` and InvalidRequest after
//! `shutdown`, as for any method):
//!
//! | message | answer |
//! |---|---|
//! | not UTF-8, not JSON, a bad header | -32700 ParseError, `id: null` |
//! | JSON but not JSON-RPC | -32600 InvalidRequest, its `id` if it has a valid one |
//! | a request for `$/…` | -32601 MethodNotFound |
//! | any request but `initialize` before it | -32002 ServerNotInitialized |
//! | any request after `shutdown` | -32600 InvalidRequest |
//!
//! Notifications pass unchanged (tower-lsp-server drops those it does not know).

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tower_lsp_server::jsonrpc::{self, ErrorCode, Id};

use crate::server::Shared;

/// The internal method of rejected messages (a `$/` name, so no client request reaches it).
pub(crate) const REJECTED: &str = "$/carc/rejected";

/// Header lines longer than this are garbage, not headers.
const MAX_HEADER_LINE: u64 = 8 * 1024;
/// A header block with more lines than this is garbage.
const MAX_HEADER_LINES: usize = 32;
/// Bodies larger than this are skipped and refused (a 64 MiB document, JSON-escaped, fits).
const MAX_BODY: u64 = 512 * 1024 * 1024;

/// The error answering a [`REJECTED`] request, from its params.
pub(crate) fn rejection(params: &Value) -> jsonrpc::Error {
    let code = params["code"].as_i64().unwrap_or(-32600);
    let message = params["message"].as_str().unwrap_or("invalid message");
    jsonrpc::Error {
        code: ErrorCode::from(code),
        message: message.to_owned().into(),
        data: None,
    }
}

/// One frame read from the client.
enum Frame {
    /// A body of exactly `Content-Length` bytes.
    Body(Vec<u8>),
    /// Headers without a usable `Content-Length`, or a body too large: skipped.
    Bad(&'static str),
    /// The input ended (or failed).
    End,
}

/// Copies the client's messages from `input` to `server` (tower-lsp-server's input), each
/// re-framed, rewriting those it would choke on. Returns when the input ends or the server
/// stops reading.
pub(crate) async fn run<I, W>(input: I, mut server: W, shared: &Shared)
where
    I: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut reader = BufReader::new(input);
    loop {
        let body = match read_frame(&mut reader).await {
            Frame::End => break,
            Frame::Body(body) => check(body, shared),
            Frame::Bad(why) => rejected(&Value::Null, -32700, why),
        };
        let header = format!("Content-Length: {}\r\n\r\n", body.len());
        let written = async {
            server.write_all(header.as_bytes()).await?;
            server.write_all(&body).await?;
            server.flush().await
        };
        if written.await.is_err() {
            break;
        }
    }
    let _ = server.shutdown().await;
}

async fn read_frame<R: AsyncBufReadExt + Unpin>(reader: &mut R) -> Frame {
    let mut length = None;
    let mut lines = 0;
    loop {
        let mut line = Vec::new();
        match (&mut *reader)
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)
            .await
        {
            Ok(0) | Err(_) => return Frame::End,
            Ok(_) => {}
        }
        if !line.ends_with(b"\n") {
            // Longer than any header: skip the rest of it.
            if skip_line(reader).await.is_none() {
                return Frame::End;
            }
            return Frame::Bad("a header line too long");
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if text.is_empty() {
            if lines == 0 {
                // Blank lines between messages are tolerated.
                continue;
            }
            break;
        }
        lines += 1;
        if lines > MAX_HEADER_LINES {
            return Frame::Bad("too many header lines");
        }
        if let Some((name, value)) = text.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = value.trim().parse::<u64>().ok();
            }
        }
    }
    let Some(length) = length else {
        return Frame::Bad("a message without a valid Content-Length header");
    };
    if length > MAX_BODY {
        let skipped =
            tokio::io::copy(&mut (&mut *reader).take(length), &mut tokio::io::sink()).await;
        return match skipped {
            Ok(n) if n == length => Frame::Bad("a message too large"),
            _ => Frame::End,
        };
    }
    let mut body = Vec::new();
    match (&mut *reader).take(length).read_to_end(&mut body).await {
        Ok(n) if n as u64 == length => Frame::Body(body),
        _ => Frame::End,
    }
}

/// Skips to the end of the current line; `None` at the end of the input.
async fn skip_line<R: AsyncBufReadExt + Unpin>(reader: &mut R) -> Option<()> {
    loop {
        let mut chunk = Vec::new();
        let n = (&mut *reader)
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut chunk)
            .await
            .ok()?;
        if n == 0 {
            return None;
        }
        if chunk.ends_with(b"\n") {
            return Some(());
        }
    }
}

/// The body to pass on for one frame: itself, or a [`REJECTED`] request.
fn check(body: Vec<u8>, shared: &Shared) -> Vec<u8> {
    let Ok(text) = std::str::from_utf8(&body) else {
        return rejected(&Value::Null, -32700, "the message is not UTF-8");
    };
    let Ok(value) = serde_json::from_str::<Value>(text) else {
        return rejected(&Value::Null, -32700, "the message is not JSON");
    };
    let id = value
        .get("id")
        .filter(|id| serde_json::from_value::<Id>((*id).clone()).is_ok())
        .cloned();
    let invalid = |id: Option<Value>| {
        let id = id.unwrap_or(Value::Null);
        rejected(
            &id,
            -32600,
            "the message is not a JSON-RPC 2.0 request or response",
        )
    };
    let is_response = value.get("method").is_none()
        && value.get("id").is_some()
        && (value.get("result").is_some() != value.get("error").is_some());
    if is_response {
        return match serde_json::from_value::<jsonrpc::Response>(value) {
            Ok(_) => body,
            Err(_) => invalid(id),
        };
    }
    if !value.get("method").is_some_and(Value::is_string) {
        return invalid(id);
    }
    let Ok(request) = serde_json::from_value::<jsonrpc::Request>(value) else {
        return invalid(id);
    };
    let Some(id) = id else {
        // A notification (tower-lsp-server drops those it does not know).
        return body;
    };
    let method = request.method();
    if method.starts_with("$/") {
        return rejected(&id, -32601, &format!("no method `{method}`"));
    }
    if method != "initialize" && shared.session.get().is_none() {
        return rejected(&id, -32002, "the server is not initialized");
    }
    if shared.shutdown.load(std::sync::atomic::Ordering::SeqCst) {
        return rejected(&id, -32600, "the server is shut down");
    }
    body
}

fn rejected(id: &Value, code: i64, message: &str) -> Vec<u8> {
    let request = json!({
        "jsonrpc": "2.0",
        "id": id,
        "method": REJECTED,
        "params": {"code": code, "message": message},
    });
    request.to_string().into_bytes()
}
