//! The `carc.showBoard` command (`workspace/executeCommand`): the picture of the position at
//! a line of an open document, for an editor's live preview beside the file.
//!
//! # Contract (for editor extensions)
//!
//! The server lists `carc.showBoard` in `executeCommandProvider.commands`. Request:
//!
//! ```json
//! { "command": "carc.showBoard", "arguments": ["file:///…/lesson.carc", 12] }
//! ```
//!
//! - `arguments[0]`: the document URI (string); the document must be open (`didOpen`).
//! - `arguments[1]` (optional, may be `null`): a 0-based LSP line. The picture shows the
//!   position after that line: the replay up to it, inside a `variation` its line of play,
//!   with the marks in effect there; a line in the setup shows the whole setup. Omitted,
//!   `null`, or past the end: the end of the document (its main line).
//!
//! Response (`null` when the document is not open):
//!
//! ```json
//! { "uri": "file:///…", "version": 7, "line": 12, "svg": "<svg …>…</svg>\n", "ascii": "…",
//!   "position": "at line 13", "mismatched": 0 }
//! ```
//!
//! - `version` is the document version the picture was drawn from, so a preview can drop an
//!   answer older than one it already shows.
//! - `svg` is a standalone SVG document (UTF-8, no external resources or scripts): show it
//!   in a webview or an `<img>`. Tiles, meeples, marks and glyphs carry `data-*`
//!   attributes (`class="tile" data-letter data-rotation data-x data-y`, …).
//! - `ascii` is the same position as compact text (`carc render --ascii`).
//! - `position` says where the picture stands, as its heading does: `at line 13`, `at the
//!   end`, or, when setup tiles written after the line are drawn (the setup is always drawn
//!   whole), `at line 7, with the whole setup (to line 8)`.
//! - `mismatched` counts the tile sides that do not match their neighbour (an illegal
//!   turn's tile stays on the board); the SVG draws each as a red
//!   `<line class="mismatch" data-x data-y data-side>` along that side.
//!
//! A malformed request (unknown command, no URI, a line that is not a number) is answered
//! with the JSON-RPC error `InvalidParams`.
//!
//! Live preview: call the command after each `didChange` the server has seen (debounced)
//! and when the cursor moves to another line, with the cursor's line; the server always draws
//! from its current text of the document.

use serde_json::{json, Value};
use tower_lsp_server::lsp_types::Uri;

/// The command's name.
pub(crate) const SHOW_BOARD: &str = "carc.showBoard";

/// The arguments of `carc.showBoard`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ShowBoard {
    /// The document.
    pub(crate) uri: Uri,
    /// The 0-based line, or `None` for the end of the document.
    pub(crate) line: Option<u32>,
}

impl ShowBoard {
    /// Reads the command's arguments; `Err` says what is wrong with them.
    pub(crate) fn from_arguments(arguments: &[Value]) -> Result<ShowBoard, String> {
        let uri = arguments
            .first()
            .and_then(Value::as_str)
            .ok_or("carc.showBoard needs the document URI as its first argument")?;
        let uri: Uri = uri
            .parse()
            .map_err(|_| format!("`{uri}` is not a valid URI"))?;
        let line = match arguments.get(1) {
            None | Some(Value::Null) => None,
            Some(value) => {
                let line = value
                    .as_u64()
                    .ok_or("the second argument of carc.showBoard is a 0-based line number")?;
                Some(u32::try_from(line).unwrap_or(u32::MAX))
            }
        };
        Ok(ShowBoard { uri, line })
    }
}

/// What the command draws of a position.
pub(crate) struct Picture {
    /// The SVG document.
    pub(crate) svg: String,
    /// The same position as text.
    pub(crate) ascii: String,
    /// Where the picture stands, in words (the heading's).
    pub(crate) position: String,
    /// How many tile sides do not match their neighbour (an illegal turn's tile).
    pub(crate) mismatched: usize,
}

/// The command's answer.
pub(crate) fn response(request: &ShowBoard, version: i32, picture: Picture) -> Value {
    json!({
        "uri": request.uri.as_str(),
        "version": version,
        "line": request.line,
        "svg": picture.svg,
        "ascii": picture.ascii,
        "position": picture.position,
        "mismatched": picture.mismatched,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_a_uri_and_an_optional_line() {
        let parsed = ShowBoard::from_arguments(&[json!("file:///a.carc"), json!(3)]).unwrap();
        assert_eq!(parsed.uri.as_str(), "file:///a.carc");
        assert_eq!(parsed.line, Some(3));
        let parsed = ShowBoard::from_arguments(&[json!("file:///a.carc"), Value::Null]).unwrap();
        assert_eq!(parsed.line, None);
        assert!(ShowBoard::from_arguments(&[]).is_err());
        assert!(ShowBoard::from_arguments(&[json!(1)]).is_err());
        assert!(ShowBoard::from_arguments(&[json!("file:///a.carc"), json!("x")]).is_err());
        assert!(ShowBoard::from_arguments(&[json!("file:///a.carc"), json!(-1)]).is_err());
    }
}
