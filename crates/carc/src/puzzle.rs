//! `carc puzzle gen [--goal final|score] [--draws N] [--seed S] [--count N] [--margin M]
//! [--rules WORD[,WORD…]]… [-o DIR]`: writes puzzles cut from simulated games, with the
//! expansions the `rules` words name (docs/puzzles.md).

use std::path::PathBuf;
use std::process::ExitCode;

use carc_analysis::GenOptions;
use carc_notation::PuzzleGoal;

use crate::args;
use crate::files::SourceError;

const SHAPE: &str = "usage: carc puzzle gen [--goal final|score] [--draws N] [--seed S] [--count N] [--margin M] [--rules WORD[,WORD…]]… [-o DIR]";

/// Runs `carc puzzle …`; `Err` is a usage or I/O problem (exit status 2).
pub fn puzzle(args: &[String]) -> Result<ExitCode, String> {
    const SPEC: args::Spec = args::Spec {
        usage: SHAPE,
        valued: &[
            &["--goal"],
            &["--draws"],
            &["--seed"],
            &["--count"],
            &["--margin"],
            &["--rules"],
            &["--output", "-o"],
        ],
        switches: &[],
    };
    let parsed = args::parse(args, &SPEC)?;
    match parsed.positional.as_slice() {
        [gen] if gen == "gen" => {}
        [gen, word, ..] if gen == "gen" && carc_notation::rule_option(word).is_some() => {
            return Err(format!(
                "`{word}` is a `rules` word: give each after its own `--rules` (`--rules abbot --rules river`) or join them with commas (`--rules abbot,river`)\n{SHAPE}"
            ))
        }
        _ => return Err(format!("`carc puzzle` has one subcommand, `gen`\n{SHAPE}")),
    }
    let number =
        |name: &str, default: u64, min: u64| -> Result<u64, String> {
            match parsed.value(name) {
                None => Ok(default),
                Some(v) => v.parse::<u64>().ok().filter(|n| *n >= min).ok_or_else(|| {
                    format!("`{name}` takes a number from {min}, not `{v}`\n{SHAPE}")
                }),
            }
        };
    let defaults = GenOptions::default();
    let goal = match parsed.value("--goal") {
        None | Some("final") => PuzzleGoal::Final,
        Some("score") => PuzzleGoal::Score,
        Some(other) => {
            return Err(format!(
                "unknown goal `{other}`: expected final or score\n{SHAPE}"
            ))
        }
    };
    let mut options = GenOptions {
        goal,
        draws: number("--draws", defaults.draws as u64, 1)?.min(8) as usize,
        seed: number("--seed", defaults.seed, 0)?,
        count: number("--count", defaults.count as u64, 1)? as usize,
        margin: number("--margin", defaults.margin as u64, 1)? as i64,
        ..defaults
    };
    // `--rules` is repeatable and each value a list of `rules` words (commas or spaces)
    for list in parsed.values("--rules") {
        let words: Vec<&str> = list
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() {
            return Err(format!(
                "`--rules` needs a word: expected {}\n{SHAPE}",
                carc_analysis::gen_rule_words().join(", ")
            ));
        }
        for word in words {
            options
                .apply_rule_word(word)
                .map_err(|e| format!("{e}\n{SHAPE}"))?;
        }
    }
    let dir = PathBuf::from(parsed.value("--output").unwrap_or("."));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let generation = carc_analysis::generate_counted(&options);
    let puzzles = &generation.puzzles;
    let mut failed = false;
    for p in puzzles {
        let path = dir.join(&p.name);
        match std::fs::write(&path, &p.text) {
            Ok(()) => crate::output::println(&format!(
                "{}: {} is worth {:+}, the greedy move {:+}",
                path.display(),
                p.answer,
                p.value,
                p.greedy
            )),
            Err(e) => {
                failed = true;
                eprintln!("carc: {}", SourceError::Write(path.clone(), e));
            }
        }
    }
    let skipped: Vec<String> = generation
        .skipped
        .iter()
        .map(|(skip, n)| format!("{n}: {}", skip.describe()))
        .collect();
    eprintln!(
        "wrote {} of {} puzzle{}{}",
        puzzles.len(),
        options.count,
        if options.count == 1 { "" } else { "s" },
        if skipped.is_empty() {
            String::new()
        } else {
            format!(
                " ({} positions skipped: {})",
                generation.skipped.iter().map(|(_, n)| n).sum::<usize>(),
                skipped.join("; ")
            )
        }
    );
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}
