//! The deploy hook ([`super::DeployHook`]) through a test-only row: no existing set refuses a
//! deployment for a whole turn, so a row that stands for The Princess & the Dragon's volcano
//! ("no follower deployed in a volcano turn") is put in play for one thread, under The
//! Abbot's id, and refuses every figure on a tile with a monastery.

use std::cell::Cell;

use super::{Expansion, SetRefusal};
use crate::board::Pos;
use crate::catalogue::TileSet;
use crate::figures::Figure;
use crate::game::{Config, DeployError, Game, TurnError};
use crate::rules::Rules;
use crate::sim::{Sim, Step};
use crate::tiles::{Color, Place, Role, Rotation, TileType};
use crate::turn::{Move, PartAction};

thread_local! {
    /// The test-only row of this thread, asked beside the table's rows when its set is in play.
    static ROW: Cell<Option<Expansion>> = const { Cell::new(None) };
}

/// The refusal of this thread's test-only row, when one is set and its set is in play.
pub(super) fn test_row_refusal(
    game: &Game,
    colour: Color,
    pos: Pos,
    figure: Figure,
) -> Option<SetRefusal> {
    let row = ROW.with(Cell::get)?;
    if !game.config.rules.has(row.set) {
        return None;
    }
    row.deploy.and_then(|f| f(game, colour, pos, figure))
}

/// The stand-in for the volcano: no figure on a tile with a monastery.
fn no_figure_on_a_monastery(game: &Game, _: Color, pos: Pos, _: Figure) -> Option<SetRefusal> {
    let t = game.tile_at(pos)?;
    t.tile.has_monastery().then_some(SetRefusal {
        set: TileSet::Abbot,
        rule: "volcano",
    })
}

/// Runs `f` with the stand-in row in play for this thread.
fn with_row<T>(f: impl FnOnce() -> T) -> T {
    ROW.with(|r| {
        r.set(Some(Expansion {
            deploy: Some(no_figure_on_a_monastery),
            ..Expansion::new(TileSet::Abbot, "volcano-test", "The Test Volcano")
        }))
    });
    let out = f();
    ROW.with(|r| r.set(None));
    out
}

/// A two-player game under `rules abbot` with the start tile at `0,0`.
fn game() -> Game {
    let config =
        Config::new(vec![Color::Red, Color::Blue], true).with_rules(Rules::of(&[TileSet::Abbot]));
    let mut g = Game::new(config);
    g.place_tile_unchecked(TileType::START, Pos::new(0, 0), Rotation::R0)
        .unwrap();
    g
}

fn token(t: &str) -> TileType {
    TileType::from_token(t).unwrap()
}

/// The first legal placement of the monastery `B` (all fields) beside the start tile.
fn monastery_move(g: &Game) -> (Pos, Rotation) {
    g.turn_placements(token("B"))[0]
}

#[test]
fn a_refused_deployment_is_neither_offered_nor_played() {
    let g = game();
    let (pos, rot) = monastery_move(&g);
    let monk = PartAction::Deploy(Figure::Meeple, Role::Monk, Some(Place::Centre));
    // without the row the monk on the monastery is a legal move
    assert!(g.legal_moves(Color::Red, token("B")).contains(&Move {
        pos,
        rot,
        action: monk
    }));
    with_row(|| {
        // offered nowhere: every move of the monastery tile deploys nothing
        let moves = g.legal_moves(Color::Red, token("B"));
        assert!(!moves.is_empty());
        assert!(
            moves.iter().all(|m| m.action == PartAction::Nothing),
            "{moves:?}"
        );
        // played: refused, the game unchanged
        let mut played = g.clone();
        let e = played
            .play(
                Color::Red,
                token("B"),
                Move {
                    pos,
                    rot,
                    action: monk,
                },
                false,
            )
            .unwrap_err();
        let refusal = SetRefusal {
            set: TileSet::Abbot,
            rule: "volcano",
        };
        assert_eq!(e, TurnError::Deploy(DeployError::Refused(refusal)));
        assert_eq!(played.tiles().len(), 1);
        // the faults list it first, beside the place's own faults
        played.place_tile_unchecked(token("B"), pos, rot).unwrap();
        let faults =
            played.figure_deploy_faults(Color::Red, Figure::Abbot, pos, Role::Knight, None);
        assert_eq!(faults[0], DeployError::Refused(refusal));
        assert_eq!(faults.len(), 2, "{faults:?}"); // and no knight's place on B
                                                   // a tile without a monastery still takes a figure
        let moves = g.legal_moves(Color::Red, token("E"));
        assert!(moves.iter().any(|m| m.action != PartAction::Nothing));
    });
}

#[test]
fn the_simulator_keeps_a_refusal() {
    with_row(|| {
        let (mut monasteries, mut figures) = (0, 0);
        for seed in 0..4 {
            let mut sim = Sim::with_sets(seed, 2, true, &[TileSet::Abbot]);
            while let Some(step) = sim.step() {
                if let Step::Turn { tile, meeple, .. } = step {
                    if tile.has_monastery() {
                        monasteries += 1;
                        assert_eq!(meeple, None, "seed {seed}: {step:?}");
                    } else {
                        figures += usize::from(meeple.is_some());
                    }
                }
            }
        }
        // the games met the refusal, and deployed elsewhere
        assert!(monasteries > 10 && figures > 10, "{monasteries} {figures}");
    });
}
