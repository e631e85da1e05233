//! `variation "…" {` … `}`: a block that plays another line and puts the position back at
//! its `}`.

use std::rc::Rc;

use carc_notation::{Span, MAX_VARIATION_DEPTH};
use carc_rules::{Color, Game, TileType};

use super::tiles::TileCounts;
use super::turn::LastPart;
use super::{Marks, Phase, PosMap, Replayer};
use crate::diagnostic::{messages, Code};

/// Everything a variation may change and its closing `}` puts back: the main line goes on
/// as if the block were not there.
#[derive(Clone)]
pub(super) struct Position {
    game: Game,
    phase: Phase,
    previous_turn: Option<Color>,
    last_part: Option<LastPart>,
    tile_counts: TileCounts,
    tile_lines: PosMap<usize>,
    marks: Marks,
    draws: Vec<TileType>,
}

/// An open `variation "…" {` line.
///
/// Its position is shared with the block around it when nothing changed between the two
/// `{` (nested blocks opened in a row), and its `}` puts nothing back when nothing changed
/// inside: a level that plays no move costs no copy of the board (issue 25: 10,000 nested
/// blocks after 4,000 turns took 9.65 GB, one board per level). A level that plays a move
/// still copies the position once.
pub(super) struct VariationStart {
    pub(super) keyword: Span,
    position: Rc<Position>,
    /// The replay's [`Replayer::version`] when the block opened.
    version: u64,
}

impl Replayer<'_> {
    /// A copy of the position, taken where a variation starts.
    pub(super) fn position(&self) -> Position {
        Position {
            game: self.replay.game.clone(),
            phase: self.phase,
            previous_turn: self.previous_turn,
            last_part: self.last_part,
            tile_counts: self.tile_counts.clone(),
            tile_lines: self.replay.tile_lines.clone(),
            marks: self.replay.marks.clone(),
            draws: self.replay.draws.clone(),
        }
    }

    /// Puts back the position a variation started from.
    pub(super) fn restore(&mut self, position: Position) {
        self.replay.game = position.game;
        self.phase = position.phase;
        self.previous_turn = position.previous_turn;
        self.last_part = position.last_part;
        self.tile_counts = position.tile_counts;
        self.replay.tile_lines = position.tile_lines;
        self.replay.marks = position.marks;
        self.replay.draws = position.draws;
    }

    /// A `variation "…" {` line: the position to return to is taken (or shared with the block
    /// around it); past [`MAX_VARIATION_DEPTH`] the block is reported and not replayed.
    pub(super) fn open_variation(&mut self, keyword: Span) {
        if self.variations.len() >= MAX_VARIATION_DEPTH {
            self.report(
                Code::Variation,
                keyword,
                messages::variation_too_deep(MAX_VARIATION_DEPTH),
            );
            self.too_deep = 1;
            return;
        }
        let position = match self.variations.last() {
            Some(outer) if outer.version == self.version => Rc::clone(&outer.position),
            _ => Rc::new(self.position()),
        };
        self.variations.push(VariationStart {
            keyword,
            position,
            version: self.version,
        });
    }

    /// A `}`: the position the innermost block started from comes back.
    pub(super) fn close_variation(&mut self, keyword: Span) {
        match self.variations.pop() {
            // nothing changed inside the block: the position is already the one to return to
            Some(start) if start.version == self.version => {}
            Some(start) => {
                self.version = start.version;
                self.restore(Rc::unwrap_or_clone(start.position));
            }
            None => {
                self.report(Code::Variation, keyword, messages::VARIATION_CLOSES_NOTHING);
            }
        }
    }
}
