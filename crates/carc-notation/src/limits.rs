//! carc's limits as data: every bound on what a file (or a command) may ask of the tools, in
//! one table. Past a limit, carc reports a diagnostic or an error that names the limit; it
//! never aborts. `docs/notation.md` ("Limits") and the README list the same rows
//! ([`markdown_table`]; `crates/carc-notation/tests/registry.rs` checks that they do).
//!
//! The constants are what the code uses; [`LIMITS`] describes each one for people.

/// The largest file `carc` reads, in bytes (64 MiB); a larger one is refused unread.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Lines longer than this many bytes are a syntax error and are not given to the grammar.
pub const MAX_LINE_LEN: usize = 65_536;

/// The most lines of a file that are read. The line after them is a syntax error
/// ([`crate::SyntaxErrorKind::TooManyLines`]) that covers the rest of the text, which is
/// neither checked nor reformatted; memory stays a few dozen bytes per line read.
pub const MAX_LINES: usize = 1_000_000;

/// The deepest nesting of `variation … {` blocks. A block opened deeper is reported
/// (`variation`) and not replayed, and the formatter indents no line further than this many
/// levels, so `carc fmt` adds at most `2 × MAX_VARIATION_DEPTH` bytes to a line.
pub const MAX_VARIATION_DEPTH: usize = 100;

/// One limit, described for the documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// What is limited, in a few words.
    pub what: &'static str,
    /// The limit as written in the documentation (`64 MiB`, `1,000,000 lines`).
    pub value: &'static str,
    /// What happens past it.
    pub past: &'static str,
}

/// Every limit of the notation and the tools, in the order the documentation lists them. The
/// rows of other layers (the search's and the export's) are added here too, so that the
/// documentation has one list.
pub const LIMITS: &[Limit] = &[
    Limit {
        what: "file size",
        value: "64 MiB",
        past: "the file is not read: an error names the limit",
    },
    Limit {
        what: "line length",
        value: "65,536 bytes",
        past: "`syntax` error `line too long` on that line; it is not parsed",
    },
    Limit {
        what: "lines in a file",
        value: "1,000,000 lines",
        past: "`syntax` error `too many lines` at the first line past it; the rest is neither checked nor formatted",
    },
    Limit {
        what: "nesting of variation blocks",
        value: "100 levels",
        past: "`variation` error at the `variation` line past it; that block is not replayed",
    },
    // ---- limits of the `bounds` and `puzzle` work (board size, search positions and
    // memory, page size): add their rows here, in the same words as their docs.
];

/// The table of [`LIMITS`] as the documentation shows it (docs/notation.md and README.md,
/// between their `limits` markers; a test checks both).
pub fn markdown_table() -> String {
    let mut out = String::from("| limit | value | past it |\n|---|---|---|\n");
    for l in LIMITS {
        out.push_str(&format!("| {} | {} | {} |\n", l.what, l.value, l.past));
    }
    out
}

/// `n` with a comma between groups of three digits (`1,000,000`), as the documentation and
/// messages write limits.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_separated_by_commas() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(65_536), "65,536");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }

    /// The table's words say the constants' values.
    #[test]
    fn the_table_states_the_constants() {
        let value = |what: &str| {
            LIMITS
                .iter()
                .find(|l| l.what == what)
                .map(|l| l.value)
                .unwrap_or_else(|| panic!("no row for {what}"))
        };
        assert_eq!(value("file size"), format!("{} MiB", MAX_FILE_BYTES >> 20));
        assert_eq!(
            value("line length"),
            format!("{} bytes", thousands(MAX_LINE_LEN as u64))
        );
        assert_eq!(
            value("lines in a file"),
            format!("{} lines", thousands(MAX_LINES as u64))
        );
        assert_eq!(
            value("nesting of variation blocks"),
            format!("{MAX_VARIATION_DEPTH} levels")
        );
    }
}
