//! Every command line the documentation shows goes through the parser: the lines of code
//! blocks and the inline code spans of README.md, ARCHITECTURE.md and docs/*.md that run
//! `carc` (also as `cargo run -p carc -- …` or `…/bin/carc …`), read from the files, so that a
//! new example is covered without a change here. Synopses (`carc render FILE [--line N |
//! --final]`) are tried bare and with each bracketed alternative, their placeholders replaced
//! by sample values. Prose may name a command without its required arguments (`` `carc
//! check` ``); any other usage error (an unknown option, a bad value, a conflict) fails.

use std::path::{Path, PathBuf};

use clap::error::ErrorKind;
use clap::Parser as _;

use crate::args::Cli;

/// Placeholders of the docs' synopses and the sample value each stands for; longest first,
/// as some contain others.
const PLACEHOLDERS: &[(&str, &str)] = &[
    ("WORD[,WORD…]", "abbot"),
    ("SUBCOMMAND", "check"),
    ("SHELL", "bash"),
    ("FILE.carc", "lesson.carc"),
    ("OUT.html", "out.html"),
    ("OUT.carc", "out.carc"),
    ("GAME.jcz", "game.jcz"),
    ("PATH...", "lesson.carc"),
    ("PATH…", "lesson.carc"),
    ("FOLDER", "lessons"),
    ("FILE", "lesson.carc"),
    ("TILE", "D"),
    ("PATH", "lesson.carc"),
    ("WORD", "abbot"),
    ("OUT", "out.svg"),
    ("DIR", "out"),
    ("N", "3"),
    ("M", "2"),
    ("K", "2"),
    ("S", "7"),
    ("SECONDS", "10"),
];

/// One command line found in a document.
struct Example {
    /// `README.md:14`.
    place: String,
    /// The words after `carc`, as written.
    words: Vec<String>,
    /// From prose (an inline span) rather than a code block.
    inline: bool,
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn documents() -> Vec<PathBuf> {
    let root = repo_root();
    let mut docs = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    let mut more: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is readable")
        .map(|e| e.expect("a docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    more.sort();
    docs.extend(more);
    docs
}

/// The arguments of a `carc` run in a piece of shell text, if it has one: the words after
/// `carc` (or `carc --`), up to a pipe, redirection, separator or comment.
fn carc_words(text: &str) -> Option<Vec<String>> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let at = words.iter().position(|w| {
        *w == "carc"
            || ["bin/carc", "release/carc", "debug/carc"]
                .iter()
                .any(|b| w.ends_with(b))
    })?;
    // `cargo run -p carc` without `--` names the package, not arguments.
    let mut rest = &words[at + 1..];
    if at > 0 && matches!(words[at - 1], "-p" | "--package" | "--path") {
        rest = rest.strip_prefix(&["--"][..])?;
    }
    let args: Vec<String> = rest
        .iter()
        .take_while(|w| !matches!(**w, "|" | ">" | ">>" | "&&" | ";" | "#" | "2>"))
        .map(|w| w.trim_matches(['\'', '"']).to_owned())
        .collect();
    if args.is_empty() || args.iter().all(|w| w == "…" || w == "...") {
        return None;
    }
    Some(args)
}

fn examples() -> Vec<Example> {
    let mut out = Vec::new();
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).expect("a readable document");
        let name = doc
            .strip_prefix(repo_root())
            .unwrap_or(&doc)
            .display()
            .to_string();
        let mut fenced = false;
        for (i, line) in text.lines().enumerate() {
            let place = format!("{name}:{}", i + 1);
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                continue;
            }
            if fenced {
                // A description may follow the command after a gap of two spaces or more.
                let command = line.trim_start().trim_start_matches("$ ");
                let command = command.split("  ").next().unwrap_or_default();
                if command.starts_with("carc ")
                    || command.starts_with("cargo ")
                    || command.starts_with("~/")
                {
                    if let Some(words) = carc_words(command) {
                        out.push(Example {
                            place,
                            words,
                            inline: false,
                        });
                    }
                }
                continue;
            }
            // Inline code spans: the odd pieces between backticks.
            for span in line.split('`').skip(1).step_by(2) {
                if let Some(words) = carc_words(span) {
                    out.push(Example {
                        place: place.clone(),
                        words,
                        inline: true,
                    });
                }
            }
        }
    }
    out
}

/// A synopsis as a sequence of words and bracketed groups of alternatives.
#[derive(Debug, Clone)]
enum Item {
    Word(String),
    Group(Vec<Vec<Item>>),
}

fn parse_items(tokens: &mut std::iter::Peekable<std::vec::IntoIter<String>>) -> Vec<Vec<Item>> {
    let mut alternatives = vec![Vec::new()];
    while let Some(token) = tokens.next() {
        match token.as_str() {
            "[" => {
                let group = parse_items(tokens);
                alternatives.last_mut().unwrap().push(Item::Group(group));
            }
            "]" => break,
            "|" => alternatives.push(Vec::new()),
            _ => alternatives
                .last_mut()
                .unwrap()
                .push(Item::Word(token.clone())),
        }
    }
    alternatives
}

/// The command lines a synopsis stands for: without any optional group, then with each
/// group's each alternative; a word `a|b` (a value's alternatives) gives one line per value.
fn expand(words: &[String]) -> Vec<Vec<String>> {
    let mut tokens = Vec::new();
    for word in words {
        let mut word = word.clone();
        for (placeholder, sample) in PLACEHOLDERS {
            if word.trim_matches(['[', ']', '…']) == *placeholder
                || word.trim_matches(['[', ']', '…']).strip_suffix("...") == Some(placeholder)
                || word.contains("WORD[,WORD…]") && *placeholder == "WORD[,WORD…]"
            {
                word = word.replacen(placeholder, sample, 1);
                break;
            }
        }
        let word = word.trim_end_matches(['…']).replace("...", "");
        let opening = word.len() - word.trim_start_matches('[').len();
        let closing = word.len() - word.trim_end_matches(']').len();
        tokens.extend(std::iter::repeat_n("[".to_owned(), opening));
        let core = &word[opening..word.len() - closing];
        if !core.is_empty() {
            tokens.push(core.to_owned());
        }
        tokens.extend(std::iter::repeat_n("]".to_owned(), closing));
    }
    let items = parse_items(&mut tokens.into_iter().peekable())
        .into_iter()
        .next()
        .unwrap_or_default();
    let flat = |chosen: Option<(usize, usize)>| -> Vec<String> {
        let mut line = Vec::new();
        for (g, item) in items.iter().enumerate() {
            match item {
                Item::Word(w) => line.push(w.clone()),
                Item::Group(alternatives) => {
                    if let Some((group, alt)) = chosen.filter(|(group, _)| *group == g) {
                        let _ = group;
                        for item in &alternatives[alt] {
                            if let Item::Word(w) = item {
                                line.push(w.clone());
                            }
                        }
                    }
                }
            }
        }
        line
    };
    let mut lines = vec![flat(None)];
    for (g, item) in items.iter().enumerate() {
        if let Item::Group(alternatives) = item {
            for alt in 0..alternatives.len() {
                lines.push(flat(Some((g, alt))));
            }
        }
    }
    // Value alternatives: `human|json` gives one line each.
    lines
        .into_iter()
        .flat_map(|line| {
            let Some(at) = line.iter().position(|w| w.contains('|')) else {
                return vec![line];
            };
            line[at]
                .split('|')
                .map(|value| {
                    let mut one = line.clone();
                    one[at] = value.to_owned();
                    one
                })
                .collect()
        })
        .collect()
}

#[test]
fn every_documented_command_line_parses() {
    let examples = examples();
    // The docs have many: a broken extraction that finds none must not pass.
    assert!(examples.len() > 30, "only {} found", examples.len());
    let mut failures = Vec::new();
    let mut tried = 0;
    for example in &examples {
        for line in expand(&example.words) {
            tried += 1;
            let Err(err) =
                Cli::try_parse_from(std::iter::once("carc".to_owned()).chain(line.clone()))
            else {
                continue;
            };
            let named_in_prose = example.inline && err.kind() == ErrorKind::MissingRequiredArgument;
            let help = matches!(
                err.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            );
            if !named_in_prose && !help {
                failures.push(format!(
                    "{}: `carc {}` (from `carc {}`): {}",
                    example.place,
                    line.join(" "),
                    example.words.join(" "),
                    err.to_string().lines().next().unwrap_or_default()
                ));
            }
        }
    }
    assert!(tried >= examples.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn synopses_expand_to_each_alternative_with_sample_values() {
    let words = |s: &str| s.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
    let lines = expand(&words("render FILE [--line N | --final] [-o OUT]"));
    let lines: Vec<String> = lines.iter().map(|l| l.join(" ")).collect();
    assert_eq!(
        lines,
        [
            "render lesson.carc",
            "render lesson.carc --line 3",
            "render lesson.carc --final",
            "render lesson.carc -o out.svg",
        ]
    );
    let lines = expand(&words("check [--format human|json] PATH..."));
    let lines: Vec<String> = lines.iter().map(|l| l.join(" ")).collect();
    assert_eq!(
        lines,
        [
            "check lesson.carc",
            "check --format human lesson.carc",
            "check --format json lesson.carc",
        ]
    );
    let lines = expand(&words("puzzle gen [--rules WORD[,WORD…]]… [-o DIR]"));
    let lines: Vec<String> = lines.iter().map(|l| l.join(" ")).collect();
    assert_eq!(
        lines,
        [
            "puzzle gen",
            "puzzle gen --rules abbot",
            "puzzle gen -o out"
        ]
    );
    assert_eq!(
        carc_words("cargo run --release -p carc -- check examples # check"),
        Some(words("check examples"))
    );
    assert_eq!(carc_words("cargo install --path crates/carc"), None);
    assert_eq!(
        carc_words("carc moves FILE D | head -1"),
        Some(words("moves FILE D"))
    );
}
