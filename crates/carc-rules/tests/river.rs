//! The River's tiles against the table of the project's expansions spec (typed from the table,
//! not from the code), and how the river splits fields on the board.

use carc_rules::{
    Config, Corner, Edge, FeatureKind, Game, Place, Pos, Role, Rotation, Side, TileSet, TileType,
};
use std::collections::BTreeSet;

/// token, count, edges N E S W (`I` river), cities, roads, river sides, fields
/// `corners>cities` (`;`-separated, touched cities as side groups separated by `|`), monastery,
/// garden.
type Row = (
    &'static str,
    u8,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    bool,
    bool,
);

const ROWS: &[Row] = &[
    ("r.A", 1, "FIFF", "", "", "E", "NE,SE,SW,NW>", false, false),
    (
        "r.B",
        1,
        "CIRI",
        "N",
        "S",
        "WE",
        "NE>N;NW>N;SE>;SW>",
        false,
        false,
    ),
    (
        "r.C",
        1,
        "CICI",
        "N S",
        "",
        "WE",
        "NE,NW>N;SE,SW>S",
        false,
        false,
    ),
    (
        "r.D",
        2,
        "FIFI",
        "",
        "",
        "WE",
        "NE,NW>;SE,SW>",
        false,
        false,
    ),
    (
        "r.E",
        1,
        "CIIC",
        "NW",
        "",
        "SE",
        "NE,SW>NW;SE>",
        false,
        false,
    ),
    (
        "r.G",
        1,
        "FFII",
        "",
        "",
        "WS",
        "NE,SE,NW>;SW>",
        false,
        false,
    ),
    (
        "r.H",
        1,
        "FIRI",
        "",
        "S",
        "WE",
        "NE,NW>;SE>;SW>",
        true,
        false,
    ),
    (
        "r.I",
        1,
        "RRII",
        "",
        "NE",
        "WS",
        "SE,NW>;NE>;SW>",
        false,
        false,
    ),
    ("r.J", 1, "FFII", "", "", "WS", "NE,SE,NW>;SW>", false, true),
    (
        "r.K",
        1,
        "IRIR",
        "",
        "WE",
        "NS",
        "NW>;NE>;SE>;SW>",
        false,
        false,
    ),
    ("r.L", 1, "FFFI", "", "", "W", "NE,SE,SW,NW>", false, false),
];

fn side(c: char) -> Side {
    match c {
        'N' => Side::N,
        'E' => Side::E,
        'S' => Side::S,
        _ => Side::W,
    }
}

fn corner(s: &str) -> Place {
    Place::Corner(match s {
        "NE" => Corner::NE,
        "SE" => Corner::SE,
        "SW" => Corner::SW,
        _ => Corner::NW,
    })
}

fn sides(s: &str) -> BTreeSet<Place> {
    s.chars().map(|c| Place::Side(side(c))).collect()
}

fn groups(s: &str) -> BTreeSet<BTreeSet<Place>> {
    s.split_whitespace().map(sides).collect()
}

fn river() -> Vec<TileType> {
    TileType::ALL
        .into_iter()
        .filter(|t| t.set() == TileSet::River)
        .collect()
}

#[test]
fn the_twelve_river_tiles_match_the_table() {
    // 11 rows; r.D counts 2 (the second straight is the community's r.F): 12 tiles
    assert_eq!(river().len(), ROWS.len());
    assert_eq!(
        river().iter().map(|t| u32::from(t.count())).sum::<u32>(),
        12
    );
    for &(token, count, edges, cities, roads, water, fields, monastery, garden) in ROWS {
        let t = TileType::from_token(token).expect(token);
        assert_eq!(t.token(), token);
        assert_eq!(t.set(), TileSet::River, "{token}");
        assert_eq!(t.def().check(), Ok(()), "{token}");
        assert_eq!(t.count(), count, "{token} count");
        let e: String = t.edges(Rotation::R0).iter().map(|e| e.letter()).collect();
        assert_eq!(e, edges, "{token} edges");
        assert_eq!(t.has_monastery(), monastery, "{token} monastery");
        assert_eq!(t.has_garden(), garden, "{token} garden");
        assert!(!t.has_shield(), "{token} has no coat of arms");
        let rivers: Vec<u8> = t.def().rivers.to_vec();
        let want: u8 = water.chars().map(|c| 1u8 << side(c).index()).sum();
        assert_eq!(rivers, vec![want], "{token} river");
        let segs: Vec<_> = t.segments(Rotation::R0).collect();
        let of = |k: FeatureKind| -> BTreeSet<BTreeSet<Place>> {
            segs.iter()
                .filter(|s| s.kind == k)
                .map(|s| s.places.iter().collect())
                .collect()
        };
        assert_eq!(of(FeatureKind::City), groups(cities), "{token} cities");
        assert_eq!(of(FeatureKind::Road), groups(roads), "{token} roads");
        let mut got = BTreeSet::new();
        for f in segs.iter().filter(|s| s.kind == FeatureKind::Field) {
            let touched: BTreeSet<BTreeSet<Place>> = f
                .touched_cities()
                .map(|i| segs[i as usize].places.iter().collect())
                .collect();
            got.insert((f.places.iter().collect::<BTreeSet<_>>(), touched));
        }
        let mut want = BTreeSet::new();
        for g in fields.split(';') {
            let (cs, ts) = g.split_once('>').expect("field row");
            let touched = ts.split('|').filter(|s| !s.is_empty()).map(sides).collect();
            want.insert((cs.split(',').map(corner).collect(), touched));
        }
        assert_eq!(got, want, "{token} fields");
        // the water holds no figure: no segment on a river side
        for s in Side::ALL {
            if t.edge(Rotation::R0, s) == Edge::River {
                assert_eq!(t.place_feature(Rotation::R0, Place::Side(s)), None);
            }
        }
    }
}

#[test]
fn r_f_is_the_second_straight() {
    assert_eq!(TileType::from_token("r.F"), TileType::from_token("r.D"));
    assert_eq!(TileType::from_token("r.M"), None);
    // the base box is unchanged
    assert_eq!(carc_rules::TOTAL_TILES, 72);
    assert_eq!(carc_rules::sim::deck_without_start().len(), 71);
}

fn tile(token: &str) -> TileType {
    TileType::from_token(token).expect(token)
}

#[test]
fn a_river_side_matches_only_a_river_side() {
    let mut g = Game::new(Config::default());
    g.place_tile(tile("r.A"), Pos::new(0, 0), Rotation::R0)
        .unwrap();
    // r.D r0 shows river W: fits east of the spring
    assert!(g
        .check_placement(tile("r.D"), Pos::new(1, 0), Rotation::R0)
        .is_ok());
    // r.D r90 shows a field on W: a mismatch against the river
    let err = g
        .check_placement(tile("r.D"), Pos::new(1, 0), Rotation::R90)
        .unwrap_err();
    assert_eq!(err.mismatches.len(), 1);
    assert_eq!(err.mismatches[0].ours, Edge::Field);
    assert_eq!(err.mismatches[0].theirs, Edge::River);
    // a road does not match a river either: U r90 shows a road on W
    let err = g
        .check_placement(TileType::U, Pos::new(1, 0), Rotation::R90)
        .unwrap_err();
    assert_eq!(err.mismatches[0].ours, Edge::Road);
    // the spring's field sides take land as usual: the monastery B is all fields
    assert!(g
        .check_placement(TileType::B, Pos::new(0, 1), Rotation::R0)
        .is_ok());
}

#[test]
fn the_river_splits_fields_except_round_the_spring_and_the_lake() {
    let mut g = Game::new(Config::default());
    // spring, straight, lake from west to east
    g.place_tile(tile("r.A"), Pos::new(0, 0), Rotation::R0)
        .unwrap();
    g.place_tile(tile("r.D"), Pos::new(1, 0), Rotation::R0)
        .unwrap();
    let north = g.feature_at(Pos::new(1, 0), Place::Corner(Corner::NE));
    let south = g.feature_at(Pos::new(1, 0), Place::Corner(Corner::SE));
    // round the spring the two banks are one field
    assert_eq!(north, south);
    assert!(north.is_some());
    // a second straight: its banks join the same field through the first straight
    g.place_tile(tile("r.D"), Pos::new(2, 0), Rotation::R0)
        .unwrap();
    assert_eq!(
        g.feature_at(Pos::new(2, 0), Place::Corner(Corner::NE)),
        g.feature_at(Pos::new(2, 0), Place::Corner(Corner::SE))
    );
    // a straight alone splits: its two banks are two fields
    let mut h = Game::new(Config::default());
    h.place_tile(tile("r.D"), Pos::new(0, 0), Rotation::R0)
        .unwrap();
    assert_ne!(
        h.feature_at(Pos::new(0, 0), Place::Corner(Corner::NE)),
        h.feature_at(Pos::new(0, 0), Place::Corner(Corner::SE))
    );
    // and the lake joins them too: r.L r0 has its lake on W
    h.place_tile(tile("r.L"), Pos::new(1, 0), Rotation::R0)
        .unwrap();
    assert_eq!(
        h.feature_at(Pos::new(0, 0), Place::Corner(Corner::NE)),
        h.feature_at(Pos::new(0, 0), Place::Corner(Corner::SE))
    );
}

#[test]
fn meeples_stand_on_the_land_never_on_the_water() {
    let mut g = Game::new(Config::default());
    g.place_tile(tile("r.A"), Pos::new(0, 0), Rotation::R0)
        .unwrap();
    g.place_tile(tile("r.B"), Pos::new(1, 0), Rotation::R0)
        .unwrap();
    let c = carc_rules::Color::Red;
    // the river side E of r.B holds nothing
    assert!(g
        .deploy(
            c,
            Pos::new(1, 0),
            Role::Traveller,
            Some(Place::Side(Side::E))
        )
        .is_err());
    // its road S and city N take meeples as usual
    assert!(g
        .deploy(c, Pos::new(1, 0), Role::Knight, Some(Place::Side(Side::N)))
        .is_ok());
}

// ---- the turn rules of `rules river` ---------------------------------------------------------

use carc_rules::river::{self, RiverFault, Turn};

/// A board from `(token, x, y, quarter turns)`, placed without checks.
fn board(tiles: &[(&str, i32, i32, usize)]) -> Game {
    let mut g = Game::new(Config::default());
    for &(t, x, y, r) in tiles {
        g.place_tile(tile(t), Pos::new(x, y), Rotation::ALL[r])
            .unwrap();
    }
    g
}

fn faults(g: &Game, t: &str, x: i32, y: i32, r: usize) -> Vec<RiverFault> {
    river::river_faults(g, tile(t), Pos::new(x, y), Rotation::ALL[r])
}

#[test]
fn the_worked_example_two_right_turns_are_a_u_turn() {
    // spring at 0,0 leaving east; straight at 1,0
    let mut g = board(&[("r.A", 0, 0, 0), ("r.D", 1, 0, 0)]);
    let ends = river::open_ends(&g);
    assert_eq!(ends.len(), 1);
    assert_eq!((ends[0].pos, ends[0].side), (Pos::new(1, 0), Side::E));
    assert_eq!(ends[0].turn, None);
    // r.G r0: water W and S: flowing east, it leaves south: a right turn, legal
    assert_eq!(
        river::turn_of(tile("r.G"), Rotation::R0, Side::W),
        Some(Turn::Right)
    );
    assert!(faults(&g, "r.G", 2, 0, 0).is_empty());
    g.place_tile(tile("r.G"), Pos::new(2, 0), Rotation::R0)
        .unwrap();
    let end = river::open_ends(&g)[0];
    assert_eq!(end.next, Pos::new(2, -1));
    assert_eq!(river::last_turn(&g, &end), Some(Turn::Right));
    // r.J r90: water N and W: flowing south, it leaves west: right again
    let f = faults(&g, "r.J", 2, -1, 1);
    assert!(
        matches!(
            f.as_slice(),
            [RiverFault::UTurn {
                turn: Turn::Right,
                ..
            }]
        ),
        "{f:?}"
    );
    // r.J r180: water N and E: flowing south, it leaves east: a left turn, legal
    assert!(faults(&g, "r.J", 2, -1, 2).is_empty());
}

#[test]
fn two_left_turns_are_a_u_turn_too() {
    // r.G r90: water N and W; flowing east it leaves north: left
    let g = board(&[("r.A", 0, 0, 0), ("r.D", 1, 0, 0), ("r.G", 2, 0, 1)]);
    let end = river::open_ends(&g)[0];
    assert_eq!((end.next, end.turn), (Pos::new(2, 1), Some(Turn::Left)));
    // r.J r0 at 2,1: water S and W: flowing north it leaves west: left again
    let f = faults(&g, "r.J", 2, 1, 0);
    assert!(
        matches!(
            f.as_slice(),
            [RiverFault::UTurn {
                turn: Turn::Left,
                ..
            }]
        ),
        "{f:?}"
    );
    // r.J r270 at 2,1: water S and E: flowing north it leaves east: right, legal
    assert!(faults(&g, "r.J", 2, 1, 3).is_empty());
}

#[test]
fn curve_straight_curve_the_same_way_is_legal() {
    // right (r.G at 2,0), straight south (r.D r90 at 2,-1), right again (r.J r90 at 2,-2)
    let g = board(&[
        ("r.A", 0, 0, 0),
        ("r.D", 1, 0, 0),
        ("r.G", 2, 0, 0),
        ("r.D", 2, -1, 1),
    ]);
    let end = river::open_ends(&g)[0];
    assert_eq!(end.turn, None, "the straight at the end does not turn");
    assert_eq!(river::last_turn(&g, &end), Some(Turn::Right));
    assert!(faults(&g, "r.J", 2, -2, 1).is_empty());
}

#[test]
fn a_river_tile_continues_the_open_end_and_comes_before_the_lake() {
    let g = board(&[("r.A", 0, 0, 0), ("r.D", 1, 0, 0)]);
    // anywhere but beyond the open end
    assert_eq!(faults(&g, "r.D", 0, -1, 1), vec![RiverFault::NotContinuing]);
    // the spring is the start tile
    assert_eq!(faults(&g, "r.A", 2, 0, 2), vec![RiverFault::SpringInTurn]);
    // a land tile while the river is open: a warning
    let f = faults(&g, "B", 0, 1, 0);
    assert!(matches!(f.as_slice(), [RiverFault::LandWhileOpen(_)]));
    assert!(!f[0].is_error());
    // the lake closes the river (r.L r0: the lake's water on W)
    let g = board(&[("r.A", 0, 0, 0), ("r.D", 1, 0, 0), ("r.L", 2, 0, 0)]);
    assert!(river::open_ends(&g).is_empty());
    assert!(faults(&g, "B", 0, 1, 0).is_empty());
    assert_eq!(faults(&g, "r.G", 1, 1, 0), vec![RiverFault::AfterLake]);
    // no legal place for a river tile after the lake: it may be discarded
    assert!(river::legal_placements(&g, tile("r.G")).is_empty());
}

#[test]
fn river_moves_continue_the_end_only() {
    let g = board(&[("r.A", 0, 0, 0), ("r.D", 1, 0, 0)]);
    // r.D: only at 2,0, turned r0 or r180 (both show water W)
    let got = river::legal_placements(&g, tile("r.D"));
    assert_eq!(
        got,
        vec![
            (Pos::new(2, 0), Rotation::R0),
            (Pos::new(2, 0), Rotation::R180)
        ]
    );
    // a land tile's moves are the base game's
    assert_eq!(
        river::legal_placements(&g, TileType::B),
        g.legal_placements(TileType::B)
    );
}
