//! The pig of Traders & Builders: deployed into a field of the tile just placed where its
//! owner already has a farmer; it never occupies and never decides a majority; at final
//! scoring a winner of the field with their own pig in it scores 4 per completed city instead
//! of 3. Every expected score is derived by hand from docs/tiles.md (tile geometry) and the
//! rules (3 per completed city, 4 with the pig), in the comment beside it.

use carc_rules::{
    sim::Sim, Action, Color, Config, Corner, DeployError, Figure, Game, HalfSide, MeepleId, Place,
    Pos, Role, Rotation, TileSet, TileType,
};

const RED: Color = Color::Red;
const BLUE: Color = Color::Blue;

fn ne() -> Place {
    Place::Corner(Corner::NE)
}

fn nw() -> Place {
    Place::Corner(Corner::NW)
}

fn sw() -> Place {
    Place::Corner(Corner::SW)
}

/// Places tile `token` at `x,y` turned `deg` degrees, without the placement rules (a setup);
/// the placement is asserted free of mismatches all the same.
fn put(g: &mut Game, token: &str, x: i32, y: i32, deg: u32) {
    let t = TileType::from_token(token).unwrap();
    let r = Rotation::from_degrees(deg).unwrap();
    let p = Pos::new(x, y);
    if let Err(e) = g.check_placement(t, p, r) {
        assert!(e.mismatches.is_empty() && !e.occupied, "{token} {p}: {e}");
    }
    g.place_tile_unchecked(t, p, r).unwrap();
}

/// A setup figure on a field (farmer role) of the tile at `x,y`.
fn setup(g: &mut Game, c: Color, figure: Figure, x: i32, y: i32, place: Place) -> MeepleId {
    g.setup_figure(c, figure, Pos::new(x, y), Role::Farmer, Some(place))
        .unwrap()
}

/// The worked example of docs/notation.md: D 0,0 (city N, road W–E, the field north of the
/// road touches the city), E 0,1 r180 (its city faces S: with D's a completed city of two
/// tiles), U 1,0 r90 (road W–E; its NW field joins D's north field through D's side E).
fn worked_example() -> Game {
    let mut g = Game::new(Config::default());
    put(&mut g, "D", 0, 0, 0);
    put(&mut g, "E", 0, 1, 180);
    put(&mut g, "U", 1, 0, 90);
    g
}

#[test]
fn a_winner_with_a_pig_scores_4_per_completed_city() {
    let mut g = worked_example();
    setup(&mut g, RED, Figure::Meeple, 0, 0, ne());
    setup(&mut g, RED, Figure::Pig, 1, 0, nw());
    assert!(g.pigs_without_farmer().is_empty());
    // red alone farms the field north of the road; it touches one completed city (D + E):
    // 3 for the farmer, 4 with red's pig
    let s = g.final_scoring();
    assert_eq!(s.gain(RED), 4);
    assert_eq!(g.score(RED), 4);
    let field = s
        .features
        .iter()
        .find(|f| f.pig_bonus.iter().any(|&(c, _)| c == RED))
        .unwrap();
    assert_eq!((field.points, field.pig_bonus.clone()), (3, vec![(RED, 1)]));
    // every figure left the board, the pig too
    assert_eq!(g.meeples().count(), 0);
    assert_eq!(g.supply(RED), 7);
}

#[test]
fn without_the_pig_the_same_field_scores_3() {
    let mut g = worked_example();
    setup(&mut g, RED, Figure::Meeple, 0, 0, ne());
    assert_eq!(g.final_scoring().gain(RED), 3, "1 completed city x 3");
}

#[test]
fn the_pig_of_a_player_who_does_not_win_scores_nothing() {
    let mut g = worked_example();
    // U -1,0 r90: its NE field joins D's north field through D's side W
    put(&mut g, "U", -1, 0, 90);
    setup(&mut g, BLUE, Figure::Meeple, 0, 0, ne());
    setup(&mut g, BLUE, Figure::Meeple, -1, 0, ne());
    setup(&mut g, RED, Figure::Meeple, 1, 0, nw());
    setup(&mut g, RED, Figure::Pig, 1, 0, nw());
    // blue 2 farmers against red 1 farmer + a pig of strength 0: blue alone wins the field,
    // 1 completed city x 3; red's pig brings red nothing
    let s = g.final_scoring();
    assert_eq!((s.gain(RED), s.gain(BLUE)), (0, 3));
    assert!(s.features.iter().all(|f| f.pig_bonus.is_empty()));
}

/// The worked example grown by a second completed city that the same field touches: E 1,1
/// (city N, its fields S and W join U 1,0's north side and E 0,1's east side) and E 1,2 r180
/// closing that city.
fn two_cities() -> Game {
    let mut g = worked_example();
    put(&mut g, "E", 1, 1, 0);
    put(&mut g, "E", 1, 2, 180);
    g
}

#[test]
fn two_winners_one_pig_score_4_and_3_per_city() {
    let mut g = two_cities();
    setup(&mut g, RED, Figure::Meeple, 0, 0, ne());
    setup(&mut g, RED, Figure::Pig, 1, 0, nw());
    setup(&mut g, BLUE, Figure::Meeple, 1, 1, sw());
    // one field touching two completed cities (D + E 0,1 and E 1,1 + E 1,2); red 1 farmer,
    // blue 1 farmer: both win; red with the pig 2 x 4 = 8, blue 2 x 3 = 6
    let s = g.final_scoring();
    assert_eq!((s.gain(RED), s.gain(BLUE)), (8, 6));
    assert_eq!((g.score(RED), g.score(BLUE)), (8, 6));
}

#[test]
fn a_large_farmer_and_a_pig() {
    let mut g = two_cities();
    put(&mut g, "U", -1, 0, 90);
    setup(&mut g, RED, Figure::LargeMeeple, 0, 0, ne());
    setup(&mut g, RED, Figure::Pig, 1, 0, nw());
    setup(&mut g, BLUE, Figure::Meeple, 1, 1, sw());
    setup(&mut g, BLUE, Figure::Meeple, -1, 0, ne());
    // red's large farmer (2) ties blue's two farmers (2); the pig adds nothing to the
    // majority; 2 completed cities: red 2 x 4 = 8, blue 2 x 3 = 6
    let s = g.final_scoring();
    assert_eq!((s.gain(RED), s.gain(BLUE)), (8, 6));

    // red's large farmer and pig alone against blue's single farmer: red alone, 2 x 4
    let mut g = two_cities();
    setup(&mut g, RED, Figure::LargeMeeple, 0, 0, ne());
    setup(&mut g, RED, Figure::Pig, 1, 0, nw());
    setup(&mut g, BLUE, Figure::Meeple, 1, 1, sw());
    let s = g.final_scoring();
    assert_eq!((s.gain(RED), s.gain(BLUE)), (8, 0));
}

#[test]
fn a_pig_is_refused_without_its_owners_farmer() {
    let mut g = Game::new(Config::default());
    put(&mut g, "D", 0, 0, 0);
    setup(&mut g, BLUE, Figure::Meeple, 0, 0, ne());
    put(&mut g, "U", 1, 0, 90);
    // the field north of the road holds blue's farmer only: red's pig is refused, blue's not
    assert_eq!(
        g.deploy_figure(RED, Figure::Pig, Pos::new(1, 0), Role::Farmer, Some(nw())),
        Err(DeployError::PigWithoutFarmer)
    );
    assert_eq!(
        g.figure_deploy_faults(RED, Figure::Pig, Pos::new(1, 0), Role::Farmer, Some(nw())),
        vec![DeployError::PigWithoutFarmer]
    );
    // the field south of the road holds nobody's farmer
    assert_eq!(
        g.deploy_figure(
            BLUE,
            Figure::Pig,
            Pos::new(1, 0),
            Role::Farmer,
            Some(Place::Corner(Corner::SE))
        ),
        Err(DeployError::PigWithoutFarmer)
    );
    // a pig goes only into a field
    assert_eq!(
        g.deploy_figure(BLUE, Figure::Pig, Pos::new(1, 0), Role::Traveller, None),
        Err(DeployError::NoSuchPlace)
    );
    assert!(g.legal_pig_deployments(RED, Pos::new(1, 0)).is_empty());
    // the north field of U r90 is {NE, NW}: named by its first corner
    assert_eq!(g.legal_pig_deployments(BLUE, Pos::new(1, 0)), vec![ne()]);
    let pig = g
        .deploy_figure(BLUE, Figure::Pig, Pos::new(1, 0), Role::Farmer, Some(nw()))
        .unwrap();
    assert_eq!(g.meeple(pig).map(|m| m.figure), Some(Figure::Pig));
    assert_eq!(g.supply(BLUE), 6, "the pig is not one of the 7 meeples");
    // one pig per player: on the next tile blue's pig is already on the board
    put(&mut g, "U", 2, 0, 90);
    assert_eq!(
        g.deploy_figure(BLUE, Figure::Pig, Pos::new(2, 0), Role::Farmer, Some(nw())),
        Err(DeployError::FigureInUse(Figure::Pig))
    );
    assert!(g.legal_pig_deployments(BLUE, Pos::new(2, 0)).is_empty());
    // only on the tile just placed
    assert_eq!(
        g.deploy_figure(RED, Figure::Pig, Pos::new(1, 0), Role::Farmer, Some(nw())),
        Err(DeployError::NotLastTile)
    );
}

#[test]
fn a_pig_goes_into_an_occupied_field_of_its_owner() {
    let mut g = Game::new(Config::default());
    put(&mut g, "D", 0, 0, 0);
    setup(&mut g, BLUE, Figure::Meeple, 0, 0, ne());
    setup(&mut g, RED, Figure::Meeple, 0, 0, nw());
    put(&mut g, "U", 1, 0, 90);
    // the field holds two farmers: a farmer may not join it, red's pig may
    assert!(matches!(
        g.deploy_figure(
            RED,
            Figure::Meeple,
            Pos::new(1, 0),
            Role::Farmer,
            Some(nw())
        ),
        Err(DeployError::Occupied { .. })
    ));
    assert!(g
        .deploy_figure(RED, Figure::Pig, Pos::new(1, 0), Role::Farmer, Some(nw()))
        .is_ok());
}

#[test]
fn a_pig_never_blocks_a_farmer_of_another_colour() {
    let mut g = Game::new(Config::default());
    put(&mut g, "D", 0, 0, 0);
    // a setup pig standing alone (the setup's own fault, see pigs_without_farmer)
    let pig = setup(&mut g, RED, Figure::Pig, 0, 0, ne());
    assert_eq!(g.pigs_without_farmer(), vec![pig]);
    put(&mut g, "U", 1, 0, 90);
    // the field north of the road holds only red's pig: it is free for blue's farmer
    assert!(g
        .legal_deployments(BLUE, Pos::new(1, 0))
        .contains(&(Role::Farmer, ne())));
    assert!(g
        .figure_deploy_faults(
            BLUE,
            Figure::Meeple,
            Pos::new(1, 0),
            Role::Farmer,
            Some(nw())
        )
        .is_empty());
    g.deploy(BLUE, Pos::new(1, 0), Role::Farmer, Some(nw()))
        .unwrap();
    // with a farmer there the field is occupied as usual
    put(&mut g, "U", -1, 0, 90);
    assert!(matches!(
        g.deploy(RED, Pos::new(-1, 0), Role::Farmer, Some(ne())),
        Err(DeployError::Occupied { meeples }) if meeples.len() == 1
    ));
    // D's city is unfinished: the field is worth 0 to everybody, pig or not
    let s = g.final_scoring();
    assert!(s.gains().iter().all(|&g| g == 0));
}

#[test]
fn a_setup_pig_may_be_written_before_its_farmer() {
    let mut g = worked_example();
    let pig = setup(&mut g, RED, Figure::Pig, 1, 0, nw());
    assert_eq!(g.pigs_without_farmer(), vec![pig], "no farmer yet");
    setup(&mut g, RED, Figure::Meeple, 0, 0, ne());
    assert!(g.pigs_without_farmer().is_empty(), "the farmer came later");
    // a blue farmer does not serve red's pig
    let mut g = worked_example();
    let pig = setup(&mut g, RED, Figure::Pig, 1, 0, nw());
    setup(&mut g, BLUE, Figure::Meeple, 0, 0, ne());
    assert_eq!(g.pigs_without_farmer(), vec![pig]);
    // a second setup pig of the same colour is figure-supply
    assert_eq!(
        g.setup_figure(RED, Figure::Pig, Pos::new(0, 0), Role::Farmer, Some(ne())),
        Err(DeployError::FigureInUse(Figure::Pig))
    );
}

#[test]
fn a_pig_in_a_turn_joins_its_owners_farmer_across_tiles() {
    let mut g = Game::new(Config::default());
    put(&mut g, "D", 0, 0, 0);
    g.deploy(RED, Pos::new(0, 0), Role::Farmer, Some(ne()))
        .unwrap();
    // E 0,1 r180 completes D's city (2 tiles x 2 = 4 for nobody)
    let s = g
        .play_turn(BLUE, TileType::E, Pos::new(0, 1), Rotation::R180, None)
        .unwrap();
    assert!(s.gains().iter().all(|&g| g == 0));
    put(&mut g, "U", 1, 0, 90);
    g.deploy_figure(RED, Figure::Pig, Pos::new(1, 0), Role::Farmer, Some(nw()))
        .unwrap();
    // the worked example reached by turns: red +4
    assert_eq!(g.final_scoring().gain(RED), 4);
}

#[test]
fn a_pig_on_a_split_corner() {
    // ic.G 0,0: city N; its wall runs into corner SE, so half-side ESE belongs to the field
    // NE+ESE and half-side SSE to the field SSE+SW+NW; both fields touch the city N.
    // E 0,1 r180 closes the city (2 tiles).
    let mut g = Game::new(Config::default());
    put(&mut g, "ic.G", 0, 0, 0);
    put(&mut g, "E", 0, 1, 180);
    setup(
        &mut g,
        RED,
        Figure::Meeple,
        0,
        0,
        Place::Half(HalfSide::ESE),
    );
    let wrong = setup(&mut g, RED, Figure::Pig, 0, 0, Place::Half(HalfSide::SSE));
    assert_eq!(
        g.pigs_without_farmer(),
        vec![wrong],
        "SSE is the other field"
    );
    g.remove_meeple(wrong).unwrap();
    setup(&mut g, RED, Figure::Pig, 0, 0, ne());
    assert!(g.pigs_without_farmer().is_empty(), "NE and ESE: one field");
    // red's field NE+ESE touches 1 completed city: 4 with the pig
    assert_eq!(g.final_scoring().gain(RED), 4);
}

#[test]
fn a_pig_in_an_inner_field() {
    // ic.H 0,0: four separate cities N E S W around a field that touches no side; one E per
    // side closes each city (E's city is N at r0, E at r90, S at r180, W at r270)
    let mut g = Game::new(Config::default());
    put(&mut g, "ic.H", 0, 0, 0);
    put(&mut g, "E", 0, 1, 180);
    put(&mut g, "E", 1, 0, 270);
    put(&mut g, "E", 0, -1, 0);
    put(&mut g, "E", -1, 0, 90);
    setup(&mut g, RED, Figure::Meeple, 0, 0, Place::Inner);
    setup(&mut g, RED, Figure::Pig, 0, 0, Place::Inner);
    // 4 completed cities x 4 = 16 (without the pig 12)
    assert_eq!(g.final_scoring().gain(RED), 16);
}

#[test]
fn pig_moves_name_half_sides_and_inner_fields() {
    // the pig's places for a field without a corner of its own: the inner field of ic.H
    let mut g = Game::new(Config::default());
    put(&mut g, "E", 0, 1, 180);
    put(&mut g, "ic.H", 0, 0, 0);
    // no farmer of red in the inner field (it joins no other tile): no pig move
    assert!(g.legal_pig_deployments(RED, Pos::new(0, 0)).is_empty());
    setup(&mut g, RED, Figure::Meeple, 0, 0, Place::Inner);
    assert_eq!(
        g.legal_pig_deployments(RED, Pos::new(0, 0)),
        vec![Place::Inner]
    );
    // farmers off: no pig at all
    let mut off = Game::new(Config::new(vec![RED, BLUE], false));
    put(&mut off, "D", 0, 0, 0);
    assert!(off.legal_pig_deployments(RED, Pos::new(0, 0)).is_empty());
}

/// Random Traders & Builders games: the simulator deploys pigs, only into fields where their
/// owner has a farmer, never two of one colour; the final scores add up with the pig bonus.
#[test]
fn the_simulator_plays_pigs() {
    let mut pigs = 0;
    let mut bonuses = 0;
    for seed in 0..40 {
        let mut sim = Sim::with_sets(seed, 3, true, &[TileSet::TradersBuilders]);
        while sim.step().is_some() {
            if sim.last_action() == Action::Figure(Figure::Pig) {
                pigs += 1;
            }
            let g = sim.game();
            assert!(g.pigs_without_farmer().is_empty(), "seed {seed}");
            for c in [Color::Red, Color::Blue, Color::Green] {
                let n = g
                    .meeples()
                    .filter(|m| m.colour == c && m.figure == Figure::Pig)
                    .count();
                assert!(n <= 1, "seed {seed}: {n} pigs of {c}");
            }
        }
        let before: Vec<i64> = Color::ALL.iter().map(|&c| sim.game().score(c)).collect();
        let s = sim.finish();
        for (i, &c) in Color::ALL.iter().enumerate() {
            assert_eq!(
                sim.game().score(c) - before[i],
                i64::from(s.gain(c)),
                "seed {seed}"
            );
        }
        for f in &s.features {
            for &(c, bonus) in &f.pig_bonus {
                // a pig bonus goes to a winner who has a pig there: 1 per city of 3 points
                assert!(f.winners.contains(&c));
                assert_eq!(bonus * 3, f.points, "seed {seed}");
                assert!(f
                    .returned
                    .iter()
                    .any(|m| m.colour == c && m.figure == Figure::Pig));
                bonuses += 1;
            }
        }
    }
    assert!(pigs > 20, "only {pigs} pigs in 40 games");
    assert!(bonuses > 0, "no pig ever won a field in 40 games");
}

/// A strict turn with any figure: legal placement, the figure (if any) deployable, scoring.
fn turn_with(
    g: &mut Game,
    c: Color,
    token: &str,
    (x, y, deg): (i32, i32, u32),
    figure: Option<(Figure, Place)>,
) -> Result<u32, DeployError> {
    let t = TileType::from_token(token).unwrap();
    let (p, r) = (Pos::new(x, y), Rotation::from_degrees(deg).unwrap());
    g.check_placement(t, p, r).unwrap();
    g.place_tile_unchecked(t, p, r).unwrap();
    let deployed = figure.map(|(f, place)| g.deploy_figure(c, f, p, Role::Farmer, Some(place)));
    let gained = g.score_completed(p).gain(c);
    deployed.transpose().map(|_| gained)
}

/// JCloisterZone's engine test traders-and-builders/pig-scoring.jcz, its game facts in carc
/// coordinates (y flipped; its H is carc's H turned 90 degrees, BA/C = E, BA/Rr = V).
/// Its assertions: Alice (red) 8, Bob (blue) 6.
#[test]
fn jcloisterzone_pig_scoring() {
    let mut g = Game::new(Config::default());
    put(&mut g, "D", 0, 0, 0);
    // H 0,1 r90: cities S (closes D's: 2 tiles, nobody there) and N; one field E and W
    assert_eq!(
        turn_with(&mut g, RED, "H", (0, 1, 90), Some((Figure::Meeple, ne()))),
        Ok(0)
    );
    // E 0,2 r180 closes H's north city (nobody there); blue farms E's own field
    assert_eq!(
        turn_with(&mut g, BLUE, "E", (0, 2, 180), Some((Figure::Meeple, ne()))),
        Ok(0)
    );
    // E -1,1 r270: city W (open); its field joins H's through H's side W: red's pig there
    assert_eq!(
        turn_with(&mut g, RED, "E", (-1, 1, 270), Some((Figure::Pig, ne()))),
        Ok(0)
    );
    // V -1,2 r90: road W–N; its field (sides E and S) joins E 0,2's and E -1,1's fields
    assert_eq!(turn_with(&mut g, BLUE, "V", (-1, 2, 90), None), Ok(0));
    // one field, red 1 farmer + pig, blue 1 farmer: both win; it touches two completed cities
    // (D + H's south, H's north + E 0,2): red 2 x 4 = 8, blue 2 x 3 = 6
    let s = g.final_scoring();
    assert_eq!((s.gain(RED), s.gain(BLUE)), (8, 6));
    assert_eq!((g.score(RED), g.score(BLUE)), (8, 6));
}

/// JCloisterZone's engine test traders-and-builders/pigs-no-stack.jcz (one player, Alice =
/// red; its U is carc's U turned 90 degrees). JCloisterZone gives Alice two pigs there; carc's
/// rules give each player one, so the second is refused (`figure-supply`). Its assertion,
/// Alice 4, holds either way: pigs do not stack.
#[test]
fn jcloisterzone_pigs_no_stack() {
    let mut g = Game::new(Config::new(vec![RED], true));
    put(&mut g, "D", 0, 0, 0);
    // U -1,0 r90: road W–E meeting D's; its north field joins D's north field (city N)
    assert_eq!(
        turn_with(&mut g, RED, "U", (-1, 0, 90), Some((Figure::Meeple, ne()))),
        Ok(0)
    );
    assert_eq!(
        turn_with(&mut g, RED, "U", (-2, 0, 90), Some((Figure::Pig, ne()))),
        Ok(0)
    );
    // E 0,1 r180 closes D's city (nobody there); a farmer in E's own field
    assert_eq!(
        turn_with(&mut g, RED, "E", (0, 1, 180), Some((Figure::Meeple, ne()))),
        Ok(0)
    );
    // E 0,2: its field joins E 0,1's; the second pig is refused
    assert_eq!(
        turn_with(&mut g, RED, "E", (0, 2, 0), Some((Figure::Pig, sw()))),
        Err(DeployError::FigureInUse(Figure::Pig))
    );
    // V -1,1 r90 joins both fields: one field, 2 farmers and a pig of red, one completed city
    // (D + E 0,1; E 0,2's city stays open): 1 x 4
    assert_eq!(turn_with(&mut g, RED, "V", (-1, 1, 90), None), Ok(0));
    assert_eq!(g.final_scoring().gain(RED), 4);
}
