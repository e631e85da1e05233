//! Document highlight: the tiles of the feature under the cursor. On a meeple, its feature;
//! on a tile letter or coordinate, every road, city and monastery on that tile.

use carc_notation::{LineKind, Span, StatementKind};
use carc_rules::{FeatureKind, Pos};

use crate::replay::{replay, Fact};
use crate::{vocab, Analysis};

/// The spans of every line (their coordinates) whose tile belongs to the feature(s) under the
/// cursor, sorted and without duplicates.
pub fn highlights(analysis: &Analysis, offset: usize) -> Vec<Span> {
    let Some(line) = analysis.line_at(offset) else {
        return Vec::new();
    };
    let LineKind::Statement(statement) = &analysis.parse.lines[line].kind else {
        return Vec::new();
    };
    let at = match &statement.kind {
        StatementKind::Tile(t) => &t.at,
        StatementKind::Turn(t) | StatementKind::Bonus(t) => &t.at,
        _ => return Vec::new(),
    };
    let state = replay(&analysis.parse, Some(line), None);
    let meeple = analysis.replay.facts.iter().find_map(|f| match f {
        Fact::Meeple {
            line: l, span, id, ..
        } if *l == line && span.touches(offset) => Some(*id),
        _ => None,
    });
    let features = match meeple {
        Some(id) => state.game.meeple_feature(id).into_iter().collect(),
        None if statement.span.touches(offset) => state
            .game
            .features_on(vocab::pos(at))
            .into_iter()
            .filter(|(segment, _)| segment.kind != FeatureKind::Field)
            .map(|(_, id)| id)
            .collect(),
        None => Vec::new(),
    };
    let mut tiles: Vec<Pos> = features
        .into_iter()
        .filter_map(|id| state.game.feature(id))
        .flat_map(|f| f.tiles)
        .collect();
    tiles.sort_by_key(|p| (p.x, p.y));
    tiles.dedup();
    let mut spans: Vec<Span> = tiles
        .into_iter()
        .filter_map(|p| state.tile_lines.get(&p))
        .filter_map(|l| match &analysis.parse.lines[*l].kind {
            LineKind::Statement(s) => match &s.kind {
                StatementKind::Tile(t) => Some(t.at.span),
                StatementKind::Turn(t) | StatementKind::Bonus(t) => Some(t.at.span),
                _ => None,
            },
            _ => None,
        })
        .collect();
    spans.sort_by_key(|s| s.start);
    spans.dedup();
    spans
}
