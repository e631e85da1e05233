//! A simulated game written as a `.carc` file: the engine's simulator (carc-rules' `sim.rs`)
//! records the moves as data, and the notation is written here, by the layer that knows it.

use std::fmt::Write as _;

use carc_rules::{Action, GameRecord, Step, TileSet, TileType};

use crate::moves::{move_text, Extra};

/// The game as a `.carc` file: a `# comment` and `title` line, the `note` lines given,
/// `players`, `rules farmers|no-farmers` (and `boxes N` beyond one box, the sets in play), the
/// start tile, one `turn`, `bonus` (a bonus part, Traders & Builders) or `discard` line per
/// step, and `end`. It checks clean: every turn and meeple is legal and no line states an
/// expectation.
pub fn game_text(record: &GameRecord, title: &str, notes: &[&str]) -> String {
    let mut text = String::with_capacity(64 + 32 * record.steps.len());
    let _ = writeln!(text, "# {title}");
    let _ = writeln!(text, "title {}", quoted(title));
    for note in notes {
        let _ = writeln!(text, "note {}", quoted(note));
    }
    text.push_str("players");
    for (colour, _) in &record.scores {
        let _ = write!(text, " {colour}");
    }
    let farmers = if record.game.config().farmers {
        "farmers"
    } else {
        "no-farmers"
    };
    let _ = write!(text, "\nrules {farmers}");
    if record.boxes > 1 {
        let _ = write!(text, " boxes {}", record.boxes);
    }
    for set in &record.sets {
        let _ = write!(text, " {}", set.as_str());
    }
    let start = record
        .game
        .tiles()
        .first()
        .map_or(TileType::START, |t| t.tile);
    if start.set() == TileSet::River {
        text.push_str(" river");
    }
    let _ = write!(text, "\ntile {start} 0,0\n");
    for (i, step) in record.steps.iter().enumerate() {
        let action = record.actions.get(i).copied().unwrap_or(Action::Plain);
        let keyword = match step {
            Step::Turn { .. } if record.bonus_steps.contains(&i) => "bonus ",
            Step::Turn { .. } => "turn ",
            Step::Discard { .. } => "",
        };
        let _ = writeln!(text, "{keyword}{}", step_text(step, action));
    }
    text.push_str("end\n");
    text
}

/// A step as a line of the notation says it, with what it does beyond a meeple (`action`):
/// `blue E 0,1 r180 knight S`, `red U 1,0 r90 large traveller E`, `red B 1,1 recall`,
/// `discard C`.
pub(crate) fn step_text(step: &Step, action: Action) -> String {
    match *step {
        Step::Turn {
            colour,
            tile,
            pos,
            rot,
            meeple,
        } => format!(
            "{} {}",
            colour.as_str(),
            move_text(tile, pos, rot, Extra::of(action), meeple)
        ),
        Step::Discard { tile } => format!("discard {}", tile.token()),
    }
}

/// A `.carc` string literal (also `carc import`'s and puzzle generation's titles).
pub(crate) fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use carc_notation::StatementKind;

    use super::*;

    #[test]
    fn titles_and_notes_are_written_as_string_literals_that_parse_back() {
        let record = carc_rules::simulate(3, 2, true);
        let title = r#"a "quoted" \ title"#;
        let text = game_text(&record, title, &["Généré 😀"]);
        let parse = carc_notation::parse(&text);
        assert!(parse.errors.is_empty(), "{:?}", parse.errors);
        let strings: Vec<String> = parse
            .statements()
            .filter_map(|s| match &s.kind {
                StatementKind::Title(t) => Some(t.value.clone()),
                StatementKind::Note(n) => Some(n.value.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(strings, vec![title.to_owned(), "Généré 😀".to_owned()]);
        // one line per step between the start tile and `end`
        let turns = text
            .lines()
            .filter(|l| l.starts_with("turn ") || l.starts_with("discard "))
            .count();
        assert_eq!(turns, record.steps.len());
    }
}
