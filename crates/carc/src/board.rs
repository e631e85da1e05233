//! `carc render FILE [--line N | --final] [--ascii] [-o OUT]`: the picture of a position.
//! Parses the arguments, reads the file, asks the analysis for the board and its SVG or
//! terminal drawing, writes it. The drawing itself lives in `carc-analysis` (`render_svg`).
//! Without `--line`, a lesson (a file with `end`) is drawn at its last line before `end`,
//! where the teaching happens; `--final` draws the end of the file, after final scoring.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::args;
use crate::files::{read_source, SourceError};

/// What `carc render` was asked to do.
#[derive(Debug, PartialEq, Eq)]
struct RenderArgs {
    file: PathBuf,
    /// Which position: a 1-based line, the end of the file, or the default.
    at: At,
    ascii: bool,
    output: Option<PathBuf>,
}

/// The position `carc render` draws.
#[derive(Debug, PartialEq, Eq)]
enum At {
    /// The last line before the main line's `end`; the end of the file without `end`.
    Default,
    /// `--line N`: after 1-based line N.
    Line(usize),
    /// `--final`: the end of the file, after final scoring.
    Final,
}

const RENDER_USAGE: &str = "usage: carc render FILE [--line N | --final] [--ascii] [-o OUT]  \
(N is 1-based; default: a lesson's last line before `end`, else the end; without -o the picture goes to stdout)";

fn parse_args(args: &[String]) -> Result<RenderArgs, String> {
    const SPEC: args::Spec = args::Spec {
        usage: RENDER_USAGE,
        valued: &[&["--line"], &["--output", "-o"]],
        switches: &["--ascii", "--final"],
    };
    let parsed = args::parse(args, &SPEC)?;
    let file = match parsed.positional.as_slice() {
        [file] => PathBuf::from(file),
        [] => return Err(format!("no file given\n{RENDER_USAGE}")),
        _ => return Err(format!("`carc render` draws one file\n{RENDER_USAGE}")),
    };
    let at = match (parsed.line()?, parsed.switch("--final")) {
        (Some(_), true) => {
            return Err(format!(
                "`--line` and `--final` choose different positions: give one\n{RENDER_USAGE}"
            ))
        }
        (Some(n), false) => At::Line(n),
        (None, true) => At::Final,
        (None, false) => At::Default,
    };
    Ok(RenderArgs {
        file,
        at,
        ascii: parsed.switch("--ascii"),
        output: parsed.value("--output").map(PathBuf::from),
    })
}

/// Runs `carc render`; `Err` is a usage or I/O problem (exit status 2).
pub fn render(args: &[String]) -> Result<ExitCode, String> {
    let args = parse_args(args)?;
    let text = read_source(&args.file).map_err(|e| e.to_string())?;
    let analysis = carc_analysis::analyze(&text);
    let board = match args.at {
        At::Final => carc_analysis::board_at(&analysis, None),
        At::Default => match carc_analysis::teaching_line(&analysis) {
            Some(line) => carc_analysis::board_at_line(&analysis, line)
                .unwrap_or_else(|| carc_analysis::board_at(&analysis, None)),
            None => carc_analysis::board_at(&analysis, None),
        },
        At::Line(n) => carc_analysis::board_at_line(&analysis, n - 1).ok_or_else(|| {
            format!(
                "{}: line {n} is past the end of the file (it has {} lines)",
                args.file.display(),
                text.lines().count()
            )
        })?,
    };
    let picture = if args.ascii {
        // Titles and labels from the file: no control character reaches the terminal.
        crate::output::terminal_text(&carc_analysis::render_ascii(&board))
    } else {
        carc_analysis::render_svg(&board)
    };
    match &args.output {
        None => crate::output::print(&picture),
        Some(path) => std::fs::write(path, picture)
            .map_err(|e| SourceError::Write(path.clone(), e).to_string())?,
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn arguments_in_any_order_with_or_without_equals() {
        let parsed = parse_args(&args(&["--line=3", "a.carc", "-o", "b.svg"])).unwrap();
        assert_eq!(
            parsed,
            RenderArgs {
                file: PathBuf::from("a.carc"),
                at: At::Line(3),
                ascii: false,
                output: Some(PathBuf::from("b.svg")),
            }
        );
        let parsed = parse_args(&args(&["--ascii", "a.carc", "--line", "1"])).unwrap();
        assert!(parsed.ascii);
        assert_eq!(parsed.at, At::Line(1));
        assert_eq!(parse_args(&args(&["a.carc"])).unwrap().at, At::Default);
        assert_eq!(
            parse_args(&args(&["a.carc", "--final"])).unwrap().at,
            At::Final
        );
    }

    #[test]
    fn bad_arguments_are_usage_errors() {
        assert!(parse_args(&args(&[])).unwrap_err().contains("no file"));
        assert!(parse_args(&args(&["a", "b"]))
            .unwrap_err()
            .contains("one file"));
        assert!(parse_args(&args(&["a", "--line", "0"]))
            .unwrap_err()
            .contains("from 1"));
        assert!(parse_args(&args(&["a", "--line"]))
            .unwrap_err()
            .contains("needs a value"));
        assert!(parse_args(&args(&["a", "--wide"]))
            .unwrap_err()
            .contains("unknown option"));
        assert!(parse_args(&args(&["a", "--final", "--line", "2"]))
            .unwrap_err()
            .contains("give one"));
    }
}
