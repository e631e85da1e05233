//! `carc render FILE [--line N | --final] [--ascii] [-o OUT [--force]]`: the picture of a position.
//! Parses the arguments, reads the file, asks the analysis for the board and its SVG or
//! terminal drawing, writes it. The drawing itself lives in `carc-analysis` (`render_svg`).
//! Without `--line`, a lesson (a file with `end`) is drawn at its last line before `end`,
//! where the teaching happens; `--final` draws the end of the file, after final scoring.

use std::process::ExitCode;

use crate::args;
use crate::files::read_source;
use crate::output::file::Writer;
use crate::Outcome;

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

/// Runs `carc render`; `Err` is a usage or I/O problem (exit status 2).
pub fn render(args: args::RenderArgs) -> Outcome {
    // clap refuses `--line` with `--final`.
    let at = match (args.line, args.final_) {
        (Some(n), _) => At::Line(n as usize),
        (None, true) => At::Final,
        (None, false) => At::Default,
    };
    // Refused before any work: an existing OUT without --force, or the input itself.
    let writer = Writer::new(args.force, [args.file.as_path()]);
    if let Some(path) = &args.output {
        writer.check(path)?;
    }
    let text = read_source(&args.file).map_err(|e| e.to_string())?;
    let analysis = carc_analysis::analyze(&text);
    let board = match at {
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
                carc_notation::line_spans(&text).count()
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
        Some(path) => writer.write(path, picture.as_bytes())?,
    }
    Ok(ExitCode::SUCCESS)
}
