//! The `LanguageServer` implementation. Each request handler is the same four steps: find the
//! document, convert the position, call `carc-analysis` (under `catch_unwind`), convert back.
//! The analysis and every query of it run on tokio's blocking pool: the task that reads and
//! answers messages only finds, converts and waits.
//! Notifications update [`Documents`] before their first `.await` and queue the document for
//! [`crate::publish`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use carc_analysis::Analysis;
use tokio::sync::{mpsc, Notify};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::lsp_types::*;
use tower_lsp_server::{Client, LanguageServer};

use crate::board;
use crate::convert::{self, PositionEncoding};
use crate::documents::{catch_panic, Documents, Snapshot};
use crate::to_proto::{self, Text};

/// What `initialize` settled with the client.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Session {
    /// The column unit of every position exchanged.
    pub(crate) encoding: PositionEncoding,
    /// Whether the client accepts `workspace/inlayHint/refresh`.
    pub(crate) inlay_hint_refresh: bool,
    /// How hover and completion show a tile: an image for clients whose markdown shows
    /// `data:` images (VS Code and its builds), a text drawing for the others.
    pub(crate) pictures: carc_analysis::TilePictures,
    /// Whether the client asks for a completion item's documentation when it shows the item
    /// (`completionItem/resolve` with `documentation`): then tile pictures are sent only then.
    pub(crate) resolve_completion_docs: bool,
}

/// How a client shows a tile, from the name it gives in `initialize` (`clientInfo.name`):
/// VS Code, VSCodium and code-server render SVG `data:` images in hover and completion
/// markdown; other clients (Neovim, Emacs, Helix) show markdown as text.
pub(crate) fn pictures_for(client_name: Option<&str>) -> carc_analysis::TilePictures {
    let shows_images = client_name.is_some_and(|name| {
        ["Visual Studio Code", "VSCodium", "code-server"]
            .iter()
            .any(|known| name.starts_with(known))
    });
    if shows_images {
        carc_analysis::TilePictures::Image
    } else {
        carc_analysis::TilePictures::Text
    }
}

/// State shared by the handlers, the diagnostics publisher and the inlay-hint refresher.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    /// The open documents.
    pub(crate) docs: Documents,
    /// Set once by `initialize`.
    pub(crate) session: OnceLock<Session>,
    /// Whether `shutdown` came (the exit status is 0 only then).
    pub(crate) shutdown: AtomicBool,
    /// Woken after diagnostics are published, to ask for fresh inlay hints.
    pub(crate) refresh_hints: Notify,
    /// Called with `initialize`'s `processId`: the caller's watch of the client process (the
    /// `carc` binary ends the server once that process is gone, as with `--clientProcessId`).
    pub(crate) watch_client: OnceLock<fn(u32)>,
}

impl Shared {
    /// The negotiated session (the protocol's defaults before `initialize`).
    pub(crate) fn session(&self) -> Session {
        self.session.get().copied().unwrap_or_default()
    }
}

/// The language server: a thin adapter from LSP to `carc-analysis`.
#[derive(Debug)]
pub(crate) struct Backend {
    pub(crate) client: Client,
    pub(crate) shared: Arc<Shared>,
    /// Documents whose diagnostics need publishing (see [`crate::publish`]).
    pub(crate) queue: mpsc::UnboundedSender<Uri>,
}

impl Backend {
    fn encoding(&self) -> PositionEncoding {
        self.shared.session().encoding
    }

    fn text<'a>(&self, snapshot: &'a Snapshot) -> Text<'a> {
        Text {
            rope: &snapshot.rope,
            encoding: self.encoding(),
        }
    }

    /// The analysed current version of a document; `None` if it is not open or the analysis
    /// panicked (which is logged).
    async fn snapshot(&self, uri: &Uri) -> Option<Snapshot> {
        match self.shared.docs.snapshot(uri).await? {
            Ok(snapshot) => Some(snapshot),
            Err(panic) => {
                let message = format!("analysis of {} panicked: {}", uri.as_str(), panic.0);
                self.client.log_message(MessageType::ERROR, message).await;
                None
            }
        }
    }

    /// Runs one query of a snapshot's analysis on the blocking pool; a panic is logged and
    /// answered with `None`.
    async fn query<T: Send + 'static>(
        &self,
        what: &str,
        snapshot: &Snapshot,
        f: impl FnOnce(&Analysis) -> T + Send + 'static,
    ) -> Option<T> {
        let analysis = snapshot.analysis.clone();
        // Fails only when the runtime is shutting down.
        let answer = tokio::task::spawn_blocking(move || catch_panic(|| f(&analysis)))
            .await
            .ok()?;
        match answer {
            Ok(value) => Some(value),
            Err(panic) => {
                self.client
                    .log_message(MessageType::ERROR, format!("{what} panicked: {}", panic.0))
                    .await;
                None
            }
        }
    }

    /// A whole-document request answered with a list (code lenses, folding ranges): finds the
    /// document, runs `f` on its analysis with [`Backend::query`], converts each item.
    async fn document_list<T: Send + 'static, U>(
        &self,
        uri: &Uri,
        what: &str,
        f: fn(&Analysis) -> Vec<T>,
        convert: fn(Text<'_>, T) -> U,
    ) -> Option<Vec<U>> {
        let snapshot = self.snapshot(uri).await?;
        let items = self.query(what, &snapshot, f).await?;
        let text = self.text(&snapshot);
        Some(items.into_iter().map(|item| convert(text, item)).collect())
    }

    /// Answers a message the guard rejected (see [`crate::guard`]) with its error.
    pub(crate) async fn rejected(&self, params: serde_json::Value) -> Result<()> {
        Err(crate::guard::rejection(&params))
    }

    fn enqueue(&self, uri: Uri) {
        // Fails only once the publisher has stopped, at exit.
        let _ = self.queue.send(uri);
    }

    fn capabilities(encoding: PositionEncoding) -> ServerCapabilities {
        ServerCapabilities {
            position_encoding: Some(encoding.kind()),
            text_document_sync: Some(TextDocumentSyncCapability::Options(
                TextDocumentSyncOptions {
                    open_close: Some(true),
                    change: Some(TextDocumentSyncKind::INCREMENTAL),
                    ..TextDocumentSyncOptions::default()
                },
            )),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            inlay_hint_provider: Some(OneOf::Left(true)),
            completion_provider: Some(CompletionOptions {
                trigger_characters: Some(vec![" ".to_owned()]),
                resolve_provider: Some(true),
                ..CompletionOptions::default()
            }),
            document_symbol_provider: Some(OneOf::Left(true)),
            semantic_tokens_provider: Some(
                SemanticTokensServerCapabilities::SemanticTokensOptions(SemanticTokensOptions {
                    legend: to_proto::semantic_tokens_legend(),
                    full: Some(SemanticTokensFullOptions::Bool(true)),
                    range: None,
                    work_done_progress_options: WorkDoneProgressOptions::default(),
                }),
            ),
            document_formatting_provider: Some(OneOf::Left(true)),
            code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
                code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
                ..CodeActionOptions::default()
            })),
            document_highlight_provider: Some(OneOf::Left(true)),
            folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
            code_lens_provider: Some(CodeLensOptions {
                resolve_provider: Some(false),
            }),
            execute_command_provider: Some(ExecuteCommandOptions {
                commands: vec![board::SHOW_BOARD.to_owned()],
                ..ExecuteCommandOptions::default()
            }),
            ..ServerCapabilities::default()
        }
    }
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let capabilities = &params.capabilities;
        let offered = capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_deref());
        let inlay_hint_refresh = capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.inlay_hint.as_ref())
            .and_then(|h| h.refresh_support)
            .unwrap_or(false);
        let resolve_completion_docs = capabilities
            .text_document
            .as_ref()
            .and_then(|t| t.completion.as_ref())
            .and_then(|c| c.completion_item.as_ref())
            .and_then(|i| i.resolve_support.as_ref())
            .is_some_and(|r| r.properties.iter().any(|p| p == "documentation"));
        let session = Session {
            encoding: PositionEncoding::negotiate(offered),
            inlay_hint_refresh,
            pictures: pictures_for(params.client_info.as_ref().map(|c| c.name.as_str())),
            resolve_completion_docs,
        };
        // A second `initialize` never reaches us (tower-lsp-server refuses it).
        let _ = self.shared.session.set(session);
        if let (Some(pid), Some(watch)) = (params.process_id, self.shared.watch_client.get()) {
            watch(pid);
        }
        Ok(InitializeResult {
            capabilities: Self::capabilities(session.encoding),
            server_info: Some(ServerInfo {
                name: "carc".to_owned(),
                version: Some(env!("CARGO_PKG_VERSION").to_owned()),
            }),
        })
    }

    async fn shutdown(&self) -> Result<()> {
        self.shared.shutdown.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let document = params.text_document;
        self.shared
            .docs
            .open(document.uri.clone(), &document.text, document.version);
        self.enqueue(document.uri);
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let DidChangeTextDocumentParams {
            text_document,
            content_changes,
        } = params;
        // Applied before any `.await`: handlers run concurrently, edits must not.
        let applied = self.shared.docs.change(
            &text_document.uri,
            text_document.version,
            &content_changes,
            self.encoding(),
        );
        match applied {
            Ok(()) => self.enqueue(text_document.uri),
            Err(error) => {
                let message = format!(
                    "ignored a change to {}: {error}",
                    text_document.uri.as_str()
                );
                self.client.log_message(MessageType::WARNING, message).await;
            }
        }
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        // The publisher clears the diagnostics of a document that is no longer open.
        if self.shared.docs.close(&params.text_document.uri) {
            self.enqueue(params.text_document.uri);
        }
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let TextDocumentPositionParams {
            text_document,
            position,
        } = params.text_document_position_params;
        let Some(snapshot) = self.snapshot(&text_document.uri).await else {
            return Ok(None);
        };
        let offset = convert::offset(&snapshot.rope, position, self.encoding());
        let pictures = self.shared.session().pictures;
        let hover = self
            .query("hover", &snapshot, move |a| {
                carc_analysis::hover_with(a, offset, pictures)
            })
            .await
            .flatten();
        Ok(hover.map(|hover| to_proto::hover(self.text(&snapshot), hover)))
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let Some(snapshot) = self.snapshot(&params.text_document.uri).await else {
            return Ok(None);
        };
        let span = convert::span(&snapshot.rope, params.range, self.encoding());
        let hints = self
            .query("inlay hints", &snapshot, move |a| {
                carc_analysis::inlay_hints(a, span)
            })
            .await;
        let text = self.text(&snapshot);
        Ok(hints.map(|hints| {
            hints
                .into_iter()
                .map(|hint| to_proto::inlay_hint(text, hint))
                .collect()
        }))
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let TextDocumentPositionParams {
            text_document,
            position,
        } = params.text_document_position;
        let Some(snapshot) = self.snapshot(&text_document.uri).await else {
            return Ok(None);
        };
        let offset = convert::offset(&snapshot.rope, position, self.encoding());
        let session = self.shared.session();
        let items = self
            .query("completion", &snapshot, move |a| {
                if session.resolve_completion_docs {
                    carc_analysis::completions_lazy(a, offset)
                } else {
                    carc_analysis::completions_with(a, offset, session.pictures)
                }
            })
            .await;
        let text = self.text(&snapshot);
        let items = items.map(|items| {
            items
                .into_iter()
                .map(|item| to_proto::completion_item(text, item))
                .collect()
        });
        Ok(items.map(CompletionResponse::Array))
    }

    async fn completion_resolve(&self, item: CompletionItem) -> Result<CompletionItem> {
        Ok(to_proto::resolve_completion_item(
            item,
            self.shared.session().pictures,
        ))
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let Some(snapshot) = self.snapshot(&params.text_document.uri).await else {
            return Ok(None);
        };
        let symbols = self
            .query("document symbols", &snapshot, carc_analysis::symbols)
            .await;
        let text = self.text(&snapshot);
        let symbols = symbols.map(|s| {
            s.into_iter()
                .map(|symbol| to_proto::document_symbol(text, symbol))
                .collect()
        });
        Ok(symbols.map(DocumentSymbolResponse::Nested))
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        let Some(snapshot) = self.snapshot(&params.text_document.uri).await else {
            return Ok(None);
        };
        let tokens = self
            .query("semantic tokens", &snapshot, carc_analysis::semantic_tokens)
            .await;
        let tokens = tokens.map(|tokens| to_proto::semantic_tokens(self.text(&snapshot), tokens));
        Ok(tokens.map(SemanticTokensResult::Tokens))
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        let Some(snapshot) = self.snapshot(&params.text_document.uri).await else {
            return Ok(None);
        };
        let formatted = self
            .query("formatting", &snapshot, |a| carc_analysis::format(a.text()))
            .await;
        Ok(formatted.and_then(|formatted| to_proto::formatting(self.text(&snapshot), formatted)))
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri;
        let Some(snapshot) = self.snapshot(&uri).await else {
            return Ok(None);
        };
        let span = convert::span(&snapshot.rope, params.range, self.encoding());
        let actions = self
            .query("code actions", &snapshot, move |a| {
                carc_analysis::code_actions(a, span)
            })
            .await;
        let (text, diagnostics) = (self.text(&snapshot), snapshot.analysis.diagnostics());
        let actions = actions.map(|a| {
            a.into_iter()
                .map(|a| to_proto::code_action(text, &uri, diagnostics, a))
        });
        Ok(actions.map(Iterator::collect))
    }

    /// `carc.showBoard`: the picture at a line (contract in [`crate::board`]).
    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
        if params.command != board::SHOW_BOARD {
            let message = format!("unknown command `{}`", params.command);
            return Err(tower_lsp_server::jsonrpc::Error::invalid_params(message));
        }
        let request = board::ShowBoard::from_arguments(&params.arguments)
            .map_err(tower_lsp_server::jsonrpc::Error::invalid_params)?;
        let Some(snapshot) = self.snapshot(&request.uri).await else {
            return Ok(None);
        };
        let offset = request.line.map(|line| {
            convert::offset(
                &snapshot.rope,
                Position { line, character: 0 },
                self.encoding(),
            )
        });
        let pictures = self
            .query("show board", &snapshot, move |a| {
                let board = carc_analysis::board_at(a, offset);
                board::Picture {
                    svg: carc_analysis::render_svg(&board),
                    ascii: carc_analysis::render_ascii(&board),
                    position: board.position_words(),
                    mismatched: board.mismatched.len(),
                }
            })
            .await;
        Ok(pictures.map(|picture| board::response(&request, snapshot.version, picture)))
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        let uri = &params.text_document.uri;
        Ok(self
            .document_list(
                uri,
                "code lenses",
                carc_analysis::code_lenses,
                to_proto::code_lens,
            )
            .await)
    }

    async fn document_highlight(
        &self,
        params: DocumentHighlightParams,
    ) -> Result<Option<Vec<DocumentHighlight>>> {
        let TextDocumentPositionParams {
            text_document,
            position,
        } = params.text_document_position_params;
        let Some(snapshot) = self.snapshot(&text_document.uri).await else {
            return Ok(None);
        };
        let offset = convert::offset(&snapshot.rope, position, self.encoding());
        let spans = self
            .query("highlights", &snapshot, move |a| {
                carc_analysis::highlights(a, offset)
            })
            .await;
        let text = self.text(&snapshot);
        Ok(spans.map(|spans| {
            spans
                .into_iter()
                .map(|span| to_proto::document_highlight(text, span))
                .collect()
        }))
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        let uri = &params.text_document.uri;
        Ok(self
            .document_list(
                uri,
                "folding ranges",
                carc_analysis::folding_ranges,
                to_proto::folding_range,
            )
            .await)
    }
}
