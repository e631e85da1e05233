//! Scoring and legality rules beyond the lessons; expected numbers worked out by hand.

mod common;
use carc_rules::*;
use common::*;

const RED: Color = Color::Red;
const BLUE: Color = Color::Blue;

#[test]
fn road_loop_of_four_curves_is_complete() {
    // V r180 roads N,E at 0,0; V r90 W,N at 1,0; V r270 E,S at 0,1; V r0 S,W at 1,1: a loop of
    // 4 tiles with no end: complete, 4 points.
    let mut g = game();
    tile(&mut g, "V 0,0 r180 red traveller");
    tile(&mut g, "V 1,0 r90");
    tile(&mut g, "V 0,1 r270");
    let f = g.feature_at(pos("0,0"), place("N")).unwrap();
    assert_eq!(g.feature(f).unwrap().open_sides, 2);
    let s = turn(&mut g, "blue V 1,1").unwrap();
    assert_eq!(gains(&s), vec![(RED, 4)]);
    assert!(s.features[0].feature.complete);
    assert_eq!(s.features[0].feature.open_sides, 0);
}

#[test]
fn city_through_one_tile_twice_counts_the_tile_once() {
    // H 0,0 has two separate cities E and W; a ring N/N/G/N/N above joins them into one
    // city: 6 distinct tiles (H counted once), no shield: 12 (14 if H counted twice).
    let mut g = game();
    tile(&mut g, "H 0,0 red knight E");
    tile(&mut g, "N 1,0");
    tile(&mut g, "N 1,1 r270");
    tile(&mut g, "N -1,1 r180");
    tile(&mut g, "N -1,0 r90");
    let e = g.feature_at(pos("0,0"), place("E")).unwrap();
    let w = g.feature_at(pos("0,0"), place("W")).unwrap();
    assert_ne!(g.feature(e).unwrap().id, g.feature(w).unwrap().id);
    let s = turn(&mut g, "blue G 0,1").unwrap();
    assert_eq!(gains(&s), vec![(RED, 12)]);
    let f = &s.features[0].feature;
    assert_eq!(f.tiles.len(), 6);
    assert_eq!(f.segments.len(), 7);
    // both old ids now name the merged city
    assert_eq!(g.feature(e).unwrap().id, g.feature(w).unwrap().id);
}

#[test]
fn road_through_one_tile_twice_counts_the_tile_once() {
    // The junction W r0 at 0,0 has three separate arms E, S, W and a field side N. A ring of
    // curves and a straight above it joins its E arm to its W arm into one road.
    let mut g = game();
    // W r0 at 0,0: roads E, S, W (separate arms), N = field.
    tile(&mut g, "W 0,0 red traveller E");
    tile(&mut g, "V 1,0 r90"); // W,N
    tile(&mut g, "V 1,1"); // S,W
    tile(&mut g, "V -1,1 r270"); // E,S
    tile(&mut g, "V -1,0 r180"); // N,E
                                 // last: U r90 at 0,1 (E-W, S=F faces W's N=F): one road W.E, 5 tiles + U, W.W: 6
                                 // distinct tiles (W counted once); the S arm is a separate road, untouched.
    let s = turn(&mut g, "blue U 0,1 r90").unwrap();
    assert_eq!(gains(&s), vec![(RED, 6)]);
    assert_eq!(s.features.len(), 1);
    assert_eq!(s.features[0].feature.tiles.len(), 6);
    let south = g.feature_at(pos("0,0"), place("S")).unwrap();
    assert!(!g.feature(south).unwrap().complete);
}

#[test]
fn one_tile_completes_a_monastery_and_a_city_at_once() {
    // B 0,0 (red monk) has 7 neighbours; E r0 at 0,1 fills the 8th and closes blue's city
    // with the cap at 0,2: monastery 9 to red, city 2x2 = 4 to blue.
    let mut g = game();
    tile(&mut g, "B 0,0 red monk");
    for p in ["1,1", "1,0", "1,-1", "0,-1", "-1,-1", "-1,0", "-1,1"] {
        tile(&mut g, &format!("B {p}"));
    }
    tile(&mut g, "E 0,2 r180 blue knight");
    let s = turn(&mut g, "red E 0,1").unwrap();
    assert_eq!(gains(&s), vec![(RED, 9), (BLUE, 4)]);
    let kinds: Vec<FeatureKind> = s.features.iter().map(|f| f.feature.kind).collect();
    assert_eq!(kinds, vec![FeatureKind::City, FeatureKind::Monastery]);
    assert_eq!((g.supply(RED), g.supply(BLUE)), (7, 7));
}

#[test]
fn meeple_on_a_feature_the_same_tile_completes_scores_and_returns_at_once() {
    let mut g = game();
    tile(&mut g, "A 0,0 r180");
    g.place_tile_unchecked(TileType::A, pos("0,1"), Rotation::R0)
        .unwrap();
    let id = g.deploy(BLUE, pos("0,1"), Role::Traveller, None).unwrap();
    assert_eq!(g.supply(BLUE), 6);
    let s = g.score_completed(pos("0,1"));
    assert_eq!(gains(&s), vec![(BLUE, 2)]);
    assert_eq!(s.features[0].returned[0].id, id);
    assert_eq!(g.supply(BLUE), 7);
    assert!(g.meeple(id).is_none());
}

#[test]
fn farmers_of_two_colours_tied_on_one_merged_field() {
    // E 0,0 (red farmer) with its city closed by E 0,1 r180; blue farmer on B 2,0; B 1,0
    // merges the fields: one field touching one completed city: 3 to red and to blue.
    let mut g = game();
    tile(&mut g, "E 0,0 red farmer");
    tile(&mut g, "E 0,1 r180");
    tile(&mut g, "B 2,0 blue farmer");
    let s = turn(&mut g, "red B 1,0").unwrap();
    assert_eq!(gains(&s), vec![]);
    let e = g.deploy(RED, pos("1,0"), Role::Farmer, None).unwrap_err();
    assert!(matches!(e, DeployError::Occupied { ref meeples } if meeples.len() == 2));
    let f = g.final_scoring();
    assert_eq!(gains(&f), vec![(RED, 3), (BLUE, 3)]);
    let field = f
        .features
        .iter()
        .find(|x| x.feature.kind == FeatureKind::Field)
        .unwrap();
    assert_eq!(field.winners, vec![RED, BLUE]);
}

#[test]
fn unfinished_city_gives_farmers_nothing() {
    let mut g = game();
    tile(&mut g, "E 0,0 red farmer");
    tile(&mut g, "E 1,0");
    let f = g.final_scoring();
    assert_eq!(gains(&f), vec![]);
    assert_eq!(f.features.len(), 1);
    assert_eq!(f.features[0].points, 0);
    assert_eq!(g.supply(RED), 7);
}

#[test]
fn unfinished_values_city_with_shield_and_monastery_with_five_neighbours() {
    // city over 3 tiles with 1 shield, unfinished: 3 + 1 = 4 (complete it would be 8)
    let mut g = game();
    tile(&mut g, "D 0,0");
    tile(&mut g, "F 0,1 r90 red knight");
    tile(&mut g, "G 0,2 r90");
    let c = g.feature_at(pos("0,1"), place("S")).unwrap();
    let sum = g.feature(c).unwrap();
    assert_eq!((sum.tiles.len(), sum.shields, sum.value_now), (3, 1, 4));
    assert!(!sum.complete);
    // monastery with 5 neighbours: 1 + 5 = 6
    let mut g = game();
    tile(&mut g, "B 0,0 blue monk");
    for p in ["0,1", "1,1", "1,0", "-1,0", "0,-1"] {
        tile(&mut g, &format!("B {p}"));
    }
    let f = g.final_scoring();
    assert_eq!(gains(&f), vec![(BLUE, 6)]);
}

#[test]
fn junction_arms_are_separate_roads() {
    let mut g = game();
    g.place_tile_unchecked(TileType::X, pos("0,0"), Rotation::R0)
        .unwrap();
    let mut ids: Vec<FeatureId> = Side::ALL
        .iter()
        .map(|&s| g.feature_at(pos("0,0"), Place::Side(s)).unwrap())
        .collect();
    ids.dedup();
    assert_eq!(ids.len(), 4);
    g.deploy(RED, pos("0,0"), Role::Traveller, Some(place("N")))
        .unwrap();
    let free = g.legal_deployments(BLUE, pos("0,0"));
    // 3 free arms + 4 fields
    assert_eq!(free.len(), 7);
    // traveller without a place on a junction is ambiguous
    assert_eq!(
        g.deploy(BLUE, pos("0,0"), Role::Traveller, None),
        Err(DeployError::AmbiguousPlace)
    );
}

#[test]
fn half_sides_join_across_shared_sides() {
    // across N: NE of x,y joins SE of x,y+1 (and NW joins SW)
    let mut g = game();
    g.place_tile_unchecked(TileType::U, pos("0,0"), Rotation::R0)
        .unwrap();
    g.place_tile_unchecked(TileType::U, pos("0,1"), Rotation::R0)
        .unwrap();
    let f = |g: &Game, p: &str, c: &str| {
        g.feature(g.feature_at(pos(p), place(c)).unwrap())
            .unwrap()
            .id
    };
    assert_eq!(f(&g, "0,0", "NE"), f(&g, "0,1", "SE"));
    assert_eq!(f(&g, "0,0", "NW"), f(&g, "0,1", "SW"));
    assert_ne!(f(&g, "0,0", "NE"), f(&g, "0,0", "NW"));
    // across E: NE of x,y joins NW of x+1,y (D's road E-W: north field and south field)
    let mut g = game();
    g.place_tile_unchecked(TileType::D, pos("0,0"), Rotation::R0)
        .unwrap();
    g.place_tile_unchecked(TileType::D, pos("1,0"), Rotation::R0)
        .unwrap();
    assert_eq!(f(&g, "0,0", "NE"), f(&g, "1,0", "NW"));
    assert_eq!(f(&g, "0,0", "SE"), f(&g, "1,0", "SW"));
    assert_ne!(f(&g, "0,0", "NE"), f(&g, "0,0", "SE"));
    let road = g
        .feature(g.feature_at(pos("0,0"), place("E")).unwrap())
        .unwrap();
    assert_eq!((road.tiles.len(), road.open_sides), (2, 2));
    // the north field touches two city caps that are not complete: value 0
    let field = g
        .feature(g.feature_at(pos("0,0"), place("NE")).unwrap())
        .unwrap();
    assert_eq!((field.completed_cities, field.value_now), (0, 0));
}

#[test]
fn mismatched_side_stays_open_and_splits_fields() {
    // D's road E meets E's field side W: placed anyway, nothing connects
    let mut g = game();
    g.place_tile_unchecked(TileType::D, pos("0,0"), Rotation::R0)
        .unwrap();
    let e = g
        .check_placement(TileType::E, pos("1,0"), Rotation::R0)
        .unwrap_err();
    assert_eq!(
        e.mismatches,
        vec![Mismatch {
            side: Side::W,
            neighbour: pos("0,0"),
            ours: Edge::Field,
            theirs: Edge::Road
        }]
    );
    g.place_tile_unchecked(TileType::E, pos("1,0"), Rotation::R0)
        .unwrap();
    let road = g
        .feature(g.feature_at(pos("0,0"), place("E")).unwrap())
        .unwrap();
    assert_eq!((road.tiles.len(), road.open_sides), (1, 2));
    assert_ne!(
        g.feature_at(pos("0,0"), place("NE"))
            .map(|i| g.feature(i).unwrap().id),
        g.feature_at(pos("1,0"), place("NW"))
            .map(|i| g.feature(i).unwrap().id)
    );
    // a mismatched city side never closes: cap against cap's field side
    let mut g = game();
    g.place_tile_unchecked(TileType::E, pos("0,0"), Rotation::R0)
        .unwrap();
    g.place_tile_unchecked(TileType::E, pos("0,1"), Rotation::R0)
        .unwrap();
    let c = g
        .feature(g.feature_at(pos("0,0"), place("N")).unwrap())
        .unwrap();
    assert!(!c.complete);
    assert!(g.score_completed(pos("0,1")).features.is_empty());
}

#[test]
fn placement_errors_are_values() {
    let mut g = game();
    // the first tile is legal anywhere
    assert_eq!(
        g.check_placement(TileType::C, pos("5,-9"), Rotation::R90),
        Ok(())
    );
    g.place_tile_unchecked(TileType::D, pos("0,0"), Rotation::R0)
        .unwrap();
    let e = g
        .check_placement(TileType::E, pos("0,0"), Rotation::R180)
        .unwrap_err();
    assert!(e.occupied);
    let e = g
        .check_placement(TileType::E, pos("2,2"), Rotation::R0)
        .unwrap_err();
    assert!(e.not_adjacent && !e.occupied && e.mismatches.is_empty());
    let e = g
        .check_placement(TileType::E, pos("1,1"), Rotation::R0)
        .unwrap_err();
    assert!(e.not_adjacent, "diagonal contact is not adjacency");
    let occ = g
        .place_tile_unchecked(TileType::E, pos("0,0"), Rotation::R0)
        .unwrap_err();
    assert_eq!(occ.existing.tile, TileType::D);
    assert!(!occ.to_string().is_empty());
    assert!(!e.to_string().is_empty());
    assert_eq!(g.tiles().len(), 1);
}

#[test]
fn deployment_errors_in_order() {
    let mut g = Game::new(Config::new(vec![RED, BLUE], false));
    g.place_tile_unchecked(TileType::D, pos("0,0"), Rotation::R0)
        .unwrap();
    g.place_tile_unchecked(TileType::U, pos("1,0"), Rotation::R90)
        .unwrap();
    assert_eq!(
        g.deploy(RED, pos("0,0"), Role::Knight, None),
        Err(DeployError::NotLastTile)
    );
    // a knight on a road side, a monk without monastery, a traveller on a field corner
    assert_eq!(
        g.deploy(RED, pos("1,0"), Role::Knight, Some(place("E"))),
        Err(DeployError::NoSuchPlace)
    );
    assert_eq!(
        g.deploy(RED, pos("1,0"), Role::Monk, None),
        Err(DeployError::NoSuchPlace)
    );
    assert_eq!(
        g.deploy(RED, pos("1,0"), Role::Traveller, Some(place("NE"))),
        Err(DeployError::NoSuchPlace)
    );
    // U has two fields: omitted place is ambiguous (resolution before the farmers rule)
    assert_eq!(
        g.deploy(RED, pos("1,0"), Role::Farmer, None),
        Err(DeployError::AmbiguousPlace)
    );
    assert_eq!(
        g.deploy(RED, pos("1,0"), Role::Farmer, Some(place("NE"))),
        Err(DeployError::FarmersOff)
    );
    assert_eq!(
        g.setup_meeple(RED, pos("9,9"), Role::Knight, None),
        Err(DeployError::NoTile)
    );
    // the road through D and U: traveller on U, given as W (D's side E joins it)
    let id = g
        .deploy(RED, pos("1,0"), Role::Traveller, Some(place("W")))
        .unwrap();
    assert_eq!(g.meeple(id).unwrap().place, place("W"));
    assert_eq!(
        g.meeple_feature(id),
        g.feature_at(pos("0,0"), place("W"))
            .map(|f| g.feature(f).unwrap().id)
    );
    for e in [
        DeployError::NotLastTile,
        DeployError::EmptySupply,
        DeployError::Occupied { meeples: vec![id] },
    ] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn setup_meeples_ignore_occupancy_and_may_overdraw_supply() {
    let mut g = game();
    g.place_tile_unchecked(TileType::D, pos("0,0"), Rotation::R0)
        .unwrap();
    for _ in 0..8 {
        g.setup_meeple(RED, pos("0,0"), Role::Knight, None).unwrap();
    }
    assert_eq!(g.supply(RED), -1);
    let c = g
        .feature(g.feature_at(pos("0,0"), place("N")).unwrap())
        .unwrap();
    assert_eq!(c.meeples_of(RED), 8);
    let f = g.final_scoring();
    assert_eq!(gains(&f), vec![(RED, 1)]);
    assert_eq!(g.supply(RED), 7);
}

#[test]
fn coordinates_at_the_limits_of_i32_do_not_overflow() {
    let mut g = game();
    let corner = Pos::new(i32::MAX, i32::MIN);
    g.place_tile_unchecked(TileType::X, corner, Rotation::R0)
        .unwrap();
    assert_eq!(corner.neighbour(Side::E), None);
    assert_eq!(corner.neighbour(Side::S), None);
    assert_eq!(corner.around().count(), 3);
    let w = corner.neighbour(Side::W).unwrap();
    assert_eq!(g.check_placement(TileType::U, w, Rotation::R90), Ok(()));
    g.play_turn(
        RED,
        TileType::U,
        w,
        Rotation::R90,
        Some((Role::Traveller, None)),
    )
    .unwrap();
    let p = g.legal_placements(TileType::X);
    assert!(!p.is_empty());
    let f = g.final_scoring();
    assert_eq!(gains(&f), vec![(RED, 2)]);
    // far-apart tiles never interact
    let mut g = game();
    g.place_tile_unchecked(TileType::E, Pos::new(i32::MIN, 0), Rotation::R0)
        .unwrap();
    g.place_tile_unchecked(TileType::E, Pos::new(i32::MAX, 0), Rotation::R90)
        .unwrap();
    assert_eq!(g.open_cells().count(), 6);
}

#[test]
fn legal_placements_and_deployments_on_the_start_tile() {
    let mut g = game();
    assert_eq!(g.legal_placements(TileType::A).len(), 4);
    g.place_tile_unchecked(TileType::D, pos("0,0"), Rotation::R0)
        .unwrap();
    // City cap E next to D (city N, road E-W, field S):
    //  0,1 (needs S=C): r180 only. 1,0 (W=R): none (E has no road). -1,0: none.
    //  0,-1 (N=F): r0 (S... N=C no), E r0: N=C no; r90: N=F ok; r180: N=F ok; r270: N=F ok.
    let got = g.legal_placements(TileType::E);
    assert_eq!(
        got,
        vec![
            (pos("0,-1"), Rotation::R90),
            (pos("0,-1"), Rotation::R180),
            (pos("0,-1"), Rotation::R270),
            (pos("0,1"), Rotation::R180),
        ]
    );
    // deployments on the start tile: city N, road E, field NE, field SE
    let d = g.legal_deployments(RED, pos("0,0"));
    assert_eq!(
        d,
        vec![
            (Role::Knight, place("N")),
            (Role::Traveller, place("E")),
            (Role::Farmer, place("NE")),
            (Role::Farmer, place("SE")),
        ]
    );
    let mut g2 = Game::new(Config::new(vec![RED], false));
    g2.place_tile_unchecked(TileType::D, pos("0,0"), Rotation::R0)
        .unwrap();
    assert_eq!(g2.legal_deployments(RED, pos("0,0")).len(), 2);
}

#[test]
fn extreme_supplies_and_scores_saturate_instead_of_panicking() {
    let mut g = game();
    g.place_tile_unchecked(TileType::A, pos("0,0"), Rotation::R180)
        .unwrap();
    g.set_supply(RED, i32::MIN);
    g.setup_meeple(RED, pos("0,0"), Role::Traveller, None)
        .unwrap();
    assert_eq!(g.supply(RED), i32::MIN);
    g.set_supply(RED, i32::MAX);
    g.set_score(RED, i64::MAX);
    g.place_tile_unchecked(TileType::A, pos("0,1"), Rotation::R0)
        .unwrap();
    let s = g.score_completed(pos("0,1"));
    assert_eq!(gains(&s), vec![(RED, 2)]);
    assert_eq!((g.supply(RED), g.score(RED)), (i32::MAX, i64::MAX));
}

#[test]
fn deploy_faults_lists_occupancy_and_empty_supply_together() {
    // D 0,0 with red's knight in its city cap; E 0,1 r180 closes that city. Red's supply is
    // empty: a knight on E's city S is refused for two reasons, occupied and no meeple left.
    let mut g = game();
    tile(&mut g, "D 0,0 red knight N");
    g.set_supply(RED, 0);
    g.place_tile_unchecked(TileType::E, pos("0,1"), Rotation::R180)
        .unwrap();
    let faults = g.deploy_faults(RED, pos("0,1"), Role::Knight, Some(place("S")));
    assert_eq!(faults.len(), 2, "{faults:?}");
    assert!(matches!(faults[0], DeployError::Occupied { ref meeples } if meeples.len() == 1));
    assert_eq!(faults[1], DeployError::EmptySupply);
    // `deploy` stops at the first of them.
    let e = g
        .deploy(RED, pos("0,1"), Role::Knight, Some(place("S")))
        .unwrap_err();
    assert!(matches!(e, DeployError::Occupied { .. }));
    // A legal deployment has no fault: a farmer on E's field (NE), supply 1.
    g.set_supply(RED, 1);
    assert!(g
        .deploy_faults(RED, pos("0,1"), Role::Farmer, Some(place("NE")))
        .is_empty());
}

#[test]
fn remove_meeple_returns_it_to_supply_and_frees_its_feature() {
    // Red's knight on D's city cap: supply 7 - 1 = 6; removed, supply 7 and the city is free
    // again, so final scoring gives red nothing (1-tile city, no meeple).
    let mut g = game();
    tile(&mut g, "D 0,0 red knight N");
    assert_eq!(g.supply(RED), 6);
    let id = g.meeples().next().unwrap().id;
    let m = g.remove_meeple(id).unwrap();
    assert_eq!((m.colour, m.role), (RED, Role::Knight));
    assert_eq!(g.supply(RED), 7);
    assert_eq!(g.meeples().count(), 0);
    assert!(g.remove_meeple(id).is_none());
    let city = g
        .feature(g.feature_at(pos("0,0"), place("N")).unwrap())
        .unwrap();
    assert!(city.meeples.is_empty());
    assert_eq!(gains(&g.final_scoring()), vec![]);
}
