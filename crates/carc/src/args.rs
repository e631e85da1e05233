//! The one definition of carc's command line, with `clap`: every command, option and help
//! text below is what `carc --help`, `carc CMD --help`, the usage errors (with clap's "did
//! you mean" for a misspelled command or option), the shell completions (`carc completions`)
//! and the README's command-line section come from. The commands' modules read the parsed
//! structures; checks that clap cannot express (a `rules` word, a folder without `-o`) end in
//! [`usage_error`], which prints the same way and also exits with status 2.

use std::path::PathBuf;

use clap::{Args, CommandFactory as _, Parser, Subcommand, ValueEnum};

/// carc: checks, formats, draws and publishes `.carc` Carcassonne position files.
#[derive(Debug, Parser)]
#[command(
    name = "carc",
    version,
    about = "carc: checks, formats, draws and publishes .carc Carcassonne position files",
    after_help = "Exit status: 0 clean (warnings allowed), 1 errors found or files would change,\n\
                  2 usage or I/O problem. `carc COMMAND --help` describes a command's options.",
    subcommand_required = true,
    arg_required_else_help = true,
    max_term_width = 100
)]
pub struct Cli {
    /// Colour: auto (on a terminal without NO_COLOR), always or never
    #[arg(
        long,
        value_enum,
        global = true,
        default_value_t = ColorWhen::Auto,
        value_name = "WHEN",
        hide_possible_values = true,
        hide_default_value = true
    )]
    pub color: ColorWhen,
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Report the diagnostics of .carc files (folders are searched)
    Check(CheckArgs),
    /// Format .carc files in place
    Fmt(FmtArgs),
    /// Draw the board at a line as SVG or text
    Render(RenderArgs),
    /// Every legal move of a tile, best first
    Moves(MovesArgs),
    /// Every move valued under the puzzle goal, with the expected play
    Solve(SolveArgs),
    /// Write puzzles cut from simulated games (`carc puzzle gen`)
    Puzzle(PuzzleArgs),
    /// A lesson as an interactive web page, or a folder of lessons as a site
    Export(ExportArgs),
    /// A JCloisterZone save (.jcz) as a .carc game, or cut as a puzzle
    Import(ImportArgs),
    /// The tile catalogue, or one tile in its four rotations
    Tiles(TilesArgs),
    /// Run the language server on stdin/stdout
    Lsp(LspArgs),
    /// A shell completion script: bash, zsh, fish, powershell or elvish
    Completions(CompletionsArgs),
}

/// `--color`: auto colours when the output is a terminal and `NO_COLOR` is not set.
// The variants have no doc comments: clap would print them as a long list in every
// command's `--help`; the option's own help says what they mean.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    Auto,
    Always,
    Never,
}

/// How a report is printed: for a person (rustc-like text or a table) or as one JSON value.
#[allow(missing_docs)] // as for `ColorWhen`
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
}

/// `carc check`.
#[derive(Debug, Args)]
#[command(
    after_help = "Reports go to stdout, the summary line to stderr. Exit status 1 when \
                        a file has an error."
)]
pub struct CheckArgs {
    /// Files, or folders to search for .carc files
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// human (rustc-like, a summary on stderr) or json (one array)
    #[arg(long, value_enum, default_value_t = Format::Human, hide_possible_values = true, hide_default_value = true)]
    pub format: Format,
    /// Stop a puzzle's goal search after N positions (default: search to the end)
    #[arg(long, value_name = "N")]
    pub max_positions: Option<u64>,
    /// Stop a puzzle's goal search after SECONDS (default: no limit)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<std::time::Duration>,
    /// Exit 1 on any warning too (`search-incomplete`, `not-unique`, …): for CI
    #[arg(long)]
    pub strict: bool,
}

/// A duration in seconds (`10`, `0.5`), positive and finite.
fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if seconds.is_finite() && seconds > 0.0 && seconds < 1e9 {
        Ok(std::time::Duration::from_secs_f64(seconds))
    } else {
        Err(format!(
            "`{text}`: a time limit is a positive number of seconds"
        ))
    }
}

/// `carc fmt`.
#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Files, or folders to search for .carc files
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Write nothing: list the files that would change (exit 1 if any)
    #[arg(long)]
    pub check: bool,
}

/// `carc render`.
#[derive(Debug, Args)]
#[command(
    after_help = "Without --line, a lesson (a file with `end`) is drawn at its last line \
                        before `end`,\nany other file at its end."
)]
pub struct RenderArgs {
    /// The .carc file
    pub file: PathBuf,
    /// Draw the position after line N (1-based)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "final_")]
    pub line: Option<u64>,
    /// Draw the end of the file, after final scoring
    #[arg(long = "final", id = "final_")]
    pub final_: bool,
    /// Draw as text instead of SVG
    #[arg(long)]
    pub ascii: bool,
    /// Write the picture to OUT instead of stdout
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Overwrite OUT if it exists
    #[arg(long)]
    pub force: bool,
}

/// `carc import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The JCloisterZone save (.jcz)
    #[arg(value_name = "GAME.jcz")]
    pub file: PathBuf,
    /// Write the .carc file to OUT instead of stdout
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Overwrite OUT if it exists
    #[arg(long)]
    pub force: bool,
    /// Cut after turn N as a puzzle skeleton (`puzzle final`, the next tiles as `draws`)
    #[arg(long, value_name = "N")]
    pub until: Option<u64>,
    /// With --until: how many of the game's next tiles `draws` lists
    #[arg(long, value_name = "K", default_value_t = 2, requires = "until", value_parser = clap::value_parser!(u64).range(1..=8))]
    pub draws: u64,
}

/// `carc moves`.
#[derive(Debug, Args)]
pub struct MovesArgs {
    /// The .carc file
    pub file: PathBuf,
    /// The tile to place (a catalogue letter: `carc tiles`)
    pub tile: String,
    /// The position before line N (1-based; default: the end)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub line: Option<u64>,
    /// human (a table) or json
    #[arg(long, value_enum, default_value_t = Format::Human, hide_possible_values = true, hide_default_value = true)]
    pub format: Format,
}

/// `carc solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The .carc file
    pub file: PathBuf,
    /// The position before line N (1-based; default: the end)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub line: Option<u64>,
    /// final, score or points (default: the file's `puzzle` goal)
    #[arg(long, value_parser = ["final", "score", "points"], hide_possible_values = true)]
    pub goal: Option<String>,
    /// The search's budget of positions
    #[arg(long, value_name = "N", default_value_t = 20_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// human (a table) or json
    #[arg(long, value_enum, default_value_t = Format::Human, hide_possible_values = true, hide_default_value = true)]
    pub format: Format,
}

/// `carc puzzle`.
#[derive(Debug, Args)]
pub struct PuzzleArgs {
    /// The puzzle command.
    #[command(subcommand)]
    pub command: PuzzleCommand,
}

/// The commands of `carc puzzle`.
#[derive(Debug, Subcommand)]
pub enum PuzzleCommand {
    /// Write puzzles cut from simulated games (each checks clean)
    Gen(GenArgs),
}

/// `carc puzzle gen`.
#[derive(Debug, Args)]
#[command(
    after_help = "The `rules` words: abbot, inns-cathedrals, river, traders-builders, princess-dragon, tower, \
                        farmers, no-farmers\n(`--rules abbot,river --rules farmers`)."
)]
pub struct GenArgs {
    /// final or score
    #[arg(long, default_value = "final", value_parser = ["final", "score"], hide_possible_values = true)]
    pub goal: String,
    /// The draws each puzzle looks ahead (at most 8)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=carc_analysis::MAX_DRAWS as u64))]
    pub draws: Option<u64>,
    /// The seed of the simulated games
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// How many puzzles to write
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,
    /// How much better than every other move the answer must be
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(u64).range(1..))]
    pub margin: Option<u64>,
    /// Expansions by their `rules` words (repeatable, or a comma list)
    #[arg(long, value_name = "WORD[,WORD…]")]
    pub rules: Vec<String>,
    /// The folder to write the puzzles to
    #[arg(short, long, value_name = "DIR", default_value = ".")]
    pub output: PathBuf,
    /// Overwrite puzzle files that already exist
    #[arg(long)]
    pub force: bool,
    /// Words given without `--rules` (a usage error that says how to give them).
    #[arg(hide = true)]
    pub stray: Vec<String>,
}

/// `carc export`.
#[derive(Debug, Args)]
#[command(
    after_help = "A file with errors exports nothing unless --force. A folder exports to \
                        `-o DIR`:\nevery lesson as a page, plus index.html."
)]
pub struct ExportArgs {
    /// A lesson file, or a folder of lessons
    #[arg(value_name = "FILE|FOLDER")]
    pub path: PathBuf,
    /// The page (default: stdout), or the site's folder
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Export despite errors, and overwrite existing pages
    #[arg(long)]
    pub force: bool,
    /// html (the page) or json (the page model; one file only)
    #[arg(long, value_enum, default_value_t = ExportFormat::Html, hide_possible_values = true, hide_default_value = true)]
    pub format: ExportFormat,
}

/// What `carc export` writes: the page, or the page model as JSON.
#[allow(missing_docs)] // as for `ColorWhen`
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    Html,
    Json,
}

/// `carc tiles`.
#[derive(Debug, Args)]
pub struct TilesArgs {
    /// One tile, drawn in its four rotations
    #[arg(conflicts_with = "docs")]
    pub tile: Option<String>,
    /// Draw as SVG instead of text
    #[arg(long, conflicts_with = "docs")]
    pub svg: bool,
    /// Write DIR/tiles.md and its pictures (docs/tiles.md is its output)
    #[arg(long, value_name = "DIR")]
    pub docs: Option<PathBuf>,
    /// With --docs: write nothing, fail if the files differ
    #[arg(long, requires = "docs")]
    pub check: bool,
}

/// `carc lsp`: the arguments editors pass by convention.
#[derive(Debug, Args)]
pub struct LspArgs {
    /// The transport (the only one there is)
    #[arg(long)]
    pub stdio: bool,
    /// The editor's process: the server exits once it is gone
    #[arg(long = "clientProcessId", value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub client_process_id: Option<u32>,
}

/// `carc completions`.
#[derive(Debug, Args)]
#[command(
    after_help = "Install (bash): carc completions bash > ~/.local/share/bash-completion/completions/carc\n\
                        See the README for zsh, fish and PowerShell."
)]
pub struct CompletionsArgs {
    /// bash, zsh, fish, powershell or elvish
    #[arg(value_enum, hide_possible_values = true)]
    pub shell: clap_complete::Shell,
}

/// A usage error found after parsing, for the command at `path` (`["puzzle", "gen"]`):
/// printed like clap's own (with the command's usage line), exit status 2.
pub fn usage_error(path: &[&str], message: impl std::fmt::Display) -> clap::Error {
    let mut command = Cli::command();
    command.build();
    let mut sub = &mut command;
    for name in path {
        sub = sub
            .find_subcommand_mut(name)
            .expect("usage_error names a command of Cli");
    }
    sub.error(clap::error::ErrorKind::ValueValidation, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(list: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("carc").chain(list.iter().copied()))
    }

    #[test]
    fn the_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn options_in_any_order_with_or_without_equals_and_aliases() {
        let Command::Render(r) = parse(&["render", "--line=3", "a.carc", "-o", "b.svg"])
            .unwrap()
            .command
        else {
            panic!("not render")
        };
        assert_eq!(
            (r.line, r.file, r.output),
            (Some(3), "a.carc".into(), Some("b.svg".into()))
        );
        let Command::Check(c) = parse(&["check", "--format", "json", "x", "y"])
            .unwrap()
            .command
        else {
            panic!("not check")
        };
        assert_eq!(c.format, Format::Json);
        assert_eq!(c.paths, [PathBuf::from("x"), PathBuf::from("y")]);
    }

    #[test]
    fn usage_errors_say_what_is_wrong_and_exit_2() {
        use clap::error::ErrorKind;
        let cases: &[(&[&str], ErrorKind, &str)] = &[
            (&["chek", "x"], ErrorKind::InvalidSubcommand, "'check'"),
            (
                &["check", "--formt", "json", "x"],
                ErrorKind::UnknownArgument,
                "'--format'",
            ),
            (&["check"], ErrorKind::MissingRequiredArgument, "<PATH>"),
            (
                &["render", "a", "--line", "0"],
                ErrorKind::ValueValidation,
                "0",
            ),
            (
                &["render", "a", "--line"],
                ErrorKind::InvalidValue,
                "--line",
            ),
            (
                &["render", "a", "--final", "--line", "2"],
                ErrorKind::ArgumentConflict,
                "--final",
            ),
            (
                &["check", "--format", "xml", "a"],
                ErrorKind::InvalidValue,
                "human, json",
            ),
            (
                &["fmt", "--check=yes", "a"],
                ErrorKind::TooManyValues,
                "--check",
            ),
            (
                &["lsp", "--clientProcessId", "0"],
                ErrorKind::ValueValidation,
                "0",
            ),
            (
                &["lsp", "file.carc"],
                ErrorKind::UnknownArgument,
                "file.carc",
            ),
            (
                &["tiles", "--check"],
                ErrorKind::MissingRequiredArgument,
                "--docs",
            ),
        ];
        for (args, kind, shown) in cases {
            let err = parse(args).unwrap_err();
            assert_eq!(err.kind(), *kind, "{args:?}: {err}");
            assert_eq!(err.exit_code(), 2, "{args:?}");
            let text = err.to_string();
            assert!(text.contains(shown), "{args:?}: {text}");
        }
        let err = parse(&["chek", "x"]).unwrap_err().to_string();
        assert!(
            err.contains("tip: a similar subcommand exists: 'check'"),
            "{err}"
        );
    }

    #[test]
    fn the_arguments_language_clients_pass() {
        for (args, pid) in [
            (&["lsp"][..], None),
            (&["lsp", "--stdio"], None),
            (&["lsp", "--stdio", "--clientProcessId=4242"], Some(4242)),
            (&["lsp", "--clientProcessId", "4242", "--stdio"], Some(4242)),
        ] {
            let Command::Lsp(lsp) = parse(args).unwrap().command else {
                panic!("not lsp")
            };
            assert_eq!(lsp.client_process_id, pid, "{args:?}");
        }
    }

    #[test]
    fn a_usage_error_after_parsing_shows_the_commands_usage() {
        let err = usage_error(&["puzzle", "gen"], "`river` is a `rules` word");
        assert_eq!(err.exit_code(), 2);
        let text = err.to_string();
        assert!(text.contains("`river` is a `rules` word"), "{text}");
        assert!(text.contains("Usage: carc puzzle gen"), "{text}");
    }
}
