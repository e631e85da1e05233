//! `carc`: the command line. `carc check` prints the analysis layer's diagnostics for a
//! terminal or CI, `carc fmt` formats files, `carc lsp` runs the language server on stdio.

mod args;
mod board;
#[cfg(test)]
mod doc_examples;
mod export;
mod files;
mod import;
mod lsp;
mod moves;
mod output;
mod progress;
mod puzzle;
mod report;
mod solve;
mod tiles;

use std::process::ExitCode;

use args::{Command, Format};
use clap::{CommandFactory as _, Parser as _};
use files::{collect_carc_files, read_source};

/// Why a command failed: a usage error (printed by clap, with the command's usage) or any
/// other problem (printed as `carc: MESSAGE`). Both exit with status 2.
pub enum Problem {
    /// The command line is wrong.
    Usage(clap::Error),
    /// An input, output or search problem.
    Fail(String),
}

impl From<String> for Problem {
    fn from(message: String) -> Self {
        Problem::Fail(message)
    }
}

impl From<clap::Error> for Problem {
    fn from(error: clap::Error) -> Self {
        Problem::Usage(error)
    }
}

/// What a command returns: its exit status, or the problem that stopped it.
pub type Outcome = Result<ExitCode, Problem>;

fn main() -> ExitCode {
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return clap_exit(&err),
    };
    match run(cli) {
        Ok(code) => code,
        Err(Problem::Usage(err)) => clap_exit(&err),
        Err(Problem::Fail(message)) => {
            eprintln!("carc: {message}");
            ExitCode::from(2)
        }
    }
}

/// Prints a clap error, or the help or version it carries, and gives its exit status (0 for
/// `--help` and `--version`, 2 for usage errors). A closed pipe (`carc --help | head -1`) is
/// not an error.
fn clap_exit(err: &clap::Error) -> ExitCode {
    let _ = err.print();
    ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2))
}

/// Runs the command the command line names.
fn run(cli: args::Cli) -> Outcome {
    let color = cli.color;
    match cli.command {
        Command::Check(a) => check(a, color),
        Command::Fmt(a) => fmt(a),
        Command::Moves(a) => moves::moves(a),
        Command::Render(a) => board::render(a),
        Command::Solve(a) => solve::solve(a),
        Command::Puzzle(a) => puzzle::puzzle(a),
        Command::Export(a) => export::export(a, color),
        Command::Import(a) => import::import(a),
        Command::Tiles(a) => tiles::tiles(a),
        Command::Lsp(a) => lsp::lsp(a),
        Command::Completions(a) => completions(a),
    }
}

/// `carc completions SHELL`: the shell's completion script, generated from [`args::Cli`].
fn completions(args: args::CompletionsArgs) -> Outcome {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut args::Cli::command(), "carc", &mut script);
    output::print(&String::from_utf8_lossy(&script));
    Ok(ExitCode::SUCCESS)
}

fn check(args: args::CheckArgs, color: args::ColorWhen) -> Outcome {
    let format = args.format;
    let files = collect_carc_files(&args.paths).map_err(|e| e.to_string())?;

    let search = carc_analysis::SearchOptions {
        positions: args.max_positions,
        time: args.time_limit,
        ..carc_analysis::SearchOptions::full()
    };
    let mut report = report::Report::new(output::colored(color, &std::io::stdout()));
    for path in &files {
        match read_source(path) {
            Ok(text) => {
                // Made at the first call back, so that a quick check draws nothing at all.
                let counter = std::cell::OnceCell::new();
                let searched = |positions: u64| {
                    counter
                        .get_or_init(|| {
                            progress::search_counter(&path.display().to_string(), positions)
                        })
                        .set_position(positions);
                };
                let search = carc_analysis::SearchOptions {
                    progress: Some(&searched),
                    ..search
                };
                let analysis = carc_analysis::analyze_with(&text, None, &search);
                if let Some(counter) = counter.get() {
                    counter.finish_and_clear();
                }
                report.add(path, &text, analysis.diagnostics());
                if let Some(note) = carc_analysis::puzzle_note(&analysis) {
                    report.add_note(path, &text, &note);
                }
            }
            Err(err) => {
                report.add_unreadable();
                eprintln!("carc: {err}");
            }
        }
    }
    match format {
        Format::Human => output::print(report.human()),
        Format::Json => output::println(&report.json()),
    }
    if format == Format::Human {
        eprint!("{}", report.notes());
        eprintln!("{}", report.summary());
    }
    Ok(if report.has_unreadable() {
        ExitCode::from(2)
    } else if report.has_errors() || (args.strict && report.has_warnings()) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn fmt(args: args::FmtArgs) -> Outcome {
    let check_only = args.check;
    let files = collect_carc_files(&args.paths).map_err(|e| e.to_string())?;
    let mut io_failed = false;
    let mut changed = 0usize;
    for path in &files {
        let text = match read_source(path) {
            Ok(text) => text,
            Err(err) => {
                io_failed = true;
                eprintln!("carc: {err}");
                continue;
            }
        };
        let formatted = carc_notation::format(&text);
        if formatted == text {
            continue;
        }
        changed += 1;
        if check_only {
            output::println(&path.display().to_string());
        } else if let Err(err) = output::file::replace(path, formatted.as_bytes()) {
            // Atomic: on a full disk the file is left as it was, never cut short.
            io_failed = true;
            eprintln!("carc: {err}");
        }
    }
    if check_only && changed > 0 {
        eprintln!("carc: {changed} file(s) would be reformatted");
    }
    Ok(if io_failed {
        ExitCode::from(2)
    } else if check_only && changed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
