//! Standard output for every command's results: a reader that stops early (`carc moves FILE D |
//! head -1`) closes the pipe, and the command then ends quietly with status 0 instead of
//! panicking (Rust's `print!` panics on a closed pipe). Any other write error is reported and
//! ends the command with status 2.

use std::io::{ErrorKind, Write as _};

/// Writes `text` to standard output and flushes it.
pub fn print(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let written = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
    match written {
        Ok(()) => {}
        Err(e) if e.kind() == ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => {
            eprintln!("carc: cannot write to standard output: {e}");
            std::process::exit(2);
        }
    }
}

/// Writes `text` and a newline to standard output (see [`print`]).
pub fn println(text: &str) {
    print(&format!("{text}\n"));
}
