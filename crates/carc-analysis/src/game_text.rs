//! A simulated game written as a `.carc` file: the engine's simulator (carc-rules' `sim.rs`)
//! records the moves as data, and the notation is written here, by the layer that knows it
//! (its words by [`crate::writer`]).

use std::fmt::Write as _;

use carc_rules::{Action, GameRecord, Step, TileSet, TileType};

use crate::writer::{players_line, quoted, rules_line, step_text};

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
    let players = record.scores.iter().map(|(colour, _)| *colour);
    let _ = write!(
        text,
        "{}\n{}",
        players_line(players),
        rules_line(record.game.config().farmers, record.boxes, &record.sets)
    );
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
