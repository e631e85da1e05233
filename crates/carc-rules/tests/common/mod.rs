//! Small helpers to write positions in a notation-like shorthand.
#![allow(dead_code)]

use carc_rules::*;

pub fn pos(s: &str) -> Pos {
    let (x, y) = s.split_once(',').expect("x,y");
    Pos::new(x.parse().expect("x"), y.parse().expect("y"))
}

pub fn rot(s: &str) -> Rotation {
    Rotation::from_degrees(s.trim_start_matches('r').parse().expect("deg")).expect("rot")
}

pub fn place(s: &str) -> Place {
    match s {
        "N" => Place::Side(Side::N),
        "E" => Place::Side(Side::E),
        "S" => Place::Side(Side::S),
        "W" => Place::Side(Side::W),
        "NE" => Place::Corner(Corner::NE),
        "SE" => Place::Corner(Corner::SE),
        "SW" => Place::Corner(Corner::SW),
        "NW" => Place::Corner(Corner::NW),
        "C" | "centre" => Place::Centre,
        other => panic!("bad place {other}"),
    }
}

pub fn role(s: &str) -> Role {
    match s {
        "knight" => Role::Knight,
        "traveller" => Role::Traveller,
        "monk" => Role::Monk,
        "farmer" => Role::Farmer,
        other => panic!("bad role {other}"),
    }
}

pub fn colour(s: &str) -> Color {
    Color::from_word(s).expect("colour")
}

/// `tile T x,y [rK] [COLOUR ROLE [PLACE]]` as a setup line: placed without legality checks
/// (asserted free of mismatches all the same), meeple via `setup_meeple`.
pub fn tile(g: &mut Game, line: &str) -> Option<MeepleId> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let t = TileType::from_letter(w[0].chars().next().unwrap()).unwrap();
    let p = pos(w[1]);
    let mut i = 2;
    let r = if w.get(2).is_some_and(|s| is_rot(s)) {
        i = 3;
        rot(w[2])
    } else {
        Rotation::R0
    };
    if let Err(e) = g.check_placement(t, p, r) {
        // setups may be islands, but never mismatched or stacked
        assert!(!e.occupied && e.mismatches.is_empty(), "setup {line}: {e}");
    }
    g.place_tile_unchecked(t, p, r).unwrap();
    if let Some(c) = w.get(i) {
        let ro = role(w[i + 1]);
        let pl = w.get(i + 2).map(|s| place(s));
        Some(g.setup_meeple(colour(c), p, ro, pl).unwrap())
    } else {
        None
    }
}

/// `COLOUR T x,y [rK] [ROLE [PLACE]]` as a strict turn.
pub fn turn(g: &mut Game, line: &str) -> Result<TurnScore, TurnError> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let c = colour(w[0]);
    let t = TileType::from_letter(w[1].chars().next().unwrap()).unwrap();
    let p = pos(w[2]);
    let mut i = 3;
    let r = if w.get(3).is_some_and(|s| is_rot(s)) {
        i = 4;
        rot(w[3])
    } else {
        Rotation::R0
    };
    let meeple = w
        .get(i)
        .map(|ro| (role(ro), w.get(i + 1).map(|s| place(s))));
    g.play_turn(c, t, p, r, meeple)
}

fn is_rot(s: &str) -> bool {
    s.len() > 1 && s.starts_with('r') && s[1..].chars().all(|c| c.is_ascii_digit())
}

pub fn game() -> Game {
    Game::new(Config::new(vec![Color::Red, Color::Blue], true))
}

/// Red and blue, farmers on, under Traders & Builders (its goods step).
pub fn tb_game() -> Game {
    Game::new(
        Config::new(vec![Color::Red, Color::Blue], true)
            .with_rules(Rules::of(&[TileSet::TradersBuilders])),
    )
}

/// Gains of a scoring as `(colour, points)` for the colours that gained.
pub fn gains(s: &Scoring) -> Vec<(Color, u32)> {
    s.nonzero_gains()
}
