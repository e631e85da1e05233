//! Arbitrary bytes → a sequence of engine calls (legal turns chosen from the move generator,
//! arbitrary placements anywhere on the `i32` plane, deployments, setup meeples, scoring,
//! queries), then final scoring. After every call: each colour's supply plus its meeples on
//! the board is 7, no score decreases, and while every placement so far was legal, every
//! pair of neighbouring tiles matches.
#![no_main]

use carc_rules::{
    Color, Config, Corner, Game, Place, Pos, Role, Rotation, Side, TileType, MEEPLES_PER_COLOUR,
};
use libfuzzer_sys::fuzz_target;

struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }
    fn byte(&mut self) -> u8 {
        self.next().unwrap_or(0)
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[usize::from(self.byte()) % items.len()]
    }
    fn coord(&mut self) -> i32 {
        const EDGES: [i32; 6] = [
            i32::MAX,
            i32::MIN,
            i32::MAX - 1,
            i32::MIN + 1,
            1 << 20,
            -(1 << 20),
        ];
        let b = self.byte();
        if b >= 250 {
            EDGES[usize::from(b - 250)]
        } else {
            i32::from(b % 13) - 6
        }
    }
    fn pos(&mut self) -> Pos {
        Pos::new(self.coord(), self.coord())
    }
    fn place(&mut self) -> Option<Place> {
        let places = [
            None,
            Some(Place::Centre),
            Some(Place::Side(Side::N)),
            Some(Place::Side(Side::E)),
            Some(Place::Side(Side::S)),
            Some(Place::Side(Side::W)),
            Some(Place::Corner(Corner::NE)),
            Some(Place::Corner(Corner::SE)),
            Some(Place::Corner(Corner::SW)),
            Some(Place::Corner(Corner::NW)),
        ];
        self.pick(&places)
    }
}

fn neighbours_match(game: &Game) -> bool {
    game.tiles().iter().all(|t| {
        Side::ALL.into_iter().all(|side| {
            let Some(n) = t.pos.neighbour(side).and_then(|p| game.tile_at(p)) else {
                return true;
            };
            t.tile.edge(t.rot, side) == n.tile.edge(n.rot, side.opposite())
        })
    })
}

fn check(game: &Game, scores: &mut [i64; 5], legal: bool) {
    for c in Color::ALL {
        let total = i64::from(game.supply(c)) + game.meeples_on_board(c) as i64;
        assert_eq!(
            total,
            i64::from(MEEPLES_PER_COLOUR),
            "{c:?}: supply + on board"
        );
        assert!(
            game.score(c) >= scores[c.index()],
            "{c:?}: the score went down"
        );
        scores[c.index()] = game.score(c);
    }
    if legal {
        assert!(
            neighbours_match(game),
            "a legal sequence left mismatched neighbours"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let header = bytes.byte();
    let players: Vec<Color> = Color::ALL[..1 + usize::from(header % 5)].to_vec();
    let mut game = Game::new(Config::new(players.clone(), header & 0x80 == 0));
    let mut scores = [0i64; 5];
    let mut legal = true;
    let mut turn = 0usize;
    for _ in 0..300 {
        let Some(op) = bytes.next() else { break };
        let colour = players[turn % players.len()];
        match op % 10 {
            0..=3 => {
                // A legal turn: a placement from the move generator, a legal deployment or none.
                let tile = bytes.pick(&TileType::ALL);
                let (pos, rot) = if game.tiles().is_empty() {
                    (Pos::new(0, 0), bytes.pick(&Rotation::ALL))
                } else {
                    let placements = game.legal_placements(tile);
                    assert_eq!(placements.is_empty(), !game.has_legal_placement(tile));
                    if placements.is_empty() {
                        continue;
                    }
                    placements[usize::from(bytes.byte()) % placements.len()]
                };
                assert_eq!(game.check_placement(tile, pos, rot), Ok(()));
                game.place_tile_unchecked(tile, pos, rot).expect("a legal placement");
                let deployments = game.legal_deployments(colour, pos);
                let choice = usize::from(bytes.byte()) % (deployments.len() + 1);
                if let Some(&(role, place)) = deployments.get(choice) {
                    game.deploy(colour, pos, role, Some(place))
                        .expect("a legal deployment");
                }
                let _ = game.score_completed(pos);
                turn += 1;
            }
            4 => {
                // Any placement anywhere, legal or not.
                let (tile, pos, rot) = (
                    bytes.pick(&TileType::ALL),
                    bytes.pos(),
                    bytes.pick(&Rotation::ALL),
                );
                let checked = game.check_placement(tile, pos, rot);
                let occupied = checked.as_ref().is_err_and(|e| e.occupied);
                let placed = game.place_tile_unchecked(tile, pos, rot);
                assert_eq!(placed.is_err(), occupied);
                if checked.is_err() && !occupied {
                    legal = false;
                }
            }
            5 => {
                let pos = if bytes.byte() % 2 == 0 {
                    game.last_placed().unwrap_or_default()
                } else {
                    bytes.pos()
                };
                let (c, role, place) = (
                    bytes.pick(&Color::ALL),
                    bytes.pick(&Role::ALL),
                    bytes.place(),
                );
                let _ = game.deploy(c, pos, role, place);
            }
            6 => {
                let (pos, c, role, place) = (
                    bytes.pos(),
                    bytes.pick(&Color::ALL),
                    bytes.pick(&Role::ALL),
                    bytes.place(),
                );
                let _ = game.setup_meeple(c, pos, role, place);
            }
            7 => {
                let pos = bytes.pos();
                let _ = game.score_completed(pos);
            }
            8 => {
                let (tile, pos, rot) = (
                    bytes.pick(&TileType::ALL),
                    bytes.pos(),
                    bytes.pick(&Rotation::ALL),
                );
                let meeple = match bytes.byte() % 3 {
                    0 => None,
                    _ => Some((bytes.pick(&Role::ALL), bytes.place())),
                };
                let before = (game.tiles().len(), game.meeples().count());
                match game.play_turn(colour, tile, pos, rot, meeple) {
                    Ok(_) => turn += 1,
                    Err(_) => assert_eq!(
                        before,
                        (game.tiles().len(), game.meeples().count()),
                        "a refused turn changed the game"
                    ),
                }
            }
            _ => {
                // Queries on the features of one placed tile.
                if let Some(t) = game.tiles().get(usize::from(bytes.byte())).copied() {
                    for (_, id) in game.features_on(t.pos) {
                        let feature = game.feature(id).expect("a feature of a placed tile");
                        assert!(
                            feature.tiles.contains(&t.pos)
                                || feature.kind == carc_rules::FeatureKind::Monastery
                        );
                    }
                }
                let _ = game.all_features();
            }
        }
        check(&game, &mut scores, legal);
    }
    let _ = game.final_scoring();
    check(&game, &mut scores, legal);
    for c in Color::ALL {
        assert_eq!(
            game.meeples_on_board(c),
            0,
            "final scoring returns every meeple"
        );
    }
    let again = game.final_scoring();
    assert!(again.features.is_empty() || again.gains().iter().all(|&g| g == 0));
});
