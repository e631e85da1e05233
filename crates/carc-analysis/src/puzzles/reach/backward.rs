//! The search backwards (which tile came last?), tried when the forward search runs out
//! of budget.

use std::collections::{HashMap, HashSet};

use super::model::Model;
use super::Outcome;

/// The search, run backwards: which tile came last? A tile may come last when the others
/// stay edge-connected without it (it is not a cut vertex), its meeple (if any) is of the
/// colour whose turn that was, and the meeple's feature, among the tiles still there, holds
/// no other meeple. Taking tiles away only splits features, so the occupancy test can only
/// become easier as the search goes on; connectivity and whose turn it is are what need
/// backtracking.
pub(super) struct Backward<'m> {
    pub(super) m: &'m Model,
    pub(super) p: usize,
    pub(super) present: Vec<bool>,
    pub(super) bits: Vec<u64>,
    pub(super) left: usize,
    /// Removed tiles, last placed first.
    pub(super) removed: Vec<usize>,
    /// The seat of the first turn (fixed per round).
    pub(super) seat0: usize,
    /// Meeples still on the board, per seat.
    pub(super) need: Vec<usize>,
    pub(super) is_meeple_node: Vec<bool>,
    pub(super) dead: HashSet<Vec<u64>>,
    pub(super) placements: usize,
    pub(super) budget: usize,
    pub(super) gave_up: bool,
    /// (blocked meeple tile, blocking meeple tile) → how often.
    pub(super) blocks: HashMap<(usize, usize), usize>,
    /// Scratch for the searches over nodes and tiles.
    pub(super) seen: Vec<u32>,
    pub(super) stamp: u32,
}

impl<'m> Backward<'m> {
    pub(super) fn new(m: &'m Model, budget: usize) -> Backward<'m> {
        let n = m.tiles.len();
        let mut is_meeple_node = vec![false; m.node_kind.len()];
        for mp in m.meeple.iter().flatten() {
            is_meeple_node[mp.node] = true;
        }
        Backward {
            m,
            p: m.players.len().max(1),
            present: vec![true; n],
            bits: vec![0; n.div_ceil(64)],
            left: n,
            removed: Vec::new(),
            seat0: 0,
            need: Vec::new(),
            is_meeple_node,
            dead: HashSet::new(),
            placements: 0,
            budget,
            gave_up: false,
            blocks: HashMap::new(),
            seen: vec![0; m.node_kind.len().max(n)],
            stamp: 0,
        }
    }

    pub(super) fn reset(&mut self, seat0: usize) {
        self.present.iter_mut().for_each(|p| *p = true);
        self.bits.iter_mut().for_each(|b| *b = 0);
        for t in 0..self.m.tiles.len() {
            self.bits[t / 64] |= 1 << (t % 64);
        }
        self.left = self.m.tiles.len();
        self.removed.clear();
        self.seat0 = seat0;
        self.need = vec![0; self.p];
        for mp in self.m.meeple.iter().flatten() {
            self.need[mp.seat] += 1;
        }
        self.dead.clear();
    }

    pub(super) fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// Another meeple on the feature of `tile`'s meeple, among the tiles still there.
    pub(super) fn other_meeple(&mut self, tile: usize) -> Option<usize> {
        let mp = self.m.meeple[tile]?;
        let stamp = self.next_stamp();
        let mut stack = vec![mp.node];
        self.seen[mp.node] = stamp;
        while let Some(node) = stack.pop() {
            for &o in &self.m.node_adj[node] {
                let t = self.node_tile(o);
                if self.seen[o] == stamp || !self.present[t] {
                    continue;
                }
                if self.is_meeple_node[o] {
                    return Some(t);
                }
                self.seen[o] = stamp;
                stack.push(o);
            }
        }
        None
    }

    pub(super) fn node_tile(&self, node: usize) -> usize {
        self.m
            .base
            .partition_point(|b| *b <= node)
            .saturating_sub(1)
    }

    /// The tiles still there whose removal would split the others (Tarjan's cut vertices).
    pub(super) fn cut_vertices(&mut self) -> Vec<bool> {
        let n = self.m.tiles.len();
        let mut cut = vec![false; n];
        let Some(root) = (0..n).find(|t| self.present[*t]) else {
            return cut;
        };
        let mut order = vec![0usize; n];
        let mut low = vec![0usize; n];
        let mut counter = 1;
        // Iterative depth-first search: (tile, parent, next neighbour index).
        let mut stack: Vec<(usize, usize, usize)> = vec![(root, usize::MAX, 0)];
        order[root] = counter;
        low[root] = counter;
        let mut root_children = 0;
        while let Some(&mut (v, parent, ref mut next)) = stack.last_mut() {
            if let Some(&w) = self.m.nbrs[v].get(*next) {
                *next += 1;
                if !self.present[w] || w == parent {
                    continue;
                }
                if order[w] == 0 {
                    counter += 1;
                    order[w] = counter;
                    low[w] = counter;
                    if v == root {
                        root_children += 1;
                    }
                    stack.push((w, v, 0));
                } else {
                    low[v] = low[v].min(order[w]);
                }
            } else {
                stack.pop();
                if let Some(&(u, _, _)) = stack.last() {
                    low[u] = low[u].min(low[v]);
                    if u != root && low[v] >= order[u] {
                        cut[u] = true;
                    }
                }
            }
        }
        cut[root] = root_children > 1;
        cut
    }

    /// The tiles that may have come last, best first.
    pub(super) fn candidates(&mut self) -> Vec<usize> {
        let seat = (self.seat0 + self.left - 1) % self.p;
        let cut = self.cut_vertices();
        let mut out: Vec<(u8, usize, usize)> = Vec::new();
        for (t, is_cut) in cut.into_iter().enumerate() {
            if !self.present[t] || is_cut {
                continue;
            }
            let class = match self.m.meeple[t] {
                Some(mp) if mp.seat != seat => continue,
                Some(_) => match self.other_meeple(t) {
                    Some(h) => {
                        *self.blocks.entry((t, h)).or_insert(0) += 1;
                        continue;
                    }
                    None => 0,
                },
                None if self.m.contested[t] => 1,
                None => 2,
            };
            // Later lines first: the file's order is a weak hint of the order of play.
            out.push((class, usize::MAX - self.m.lines[t], t));
        }
        out.sort_unstable();
        out.into_iter().map(|(_, _, t)| t).collect()
    }

    /// Whether every colour still has a turn for each of its meeples on the board.
    pub(super) fn seats_suffice(&self) -> bool {
        (0..self.p).all(|seat| {
            let turns = (0..self.left)
                .filter(|i| (self.seat0 + i) % self.p == seat)
                .count();
            self.need[seat] <= turns
        })
    }

    pub(super) fn take(&mut self, t: usize, on: bool) {
        self.present[t] = !on;
        self.bits[t / 64] ^= 1 << (t % 64);
        if on {
            self.left -= 1;
            self.removed.push(t);
        } else {
            self.left += 1;
            self.removed.pop();
        }
        if let Some(mp) = self.m.meeple[t] {
            if on {
                self.need[mp.seat] -= 1;
            } else {
                self.need[mp.seat] += 1;
            }
        }
    }

    pub(super) fn dfs(&mut self) -> bool {
        if self.left == 0 {
            return true;
        }
        if self.dead.contains(&self.bits) {
            return false;
        }
        for t in self.candidates() {
            if self.placements >= self.budget {
                self.gave_up = true;
                return false;
            }
            self.placements += 1;
            self.take(t, true);
            if self.seats_suffice() && self.dfs() {
                return true;
            }
            self.take(t, false);
            if self.gave_up {
                return false;
            }
        }
        self.dead.insert(self.bits.clone());
        false
    }

    pub(super) fn run(mut self) -> (Outcome, usize) {
        for seat0 in 0..self.p {
            self.reset(seat0);
            if !self.seats_suffice() {
                continue;
            }
            if self.dfs() {
                let order: Vec<usize> = self.removed.iter().rev().copied().collect();
                let steps = self.m.witness(&order, seat0);
                return (Outcome::Reachable(steps), self.placements);
            }
            if self.gave_up {
                return (Outcome::NotProven, self.placements);
            }
        }
        (Outcome::NotProven, self.placements)
    }
}
