//! The River's turn rules (`rules river`), read off the board: where the river's open end is,
//! which way it last turned, and what a river or land tile placed in a turn breaks.
//!
//! The board is the only state: an open end is a river side of a placed tile that faces an
//! empty cell. The water flows from the spring, so the tile at an open end flows *in* through
//! its other river side and *out* through the open one; a curve turns left or right on the way.
//! The rules (docs/notation.md, "The River"):
//! - river tiles come first and the lake last: a river tile once the lake lies is an error, a
//!   land tile while the river is open a warning ([`RiverFault::AfterLake`],
//!   [`RiverFault::LandWhileOpen`]); the spring is the start tile, never a turn's tile
//!   ([`RiverFault::SpringInTurn`]);
//! - a river tile continues an open end: it goes on the cell beyond it
//!   ([`RiverFault::NotContinuing`]; turned so that a land side meets the end, it is an edge
//!   mismatch, not this fault);
//! - no immediate U-turn: a curve placed directly against a curve that turns the same way
//!   ([`RiverFault::UTurn`]). Only the immediate case is refused (the publisher's ruling):
//!   curve, straight, curve the same way is legal.
//!
//! In a setup only edge matching applies: an excerpt may show a river without its spring.

use super::Expansion;
use crate::board::Pos;
use crate::catalogue::TileSet;
use crate::game::Game;
use crate::tiles::{Edge, Rotation, Side, TileType};

/// The set's row of [`super::EXPANSIONS`]: it decides a turn's placements
/// ([`legal_placements`]); a land tile is playable wherever its edges match.
pub const EXPANSION: Expansion = Expansion {
    placements: Some(legal_placements),
    playable: Some(playable),
    deck: super::Deck::Apart,
    ..Expansion::new(TileSet::River, "river", "The River")
};

/// Whether a river tile has a legal placement in a turn (`None` for a land tile: the base
/// game's edge matching decides).
fn playable(game: &Game, tile: TileType) -> Option<bool> {
    is_river(tile).then(|| !legal_placements(game, tile).is_empty())
}

/// Which way a curve of the river turns, seen from the spring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Turn {
    /// Counter-clockwise (flowing east, it leaves north).
    Left,
    /// Clockwise (flowing east, it leaves south).
    Right,
}

impl Turn {
    /// `left` or `right`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Turn::Left => "left",
            Turn::Right => "right",
        }
    }
}

/// An open end of the river: the tile whose river side faces an empty cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OpenEnd {
    /// The tile at the end.
    pub pos: Pos,
    /// Its river side facing the empty cell.
    pub side: Side,
    /// The empty cell beyond it, where the river goes on.
    pub next: Pos,
    /// How the tile at the end turns the water (`None`: straight, spring, or no way in).
    pub turn: Option<Turn>,
}

/// What a turn's tile breaks of the river rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RiverFault {
    /// A river tile after the lake closed the river (an error).
    AfterLake,
    /// The spring in a turn: it is the start tile (an error).
    SpringInTurn,
    /// A land tile while the river still has an open end (a warning).
    LandWhileOpen(OpenEnd),
    /// A river tile on a cell beyond no open end (an error).
    NotContinuing,
    /// A curve directly against a curve turning the same way (an error).
    UTurn {
        /// The way both turn.
        turn: Turn,
        /// The end it was placed against.
        end: OpenEnd,
    },
}

impl RiverFault {
    /// Whether the fault makes the placement illegal (all but [`RiverFault::LandWhileOpen`]).
    pub const fn is_error(self) -> bool {
        !matches!(self, RiverFault::LandWhileOpen(_))
    }
}

/// Whether `tile` belongs to The River.
pub fn is_river(tile: TileType) -> bool {
    tile.set() == TileSet::River
}

/// The river sides of `tile` turned by `rot`, in board directions.
fn river_sides(tile: TileType, rot: Rotation) -> impl Iterator<Item = Side> {
    Side::ALL
        .into_iter()
        .filter(move |s| tile.edge(rot, *s) == Edge::River)
}

/// How `tile` turned by `rot` turns water entering through side `inlet` (`None` when `inlet`
/// is no river side, or the tile is a straight, the spring or the lake).
pub fn turn_of(tile: TileType, rot: Rotation, inlet: Side) -> Option<Turn> {
    if tile.edge(rot, inlet) != Edge::River {
        return None;
    }
    let outlet = river_sides(tile, rot).find(|s| *s != inlet)?;
    // flowing in through `inlet` means heading towards its opposite side
    let heading = inlet.opposite().index();
    match (outlet.index() + 4 - heading) & 3 {
        1 => Some(Turn::Right),
        3 => Some(Turn::Left),
        _ => None,
    }
}

/// Every open end of the river on the board, in placement order of their tiles.
pub fn open_ends(game: &Game) -> Vec<OpenEnd> {
    let mut out = Vec::new();
    for t in game.tiles().iter().filter(|t| is_river(t.tile)) {
        // on the stack: this runs for every turn of a river game
        let mut sides = [None; 4];
        for (slot, side) in sides.iter_mut().zip(river_sides(t.tile, t.rot)) {
            *slot = Some(side);
        }
        for side in sides.into_iter().flatten() {
            let Some(next) = t.pos.neighbour(side) else {
                continue;
            };
            if game.tile_at(next).is_some() {
                continue;
            }
            let inlet = sides.into_iter().flatten().find(|s| *s != side);
            out.push(OpenEnd {
                pos: t.pos,
                side,
                next,
                turn: inlet.and_then(|i| turn_of(t.tile, t.rot, i)),
            });
        }
    }
    out
}

/// The last turn of the river before open end `end`: walking upstream from it, the first
/// curve's way (`None`: no curve since the spring, or the river leaves the board).
pub fn last_turn(game: &Game, end: &OpenEnd) -> Option<Turn> {
    let mut pos = end.pos;
    let mut outlet = end.side;
    for _ in 0..=game.tiles().len() {
        let t = game.tile_at(pos)?;
        let inlet = river_sides(t.tile, t.rot).find(|s| *s != outlet)?;
        if let Some(turn) = turn_of(t.tile, t.rot, inlet) {
            return Some(turn);
        }
        pos = pos.neighbour(inlet)?;
        outlet = inlet.opposite();
    }
    None
}

/// Whether the lake lies on the board.
pub fn lake_placed(game: &Game) -> bool {
    game.tiles()
        .iter()
        .any(|t| is_river(t.tile) && river_sides(t.tile, t.rot).count() == 1 && !is_spring(t.tile))
}

/// Whether `tile` is the spring (a river tile with one river side and the water leaving).
fn is_spring(tile: TileType) -> bool {
    // by its token: looking the spring's type up by name scans the catalogue
    tile.token() == "r.A"
}

/// The river as a turn's tile meets it, read off the board once per turn (not once per
/// candidate placement): its open ends and whether the lake lies.
struct Course {
    ends: Vec<OpenEnd>,
    lake: bool,
}

impl Course {
    fn of(game: &Game) -> Course {
        Course {
            ends: open_ends(game),
            lake: lake_placed(game),
        }
    }

    /// Calls `fault` with each river rule that `tile` at `pos` turned by `rot` breaks, in the
    /// order of [`river_faults`]. Edge matching is not checked here.
    fn faults(&self, tile: TileType, pos: Pos, rot: Rotation, mut fault: impl FnMut(RiverFault)) {
        if !is_river(tile) {
            if let Some(e) = self.ends.first() {
                fault(RiverFault::LandWhileOpen(*e));
            }
            return;
        }
        if is_spring(tile) {
            return fault(RiverFault::SpringInTurn);
        }
        if self.lake {
            return fault(RiverFault::AfterLake);
        }
        let mut touching = false;
        for end in self.ends.iter().filter(|e| e.next == pos) {
            touching = true;
            let mine = turn_of(tile, rot, end.side.opposite());
            if let (Some(a), Some(b)) = (mine, end.turn) {
                if a == b {
                    fault(RiverFault::UTurn { turn: a, end: *end });
                }
            }
        }
        if !touching {
            fault(RiverFault::NotContinuing);
        }
    }

    /// Whether `tile` at `pos` turned by `rot` breaks no river rule that makes it illegal.
    fn allows(&self, tile: TileType, pos: Pos, rot: Rotation) -> bool {
        let mut error = false;
        self.faults(tile, pos, rot, |f| error |= f.is_error());
        !error
    }
}

/// What placing `tile` at `pos` turned by `rot` in a turn breaks of the river rules (empty:
/// nothing). Edge matching is not checked here.
pub fn river_faults(game: &Game, tile: TileType, pos: Pos, rot: Rotation) -> Vec<RiverFault> {
    let mut out = Vec::new();
    Course::of(game).faults(tile, pos, rot, |f| out.push(f));
    out
}

/// Whether `tile` may go at `pos` turned by `rot` in a turn under `rules river`: edges match
/// and no river rule is broken (a land tile while the river is open is only a warning).
pub fn legal_in_river_game(game: &Game, tile: TileType, pos: Pos, rot: Rotation) -> bool {
    game.check_placement(tile, pos, rot).is_ok() && Course::of(game).allows(tile, pos, rot)
}

/// Every legal `(cell, rotation)` for `tile` in a turn under `rules river`, in the order of
/// [`Game::legal_placements`].
pub fn legal_placements(game: &Game, tile: TileType) -> Vec<(Pos, Rotation)> {
    if !is_river(tile) {
        return game.legal_placements(tile);
    }
    // a river tile goes on a cell beyond an open end or nowhere: only those cells are tried
    // (an empty board has no open end)
    let course = Course::of(game);
    let mut out = Vec::new();
    for (k, end) in course.ends.iter().enumerate() {
        if course.ends[..k].iter().any(|e| e.next == end.next) {
            continue; // two ends meeting at one cell: tried once
        }
        let pos = end.next;
        out.extend(game.legal_rotations_at(tile, pos).filter_map(|r| {
            (course.allows(tile, pos, r) && game.check_placement(tile, pos, r).is_ok())
                .then_some((pos, r))
        }));
    }
    out.sort_unstable_by_key(|&(p, r)| (p.x, p.y, r));
    out
}
