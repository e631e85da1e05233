//! The open documents: `Uri → { rope, version }` behind a std mutex that is never held across
//! an `.await`. Every edit is applied synchronously under the lock, so the order in which the
//! handlers were started is the order in which the text changes, whatever they await later.
//!
//! Each document also caches the analysis of its current version: it is computed outside the
//! lock on a snapshot of the text and stored only if the document has not moved on meanwhile.

use std::collections::HashMap;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use carc_analysis::Analysis;
use ropey::Rope;
use tower_lsp_server::lsp_types::{TextDocumentContentChangeEvent, Uri};

use crate::convert::{self, PositionEncoding};

/// One open document.
#[derive(Debug)]
struct Document {
    rope: Rope,
    version: i32,
    analysis: Option<Arc<Analysis>>,
    /// The last analysis of an earlier version, kept until the current one is analysed:
    /// `analyze_incremental` takes its reachability report over when the setup is unchanged.
    previous: Option<Arc<Analysis>>,
}

/// The open documents of a session.
#[derive(Debug, Default)]
pub struct Documents {
    map: Mutex<HashMap<Uri, Document>>,
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

impl Documents {
    fn lock(&self) -> MutexGuard<'_, HashMap<Uri, Document>> {
        // A panic never happens under this lock, but a poisoned map is still a valid map.
        self.map.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Opens (or reopens) a document with its full text.
    pub fn open(&self, uri: Uri, text: &str, version: i32) {
        let document = Document {
            rope: Rope::from_str(text),
            version,
            analysis: None,
            previous: None,
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
        if let Some(analysis) = document.analysis.take() {
            document.previous = Some(analysis);
        }
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

    /// Whether `version` is still the document's current version.
    pub fn is_current(&self, uri: &Uri, version: i32) -> bool {
        self.lock().get(uri).is_some_and(|d| d.version == version)
    }

    /// The current version with its analysis, analysing it (outside the lock, under
    /// `catch_unwind`) if no request did yet. `None` if the document is not open.
    pub fn snapshot(&self, uri: &Uri) -> Option<Result<Snapshot, AnalysisPanic>> {
        let (rope, version, cached, previous) = {
            let map = self.lock();
            let document = map.get(uri)?;
            (
                document.rope.clone(),
                document.version,
                document.analysis.clone(),
                document.previous.clone(),
            )
        };
        if let Some(analysis) = cached {
            return Some(Ok(Snapshot {
                rope,
                version,
                analysis,
            }));
        }
        let text = rope.to_string();
        let analysis =
            catch_panic(|| carc_analysis::analyze_incremental(&text, previous.as_deref()));
        let analysis = match analysis {
            Ok(analysis) => Arc::new(analysis),
            Err(panic) => return Some(Err(panic)),
        };
        if let Some(document) = self.lock().get_mut(uri) {
            if document.version == version && document.analysis.is_none() {
                document.analysis = Some(analysis.clone());
                document.previous = None;
            }
        }
        Some(Ok(Snapshot {
            rope,
            version,
            analysis,
        }))
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

    #[test]
    fn snapshots_cache_the_analysis_of_the_current_version() {
        let docs = Documents::default();
        assert!(docs.snapshot(&uri()).is_none());
        docs.open(uri(), "tile D 0,0\n", 1);
        let first = docs
            .snapshot(&uri())
            .and_then(Result::ok)
            .expect("a snapshot");
        let again = docs
            .snapshot(&uri())
            .and_then(Result::ok)
            .expect("a snapshot");
        assert!(Arc::ptr_eq(&first.analysis, &again.analysis));
        assert_eq!(first.analysis.text(), "tile D 0,0\n");
        docs.change(&uri(), 2, &[insert(1, 0, "end\n")], PositionEncoding::Utf16)
            .expect("applied");
        let changed = docs
            .snapshot(&uri())
            .and_then(Result::ok)
            .expect("a snapshot");
        assert_eq!(
            (changed.version, changed.analysis.text()),
            (2, "tile D 0,0\nend\n")
        );
        assert!(docs.is_current(&uri(), 2) && !docs.is_current(&uri(), 1));
        assert!(docs.close(&uri()) && !docs.close(&uri()));
    }

    #[test]
    fn an_edit_after_the_setup_reuses_the_reachability_report() {
        let docs = Documents::default();
        // The entire board (`rules whole-board`): the setup is searched, with a witness.
        let setup = "players red blue\nrules whole-board\ntile D 0,0 red knight N\n\
            tile U 1,0 r90 blue traveller E\n";
        docs.open(uri(), setup, 1);
        let first = docs
            .snapshot(&uri())
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
