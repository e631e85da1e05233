//! The messages of tiles and the board: unknown tiles, cells, edges, adjacency, the box's
//! counts.

use carc_rules::{Mismatch, Pos, TileType};

use crate::explain::set_name;
use crate::vocab;

// ---- unknown-tile -----------------------------------------------------------------------------

/// Why a token is not a tile, with the catalogue's nearest tokens when there are any
/// ([`vocab::tile_suggestions`]): ``"`d` is not a tile; did you mean `D`?"``; a set's prefix
/// with a letter the set lacks says which tiles it has (also `carc moves`' error).
pub fn unknown_tile(token: &str) -> String {
    let near: Vec<String> = vocab::tile_suggestions(token)
        .into_iter()
        .map(|t| format!("`{t}`"))
        .collect();
    let set_letters = token.split_once('.').and_then(|(prefix, _)| {
        let tiles: Vec<TileType> = TileType::ALL
            .into_iter()
            .filter(|t| t.token().split_once('.').map(|(p, _)| p) == Some(prefix))
            .collect();
        // a letter-case slip (`ic.k`) needs no list: the set has the letter
        let has_letter = tiles.iter().any(|t| t.token().eq_ignore_ascii_case(token));
        match (tiles.first(), tiles.last()) {
            (Some(first), Some(last)) if !has_letter => Some(format!(
                " ({} has {first} to {last})",
                set_name(first.set())
            )),
            _ => None,
        }
    });
    let set_letters = set_letters.unwrap_or_default();
    match near.as_slice() {
        [] => {
            let base: Vec<TileType> = TileType::ALL
                .into_iter()
                .filter(|t| t.set() == carc_rules::TileSet::Base)
                .collect();
            match (base.first(), base.last()) {
                (Some(first), Some(last)) if set_letters.is_empty() => {
                    format!("`{token}` is not a tile: the base tiles are {first} to {last}")
                }
                _ => format!("`{token}` is not a tile{set_letters}"),
            }
        }
        [one] => format!("`{token}` is not a tile{set_letters}; did you mean {one}?"),
        [init @ .., last] => format!(
            "`{token}` is not a tile{set_letters}; did you mean {} or {last}?",
            init.join(", ")
        ),
    }
}

// ---- duplicate-cell ---------------------------------------------------------------------------

/// A second tile on `pos`, which holds `existing`.
pub fn duplicate_cell(pos: Pos, existing: TileType) -> String {
    format!(
        "{} already holds a tile ({})",
        vocab::pos_str(pos),
        existing.token()
    )
}

/// The related location of `duplicate-cell`: the line of the tile already there.
pub fn duplicate_cell_related(pos: Pos) -> String {
    format!("the tile at {} is placed here", vocab::pos_str(pos))
}

// ---- edge-mismatch ----------------------------------------------------------------------------

/// One side of the tile that disagrees with its neighbour.
pub fn edge_mismatch(mismatch: &Mismatch) -> String {
    format!(
        "its {} side is {} {}; the tile at {} shows {} {} there",
        vocab::side_word(mismatch.side),
        vocab::article(mismatch.ours.as_str()),
        mismatch.ours.as_str(),
        vocab::pos_str(mismatch.neighbour),
        vocab::article(mismatch.theirs.as_str()),
        mismatch.theirs.as_str(),
    )
}

/// The related location of `edge-mismatch`: the neighbour's line.
pub fn edge_mismatch_related(neighbour: Pos) -> String {
    format!("the tile at {}", vocab::pos_str(neighbour))
}

// ---- not-adjacent -----------------------------------------------------------------------------

/// A turn's tile that touches no tile.
pub fn not_adjacent(pos: Pos) -> String {
    format!("{} touches no tile along a side", vocab::pos_str(pos))
}

/// A setup tile outside the first tile's group (`rules whole-board`).
pub fn not_adjacent_setup(pos: Pos, first: Pos) -> String {
    format!(
        "the tile at {} is not joined side to side with the first tile (at {})",
        vocab::pos_str(pos),
        vocab::pos_str(first)
    )
}

/// The related location of a setup's `not-adjacent`.
pub const NOT_ADJACENT_FIRST_TILE: &str = "the first tile";

// ---- tile-count -------------------------------------------------------------------------------

/// Tile number `used` of a type of which `boxes` boxes hold `available`.
pub fn tile_count(tile: TileType, boxes: u32, available: u32, used: u32) -> String {
    let boxes = match boxes {
        1 => "the box holds".to_owned(),
        n => format!("{n} boxes hold"),
    };
    format!(
        "{boxes} {available} {} tile{} ({}); this is number {used}",
        tile.token(),
        if available == 1 { "" } else { "s" },
        tile.name()
    )
}

/// Tile number `used` of a base type and its garden tile together (`family`).
pub fn tile_count_family(family: TileType, boxes: u32, available: u32, used: u32) -> String {
    format!(
        "{family} and its garden tile together number {available} in {}; this is number {used}",
        match boxes {
            1 => "the box".to_owned(),
            n => format!("{n} boxes"),
        }
    )
}
