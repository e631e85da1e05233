//! Reads lines from standard input and prints, for each, `1` if the pest grammar
//! (grammar/carc.pest) accepts it and `0` if not: one digit per line, in order.
//!
//! A dev tool for grammar/tree-sitter-carc/test/equivalence.py, which runs tree-sitter over
//! the same lines. Input lines are split at `\n` only and given to the grammar as they are
//! (a `\r` stays part of the line).

use std::io::{self, BufRead, BufWriter, Write};

fn main() -> io::Result<()> {
    let stdin = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.split(b'\n') {
        let line = line?;
        // Bytes that are not UTF-8 cannot be a `.carc` line: carc reads files as UTF-8.
        let accepted = std::str::from_utf8(&line).is_ok_and(carc_notation::grammar_accepts);
        out.write_all(if accepted { b"1\n" } else { b"0\n" })?;
    }
    out.flush()
}
