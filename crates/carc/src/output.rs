//! Standard output for every command's results: a reader that stops early (`carc moves FILE D |
//! head -1`) closes the pipe, and the command then ends quietly with status 0 instead of
//! panicking (Rust's `print!` panics on a closed pipe). Any other write error is reported and
//! ends the command with status 2.
//!
//! Files are written through [`file`]: atomically, never over an input, and over an existing
//! file only with `--force`.

pub mod file;

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

/// Text from a file made safe for a terminal, as ripgrep and git show such bytes: a control
/// character (other than tab and line feed), which could move the cursor, set the window's
/// title or colours, as `\x1b`, and a bidi control, which could reverse the text around it,
/// as `\u{202e}`. Everything else as it is.
pub fn terminal_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_terminal_char(&mut out, c);
    }
    out
}

/// Whether to colour what goes to a stream: `--color always` or `never` as asked; `auto`
/// when the stream is a terminal and `NO_COLOR` is unset or empty (no-color.org).
pub fn colored(when: crate::args::ColorWhen, stream: &impl std::io::IsTerminal) -> bool {
    use crate::args::ColorWhen;
    match when {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => {
            stream.is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

fn push_terminal_char(out: &mut String, c: char) {
    use std::fmt::Write as _;
    match c {
        '\t' | '\n' => out.push(c),
        c if (c as u32) < 0x20 || c == '\u{7f}' => {
            let _ = write!(out, "\\x{:02x}", c as u32);
        }
        c if c.is_control()
            || matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}') =>
        {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_bidi_are_shown_escaped() {
        assert_eq!(
            terminal_text("A\u{1b}]0;t\u{7}\u{1b}[31m \u{202e}x\u{2069} \u{85}é\tz\n"),
            "A\\x1b]0;t\\x07\\x1b[31m \\u{202e}x\\u{2069} \\u{85}é\tz\n"
        );
    }
}
