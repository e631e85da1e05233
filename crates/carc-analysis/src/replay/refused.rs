//! The `refused` statement: `refused CODE[, CODE…]: turn …` (or `…: discard T`) asserts that
//! the rules refuse a move with exactly those diagnostic codes (docs/notation.md, "Refused
//! moves").
//!
//! The move is evaluated against the position as it stands, exactly as a `turn` (or
//! `discard`) line would be (the same code reports the same faults), and then everything it
//! changed is put back:
//! the board, the box, turn order, the facts and the diagnostics. What the move produced is
//! kept in a [`Refusal`] for hover and pictures. A legal move, or one refused for other
//! codes, is `refusal-mismatch` naming what actually happens; a word that names no code is
//! `unknown-code`.

use std::collections::BTreeSet;

use carc_notation::{FigureWord, RefusedMove, RefusedStmt, Span, Spanned};
use carc_rules::{Color, Place, Pos, Role, Rotation, TileType};

use super::Replayer;
use crate::diagnostic::{messages, Code, Diagnostic, Refused, Related, Severity};
use crate::vocab;

/// What one `refused` line found.
#[derive(Debug, Clone)]
pub struct Refusal {
    /// The line of the `refused` statement.
    pub line: usize,
    /// The codes as written that name a diagnostic code.
    pub claimed: Vec<Code>,
    /// The errors the move produces in this position (none: the move is legal).
    pub found: Vec<Diagnostic>,
    /// The tile, when its token names one.
    pub tile: Option<TileType>,
    /// The refused move.
    pub play: RefusedPlay,
}

/// The move of a [`Refusal`].
#[derive(Debug, Clone)]
pub enum RefusedPlay {
    /// A turn: the tile placed, perhaps with a meeple.
    Turn {
        /// Who would move.
        colour: Color,
        /// Where it would go.
        pos: Pos,
        /// How it would be turned.
        rotation: Rotation,
        /// The meeple it would deploy, with its place on the tile (`None` when no place of
        /// the role's kind exists there).
        meeple: Option<(Role, Option<Place>)>,
        /// Which figure that is, as written (`large`, `abbot` … or a meeple).
        figure: FigureWord,
        /// Whether it recalls the abbot instead of deploying.
        recall: bool,
        /// Whether the tile itself is refused (its placement fails), not only its meeple.
        tile_refused: bool,
    },
    /// A discard: the tile put back in the box (nothing is placed, nothing to draw).
    Discard,
}

impl Refusal {
    /// The codes the move actually produces, each once, in the notation's order.
    pub fn found_codes(&self) -> BTreeSet<Code> {
        self.found.iter().map(|d| d.code).collect()
    }

    /// Whether the statement holds: the move is refused with exactly the claimed codes.
    pub fn holds(&self) -> bool {
        !self.found.is_empty() && self.found_codes() == self.claimed.iter().copied().collect()
    }

    /// The move in the notation's words: `red E 0,1 r180 knight S` (a turn, without `turn`)
    /// or `discard E`.
    pub fn move_text(&self) -> String {
        let token = self.tile.map_or("?", |t| t.token());
        let RefusedPlay::Turn {
            colour,
            pos,
            rotation,
            meeple,
            figure,
            recall,
            ..
        } = self.play
        else {
            return format!("discard {token}");
        };
        let mut text = format!(
            "{} {token} {} {}",
            colour.as_str(),
            vocab::pos_str(pos),
            vocab::rotation_word(rotation)
        );
        if recall {
            text.push_str(" recall");
        }
        if let Some((role, place)) = meeple {
            if let Some(word) = figure.word() {
                text.push(' ');
                text.push_str(word);
            }
            if figure.has_role() {
                text.push(' ');
                text.push_str(vocab::role_word(role));
            }
            if let Some(place) = place.filter(|p| *p != Place::Centre) {
                text.push(' ');
                text.push_str(vocab::place_str(place));
            }
        }
        text
    }
}

/// The codes a move can be refused with (what a `turn` or `discard` line reports as errors,
/// `score-mismatch` aside: a refused move has no expectation), in the notation's order: the
/// `refused` column of the code table (`diagnostic.rs`).
pub(crate) fn refusal_codes() -> impl Iterator<Item = Code> {
    Code::ALL.into_iter().filter(|c| c.refused() != Refused::No)
}

/// For the words of a line typed so far: `None` when it is not a `refused` line, `Err` while
/// its codes are being typed (no colon yet), else the words after the colon (the move).
pub(crate) fn after_codes<'w, 'a>(words: &'w [&'a str]) -> Option<Result<&'w [&'a str], ()>> {
    let (first, rest) = words.split_first()?;
    if *first != "refused" {
        return None;
    }
    Some(match rest.iter().position(|w| w.ends_with(':')) {
        Some(colon) => Ok(&rest[colon + 1..]),
        None => Err(()),
    })
}

impl Replayer<'_> {
    /// A `refused` line: evaluates its move without applying it and checks the claim.
    pub(super) fn refused(&mut self, line: usize, stmt: &RefusedStmt) {
        let found = match &stmt.refused {
            RefusedMove::Turn(turn) => self.evaluate(|r| r.turn(line, turn)),
            RefusedMove::Discard { tile } => self.evaluate(|r| r.discard(tile)),
        };
        let mut claimed = Vec::new();
        let mut unknown = false;
        for word in &stmt.codes {
            match Code::from_id(&word.value) {
                Some(code) => claimed.push(code),
                None => {
                    unknown = true;
                    self.unknown_code(word);
                }
            }
        }
        let (tile, play) = match &stmt.refused {
            RefusedMove::Turn(turn) => turn_play(turn, &found),
            RefusedMove::Discard { tile } => {
                (TileType::from_token(&tile.value), RefusedPlay::Discard)
            }
        };
        let refusal = Refusal {
            line,
            claimed,
            found,
            tile,
            play,
        };
        if !unknown && !refusal.holds() {
            let span = codes_span(&stmt.codes);
            let message =
                messages::refusal_mismatch(&refusal.claimed, &refusal.found, &refusal.move_text());
            let related: Vec<Related> = refusal
                .found
                .iter()
                .flat_map(|d| d.related.iter().cloned())
                .collect();
            self.report(Code::RefusalMismatch, span, message).related = related;
        }
        self.replay.refusals.push(refusal);
    }

    /// The errors `play` (a turn or a discard) produces here; the position is left as it was.
    pub(super) fn evaluate(&mut self, play: impl FnOnce(&mut Self)) -> Vec<Diagnostic> {
        let position = self.position();
        let diagnostics = self.replay.diagnostics.len();
        let facts = self.replay.facts.len();
        let meeple_spans = self.replay.meeple_spans.clone();
        play(self);
        let found: Vec<Diagnostic> = self
            .replay
            .diagnostics
            .drain(diagnostics..)
            .filter(|d| d.severity == Severity::Error)
            .collect();
        self.replay.facts.truncate(facts);
        self.replay.meeple_spans = meeple_spans;
        self.restore(position);
        found
    }

    /// `unknown-code` for a word that names no diagnostic code, with the nearest one.
    fn unknown_code(&mut self, word: &Spanned<String>) {
        let nearest = Code::suggestions(&word.value).into_iter().next();
        let message = messages::unknown_code(&word.value, nearest);
        self.report(Code::UnknownCode, word.span, message);
    }
}

/// The tile and the move of a refused turn, from what it produced (`found`).
fn turn_play(
    turn: &carc_notation::TurnStmt,
    found: &[Diagnostic],
) -> (Option<TileType>, RefusedPlay) {
    let rotation = vocab::rotation(turn.rotation.as_ref().map(|r| r.value));
    let tile = TileType::from_token(&turn.tile.value);
    let meeple = turn.meeple.as_ref().map(|m| {
        let role = vocab::role(m.role.value);
        let place = match &m.place {
            Some(p) => Some(vocab::place(p.value)),
            None => tile.and_then(|t| {
                t.segments(rotation)
                    .find(|s| s.kind == role.kind())
                    .and_then(|s| s.places.first())
            }),
        };
        (role, place)
    });
    let play = RefusedPlay::Turn {
        colour: turn.colour.value,
        pos: vocab::pos(&turn.at),
        rotation,
        meeple,
        figure: turn
            .meeple
            .as_ref()
            .map_or(FigureWord::Meeple, |m| m.figure.value),
        recall: turn.recall.is_some(),
        tile_refused: found.iter().any(|d| d.code.refused() == Refused::Tile),
    };
    (tile, play)
}

/// From the first code to the last.
fn codes_span(codes: &[Spanned<String>]) -> Span {
    match (codes.first(), codes.last()) {
        (Some(first), Some(last)) => Span::new(first.span.start, last.span.end),
        _ => Span::default(),
    }
}

/// The hover card of a `refused` line.
pub(crate) fn card(refusal: &Refusal) -> String {
    let mut out = format!("**refused move** · `{}`\n\n", refusal.move_text());
    if refusal.found.is_empty() {
        out.push_str("Not refused: the rules allow this move here.\n");
    } else {
        out.push_str("The rules refuse it:\n");
        for d in &refusal.found {
            out.push_str(&format!("- `{}`: {}\n", d.code.as_str(), d.message));
        }
    }
    out.push_str("\nThe move is not played: the position stays as it was.");
    out
}
