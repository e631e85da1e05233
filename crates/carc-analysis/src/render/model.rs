//! The position a picture shows: the board, meeples, marks, players and refused moves at one
//! line of a document, read from the replay.

use carc_notation::{Glyph, LineKind, StatementKind};
use carc_rules::{Color, Figure, Goods, Place, Pos, Role, Rotation, Side, TileType};

use super::refused::{self, BoardRefusal};
use crate::replay::{replay, Replay};
use crate::Analysis;

/// The position a picture shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The document's `title`, if any.
    pub title: Option<String>,
    /// The 0-based line the picture stands at (`None`: the end of the document).
    pub line: Option<usize>,
    /// Every tile on the board, in placement order.
    pub tiles: Vec<BoardTile>,
    /// Every meeple on the board.
    pub meeples: Vec<BoardMeeple>,
    /// The marks in effect.
    pub marks: Vec<BoardMark>,
    /// Each player's score and supply, in turn order.
    pub players: Vec<(Color, i64, i32)>,
    /// The goods tokens of the players holding any (Traders & Builders), in turn order.
    pub goods: Vec<(Color, Goods)>,
    /// The cell of the tile placed last, if any.
    pub last: Option<Pos>,
    /// The refused moves of this position (`refused` lines at or before the picture's line
    /// since the last move), drawn crossed out.
    pub refused: Vec<BoardRefusal>,
    /// Empty cells the picture must span besides those of tiles and marks (where a page lets
    /// a learner try the tile in hand).
    pub open: Vec<Pos>,
    /// Meeples the last turn deployed that scored and came back in the same turn, drawn
    /// faintly where they stood (the picture is taken after the scoring).
    pub returned: Vec<BoardMeeple>,
    /// The sides of tiles that do not match the tile next to them (an illegal turn's tile
    /// stays on the board so the rest of the file can be checked): each side on the tile
    /// placed later, drawn with a red mark so that an illegal turn does not look legal.
    pub mismatched: Vec<(Pos, Side)>,
    /// The setup is drawn whole at any line: when setup tiles are written after the
    /// picture's line, the 0-based line of the last of them (said in the heading).
    pub setup_through: Option<usize>,
    /// Set when the tiles are drawn apart, once for a whole lesson (`carc export`: each step's
    /// picture would otherwise draw the whole board again): then `tiles` holds only the tiles
    /// under a meeple or a mark (whose label and text cells change with them), and the
    /// picture spans the layer's box and leaves room for the rest.
    pub layer: Option<TileLayer>,
}

/// The tiles of a position drawn apart from its picture (see [`Board::layer`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileLayer {
    /// How many tiles the position has.
    pub count: usize,
    /// The south-west corner of their box.
    pub min: Pos,
    /// The north-east corner of their box.
    pub max: Pos,
}

impl TileLayer {
    /// The layer of `tiles` (`None` when there are none).
    pub fn of(tiles: &[BoardTile]) -> Option<TileLayer> {
        let first = tiles.first()?.pos;
        let mut layer = TileLayer {
            count: tiles.len(),
            min: first,
            max: first,
        };
        for t in tiles {
            layer.min = Pos {
                x: layer.min.x.min(t.pos.x),
                y: layer.min.y.min(t.pos.y),
            };
            layer.max = Pos {
                x: layer.max.x.max(t.pos.x),
                y: layer.max.y.max(t.pos.y),
            };
        }
        Some(layer)
    }
}

impl Board {
    /// Where the picture stands: `at line 5` or `at the end`; when it includes setup tiles
    /// written after its line (the setup is always drawn whole), `at line 5, with the whole
    /// setup (to line 8)`.
    pub fn position_words(&self) -> String {
        match (self.line, self.setup_through) {
            (Some(l), Some(s)) => {
                format!(
                    "at line {}, with the whole setup (to line {})",
                    l + 1,
                    s + 1
                )
            }
            (Some(l), None) => format!("at line {}", l + 1),
            (None, _) => "at the end".to_owned(),
        }
    }
}

/// A tile in a picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardTile {
    /// Its type.
    pub tile: TileType,
    /// Its rotation.
    pub rotation: Rotation,
    /// Its cell.
    pub pos: Pos,
    /// The glyph of the turn that placed it, if written.
    pub glyph: Option<Glyph>,
}

/// A meeple in a picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardMeeple {
    /// Its owner.
    pub colour: Color,
    /// What figure it is (the large meeple is drawn larger).
    pub figure: Figure,
    /// Its role.
    pub role: Role,
    /// The tile it stands on.
    pub pos: Pos,
    /// Where on that tile.
    pub place: Place,
}

/// A marked cell in a picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardMark {
    /// The cell.
    pub pos: Pos,
    /// Its label, if written.
    pub label: Option<String>,
}

/// The position at 0-based line `line`: the replay up to and including it (a line in the
/// setup shows the whole setup). `None` when the document has no such line.
pub fn board_at_line(analysis: &Analysis, line: usize) -> Option<Board> {
    if line >= analysis.parse.lines.len() {
        return None;
    }
    let state = replay(&analysis.parse, Some(line), None);
    Some(board_of(analysis, &state, Some(line)))
}

/// The position at the line holding byte `offset`, or at the end of the document when
/// `offset` is `None` or lies on no line.
pub fn board_at(analysis: &Analysis, offset: Option<usize>) -> Board {
    match offset.and_then(|o| analysis.line_at(o)) {
        Some(line) => {
            let state = replay(&analysis.parse, Some(line), None);
            board_of(analysis, &state, Some(line))
        }
        None => board_of(analysis, &analysis.replay, None),
    }
}

/// The line a lesson's picture shows by default: the last statement before the main line's
/// `end` (final scoring changes the scores, but the teaching happens before it). `None` when
/// the document has no `end` outside variations, or nothing before it.
pub fn teaching_line(analysis: &Analysis) -> Option<usize> {
    let mut depth = 0usize;
    let mut last = None;
    for (index, line) in analysis.parse.lines.iter().enumerate() {
        let LineKind::Statement(statement) = &line.kind else {
            continue;
        };
        match statement.kind {
            StatementKind::VariationOpen { .. } => depth += 1,
            StatementKind::VariationClose => depth = depth.saturating_sub(1),
            StatementKind::End { .. } if depth == 0 => return last,
            _ => {}
        }
        last = Some(index);
    }
    None
}

fn board_of(analysis: &Analysis, state: &Replay, line: Option<usize>) -> Board {
    let tiles = state
        .game
        .tiles()
        .iter()
        .map(|placed| board_tile(analysis, state, placed))
        .collect();
    assemble(analysis, state, line, tiles, mismatched(&state.game))
}

/// A placed tile as a picture draws it, with the glyph of the turn that placed it.
fn board_tile(analysis: &Analysis, state: &Replay, placed: &carc_rules::PlacedTile) -> BoardTile {
    let glyph =
        state
            .tile_lines
            .get(&placed.pos)
            .and_then(|&l| match &analysis.parse.lines.get(l)?.kind {
                LineKind::Statement(s) => match &s.kind {
                    StatementKind::Turn(turn) => turn.glyph.map(|g| g.value),
                    _ => None,
                },
                _ => None,
            });
    BoardTile {
        tile: placed.tile,
        rotation: placed.rot,
        pos: placed.pos,
        glyph,
    }
}

/// The position at 0-based line `line` of `state` (the replay stopped there) with its tiles
/// drawn apart ([`Board::layer`]) for a lesson's page, in time that does not grow with the
/// tiles placed before: `before` is the layer of a position this one follows in its line of
/// play (`None`: none, the setup), whose tiles are the first `before.count` placed here.
/// Also the tiles placed since, each with its sides that do not match the tile next to it.
pub fn board_apart(
    analysis: &Analysis,
    state: &Replay,
    line: usize,
    before: Option<TileLayer>,
) -> (Board, Vec<(BoardTile, Vec<Side>)>) {
    let game = &state.game;
    let placed = game.tiles();
    let from = before.map_or(0, |b| b.count).min(placed.len());
    let fresh: std::collections::HashMap<Pos, usize> = placed[from..]
        .iter()
        .enumerate()
        .map(|(i, t)| (t.pos, i))
        .collect();
    let new: Vec<(BoardTile, Vec<Side>)> = placed[from..]
        .iter()
        .enumerate()
        .map(|(i, p)| {
            // A side is marked on the later of two tiles (as `mismatched` does): against one
            // placed before `from`, or a new one placed before this.
            let earlier = |q: Pos| fresh.get(&q).is_none_or(|&j| j < i);
            let sides = [Side::N, Side::E, Side::S, Side::W]
                .into_iter()
                .filter(|&side| {
                    let Some(next) = p.pos.neighbour(side) else {
                        return false;
                    };
                    let Some(other) = game.tile_at(next).filter(|_| earlier(next)) else {
                        return false;
                    };
                    p.tile.edge(p.rot, side) != other.tile.edge(other.rot, side.opposite())
                })
                .collect();
            (board_tile(analysis, state, p), sides)
        })
        .collect();
    let mut layer = before.filter(|_| from > 0).or_else(|| {
        new.first().map(|(t, _)| TileLayer {
            count: 0,
            min: t.pos,
            max: t.pos,
        })
    });
    if let Some(l) = &mut layer {
        l.count = placed.len();
        for (t, _) in &new {
            l.min = Pos {
                x: l.min.x.min(t.pos.x),
                y: l.min.y.min(t.pos.y),
            };
            l.max = Pos {
                x: l.max.x.max(t.pos.x),
                y: l.max.y.max(t.pos.y),
            };
        }
    }
    let mut board = assemble(analysis, state, Some(line), Vec::new(), Vec::new());
    // The tiles a picture draws over again: under a meeple or a mark (their labels and text
    // cells change), and the last turn's (the text description names it).
    let mut over: Vec<Pos> = board
        .meeples
        .iter()
        .map(|m| m.pos)
        .chain(board.marks.iter().map(|m| m.pos))
        .chain(board.last)
        .collect();
    over.sort_unstable_by_key(|p| (p.x, p.y));
    over.dedup();
    board.tiles = over
        .iter()
        .filter_map(|&p| game.tile_at(p))
        .map(|p| board_tile(analysis, state, &p))
        .collect();
    board.layer = layer;
    (board, new)
}

/// A picture's position from the replay, given its tiles and mismatched sides.
fn assemble(
    analysis: &Analysis,
    state: &Replay,
    line: Option<usize>,
    tiles: Vec<BoardTile>,
    mismatched: Vec<(Pos, Side)>,
) -> Board {
    let statement_at = |line: usize| match &analysis.parse.lines.get(line)?.kind {
        LineKind::Statement(s) => Some(&s.kind),
        _ => None,
    };
    let title = analysis.parse.statements().find_map(|s| match &s.kind {
        StatementKind::Title(t) => Some(t.value.clone()),
        _ => None,
    });
    let meeples = state
        .game
        .meeples()
        .map(|m| BoardMeeple {
            colour: m.colour,
            figure: m.figure,
            role: m.role,
            pos: m.pos,
            place: m.place,
        })
        .collect();
    let marks = state
        .marks
        .iter()
        .map(|m| BoardMark {
            pos: m.pos,
            label: m.label.clone(),
        })
        .collect();
    let players = state
        .players
        .iter()
        .map(|&c| (c, state.game.score(c), state.game.supply(c)))
        .collect();
    let goods = crate::replay::goods_held(&state.game, &state.players)
        .into_iter()
        .filter(|(_, g)| !g.is_empty())
        .collect();
    Board {
        title,
        line,
        tiles,
        meeples,
        marks,
        players,
        goods,
        // Only a turn's (or bonus part's) tile is highlighted: the setup is one position, not a
        // sequence.
        last: state.game.last_placed().filter(|p| {
            state.tile_lines.get(p).is_some_and(|&l| {
                matches!(
                    statement_at(l),
                    Some(StatementKind::Turn(_) | StatementKind::Bonus(_))
                )
            })
        }),
        refused: refused::of_line(analysis, state, line),
        open: Vec::new(),
        returned: Vec::new(),
        mismatched,
        setup_through: line.and_then(|line| setup_after(analysis, line)),
        layer: None,
    }
}

/// The 0-based line of the last setup `tile` written after `line`, if any.
fn setup_after(analysis: &Analysis, line: usize) -> Option<usize> {
    analysis
        .parse
        .lines
        .iter()
        .enumerate()
        .skip(line + 1)
        .rev()
        .find(|(_, l)| {
            matches!(&l.kind, LineKind::Statement(s) if matches!(s.kind, StatementKind::Tile(_)))
        })
        .map(|(i, _)| i)
}

/// The sides where a tile's edge differs from its neighbour's, each on the tile of the two
/// that was placed later (the one whose turn was illegal), in placement order.
pub(crate) fn mismatched(game: &carc_rules::Game) -> Vec<(Pos, Side)> {
    let tiles = game.tiles();
    let order: std::collections::HashMap<Pos, usize> =
        tiles.iter().enumerate().map(|(i, t)| (t.pos, i)).collect();
    let mut found = Vec::new();
    for (i, later) in tiles.iter().enumerate() {
        for side in [Side::N, Side::E, Side::S, Side::W] {
            let Some(next) = later.pos.neighbour(side) else {
                continue;
            };
            let Some(earlier) = order.get(&next).filter(|&&j| j < i).map(|&j| &tiles[j]) else {
                continue;
            };
            if later.tile.edge(later.rot, side) != earlier.tile.edge(earlier.rot, side.opposite()) {
                found.push((later.pos, side));
            }
        }
    }
    found
}
