//! A node's moves: each placement and action of the engine's turn, made on a copy.

use crate::board::Pos;
use crate::game::Game;
use crate::sim::{Action, Step};
use crate::tiles::{Color, Place, Role, Rotation, TileType};
use crate::turn::PartAction;

use super::keys::{scores, tile_key};
use super::pool::Pool;
use super::tree::Child;

/// Who moves with which tile: the rotations searched (`looks`) and the rules' choices.
#[derive(Clone, Copy)]
pub(super) struct Mover {
    pub(super) tile: TileType,
    pub(super) colour: Color,
    pub(super) looks: u8,
    /// The move is a bonus part (Traders & Builders): it earns no further bonus.
    pub(super) bonus: bool,
}

/// Calls `visit` with every move of `colour` with `tile` on `game` (rotations in `looks`) and
/// the game after it, in generation order, until it returns `false`.
pub(super) fn for_each_move(
    pool: &Pool,
    game: &Game,
    mv: Mover,
    hash: u64,
    visit: &mut dyn FnMut(Child) -> bool,
) {
    let Mover {
        tile,
        colour,
        looks,
        bonus,
    } = mv;
    let before = scores(game);
    let mut index = 0;
    {
        for (pos, rot) in game.turn_placements(tile) {
            if looks & (1 << rot.index()) == 0 {
                continue;
            }
            let Some(placed) = place(pool, game, tile, pos, rot, bonus) else {
                continue;
            };
            let hash = hash ^ tile_key(tile, pos, rot);
            let options: Vec<_> = placed
                .legal_actions(colour, pos)
                .into_iter()
                .map(PartAction::step_parts)
                .collect();
            let last = options.len() - 1;
            let mut placed = Some(placed);
            for (k, (meeple, action)) in options.into_iter().enumerate() {
                // the last option takes the placed game itself: one copy fewer
                let mut after = match (k == last, placed.as_ref()) {
                    (false, Some(p)) => pool.copy(p),
                    _ => match placed.take() {
                        Some(p) => p,
                        None => break,
                    },
                };
                if !finish_move(&mut after, colour, pos, meeple, action) {
                    pool.recycle(after);
                    continue;
                }
                let gains: Vec<i64> = Color::ALL
                    .iter()
                    .map(|c| after.score(*c) - before[c.index()])
                    .collect();
                let own = gains[colour.index()];
                let others = gains.iter().sum::<i64>() - own;
                let go_on = visit(Child {
                    index,
                    step: Step::Turn {
                        colour,
                        tile,
                        pos,
                        rot,
                        meeple,
                    },
                    action,
                    game: Some(after),
                    hash,
                    own,
                    others,
                });
                index += 1;
                if !go_on {
                    return;
                }
            }
        }
    }
}

/// A copy of `game` with `tile` placed (marked a bonus part if `bonus`), `None` if the
/// engine refuses it.
pub(super) fn place(
    pool: &Pool,
    game: &Game,
    tile: TileType,
    pos: Pos,
    rot: Rotation,
    bonus: bool,
) -> Option<Game> {
    let mut placed = pool.copy(game);
    if placed.place_tile_unchecked(tile, pos, rot).is_err() {
        pool.recycle(placed);
        return None;
    }
    if bonus {
        placed.mark_bonus_part();
    }
    Some(placed)
}

/// The rest of a move on the game where its tile was just placed at `pos`: the figure or the
/// recall, then the scoring of what the tile completed and the goods taken; `false` if the
/// engine refuses the figure or the recall.
pub(super) fn finish_move(
    after: &mut Game,
    colour: Color,
    pos: Pos,
    meeple: Option<(Role, Place)>,
    action: Action,
) -> bool {
    let done = after
        .act(colour, pos, PartAction::of_step(meeple, action))
        .is_ok();
    if done {
        after.finish_part_quiet(colour, pos);
    }
    done
}

/// The game after one move listed by [`for_each_move`] (made again: its game was not kept).
pub(super) fn make_move(
    pool: &Pool,
    game: &Game,
    mv: Mover,
    step: &Step,
    action: Action,
) -> Option<Game> {
    let Step::Turn {
        tile,
        pos,
        rot,
        meeple,
        ..
    } = *step
    else {
        return None;
    };
    let mut after = place(pool, game, tile, pos, rot, mv.bonus)?;
    if finish_move(&mut after, mv.colour, pos, meeple, action) {
        Some(after)
    } else {
        pool.recycle(after);
        None
    }
}
