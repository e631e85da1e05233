//! `carc`: the command line. `carc check` prints the analysis layer's diagnostics for a
//! terminal or CI, `carc fmt` formats files, `carc lsp` runs the language server on stdio.

mod board;
mod files;
mod moves;
mod report;

use std::path::PathBuf;
use std::process::ExitCode;

use files::{collect_carc_files, read_source, SourceError};

const USAGE: &str = "\
usage: carc <command> [options] [paths]

commands:
  check [--format human|json] PATH...   report the diagnostics of .carc files (folders are searched)
  fmt [--check] PATH...                 format .carc files in place (--check: list files that would change)
  render FILE [--line N] [--ascii] [-o OUT]
                                        draw the position at line N (default: the end) as SVG or text
  moves FILE TILE [--line N] [--format human|json]
                                        every legal move of TILE before line N (default: the end), best first
  lsp                                   run the language server on stdin/stdout
  help                                  print this message

exit status: 0 clean (warnings allowed), 1 errors found or files would change, 2 usage or I/O problem";

/// What `carc check` prints.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OutputFormat {
    Human,
    Json,
}

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
        "lsp" => {
            if let Some(extra) = rest.first() {
                return Err(format!("`carc lsp` takes no arguments, got `{extra}`"));
            }
            lsp()
        }
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        "--version" | "-V" => {
            println!("carc {}", env!("CARGO_PKG_VERSION"));
            Ok(ExitCode::SUCCESS)
        }
        other => Err(format!("unknown command `{other}`\n{USAGE}")),
    }
}

/// Splits `--flag value` options from paths; options are checked by the caller.
fn parse_paths(
    args: &[String],
    mut option: impl FnMut(&str, &mut dyn Iterator<Item = &String>) -> Result<bool, String>,
) -> Result<Vec<PathBuf>, String> {
    let mut paths = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if arg.starts_with("--") {
            if !option(arg, &mut iter)? {
                return Err(format!("unknown option `{arg}`\n{USAGE}"));
            }
        } else {
            paths.push(PathBuf::from(arg));
        }
    }
    if paths.is_empty() {
        return Err(format!("no paths given\n{USAGE}"));
    }
    Ok(paths)
}

fn check(args: &[String]) -> Result<ExitCode, String> {
    let mut format = OutputFormat::Human;
    let paths = parse_paths(args, |arg, rest| {
        let value = match arg.split_once('=') {
            Some(("--format", value)) => value.to_owned(),
            None if arg == "--format" => rest
                .next()
                .cloned()
                .ok_or("`--format` needs a value: human or json")?,
            _ => return Ok(false),
        };
        format = match value.as_str() {
            "human" => OutputFormat::Human,
            "json" => OutputFormat::Json,
            other => return Err(format!("unknown format `{other}`: expected human or json")),
        };
        Ok(true)
    })?;
    let files = collect_carc_files(&paths).map_err(|e| e.to_string())?;

    let mut report = report::Report::default();
    let mut io_failed = false;
    for path in &files {
        match read_source(path) {
            Ok(text) => {
                let analysis = carc_analysis::analyze(&text);
                report.add(path, &text, analysis.diagnostics());
            }
            Err(err) => {
                io_failed = true;
                eprintln!("carc: {err}");
            }
        }
    }
    match format {
        OutputFormat::Human => print!("{}", report.human()),
        OutputFormat::Json => println!("{}", report.json()),
    }
    if format == OutputFormat::Human {
        eprintln!("{}", report.summary(files.len()));
    }
    Ok(if io_failed {
        ExitCode::from(2)
    } else if report.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn fmt(args: &[String]) -> Result<ExitCode, String> {
    let mut check_only = false;
    let paths = parse_paths(args, |arg, _| {
        if arg == "--check" {
            check_only = true;
            Ok(true)
        } else {
            Ok(false)
        }
    })?;
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
            println!("{}", path.display());
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

/// Runs the language server on stdin/stdout until the client says `exit`. By the protocol
/// the status is 0 when `shutdown` came first, else 1. Logs never go to stdout.
fn lsp() -> Result<ExitCode, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the language server: {e}"))?;
    let shut_down = runtime.block_on(carc_lsp::serve(tokio::io::stdin(), tokio::io::stdout()));
    // The thread blocked reading stdin cannot be cancelled: do not wait for it.
    runtime.shutdown_background();
    Ok(if shut_down {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
