//! `carc`: the command line. `carc check` prints the analysis layer's diagnostics for a
//! terminal or CI, `carc fmt` formats files, `carc lsp` runs the language server on stdio.

mod args;
mod board;
mod export;
mod files;
mod lsp;
mod moves;
mod output;
mod puzzle;
mod report;
mod solve;
mod tiles;

use std::path::PathBuf;
use std::process::ExitCode;

use args::Format;
use files::{collect_carc_files, read_source, SourceError};

const USAGE: &str = "\
usage: carc <command> [options] [paths]

commands:
  check [--format human|json] PATH...   report the diagnostics of .carc files (folders are searched)
  fmt [--check] PATH...                 format .carc files in place (--check: list files that would change)
  render FILE [--line N | --final] [--ascii] [-o OUT]
                                        draw the position at line N as SVG or text (default: a lesson's
                                        last line before `end`, else the end; --final: after `end`)
  moves FILE TILE [--line N] [--format human|json]
                                        every legal move of TILE before line N (default: the end), best first
  solve FILE [--line N] [--goal final|score|points] [--nodes N] [--format human|json]
                                        the value of each move under the puzzle goal, with the expected play
  puzzle gen [--goal final|score] [--draws N] [--seed S] [--count N] [--margin M]
             [--rules WORD[,WORD...]]... [-o DIR]
                                        write puzzles cut from simulated games (each checks clean);
                                        --rules (repeatable, or a comma list): abbot, inns-cathedrals,
                                        river, traders-builders, farmers, no-farmers (the `rules` words)
  export FILE [-o OUT.html] [--force] [--format html|json]
                                        the lesson as one self-contained interactive web page
  export FOLDER -o DIR [--force]        every lesson of the folder as a page, plus index.html
  tiles [TILE] [--svg]                  the tile catalogue drawn at r0, or one tile in its four rotations
  tiles --docs DIR [--check]            write (or check) DIR/tiles.md and its pictures (docs/tiles.md)
  lsp [--stdio] [--clientProcessId N]   run the language server on stdin/stdout (the options are
                                        the ones editors pass; the server exits when process N is gone)
  help                                  print this message

exit status: 0 clean (warnings allowed), 1 errors found or files would change, 2 usage or I/O problem";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("carc: {message}");
            ExitCode::from(2)
        }
    }
}

/// Dispatches a command; `Err` is a usage problem (exit status 2).
fn run(args: &[String]) -> Result<ExitCode, String> {
    let Some((command, rest)) = args.split_first() else {
        return Err(format!("no command given\n{USAGE}"));
    };
    match command.as_str() {
        "check" => check(rest),
        "fmt" => fmt(rest),
        "moves" => moves::moves(rest),
        "render" => board::render(rest),
        "solve" => solve::solve(rest),
        "puzzle" => puzzle::puzzle(rest),
        "export" => export::export(rest),
        "tiles" => tiles::tiles(rest),
        "lsp" => lsp::lsp(rest),
        "help" | "--help" | "-h" => {
            output::println(USAGE);
            Ok(ExitCode::SUCCESS)
        }
        "--version" | "-V" => {
            output::println(&format!("carc {}", env!("CARGO_PKG_VERSION")));
            Ok(ExitCode::SUCCESS)
        }
        other => Err(format!("unknown command `{other}`\n{USAGE}")),
    }
}

/// The paths of `check` and `fmt`: at least one.
fn paths(parsed: &args::Parsed) -> Result<Vec<PathBuf>, String> {
    if parsed.positional.is_empty() {
        return Err(format!("no paths given\n{USAGE}"));
    }
    Ok(parsed.positional.iter().map(PathBuf::from).collect())
}

fn check(args: &[String]) -> Result<ExitCode, String> {
    const SPEC: args::Spec = args::Spec {
        usage: "usage: carc check [--format human|json] PATH...",
        valued: &[&["--format"]],
        switches: &[],
    };
    let parsed = args::parse(args, &SPEC)?;
    let format = parsed.format()?;
    let paths = paths(&parsed)?;
    let files = collect_carc_files(&paths).map_err(|e| e.to_string())?;

    let mut report = report::Report::default();
    for path in &files {
        match read_source(path) {
            Ok(text) => {
                let analysis = carc_analysis::analyze(&text);
                report.add(path, &text, analysis.diagnostics());
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
        eprintln!("{}", report.summary());
    }
    Ok(if report.has_unreadable() {
        ExitCode::from(2)
    } else if report.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn fmt(args: &[String]) -> Result<ExitCode, String> {
    const SPEC: args::Spec = args::Spec {
        usage: "usage: carc fmt [--check] PATH...",
        valued: &[],
        switches: &["--check"],
    };
    let parsed = args::parse(args, &SPEC)?;
    let check_only = parsed.switch("--check");
    let paths = paths(&parsed)?;
    let files = collect_carc_files(&paths).map_err(|e| e.to_string())?;
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
        } else if let Err(err) = std::fs::write(path, formatted) {
            io_failed = true;
            eprintln!("carc: {}", SourceError::Write(path.clone(), err));
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
