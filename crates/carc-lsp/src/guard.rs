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
//!
//! A wrong `Content-Length` (one that counts characters instead of bytes, say) does not leave
//! the server deaf: a header line that holds `Content-Length:` after other bytes (the rest of
//! a body cut short) starts a new frame there, and a body that is not JSON but holds a
//! `Content-Length:` header (a length too long swallowed the next message) is cut before it
//! and the rest read again as the next frame. The skipped bytes are reported on stderr.

use serde_json::{json, Value};
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{
    AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader,
    ReadBuf,
};
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
    let mut reader = Input {
        reader: BufReader::new(input),
        back: Vec::new(),
        at: 0,
    };
    loop {
        let body = match read_frame(&mut reader).await {
            Frame::End => break,
            Frame::Body(body) => {
                let body = reader.cut_at_next_header(body);
                check(body, shared)
            }
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
            // Longer than any header: skip the rest of it, but keep its end, where the next
            // message's header follows the rest of a body cut short by a wrong length.
            let Some(end) = skip_line(reader, line).await else {
                return Frame::End;
            };
            if header_at(&end).is_none() {
                return Frame::Bad("a header line too long");
            }
            line = end;
        }
        if let Some(at) = header_at(&line).filter(|&at| at > 0) {
            // The rest of a body cut short by a wrong length, then the next message's header:
            // the frame starts again at the header.
            eprintln!(
                "carc lsp: skipped {at} bytes before a Content-Length header (a message's \
                 Content-Length did not match its body)"
            );
            line.drain(..at);
            length = None;
            lines = 0;
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

/// Where `Content-Length:` (in any case) starts in `bytes`, if it does.
fn header_at(bytes: &[u8]) -> Option<usize> {
    const NAME: &[u8] = b"content-length:";
    // Only where a `c` is (a body may be 64 MiB long): no comparison at every byte.
    let mut from = 0;
    while let Some(found) = bytes.get(from..)?.iter().position(|&b| b | 0x20 == b'c') {
        let at = from + found;
        if bytes
            .get(at..at + NAME.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(NAME))
        {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// The client's bytes, with room to read again what a frame took too far.
struct Input<I> {
    reader: BufReader<I>,
    /// Bytes to read before the reader's (the part of a body that is the next message).
    back: Vec<u8>,
    /// How much of `back` was read.
    at: usize,
}

impl<I: AsyncRead + Unpin> Input<I> {
    /// `body`, or, when it is not JSON but holds a `Content-Length:` header followed by a
    /// blank line (its length was too long and it swallowed the start of the next message),
    /// the part before that header; the rest is read again as the next frame.
    fn cut_at_next_header(&mut self, mut body: Vec<u8>) -> Vec<u8> {
        let Some(at) = header_at(&body) else {
            return body;
        };
        if serde_json::from_slice::<Value>(&body).is_ok() {
            return body; // a message whose text holds the words
        }
        let header_ends = body.get(at..).is_some_and(|rest| {
            rest.windows(4).any(|w| w == b"\r\n\r\n") || rest.windows(2).any(|w| w == b"\n\n")
        });
        if !header_ends {
            return body;
        }
        eprintln!(
            "carc lsp: a message's Content-Length ran {} bytes into the next message; \
             reading that one from its header",
            body.len() - at
        );
        let mut rest = body.split_off(at);
        rest.extend_from_slice(self.back.get(self.at..).unwrap_or_default());
        self.back = rest;
        self.at = 0;
        body
    }
}

impl<I: AsyncRead + Unpin> AsyncRead for Input<I> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        if let Some(back) = this.back.get(this.at..).filter(|b| !b.is_empty()) {
            let n = back.len().min(buf.remaining());
            buf.put_slice(&back[..n]);
            this.at += n;
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut this.reader).poll_read(cx, buf)
    }
}

impl<I: AsyncRead + Unpin> AsyncBufRead for Input<I> {
    fn poll_fill_buf(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<&[u8]>> {
        let this = self.get_mut();
        if this.at < this.back.len() {
            return Poll::Ready(Ok(&this.back[this.at..]));
        }
        Pin::new(&mut this.reader).poll_fill_buf(cx)
    }

    fn consume(self: Pin<&mut Self>, amount: usize) {
        let this = self.get_mut();
        if this.at < this.back.len() {
            this.at = (this.at + amount).min(this.back.len());
            if this.at == this.back.len() {
                this.back = Vec::new();
                this.at = 0;
            }
        } else {
            Pin::new(&mut this.reader).consume(amount);
        }
    }
}

/// Skips to the end of the current line, of which `read` was read already; returns the last
/// bytes of the line (a little more than a header line), `None` at the end of the input.
async fn skip_line<R: AsyncBufReadExt + Unpin>(reader: &mut R, read: Vec<u8>) -> Option<Vec<u8>> {
    let mut end = read;
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
        // keep a header's length of what came before, in case one straddles the chunks
        let keep = end.len().min(64);
        end.drain(..end.len() - keep);
        end.extend_from_slice(&chunk);
        if chunk.ends_with(b"\n") {
            return Some(end);
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
