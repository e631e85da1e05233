//! The `.carc` notation: grammar, syntax tree, formatter.
//!
//! - [`parse`] splits the text into lines (LF or CRLF) and parses each line on its own with
//!   the pest grammar `grammar/carc.pest`, so one bad line yields one [`SyntaxError`] and
//!   every other line still parses. It never fails and never panics.
//! - The syntax tree ([`Parse`], [`Line`], [`Statement`], …) has a byte [`Span`] for every
//!   token, into the whole original text. No line or column is computed here.
//! - [`format()`] lays a file out canonically (see [`mod@format`]).
//!
//! Pest types stay private to this crate.

mod error;
pub mod format;
mod parser;
mod syntax;

pub use error::{Expected, SyntaxError, SyntaxErrorKind};
pub use format::format;
pub use parser::{parse, MAX_LINE_LEN};
pub use syntax::*;
