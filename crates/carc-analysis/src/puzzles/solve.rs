//! `carc solve`: the value of each of the mover's moves under a puzzle goal, with the line of
//! play the search expects after it (docs/puzzles.md). The position is the one before a line
//! (by default a puzzle's answer, else the end of the file); the tiles are that line's tile
//! (when it is a turn) and the file's `draws` still to come.

use carc_notation::{LineKind, PuzzleGoal, StatementKind};
use carc_rules::{Limits, Stop, TileType};

use crate::moves::{candidates, mover, prefix};
use crate::puzzle::{
    draws_from, engine_goal, line_steps, line_text, move_text, puzzle_goal, value_text,
};
use crate::replay::replay;
use crate::Analysis;

/// One move of the mover and its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolvedMove {
    /// The move as a `turn` line writes it after the colour: `E 1,1 r270 knight W`.
    pub text: String,
    /// Its value under the goal.
    pub value: i64,
    /// The value in words: `+3`, `-2` (`final`), `8 points` (`score`), `+4` (`points`).
    pub value_text: String,
    /// What it scores at once for the mover.
    pub points: u32,
    /// The expected play after it (`blue E 0,1 r180`), empty for the `points` goal.
    pub line: Vec<String>,
    /// The expected final scores, players in turn order (empty for the `points` goal).
    pub scores: Vec<(&'static str, i64)>,
    /// The line and the final scores in one sentence (empty for the `points` goal).
    pub summary: String,
}

/// The result of [`solve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// The colour to move.
    pub mover: &'static str,
    /// The goal used.
    pub goal: PuzzleGoal,
    /// The tiles played, the mover's first.
    pub draws: Vec<String>,
    /// Every move, best first.
    pub moves: Vec<SolvedMove>,
    /// Whether every draw was searched (always for `points`).
    pub exact: bool,
    /// Draws searched to the end (the search deepens one draw at a time).
    pub depth: usize,
    /// `budget`, `memory` or `cancelled` when the search stopped early.
    pub stopped: Option<&'static str>,
    /// Positions visited.
    pub nodes: u64,
}

/// Why [`solve`] cannot answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// The line (0-based) is past the end of the document, which has `lines` lines.
    LineOutOfRange {
        /// The line asked for (0-based).
        line: usize,
        /// The number of lines.
        lines: usize,
    },
    /// No tile to play: the line is not a turn and no `draws` are left.
    NoDraws,
}

impl SolveError {
    /// A stable identifier: `line-out-of-range` or `no-draws`.
    pub fn code(&self) -> &'static str {
        match self {
            SolveError::LineOutOfRange { .. } => "line-out-of-range",
            SolveError::NoDraws => "no-draws",
        }
    }
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::LineOutOfRange { line, lines } => write!(
                f,
                "line {} is past the end of the file ({lines} line{})",
                line + 1,
                if *lines == 1 { "" } else { "s" }
            ),
            SolveError::NoDraws => f.write_str(
                "nothing to solve: the line is not a turn and no `draws` are left to play",
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// The last main-line turn of a puzzle (its answer), if the file is one.
fn answer_line(analysis: &Analysis) -> Option<usize> {
    puzzle_goal(&analysis.parse)?;
    let mut depth = 0usize;
    let mut found = None;
    for (index, line) in analysis.parse.lines.iter().enumerate() {
        let LineKind::Statement(s) = &line.kind else {
            continue;
        };
        match &s.kind {
            StatementKind::VariationOpen { .. } => depth += 1,
            StatementKind::VariationClose => depth = depth.saturating_sub(1),
            StatementKind::Turn(_) if depth == 0 => found = Some(index),
            _ => {}
        }
    }
    found
}

/// Values every move of the colour to move before line `line` (0-based; by default a
/// puzzle's answer, else the end of the file) under `goal` (by default the file's puzzle goal,
/// else `final`), searching at most `limits`.
pub fn solve(
    analysis: &Analysis,
    line: Option<usize>,
    goal: Option<PuzzleGoal>,
    limits: Limits<'_>,
) -> Result<Solved, SolveError> {
    let parse = &analysis.parse;
    if let Some(l) = line {
        if l >= parse.lines.len() {
            return Err(SolveError::LineOutOfRange {
                line: l,
                lines: parse.lines.len(),
            });
        }
    }
    let line = line.or_else(|| answer_line(analysis));
    let goal = goal
        .or_else(|| puzzle_goal(parse))
        .unwrap_or(PuzzleGoal::Final);
    let state = match line {
        Some(l) => replay(&prefix(parse, l), None, None),
        None => replay(parse, None, None),
    };
    let colour = mover(parse, &state.players, line);
    let turn_tile = line
        .and_then(|l| parse.lines.get(l))
        .and_then(|l| match &l.kind {
            LineKind::Statement(s) => match &s.kind {
                StatementKind::Turn(t) => TileType::from_token(&t.tile.value),
                _ => None,
            },
            _ => None,
        });
    let draws = match (turn_tile, state.draws.first()) {
        (Some(tile), _) => draws_from(&state.draws, tile),
        (None, Some(_)) => state.draws.clone(),
        (None, None) => return Err(SolveError::NoDraws),
    };
    let tokens: Vec<String> = draws.iter().map(|t| t.token().to_owned()).collect();
    let Some(engine) = engine_goal(goal) else {
        // `points`: what each move scores at once, no search
        let tile = draws[0];
        let moves = candidates(&state.game, colour, tile)
            .into_iter()
            .map(|c| SolvedMove {
                text: c.text(tile),
                value: i64::from(c.points),
                value_text: format!("+{}", c.points),
                points: c.points,
                line: Vec::new(),
                scores: Vec::new(),
                summary: String::new(),
            })
            .collect();
        return Ok(Solved {
            mover: colour.as_str(),
            goal,
            draws: tokens,
            moves,
            exact: true,
            depth: 1,
            stopped: None,
            nodes: 0,
        });
    };
    let solution = carc_rules::solve(&state.game, colour, &draws, engine, limits);
    let players = &state.players;
    let moves = solution
        .moves
        .iter()
        .map(|m| SolvedMove {
            text: move_text(m),
            value: m.value,
            value_text: value_text(engine, m.value),
            points: m.points,
            line: line_steps(m),
            scores: players
                .iter()
                .map(|c| (c.as_str(), m.scores[c.index()]))
                .collect(),
            summary: line_text(m, players),
        })
        .collect();
    Ok(Solved {
        mover: colour.as_str(),
        goal,
        draws: tokens,
        moves,
        exact: solution.exact,
        depth: solution.depth,
        stopped: solution.stopped.map(|s| match s {
            Stop::Budget => "budget",
            Stop::Memory => "memory",
            Stop::Cancelled => "cancelled",
        }),
        nodes: solution.nodes,
    })
}

/// A goal in words, for reports: `final (red's final score minus the best opponent's)`.
pub fn goal_words(goal: PuzzleGoal, mover: &str) -> String {
    match goal {
        PuzzleGoal::Points => format!("points ({mover}'s points at once)"),
        PuzzleGoal::Final => format!("final ({mover}'s final score minus the best opponent's)"),
        PuzzleGoal::Score => format!("score ({mover}'s own final score)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLOCK: &str = include_str!("../../../../examples/puzzles/block-the-city.carc");

    #[test]
    fn a_puzzle_is_solved_at_its_answer_with_its_goal() {
        let solved = solve(&crate::analyze(BLOCK), None, None, Limits::default()).unwrap();
        assert_eq!(solved.mover, "red");
        assert_eq!(solved.goal, PuzzleGoal::Final);
        assert_eq!(solved.draws, ["E", "E"]);
        assert!(solved.exact);
        // by hand in crates/carc-rules/tests/search.rs
        assert_eq!(solved.moves.len(), 18);
        let best = &solved.moves[0];
        assert_eq!(
            (best.text.as_str(), best.value_text.as_str()),
            ("E 1,1 r270 knight W", "+1")
        );
        assert_eq!(best.scores, vec![("red", 2), ("blue", 1)]);
        let greedy = solved.moves.iter().find(|m| m.points == 4).unwrap();
        assert_eq!(greedy.text, "E 0,-2 r0");
        assert_eq!(greedy.line, vec!["blue E 0,1 r180"]);
        assert_eq!(greedy.value, 0);
    }

    #[test]
    fn without_a_turn_or_draws_there_is_nothing_to_solve() {
        let analysis = crate::analyze("tile D 0,0\n");
        assert_eq!(
            solve(&analysis, None, None, Limits::default()),
            Err(SolveError::NoDraws)
        );
        assert_eq!(
            solve(&analysis, Some(4), None, Limits::default()).map_err(|e| e.code()),
            Err("line-out-of-range")
        );
        // the points goal ranks by what each move scores at once
        let analysis = crate::analyze("players red blue\ndraws E\ntile D 0,0\n");
        let solved = solve(&analysis, None, Some(PuzzleGoal::Points), Limits::default()).unwrap();
        assert_eq!(solved.moves[0].text, "E 0,1 r180 knight S");
        assert_eq!(solved.moves[0].value, 4);
    }

    #[test]
    fn a_bare_puzzle_is_solved_by_points_unless_the_goal_is_given() {
        // `puzzle` alone is the points goal (docs/notation.md). D at 0,0: E 0,1 r180 with a
        // knight closes the 2-tile city, 2 × 2 = +4 at once, the best; the answer scores +0
        // (the puzzle check calls it not-best, and solve must rank the same way).
        let text = "puzzle\nplayers red blue\ntile D 0,0\nturn red E 0,-1 r90\n";
        let analysis = crate::analyze(text);
        let solved = solve(&analysis, None, None, Limits::default()).unwrap();
        assert_eq!(solved.goal, PuzzleGoal::Points);
        assert_eq!(solved.moves[0].text, "E 0,1 r180 knight S");
        assert_eq!(solved.moves[0].value_text, "+4");
        // --goal final overrides it: the last tile, so red's final score minus blue's; the
        // closed city's +4 stays red's and nothing else scores for blue (no meeple): +4
        let fin = solve(&analysis, None, Some(PuzzleGoal::Final), Limits::default()).unwrap();
        assert_eq!(fin.goal, PuzzleGoal::Final);
        assert_eq!(fin.moves[0].value, 4);
    }
}
