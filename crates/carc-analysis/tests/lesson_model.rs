//! The page model of `carc export` (`carc_analysis::lesson`): steps, their links, boards,
//! questions and explanations, on the course in `examples/lessons/` and on small files.
//! Expected tile counts and scores are derived by hand from the rules (in the comments);
//! explanations must be hover's own cards.

use std::path::Path;

use carc_analysis::{analyze, hover, lesson, Lesson, StepKind};
use carc_notation::LineKind;
use carc_rules::Color;

fn example(path: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(path),
    )
    .expect("example file")
}

fn model(text: &str) -> Lesson {
    lesson(&analyze(text))
}

/// Kinds in step order, as short words.
fn kinds(lesson: &Lesson) -> Vec<&'static str> {
    lesson.steps.iter().map(|s| s.kind.name()).collect()
}

fn score(lesson: &Lesson, step: usize, colour: Color) -> (i64, i32) {
    lesson.steps[step]
        .board
        .players
        .iter()
        .find(|(c, _, _)| *c == colour)
        .map(|(_, score, supply)| (*score, *supply))
        .expect("the colour plays")
}

#[test]
fn lesson_one_asks_for_the_marked_move_then_shows_it() {
    let text = example("examples/lessons/01-place-a-tile-and-a-meeple.carc");
    let l = model(&text);
    assert_eq!(l.title.as_deref(), Some("Place a tile and a meeple"));
    assert_eq!(l.notes.len(), 2);
    assert_eq!(l.players, [Color::Red, Color::Blue]);
    assert_eq!(kinds(&l), ["setup", "question", "turn"]);
    // The setup: the start tile D alone, the gap 0,1 marked.
    let setup = &l.steps[0];
    assert_eq!(setup.tiles, 1);
    assert_eq!(setup.statement, "tile D 0,0");
    assert_eq!(setup.board.marks.len(), 1);
    assert_eq!((setup.prev, setup.next), (None, Some(1)));
    // The question shows the position before the turn and not the turn itself.
    let question = &l.steps[1];
    assert_eq!(question.tiles, 1);
    assert!(question.statement.is_empty());
    let StepKind::Question { prompt, hint, .. } = &question.kind else {
        panic!("a question");
    };
    assert!(
        prompt.starts_with("Find the move: red to play E") && prompt.contains("close the city"),
        "{prompt}"
    );
    // The hint is the mark's hover card: an empty cell whose south side must be a city
    // (the start tile's city faces north).
    let hint = hint.as_deref().expect("a hint");
    assert!(hint.contains("city on its south side"), "{hint}");
    assert_eq!((question.prev, question.next), (Some(0), Some(2)));
    // The turn: E r180 closes the 2-tile city: 2 x 2 = 4 for red; the knight returns (7).
    let turn = &l.steps[2];
    assert_eq!(turn.tiles, 2);
    assert_eq!(score(&l, 2, Color::Red), (4, 7));
    assert_eq!(score(&l, 2, Color::Blue), (0, 7));
    assert!(matches!(
        turn.kind,
        StepKind::Turn {
            colour: Color::Red,
            number: 1,
            glyph: Some(_),
            ranking: None,
        }
    ));
    assert_eq!(turn.heading, "Turn 1 · red");
    assert!(turn.statement.starts_with("turn red E 0,1 r180 knight S !"));
    let explanation = turn.explanation.as_deref().expect("hover's card");
    assert!(explanation.contains("2 × 2 = 4 for red"), "{explanation}");
    assert_eq!(turn.checks.len(), 1);
    assert_eq!(turn.checks[0].statement, "expect supply red 7");
    assert!(turn.checks[0].holds);
    assert!(turn.alt.contains("2 tiles on the board"), "{}", turn.alt);
    assert!(turn.alt.contains("red 4 (supply 7)"), "{}", turn.alt);
}

#[test]
fn every_explanation_is_the_hover_card_of_its_line() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/lessons");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("lessons")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    let mut explained = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).expect("lesson");
        let analysis = analyze(&text);
        let parse = carc_notation::parse(&text);
        let l = lesson(&analysis);
        for step in &l.steps {
            if !matches!(step.kind, StepKind::Turn { .. } | StepKind::End) {
                continue;
            }
            let LineKind::Statement(s) = &parse.lines[step.line].kind else {
                panic!("a statement at {}", step.line);
            };
            let card = hover(&analysis, s.keyword.start).map(|h| h.markdown);
            assert_eq!(
                step.explanation,
                card,
                "{}:{}",
                path.display(),
                step.line + 1
            );
            assert!(card.is_some());
            explained += 1;
        }
        // Every step is reachable from the setup through next and the variations.
        let mut reached = vec![false; l.steps.len()];
        let mut stack = vec![0];
        while let Some(id) = stack.pop() {
            reached[id] = true;
            let step = &l.steps[id];
            stack.extend(step.next);
            stack.extend(step.branches.iter().filter_map(|&v| l.variations[v].first));
        }
        assert!(reached.iter().all(|r| *r), "{}", path.display());
    }
    // Counted by hand in examples/lessons: turns, lessons 1-12 one each (12), lesson 13 two
    // (14), the variations of 14, 15 and 16 two each (20); ends, lessons 5, 9 and 10 (3) and
    // both variations of 15 and 16 (7); lesson 17 (the river opening) six turns (6).
    // Together 33.
    assert_eq!(explained, 33);
}

#[test]
fn strategy_positions_branch_from_the_setup_and_come_back() {
    let l = model(&example(
        "examples/lessons/14-strategy-close-or-leave-open.carc",
    ));
    assert_eq!(kinds(&l), ["setup", "turn", "turn"]);
    assert_eq!(l.variations.len(), 2);
    assert_eq!(l.variations[0].name, "A: close the city");
    assert_eq!(l.variations[1].name, "B: place elsewhere");
    let setup = &l.steps[0];
    assert_eq!(setup.next, None);
    assert_eq!(setup.branches, [0, 1]);
    for (v, first) in [(0, 1), (1, 2)] {
        assert_eq!(l.variations[v].from, 0);
        assert_eq!(l.variations[v].first, Some(first));
        assert_eq!(l.steps[first].prev, Some(0));
        assert_eq!(l.steps[first].next, None);
        assert_eq!(l.steps[first].variation, Some(v));
    }
    // A: 2 tiles x 2 = 4, the knight returns (6 -> 7). B: nothing, the knight stays (6).
    assert_eq!(score(&l, 1, Color::Red), (4, 7));
    assert_eq!(score(&l, 2, Color::Red), (0, 6));
    assert_eq!(l.steps[1].checks.len(), 2);
    assert_eq!(l.steps[2].checks.len(), 2);
    // No question inside a variation, though A plays into the marked cell.
    assert!(!kinds(&l).contains(&"question"));

    let l = model(&example(
        "examples/lessons/15-strategy-final-knight-or-farmer.carc",
    ));
    assert_eq!(kinds(&l), ["setup", "turn", "end", "turn", "end"]);
    // knight: 3 tiles x 2 + 1 shield x 2 = 8 at once, final scoring adds nothing.
    assert_eq!(score(&l, 1, Color::Red).0, 8);
    assert_eq!(score(&l, 2, Color::Red).0, 8);
    // farmer: the city completes for nobody (0), the field touches 1 completed city: 3.
    assert_eq!(score(&l, 3, Color::Red).0, 0);
    assert_eq!(score(&l, 4, Color::Red).0, 3);
    assert_eq!(l.steps[3].prev, Some(0));
    assert_eq!(l.steps[3].next, Some(4));
    assert_eq!(l.steps[4].heading, "Final scoring");
    let end = l.steps[4].explanation.as_deref().expect("the end card");
    assert!(end.contains("1 × 3 = 3 for red"), "{end}");
}

#[test]
fn discards_and_puzzles() {
    let l = model(&example("examples/lessons/13-unplaceable-tile.carc"));
    assert_eq!(
        kinds(&l),
        ["setup", "turn", "refused", "discard", "refused", "turn"]
    );
    // C at 0,1 is refused (its south side, a city, meets the monastery's field): the step
    // names the code and the position stays B, B.
    let StepKind::Refused { codes, reasons } = &l.steps[2].kind else {
        panic!("a refused step");
    };
    assert_eq!(codes, &["edge-mismatch"]);
    assert_eq!(reasons.len(), 1, "{reasons:?}");
    assert_eq!(l.steps[2].heading, "Refused · blue");
    // The discard changes nothing on the board: B, B (the setup tile and red's turn).
    assert_eq!(l.steps[3].tiles, 2);
    assert_eq!(l.steps[3].heading, "Discard C");
    assert!(l.steps[3]
        .explanation
        .as_deref()
        .is_some_and(|e| e.contains("**C**")));
    // Discarding the city cap E is refused: it fits (at 0,1 with its city north, the turn
    // after it), so the step names illegal-discard with the replay's reason, and the board
    // is still B, B.
    let StepKind::Refused { codes, reasons } = &l.steps[4].kind else {
        panic!("a refused discard");
    };
    assert_eq!(codes, &["illegal-discard"]);
    assert_eq!(reasons.len(), 1, "{reasons:?}");
    assert!(reasons[0].starts_with("E fits at "), "{reasons:?}");
    assert_eq!(l.steps[4].heading, "Refused · discard E");
    assert_eq!(l.steps[4].tiles, 2);
    assert!(l.steps[4].board.refused.is_empty());
    assert!(matches!(l.steps[5].kind, StepKind::Turn { number: 2, .. }));

    let l = model(&example("examples/puzzles/close-the-city.carc"));
    assert!(l.puzzle);
    assert_eq!(kinds(&l), ["setup", "question", "turn"]);
    let StepKind::Question { prompt, hint, .. } = &l.steps[1].kind else {
        panic!("a question");
    };
    assert!(
        prompt.starts_with("Puzzle: find the best move for red with E"),
        "{prompt}"
    );
    assert_eq!(hint, &None);
    assert_eq!(l.steps[1].tiles, 2);
    // The answer carries the editor's ranking: E closing the start city with a knight scores
    // 2 x 2 = 4 for red; closing blue's city instead would score for blue, so it is the best.
    let StepKind::Turn {
        ranking: Some(ranking),
        ..
    } = &l.steps[2].kind
    else {
        panic!("a ranked answer");
    };
    assert!(ranking.contains("best, +4"), "{ranking}");
}

#[test]
fn nested_variations_link_to_where_they_branch() {
    let text = "\
players red blue
tile D 0,0
turn red U 1,0 r90 => nothing
variation \"outer\" {
  turn blue E 0,1 r180 => nothing
  variation \"inner\" {
    turn red U -1,0 r90 => nothing
  }
  turn red U -1,0 r90 => nothing
}
expect score red 0
turn blue U -1,0 r90 => nothing
end => red +0
";
    let l = model(text);
    assert!(analyze(text).diagnostics().is_empty());
    // 0 setup, 1 red U, 2 blue E (outer), 3 red U (inner), 4 red U (outer), 5 blue U, 6 end.
    assert_eq!(
        kinds(&l),
        ["setup", "turn", "turn", "turn", "turn", "turn", "end"]
    );
    assert_eq!(l.steps[1].branches, [0]);
    assert_eq!(l.steps[1].next, Some(5));
    assert_eq!(l.steps[1].checks.len(), 1, "the expect after the block");
    assert_eq!(
        (
            l.variations[0].from,
            l.variations[0].first,
            l.variations[0].parent
        ),
        (1, Some(2), None)
    );
    assert_eq!(
        (
            l.variations[1].from,
            l.variations[1].first,
            l.variations[1].parent
        ),
        (2, Some(3), Some(0))
    );
    assert_eq!(l.steps[2].branches, [1]);
    assert_eq!(l.steps[2].next, Some(4));
    assert_eq!(l.steps[3].prev, Some(2));
    assert_eq!(l.steps[3].variation, Some(1));
    // Turn numbers follow the line of play: red's U is 1, blue's E 2, then 3 in both lines.
    let numbers: Vec<usize> = l
        .steps
        .iter()
        .filter_map(|s| match s.kind {
            StepKind::Turn { number, .. } => Some(number),
            _ => None,
        })
        .collect();
    assert_eq!(numbers, [1, 2, 3, 3, 2]);
    // Boards follow the line of play: inner has D, U, E, U (4); the main line after the
    // block has D, U, U (3).
    assert_eq!(l.steps[3].tiles, 4);
    assert_eq!(l.steps[5].tiles, 3);
    assert_eq!(l.steps[6].prev, Some(5));
}

#[test]
fn a_variation_at_the_start_of_a_variation_branches_from_the_same_step() {
    let text = "\
players red blue
tile D 0,0
variation \"outer\" {
  variation \"inner\" {
    turn red E 0,1 r180 => nothing
  }
  turn red U 1,0 r90 => nothing
}
";
    let l = model(text);
    assert!(analyze(text).diagnostics().is_empty());
    assert_eq!(kinds(&l), ["setup", "turn", "turn"]);
    assert_eq!(l.steps[0].branches, [0, 1]);
    assert_eq!(l.variations[1].from, 0);
    assert_eq!(l.variations[1].parent, Some(0));
    assert_eq!(l.steps[1].prev, Some(0));
    assert_eq!(l.steps[2].prev, Some(0));
}

#[test]
fn odd_documents_give_a_model_without_panicking() {
    for text in [
        "",
        "}",
        "# only a comment\n",
        "turn red D 0,0\n",
        "variation \"never closed\" {\nturn red D 0,0\n",
        "tile D 0,0\n}\n}\nturn blue E 0,1 r180\nexpect score red 1\n",
        "title \"t\"\nexpect score red 0\nvariation \"v\" {\nexpect score red 0\n}\n",
        "tile D 0,0\nend\nturn red E 0,1 r180\nend\n",
        "puzzle\nmark 0,0\nturn red D 0,0\n",
        "tile Z 0,0\ndiscard Q\nturn red E 9,9 r45\n",
    ] {
        let l = model(text);
        assert!(matches!(l.steps[0].kind, StepKind::Setup), "{text:?}");
        for (id, step) in l.steps.iter().enumerate() {
            for link in [step.prev, step.next].into_iter().flatten() {
                assert!(link < l.steps.len() && link != id, "{text:?}");
            }
        }
    }
    // Errors are attached to their steps. (E r180 closes D's city, which holds no meeple:
    // nobody scores, so `red +5` is a score-mismatch.)
    let l = model("tile D 0,0\nturn red E 0,1 r180 => red +5\n");
    let problems = &l.steps[1].problems;
    assert!(
        problems.iter().any(|(code, _)| code == "score-mismatch"),
        "{problems:?}"
    );
    // A turn on the first line has no position before it to ask about: no question.
    let l = model("turn red D 0,0\nmark 0,0\n");
    assert_eq!(kinds(&l), ["setup", "turn"]);
    assert!(l.steps[0].tiles == 0);
}

#[test]
fn a_question_comes_before_a_refused_move_of_its_answer_and_shows_none_of_it() {
    // Lesson 2: `refused occupied-feature: turn red E 0,1 r180 knight S` comes before the
    // marked turn in the file; shown first, it would give the answer (E at 0,1 r180) away.
    let l = model(&example("examples/lessons/02-occupancy-and-return.carc"));
    assert_eq!(kinds(&l), ["setup", "question", "refused", "turn"]);
    let q = &l.steps[1];
    assert!(
        q.board.refused.is_empty(),
        "no refused move drawn on the question"
    );
    assert!(q.statement.is_empty());
    // One line number: the question stands at the `expect` line before the refused move
    // (line 12 of the file, 0-based 11), and its picture says the same line.
    assert_eq!(q.line, 11);
    assert_eq!(q.board.line, Some(11));
    let StepKind::Question {
        exercise: Some(e), ..
    } = &q.kind
    else {
        panic!("the question has an exercise")
    };
    // The answer: E at 0,1 r180 without a meeple (the city is red's already): 2 tiles × 2.
    let answer = &e.moves[e.answer.expect("legal")];
    assert_eq!((answer.text.as_str(), answer.points), ("E 0,1 r180", 4));
    // The refused step still follows, then the turn.
    assert_eq!(q.next, Some(2));
    assert_eq!(l.steps[2].next, Some(3));
}

#[test]
fn a_meeple_that_scores_at_once_is_still_drawn_on_its_turn() {
    // Lesson 1: the knight on E closes the city and comes back in the same turn; the turn's
    // picture (after scoring) draws it faintly where it stood, so the move is seen.
    let l = model(&example(
        "examples/lessons/01-place-a-tile-and-a-meeple.carc",
    ));
    let turn = l
        .steps
        .iter()
        .find(|s| matches!(s.kind, StepKind::Turn { .. }))
        .expect("a turn");
    assert!(turn.board.meeples.is_empty(), "the knight has returned");
    assert_eq!(turn.board.returned.len(), 1);
    let knight = turn.board.returned[0];
    assert_eq!(
        (knight.colour, knight.pos.x, knight.pos.y),
        (Color::Red, 0, 1)
    );
    assert!(
        turn.alt
            .contains("red's knight at 0,1 (S) scored and returned"),
        "{}",
        turn.alt
    );
    assert!(carc_analysis::render_svg(&turn.board).contains("class=\"returned\""));
}

#[test]
fn every_question_of_the_examples_can_be_played() {
    // Each question of every example (lessons, expansions, puzzles) has an exercise whose
    // answer is one of the learner's choices and judged right; every choice is a legal move
    // or refused with at least one code; every legal move is reachable through a choice.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut questions = 0;
    for folder in ["lessons", "expansions", "puzzles"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(folder))
            .expect("examples")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "carc"))
            .collect();
        files.sort();
        for path in files {
            let l = model(&std::fs::read_to_string(&path).expect("example"));
            for step in &l.steps {
                let StepKind::Question { exercise, .. } = &step.kind else {
                    continue;
                };
                questions += 1;
                let name = path.display();
                let e = exercise
                    .as_ref()
                    .unwrap_or_else(|| panic!("{name}: no exercise"));
                let answer = e.answer.unwrap_or_else(|| panic!("{name}: no answer"));
                assert!(e.moves[answer].best, "{name}: the answer is right");
                let mut reached = vec![false; e.moves.len()];
                assert_eq!(e.placements.len(), 4 * e.cells.len(), "{name}");
                for p in &e.placements {
                    assert_eq!(p.refused.is_empty(), !p.choices.is_empty(), "{name}");
                    for c in &p.choices {
                        match &c.outcome {
                            carc_analysis::Outcome::Move(i) => reached[*i] = true,
                            carc_analysis::Outcome::Refused(found) => {
                                assert!(!found.is_empty(), "{name}: {c:?}")
                            }
                        }
                    }
                }
                assert!(
                    reached.iter().all(|r| *r),
                    "{name}: a legal move no choice reaches"
                );
            }
        }
    }
    // 13 questions in the course (the marked main-line turns), and more in the expansions
    // and puzzles.
    assert!(questions > 13, "{questions} questions");
}

/// The tiles of step `id`'s board, read from the lesson's tiles drawn apart: those placed at
/// a step whose range (depth-first numbering) holds `id`'s number.
fn tiles_at(l: &Lesson, id: usize) -> Vec<(i32, i32)> {
    let ranges = l.step_ranges();
    let at = ranges[id].0;
    l.tiles
        .iter()
        .filter(|t| ranges[t.step].0 <= at && at <= ranges[t.step].1)
        .map(|t| (t.tile.pos.x, t.tile.pos.y))
        .collect()
}

#[test]
fn each_tile_is_drawn_once_and_shows_where_its_line_of_play_goes() {
    // Nested variations: the setup's D 0,0, the main line's U 1,0; variation "a" from there
    // plays E 0,1, and "b" inside it U 2,0; then the main line plays U 2,0 too.
    let text = "players red blue\ntile D 0,0\nturn red U 1,0 r90\nvariation \"a\" {\n  turn blue E 0,1\n  variation \"b\" {\n    turn red U 2,0 r90\n  }\n}\nturn blue U 2,0 r90\n";
    let l = model(text);
    // D, U (main), E (a), U 2,0 (b), U 2,0 (main): five placements, five tiles, each once.
    assert_eq!(l.tiles.len(), 5, "{:?}", l.tiles);
    for (id, step) in l.steps.iter().enumerate() {
        assert_eq!(
            tiles_at(&l, id).len(),
            step.tiles,
            "step {id}: {}",
            step.heading
        );
        // The board keeps only tiles under a meeple or a mark (none here) and the last turn's.
        let kept: Vec<_> = step.board.tiles.iter().map(|t| Some(t.pos)).collect();
        assert!(kept.is_empty() || kept == [step.board.last], "step {id}");
        assert_eq!(step.board.layer.map(|x| x.count), Some(step.tiles));
    }
    // The last main-line step shows D, U 1,0 and the main line's U 2,0, not variation "a"'s E.
    let last = l.steps.len() - 1;
    assert_eq!(tiles_at(&l, last), [(0, 0), (1, 0), (2, 0)]);
    // On the whole course and the expansion examples, every step's board (its count) is the
    // tiles drawn apart that reach it.
    for dir in ["examples/lessons", "examples/expansions"] {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(dir);
        for entry in std::fs::read_dir(root).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "carc") {
                continue;
            }
            let l = lesson(&analyze(&std::fs::read_to_string(&path).unwrap()));
            for (id, step) in l.steps.iter().enumerate() {
                assert_eq!(tiles_at(&l, id).len(), step.tiles, "{path:?} step {id}");
            }
        }
    }
}
