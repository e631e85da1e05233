//! The model of a setup the searches run on: its tiles, their segments (nodes) and which
//! nodes join across sides, its meeples, and the quick proofs that need no search.

use std::collections::HashMap;

use carc_notation::Span;
use carc_rules::{Color, Corner, Edge, FeatureKind, Place, Pos, Role, Side};

use super::Step;
use crate::diagnostic::{Code, Diagnostic, Related};
use crate::replay::Replay;
use crate::vocab;

/// A setup meeple in the model.
#[derive(Debug, Clone, Copy)]
pub(super) struct MeepleInfo {
    pub(super) node: usize,
    /// Index of its colour in the turn order.
    pub(super) seat: usize,
    pub(super) colour: Color,
    pub(super) role: Role,
    pub(super) place: Place,
    pub(super) span: Span,
    pub(super) line: usize,
}

/// The setup as a graph: tiles, their segments ("nodes") and which nodes join across sides.
pub(super) struct Model {
    pub(super) tiles: Vec<carc_rules::PlacedTile>,
    pub(super) lines: Vec<usize>,
    pub(super) nbrs: Vec<Vec<usize>>,
    pub(super) base: Vec<usize>,
    pub(super) node_adj: Vec<Vec<usize>>,
    pub(super) node_kind: Vec<FeatureKind>,
    pub(super) meeple: Vec<Option<MeepleInfo>>,
    /// Tiles with a segment on a feature holding two or more meeples.
    pub(super) contested: Vec<bool>,
    pub(super) players: Vec<Color>,
}

/// The corners that meet across a side: (ours, the neighbour's).
pub(super) fn corners_across(side: Side) -> [(Corner, Corner); 2] {
    match side {
        Side::N => [(Corner::NW, Corner::SW), (Corner::NE, Corner::SE)],
        Side::E => [(Corner::NE, Corner::NW), (Corner::SE, Corner::SW)],
        Side::S => [(Corner::SE, Corner::NE), (Corner::SW, Corner::NW)],
        Side::W => [(Corner::NW, Corner::NE), (Corner::SW, Corner::SE)],
    }
}

impl Model {
    /// The witness for a placement order of the setup's tiles, turns starting at `seat0`.
    pub(super) fn witness(&self, order: &[usize], seat0: usize) -> Vec<Step> {
        order
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                let tile = self.tiles[t];
                Step {
                    line: self.lines[t],
                    colour: self.players[(seat0 + i) % self.players.len().max(1)],
                    tile: tile.tile,
                    pos: tile.pos,
                    rotation: tile.rot,
                    meeple: self.meeple[t].map(|mp| (mp.role, mp.place)),
                }
            })
            .collect()
    }

    pub(super) fn build(state: &Replay) -> Option<Model> {
        let game = &state.game;
        let tiles: Vec<_> = game.tiles().to_vec();
        let index: HashMap<Pos, usize> =
            tiles.iter().enumerate().map(|(i, t)| (t.pos, i)).collect();
        let mut base = Vec::with_capacity(tiles.len());
        let mut node_kind = Vec::new();
        let mut node_feature = Vec::new();
        for t in &tiles {
            base.push(node_kind.len());
            let on: Vec<_> = game.features_on(t.pos);
            let count = t.tile.segments(t.rot).count();
            for i in 0..count {
                let seg = t.tile.segment(t.rot, i)?;
                node_kind.push(seg.kind);
                // the id `features_on` gives is the feature's own (its root): asking
                // `game.feature` for it listed every member, once per segment, which made a
                // board-wide field quadratic (issue 25: 10,000 setup tiles took 49 s)
                let feature = on
                    .iter()
                    .find(|(s, _)| usize::from(s.index) == i)
                    .map(|(_, id)| id.raw());
                node_feature.push(feature);
            }
        }
        let node = |tile: usize, place: Place| -> Option<usize> {
            let t = tiles.get(tile)?;
            let seg = t.tile.segment_at(t.rot, place)?;
            Some(base[tile] + usize::from(seg.index))
        };
        let mut nbrs = vec![Vec::new(); tiles.len()];
        let mut node_adj = vec![Vec::new(); node_kind.len()];
        for (i, t) in tiles.iter().enumerate() {
            for side in Side::ALL {
                let Some(j) = t.pos.neighbour(side).and_then(|p| index.get(&p).copied()) else {
                    continue;
                };
                nbrs[i].push(j);
                let mut pairs = vec![(Place::Side(side), Place::Side(side.opposite()))];
                if t.tile.edge(t.rot, side) != Edge::City {
                    pairs.extend(
                        corners_across(side)
                            .into_iter()
                            .map(|(a, b)| (Place::Corner(a), Place::Corner(b))),
                    );
                }
                for (a, b) in pairs {
                    let (Some(u), Some(v)) = (node(i, a), node(j, b)) else {
                        continue;
                    };
                    // Only segments the engine joined (a safety net; matching boards agree).
                    if node_kind[u] == node_kind[v]
                        && node_feature[u].is_some()
                        && node_feature[u] == node_feature[v]
                        && !node_adj[u].contains(&v)
                    {
                        node_adj[u].push(v);
                    }
                }
            }
        }
        let mut players = state.players.clone();
        if players.is_empty() {
            players.push(Color::Red);
        }
        let mut meeple = vec![None; tiles.len()];
        let mut per_feature: HashMap<u32, usize> = HashMap::new();
        // a builder or pig (Traders & Builders) occupies nothing: its tile is a tile without
        // meeple; leaving it out only makes the proofs more lenient (the one figure per turn it
        // also stands for is not counted)
        for m in game.meeples().filter(|m| m.figure.occupies()) {
            let tile = *index.get(&m.pos)?;
            let n = node(tile, m.place)?;
            let seat = players.iter().position(|c| *c == m.colour)?;
            let (line, span) = *state.meeple_spans.get(&m.id)?;
            if meeple[tile].is_some() {
                return None;
            }
            meeple[tile] = Some(MeepleInfo {
                node: n,
                seat,
                colour: m.colour,
                role: m.role,
                place: m.place,
                span,
                line,
            });
            if let Some(f) = node_feature[n] {
                *per_feature.entry(f).or_insert(0) += 1;
            }
        }
        let contested = (0..tiles.len())
            .map(|i| {
                let end = base.get(i + 1).copied().unwrap_or(node_kind.len());
                (base[i]..end).any(|n| {
                    node_feature[n].is_some_and(|f| per_feature.get(&f).copied().unwrap_or(0) >= 2)
                })
            })
            .collect();
        let lines = tiles
            .iter()
            .map(|t| state.tile_lines.get(&t.pos).copied().unwrap_or(0))
            .collect();
        Some(Model {
            tiles,
            lines,
            nbrs,
            base,
            node_adj,
            node_kind,
            meeple,
            contested,
            players,
        })
    }

    pub(super) fn nodes(&self, tile: usize) -> std::ops::Range<usize> {
        let end = self
            .base
            .get(tile + 1)
            .copied()
            .unwrap_or(self.node_kind.len());
        self.base[tile]..end
    }

    /// Meeples in file order.
    pub(super) fn meeples(&self) -> Vec<MeepleInfo> {
        let mut out: Vec<MeepleInfo> = self.meeple.iter().flatten().copied().collect();
        out.sort_by_key(|m| m.span.start);
        out
    }

    /// A colour with more meeples than turns: no starting player gives every colour enough.
    pub(super) fn count_proof(&self) -> Option<Diagnostic> {
        let p = self.players.len();
        let n = self.tiles.len();
        let meeples = self.meeples();
        let mut need = vec![0usize; p];
        for m in &meeples {
            need[m.seat] += 1;
        }
        let turns = |start: usize, seat: usize| (0..n).filter(|i| (start + i) % p == seat).count();
        if (0..p).any(|s| (0..p).all(|k| need[k] <= turns(s, k))) {
            return None;
        }
        let most = n.div_ceil(p);
        let last = meeples.last()?;
        let message = match (0..p).find(|k| need[*k] > most) {
            Some(k) => format!(
                "{} has {} meeples on this board of {n} tile{}, but with {p} players taking turns {} placed at most {most} of the tiles",
                self.players[k].as_str(),
                need[k],
                if n == 1 { "" } else { "s" },
                self.players[k].as_str(),
            ),
            None => {
                let wants: Vec<String> = (0..p)
                    .filter(|k| need[*k] > 0)
                    .map(|k| format!("{} {}", self.players[k].as_str(), need[k]))
                    .collect();
                format!(
                    "whoever started, {n} turns of {p} players cannot give every colour a turn for each of its meeples ({})",
                    wants.join(", ")
                )
            }
        };
        Some(unreachable(last.span, message, Vec::new()))
    }

    /// Two meeples whose segments join directly across a side: whichever tile came second
    /// put its meeple on an occupied feature.
    pub(super) fn join_proof(&self) -> Option<Diagnostic> {
        let meeples = self.meeples();
        let by_node: HashMap<usize, MeepleInfo> = meeples.iter().map(|m| (m.node, *m)).collect();
        for later in &meeples {
            for other in &self.node_adj[later.node] {
                let Some(earlier) = by_node.get(other) else {
                    continue;
                };
                if earlier.span.start > later.span.start {
                    continue;
                }
                let kind = vocab::kind_word(self.node_kind[later.node]);
                let message = format!(
                    "{} and {} (line {}) stand on neighbouring tiles whose {kind} joins across the side they share: whichever tile came second was deployed onto an occupied {kind}",
                    meeple_words(later),
                    meeple_words(earlier),
                    earlier.line + 1
                );
                return Some(unreachable(
                    later.span,
                    message,
                    vec![Related {
                        span: earlier.span,
                        message: format!("{} is here", meeple_words(earlier)),
                    }],
                ));
            }
        }
        None
    }
}

pub(super) fn meeple_words(m: &MeepleInfo) -> String {
    format!("{}'s {}", m.colour.as_str(), vocab::role_word(m.role))
}

pub(super) fn unreachable(span: Span, reason: String, related: Vec<Related>) -> Diagnostic {
    Diagnostic {
        code: Code::Unreachable,
        severity: Code::Unreachable.severity(),
        span,
        message: format!("no legal game reaches this setup: {reason}"),
        related,
    }
}
