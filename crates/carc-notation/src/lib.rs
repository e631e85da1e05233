//! The `.carc` notation: grammar, syntax tree, formatter.
//!
//! - [`parse`] splits the text into lines (LF, CRLF or CR; see below) and parses each line on
//!   its own with the pest grammar `grammar/carc.pest` (at the repository root), so one bad
//!   line yields one [`SyntaxError`] and every other line still parses. It never fails and
//!   never panics; a line longer than [`MAX_LINE_LEN`] bytes is a syntax error and is not
//!   given to pest. The grammar has no recursion, so parsing is linear in the line length.
//!   The commonest lines of a game (plain `turn` and `bonus`, `tile`, `discard`, `end`,
//!   blank) take a fast path that builds the same tree without pest (`src/fast.rs`); any
//!   other line, and every error, comes from the grammar.
//! - The syntax tree ([`Parse`], [`Line`], [`Statement`], …) has a byte [`Span`] for every
//!   token, into the whole original text. Nothing here computes lines or columns.
//! - [`format()`] lays a file out canonically (rules in [`mod@format`]).
//!
//! Pest types stay private to this crate.
//!
//! ```
//! use carc_notation::{format, parse, LineKind, StatementKind};
//!
//! let text = "tile D 0,0\ntile F 0,1 r45\nturn red E 0,1 r180   => red +4 # closes it\n";
//! let parse = parse(text);
//! assert_eq!(parse.lines.len(), 3);
//! assert!(matches!(&parse.lines[0].kind, LineKind::Statement(s) if matches!(s.kind, StatementKind::Tile(_))));
//! assert_eq!(parse.lines[1].kind, LineKind::Error);
//! let error = &parse.errors[0];
//! assert_eq!(error.span.slice(text), Some("r45"));
//! assert_eq!(error.message(), "expected a rotation: r0, r90, r180 or r270 (found `r45`)");
//!
//! assert_eq!(
//!     format(text),
//!     "tile D 0,0\ntile F 0,1 r45\nturn red E 0,1 r180 => red +4  # closes it\n"
//! );
//! ```
//!
//! # Lines
//!
//! A line ends at `\n`, `\r\n` or a lone `\r`, the line breaks of the LSP specification
//! and of editors ([`line_breaks`], [`line_spans`]: the one definition, which the CLI's
//! report uses too). `\r\r\n` is two line breaks, as an editor shows it. A UTF-8 byte
//! order mark at the start of the text is skipped. No line follows a final line break, so `""` has no
//! lines and `"tile D 0,0\n"` has one.
//!
//! # What the syntax accepts beyond notation.md
//!
//! - A comment may touch the word before it: `tile D 0,0# start`.
//! - Commas between list entries may have spaces on either side (`red ,blue`), but a list
//!   may not end with a comma.
//! - Numbers in `supply`, `score`, `expect …` and `=>` lists may be written `n` or `+n`;
//!   never negative. Coordinates are `-?digits,-?digits` and must fit an `i32`; amounts
//!   must fit an `i64`.
//! - Where a tile belongs, any tile token is accepted and kept as written: an ASCII letter,
//!   then letters and digits, then optionally a dot and letters and digits (`D`, `Eg`,
//!   `ic.A`). A token the catalogue does not know is the analysis's `unknown-tile`; a word of
//!   another shape (`1A`, `é`, `ic.`) is a syntax error.
//!
//! # Syntax errors
//!
//! Each error points at the offending word (from where parsing stopped to the next space,
//! tab or `#`), or is an empty span right after the last word when something is missing.
//! [`SyntaxError::message`] says what was expected in the notation's words, what was found,
//! and suggests the nearest words of the expected list ([`suggest`], by edit distance):
//! ``expected a rotation: r0, r90, r180 or r270 (found `R90`; did you mean `r90`?)``.
//! Strings get their own messages (unterminated, unknown escape), and numbers that do not
//! fit are reported at the number.
//!
//! # Differences from the agreed API
//!
//! Only additions: [`Span`] helpers and a `start..end` `Debug` form, [`Parse::statements`],
//! `as_str`/`from_word`/`degrees`/`is_side` helpers on the word enums, [`Expected`] (the
//! payload of [`SyntaxErrorKind::Expected`]) and [`MAX_LINE_LEN`]. For `expect score`,
//! `expect supply` and `expect goods`, [`Statement::keyword`] covers both words.

mod error;
mod fast;
pub mod format;
pub mod keywords;
pub mod limits;
mod lines;
mod parser;
pub mod rules;
pub mod suggest;
mod syntax;

pub use error::{Expected, SyntaxError, SyntaxErrorKind};
pub use format::format;
pub use keywords::{keyword, KeywordDef, KEYWORDS};
pub use limits::{MAX_LINES, MAX_LINE_LEN, MAX_VARIATION_DEPTH};
pub use lines::{line_breaks, line_spans, newline_of, LineBreaks};
#[doc(hidden)]
pub use parser::grammar_accepts;
#[doc(hidden)]
pub use parser::parse_with_grammar_only;
pub use parser::{parse, recover_line};
pub use rules::{rule_option, RuleOptionDef, RULE_OPTIONS};
pub use syntax::*;
