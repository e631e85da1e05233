//! Hash keys of positions for the transposition table, and small helpers on games.

use crate::board::Pos;
use crate::game::Game;
use crate::tiles::{Color, Place, Role, Rotation, TileType};

/// The scores of every colour, indexed by [`Color::index`].
pub(super) fn scores(game: &Game) -> [i64; Color::COUNT] {
    Color::ALL.map(|c| game.score(c))
}

/// Whether `rot` is the first rotation of `tile` that looks like it (the one searched, as in
/// [`crate::first_look`]).
pub(super) fn first_look(tile: TileType, rot: Rotation) -> bool {
    crate::turn::first_look(tile, rot) == rot
}

/// splitmix64's finaliser: a well-mixed 64-bit value.
pub(super) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub(super) fn pos_bits(pos: Pos) -> u64 {
    (u64::from(pos.x as u32) << 32) | u64::from(pos.y as u32)
}

/// The key of one placed tile (XOR-combined, so the board's key ignores placement order).
pub(super) fn tile_key(tile: TileType, pos: Pos, rot: Rotation) -> u64 {
    mix(pos_bits(pos) ^ mix(((tile.index() as u64) << 8) | rot.index() as u64))
}

/// The key of every tile on the board.
pub(super) fn tiles_hash(game: &Game) -> u64 {
    game.tiles()
        .iter()
        .fold(0, |h, t| h ^ tile_key(t.tile, t.pos, t.rot))
}

/// A position's key: its tiles (`tiles`), meeples, scores and the draws consumed.
pub(super) fn node_key(game: &Game, tiles: u64, ply: usize) -> u64 {
    let mut h = tiles ^ mix(ply as u64 ^ 0xD1B5_4A32_D192_ED03);
    for m in game.meeples() {
        let role = match m.role {
            Role::Knight => 0u64,
            Role::Traveller => 1,
            Role::Monk => 2,
            Role::Farmer => 3,
        };
        let place = match m.place {
            Place::Side(s) => s.index() as u64,
            Place::Corner(c) => 4 + c.index() as u64,
            Place::Centre => 8,
            Place::Half(hs) => 9 + hs.index() as u64,
            Place::Inner => 17,
        };
        // the kind of figure (a large meeple, an abbot) tells positions apart as well
        let figure = m.figure as u64;
        h ^= mix(pos_bits(m.pos)
            ^ mix(figure << 24 | (m.colour.index() as u64) << 16 | role << 8 | place));
    }
    for (i, s) in scores(game).iter().enumerate() {
        h = mix(h ^ (*s as u64).wrapping_add(i as u64) << 3);
    }
    // what the expansions keep (goods held decide the final awards)
    game.sets.hash(h, mix)
}
