//! A lesson's question as an exercise: everything a page needs to let a learner play the move
//! and to judge it the way the engine does, computed ahead (an exported page has no engine).
//!
//! For the position before the question's turn: the cells a tile may be tried on (the empty
//! cells next to a tile, and marked empty cells), and for each cell and each of the four
//! rotations either the refusal (the replay's codes and messages for that placement, as a
//! `refused` line would find them: [`crate::replay::judge_turns`]) or the figure choices the
//! placement offers: no figure, and a figure on each segment of the tile (a meeple; with the
//! expansions on, the large meeple, the abbot, the builder, the pig, and recalling the
//! abbot). A choice is either one of the legal moves ([`crate::moves`], with what it scores
//! in [`crate::explain`]'s words) or refused with the replay's codes and messages. Which legal
//! moves count as the answer: the lesson's move (a `mark`ed question), or every move that
//! scores as much at once (a puzzle without a goal, which the puzzle check ranks that way).
//! Nothing here is a second rules engine: legality, scores and messages all come from the
//! replay and the move generator.

use carc_notation::{LineKind, StatementKind, TurnStmt};
use carc_rules::{
    Color, FeatureKind, Figure, Place, Pos, Role, Rotation, Rules, SegmentDef, TileType,
};

use crate::moves::{candidates, canonical_rotation, move_text, Candidate, Extra};
use crate::replay::{judge_turns, replay};
use crate::{explain, vocab, Analysis};

/// The exercise of one question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exercise {
    /// Who plays.
    pub colour: Color,
    /// The tile in hand.
    pub tile: TileType,
    /// The cells the tile may be tried on, top row first, left to right.
    pub cells: Vec<Pos>,
    /// For each cell and each rotation (`cells[i]` with [`Rotation::ALL`]`[j]` at index
    /// `4 * i + j`), what that placement allows.
    pub placements: Vec<Placement>,
    /// The legal moves the choices lead to.
    pub moves: Vec<ExerciseMove>,
    /// The lesson's own move, an index into `moves` (`None` when the file's move is not
    /// among the legal ones, as in a file exported with errors).
    pub answer: Option<usize>,
}

/// What a placement (cell and rotation) allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// Why the tile may not go there (`(code, message)`); empty when it may.
    pub refused: Vec<(String, String)>,
    /// When it may: the figure choices, "no figure" first.
    pub choices: Vec<Choice>,
}

/// One figure choice of a legal placement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// What the learner reads: `no figure`, `knight on the city (S)`, `recall the abbot`.
    pub label: String,
    /// The words a `turn` line writes for it after the rotation (`knight S`; empty for none).
    pub words: String,
    /// The move it makes, or why it is refused.
    pub outcome: Outcome,
}

/// Where a choice leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A legal move: an index into [`Exercise::moves`].
    Move(usize),
    /// Refused, with the replay's `(code, message)` pairs.
    Refused(Vec<(String, String)>),
}

/// A legal move of the exercise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExerciseMove {
    /// As a `turn` line writes it after the colour: `E 0,1 r180 knight S`.
    pub text: String,
    /// What the mover gains at once.
    pub points: u32,
    /// What every colour gains at once: `red +4` or `nothing`.
    pub gains: String,
    /// What the turn's scoring does, in the explanation's words.
    pub breakdown: String,
    /// Whether it counts as the answer (the lesson's move, or as good as it where the
    /// lesson says so: a puzzle without a goal).
    pub best: bool,
}

/// The exercise of the main-line turn at line `line` (0-based), asked as a question; `puzzle`:
/// the file is a puzzle without a goal, whose every move scoring as much as the answer is
/// right. `None` when the line is not a turn of a known tile.
pub fn exercise(analysis: &Analysis, line: usize, puzzle: bool) -> Option<Exercise> {
    let parse = &analysis.parse;
    let LineKind::Statement(statement) = &parse.lines.get(line)?.kind else {
        return None;
    };
    let StatementKind::Turn(turn) = &statement.kind else {
        return None;
    };
    let tile = TileType::from_token(&turn.tile.value)?;
    let colour = turn.colour.value;
    let state = replay(parse, line.checked_sub(1), None);
    let candidates = candidates(&state.game, colour, tile);
    let cells = open_cells(&state, tile);

    // Every placement and choice the candidates do not cover is judged by the replay, all in
    // one pass: the synthetic `turn` lines, parsed together.
    let mut pending: Vec<String> = Vec::new();
    let mut placements = Vec::with_capacity(cells.len() * 4);
    // What each placement is before judging: legal choices with their candidate or the index
    // of their synthetic line; or the synthetic line of the placement itself.
    enum Draft {
        Refused(usize),
        Legal(Vec<(String, String, Result<usize, usize>)>),
    }
    let mut drafts = Vec::with_capacity(cells.len() * 4);
    for &pos in &cells {
        for rotation in Rotation::ALL {
            let canonical = canonical_rotation(tile, rotation);
            let here: Vec<(usize, &Candidate)> = candidates
                .iter()
                .enumerate()
                .filter(|(_, c)| c.pos == pos && c.rotation == canonical)
                .collect();
            if here.is_empty() {
                pending.push(turn_line(colour, tile, pos, rotation, Extra::Plain, None));
                drafts.push(Draft::Refused(pending.len() - 1));
                continue;
            }
            let mut choices = Vec::new();
            for (extra, segment) in figure_options(tile, rotation, state.game.config().rules) {
                let meeple = segment.map(|s| (s.kind.role(), first_place(&s)));
                let found = here.iter().find(|(_, c)| {
                    c.extra == extra
                        && match (segment, c.meeple) {
                            (None, None) => true,
                            (Some(s), Some((role, place))) => {
                                role.kind() == s.kind && s.places.contains(place)
                            }
                            _ => false,
                        }
                });
                let words = choice_words(extra, meeple);
                let label = choice_label(extra, segment.as_ref());
                let outcome = match found {
                    Some(&(index, _)) => Ok(index),
                    None => {
                        pending.push(turn_line(colour, tile, pos, rotation, extra, meeple));
                        Err(pending.len() - 1)
                    }
                };
                choices.push((label, words, outcome));
            }
            drafts.push(Draft::Legal(choices));
        }
    }
    let judged = judge_lines(analysis, line, &pending);
    let refusal = |i: usize| judged.get(i).cloned().unwrap_or_default();
    for draft in drafts {
        placements.push(match draft {
            Draft::Refused(i) => Placement {
                refused: refusal(i),
                choices: Vec::new(),
            },
            Draft::Legal(choices) => Placement {
                refused: Vec::new(),
                choices: choices
                    .into_iter()
                    .map(|(label, words, outcome)| Choice {
                        label,
                        words,
                        outcome: match outcome {
                            Ok(index) => Outcome::Move(index),
                            Err(i) => Outcome::Refused(refusal(i)),
                        },
                    })
                    .collect(),
            },
        });
    }

    let answer = answer_index(tile, turn, &cells, &placements);
    let answer_points = answer.map(|a| candidates[a].points);
    let moves = candidates
        .iter()
        .enumerate()
        .map(|(i, c)| ExerciseMove {
            text: c.text(tile),
            points: c.points,
            gains: explain::gains_text(&explain::gains(&c.score.features)),
            breakdown: explain::turn_breakdown(&c.score),
            best: Some(i) == answer || (puzzle && Some(c.points) == answer_points),
        })
        .collect();
    Some(Exercise {
        colour,
        tile,
        cells,
        placements,
        moves,
        answer,
    })
}

/// The cells a tile may be tried on: every empty cell next to a tile, and every marked empty
/// cell, top row first (y grows upwards), left to right. Without any tile on the board: the
/// marked cells, or `0,0`.
fn open_cells(state: &crate::replay::Replay, _tile: TileType) -> Vec<Pos> {
    let game = &state.game;
    let mut cells: Vec<Pos> = Vec::new();
    for placed in game.tiles() {
        let p = placed.pos;
        for (dx, dy) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            let (Some(x), Some(y)) = (p.x.checked_add(dx), p.y.checked_add(dy)) else {
                continue;
            };
            let n = Pos { x, y };
            if game.tile_at(n).is_none() {
                cells.push(n);
            }
        }
    }
    cells.extend(
        state
            .marks
            .iter()
            .map(|m| m.pos)
            .filter(|&p| game.tile_at(p).is_none()),
    );
    if cells.is_empty() {
        cells.push(Pos { x: 0, y: 0 });
    }
    cells.sort_by_key(|p| (std::cmp::Reverse(p.y), p.x));
    cells.dedup();
    cells
}

/// The figure options of a placement, in the order the learner sees them: none, a meeple on
/// each segment, then the expansions' figures (the large meeple on each segment, the abbot
/// on a monastery or garden, the builder on a road or city, the pig in a field, recalling
/// the abbot). Every one is offered, legal or not: the exercise judges it.
fn figure_options(
    tile: TileType,
    rotation: Rotation,
    rules: Rules,
) -> Vec<(Extra, Option<SegmentDef>)> {
    let segments: Vec<SegmentDef> = tile.segments(rotation).collect();
    let mut out = vec![(Extra::Plain, None)];
    out.extend(segments.iter().map(|s| (Extra::Plain, Some(*s))));
    if rules.allows_figure(Figure::LargeMeeple) {
        out.extend(segments.iter().map(|s| (Extra::Large, Some(*s))));
    }
    if rules.allows_figure(Figure::Abbot) {
        out.extend(
            segments
                .iter()
                .filter(|s| s.kind == FeatureKind::Monastery)
                .map(|s| (Extra::Abbot, Some(*s))),
        );
    }
    if rules.goods() {
        out.extend(
            segments
                .iter()
                .filter(|s| matches!(s.kind, FeatureKind::Road | FeatureKind::City))
                .map(|s| (Extra::Builder, Some(*s))),
        );
        out.extend(
            segments
                .iter()
                .filter(|s| s.kind == FeatureKind::Field)
                .map(|s| (Extra::Pig, Some(*s))),
        );
    }
    if rules.allows_figure(Figure::Abbot) {
        out.push((Extra::Recall, None));
    }
    out
}

/// The place a figure on `segment` is written with: its first (canonical) place.
fn first_place(segment: &SegmentDef) -> Place {
    segment.places.first().unwrap_or(Place::Centre)
}

/// The words after the rotation (`knight S`, `large farmer NE`, `abbot`, `recall`).
fn choice_words(extra: Extra, meeple: Option<(Role, Place)>) -> String {
    let full = move_text(TileType::A, Pos { x: 0, y: 0 }, Rotation::R0, extra, meeple);
    // `A 0,0 r0` comes first; the rest is the figure.
    full.splitn(4, ' ').nth(3).unwrap_or_default().to_owned()
}

/// The learner's words for a choice: `no figure`, `knight on the city (S)`, `abbot on the
/// monastery`, `builder on the road (E)`, `recall the abbot`.
fn choice_label(extra: Extra, segment: Option<&SegmentDef>) -> String {
    let Some(s) = segment else {
        return match extra {
            Extra::Recall => "recall the abbot".to_owned(),
            _ => "no figure".to_owned(),
        };
    };
    let role = s.kind.role();
    let who = match extra {
        Extra::Large => format!("large {}", vocab::role_word(role)),
        Extra::Abbot => "abbot".to_owned(),
        Extra::Builder => "builder".to_owned(),
        Extra::Pig => "pig".to_owned(),
        _ => vocab::role_word(role).to_owned(),
    };
    let feature = vocab::kind_word(s.kind);
    if s.kind == FeatureKind::Monastery {
        format!("{who} on the {feature}")
    } else {
        let places: Vec<&str> = s.places.iter().map(vocab::place_str).collect();
        format!("{who} on the {feature} ({})", places.join(" "))
    }
}

/// A `turn` line for the replay to judge.
fn turn_line(
    colour: Color,
    tile: TileType,
    pos: Pos,
    rotation: Rotation,
    extra: Extra,
    meeple: Option<(Role, Place)>,
) -> String {
    format!(
        "turn {} {}",
        colour.as_str(),
        move_text(tile, pos, rotation, extra, meeple)
    )
}

/// The replay's `(code, message)` errors of each synthetic `turn` line, played on its own in
/// the position before line `line`.
fn judge_lines(analysis: &Analysis, line: usize, lines: &[String]) -> Vec<Vec<(String, String)>> {
    if lines.is_empty() {
        return Vec::new();
    }
    let text = lines.join("\n");
    let parsed = carc_notation::parse(&text);
    let turns: Vec<&TurnStmt> = parsed
        .lines
        .iter()
        .filter_map(|l| match &l.kind {
            LineKind::Statement(s) => match &s.kind {
                StatementKind::Turn(t) => Some(t),
                _ => None,
            },
            _ => None,
        })
        .collect();
    debug_assert_eq!(turns.len(), lines.len(), "a synthetic turn did not parse");
    judge_turns(&analysis.parse, line, &turns)
        .into_iter()
        .map(|found| {
            found
                .into_iter()
                .map(|d| (d.code.as_str().to_owned(), d.message))
                .collect()
        })
        .collect()
}

/// The move the file plays, as the choice a learner would make for it.
fn answer_index(
    tile: TileType,
    turn: &TurnStmt,
    cells: &[Pos],
    placements: &[Placement],
) -> Option<usize> {
    let pos = vocab::pos(&turn.at);
    let rotation = vocab::rotation(turn.rotation.as_ref().map(|r| r.value));
    let cell = cells.iter().position(|&c| c == pos)?;
    let r = Rotation::ALL.iter().position(|&r| r == rotation)?;
    let placement = placements.get(4 * cell + r)?;
    let extra = match (&turn.meeple, turn.recall.is_some()) {
        (_, true) => Extra::Recall,
        (None, false) => Extra::Plain,
        (Some(m), false) => match m.figure.value {
            carc_notation::FigureWord::Meeple => Extra::Plain,
            carc_notation::FigureWord::Large => Extra::Large,
            carc_notation::FigureWord::Abbot => Extra::Abbot,
            carc_notation::FigureWord::Builder => Extra::Builder,
            carc_notation::FigureWord::Pig => Extra::Pig,
        },
    };
    let meeple = turn
        .meeple
        .as_ref()
        .filter(|_| extra != Extra::Recall)
        .map(|m| {
            let role = vocab::role(m.role.value);
            let place = m.place.as_ref().map(|p| vocab::place(p.value));
            (role, place)
        });
    let words = match meeple {
        None => choice_words(extra, None),
        Some((role, place)) => {
            // The segment the file's place (or, for a monk or the abbot, the role) names.
            let segment = tile.segments(rotation).find(|s| match place {
                // the builder's and the pig's place names their segment, whatever the role
                Some(p) if matches!(extra, Extra::Builder | Extra::Pig) => s.places.contains(p),
                Some(p) => s.kind == role.kind() && s.places.contains(p),
                None => s.kind == role.kind(),
            })?;
            choice_words(extra, Some((role, first_place(&segment))))
        }
    };
    placement.choices.iter().find_map(|c| match c.outcome {
        Outcome::Move(index) if c.words == words => Some(index),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise_of(text: &str, line: usize) -> Exercise {
        exercise(&crate::analyze(text), line, false).expect("an exercise")
    }

    fn placement(e: &Exercise, x: i32, y: i32, rotation: Rotation) -> &Placement {
        let cell = e.cells.iter().position(|&p| p == Pos { x, y }).unwrap();
        let r = Rotation::ALL.iter().position(|&r| r == rotation).unwrap();
        &e.placements[4 * cell + r]
    }

    #[test]
    fn lesson_one_the_city_cap() {
        // D at 0,0: city N, road E-W, field S. Red plays E (a city cap, city N at r0).
        let text = "players red blue\ntile D 0,0\nmark 0,1\nturn red E 0,1 r180 knight S\n";
        let e = exercise_of(text, 3);
        // The four neighbours of 0,0, top row first.
        assert_eq!(
            e.cells,
            vec![
                Pos { x: 0, y: 1 },
                Pos { x: -1, y: 0 },
                Pos { x: 1, y: 0 },
                Pos { x: 0, y: -1 }
            ]
        );
        // At 0,1 r0 the cap's field (S) meets D's city (N): refused, with the replay's words.
        let wrong = placement(&e, 0, 1, Rotation::R0);
        assert!(wrong.choices.is_empty());
        assert_eq!(wrong.refused[0].0, "edge-mismatch");
        // At 0,1 r180: no figure, a knight on the city (S), a farmer on the field.
        let right = placement(&e, 0, 1, Rotation::R180);
        assert!(right.refused.is_empty());
        let labels: Vec<&str> = right.choices.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels[0], "no figure");
        assert!(labels.contains(&"knight on the city (S)"), "{labels:?}");
        // The answer: the knight on the city; 2 tiles × 2 = 4 for red.
        let answer = e.answer.expect("the answer is legal");
        assert_eq!(e.moves[answer].text, "E 0,1 r180 knight S");
        assert_eq!(e.moves[answer].points, 4);
        assert!(e.moves[answer].best);
        // The same placement without a figure scores 4 too (the city still closes, but no one
        // holds it: nothing for red), and is not the answer.
        let Outcome::Move(none) = right.choices[0].outcome else {
            panic!("no figure is legal")
        };
        assert_eq!(e.moves[none].points, 0);
        assert!(!e.moves[none].best);
        assert_eq!(e.moves.iter().filter(|m| m.best).count(), 1);
    }

    #[test]
    fn an_occupied_city_refuses_the_knight() {
        // Lesson 2: red's knight holds D's city; the cap closes it, but no second knight.
        let text = "players red blue\ntile D 0,0 red knight N\nmark 0,1\nturn red E 0,1 r180\n";
        let e = exercise_of(text, 3);
        let p = placement(&e, 0, 1, Rotation::R180);
        let knight = p
            .choices
            .iter()
            .find(|c| c.words == "knight S")
            .expect("a knight choice");
        match &knight.outcome {
            Outcome::Refused(found) => assert_eq!(found[0].0, "occupied-feature"),
            other => panic!("expected a refusal, got {other:?}"),
        }
        let answer = e.answer.expect("legal");
        assert_eq!(e.moves[answer].text, "E 0,1 r180");
        assert_eq!(e.moves[answer].points, 4, "2 tiles × 2, red's knight");
    }

    #[test]
    fn every_choice_is_a_move_or_refused_and_every_move_is_reachable() {
        // Any legal move is reachable through some choice, and a choice the generator does
        // not list has at least one error from the replay.
        for text in [
            "players red blue\ntile D 0,0\nmark 0,1\nturn red E 0,1 r180 knight S\n",
            "rules abbot\nplayers red blue\ntile E 0,1\nmark 0,0\nturn red B 0,0 abbot\n",
            "rules inns-cathedrals\nplayers red blue\ntile D 0,0\nmark 1,0\nturn red U 1,0 r90 large traveller E\n",
            "rules traders-builders\nplayers red blue\ntile D 0,0 red traveller E\nmark 1,0\nturn red U 1,0 r90 builder E\n",
        ] {
            let analysis = crate::analyze(text);
            let line = text.lines().count() - 1;
            let e = exercise(&analysis, line, false).expect("an exercise");
            let mut reached = vec![false; e.moves.len()];
            for p in &e.placements {
                assert_eq!(p.refused.is_empty(), !p.choices.is_empty(), "{text}");
                for c in &p.choices {
                    match &c.outcome {
                        Outcome::Move(i) => reached[*i] = true,
                        Outcome::Refused(found) => assert!(!found.is_empty(), "{text}: {c:?}"),
                    }
                }
            }
            assert!(reached.iter().all(|r| *r), "{text}: unreachable moves");
            assert!(e.answer.is_some(), "{text}: the answer is a choice");
        }
    }
}
