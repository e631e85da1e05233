//! Move enumeration: every legal placement of a tile, with every legal meeple, and what each
//! scores at once for the mover. Serves `carc moves` and the puzzle check ([`crate::puzzle`]).
//!
//! A move is a placement (cell and rotation) with an optional meeple. Rotations under which a
//! tile looks the same (U at `r0` and `r180`, every rotation of B or C) are one placement:
//! only the first such rotation is listed. The immediate points of a move are what that turn's
//! scoring gives the mover (completed roads, cities and monasteries; farmers score only at the
//! end). Order: most points first; ties by cell (`x`, then `y`), rotation, no meeple before a
//! meeple, meeples in the tile's segment order.

use carc_notation::{LineKind, Parse, StatementKind};
use carc_rules::{
    Action, Color, Figure, Game, Move as EngineMove, Place, Pos, Role, Rotation, TileType,
    TurnScore,
};

use crate::replay::replay;
use crate::{explain, vocab, Analysis};

/// One legal move, in the engine's terms (used by the puzzle check).
#[derive(Debug, Clone)]
pub(crate) struct Candidate {
    pub pos: Pos,
    pub rotation: Rotation,
    pub meeple: Option<(Role, Place)>,
    /// The figure deployed (the meeple unless an expansion's), or `recall` of the abbot.
    pub extra: Extra,
    /// What the mover gains at once.
    pub points: u32,
    /// What the turn's scoring did, for every colour.
    pub score: TurnScore,
}

/// What a move does beyond a meeple (The Abbot, Inns & Cathedrals, Traders & Builders).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Extra {
    /// A meeple, or nothing.
    Plain,
    /// The large meeple (`large ROLE PLACE`).
    Large,
    /// The abbot (`abbot`).
    Abbot,
    /// Recalling the abbot (`recall`).
    Recall,
    /// The builder (`builder PLACE`, Traders & Builders).
    Builder,
    /// The pig (`pig PLACE`, Traders & Builders).
    Pig,
}

impl Extra {
    /// What the engine's [`Action`] of a move (the search's, the simulator's) is.
    pub fn of(action: Action) -> Extra {
        match action {
            Action::Figure(Figure::LargeMeeple) => Extra::Large,
            Action::Figure(Figure::Abbot) => Extra::Abbot,
            Action::Figure(Figure::Builder) => Extra::Builder,
            Action::Figure(Figure::Pig) => Extra::Pig,
            Action::Recall => Extra::Recall,
            _ => Extra::Plain,
        }
    }

    /// The word the notation writes for it, if any.
    pub fn word(self) -> Option<&'static str> {
        match self {
            Extra::Plain => None,
            Extra::Large => Some("large"),
            Extra::Abbot => Some("abbot"),
            Extra::Recall => Some("recall"),
            Extra::Builder => Some("builder"),
            Extra::Pig => Some("pig"),
        }
    }
}

impl Candidate {
    /// The move as a `turn` line writes it, without colour: `E 0,1 r180 knight S`.
    pub fn text(&self, tile: TileType) -> String {
        move_text(tile, self.pos, self.rotation, self.extra, self.meeple)
    }
}

pub(crate) use crate::writer::move_text;

/// Whether, under `rules river` in `state`, placing `tile` at `pos` turned `rotation` makes
/// the river turn back on itself (`river-uturn`): no rotation to offer (quick fix, completion).
pub(crate) fn makes_u_turn(
    state: &crate::replay::Replay,
    tile: TileType,
    pos: Pos,
    rotation: Rotation,
) -> bool {
    state.game.config().rules.river()
        && carc_rules::river::river_faults(&state.game, tile, pos, rotation)
            .iter()
            .any(|f| matches!(f, carc_rules::river::RiverFault::UTurn { .. }))
}

/// The first rotation that looks like `rotation` (the one listed for that placement).
pub(crate) fn canonical_rotation(tile: TileType, rotation: Rotation) -> Rotation {
    carc_rules::first_look(tile, rotation)
}

/// Every legal move of `colour` with `tile` on `game`, best first (see the module docs): the
/// engine's moves under the game's rules ([`Game::legal_moves`]), each played to know what it
/// scores at once.
pub(crate) fn candidates(game: &Game, colour: Color, tile: TileType) -> Vec<Candidate> {
    let mut out = Vec::new();
    for mv in game.legal_moves(colour, tile) {
        let EngineMove { pos, rot, action } = mv;
        let mut after = game.clone();
        if after.place_tile_unchecked(tile, pos, rot).is_err() {
            continue;
        }
        let Ok(recalled) = after.act(colour, pos, action) else {
            continue;
        };
        let mut score = after.finish_part(colour, pos).score;
        if let Some(recalled) = recalled {
            score.features.splice(0..0, recalled.features);
        }
        let (meeple, action) = action.step_parts();
        out.push(Candidate {
            pos,
            rotation: rot,
            meeple,
            extra: Extra::of(action),
            points: score.gain(colour),
            score,
        });
    }
    out.sort_by_key(|c| std::cmp::Reverse(c.points));
    out
}

/// One legal move, in the words of the notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// The cell.
    pub x: i32,
    /// The cell.
    pub y: i32,
    /// `r0`, `r90`, `r180` or `r270`.
    pub rotation: &'static str,
    /// The meeple deployed, as `(role, place)` words (`("knight", "S")`; a monk's place is
    /// `centre`).
    pub meeple: Option<(&'static str, &'static str)>,
    /// `large` (the large meeple), `abbot` (then `meeple` is the monk's place), `recall`
    /// (then `meeple` is `None`), `builder` (then `meeple` is its road or city's role and its
    /// place) or `pig` (then `meeple` is the farmer's role and the pig's place), for the
    /// expansions the file switches on.
    pub figure: Option<&'static str>,
    /// What the mover gains at once.
    pub points: u32,
    /// What every colour gains at once (zero gains left out), as `(colour, points)`.
    pub gains: Vec<(&'static str, i64)>,
    /// The move as a `turn` line writes it after the colour: `E 0,1 r180 knight S`.
    pub text: String,
}

/// The legal moves of one tile in one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveList {
    /// The tile's token (`E`).
    pub tile: &'static str,
    /// The colour to move.
    pub mover: &'static str,
    /// Every move, best first.
    pub moves: Vec<Move>,
    /// How many placements (cell and rotation) the moves spread over.
    pub placements: usize,
}

/// Why [`moves`] cannot answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MovesError {
    /// The token is not a tile of the catalogue.
    UnknownTile(String),
    /// The line (0-based) is past the end of the document, which has `lines` lines.
    LineOutOfRange {
        /// The line asked for (0-based).
        line: usize,
        /// The number of lines.
        lines: usize,
    },
}

impl MovesError {
    /// A stable identifier: `unknown-tile` or `line-out-of-range`.
    pub fn code(&self) -> &'static str {
        match self {
            MovesError::UnknownTile(_) => "unknown-tile",
            MovesError::LineOutOfRange { .. } => "line-out-of-range",
        }
    }
}

impl std::fmt::Display for MovesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MovesError::UnknownTile(c) => {
                f.write_str(&crate::diagnostic::messages::unknown_tile(c))
            }
            MovesError::LineOutOfRange { line, lines } => write!(
                f,
                "line {} is past the end of the file ({lines} line{})",
                line + 1,
                if *lines == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for MovesError {}

/// The parse cut before line `line` (0-based): what the board is when that line is reached.
pub(crate) fn prefix(parse: &Parse, line: usize) -> Parse {
    Parse {
        lines: parse.lines.iter().take(line).cloned().collect(),
        errors: Vec::new(),
    }
}

/// The colour to move before line `line` (all lines when `None`): that line's colour when it
/// is a turn or a bonus part, else the player after the last turn (variations put turn order
/// back), else the first player, else red.
pub(crate) fn mover(parse: &Parse, players: &[Color], line: Option<usize>) -> Color {
    let lines = match line {
        Some(l) => &parse.lines[..l.min(parse.lines.len())],
        None => &parse.lines[..],
    };
    if let Some(LineKind::Statement(s)) = line.and_then(|l| parse.lines.get(l)).map(|l| &l.kind) {
        if let StatementKind::Turn(turn) | StatementKind::Bonus(turn) = &s.kind {
            return turn.colour.value;
        }
    }
    let mut last: Option<Color> = None;
    let mut saved: Vec<Option<Color>> = Vec::new();
    for l in lines {
        let LineKind::Statement(s) = &l.kind else {
            continue;
        };
        match &s.kind {
            StatementKind::Turn(turn) => last = Some(turn.colour.value),
            StatementKind::VariationOpen { .. } => saved.push(last),
            StatementKind::VariationClose => {
                if let Some(l) = saved.pop() {
                    last = l;
                }
            }
            _ => {}
        }
    }
    let next = last.and_then(|c| {
        let i = players.iter().position(|p| *p == c)?;
        players.get((i + 1) % players.len()).copied()
    });
    next.or_else(|| players.first().copied())
        .unwrap_or(Color::Red)
}

/// Every legal move of `tile` (a token: `E`) in the position before line `line` (0-based; the end
/// of the document when `None`), for the colour to move there, best first.
pub fn moves(analysis: &Analysis, tile: &str, line: Option<usize>) -> Result<MoveList, MovesError> {
    let Some(tile_type) = TileType::from_token(tile) else {
        return Err(MovesError::UnknownTile(tile.to_owned()));
    };
    let parse = &analysis.parse;
    if let Some(l) = line {
        if l >= parse.lines.len() {
            return Err(MovesError::LineOutOfRange {
                line: l,
                lines: parse.lines.len(),
            });
        }
    }
    let state = match line {
        Some(l) => replay(&prefix(parse, l), None, None),
        None => replay(parse, None, None),
    };
    // a part that just earned a bonus tile (Traders & Builders): its player moves again
    let bonus = match state.facts.last() {
        Some(crate::replay::Fact::BonusEarned { colour, .. }) => Some(*colour),
        _ => None,
    };
    let colour = bonus.unwrap_or_else(|| mover(parse, &state.players, line));
    let found = candidates(&state.game, colour, tile_type);
    let mut placements: Vec<(Pos, Rotation)> = found.iter().map(|c| (c.pos, c.rotation)).collect();
    placements.sort_by_key(|(p, r)| (p.x, p.y, *r));
    placements.dedup();
    let moves = found
        .iter()
        .map(|c| Move {
            x: c.pos.x,
            y: c.pos.y,
            rotation: vocab::rotation_word(c.rotation),
            meeple: c
                .meeple
                .map(|(role, place)| (vocab::role_word(role), vocab::place_str(place))),
            figure: c.extra.word(),
            points: c.points,
            gains: explain::gains(&c.score.features)
                .into_iter()
                .map(|(c, n)| (c.as_str(), n))
                .collect(),
            text: c.text(tile_type),
        })
        .collect();
    Ok(MoveList {
        tile: tile_type.token(),
        mover: colour.as_str(),
        moves,
        placements: placements.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(text: &str, tile: &str, line: Option<usize>) -> MoveList {
        moves(&crate::analyze(text), tile, line).expect("moves")
    }

    #[test]
    fn symmetric_rotations_are_one_placement() {
        // U looks the same at r0 and r180, and at r90 and r270; B and C at every rotation.
        assert!(carc_rules::same_look(
            TileType::U,
            Rotation::R0,
            Rotation::R180
        ));
        assert!(!carc_rules::same_look(
            TileType::U,
            Rotation::R0,
            Rotation::R90
        ));
        assert!(carc_rules::same_look(
            TileType::C,
            Rotation::R0,
            Rotation::R270
        ));
        assert!(!carc_rules::same_look(
            TileType::E,
            Rotation::R0,
            Rotation::R180
        ));
        assert_eq!(
            canonical_rotation(TileType::U, Rotation::R270),
            Rotation::R90
        );
    }

    #[test]
    fn a_city_cap_on_the_start_tile_is_the_best_e() {
        // D at 0,0: north city, east/west road, south field. E fits only at 0,1 r180 (its city
        // on D's) and at 0,-1 r90/r180/r270 (a field side north, on D's field side).
        let got = list("players red blue\ntile D 0,0\n", "E", None);
        assert_eq!(got.mover, "red");
        assert_eq!(got.placements, 4);
        let first = &got.moves[0];
        assert_eq!(first.text, "E 0,1 r180 knight S");
        assert_eq!(first.points, 4, "2 tiles × 2");
        assert_eq!(first.gains, vec![("red", 4)]);
        assert!(got.moves[1..].iter().all(|m| m.points == 0));
    }

    #[test]
    fn errors_are_values() {
        let analysis = crate::analyze("tile D 0,0\n");
        assert_eq!(
            moves(&analysis, "Z", None),
            Err(MovesError::UnknownTile("Z".to_owned()))
        );
        assert_eq!(
            moves(&analysis, "E", Some(5)).map_err(|e| e.code()),
            Err("line-out-of-range")
        );
    }

    #[test]
    fn the_mover_is_the_turn_on_that_line_or_the_next_player() {
        let text = "players red blue\ntile D 0,0\nturn blue E 0,1 r180\n";
        assert_eq!(list(text, "U", Some(2)).mover, "blue");
        assert_eq!(list(text, "U", None).mover, "red");
    }
}
