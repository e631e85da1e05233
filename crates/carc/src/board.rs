//! `carc render FILE [--line N] [--ascii] [-o OUT]`: the picture of a position. Parses the
//! arguments, reads the file, asks the analysis for the board and its SVG or terminal
//! drawing, writes it. The drawing itself lives in `carc-analysis` (`render_svg`).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::args;
use crate::files::{read_source, SourceError};

/// What `carc render` was asked to do.
#[derive(Debug, PartialEq, Eq)]
struct RenderArgs {
    file: PathBuf,
    /// 1-based line; `None` draws the end of the file.
    line: Option<usize>,
    ascii: bool,
    output: Option<PathBuf>,
}

const RENDER_USAGE: &str =
    "usage: carc render FILE [--line N] [--ascii] [-o OUT]  (N is 1-based; without -o the picture goes to stdout)";

fn parse_args(args: &[String]) -> Result<RenderArgs, String> {
    const SPEC: args::Spec = args::Spec {
        usage: RENDER_USAGE,
        valued: &[&["--line"], &["--output", "-o"]],
        switches: &["--ascii"],
    };
    let parsed = args::parse(args, &SPEC)?;
    let file = match parsed.positional.as_slice() {
        [file] => PathBuf::from(file),
        [] => return Err(format!("no file given\n{RENDER_USAGE}")),
        _ => return Err(format!("`carc render` draws one file\n{RENDER_USAGE}")),
    };
    Ok(RenderArgs {
        file,
        line: parsed.line()?,
        ascii: parsed.switch("--ascii"),
        output: parsed.value("--output").map(PathBuf::from),
    })
}

/// Runs `carc render`; `Err` is a usage or I/O problem (exit status 2).
pub fn render(args: &[String]) -> Result<ExitCode, String> {
    let args = parse_args(args)?;
    let text = read_source(&args.file).map_err(|e| e.to_string())?;
    let analysis = carc_analysis::analyze(&text);
    let board = match args.line {
        None => carc_analysis::board_at(&analysis, None),
        Some(n) => carc_analysis::board_at_line(&analysis, n - 1).ok_or_else(|| {
            format!(
                "{}: line {n} is past the end of the file (it has {} lines)",
                args.file.display(),
                text.lines().count()
            )
        })?,
    };
    let picture = if args.ascii {
        carc_analysis::render_ascii(&board)
    } else {
        carc_analysis::render_svg(&board)
    };
    match &args.output {
        None => print!("{picture}"),
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
                line: Some(3),
                ascii: false,
                output: Some(PathBuf::from("b.svg")),
            }
        );
        let parsed = parse_args(&args(&["--ascii", "a.carc", "--line", "1"])).unwrap();
        assert!(parsed.ascii);
        assert_eq!(parsed.line, Some(1));
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
    }
}
