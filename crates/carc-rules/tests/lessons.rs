//! Each rule the lessons of seeds/000 teach, with the expected numbers worked out by hand in
//! the comments.

mod common;
use carc_rules::*;
use common::*;

const RED: Color = Color::Red;
const BLUE: Color = Color::Blue;

#[test]
fn place_a_tile_and_a_meeple_closes_the_start_city_for_4() {
    // D's city N + E's city S: 2 tiles x 2 = 4; the knight deployed this turn returns at once.
    let mut g = game();
    tile(&mut g, "D 0,0");
    let s = turn(&mut g, "red E 0,1 r180 knight S").unwrap();
    assert_eq!(gains(&s), vec![(RED, 4)]);
    assert_eq!(g.score(RED), 4);
    assert_eq!(s.features.len(), 1);
    let f = &s.features[0];
    assert_eq!(f.feature.kind, FeatureKind::City);
    assert_eq!(f.feature.tiles.len(), 2);
    assert!(f.feature.complete);
    assert_eq!(f.returned.len(), 1);
    assert_eq!(g.supply(RED), 7);
    assert_eq!(g.meeples().count(), 0);
}

#[test]
fn occupied_city_refuses_a_knight_then_scores_4_and_returns_the_original() {
    let mut g = game();
    let k = tile(&mut g, "D 0,0 red knight N").unwrap();
    assert_eq!(g.supply(RED), 6);
    // strict turn: refused, nothing changes
    let e = turn(&mut g, "red E 0,1 r180 knight S").unwrap_err();
    assert_eq!(
        e,
        TurnError::Deploy(DeployError::Occupied { meeples: vec![k] })
    );
    assert!(g.tile_at(pos("0,1")).is_none());
    // the analysis way: place, deploy refused, score
    g.place_tile_unchecked(TileType::E, pos("0,1"), Rotation::R180)
        .unwrap();
    let e = g
        .deploy(RED, pos("0,1"), Role::Knight, Some(place("S")))
        .unwrap_err();
    assert_eq!(e, DeployError::Occupied { meeples: vec![k] });
    let s = g.score_completed(pos("0,1"));
    assert_eq!(gains(&s), vec![(RED, 4)]);
    assert_eq!(
        s.features[0]
            .returned
            .iter()
            .map(|m| m.id)
            .collect::<Vec<_>>(),
        vec![k]
    );
    assert_eq!(g.supply(RED), 7);
    // scoring again finds nothing new
    assert!(g.score_completed(pos("0,1")).features.is_empty());
    assert_eq!(g.score(RED), 4);
}

#[test]
fn two_road_ending_monasteries_close_a_two_tile_road() {
    // A r180 has its road on N; A r0 on S: one road over 2 tiles, both ends closed: 2.
    let mut g = game();
    tile(&mut g, "A 0,0 r180 red traveller N");
    let s = turn(&mut g, "red A 0,1").unwrap();
    assert_eq!(gains(&s), vec![(RED, 2)]);
    assert_eq!(s.features.len(), 1);
    assert_eq!(s.features[0].feature.kind, FeatureKind::Road);
    assert_eq!(g.supply(RED), 7);
}

#[test]
fn eighth_neighbour_completes_a_monastery_for_9_and_the_ring_road_unoccupied() {
    let mut g = game();
    tile(&mut g, "B 0,0 red monk");
    for l in [
        "U 0,1 r90",
        "V 1,1",
        "U 1,0",
        "V 1,-1 r90",
        "U 0,-1 r90",
        "V -1,-1 r180",
        "U -1,0",
    ] {
        tile(&mut g, l);
    }
    let m = g.feature_at(pos("0,0"), Place::Centre).unwrap();
    let before = g.feature(m).unwrap();
    assert_eq!(before.value_now, 8); // unfinished: 1 + 7 neighbours
    assert!(!before.complete);
    let s = turn(&mut g, "red V -1,1 r270").unwrap();
    assert_eq!(gains(&s), vec![(RED, 9)]);
    // the ring of 8 road tiles closes into a loop: 8 points, nobody on it
    let road = s
        .features
        .iter()
        .find(|f| f.feature.kind == FeatureKind::Road)
        .unwrap();
    assert_eq!(road.points, 8);
    assert!(road.winners.is_empty());
    let mon = s
        .features
        .iter()
        .find(|f| f.feature.kind == FeatureKind::Monastery)
        .unwrap();
    assert_eq!((mon.points, mon.winners.clone()), (9, vec![RED]));
    assert_eq!(mon.feature.tiles.len(), 9);
    assert_eq!(g.supply(RED), 7);
}

#[test]
fn farmer_counts_a_completed_city_once_at_the_end() {
    let mut g = game();
    tile(&mut g, "D 0,0 red farmer NE");
    let s = turn(&mut g, "red E 0,1 r180").unwrap();
    // the city completes unoccupied: listed, nobody scores
    assert_eq!(gains(&s), vec![]);
    assert_eq!(s.features.len(), 1);
    assert_eq!(s.features[0].points, 4);
    let f = g.final_scoring();
    assert_eq!(gains(&f), vec![(RED, 3)]);
    assert_eq!(f.features[0].feature.completed_cities, 1);
    assert_eq!(g.supply(RED), 7);
}

#[test]
fn tied_majority_scores_8_each_and_refuses_a_third_knight() {
    // R (city N,E,W) at 0,0 joins three city caps: red's at 0,1, blue's at 1,0, an empty one
    // at -1,0. 4 tiles, no shield: 8. Red 1, blue 1: both 8, both return.
    let mut g = game();
    tile(&mut g, "E 0,1 r180 red knight S");
    tile(&mut g, "E 1,0 r270 blue knight W");
    tile(&mut g, "E -1,0 r90");
    // a knight of either colour on the merged city is refused
    let e = turn(&mut g, "red R 0,0 knight N").unwrap_err();
    assert!(
        matches!(e, TurnError::Deploy(DeployError::Occupied { ref meeples }) if meeples.len() == 2)
    );
    let s = turn(&mut g, "red R 0,0").unwrap();
    assert_eq!(gains(&s), vec![(RED, 8), (BLUE, 8)]);
    assert_eq!(s.features[0].winners, vec![RED, BLUE]);
    assert_eq!(s.features[0].returned.len(), 2);
    assert_eq!((g.supply(RED), g.supply(BLUE)), (7, 7));
}

#[test]
fn two_knights_against_one_score_10_against_0_and_all_return() {
    // R at 0,0 joins red's cap N, red's cap W and blue's two-tile city E (G + cap):
    // 5 tiles, no shield = 10. Red 2 v blue 1: red 10, blue 0; all three knights return.
    let mut g = game();
    tile(&mut g, "E 0,1 r180 red knight");
    tile(&mut g, "E -1,0 r90 red knight");
    tile(&mut g, "G 1,0 blue knight");
    tile(&mut g, "E 2,0 r270");
    let s = turn(&mut g, "blue R 0,0").unwrap();
    assert_eq!(gains(&s), vec![(RED, 10)]);
    assert_eq!(s.features[0].points, 10);
    assert_eq!(s.features[0].winners, vec![RED]);
    assert_eq!(s.features[0].returned.len(), 3);
    assert_eq!((g.score(RED), g.score(BLUE)), (10, 0));
    assert_eq!((g.supply(RED), g.supply(BLUE)), (7, 7));
}

#[test]
fn coat_of_arms_city_scores_3x2_plus_2() {
    let mut g = game();
    tile(&mut g, "D 0,0");
    tile(&mut g, "F 0,1 r90 red knight S");
    let s = turn(&mut g, "blue E 0,2 r180").unwrap();
    assert_eq!(gains(&s), vec![(RED, 8)]);
    assert_eq!(s.features[0].feature.shields, 1);
    assert_eq!(s.features[0].feature.tiles.len(), 3);
}

#[test]
fn unfinished_city_road_monastery_score_3_plus_1_plus_4() {
    // B 0,0 monk with 3 neighbours (0,1 1,1 1,0): 1+3 = 4. City G-G-G over 3 tiles,
    // unfinished, no shield: 3. Road of the lone curve V at 1,0: 1 tile: 1.
    let mut g = game();
    tile(&mut g, "B 0,0 red monk");
    tile(&mut g, "G 0,1 red knight");
    tile(&mut g, "G 1,1");
    tile(&mut g, "V 1,0 r270 red traveller");
    let s = turn(&mut g, "red G 2,1").unwrap();
    assert!(s.features.is_empty());
    let f = g.final_scoring();
    assert_eq!(gains(&f), vec![(RED, 8)]);
    let pts: Vec<(FeatureKind, u32)> = f
        .features
        .iter()
        .map(|x| (x.feature.kind, x.points))
        .collect();
    assert_eq!(
        pts,
        vec![
            (FeatureKind::Monastery, 4),
            (FeatureKind::City, 3),
            (FeatureKind::Road, 1)
        ]
    );
    assert_eq!(g.supply(RED), 7);
    assert_eq!(g.meeples().count(), 0);
}

#[test]
fn field_touching_two_completed_cities_more_than_once_scores_6() {
    // I 0,0: city N (closed by E 0,1 r180 = city X) and city W (closed by E -1,0 r90 = city Y);
    // its field runs east through two straight roads' west halves up into E 0,1's field (X
    // again) and south into E 0,-1's field (an unfinished city Z). Distinct completed: X, Y.
    let mut g = game();
    tile(&mut g, "I 0,0 red farmer NE");
    tile(&mut g, "E 0,1 r180");
    tile(&mut g, "U 1,0");
    tile(&mut g, "U 1,1");
    tile(&mut g, "E 0,-1 r180");
    let s = turn(&mut g, "blue E -1,0 r90").unwrap();
    assert_eq!(gains(&s), vec![]); // city Y closes unoccupied
    let field = g.feature_at(pos("0,0"), place("NE")).unwrap();
    assert_eq!(
        g.feature_at(pos("0,1"), place("SW")),
        Some(g.feature(field).unwrap().id)
    );
    assert_eq!(
        g.feature_at(pos("0,-1"), place("NE")),
        Some(g.feature(field).unwrap().id)
    );
    assert_eq!(g.feature(field).unwrap().completed_cities, 2);
    let f = g.final_scoring();
    assert_eq!(gains(&f), vec![(RED, 6)]);
}

#[test]
fn empty_supply_cannot_deploy_but_recovers_the_knight() {
    let mut g = game();
    tile(&mut g, "D 0,0 red knight N");
    g.set_supply(RED, 0);
    // a farmer on the new cap's field is unoccupied, but the supply is empty (checked before
    // this turn's returns)
    let e = turn(&mut g, "red E 0,1 r180 farmer").unwrap_err();
    assert_eq!(e, TurnError::Deploy(DeployError::EmptySupply));
    assert!(g.legal_deployments(RED, pos("0,0")).is_empty());
    let s = turn(&mut g, "red E 0,1 r180").unwrap();
    assert_eq!(gains(&s), vec![(RED, 4)]);
    assert_eq!(g.supply(RED), 1);
}

#[test]
fn rotation_180_refused_because_one_of_two_neighbours_mismatches() {
    // gap 0,0: north neighbour shows city on its S, east neighbour road on its W
    let mut g = game();
    tile(&mut g, "E 0,1 r180");
    tile(&mut g, "U 1,0 r90");
    assert_eq!(
        g.check_placement(TileType::D, pos("0,0"), Rotation::R0),
        Ok(())
    );
    let e = g
        .check_placement(TileType::D, pos("0,0"), Rotation::R180)
        .unwrap_err();
    assert!(!e.occupied && !e.not_adjacent);
    assert_eq!(
        e.mismatches,
        vec![Mismatch {
            side: Side::N,
            neighbour: pos("0,1"),
            ours: Edge::Field,
            theirs: Edge::City
        }]
    );
    for r in [Rotation::R90, Rotation::R270] {
        let e = g.check_placement(TileType::D, pos("0,0"), r).unwrap_err();
        assert_eq!(e.mismatches.len(), 2, "{r}");
    }
    assert_eq!(
        g.legal_placements(TileType::D)
            .into_iter()
            .filter(|&(p, _)| p == pos("0,0"))
            .collect::<Vec<_>>(),
        vec![(pos("0,0"), Rotation::R0)]
    );
}

#[test]
fn four_sided_city_has_no_legal_position_next_to_two_monasteries() {
    let mut g = game();
    tile(&mut g, "B 0,0");
    turn(&mut g, "red B 1,0").unwrap();
    assert!(!g.has_legal_placement(TileType::C));
    assert!(g.legal_placements(TileType::C).is_empty());
    assert!(g.has_legal_placement(TileType::E));
    // city cap: 6 open cells, each takes the cap with its city facing away = 3 rotations
    // (the city side must not touch a monastery field side)
    assert!(!g.legal_placements(TileType::E).is_empty());
    turn(&mut g, "blue E 0,1").unwrap();
}
