//! The diagnostics publisher: one loop that publishes the diagnostics of queued documents, one
//! at a time, so a stale list can never overtake a newer one. A burst of changes to one
//! document is coalesced into one publication of its latest version; a document that is no
//! longer open gets an empty list.

use std::sync::Arc;

use tokio::sync::mpsc;
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
    let mut batch = Vec::new();
    while let Some(uri) = queue.recv().await {
        batch.push(uri);
        while let Ok(uri) = queue.try_recv() {
            if !batch.contains(&uri) {
                batch.push(uri);
            }
        }
        for uri in batch.drain(..) {
            publish(&client, &shared, uri).await;
        }
        if shared.session().inlay_hint_refresh {
            shared.refresh_hints.notify_one();
        }
    }
}

async fn publish(client: &Client, shared: &Shared, uri: Uri) {
    let Some(snapshot) = shared.docs.snapshot(&uri) else {
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
    if !shared.docs.is_current(&uri, snapshot.version) {
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
