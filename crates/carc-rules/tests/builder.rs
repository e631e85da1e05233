//! The builder and the builder's bonus tile (Traders & Builders). Expected numbers worked out
//! by hand from docs/tiles.md (base tiles) and the rules of Traders & Builders: a builder
//! stands on a road or city of the new tile where its owner already has a follower, weighs
//! nothing, goes home when its feature is scored; a part whose tile extends the owner's
//! builder's feature earns one bonus part, never two in a row.

mod common;
use carc_rules::*;
use common::*;

const RED: Color = Color::Red;
const BLUE: Color = Color::Blue;

fn tt(token: &str) -> TileType {
    TileType::from_token(token).unwrap()
}

/// A setup builder of `c` at `p` on the tile at `at` (the role given is ignored: a builder
/// takes its place's).
fn setup_builder(g: &mut Game, c: Color, at: &str, p: &str) -> MeepleId {
    g.setup_figure(c, Figure::Builder, pos(at), Role::Traveller, Some(place(p)))
        .unwrap()
}

/// A strict part: `tile` at `at` turned `r` with `action`.
fn part(
    g: &mut Game,
    c: Color,
    tile: &str,
    at: &str,
    r: &str,
    action: PartAction,
    bonus: bool,
) -> Result<TurnScore, TurnError> {
    g.play_part(c, tt(tile), pos(at), rot(r), action, bonus)
}

fn builder_at(p: &str) -> PartAction {
    PartAction::Deploy(Figure::Builder, Role::Traveller, Some(place(p)))
}

/// A part of `c` that deploys the builder at `p`, expected to be refused.
fn builder_part(g: &mut Game, c: Color, tile: &str, at: &str, r: &str, p: &str) -> TurnError {
    part(g, c, tile, at, r, builder_at(p), false).unwrap_err()
}

/// The refusal of a part whose builder may not stand where it is written.
fn builder_refused(fault: BuilderFault) -> TurnError {
    TurnError::Deploy(DeployError::BuilderPlace(fault))
}

fn returned_figures(s: &Scoring) -> Vec<(Color, Figure)> {
    s.features
        .iter()
        .flat_map(|f| f.returned.iter().map(|m| (m.colour, m.figure)))
        .collect()
}

/// The road of the worked example without its builder: A -1,0 r270 (its road leaves east
/// from the monastery), D 0,0 with red's traveller on the road (E–W), U 1,0 r90: three
/// tiles, open at 1,0's east side.
fn red_road() -> Game {
    let mut g = tb_game();
    tile(&mut g, "A -1,0 r270");
    tile(&mut g, "D 0,0 red traveller E");
    tile(&mut g, "U 1,0 r90");
    g
}

/// The worked example of docs/notation.md: A -1,0 r270 (its road leaves east from the
/// monastery), D 0,0 with red's traveller on the road (E–W), U 1,0 r90 with red's builder:
/// one road of three tiles, open at 1,0's east side. Returns the builder's id.
fn worked_example() -> (Game, MeepleId) {
    let mut g = red_road();
    let b = setup_builder(&mut g, RED, "1,0", "E");
    assert_eq!(g.builder_fault(b), None, "red's traveller is on this road");
    (g, b)
}

#[test]
fn extending_the_builders_road_earns_a_bonus_part() {
    let (mut g, b) = worked_example();
    // U 2,0 r90 extends the road to 4 tiles, still open: nobody scores
    let s = part(&mut g, RED, "U", "2,0", "r90", PartAction::Nothing, false).unwrap();
    assert!(s.features.iter().all(|f| f.winners.is_empty()));
    assert_eq!(s.gains(), [0; Color::COUNT]);
    assert!(g.bonus_earned(RED));
    assert_eq!(g.bonus_check(RED).map(|m| m.id), Ok(b));
    assert_eq!(g.bonus_check(BLUE), Err(BonusError::NoBuilder));
    // the bonus part: A 3,0 r90 (road W) closes it: 5 tiles (-1,0 … 3,0) x 1 = 5 for red
    let s = part(&mut g, RED, "A", "3,0", "r90", PartAction::Nothing, true).unwrap();
    assert_eq!(s.nonzero_gains(), vec![(RED, 5)]);
    let mut back = returned_figures(&s);
    back.sort();
    assert_eq!(back, vec![(RED, Figure::Meeple), (RED, Figure::Builder)]);
    assert_eq!(g.supply(RED), 7);
    assert!(g.figure_available(RED, Figure::Builder).is_ok());
    assert_eq!(g.meeples().count(), 0);
    // the bonus part extended the builder's road too, but a bonus never earns another
    assert_eq!(g.bonus_check(RED), Err(BonusError::Chained));
}

#[test]
fn the_bonus_is_earned_when_the_first_tile_completes_the_road() {
    let (mut g, _) = worked_example();
    // a second road of red's: U 3,1 (N–S) with red's other traveller
    tile(&mut g, "U 3,1 red traveller N");
    // A 2,0 r90 closes the builder's road at once: 4 tiles (-1,0 … 2,0) x 1 = 4 for red; the
    // builder goes home with the traveller
    let s = part(&mut g, RED, "A", "2,0", "r90", PartAction::Nothing, false).unwrap();
    assert_eq!(s.nonzero_gains(), vec![(RED, 4)]);
    assert!(returned_figures(&s).contains(&(RED, Figure::Builder)));
    assert!(g.figure_available(RED, Figure::Builder).is_ok());
    assert!(g.bonus_earned(RED), "earned although the builder went home");
    // the bonus part may deploy the builder that came home: U 3,0 (N–S, its west field meets
    // A's east field) extends red's second road, which holds red's traveller, and stays open
    let s = part(&mut g, RED, "U", "3,0", "r0", builder_at("N"), true).unwrap();
    assert_eq!(s.gains(), [0; Color::COUNT]);
    let builder = g.meeples().find(|m| m.figure == Figure::Builder).unwrap();
    assert_eq!((builder.pos, builder.role), (pos("3,0"), Role::Traveller));
    // … and the traveller that came home: red had 7 - 2 = 5, got 1 back
    assert_eq!(g.supply(RED), 6);
}

#[test]
fn a_returned_meeple_may_be_deployed_in_the_bonus_part() {
    let (mut g, _) = worked_example();
    g.set_supply(RED, 0);
    part(&mut g, RED, "A", "2,0", "r90", PartAction::Nothing, false).unwrap();
    assert_eq!(g.supply(RED), 1, "the traveller came home");
    // the bonus tile U 3,0 (a road N–S of its own) takes it
    let traveller = PartAction::Deploy(Figure::Meeple, Role::Traveller, Some(place("N")));
    part(&mut g, RED, "U", "3,0", "r0", traveller, true).unwrap();
    assert_eq!(g.supply(RED), 0);
}

#[test]
fn a_bonus_part_that_completes_a_city_takes_its_goods() {
    // The worked example (red's traveller and builder on the road A -1,0 - D 0,0 - U 1,0,
    // open at 1,0's east) and tb.G r180 at 0,1: a grain city on its S and E sides, joined to
    // D's city (N), open towards 1,1, with blue's knight on it.
    let (mut g, _) = worked_example();
    g.place_tile_unchecked(tt("tb.G"), pos("0,1"), rot("r180"))
        .unwrap();
    g.setup_meeple(BLUE, pos("0,1"), Role::Knight, Some(place("S")))
        .unwrap();
    // U 2,0 r90 extends the builder's road (4 tiles, still open): a bonus part for red
    let s = part(&mut g, RED, "U", "2,0", "r90", PartAction::Nothing, false).unwrap();
    assert_eq!(s.gains(), [0; Color::COUNT]);
    assert!(g.bonus_earned(RED));
    // the bonus part: E r270 at 1,1 (city W; its S field meets U 1,0's N field) closes the
    // city D + tb.G + E: 3 tiles, no coat of arms, 3 x 2 = 6 for blue's knight; red placed
    // the closing tile, so red takes the city's one grain token and blue none
    let s = part(&mut g, RED, "E", "1,1", "r270", PartAction::Nothing, true).unwrap();
    assert_eq!(s.nonzero_gains(), vec![(BLUE, 6)]);
    assert_eq!(g.goods(RED), Goods::new(0, 1, 0));
    assert_eq!(g.goods(BLUE), Goods::default());
}

#[test]
fn no_chained_bonus() {
    let (mut g, _) = worked_example();
    part(&mut g, RED, "U", "2,0", "r90", PartAction::Nothing, false).unwrap();
    assert!(g.bonus_earned(RED));
    // the bonus tile U 3,0 r90 extends the builder's road again: no second bonus
    part(&mut g, RED, "U", "3,0", "r90", PartAction::Nothing, true).unwrap();
    assert!(g.in_bonus_part());
    assert_eq!(g.bonus_check(RED), Err(BonusError::Chained));
    let before = g.tiles().len();
    let e = part(&mut g, RED, "U", "4,0", "r90", PartAction::Nothing, true).unwrap_err();
    assert_eq!(e, TurnError::Bonus(BonusError::Chained));
    assert_eq!(g.tiles().len(), before, "a refused part changes nothing");
    // the next ordinary part extends it again and earns again
    part(&mut g, BLUE, "E", "0,1", "r180", PartAction::Nothing, false).unwrap();
    assert_eq!(g.bonus_check(RED), Err(BonusError::NotExtended));
    part(&mut g, RED, "U", "4,0", "r90", PartAction::Nothing, false).unwrap();
    assert!(g.bonus_earned(RED));
}

#[test]
fn a_tile_elsewhere_earns_nothing() {
    let (mut g, _) = worked_example();
    // E 0,1 r180 closes D's city (2 tiles, nobody on it): it does not touch the road
    part(&mut g, RED, "E", "0,1", "r180", PartAction::Nothing, false).unwrap();
    assert_eq!(g.bonus_check(RED), Err(BonusError::NotExtended));
    assert_eq!(g.bonus_check(BLUE), Err(BonusError::NoBuilder));
    assert!(!g.bonus_earned(RED));
    // a bonus part that was not earned is refused and changes nothing
    let e = part(&mut g, RED, "U", "2,0", "r90", PartAction::Nothing, true).unwrap_err();
    assert_eq!(e, TurnError::Bonus(BonusError::NotExtended));
    assert!(g.tile_at(pos("2,0")).is_none());
}

#[test]
fn a_builder_deployed_in_this_part_earns_nothing_now() {
    // the road of the worked example without the builder: red deploys it with U 2,0
    let mut g = red_road();
    part(&mut g, RED, "U", "2,0", "r90", builder_at("E"), false).unwrap();
    assert_eq!(g.bonus_check(RED), Err(BonusError::NoBuilder));
    // from the next part on, extending it earns the bonus
    part(&mut g, BLUE, "E", "0,1", "r180", PartAction::Nothing, false).unwrap();
    part(&mut g, RED, "U", "3,0", "r90", PartAction::Nothing, false).unwrap();
    assert!(g.bonus_earned(RED));
    // a player extending someone else's builder earns nothing
    part(&mut g, BLUE, "U", "4,0", "r90", PartAction::Nothing, false).unwrap();
    assert_eq!(g.bonus_check(BLUE), Err(BonusError::NoBuilder));
}

#[test]
fn builder_refused_without_a_follower_of_its_owner() {
    // the road holds blue's traveller, not red's
    let mut g = game();
    tile(&mut g, "A -1,0 r270");
    tile(&mut g, "D 0,0 blue traveller E");
    assert_eq!(
        builder_part(&mut g, RED, "U", "1,0", "r90", "E"),
        builder_refused(BuilderFault::NoFollower(FeatureKind::Road))
    );
    assert!(
        g.tile_at(pos("1,0")).is_none(),
        "a refused part changes nothing"
    );
    // nobody on the road at all
    let mut g = game();
    tile(&mut g, "D 0,0");
    assert_eq!(
        builder_part(&mut g, RED, "U", "1,0", "r90", "W"),
        builder_refused(BuilderFault::NoFollower(FeatureKind::Road))
    );
}

#[test]
fn builder_in_a_city_needs_the_owners_knight() {
    // N r180 shows a city S and E: at 0,1 it joins D's city (N) and stays open east
    let mut g = game();
    tile(&mut g, "D 0,0");
    assert_eq!(
        builder_part(&mut g, RED, "N", "0,1", "r180", "S"),
        builder_refused(BuilderFault::NoFollower(FeatureKind::City))
    );
    let mut g = game();
    tile(&mut g, "D 0,0 red knight N");
    part(&mut g, RED, "N", "0,1", "r180", builder_at("E"), false).unwrap();
    let b = g.meeples().find(|m| m.figure == Figure::Builder).unwrap();
    assert_eq!(
        b.role,
        Role::Knight,
        "a builder in a city is recorded as a knight's role"
    );
}

#[test]
fn builder_refused_on_a_completed_road_a_field_or_a_monastery() {
    // red's traveller on the road A–D–U, open east of 1,0; each part places at 2,0 r90
    let cases = [
        // A closes the road: it scores now, no builder may join
        ("A", "W", BuilderFault::Completed(FeatureKind::Road)),
        // U r90's fields lie north and south of its road
        ("U", "NE", BuilderFault::NotRoadOrCity(FeatureKind::Field)),
        // A's monastery
        (
            "A",
            "centre",
            BuilderFault::NotRoadOrCity(FeatureKind::Monastery),
        ),
    ];
    for (token, p, fault) in cases {
        let mut g = red_road();
        let refused = builder_part(&mut g, RED, token, "2,0", "r90", p);
        assert_eq!(refused, builder_refused(fault), "{token} {p}");
    }
    // a side that is a field edge of U r90 holds nothing a builder could name: bad place
    let mut g = red_road();
    let refused = builder_part(&mut g, RED, "U", "2,0", "r90", "N");
    assert_eq!(refused, TurnError::Deploy(DeployError::NoSuchPlace));
    // the list of faults of the closing A says the same, and no place is legal there
    g.place_tile_unchecked(tt("A"), pos("2,0"), rot("r90"))
        .unwrap();
    assert_eq!(
        g.figure_deploy_faults(RED, Figure::Builder, pos("2,0"), Role::Traveller, None),
        vec![DeployError::BuilderPlace(BuilderFault::Completed(
            FeatureKind::Road
        ))]
    );
    assert!(g.legal_builder_places(RED, pos("2,0")).is_empty());
}

#[test]
fn one_builder_per_player() {
    let (mut g, _) = worked_example();
    let e = part(&mut g, RED, "U", "2,0", "r90", builder_at("E"), false).unwrap_err();
    assert_eq!(
        e,
        TurnError::Deploy(DeployError::FigureInUse(Figure::Builder))
    );
    g.place_tile_unchecked(tt("U"), pos("2,0"), rot("r90"))
        .unwrap();
    assert_eq!(
        g.figure_deploy_faults(
            RED,
            Figure::Builder,
            pos("2,0"),
            Role::Traveller,
            Some(place("E"))
        ),
        vec![DeployError::FigureInUse(Figure::Builder)]
    );
    assert!(g.legal_builder_places(RED, pos("2,0")).is_empty());
    assert!(
        g.bonus_earned(RED),
        "placing U 2,0 extended the builder's road"
    );
}

#[test]
fn legal_builder_places_lists_the_roads_and_cities_with_a_follower() {
    // red's traveller on D's road; the new tile U 1,0 r90 (road E–W) joins it
    let mut g = game();
    tile(&mut g, "D 0,0 red traveller E");
    g.place_tile_unchecked(tt("U"), pos("1,0"), rot("r90"))
        .unwrap();
    assert_eq!(g.legal_builder_places(RED, pos("1,0")), vec![place("E")]);
    assert!(g.legal_builder_places(BLUE, pos("1,0")).is_empty());
    assert!(
        g.legal_builder_places(RED, pos("0,0")).is_empty(),
        "not the last tile"
    );
    // the meeple's own list is unchanged: the road is occupied by red's traveller
    assert_eq!(
        g.legal_deployments(RED, pos("1,0")).len(),
        2,
        "the two fields"
    );
}

#[test]
fn a_builder_does_not_block_another_players_knight() {
    // a setup builder alone on D's city (red has no knight there: builder-place for the
    // setup), then blue's knight joins the city from N r180 at 0,1 (city S and E)
    let mut g = game();
    tile(&mut g, "D 0,0");
    let b = setup_builder(&mut g, RED, "0,0", "N");
    assert_eq!(
        g.builder_fault(b),
        Some(BuilderFault::NoFollower(FeatureKind::City))
    );
    g.place_tile_unchecked(tt("N"), pos("0,1"), rot("r180"))
        .unwrap();
    // the city's first place in the order N E S W is E
    assert!(g
        .legal_deployments(BLUE, pos("0,1"))
        .contains(&(Role::Knight, place("E"))));
    g.deploy(BLUE, pos("0,1"), Role::Knight, Some(place("S")))
        .unwrap();
    // final scoring: the city of 2 tiles, unfinished, 1 per tile: blue 2, red's builder 0
    let s = g.final_scoring();
    assert_eq!(s.nonzero_gains(), vec![(BLUE, 2)]);
    assert!(returned_figures(&s).contains(&(RED, Figure::Builder)));
}

#[test]
fn an_occupied_feature_names_its_followers_not_the_builder() {
    let mut g = game();
    let knight = tile(&mut g, "D 0,0 red knight N").unwrap();
    setup_builder(&mut g, RED, "0,0", "N");
    let e = turn(&mut g, "blue N 0,1 r180 knight S").unwrap_err();
    assert_eq!(
        e,
        TurnError::Deploy(DeployError::Occupied {
            meeples: vec![knight]
        })
    );
}

#[test]
fn a_setup_builder_may_be_written_before_its_follower() {
    let mut g = game();
    tile(&mut g, "D 0,0");
    let b = setup_builder(&mut g, RED, "0,0", "E");
    assert_eq!(
        g.builder_fault(b),
        Some(BuilderFault::NoFollower(FeatureKind::Road))
    );
    g.setup_meeple(RED, pos("0,0"), Role::Traveller, Some(place("W")))
        .unwrap();
    assert_eq!(g.builder_fault(b), None);
    // a blue follower does not count for red's builder
    let mut g = game();
    tile(&mut g, "D 0,0 blue traveller E");
    let b = setup_builder(&mut g, RED, "0,0", "E");
    assert_eq!(
        g.builder_fault(b),
        Some(BuilderFault::NoFollower(FeatureKind::Road))
    );
    // a second setup builder of red's is figure-supply
    tile(&mut g, "U 1,0 r90");
    assert_eq!(
        g.setup_figure(RED, Figure::Builder, pos("1,0"), Role::Traveller, None),
        Err(DeployError::FigureInUse(Figure::Builder))
    );
}

#[test]
fn a_builder_never_scores_and_goes_home_with_its_feature() {
    // road A–D–U–U–A: red's traveller and builder on D, blue's travellers on both U: blue 2
    // against red 1 (the builder weighs 0): the closed road of 5 tiles gives blue 5, red 0
    let mut g = game();
    tile(&mut g, "A -1,0 r270");
    tile(&mut g, "D 0,0 red traveller E");
    setup_builder(&mut g, RED, "0,0", "E");
    tile(&mut g, "U 1,0 r90 blue traveller E");
    tile(&mut g, "U 2,0 r90 blue traveller E");
    let s = turn(&mut g, "red A 3,0 r90").unwrap();
    assert_eq!(s.nonzero_gains(), vec![(BLUE, 5)]);
    assert_eq!(returned_figures(&s).len(), 4);
    assert_eq!(g.meeples().count(), 0);
    assert!(g.figure_available(RED, Figure::Builder).is_ok());
    // and extending it earned red a bonus all the same (red's builder stood on it)
    assert!(g.bonus_earned(RED));
}

#[test]
fn final_scoring_sends_the_builder_home() {
    // the worked example's road at the end: 3 tiles, unfinished, 1 each: red 3
    let (mut g, _) = worked_example();
    let s = g.final_scoring();
    assert_eq!(s.nonzero_gains(), vec![(RED, 3)]);
    assert_eq!(s.features.len(), 1);
    assert!(returned_figures(&s).contains(&(RED, Figure::Builder)));
    assert_eq!(g.meeples().count(), 0);
    assert!(g.figure_available(RED, Figure::Builder).is_ok());
}

#[test]
fn random_games_with_builders_replay_strictly() {
    // simulated games of Traders & Builders: every part (bonus parts included) is legal for
    // the strict API, bonus parts are the previous part's player and never follow a bonus
    // part, and the strict replay ends with the simulator's scores
    let sets = [TileSet::TradersBuilders];
    let (mut builders, mut bonuses) = (0, 0);
    for seed in 0..100 {
        let rec = simulate_sets(seed, 2 + (seed as usize % 4), seed % 3 != 0, &sets);
        let mut g = Game::new(rec.game.config().clone());
        g.place_tile_unchecked(TileType::START, Pos::new(0, 0), Rotation::R0)
            .unwrap();
        let players = &rec.game.config().players;
        let mut turns = 0usize;
        let mut last: Option<(Color, bool)> = None;
        for (i, step) in rec.steps.iter().enumerate() {
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
            let bonus = rec.bonus_steps.contains(&i);
            if bonus {
                bonuses += 1;
                let (prev, prev_bonus) = last.expect("a bonus part follows a part");
                assert_eq!(colour, prev, "seed {seed} step {i}");
                assert!(!prev_bonus, "seed {seed} step {i}: chained bonus");
            } else {
                assert_eq!(
                    colour,
                    players[turns % players.len()],
                    "seed {seed} step {i}"
                );
                turns += 1;
            }
            let action = match (rec.actions[i], meeple) {
                (Action::Figure(f), Some((role, place))) => {
                    builders += usize::from(f == Figure::Builder);
                    PartAction::Deploy(f, role, Some(place))
                }
                (_, Some((role, place))) => PartAction::Deploy(Figure::Meeple, role, Some(place)),
                (Action::Recall, None) => PartAction::Recall,
                _ => PartAction::Nothing,
            };
            g.play_part(colour, tile, pos, rot, action, bonus)
                .unwrap_or_else(|e| panic!("seed {seed} step {i}: {e}"));
            // the simulator plays a bonus part exactly when one was earned
            let next_turn = rec.steps[i + 1..]
                .iter()
                .position(|s| matches!(s, Step::Turn { .. }))
                .map(|k| i + 1 + k);
            if let Some(n) = next_turn {
                assert_eq!(
                    rec.bonus_steps.contains(&n),
                    g.bonus_earned(colour),
                    "seed {seed} step {n}"
                );
            }
            last = Some((colour, bonus));
        }
        g.final_scoring();
        for &(c, score) in &rec.scores {
            assert_eq!(g.score(c), score, "seed {seed} {c}");
        }
        assert_eq!(
            rec.game.meeples().count(),
            0,
            "every figure home at the end"
        );
    }
    assert!(builders > 50, "builders deployed: {builders}");
    assert!(bonuses > 20, "bonus parts played: {bonuses}");
}
