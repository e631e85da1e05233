//! Tiles from the box to the board: the box's counts (`tile-count`), the `draws` a turn
//! takes, an unknown token (`unknown-tile`), the cell (`duplicate-cell`) and the edges
//! (`edge-mismatch`).

use carc_notation::{Span, Spanned};
use carc_rules::{PlacementError, Pos, TileType};

use super::Replayer;
use crate::diagnostic::{messages, Code, Related};
use crate::vocab;

/// The tiles taken from the box so far: per type, and per family (a base type with its garden
/// twins, [`TileType::family`]), indexed by the catalogue's order.
#[derive(Debug, Clone)]
pub(super) struct TileCounts {
    types: Vec<u32>,
    families: Vec<u32>,
}

impl Default for TileCounts {
    fn default() -> TileCounts {
        TileCounts {
            types: vec![0; TileType::ALL.len()],
            families: vec![0; TileType::ALL.len()],
        }
    }
}

impl TileCounts {
    /// Takes one `tile`; returns how many of its type are taken now.
    fn take(&mut self, tile: TileType) -> u32 {
        self.families[tile.family().index()] += 1;
        let used = &mut self.types[tile.index()];
        *used += 1;
        *used
    }

    /// How many tiles of `family` (a base type and its garden twins) are taken.
    fn of_family(&self, family: TileType) -> u32 {
        self.families[family.index()]
    }
}

impl Replayer<'_> {
    /// The tile type of a token, reporting `unknown-tile` (with the nearest tokens); also
    /// counts it against the box, unless the cell `at` it is meant for already holds a tile:
    /// a line whose tile cannot go on the board takes none from the box.
    pub(super) fn take_tile(
        &mut self,
        letter: &Spanned<String>,
        at: Option<Pos>,
    ) -> Option<TileType> {
        let Some(tile) = TileType::from_token(&letter.value) else {
            self.report(
                Code::UnknownTile,
                letter.span,
                messages::unknown_tile(&letter.value),
            );
            return None;
        };
        // a tile of a set that is off still goes on the board as printed
        if !self.set_on(tile.set()) {
            self.report(
                Code::ExpansionOff,
                letter.span,
                messages::expansion_off_tile(tile),
            );
        }
        if at.is_some_and(|p| self.replay.game.tile_at(p).is_some()) {
            return Some(tile);
        }
        let used = self.tile_counts.take(tile);
        let mut available = u32::from(tile.count()).saturating_mul(self.boxes);
        if self.replay.game.config().rules.river() && tile == TileType::START {
            // the spring is the start tile: one D stays in the box
            available = available.saturating_sub(1);
        }
        if used <= available {
            self.check_family_count(tile, letter.span);
        }
        if used > available {
            let message = messages::tile_count(tile, self.boxes, available, used);
            self.report(Code::TileCount, letter.span, message);
        }
        Some(tile)
    }

    /// `tile-count` when a base type and its garden tile together exceed the base type's count
    /// (E + Eg ≤ 5 …: each garden tile takes the place of one copy of its type).
    pub(super) fn check_family_count(&mut self, tile: TileType, span: Span) {
        if !tile.shares_count() {
            return;
        }
        let family = tile.family();
        let used = self.tile_counts.of_family(family);
        let available = u32::from(family.count()).saturating_mul(self.boxes);
        if used > available {
            let message = messages::tile_count_family(family, self.boxes, available, used);
            self.report(Code::TileCount, span, message);
        }
    }

    /// As [`Replayer::take_tile`] for a turn or discard: when its tile is the next of the
    /// `draws`, it takes that draw, which the box already counted.
    pub(super) fn take_drawn(
        &mut self,
        letter: &Spanned<String>,
        at: Option<Pos>,
    ) -> Option<TileType> {
        let tile = TileType::from_token(&letter.value);
        let free = at.is_none_or(|p| self.replay.game.tile_at(p).is_none());
        if tile.is_some() && free && self.replay.draws.first().copied() == tile {
            self.replay.draws.remove(0);
            return tile;
        }
        self.take_tile(letter, at)
    }

    /// Puts a tile on the board unless the cell is taken (`duplicate-cell`); returns its
    /// position when placed.
    /// `fault` is where an edge mismatch is reported (the rotation when one is written);
    /// `checked` is the engine's verdict on the placement when the caller already asked.
    pub(super) fn put_tile(
        &mut self,
        line: usize,
        tile: TileType,
        stmt_at: &carc_notation::Coord,
        (rotation, fault): (carc_rules::Rotation, Span),
        checked: Option<Result<(), PlacementError>>,
    ) -> Option<Pos> {
        let pos = vocab::pos(stmt_at);
        if let Some(existing) = self.replay.game.tile_at(pos) {
            let related = self.tile_line_span(pos);
            let message = messages::duplicate_cell(pos, existing.tile);
            let d = self.report(Code::DuplicateCell, stmt_at.span, message);
            if let Some(span) = related {
                d.related.push(Related {
                    span,
                    message: messages::duplicate_cell_related(pos),
                });
            }
            return None;
        }
        let checked =
            checked.unwrap_or_else(|| self.replay.game.check_placement(tile, pos, rotation));
        if let Err(error) = checked {
            self.report_mismatches(error, fault);
        }
        self.replay
            .game
            .place_tile_unchecked(tile, pos, rotation)
            .ok()?;
        self.replay.tile_lines.insert(pos, line);
        Some(pos)
    }
}
