//! `carc solve FILE [--line N] [--goal final|score|points] [--nodes N] [--format human|json]`:
//! the value of each of the mover's moves under a puzzle goal, best first, with the line of
//! play the search expects (docs/puzzles.md).

use std::fmt::Write as _;
use std::process::ExitCode;

use carc_analysis::{goal_words, Solved};
use carc_notation::PuzzleGoal;
use carc_rules::Limits;
use serde_json::json;

use crate::args::{self, Format};
use crate::files::read_source;
use crate::Outcome;

/// Runs `carc solve`; `Err` is an input, search or I/O problem (exit status 2).
pub fn solve(args: args::SolveArgs) -> Outcome {
    let goal = args.goal.as_deref().and_then(PuzzleGoal::from_word);
    let (file, line, nodes, format) = (args.file, args.line, args.nodes, args.format);
    let text = read_source(&file).map_err(|e| e.to_string())?;
    let analysis = carc_analysis::analyze(&text);
    let limits = Limits {
        nodes,
        ..Limits::default()
    };
    let solved = carc_analysis::solve(&analysis, line.map(|n| n as usize - 1), goal, limits)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    let text = match format {
        Format::Human => human(&solved),
        Format::Json => format!("{}\n", json_object(&solved)),
    };
    crate::output::print(&text);
    Ok(ExitCode::SUCCESS)
}

fn human(s: &Solved) -> String {
    let mut out = String::new();
    let status = if s.exact {
        "exact".to_owned()
    } else {
        let why = match s.stopped {
            Some("memory") => format!(
                "memory: its table and positions would pass the limit of {} MiB",
                carc_rules::DEFAULT_MEMORY >> 20
            ),
            other => other.unwrap_or("budget").to_owned(),
        };
        format!(
            "NOT exact: {} of {} draws searched, the search stopped ({why})",
            s.depth,
            s.draws.len(),
        )
    };
    let _ = writeln!(
        out,
        "{} to move, draws {}, goal {}: {} move{}, {status}, {} positions searched",
        s.mover,
        s.draws.join(" "),
        goal_words(s.goal, s.mover),
        carc_analysis::grouped(s.moves.len() as u64),
        if s.moves.len() == 1 { "" } else { "s" },
        carc_analysis::grouped(s.nodes)
    );
    if s.moves.is_empty() {
        if s.exact {
            let _ = writeln!(out, "{} fits nowhere: it would be discarded", s.draws[0]);
        }
        return out;
    }
    let width = crate::moves::move_column(s.moves.iter().map(|m| m.text.as_str()));
    let _ = writeln!(
        out,
        "{:>4}  {:>9}  {:>6}  {:<width$}  expected play",
        "#", "value", "points", "move"
    );
    for (i, m) in s.moves.iter().enumerate() {
        let row = format!(
            "{:>4}  {:>9}  {:>6}  {:<width$}  {}",
            i + 1,
            m.value_text,
            format!("+{}", m.points),
            m.text,
            m.summary
        );
        let _ = writeln!(out, "{}", row.trim_end());
    }
    out
}

fn json_object(s: &Solved) -> String {
    let moves: Vec<serde_json::Value> = s
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let scores: serde_json::Map<String, serde_json::Value> = m
                .scores
                .iter()
                .map(|(c, n)| ((*c).to_owned(), json!(n)))
                .collect();
            json!({
                "rank": i + 1,
                "move": m.text,
                "value": m.value,
                "points": m.points,
                "line": m.line,
                "scores": scores,
            })
        })
        .collect();
    json!({
        "mover": s.mover,
        "goal": s.goal.as_str(),
        "draws": s.draws,
        "exact": s.exact,
        "depth": s.depth,
        "stopped": s.stopped,
        "nodes": s.nodes,
        "moves": moves,
    })
    .to_string()
}
