//! The open documents: `Uri → { rope, version }` behind a std mutex that is never held across
//! an `.await`. Every edit is applied synchronously under the lock, so the order in which the
//! handlers were started is the order in which the text changes, whatever they await later.
//!
//! Each document also keeps its newest analysis. Analyses run on tokio's blocking pool, never
//! on the task that reads and answers messages, so a slow analysis of one document delays no
//! answer about another. At most one analysis per document runs at a time, always of the
//! version that was current when it started; a newer version cancels the work on older ones:
//! a version that is superseded before its analysis starts is never analysed, and a result
//! that is stale when it arrives only serves as the incremental base of the next analysis and
//! answers the requests that were waiting since before the change (it is never published:
//! see [`crate::publish`]).

use std::collections::HashMap;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::pin::pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use carc_analysis::Analysis;
use ropey::Rope;
use tokio::sync::Notify;
use tower_lsp_server::lsp_types::{TextDocumentContentChangeEvent, Uri};

use crate::convert::{self, PositionEncoding};

/// One open document.
#[derive(Debug)]
struct Document {
    /// Tells this opening of the URI from an earlier one (a reopened document may restart
    /// its versions), so that an analysis of the earlier one is not taken for this one's.
    id: u64,
    rope: Rope,
    version: i32,
    /// The newest finished analysis: of `version`, or of an earlier version while the
    /// current one is not analysed yet (`analyze_incremental` takes over its reachability
    /// report when the setup is unchanged).
    analysed: Option<Analysed>,
    /// Whether an analysis of this document is running on the blocking pool.
    running: bool,
    /// The version whose diagnostics were last published.
    published: Option<i32>,
}

/// A finished analysis with the text it analysed.
#[derive(Debug, Clone)]
struct Analysed {
    rope: Rope,
    version: i32,
    result: Result<Arc<Analysis>, AnalysisPanic>,
}

/// What an analysis on the blocking pool needs.
struct Job {
    uri: Uri,
    id: u64,
    rope: Rope,
    version: i32,
    previous: Option<Arc<Analysis>>,
}

/// The open documents of a session.
#[derive(Debug, Default)]
pub struct Documents {
    inner: Arc<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    map: Mutex<HashMap<Uri, Document>>,
    /// Woken whenever an analysis finishes.
    finished: Notify,
    /// The next [`Document::id`].
    next_id: AtomicU64,
    /// Tests only: called on the blocking pool with the text before each analysis (a test
    /// blocks here to make one analysis slow).
    #[cfg(test)]
    before_analysis: Mutex<Option<BeforeAnalysis>>,
}

/// The hook of [`Documents::set_before_analysis`].
#[cfg(test)]
#[derive(Clone)]
pub(crate) struct BeforeAnalysis(pub(crate) Arc<dyn Fn(&str) + Send + Sync>);

#[cfg(test)]
impl fmt::Debug for BeforeAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("BeforeAnalysis")
    }
}

/// A consistent view of one document version: its text and its analysis.
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// The text (a cheap clone of the document's rope).
    pub rope: Rope,
    /// The client's version of that text.
    pub version: i32,
    /// The analysis of exactly that text.
    pub analysis: Arc<Analysis>,
}

/// Why a `didChange` was not applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChangeError {
    /// The document is not open.
    NotOpen,
    /// The version does not increase.
    StaleVersion {
        /// The version the server has.
        current: i32,
        /// The version the change claims.
        received: i32,
    },
}

impl fmt::Display for ChangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChangeError::NotOpen => f.write_str("the document is not open"),
            ChangeError::StaleVersion { current, received } => {
                write!(f, "version {received} does not follow version {current}")
            }
        }
    }
}

/// The analysis panicked; the payload's message, when it has one.
#[derive(Debug, Clone)]
pub struct AnalysisPanic(pub String);

impl Inner {
    fn lock(&self) -> MutexGuard<'_, HashMap<Uri, Document>> {
        // A panic never happens under this lock, but a poisoned map is still a valid map.
        self.map.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs on the blocking pool: analyses one version and stores the result in its
    /// document, if that document is still open.
    fn analyse(&self, job: Job) {
        let text = job.rope.to_string();
        let result = catch_panic(|| {
            #[cfg(test)]
            self.before_analysis(&text);
            carc_analysis::analyze_incremental(&text, job.previous.as_deref())
        });
        if let Some(document) = self.lock().get_mut(&job.uri).filter(|d| d.id == job.id) {
            document.running = false;
            document.analysed = Some(Analysed {
                rope: job.rope,
                version: job.version,
                result: result.map(Arc::new),
            });
        }
        self.finished.notify_waiters();
    }

    #[cfg(test)]
    fn before_analysis(&self, text: &str) {
        let hook = self
            .before_analysis
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        if let Some(BeforeAnalysis(hook)) = hook {
            hook(text);
        }
    }
}

impl Documents {
    fn lock(&self) -> MutexGuard<'_, HashMap<Uri, Document>> {
        self.inner.lock()
    }

    /// Opens (or reopens) a document with its full text.
    pub fn open(&self, uri: Uri, text: &str, version: i32) {
        let document = Document {
            id: self.inner.next_id.fetch_add(1, Ordering::Relaxed),
            rope: Rope::from_str(text),
            version,
            analysed: None,
            running: false,
            published: None,
        };
        self.lock().insert(uri, document);
    }

    /// Applies the content changes of one `didChange`, in order, if its version is newer.
    pub fn change(
        &self,
        uri: &Uri,
        version: i32,
        changes: &[TextDocumentContentChangeEvent],
        encoding: PositionEncoding,
    ) -> Result<(), ChangeError> {
        let mut map = self.lock();
        let Some(document) = map.get_mut(uri) else {
            return Err(ChangeError::NotOpen);
        };
        if version <= document.version {
            return Err(ChangeError::StaleVersion {
                current: document.version,
                received: version,
            });
        }
        for change in changes {
            convert::apply_change(&mut document.rope, change, encoding);
        }
        document.version = version;
        Ok(())
    }

    /// Closes a document; `false` if it was not open.
    pub fn close(&self, uri: &Uri) -> bool {
        self.lock().remove(uri).is_some()
    }

    /// The current text and version of a document.
    #[cfg(test)]
    pub fn text(&self, uri: &Uri) -> Option<(String, i32)> {
        self.lock()
            .get(uri)
            .map(|d| (d.rope.to_string(), d.version))
    }

    /// Tests only: calls `hook` on the blocking pool with the text before each analysis.
    #[cfg(test)]
    pub(crate) fn set_before_analysis(&self, hook: BeforeAnalysis) {
        *self
            .inner
            .before_analysis
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(hook);
    }

    /// Whether `version` is still the document's current version.
    #[cfg(test)]
    pub fn is_current(&self, uri: &Uri, version: i32) -> bool {
        self.lock().get(uri).is_some_and(|d| d.version == version)
    }

    /// Whether the diagnostics of `version` are to be published: it is still the document's
    /// current version and they were not published yet. Marks them published.
    pub fn claim_publication(&self, uri: &Uri, version: i32) -> bool {
        let mut map = self.lock();
        let Some(document) = map.get_mut(uri) else {
            return false;
        };
        if document.version != version || document.published == Some(version) {
            return false;
        }
        document.published = Some(version);
        true
    }

    /// An analysed version of a document, no older than the version current at the call:
    /// that one, or a newer one if the document changed while its analysis ran. Analyses
    /// (under `catch_unwind`) on the blocking pool when no analysis is running, else waits
    /// for the running one. `None` if the document is not open (or was closed meanwhile).
    pub async fn snapshot(&self, uri: &Uri) -> Option<Result<Snapshot, AnalysisPanic>> {
        // The document (its `id`) and the version current at the call.
        let mut wanted: Option<(u64, i32)> = None;
        loop {
            // Registered before looking, so that an analysis finishing in between wakes us.
            let mut finished = pin!(self.inner.finished.notified());
            finished.as_mut().enable();
            let job = {
                let mut map = self.lock();
                let document = map.get_mut(uri)?;
                let version = match wanted {
                    Some((id, version)) if id == document.id => version,
                    _ => wanted.insert((document.id, document.version)).1,
                };
                if let Some(done) = document.analysed.as_ref().filter(|a| a.version >= version) {
                    return Some(done.result.clone().map(|analysis| Snapshot {
                        rope: done.rope.clone(),
                        version: done.version,
                        analysis,
                    }));
                }
                if document.running {
                    None
                } else {
                    document.running = true;
                    Some(Job {
                        uri: uri.clone(),
                        id: document.id,
                        rope: document.rope.clone(),
                        version: document.version,
                        previous: document
                            .analysed
                            .as_ref()
                            .and_then(|a| a.result.as_ref().ok().cloned()),
                    })
                }
            };
            match job {
                // The job stores its result itself, so that it lands even if this request
                // is cancelled meanwhile.
                Some(job) => {
                    let inner = self.inner.clone();
                    let _ = tokio::task::spawn_blocking(move || inner.analyse(job)).await;
                }
                None => finished.await,
            }
        }
    }
}

/// Runs `f`, turning a panic into an error carrying its message.
pub fn catch_panic<T>(f: impl FnOnce() -> T) -> Result<T, AnalysisPanic> {
    panic::catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_owned());
        AnalysisPanic(message)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower_lsp_server::lsp_types::{Position, Range};

    fn uri() -> Uri {
        "file:///game.carc".parse().expect("a valid uri")
    }

    fn insert(line: u32, character: u32, text: &str) -> TextDocumentContentChangeEvent {
        let at = Position::new(line, character);
        TextDocumentContentChangeEvent {
            range: Some(Range::new(at, at)),
            range_length: None,
            text: text.to_owned(),
        }
    }

    #[test]
    fn versions_must_increase() {
        let docs = Documents::default();
        docs.open(uri(), "tile D 0,0\n", 1);
        assert_eq!(
            docs.change(&uri(), 3, &[insert(1, 0, "end")], PositionEncoding::Utf16),
            Ok(())
        );
        let stale = docs.change(&uri(), 3, &[insert(0, 0, "x")], PositionEncoding::Utf16);
        assert_eq!(
            stale,
            Err(ChangeError::StaleVersion {
                current: 3,
                received: 3
            })
        );
        assert_eq!(docs.text(&uri()), Some(("tile D 0,0\nend".to_owned(), 3)));
        let other: Uri = "file:///other.carc".parse().expect("a valid uri");
        assert_eq!(
            docs.change(&other, 9, &[], PositionEncoding::Utf16),
            Err(ChangeError::NotOpen)
        );
    }

    #[tokio::test]
    async fn snapshots_cache_the_analysis_of_the_current_version() {
        let docs = Documents::default();
        assert!(docs.snapshot(&uri()).await.is_none());
        docs.open(uri(), "tile D 0,0\n", 1);
        let first = docs
            .snapshot(&uri())
            .await
            .and_then(Result::ok)
            .expect("a snapshot");
        let again = docs
            .snapshot(&uri())
            .await
            .and_then(Result::ok)
            .expect("a snapshot");
        assert!(Arc::ptr_eq(&first.analysis, &again.analysis));
        assert_eq!(first.analysis.text(), "tile D 0,0\n");
        docs.change(&uri(), 2, &[insert(1, 0, "end\n")], PositionEncoding::Utf16)
            .expect("applied");
        let changed = docs
            .snapshot(&uri())
            .await
            .and_then(Result::ok)
            .expect("a snapshot");
        assert_eq!(
            (changed.version, changed.analysis.text()),
            (2, "tile D 0,0\nend\n")
        );
        assert!(docs.is_current(&uri(), 2) && !docs.is_current(&uri(), 1));
        assert!(docs.close(&uri()) && !docs.close(&uri()));
    }

    #[tokio::test]
    async fn an_edit_after_the_setup_reuses_the_reachability_report() {
        let docs = Documents::default();
        // The entire board (`rules whole-board`): the setup is searched, with a witness.
        let setup = "players red blue\nrules whole-board\ntile D 0,0 red knight N\n\
            tile U 1,0 r90 blue traveller E\n";
        docs.open(uri(), setup, 1);
        let first = docs
            .snapshot(&uri())
            .await
            .and_then(Result::ok)
            .expect("a snapshot");
        assert!(!first.analysis.reach_reused());
        // A turn typed below the setup: the setup's report is taken over, and everything
        // agrees with a fresh analysis of the same text.
        docs.change(
            &uri(),
            2,
            &[insert(4, 0, "turn red V 2,2\n")],
            PositionEncoding::Utf16,
        )
        .expect("applied");
        let typed = docs
            .snapshot(&uri())
            .await
            .and_then(Result::ok)
            .expect("a snapshot");
        assert!(typed.analysis.reach_reused());
        let fresh = carc_analysis::analyze(typed.analysis.text());
        assert_eq!(typed.analysis.diagnostics(), fresh.diagnostics());
        let card = |a: &Analysis| carc_analysis::hover(a, 0).map(|h| h.markdown);
        assert_eq!(card(&typed.analysis), card(&fresh));
        assert!(card(&fresh).is_some_and(|c| c.starts_with("**reachable setup**")));
        // Two changes before any request: the last analysis (version 2) still serves.
        docs.change(&uri(), 3, &[insert(5, 0, "\n")], PositionEncoding::Utf16)
            .expect("applied");
        docs.change(&uri(), 4, &[insert(6, 0, "\n")], PositionEncoding::Utf16)
            .expect("applied");
        let later = docs
            .snapshot(&uri())
            .await
            .and_then(Result::ok)
            .expect("a snapshot");
        assert!(later.analysis.reach_reused());
        // A changed setup line (the traveller's colour) is searched again.
        let edit = TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(3, 15), Position::new(3, 19))),
            range_length: None,
            text: "red".to_owned(),
        };
        docs.change(&uri(), 5, &[edit], PositionEncoding::Utf16)
            .expect("applied");
        let changed = docs
            .snapshot(&uri())
            .await
            .and_then(Result::ok)
            .expect("a snapshot");
        assert!(changed.analysis.text().contains("r90 red traveller E"));
        assert!(!changed.analysis.reach_reused());
        let fresh = carc_analysis::analyze(changed.analysis.text());
        assert_eq!(changed.analysis.diagnostics(), fresh.diagnostics());
        // Two red meeples on two tiles with two players: red had one turn.
        assert!(fresh
            .diagnostics()
            .iter()
            .any(|d| d.code == carc_analysis::Code::Unreachable));
    }

    #[test]
    fn catch_panic_keeps_the_message() {
        let caught = catch_panic(|| -> u8 { panic!("boom {}", 7) });
        assert_eq!(caught.map_err(|p| p.0).err().as_deref(), Some("boom 7"));
    }
}
