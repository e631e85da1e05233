//! The carc language server: a thin adapter from the Language Server Protocol to
//! `carc-analysis`, on tower-lsp-server and tokio.
//!
//! - `guard` reads the client's frames first, so that no malformed message can end the
//!   session and every request is answered as the specification says.
//! - `convert` owns every conversion between LSP positions and byte offsets.
//! - `documents` keeps `Uri → { rope, version }`; edits are applied synchronously, in order.
//!   Analyses run on tokio's blocking pool, off the task that reads and answers messages, one
//!   per document at a time; a newer version cancels the work on older ones.
//! - `server` answers requests: find the document, convert, ask the analysis, convert back.
//! - `publish` publishes diagnostics one publication at a time per document, so a stale list
//!   never overtakes a newer one, and documents independently of each other.
//! - `to_proto` maps analysis values onto LSP values.
//! - `board` is the `carc.showBoard` command: the SVG of the position at a line, for an
//!   editor's live preview (its module documentation is the contract for extensions).
//!
//! Logs go to the client (`window/logMessage`); nothing but the protocol is written to the
//! output.

mod board;
mod convert;
mod documents;
mod guard;
mod publish;
mod server;
mod to_proto;

#[cfg(test)]
mod tests;

use std::sync::atomic::Ordering;
use std::sync::Arc;

use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::mpsc;
use tower_lsp_server::{LspService, Server};

use crate::server::{Backend, Shared};

/// Serves one client over a byte stream pair (stdin/stdout for `carc lsp`) until it sends
/// `exit` or closes the input. Returns whether `shutdown` came first: by the protocol the
/// process then exits with status 0, else 1.
pub async fn serve<I, O>(input: I, output: O) -> bool
where
    I: AsyncRead + Unpin,
    O: AsyncWrite,
{
    serve_shared(Arc::new(Shared::default()), input, output).await
}

/// [`serve`], calling `watch_client` with the client's process id when `initialize` gives
/// one (`processId`), so that the caller can end the server once that process is gone.
pub async fn serve_watching<I, O>(input: I, output: O, watch_client: fn(u32)) -> bool
where
    I: AsyncRead + Unpin,
    O: AsyncWrite,
{
    let shared = Shared::default();
    let _ = shared.watch_client.set(watch_client);
    serve_shared(Arc::new(shared), input, output).await
}

/// The message guard alone, for the fuzz target `lsp_guard` (not part of the API): reads
/// the client's frames from `input` and returns what the guard passes on to
/// tower-lsp-server, for a server that is `initialized` (or not) and `shut_down` (or not).
#[doc(hidden)]
pub fn guard_output(input: &[u8], initialized: bool, shut_down: bool) -> Vec<u8> {
    let shared = Shared::default();
    if initialized {
        let _ = shared.session.set(server::Session::default());
    }
    shared.shutdown.store(shut_down, Ordering::SeqCst);
    let mut output = Vec::new();
    let Ok(runtime) = tokio::runtime::Builder::new_current_thread().build() else {
        return output;
    };
    runtime.block_on(guard::run(input, &mut output, &shared));
    output
}

/// [`serve`] with the state given by the caller (tests inspect the documents through it).
pub(crate) async fn serve_shared<I, O>(shared: Arc<Shared>, input: I, output: O) -> bool
where
    I: AsyncRead + Unpin,
    O: AsyncWrite,
{
    let (queue, queued) = mpsc::unbounded_channel();
    let mut handle = None;
    let (service, socket) = LspService::build(|client| {
        handle = Some(client.clone());
        Backend {
            client,
            shared: shared.clone(),
            queue,
        }
    })
    .custom_method(guard::REJECTED, Backend::rejected)
    .finish();
    let Some(client) = handle else {
        return false;
    };
    // The server reads what the guard lets through; the guard ends (closing the server's
    // input) when the client's input ends.
    let (guarded, server_input) = tokio::io::duplex(1 << 16);
    let guard = async {
        guard::run(input, guarded, &shared).await;
        std::future::pending::<()>().await;
    };
    // The publisher and the refresher live exactly as long as the server.
    tokio::select! {
        () = Server::new(server_input, output, socket).serve(service) => {}
        () = guard => {}
        () = publish::run(client.clone(), shared.clone(), queued) => {}
        () = publish::refresh_inlay_hints(client, shared.clone()) => {}
    }
    shared.shutdown.load(Ordering::SeqCst)
}
