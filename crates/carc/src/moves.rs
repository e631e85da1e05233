//! `carc moves FILE TILE [--line N] [--format human|json]`: every legal move of a tile in the
//! position before line N (default: the end of the file), best first, as a table or JSON.

use std::fmt::Write as _;
use std::process::ExitCode;

use serde_json::json;

use crate::args::{self, Format};
use crate::files::read_source;
use crate::Outcome;

/// Runs `carc moves`; `Err` is an input or I/O problem (exit status 2).
pub fn moves(args: args::MovesArgs) -> Outcome {
    let line = args.line.map(|n| n as usize);
    let text = read_source(&args.file).map_err(|e| e.to_string())?;
    let analysis = carc_analysis::analyze(&text);
    let list = carc_analysis::moves(&analysis, &args.tile, line.map(|n| n - 1))
        .map_err(|e| format!("{}: {e}", args.file.display()))?;
    match args.format {
        Format::Human => crate::output::print(&human(&list, line)),
        Format::Json => crate::output::println(&json_array(&list)),
    }
    Ok(ExitCode::SUCCESS)
}

/// `blue +4`, or empty.
fn others(m: &carc_analysis::Move, mover: &str) -> String {
    m.gains
        .iter()
        .filter(|(c, _)| *c != mover)
        .map(|(c, n)| format!("{c} +{n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn human(list: &carc_analysis::MoveList, line: Option<usize>) -> String {
    let mut out = String::new();
    let at = match line {
        Some(n) => format!("before line {n}"),
        None => "at the end of the file".to_owned(),
    };
    let plural = |n: usize, word: &str| {
        let s = if n == 1 { "" } else { "s" };
        format!("{} {word}{s}", carc_analysis::grouped(n as u64))
    };
    let _ = writeln!(
        out,
        "{} {at}, {} to move: {} on {}",
        list.tile,
        list.mover,
        plural(list.moves.len(), "legal move"),
        plural(list.placements, "placement")
    );
    if list.moves.is_empty() {
        let _ = writeln!(out, "{} fits nowhere: it would be discarded", list.tile);
        return out;
    }
    let width = move_column(list.moves.iter().map(|m| m.text.as_str()));
    let _ = writeln!(
        out,
        "{:>4}  {:>6}  {:<width$}  others",
        "#", "points", "move"
    );
    for (i, m) in list.moves.iter().enumerate() {
        let line = format!(
            "{:>4}  {:>6}  {:<width$}  {}",
            i + 1,
            format!("+{}", m.points),
            m.text,
            others(m, list.mover)
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// The width of a table's `move` column: its longest entry, at least the heading's 4.
pub(crate) fn move_column<'a>(texts: impl Iterator<Item = &'a str>) -> usize {
    texts.map(|t| t.chars().count()).max().unwrap_or(4).max(4)
}

fn json_array(list: &carc_analysis::MoveList) -> String {
    let moves: Vec<serde_json::Value> = list
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let gains: serde_json::Map<String, serde_json::Value> = m
                .gains
                .iter()
                .map(|(c, n)| ((*c).to_owned(), json!(n)))
                .collect();
            json!({
                "rank": i + 1,
                "colour": list.mover,
                "tile": list.tile,
                "x": m.x,
                "y": m.y,
                "rotation": m.rotation,
                "meeple": m.meeple.map(|(role, place)| json!({"role": role, "place": place})),
                "figure": m.figure,
                "points": m.points,
                "gains": gains,
                "move": m.text,
            })
        })
        .collect();
    serde_json::Value::Array(moves).to_string()
}
