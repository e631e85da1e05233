//! The search forwards: a depth-first search over placement orders on a union-find with
//! rollback, restarted on a Luby schedule (see the module documentation of `reach`).

use std::collections::{HashMap, HashSet};

use carc_notation::Span;

use super::model::{meeple_words, unreachable, Model};
use super::Outcome;
use crate::diagnostic::{Diagnostic, Related};
use crate::vocab;

/// One change to the union-find, to undo.
#[derive(Debug, Clone, Copy)]
pub(super) enum Undo {
    Union {
        child: usize,
        root: usize,
        bumped: bool,
        holder: Option<usize>,
    },
    Meeple {
        root: usize,
        holder: Option<usize>,
    },
}

/// The depth-first search over placement orders.
pub(super) struct Search<'m> {
    pub(super) m: &'m Model,
    pub(super) p: usize,
    pub(super) placed: Vec<bool>,
    pub(super) bits: Vec<u64>,
    pub(super) touching: Vec<u16>,
    pub(super) active: Vec<bool>,
    pub(super) parent: Vec<usize>,
    pub(super) rank: Vec<u8>,
    pub(super) count: Vec<u16>,
    /// At roots: the tile of one meeple of the feature.
    pub(super) holder: Vec<Option<usize>>,
    pub(super) log: Vec<Undo>,
    pub(super) marks: Vec<usize>,
    pub(super) order: Vec<usize>,
    pub(super) seat0: Option<usize>,
    pub(super) seats: Vec<Option<usize>>,
    /// Unplaced meeples per seat.
    pub(super) need: Vec<usize>,
    pub(super) meeple_tiles: Vec<usize>,
    pub(super) dead: HashSet<(Vec<u64>, Option<usize>)>,
    pub(super) placements: usize,
    pub(super) budget: usize,
    pub(super) gave_up: bool,
    /// (blocked meeple tile, blocking meeple tile) → how often.
    pub(super) blocks: HashMap<(usize, usize), usize>,
    /// Scratch for `doomed`, per root: (stamp, the unplaced meeple tile touching it).
    pub(super) touched: Vec<(u64, usize)>,
    pub(super) stamp: u64,
    /// The restart round, and the placements allowed until its end.
    pub(super) round: u64,
    pub(super) round_budget: usize,
}

/// Placements per unit of the restart schedule (a 72-tile dive takes at least 72).
pub(super) const RESTART: usize = 200;

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, … (`i` from 1): restarts of mostly short rounds
/// with the occasional long one.
pub(super) fn luby(i: u64) -> usize {
    let mut i = i.max(1);
    loop {
        let k = 64 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// A fixed pseudo-random tie-break for `t` in restart `round` (splitmix64).
pub(super) fn mix(round: u64, t: usize) -> usize {
    let mut z = round
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(t as u64);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) as usize
}

impl<'m> Search<'m> {
    pub(super) fn new(m: &'m Model, budget: usize) -> Search<'m> {
        let n = m.tiles.len();
        let nodes = m.node_kind.len();
        let p = m.players.len().max(1);
        let mut need = vec![0; p];
        let meeple_tiles: Vec<usize> = (0..n).filter(|t| m.meeple[*t].is_some()).collect();
        for t in &meeple_tiles {
            if let Some(mp) = m.meeple[*t] {
                need[mp.seat] += 1;
            }
        }
        Search {
            m,
            p,
            placed: vec![false; n],
            bits: vec![0; n.div_ceil(64)],
            touching: vec![0; n],
            active: vec![false; nodes],
            parent: (0..nodes).collect(),
            rank: vec![0; nodes],
            count: vec![0; nodes],
            holder: vec![None; nodes],
            log: Vec::new(),
            marks: Vec::new(),
            order: Vec::new(),
            seat0: None,
            seats: Vec::new(),
            need,
            meeple_tiles,
            dead: HashSet::new(),
            placements: 0,
            budget,
            gave_up: false,
            blocks: HashMap::new(),
            touched: vec![(0, 0); nodes],
            stamp: 0,
            round: 0,
            round_budget: budget,
        }
    }

    pub(super) fn find(&self, mut x: usize) -> usize {
        while self.parent[x] != x {
            x = self.parent[x];
        }
        x
    }

    pub(super) fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return;
        }
        let (child, root) = if self.rank[ra] < self.rank[rb] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        let bumped = self.rank[child] == self.rank[root];
        let holder = self.holder[root];
        self.parent[child] = root;
        if bumped {
            self.rank[root] += 1;
        }
        self.count[root] += self.count[child];
        if self.holder[root].is_none() {
            self.holder[root] = self.holder[child];
        }
        self.log.push(Undo::Union {
            child,
            root,
            bumped,
            holder,
        });
    }

    pub(super) fn undo_to(&mut self, mark: usize) {
        while self.log.len() > mark {
            match self.log.pop() {
                Some(Undo::Union {
                    child,
                    root,
                    bumped,
                    holder,
                }) => {
                    self.parent[child] = child;
                    if bumped {
                        self.rank[root] -= 1;
                    }
                    self.count[root] -= self.count[child];
                    self.holder[root] = holder;
                }
                Some(Undo::Meeple { root, holder }) => {
                    self.count[root] -= 1;
                    self.holder[root] = holder;
                }
                None => break,
            }
        }
    }

    pub(super) fn set_placed(&mut self, t: usize, on: bool) {
        self.placed[t] = on;
        if on {
            self.bits[t / 64] |= 1 << (t % 64);
        } else {
            self.bits[t / 64] &= !(1 << (t % 64));
        }
        for &j in &self.m.nbrs[t] {
            if on {
                self.touching[j] += 1;
            } else {
                self.touching[j] -= 1;
            }
        }
        for node in self.m.nodes(t) {
            self.active[node] = on;
        }
    }

    /// Places tile `t` as the next turn; false (and nothing changed) when its meeple cannot
    /// be deployed then.
    pub(super) fn try_place(&mut self, t: usize) -> bool {
        let turn = self.order.len();
        let mut seat0 = self.seat0;
        if let Some(mp) = self.m.meeple[t] {
            match seat0 {
                Some(s) if (s + turn) % self.p != mp.seat => return false,
                Some(_) => {}
                None => seat0 = Some((mp.seat + self.p - turn % self.p) % self.p),
            }
        }
        let mark = self.log.len();
        self.set_placed(t, true);
        for node in self.m.nodes(t) {
            for k in 0..self.m.node_adj[node].len() {
                let other = self.m.node_adj[node][k];
                if self.active[other] {
                    self.union(node, other);
                }
            }
        }
        if let Some(mp) = self.m.meeple[t] {
            let root = self.find(mp.node);
            if self.count[root] > 0 {
                if let Some(h) = self.holder[root] {
                    *self.blocks.entry((t, h)).or_insert(0) += 1;
                }
                self.undo_to(mark);
                self.set_placed(t, false);
                return false;
            }
            self.log.push(Undo::Meeple {
                root,
                holder: self.holder[root],
            });
            self.count[root] += 1;
            self.holder[root] = Some(t);
            self.need[mp.seat] -= 1;
        }
        self.marks.push(mark);
        self.order.push(t);
        self.seats.push(self.seat0);
        self.seat0 = seat0;
        true
    }

    pub(super) fn undo_last(&mut self) {
        let (Some(t), Some(mark), Some(seat0)) =
            (self.order.pop(), self.marks.pop(), self.seats.pop())
        else {
            return;
        };
        self.undo_to(mark);
        self.set_placed(t, false);
        self.seat0 = seat0;
        if let Some(mp) = self.m.meeple[t] {
            self.need[mp.seat] += 1;
        }
    }

    /// Whether the placed tiles already rule out a witness: an unplaced meeple's segment
    /// touches an occupied feature, or two unplaced meeples' segments touch the same feature
    /// (whichever comes first occupies it for the other; features only grow).
    pub(super) fn doomed(&mut self) -> bool {
        self.stamp += 1;
        for i in 0..self.meeple_tiles.len() {
            let u = self.meeple_tiles[i];
            let Some(mp) = self.m.meeple[u] else {
                continue;
            };
            if self.placed[u] {
                continue;
            }
            for &o in &self.m.node_adj[mp.node] {
                if self.active[o] {
                    let root = self.find(o);
                    if self.count[root] > 0 {
                        if let Some(h) = self.holder[root] {
                            *self.blocks.entry((u, h)).or_insert(0) += 1;
                        }
                        return true;
                    }
                    match self.touched[root] {
                        (stamp, other) if stamp == self.stamp && other != u => {
                            *self.blocks.entry((u, other)).or_insert(0) += 1;
                            return true;
                        }
                        _ => self.touched[root] = (self.stamp, u),
                    }
                }
            }
        }
        if let Some(s) = self.seat0 {
            let n = self.m.tiles.len();
            let from = self.order.len();
            for seat in 0..self.p {
                let left = (from..n).filter(|i| (s + i) % self.p == seat).count();
                if self.need[seat] > left {
                    return true;
                }
            }
        }
        false
    }

    /// The tiles that may come next, best first.
    pub(super) fn candidates(&self) -> Vec<usize> {
        let current = self.seat0.map(|s| (s + self.order.len()) % self.p);
        let mut out: Vec<(u8, usize, usize)> = Vec::new();
        for t in 0..self.m.tiles.len() {
            if self.placed[t] || (!self.order.is_empty() && self.touching[t] == 0) {
                continue;
            }
            let class = match self.m.meeple[t] {
                Some(mp) if current.is_none_or(|c| c == mp.seat) => 0,
                Some(_) => continue,
                None if !self.m.contested[t] => 1,
                None => 2,
            };
            // Ties: the file's order in the first round, then a shuffle per restart.
            let tie = if self.round == 0 {
                self.m.lines[t]
            } else {
                mix(self.round, t)
            };
            out.push((class, tie, t));
        }
        out.sort_unstable();
        out.into_iter().map(|(_, _, t)| t).collect()
    }

    pub(super) fn dfs(&mut self) -> bool {
        if self.order.len() == self.m.tiles.len() {
            return true;
        }
        let key = (self.bits.clone(), self.seat0);
        if self.dead.contains(&key) {
            return false;
        }
        for t in self.candidates() {
            if self.placements >= self.round_budget {
                self.gave_up = true;
                return false;
            }
            self.placements += 1;
            if !self.try_place(t) {
                continue;
            }
            if !self.doomed() && self.dfs() {
                return true;
            }
            self.undo_last();
            if self.gave_up {
                return false;
            }
        }
        self.dead.insert(key);
        false
    }

    /// Depth-first search with restarts: round `i` may try `RESTART * luby(i)` placements
    /// (capped by the budget), ties among candidates shuffled anew each round. The dead sets
    /// carry over (each was explored in full), so a round that runs to its end still proves
    /// the setup unreachable.
    pub(super) fn run(mut self) -> (Outcome, usize) {
        let found = loop {
            self.gave_up = false;
            self.round_budget = self
                .budget
                .min(self.placements + RESTART * luby(self.round + 1));
            if self.dfs() {
                break true;
            }
            if !self.gave_up || self.placements >= self.budget {
                break false;
            }
            self.round += 1;
        };
        if found {
            let steps = self.m.witness(&self.order, self.seat0.unwrap_or(0));
            return (Outcome::Reachable(steps), self.placements);
        }
        if self.gave_up {
            return (Outcome::NotProven, self.placements);
        }
        (
            Outcome::Unreachable(self.exhausted_reason()),
            self.placements,
        )
    }

    /// The reason after an exhaustive search: the meeple most often blocked, and by whom.
    pub(super) fn exhausted_reason(&self) -> Diagnostic {
        let n = self.m.tiles.len();
        let worst = self
            .blocks
            .iter()
            .max_by_key(|((u, h), count)| (**count, std::cmp::Reverse((*u, *h))))
            .map(|(k, _)| *k);
        let first = self.m.meeples().last().copied();
        match worst.and_then(|(u, h)| Some((self.m.meeple[u]?, self.m.meeple[h]?))) {
            Some((a, b)) => {
                // Named on the later line of the two, so the report does not depend on which
                // of them the search happened to try second.
                let (later, earlier) = if a.span.start > b.span.start {
                    (a, b)
                } else {
                    (b, a)
                };
                let kind = vocab::kind_word(self.m.node_kind[later.node]);
                unreachable(
                    later.span,
                    format!(
                        "in every order of the {n} tiles that keeps them joined side to side, {} and {} (line {}) are on one {kind} before the second of them is deployed",
                        meeple_words(&later),
                        meeple_words(&earlier),
                        earlier.line + 1
                    ),
                    vec![Related {
                        span: earlier.span,
                        message: format!("{} is here", meeple_words(&earlier)),
                    }],
                )
            }
            None => unreachable(
                first.map_or(Span::new(0, 0), |m| m.span),
                format!("no order of the {n} tiles gives every meeple a free feature on a turn of its colour"),
                Vec::new(),
            ),
        }
    }
}
