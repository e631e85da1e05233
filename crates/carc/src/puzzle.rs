//! `carc puzzle gen [--goal final|score] [--draws N] [--seed S] [--count N] [--margin M]
//! [--rules WORD[,WORD…]]… [-o DIR] [--force]`: writes puzzles cut from simulated games, with the
//! expansions the `rules` words name (docs/puzzles.md).

use std::process::ExitCode;

use carc_analysis::GenOptions;
use carc_notation::PuzzleGoal;

use crate::args;
use crate::output::file::Writer;
use crate::Outcome;

/// Runs `carc puzzle …`; `Err` is a usage or I/O problem (exit status 2).
pub fn puzzle(args: args::PuzzleArgs) -> Outcome {
    match args.command {
        args::PuzzleCommand::Gen(gen) => generate(gen),
    }
}

/// `carc puzzle gen`.
fn generate(args: args::GenArgs) -> Outcome {
    let usage = |message: String| args::usage_error(&["puzzle", "gen"], message);
    if let Some(word) = args.stray.first() {
        return Err(usage(if carc_notation::rule_option(word).is_some() {
            format!(
                "`{word}` is a `rules` word: give each after its own `--rules` (`--rules abbot --rules river`) or join them with commas (`--rules abbot,river`)"
            )
        } else {
            format!("unexpected argument `{word}`: `carc puzzle gen` takes options only")
        })
        .into());
    }
    let defaults = GenOptions::default();
    let goal = match args.goal.as_str() {
        "score" => PuzzleGoal::Score,
        _ => PuzzleGoal::Final,
    };
    let mut options = GenOptions {
        goal,
        // clap refused more than MAX_DRAWS
        draws: args.draws.map_or(defaults.draws, |n| n as usize),
        seed: args.seed.unwrap_or(defaults.seed),
        count: args.count.map_or(defaults.count, |n| n as usize),
        margin: args.margin.map_or(defaults.margin, |n| n as i64),
        ..defaults
    };
    // `--rules` is repeatable and each value a list of `rules` words (commas or spaces)
    for list in &args.rules {
        let words: Vec<&str> = list
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() {
            return Err(usage(format!(
                "`--rules` needs a word: expected {}",
                carc_analysis::gen_rule_words().join(", ")
            ))
            .into());
        }
        for word in words {
            options.apply_rule_word(word).map_err(usage)?;
        }
    }
    let dir = args.output;
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // Positions tried, of at most `attempts`, and the puzzles found, while the search runs.
    let bar = crate::progress::bar(options.count.saturating_mul(200), "searching positions");
    let generation = carc_analysis::generate_with_progress(&options, &mut |p| {
        bar.set_position(p.tried as u64);
        bar.set_message(format!("({}/{} found)", p.found, p.count));
    });
    bar.finish_and_clear();
    let puzzles = &generation.puzzles;
    // A puzzle's name is known once it is found: an existing file is reported and kept, and
    // the others are still written (the seed gives the same puzzles again with --force).
    let writer = Writer::new(args.force, []);
    let mut failed = false;
    let mut written = 0usize;
    for p in puzzles {
        let path = dir.join(&p.name);
        match writer.write(&path, p.text.as_bytes()) {
            Ok(()) => {
                written += 1;
                crate::output::println(&format!(
                    "{}: {} is worth {:+}, the greedy move {:+}",
                    path.display(),
                    p.answer,
                    p.value,
                    p.greedy
                ));
            }
            Err(e) => {
                failed = true;
                eprintln!("carc: {e}");
            }
        }
    }
    let skipped: Vec<String> = generation
        .skipped
        .iter()
        .map(|(skip, n)| format!("{n}: {}", skip.describe()))
        .collect();
    let stopped = match generation.out_of_budget {
        Some(budget) => format!(
            "; stopped: the searches visited {} positions, the run's budget of {budget} ({} searches of {} positions for each puzzle asked for); fewer `--draws` make smaller searches",
            generation.nodes,
            carc_analysis::RUN_SEARCHES_PER_PUZZLE,
            options.nodes
        ),
        None => String::new(),
    };
    eprintln!(
        "wrote {} of {} puzzle{}{}{stopped}",
        written,
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
    // Fewer puzzles than asked for is a failed run for a script or CI job, even though every
    // file that was found is written: exit 1 (2 stays for a file that could not be written).
    let short = written < options.count;
    if short && !failed {
        eprintln!(
            "carc: fewer puzzles than asked for (--count {}); try another --seed, a smaller --margin or fewer --draws",
            options.count
        );
    }
    Ok(if failed {
        ExitCode::from(2)
    } else if short {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
