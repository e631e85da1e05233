//! Positions cut from simulated games, for generating and benchmarking puzzles.

use crate::catalogue::TileSet;
use crate::game::Game;
use crate::sim::{Action, Step};
use crate::tiles::{Color, TileType};
use crate::turn::PartAction;

/// A position cut from a simulated game, for generating and benchmarking puzzles.
#[derive(Debug, Clone)]
pub struct Cut {
    /// The game after the first `cut` draws of the simulated game (scores and meeples as
    /// played).
    pub game: Game,
    /// The colour whose turn the next draw is.
    pub mover: Color,
    /// The next draws of the same game.
    pub draws: Vec<TileType>,
}

/// The two-player game of `seed` (farmers on, see [`crate::sim`]) after `cut` draws, with its
/// next `draws` tiles; `None` when the game is shorter or the next draw is a discard.
pub fn cut_position(seed: u64, cut: usize, draws: usize) -> Option<Cut> {
    let record = crate::sim::simulate_boxes(seed, 2, true, 1, usize::MAX);
    cut_record(&record, cut, draws)
}

/// As [`cut_position`] for the two-player game of `seed` with the expansions of `sets` and
/// farmers on or off ([`crate::sim::simulate_sets`]): its large meeples, abbots, recalls,
/// builders and pigs are replayed too, bonus parts marked and goods taken; `None` also when
/// the next draw is a bonus part.
pub fn cut_position_with_sets(
    seed: u64,
    cut: usize,
    draws: usize,
    farmers: bool,
    sets: &[TileSet],
) -> Option<Cut> {
    let record = crate::sim::simulate_sets(seed, 2, farmers, sets);
    cut_record(&record, cut, draws)
}

/// A simulated game after `cut` draws, replayed strictly (every placement, figure and recall
/// checked; bonus parts marked and goods taken as the simulator did), with its next `draws`
/// tiles. `None` also when the next draw is a bonus part (Traders & Builders): the position
/// is then in the middle of a turn, which a search from a turn's start would misread.
fn cut_record(record: &crate::sim::GameRecord, cut: usize, draws: usize) -> Option<Cut> {
    let steps = record.steps.get(..cut.checked_add(draws)?)?;
    let Step::Turn { colour: mover, .. } = *steps.get(cut)? else {
        return None;
    };
    if record.bonus_steps.contains(&cut) {
        return None;
    }
    let mut game = Game::new(record.game.config().clone());
    let start = record.game.tiles().first()?;
    game.place_tile_unchecked(start.tile, start.pos, start.rot)
        .ok()?;
    let actions = record
        .actions
        .iter()
        .copied()
        .chain(std::iter::repeat(Action::Plain));
    for (index, (step, action)) in steps[..cut].iter().zip(actions).enumerate() {
        let Step::Turn {
            colour,
            tile,
            pos,
            rot,
            meeple,
        } = *step
        else {
            continue;
        };
        game.check_placement(tile, pos, rot).ok()?;
        game.place_tile_unchecked(tile, pos, rot).ok()?;
        if record.bonus_steps.contains(&index) {
            game.mark_bonus_part();
        }
        game.act(colour, pos, PartAction::of_step(meeple, action))
            .ok()?;
        game.finish_part_quiet(colour, pos);
    }
    let draws = steps[cut..]
        .iter()
        .map(|s| match *s {
            Step::Turn { tile, .. } | Step::Discard { tile } => tile,
        })
        .collect();
    Some(Cut { game, mover, draws })
}
