//! The 72-tile setups of the reachability benchmark, shared by `examples/reach_bench.rs` and
//! `tests/reach.rs` (both include it with `#[path]`), and an independent check of a witness:
//! it replays the order through the engine's own rules (`check_placement`, `place_tile`,
//! `deploy`) with the turns rotating through the players.
//!
//! For each seed (2–5 players, farmers on) the simulator plays a whole game; the board before
//! final scoring, meeples included, becomes a setup whose tile lines are shuffled (so the file
//! order is no hint). `extra` meeples are then put on features that already hold one (often
//! unreachable, the hard case).

#![allow(dead_code)]

use carc_analysis::WitnessStep;
use carc_rules::{
    Color, Config, FeatureKind, Game, Place, Pos, Rng, Role, Rotation, Sim, TileType,
};

/// One setup tile line: the tile and its meeple.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupTile {
    pub tile: TileType,
    pub pos: Pos,
    pub rot: Rotation,
    pub meeple: Option<(Color, Role, Place)>,
}

/// A setup: players in turn order, its tiles in file order, and its text.
#[derive(Debug, Clone)]
pub struct Setup {
    pub players: Vec<Color>,
    pub tiles: Vec<SetupTile>,
    pub text: String,
}

fn role_word(r: Role) -> &'static str {
    match r {
        Role::Knight => "knight",
        Role::Traveller => "traveller",
        Role::Monk => "monk",
        Role::Farmer => "farmer",
    }
}

fn meeple_text(colour: Color, role: Role, place: Place) -> String {
    match role {
        Role::Monk => format!(" {} monk", colour.as_str()),
        _ => format!(
            " {} {} {}",
            colour.as_str(),
            role_word(role),
            place.as_str()
        ),
    }
}

/// The simulated game of a seed: 2–5 players (by seed), farmers on, played out.
pub fn game(seed: u64) -> (Sim, Vec<Color>) {
    let players_n = 2 + (seed % 4) as usize;
    let mut sim = Sim::new(seed, players_n, true);
    sim.play_out();
    (sim, Color::ALL[..players_n].to_vec())
}

/// The setup of a game, tile lines shuffled, with `extra` meeples added.
pub fn setup(game: &Game, players: &[Color], rng: &mut Rng, extra: usize) -> Setup {
    let mut tiles: Vec<SetupTile> = game
        .tiles()
        .iter()
        .map(|t| SetupTile {
            tile: t.tile,
            pos: t.pos,
            rot: t.rot,
            meeple: game
                .meeples()
                .find(|m| m.pos == t.pos)
                .map(|m| (m.colour, m.role, m.place)),
        })
        .collect();
    let mut added = 0;
    let mut tries = 0;
    while added < extra && tries < 10_000 {
        tries += 1;
        let i = rng.below(tiles.len() as u32) as usize;
        let pos = tiles[i].pos;
        if tiles[i].meeple.is_some() {
            continue;
        }
        let on = game.features_on(pos);
        let Some((seg, id)) = on.get(rng.below(on.len() as u32) as usize).copied() else {
            continue;
        };
        let Some(f) = game.feature(id) else { continue };
        if f.meeples.is_empty() || (f.complete && f.kind != FeatureKind::Field) {
            continue;
        }
        let colour = players[rng.below(players.len() as u32) as usize];
        let counted = tiles
            .iter()
            .filter(|t| t.meeple.is_some_and(|(c, _, _)| c == colour))
            .count();
        if counted >= 7 {
            continue;
        }
        let Some(place) = seg.places.first() else {
            continue;
        };
        tiles[i].meeple = Some((colour, seg.kind.role(), place));
        added += 1;
    }
    for i in (1..tiles.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        tiles.swap(i, j);
    }
    let names: Vec<&str> = players.iter().map(|c| c.as_str()).collect();
    let mut text = format!("players {}\nrules whole-board\n", names.join(" "));
    for t in &tiles {
        text.push_str(&format!("tile {} {} {}", t.tile.token(), t.pos, t.rot));
        if let Some((colour, role, place)) = t.meeple {
            text.push_str(&meeple_text(colour, role, place));
        }
        text.push('\n');
    }
    Setup {
        players: players.to_vec(),
        tiles,
        text,
    }
}

/// The three setups of a seed, as the benchmark makes them: real, +1, +2.
pub fn setups(seed: u64) -> [Setup; 3] {
    let (sim, players) = game(seed);
    let mut rng = Rng::new(seed ^ 0x5eed);
    [0, 1, 2].map(|extra| setup(sim.game(), &players, &mut rng, extra))
}

/// Checks a witness against the setup with the engine: every tile of the setup exactly once
/// (line `i + 2` of the text is `setup.tiles[i]`, after `players` and `rules whole-board`), colours rotating through the players from
/// some first player, each placement legal (`check_placement`) and each meeple deployable on
/// its owner's turn (`deploy`, which refuses an occupied feature).
pub fn validate(setup: &Setup, witness: &[WitnessStep]) -> Result<(), String> {
    let p = setup.players.len();
    if witness.len() != setup.tiles.len() {
        return Err(format!(
            "{} steps for {} tiles",
            witness.len(),
            setup.tiles.len()
        ));
    }
    let first = witness
        .first()
        .and_then(|s| setup.players.iter().position(|c| *c == s.colour))
        .ok_or("the first colour is not a player")?;
    let mut used = vec![false; setup.tiles.len()];
    let mut game = Game::new(Config::new(setup.players.clone(), true));
    for (i, step) in witness.iter().enumerate() {
        let colour = setup.players[(first + i) % p];
        if step.colour != colour {
            return Err(format!(
                "turn {i}: {:?} moves, {colour:?} expected",
                step.colour
            ));
        }
        let index = step
            .line
            .checked_sub(2)
            .ok_or("lines 0 and 1 are `players` and `rules`")?;
        let want = setup.tiles.get(index).ok_or("no such tile line")?;
        if std::mem::replace(&mut used[index], true) {
            return Err(format!("turn {i}: line {} placed twice", step.line));
        }
        let meeple = step.meeple.map(|(role, place)| (step.colour, role, place));
        let got = SetupTile {
            tile: step.tile,
            pos: step.pos,
            rot: step.rotation,
            meeple,
        };
        if &got != want {
            return Err(format!(
                "turn {i}: {got:?} is not line {} ({want:?})",
                step.line
            ));
        }
        game.check_placement(step.tile, step.pos, step.rotation)
            .map_err(|e| format!("turn {i}: illegal placement {e:?}"))?;
        game.place_tile(step.tile, step.pos, step.rotation)
            .map_err(|e| format!("turn {i}: {e:?}"))?;
        if let Some((role, place)) = step.meeple {
            game.deploy(step.colour, step.pos, role, Some(place))
                .map_err(|e| format!("turn {i}: cannot deploy {role:?} {place:?}: {e:?}"))?;
        }
    }
    Ok(())
}
