//! Spare games for the search's copies, and what a game holds (for its memory bound).

use std::cell::RefCell;

use crate::game::Game;

/// Spare games whose allocations are reused for the next copies: a copy into a spare one
/// allocates (almost) nothing, where a fresh clone allocates every vector at its exact length
/// and grows them all again with the next tile. Holds at most `cap` games (of about `bytes`
/// each, for the memory bound).
pub(super) struct Pool {
    pub(super) spares: RefCell<Vec<Game>>,
    pub(super) cap: usize,
    pub(super) bytes: usize,
}

/// Spare games kept at most.
pub(super) const POOL_CAP: usize = 512;

impl Pool {
    pub(super) fn new(cap: usize, bytes: usize) -> Pool {
        Pool {
            spares: RefCell::new(Vec::new()),
            cap,
            bytes,
        }
    }

    /// The bytes the spare games hold (about).
    pub(super) fn held(&self) -> usize {
        self.spares.borrow().len().saturating_mul(self.bytes)
    }

    /// A copy of `game`.
    pub(super) fn copy(&self, game: &Game) -> Game {
        match self.spares.borrow_mut().pop() {
            Some(mut spare) => {
                spare.copy_from(game);
                spare
            }
            None => game.clone(),
        }
    }

    /// Gives a game back for reuse.
    pub(super) fn recycle(&self, game: Game) {
        let mut spares = self.spares.borrow_mut();
        if spares.len() < self.cap {
            spares.push(game);
        }
    }
}

impl Game {
    /// The bytes `self` holds (its vectors' capacities, and itself), for the search's memory
    /// bound. Every field is named, so a field added to [`Game`] fails to compile here until
    /// it is counted too (fields without heap storage count in `size_of`).
    pub(super) fn heap_bytes(&self) -> usize {
        fn bytes<T>(v: &Vec<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        let Game {
            config,
            cells,
            tiles,
            tile_base,
            tile_nbrs,
            parent,
            size,
            next,
            node_tile,
            node_seg,
            open,
            mcount,
            scored,
            frontier,
            meeples,
            next_meeple: _,
            supply: _,
            score: _,
            last: _,
            monasteries,
            stamp,
            epoch: _,
            passive: _,
            sets: _,
        } = self;
        std::mem::size_of::<Game>()
            + bytes(&config.players)
            + cells.heap_bytes()
            + bytes(tiles)
            + bytes(tile_base)
            + bytes(tile_nbrs)
            + bytes(parent)
            + bytes(size)
            + bytes(next)
            + bytes(node_tile)
            + bytes(node_seg)
            + bytes(open)
            + bytes(mcount)
            + bytes(scored)
            + bytes(frontier)
            + bytes(meeples)
            + bytes(monasteries)
            + bytes(stamp)
    }

    /// Makes `self` a copy of `other`, reusing `self`'s allocations. Every field is named, so
    /// a field added to [`Game`] fails to compile here until it is copied too.
    pub(super) fn copy_from(&mut self, other: &Game) {
        let Game {
            config,
            cells,
            tiles,
            tile_base,
            tile_nbrs,
            parent,
            size,
            next,
            node_tile,
            node_seg,
            open,
            mcount,
            scored,
            frontier,
            meeples,
            next_meeple,
            supply,
            score,
            last,
            monasteries,
            stamp,
            epoch,
            passive,
            sets,
        } = other;
        self.config.clone_from(config);
        self.cells.clone_from(cells);
        self.tiles.clone_from(tiles);
        self.tile_base.clone_from(tile_base);
        self.tile_nbrs.clone_from(tile_nbrs);
        self.parent.clone_from(parent);
        self.size.clone_from(size);
        self.next.clone_from(next);
        self.node_tile.clone_from(node_tile);
        self.node_seg.clone_from(node_seg);
        self.open.clone_from(open);
        self.mcount.clone_from(mcount);
        self.scored.clone_from(scored);
        self.frontier.clone_from(frontier);
        self.meeples.clone_from(meeples);
        self.next_meeple = *next_meeple;
        self.supply = *supply;
        self.score = *score;
        self.last = *last;
        self.monasteries.clone_from(monasteries);
        self.stamp.clone_from(stamp);
        self.epoch = *epoch;
        self.passive = *passive;
        self.sets = *sets;
    }
}
