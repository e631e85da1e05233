//! The diagnostics publisher: publishes the diagnostics of queued documents, one publication
//! at a time per document, so a stale list can never overtake a newer one, and documents
//! independently of each other, so a slow analysis of one delays no other's. Changes to a
//! document while its publication is under way are coalesced into one more publication of
//! its latest version; a list that is stale once analysed is dropped; a document that is no
//! longer open gets an empty list.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::mpsc;
use tokio::task::JoinSet;
use tower_lsp_server::lsp_types::{MessageType, Uri};
use tower_lsp_server::Client;

use crate::server::Shared;
use crate::to_proto::{self, Text};

/// Publishes until the queue closes (when the server stops).
pub(crate) async fn run(
    client: Client,
    shared: Arc<Shared>,
    mut queue: mpsc::UnboundedReceiver<Uri>,
) {
    // The publication under way for each document, and the documents queued again meanwhile.
    let mut tasks = JoinSet::new();
    let mut publishing = HashMap::new();
    let mut again: Vec<Uri> = Vec::new();
    loop {
        let uri = tokio::select! {
            uri = queue.recv() => match uri {
                Some(uri) if publishing.values().any(|u| u == &uri) => {
                    if !again.contains(&uri) {
                        again.push(uri);
                    }
                    continue;
                }
                Some(uri) => uri,
                None => return,
            },
            Some(done) = tasks.join_next_with_id() => {
                let id = match done {
                    Ok((id, ())) => id,
                    Err(error) => error.id(),
                };
                if shared.session().inlay_hint_refresh {
                    shared.refresh_hints.notify_one();
                }
                let Some(uri) = publishing.remove(&id) else { continue };
                let Some(index) = again.iter().position(|u| u == &uri) else { continue };
                again.swap_remove(index)
            }
        };
        let task = tasks.spawn(publish(client.clone(), shared.clone(), uri.clone()));
        publishing.insert(task.id(), uri);
    }
}

async fn publish(client: Client, shared: Arc<Shared>, uri: Uri) {
    let Some(snapshot) = shared.docs.snapshot(&uri).await else {
        client.publish_diagnostics(uri, Vec::new(), None).await;
        return;
    };
    let snapshot = match snapshot {
        Ok(snapshot) => snapshot,
        Err(panic) => {
            let message = format!("analysis of {} panicked: {}", uri.as_str(), panic.0);
            client.log_message(MessageType::ERROR, message).await;
            return;
        }
    };
    // A change that came in while analysing has queued the document again: publish that one.
    // A version already published (queued again by changes it covers) is not sent twice.
    if !shared.docs.claim_publication(&uri, snapshot.version) {
        return;
    }
    let text = Text {
        rope: &snapshot.rope,
        encoding: shared.session().encoding,
    };
    let diagnostics = snapshot
        .analysis
        .diagnostics()
        .iter()
        .map(|d| to_proto::diagnostic(text, &uri, d))
        .collect();
    client
        .publish_diagnostics(uri, diagnostics, Some(snapshot.version))
        .await;
}

/// Asks the client to re-request inlay hints whenever diagnostics were published (only when
/// the client supports it), coalescing requests while one is in flight. Never returns.
pub(crate) async fn refresh_inlay_hints(client: Client, shared: Arc<Shared>) {
    loop {
        shared.refresh_hints.notified().await;
        if let Err(error) = client.inlay_hint_refresh().await {
            client
                .log_message(
                    MessageType::LOG,
                    format!("inlay hint refresh failed: {error}"),
                )
                .await;
        }
    }
}
