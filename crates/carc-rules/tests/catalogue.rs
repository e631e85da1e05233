//! The catalogue against tiles.md, row by row. The expected rows below are typed from the
//! table of tiles.md (not from the code).

use carc_rules::{Corner, Edge, FeatureKind, Place, PlaceSet, Rotation, Side, TileType};
use std::collections::BTreeSet;

/// letter, count, edges N E S W, cities, roads, fields "corners>cities touched", shield,
/// monastery. Cities/roads: groups of sides separated by spaces. Fields: groups separated by
/// `;`, each `corners>cities` with corners comma-separated and touched cities as side groups
/// separated by `|` (empty: none).
/// The base types (the expansions' rows are checked in their own test files).
fn base() -> Vec<TileType> {
    TileType::of_set(carc_rules::TileSet::Base).collect()
}

type Row = (
    char,
    u8,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    bool,
    bool,
);

const ROWS: &[Row] = &[
    ('A', 2, "FFRF", "", "S", "NE,SE,SW,NW>", false, true),
    ('B', 4, "FFFF", "", "", "NE,SE,SW,NW>", false, true),
    ('C', 1, "CCCC", "NESW", "", "", true, false),
    ('D', 4, "CRFR", "N", "EW", "NE,NW>N;SE,SW>", false, false),
    ('E', 5, "CFFF", "N", "", "NE,SE,SW,NW>N", false, false),
    ('F', 2, "FCFC", "EW", "", "NE,NW>EW;SE,SW>EW", true, false),
    ('G', 1, "FCFC", "EW", "", "NE,NW>EW;SE,SW>EW", false, false),
    ('H', 3, "FCFC", "E W", "", "NE,SE,SW,NW>E|W", false, false),
    ('I', 2, "CFFC", "N W", "", "NE,SE,SW>N|W", false, false),
    ('J', 3, "CRRF", "N", "ES", "SE>;NE,SW,NW>N", false, false),
    ('K', 3, "CFRR", "N", "SW", "SW>;NE,SE,NW>N", false, false),
    (
        'L',
        3,
        "CRRR",
        "N",
        "E S W",
        "NE,NW>N;SE>;SW>",
        false,
        false,
    ),
    ('M', 2, "CFFC", "NW", "", "NE,SE,SW>NW", true, false),
    ('N', 3, "CFFC", "NW", "", "NE,SE,SW>NW", false, false),
    ('O', 2, "CRRC", "NW", "ES", "SE>;NE,SW>NW", true, false),
    ('P', 3, "CRRC", "NW", "ES", "SE>;NE,SW>NW", false, false),
    ('Q', 1, "CCFC", "NEW", "", "SE,SW>NEW", true, false),
    ('R', 3, "CCFC", "NEW", "", "SE,SW>NEW", false, false),
    ('S', 2, "CCRC", "NEW", "S", "SE>NEW;SW>NEW", true, false),
    ('T', 1, "CCRC", "NEW", "S", "SE>NEW;SW>NEW", false, false),
    ('U', 8, "RFRF", "", "NS", "NE,SE>;SW,NW>", false, false),
    ('V', 9, "FFRR", "", "SW", "SW>;NE,SE,NW>", false, false),
    ('W', 4, "FRRR", "", "E S W", "NE,NW>;SE>;SW>", false, false),
    (
        'X',
        1,
        "RRRR",
        "",
        "N E S W",
        "NE>;SE>;SW>;NW>",
        false,
        false,
    ),
];

fn side(c: char) -> Side {
    match c {
        'N' => Side::N,
        'E' => Side::E,
        'S' => Side::S,
        _ => Side::W,
    }
}

fn corner(s: &str) -> Corner {
    match s {
        "NE" => Corner::NE,
        "SE" => Corner::SE,
        "SW" => Corner::SW,
        _ => Corner::NW,
    }
}

fn side_set(s: &str) -> PlaceSet {
    s.chars()
        .fold(PlaceSet::EMPTY, |acc, c| acc.with(Place::Side(side(c))))
}

fn groups(s: &str) -> BTreeSet<Vec<Place>> {
    s.split_whitespace()
        .map(|g| side_set(g).iter().collect())
        .collect()
}

#[test]
fn counts_sum_to_72_and_shields_to_10() {
    let total: u32 = base().iter().map(|t| t.count() as u32).sum();
    assert_eq!(total, 72);
    let shields: u32 = base()
        .iter()
        .filter(|t| t.has_shield())
        .map(|t| t.count() as u32)
        .sum();
    assert_eq!(shields, 10);
    assert_eq!(base().len(), 24);
    // 24 base types, 11 river types (12 tiles: two straights `r.D`), 8 garden tiles, 17 Inns
    // & Cathedrals types (18 tiles: two cathedrals `ic.K`), 24 Traders & Builders types, 29
    // Princess & Dragon types, 17 Tower types (18 tiles: two `tw.A`)
    assert_eq!(TileType::ALL.len(), 24 + 11 + 8 + 17 + 24 + 29 + 17);
}

#[test]
fn every_type_matches_its_row() {
    assert_eq!(ROWS.len(), 24);
    for &(letter, count, edges, cities, roads, fields, shield, monastery) in ROWS {
        let t = TileType::from_letter(letter).expect("letter");
        assert_eq!(t.letter(), letter);
        assert_eq!(t.count(), count, "{letter} count");
        let e: String = t.edges(Rotation::R0).iter().map(|e| e.letter()).collect();
        assert_eq!(e, edges, "{letter} edges");
        assert_eq!(t.has_shield(), shield, "{letter} shield");
        assert_eq!(t.has_monastery(), monastery, "{letter} monastery");

        let segs: Vec<_> = t.segments(Rotation::R0).collect();
        let of = |k: FeatureKind| -> BTreeSet<Vec<Place>> {
            segs.iter()
                .filter(|s| s.kind == k)
                .map(|s| s.places.iter().collect())
                .collect()
        };
        assert_eq!(of(FeatureKind::City), groups(cities), "{letter} cities");
        assert_eq!(of(FeatureKind::Road), groups(roads), "{letter} roads");
        let mons = segs
            .iter()
            .filter(|s| s.kind == FeatureKind::Monastery)
            .count();
        assert_eq!(mons, usize::from(monastery), "{letter} monastery segment");

        // fields: corners and the cities (as side groups) each touches
        let mut got = BTreeSet::new();
        for f in segs.iter().filter(|s| s.kind == FeatureKind::Field) {
            let corners: Vec<Place> = f.places.iter().collect();
            let touched: BTreeSet<Vec<Place>> = f
                .touched_cities()
                .map(|i| {
                    let c = segs[i as usize];
                    assert_eq!(c.kind, FeatureKind::City);
                    c.places.iter().collect()
                })
                .collect();
            got.insert((corners, touched));
        }
        let mut want = BTreeSet::new();
        for g in fields.split(';').filter(|g| !g.is_empty()) {
            let (cs, ts) = g.split_once('>').expect("field row");
            let corners: Vec<Place> = cs
                .split(',')
                .map(|c| Place::Corner(corner(c)))
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            let touched: BTreeSet<Vec<Place>> = ts
                .split('|')
                .filter(|s| !s.is_empty())
                .map(|s| side_set(s).iter().collect())
                .collect();
            want.insert((corners, touched));
        }
        // PlaceSet iterates in a fixed order; compare as sorted vectors
        let norm = |s: BTreeSet<(Vec<Place>, BTreeSet<Vec<Place>>)>| {
            s.into_iter()
                .map(|(mut c, t)| {
                    c.sort();
                    (c, t)
                })
                .collect::<BTreeSet<_>>()
        };
        assert_eq!(norm(got), norm(want), "{letter} fields");
    }
}

#[test]
fn letters_round_trip() {
    for t in base() {
        assert_eq!(TileType::from_letter(t.letter()), Some(t));
    }
    assert_eq!(TileType::from_letter('Y'), None);
    assert_eq!(TileType::from_letter('a'), None);
    assert_eq!(TileType::from_letter('\u{0}'), None);
    assert_eq!(TileType::from_letter('é'), None);
}

#[test]
fn rotation_moves_north_to_east() {
    // tiles.md: with r90, what was on N is on E, E goes to S, S to W, W to N.
    for t in TileType::ALL {
        let r0 = t.edges(Rotation::R0);
        let r90 = t.edges(Rotation::R90);
        assert_eq!(r90[Side::E.index()], r0[Side::N.index()]);
        assert_eq!(r90[Side::S.index()], r0[Side::E.index()]);
        assert_eq!(r90[Side::W.index()], r0[Side::S.index()]);
        assert_eq!(r90[Side::N.index()], r0[Side::W.index()]);
        for rot in Rotation::ALL {
            for (a, b) in t.segments(Rotation::R0).zip(t.segments(rot)) {
                let turned: Vec<Place> = a.places.iter().map(|p| p.rotated(rot)).collect();
                let mut turned = turned;
                turned.sort();
                let mut got: Vec<Place> = b.places.iter().collect();
                got.sort();
                assert_eq!(turned, got, "{t} {rot}");
                assert_eq!(a.kind, b.kind);
            }
            for s in Side::ALL {
                assert_eq!(t.edge(rot, s), t.edges(rot)[s.index()]);
            }
        }
    }
    // a concrete one: D r90 has its city on E and its road N-S
    let d = TileType::D;
    assert_eq!(
        d.edges(Rotation::R90),
        [Edge::Road, Edge::City, Edge::Road, Edge::Field]
    );
    assert_eq!(
        d.place_feature(Rotation::R90, Place::Side(Side::E)),
        Some(FeatureKind::City)
    );
    assert_eq!(
        d.place_feature(Rotation::R90, Place::Corner(Corner::NE)),
        Some(FeatureKind::Field)
    );
    assert_eq!(d.place_feature(Rotation::R90, Place::Centre), None);
}

#[test]
fn half_sides_exist_exactly_on_road_and_field_sides() {
    // every non-city side has both of its corners in some field; a city side's corners may
    // only be in a field through the other side of the corner (not so on a tile whose corner
    // is split: ic.G, tb.I, tb.O, tb.W, see `inns_cathedrals_rows` and
    // `traders_builders_summary`)
    let split = |t: &TileType| {
        Corner::ALL
            .iter()
            .any(|&c| t.corner_split(Rotation::R0, c).is_some())
    };
    for t in TileType::ALL.into_iter().filter(|t| !split(t)) {
        for s in Side::ALL {
            let corners = match s {
                Side::N => [Corner::NW, Corner::NE],
                Side::E => [Corner::NE, Corner::SE],
                Side::S => [Corner::SW, Corner::SE],
                Side::W => [Corner::NW, Corner::SW],
            };
            if t.edge(Rotation::R0, s) != Edge::City {
                for c in corners {
                    assert_eq!(
                        t.place_feature(Rotation::R0, Place::Corner(c)),
                        Some(FeatureKind::Field),
                        "{t} {s} {c}"
                    );
                }
            }
        }
        // a listed corner has at least one half-side
        for c in Corner::ALL {
            let sides = match c {
                Corner::NE => [Side::N, Side::E],
                Corner::SE => [Side::E, Side::S],
                Corner::SW => [Side::S, Side::W],
                Corner::NW => [Side::W, Side::N],
            };
            let listed = t.place_feature(Rotation::R0, Place::Corner(c)).is_some();
            let has_half = sides.iter().any(|&s| t.edge(Rotation::R0, s) != Edge::City);
            assert_eq!(listed, has_half, "{t} {c}");
        }
    }
}

// ---- the catalogue as data ------------------------------------------------------------------

use carc_rules::catalogue::{
    city, field, inner_field, road, ALL_CORNERS, E as SIDE_E, ESE, MONASTERY, N as SIDE_N, NE, NW,
    S as SIDE_S, SE, SSE, SW, W as SIDE_W,
};
use carc_rules::{HalfSide, Modifiers, TileDef, TileSet, TILES};

#[test]
fn every_row_is_consistent_and_tokens_name_their_types() {
    for t in TileType::ALL {
        assert_eq!(t.def().check(), Ok(()), "{t}");
        assert_eq!(TileType::from_token(t.token()), Some(t));
        // the base rows have no garden; every other row is of the set its prefix names
        let set = match t.token().split_once('.') {
            None if t.token().len() == 1 => TileSet::Base,
            None => TileSet::Abbot,
            Some(("ic", _)) => TileSet::InnsCathedrals,
            Some(("r", _)) => TileSet::River,
            Some(("tb", _)) => TileSet::TradersBuilders,
            Some(("tw", _)) => TileSet::Tower,
            Some(_) => t.set(),
        };
        assert_eq!(t.set(), set, "{t}");
        if t.set() == TileSet::Base {
            assert!(!t.has_garden(), "{t}");
        }
    }
    assert_eq!(TILES.len(), TileType::ALL.len());
    let mut tokens: Vec<&str> = TILES.iter().map(|d| d.token).collect();
    tokens.sort_unstable();
    tokens.dedup();
    assert_eq!(tokens.len(), TILES.len(), "tokens are unique");
    // the associated constants name the rows of their letters
    use TileType as T;
    let named = [
        (T::A, "A"),
        (T::B, "B"),
        (T::C, "C"),
        (T::D, "D"),
        (T::E, "E"),
        (T::F, "F"),
        (T::G, "G"),
        (T::H, "H"),
        (T::I, "I"),
        (T::J, "J"),
        (T::K, "K"),
        (T::L, "L"),
        (T::M, "M"),
        (T::N, "N"),
        (T::O, "O"),
        (T::P, "P"),
        (T::Q, "Q"),
        (T::R, "R"),
        (T::S, "S"),
        (T::T, "T"),
        (T::U, "U"),
        (T::V, "V"),
        (T::W, "W"),
        (T::X, "X"),
    ];
    // usable in patterns
    assert!(matches!(TileType::from_token("D"), Some(TileType::D)));
    for (t, token) in named {
        assert_eq!(t.token(), token);
        assert_eq!(format!("{t}"), token);
        assert_eq!(format!("{t:?}"), token);
    }
    assert_eq!(carc_rules::TOTAL_TILES, 72);
}

#[test]
fn unknown_tokens_are_not_tiles() {
    // (their "did you mean" is the analysis's: carc-analysis' vocab::tile_suggestions)
    assert_eq!(TileType::from_token("ic.Z"), None);
    assert_eq!(TileType::from_token("d"), None);
    assert_eq!(TileType::from_token(""), None);
}

#[test]
fn modifiers_live_on_segments() {
    // the coat of arms of M is on its city segment, not the field
    let m = TileType::M;
    let city = m.segment(Rotation::R0, 0).unwrap();
    assert!(city.modifiers.contains(Modifiers::SHIELD));
    assert!(m.segment(Rotation::R0, 1).unwrap().modifiers.is_empty());
    assert!(!TileType::N
        .segment(Rotation::R0, 0)
        .unwrap()
        .modifiers
        .contains(Modifiers::SHIELD));
}

use Edge::{City as C, Field as F, River as I, Road as R};

/// Rows of the expansions (transcribed from the project's expansions spec), written as table
/// entries: the model must express split corners, inner fields, rivers, inns, shields on one of
/// two cities, goods and gardens.
const EXPANSION_ROWS: &[TileDef] = &[
    // ic.G: corner SE split by a city wall: {NE+ESE} → {N}; {SSE+SW+NW} → {N}
    TileDef {
        token: "ic.G",
        name: "City cap with a split corner",
        count: 1,
        set: TileSet::InnsCathedrals,
        edges: [C, F, F, F],
        segments: &[city(SIDE_N), field(NE | ESE, 1), field(SSE | SW | NW, 1)],
        rivers: &[],
        garden: false,
    },
    // ic.H: four separate cities, one inner field touching all four, a garden
    TileDef {
        token: "ic.H",
        name: "Four city caps around a garden",
        count: 1,
        set: TileSet::InnsCathedrals,
        edges: [C, C, C, C],
        segments: &[
            city(SIDE_N),
            city(SIDE_E),
            city(SIDE_S),
            city(SIDE_W),
            inner_field(0b1111),
        ],
        rivers: &[],
        garden: true,
    },
    // ic.L: a shielded city, a road with an inn
    TileDef {
        token: "ic.L",
        name: "City corner and curved road with inn",
        count: 1,
        set: TileSet::InnsCathedrals,
        edges: [C, R, R, C],
        segments: &[
            city(SIDE_N | SIDE_W).with(Modifiers::SHIELD),
            road(SIDE_E | SIDE_S).with(Modifiers::INN),
            field(SE, 0),
            field(NE | SW, 1),
        ],
        rivers: &[],
        garden: false,
    },
    // r.B: river W–E under a city cap, a road ending at the river
    TileDef {
        token: "r.B",
        name: "River with city cap and road",
        count: 1,
        set: TileSet::River,
        edges: [C, I, R, I],
        segments: &[
            city(SIDE_N),
            road(SIDE_S),
            field(NE, 1),
            field(NW, 1),
            field(SE, 0),
            field(SW, 0),
        ],
        rivers: &[SIDE_W | SIDE_E],
        garden: false,
    },
    // r.H: a monastery by the river
    TileDef {
        token: "r.H",
        name: "River with monastery",
        count: 1,
        set: TileSet::River,
        edges: [F, I, R, I],
        segments: &[
            MONASTERY,
            road(SIDE_S),
            field(NE | NW, 0),
            field(SE, 0),
            field(SW, 0),
        ],
        rivers: &[SIDE_W | SIDE_E],
        garden: false,
    },
    // tb.O: cloth city, corner SE split into SSE and ESE
    TileDef {
        token: "tb.O",
        name: "Cloth city corner with two roads",
        count: 1,
        set: TileSet::TradersBuilders,
        edges: [C, R, R, C],
        segments: &[
            city(SIDE_N | SIDE_W).with(Modifiers::CLOTH),
            road(SIDE_S),
            road(SIDE_E),
            field(SW, 1),
            field(SSE, 1),
            field(ESE, 1),
            field(NE, 1),
        ],
        rivers: &[],
        garden: false,
    },
];

#[test]
fn expansion_rows_are_expressible() {
    for row in EXPANSION_ROWS {
        assert_eq!(row.check(), Ok(()), "{}", row.token);
    }
    let [ic_g, ic_h, ic_l, r_b, _, tb_o] = EXPANSION_ROWS else {
        panic!("six rows");
    };
    // ic.G: the split corner SE: ESE with NE's field, SSE with the other one
    assert_eq!(ic_g.field_at(HalfSide::ESE), Some(1));
    assert_eq!(ic_g.field_at(HalfSide::ENE), Some(1));
    assert_eq!(ic_g.field_at(HalfSide::SSE), Some(2));
    assert_eq!(ic_g.field_at(HalfSide::WNW), Some(2));
    assert_eq!(
        ic_g.field_at(HalfSide::NNE),
        None,
        "NNE lies on the city side"
    );
    // ic.H: no half-side exists; the inner field touches all four cities; a garden
    assert!(HalfSide::ALL.iter().all(|&h| ic_h.field_at(h).is_none()));
    assert!(ic_h.segments[4].inner && ic_h.segments[4].cities == 0b1111 && ic_h.garden);
    // ic.L: the shield and the inn are on their segments
    assert!(ic_l.segments[0].modifiers.contains(Modifiers::SHIELD));
    assert!(ic_l.segments[1].modifiers.contains(Modifiers::INN));
    // r.B: river sides have half-sides: the fields meet the water on E and W
    assert_eq!(r_b.field_at(HalfSide::ENE), Some(2));
    assert_eq!(r_b.field_at(HalfSide::ESE), Some(4));
    assert_eq!(I.letter(), 'I');
    // tb.O: four fields, SE split
    assert_ne!(tb_o.field_at(HalfSide::ESE), tb_o.field_at(HalfSide::SSE));
    assert!(tb_o.segments[0].modifiers.contains(Modifiers::CLOTH));
}

#[test]
fn inconsistent_rows_are_refused() {
    const GOOD: TileDef = EXPANSION_ROWS[0];
    let good = GOOD;
    const BROKEN: [TileDef; 7] = [
        // SSE left out of every field
        TileDef {
            segments: &[city(SIDE_N), field(NE | ESE, 1), field(SW | NW, 1)],
            ..GOOD
        },
        // ESE in two fields
        TileDef {
            segments: &[city(SIDE_N), field(NE | ESE, 1), field(SE | SW | NW, 1)],
            ..GOOD
        },
        // a road on a field side
        TileDef {
            segments: &[city(SIDE_N), road(SIDE_S), field(ALL_CORNERS, 1)],
            ..GOOD
        },
        // a river on a city side
        TileDef {
            rivers: &[SIDE_N],
            ..GOOD
        },
        // a token the notation cannot write
        TileDef {
            token: "ic.",
            ..GOOD
        },
        TileDef {
            token: "1A",
            ..GOOD
        },
        // a field said to touch a field
        TileDef {
            segments: &[
                city(SIDE_N),
                field(NE | ESE, 0b100),
                field(SSE | SW | NW, 1),
            ],
            ..GOOD
        },
    ];
    assert_eq!(good.check(), Ok(()));
    for row in BROKEN {
        assert!(row.check().is_err(), "{row:?}");
    }
}

// ---- The Abbot and Inns & Cathedrals rows ---------------------------------------------------

#[test]
fn garden_tiles_are_their_base_types_with_a_garden() {
    // docs/notation.md "The Abbot": Eg … Vg are E … V of tiles.md with a garden, one of each
    let gardens: Vec<TileType> = TileType::of_set(TileSet::Abbot).collect();
    let tokens: Vec<&str> = gardens.iter().map(|t| t.token()).collect();
    assert_eq!(tokens, ["Eg", "Hg", "Ig", "Mg", "Ng", "Rg", "Ug", "Vg"]);
    for g in gardens {
        let base = TileType::from_token(&g.token()[..1]).unwrap();
        assert_eq!(g.count(), 1);
        assert!(g.has_garden() && !base.has_garden());
        assert_eq!(g.def().edges, base.def().edges, "{g}");
        assert_eq!(g.def().segments, base.def().segments, "{g}");
    }
}

#[test]
fn inns_cathedrals_rows() {
    let ic: Vec<TileType> = TileType::of_set(TileSet::InnsCathedrals).collect();
    let tokens: Vec<&str> = ic.iter().map(|t| t.token()).collect();
    // the seventeen letters A..Q, K twice in the count: 18 tiles
    let letters: Vec<String> = ('A'..='Q').map(|c| format!("ic.{c}")).collect();
    assert_eq!(tokens, letters);
    assert_eq!(ic.iter().map(|t| u32::from(t.count())).sum::<u32>(), 18);
    let with = |m: Modifiers| -> Vec<&str> {
        ic.iter()
            .filter(|t| t.def().segments.iter().any(|s| s.modifiers.contains(m)))
            .map(|t| t.token())
            .collect()
    };
    // the spec's summary: 6 inns, 2 cathedrals (one row of two), 3 shields, 1 monastery
    assert_eq!(
        with(Modifiers::INN),
        ["ic.A", "ic.B", "ic.C", "ic.L", "ic.M", "ic.N"]
    );
    assert_eq!(with(Modifiers::CATHEDRAL), ["ic.K"]);
    assert_eq!(with(Modifiers::SHIELD), ["ic.L", "ic.P", "ic.Q"]);
    let monasteries: Vec<&str> = ic
        .iter()
        .filter(|t| t.has_monastery())
        .map(|t| t.token())
        .collect();
    assert_eq!(monasteries, ["ic.D"]);
    let gardens: Vec<&str> = ic
        .iter()
        .filter(|t| t.has_garden())
        .map(|t| t.token())
        .collect();
    assert_eq!(gardens, ["ic.B", "ic.H"]);
    // ic.C: only the east road has the inn
    let c = TileType::from_token("ic.C").unwrap();
    let inn_road = c.segment_at(Rotation::R0, Place::Side(Side::E)).unwrap();
    assert!(inn_road.modifiers.contains(Modifiers::INN));
    let west = c.segment_at(Rotation::R0, Place::Side(Side::W)).unwrap();
    assert!(!west.modifiers.contains(Modifiers::INN));
    // ic.G: corner SE is split; ESE goes with NE, SSE with SW and NW
    let g = TileType::from_token("ic.G").unwrap().def();
    let east = g.field_at(HalfSide::ESE).unwrap();
    assert_eq!(g.field_at(HalfSide::ENE), Some(east));
    let south = g.field_at(HalfSide::SSE).unwrap();
    assert_ne!(east, south);
    assert_eq!(g.field_at(HalfSide::WNW), Some(south));
    // ic.H: four caps round an inner field touching all four cities
    let h = TileType::from_token("ic.H").unwrap().def();
    let inner: Vec<_> = h.segments.iter().filter(|s| s.inner).collect();
    assert_eq!(inner.len(), 1);
    assert_eq!(inner[0].cities, 0b1111);
}

// ---- Inns & Cathedrals scoring ----------------------------------------------------------------

#[test]
fn inn_and_cathedral_values() {
    use carc_rules::road_city_value;
    use FeatureKind::{City, Road};
    // seed 004: an inn road scores 2 per tile complete, 0 unfinished; a plain road 1 per tile
    assert_eq!(road_city_value(Road, 4, 0, true, true), 8);
    assert_eq!(road_city_value(Road, 4, 0, false, true), 0);
    assert_eq!(road_city_value(Road, 4, 0, true, false), 4);
    assert_eq!(road_city_value(Road, 4, 0, false, false), 4);
    // a cathedral city: 3 per tile and per shield complete (5 tiles + 1 shield: 18), 0
    // unfinished; a plain one 2 per tile and shield complete (12), 1 each unfinished (6)
    assert_eq!(road_city_value(City, 5, 1, true, true), 18);
    assert_eq!(road_city_value(City, 5, 1, false, true), 0);
    assert_eq!(road_city_value(City, 5, 1, true, false), 12);
    assert_eq!(road_city_value(City, 5, 1, false, false), 6);
}

#[test]
fn the_large_meeple_is_one_per_player() {
    use carc_rules::{Color, Config, DeployError, Figure, Game, Pos, Role};
    let ic_k = TileType::from_token("ic.K").unwrap();
    let mut g = Game::new(Config::default());
    g.place_tile_unchecked(TileType::D, Pos::new(0, 0), Rotation::R0)
        .unwrap();
    g.place_tile_unchecked(ic_k, Pos::new(0, 1), Rotation::R0)
        .unwrap();
    g.deploy_figure(
        Color::Red,
        Figure::LargeMeeple,
        Pos::new(0, 1),
        Role::Knight,
        None,
    )
    .unwrap();
    // red's meeples in supply are untouched: the large meeple is not one of the 7
    assert_eq!(g.supply(Color::Red), 7);
    g.place_tile_unchecked(TileType::U, Pos::new(1, 0), Rotation::R90)
        .unwrap();
    assert_eq!(
        g.deploy_figure(
            Color::Red,
            Figure::LargeMeeple,
            Pos::new(1, 0),
            Role::Traveller,
            None
        ),
        Err(DeployError::FigureInUse(Figure::LargeMeeple))
    );
    // blue has its own
    assert!(g
        .deploy_figure(
            Color::Blue,
            Figure::LargeMeeple,
            Pos::new(1, 0),
            Role::Traveller,
            None
        )
        .is_ok());
    // the unfinished cathedral city (D + ic.K) scores 0 at the end; blue's road D + U, no inn: 2
    let gains = g.final_scoring().gains();
    assert_eq!((gains[0], gains[1]), (0, 2));
}

// ---- Traders & Builders rows -------------------------------------------------------------

/// token, edges N E S W, cities, roads, fields, monastery, garden: the table "Traders &
/// Builders" of the project's expansions spec, typed from it by hand. Cities: side groups
/// separated by spaces, a goods symbol after `:` (`NW:grain S`). Roads: side groups. Fields:
/// groups separated by `;`, each `places>cities`: places `+`-separated corners (both
/// half-sides), half-sides (`ESE`) or `inner`; cities touched as side groups separated by `|`.
type TbRow = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    bool,
    bool,
);

const TB_ROWS: &[TbRow] = &[
    ("tb.A", "CRFF", "N", "E", "NE>N;SE+SW+NW>N", false, false),
    ("tb.B", "RRRR", "", "NS WE", "NW>;NE>;SE>;SW>", false, false),
    ("tb.C", "CFRR", "N", "W S", "NW>N;SW>;NE+SE>N", false, false),
    (
        "tb.D",
        "CRCC",
        "NW:grain S",
        "E",
        "NE>NW;SE>NW|S",
        false,
        false,
    ),
    (
        "tb.E",
        "FCRC",
        "EW:grain",
        "S",
        "NE+NW>EW;SW>EW;SE>EW",
        false,
        false,
    ),
    (
        "tb.F",
        "CFRC",
        "NW:grain",
        "S",
        "SW>NW;NE+SE>NW",
        false,
        false,
    ),
    ("tb.G", "CFFC", "NW:grain", "", "NE+SE+SW>NW", false, false),
    ("tb.H", "CCFC", "NEW:grain", "", "SE+SW>NEW", false, false),
    (
        "tb.I",
        "CFRC",
        "NW:grain",
        "S",
        "SW>NW;SSE>NW;NE+ESE>NW",
        false,
        false,
    ),
    ("tb.J", "FRRR", "", "E S W", "NE+NW>;SE>;SW>", true, false),
    (
        "tb.K",
        "CRFC",
        "NW:cloth",
        "E",
        "NE>NW;SE+SW>NW",
        false,
        true,
    ),
    (
        "tb.L",
        "CRCC",
        "NW:cloth S",
        "E",
        "NE>NW;SE>NW|S",
        false,
        false,
    ),
    (
        "tb.M",
        "CCCC",
        "NW:cloth E S",
        "",
        "inner>NW|E|S",
        false,
        false,
    ),
    (
        "tb.N",
        "FCCC",
        "EW:cloth S",
        "",
        "NE+NW>EW;inner>EW|S",
        false,
        false,
    ),
    (
        "tb.O",
        "CRRC",
        "NW:cloth",
        "S E",
        "SW>NW;SSE>NW;ESE>NW;NE>NW",
        false,
        false,
    ),
    (
        "tb.P",
        "FCCC",
        "EW:wine S",
        "",
        "NE+NW>EW;inner>EW|S",
        false,
        false,
    ),
    (
        "tb.Q",
        "FCFC",
        "EW:wine",
        "",
        "NE+NW>EW;SE+SW>EW",
        false,
        false,
    ),
    (
        "tb.R",
        "RCRC",
        "EW:wine",
        "N S",
        "NW>EW;NE>EW;SE>EW;SW>EW",
        false,
        false,
    ),
    (
        "tb.S",
        "FCRC",
        "EW:wine",
        "S",
        "NE+NW>EW;SW>EW;SE>EW",
        false,
        false,
    ),
    ("tb.T", "CFFC", "NW:wine", "", "NE+SE+SW>NW", false, false),
    (
        "tb.U",
        "CRRC",
        "NW:wine",
        "S E",
        "SW>NW;SE>NW;NE>NW",
        false,
        true,
    ),
    (
        "tb.V",
        "CCRC",
        "NEW:wine",
        "S",
        "SW>NEW;SE>NEW",
        false,
        false,
    ),
    (
        "tb.W",
        "CRFC",
        "NW:wine",
        "E",
        "NE>NW;ESE>NW;SSE+SW>NW",
        false,
        false,
    ),
    (
        "tb.X",
        "CCCC",
        "NW:wine ES",
        "",
        "inner>NW|ES",
        false,
        false,
    ),
];

fn half_side(s: &str) -> Option<HalfSide> {
    HalfSide::ALL.into_iter().find(|h| h.as_str() == s)
}

/// The places a field group of [`TB_ROWS`] names on `t`, as catalogue places: a corner as
/// its half-sides (those not on a city side), a half-side, `inner`.
fn field_places(t: TileType, group: &str) -> Vec<Place> {
    group
        .split('+')
        .flat_map(|w| match (w, half_side(w)) {
            ("inner", _) => vec![Place::Inner],
            (_, Some(h)) => vec![Place::Half(h)],
            _ => corner(w)
                .half_sides()
                .into_iter()
                .filter(|h| t.edge(Rotation::R0, h.side()) != Edge::City)
                .map(Place::Half)
                .collect(),
        })
        .collect()
}

#[test]
fn traders_builders_rows_match_the_spec_table() {
    let tb: Vec<TileType> = TileType::of_set(TileSet::TradersBuilders).collect();
    let tokens: Vec<&str> = tb.iter().map(|t| t.token()).collect();
    let want: Vec<&str> = TB_ROWS.iter().map(|r| r.0).collect();
    assert_eq!(tokens, want, "24 types, tb.A … tb.X in letter order");
    for row in TB_ROWS {
        assert_eq!(TileType::from_token(row.0).unwrap().count(), 1, "{}", row.0);
    }
    rows_match_the_spec(TB_ROWS);
}

/// Each row of a spec table (see [`TbRow`]) against the catalogue: edges, monastery, garden,
/// cities with their shields and goods, roads, fields with the cities they touch.
fn rows_match_the_spec(rows: &[TbRow]) {
    for &(token, edges, cities, roads, fields, monastery, garden) in rows {
        let t = TileType::from_token(token).expect(token);
        assert_eq!(t.def().check(), Ok(()), "{token}");
        let e: String = t.edges(Rotation::R0).iter().map(|e| e.letter()).collect();
        assert_eq!(e, edges, "{token} edges");
        assert_eq!(t.has_monastery(), monastery, "{token} monastery");
        assert_eq!(t.has_garden(), garden, "{token} garden");
        let segs: Vec<_> = t.segments(Rotation::R0).collect();
        // cities with their shields and goods
        let got: BTreeSet<(Vec<Place>, Vec<&str>)> = segs
            .iter()
            .filter(|s| s.kind == FeatureKind::City)
            .map(|s| {
                let goods = [
                    (Modifiers::SHIELD, "shield"),
                    (Modifiers::WINE, "wine"),
                    (Modifiers::GRAIN, "grain"),
                    (Modifiers::CLOTH, "cloth"),
                ]
                .into_iter()
                .filter(|(m, _)| s.modifiers.contains(*m))
                .map(|(_, w)| w)
                .collect();
                (s.places.iter().collect(), goods)
            })
            .collect();
        let want: BTreeSet<(Vec<Place>, Vec<&str>)> = cities
            .split_whitespace()
            .map(|g| {
                let (sides, good) = g.split_once(':').unwrap_or((g, ""));
                let goods = if good.is_empty() { vec![] } else { vec![good] };
                (side_set(sides).iter().collect(), goods)
            })
            .collect();
        assert_eq!(got, want, "{token} cities");
        let of = |k: FeatureKind| -> BTreeSet<Vec<Place>> {
            segs.iter()
                .filter(|s| s.kind == k)
                .map(|s| s.places.iter().collect())
                .collect()
        };
        assert_eq!(of(FeatureKind::Road), groups(roads), "{token} roads");
        // fields: every place of a group lies in one field, each group in its own field,
        // touching exactly the listed cities; no other field
        let city_places = |i: u8| -> Vec<Place> { segs[usize::from(i)].places.iter().collect() };
        let mut seen = BTreeSet::new();
        for group in fields.split(';') {
            let (places, touched) = group.split_once('>').expect("field group");
            let found: BTreeSet<u8> = field_places(t, places)
                .into_iter()
                .map(|p| {
                    let s = t.segment_at(Rotation::R0, p);
                    let s = s.unwrap_or_else(|| panic!("{token} {p}: no field"));
                    assert_eq!(s.kind, FeatureKind::Field, "{token} {p}");
                    s.index
                })
                .collect();
            assert_eq!(found.len(), 1, "{token} {places}: one field");
            let field = segs[usize::from(*found.first().unwrap())];
            let got: BTreeSet<Vec<Place>> = field.touched_cities().map(city_places).collect();
            let want: BTreeSet<Vec<Place>> = touched
                .split('|')
                .filter(|s| !s.is_empty())
                .map(|s| side_set(s).iter().collect())
                .collect();
            assert_eq!(got, want, "{token} {places} touches");
            assert!(
                seen.insert(field.index),
                "{token} {places}: a field of its own"
            );
        }
        let nfields = segs.iter().filter(|s| s.kind == FeatureKind::Field).count();
        assert_eq!(nfields, seen.len(), "{token}: no other field");
    }
}

// ---- The Princess & the Dragon rows ----------------------------------------------------------

/// The table "The Princess & the Dragon" of `shared/expansions2.md` §A, typed from it by hand
/// in the form of [`TB_ROWS`] (a shield after `:`).
const PD_ROWS: &[TbRow] = &[
    (
        "pd.A",
        "CRRR",
        "N",
        "E S W",
        "NE+NW>N;SE>;SW>",
        false,
        false,
    ),
    ("pd.B", "CFFC", "NW", "", "NE+SE+SW>NW", false, true),
    ("pd.C", "CCFC", "NEW", "", "SE+SW>NEW", false, false),
    ("pd.D", "CRRC", "NW", "ES", "NE+SW>NW;SE>", false, false),
    (
        "pd.E",
        "CFFC",
        "NW",
        "",
        "NE+ESE>NW;SSE+SW>NW",
        false,
        false,
    ),
    (
        "pd.F",
        "CCCF",
        "N ES:shield",
        "",
        "SW+NW>N;inner>N|ES",
        false,
        false,
    ),
    ("pd.G", "FFRR", "", "SW", "NE+SE+NW>;SW>", false, false),
    ("pd.H", "FRFR", "", "EW", "NE+NW>;SE+SW>", false, false),
    ("pd.I", "FRRR", "", "E S W", "NE+NW>;SE>;SW>", false, false),
    ("pd.J", "CFFF", "N", "", "NE+SE+SW+NW>N", false, true),
    ("pd.K", "CFFC", "NW", "", "NE+SE+SW>NW", false, false),
    ("pd.L", "CRRF", "N", "ES", "SE>;NE+SW+NW>N", false, false),
    ("pd.M", "CFRR", "N", "SW", "SW>;NE+SE+NW>N", false, false),
    (
        "pd.N",
        "FCFC",
        "EW:shield",
        "",
        "NE+NW>EW;SE+SW>EW",
        false,
        false,
    ),
    ("pd.O", "CCFC", "NEW", "", "SE+SW>NEW", true, false),
    ("pd.P", "FRRR", "", "E S W", "NE+NW>;SE>;SW>", true, false),
    (
        "pd.Q",
        "RCRC",
        "EW",
        "NS",
        "NE+NW>EW;SE+SW>EW",
        false,
        false,
    ),
    ("pd.R", "RRRR", "", "NW SE", "NW>;SE>;NE+SW>", false, false),
    ("pd.S", "CCFC", "NEW:shield", "", "SE+SW>NEW", false, false),
    ("pd.T", "CRRF", "N", "ES", "SE>;NE+SW+NW>N", false, false),
    ("pd.U", "CFRR", "N", "SW", "SW>;NE+SE+NW>N", false, false),
    ("pd.V", "CRRC", "NW", "ES", "NE+SW>NW;SE>", false, false),
    ("pd.W", "FRRR", "", "E S W", "NE+NW>;SE>;SW>", false, false),
    ("pd.X", "FRFR", "", "EW", "NE+NW>;SE+SW>", false, false),
    ("pd.Y", "CFFF", "N", "", "NE+SE+SW+NW>N", false, false),
    ("pd.Z", "CCFF", "N E", "", "SE+SW+NW>N|E", false, false),
    ("pd.1", "FFRR", "", "SW", "NE+SE+NW>;SW>", false, false),
    ("pd.2", "FFFF", "", "", "NE+SE+SW+NW>", false, false),
    ("pd.3", "FFRF", "", "S", "NE+SE+SW+NW>", false, false),
];

#[test]
fn princess_dragon_rows_match_the_spec_table() {
    use carc_rules::catalogue::princess_dragon::{symbol, Symbol};
    let pd: Vec<TileType> = TileType::of_set(TileSet::PrincessDragon).collect();
    let tokens: Vec<&str> = pd.iter().map(|t| t.token()).collect();
    let want: Vec<&str> = PD_ROWS.iter().map(|r| r.0).collect();
    assert_eq!(tokens, want, "30 types, pd.A … pd.Z, pd.1 … pd.3");
    rows_match_the_spec(PD_ROWS);
    // the summary: 30 tiles (pd.G twice); princess 6, dragon 12, portal 6, volcano 6; shields
    // on F, N, S; monasteries on O, P; gardens on B, J; corner SE split on E; inner field on F
    let total: u32 = pd.iter().map(|t| u32::from(t.count())).sum();
    assert_eq!(total, 30);
    let twice: Vec<&str> = pd
        .iter()
        .filter(|t| t.count() == 2)
        .map(|t| t.token())
        .collect();
    assert_eq!(twice, ["pd.G"]);
    let copies = |want: fn(Symbol) -> bool| -> u32 {
        pd.iter()
            .filter(|t| symbol(t.token()).is_some_and(want))
            .map(|t| u32::from(t.count()))
            .sum()
    };
    assert_eq!(copies(|s| matches!(s, Symbol::Princess(_))), 6);
    assert_eq!(copies(|s| s == Symbol::Dragon), 12);
    assert_eq!(copies(|s| s == Symbol::Portal), 6);
    assert_eq!(copies(|s| s == Symbol::Volcano), 6);
    let with = |f: fn(&TileType) -> bool| -> Vec<&str> {
        pd.iter().filter(|t| f(t)).map(|t| t.token()).collect()
    };
    assert_eq!(with(|t| t.has_shield()), ["pd.F", "pd.N", "pd.S"]);
    assert_eq!(with(|t| t.has_monastery()), ["pd.O", "pd.P"]);
    assert_eq!(with(|t| t.has_garden()), ["pd.B", "pd.J"]);
    let split = with(|t| {
        Corner::ALL
            .iter()
            .any(|&c| t.corner_split(Rotation::R0, c).is_some())
    });
    assert_eq!(split, ["pd.E"]);
    assert_eq!(with(|t| t.def().segments.iter().any(|s| s.inner)), ["pd.F"]);
    // the princess stands in the tile's first city: pd.F's cap, not its shielded city
    let f = TileType::from_token("pd.F").unwrap();
    assert_eq!(symbol("pd.F"), Some(Symbol::Princess(0)));
    let cap = f.segments(Rotation::R0).next().unwrap();
    assert_eq!(cap.kind, FeatureKind::City);
    assert!(!cap.modifiers.contains(Modifiers::SHIELD));
}

// ---- The Tower rows -----------------------------------------------------------------------

/// The table "The Tower" of `shared/expansions2.md` §A, typed from it by hand in the form of
/// [`TB_ROWS`] (a coat of arms written `:shield`).
const TW_ROWS: &[TbRow] = &[
    ("tw.A", "CFFF", "N", "", "NE+SE+SW+NW>N", false, false),
    ("tw.B", "FFFF", "", "", "NE+SE+SW+NW>", false, true),
    ("tw.C", "FFFF", "", "", "NE+SE+SW+NW>", true, false),
    ("tw.D", "FFRR", "", "S W", "NE+SE+NW>;SW>", false, true),
    ("tw.E", "RRFR", "", "N E W", "NW>;NE>;SE+SW>", false, false),
    ("tw.F", "RRRR", "", "NW SE", "NW>;SE>;NE+SW>", false, false),
    (
        "tw.G",
        "RRRR",
        "",
        "N E S W",
        "NE>;SE>;SW>;NW>",
        false,
        false,
    ),
    (
        "tw.H",
        "RCRC",
        "EW",
        "NS",
        "NE>EW;SE>EW;SW>EW;NW>EW",
        false,
        false,
    ),
    ("tw.I", "CFRF", "N", "S", "SW+NW>N;NE+SE>N", false, false),
    ("tw.J", "CFRR", "N", "SW", "SW>;NE+SE+NW>N", false, false),
    ("tw.K", "CRFR", "N", "EW", "NE>N;NW>N;SE+SW>", false, false),
    ("tw.L", "CFFC", "NW", "", "NE+SE+SW>NW", false, false),
    (
        "tw.M",
        "CRFC",
        "NW",
        "E",
        "NE>NW;ESE>NW;SSE+SW>NW",
        false,
        false,
    ),
    ("tw.N", "CFFC", "N W", "", "NE+SE+SW>N|W", false, false),
    ("tw.O", "CRCR", "N S", "EW", "NE+NW>N;SE+SW>S", false, false),
    ("tw.P", "CCRC", "NEW", "S", "SE>NEW;SW>NEW", false, false),
    (
        "tw.Q",
        "CCCC",
        "NEW:shield S",
        "",
        "inner>NEW|S",
        false,
        false,
    ),
];

#[test]
fn tower_rows_match_the_spec_table() {
    let tw: Vec<TileType> = TileType::of_set(TileSet::Tower).collect();
    let tokens: Vec<&str> = tw.iter().map(|t| t.token()).collect();
    let want: Vec<&str> = TW_ROWS.iter().map(|r| r.0).collect();
    assert_eq!(tokens, want, "17 types, tw.A … tw.Q in letter order");
    rows_match_the_spec(TW_ROWS);
    // the spec's summary: 18 tiles (tw.A twice), each with a foundation; one shield (Q), one
    // monastery (C), two gardens (B, D), corner SE split on M, an inner field on Q
    for t in &tw {
        let count = if t.token() == "tw.A" { 2 } else { 1 };
        assert_eq!(t.count(), count, "{t}");
        assert!(t.has_foundation(), "{t}: every tile has a foundation");
    }
    assert_eq!(tw.iter().map(|t| u32::from(t.count())).sum::<u32>(), 18);
    let which = |f: &dyn Fn(TileType) -> bool| -> Vec<&str> {
        tw.iter().filter(|t| f(**t)).map(|t| t.token()).collect()
    };
    assert_eq!(which(&|t| t.has_shield()), ["tw.Q"]);
    assert_eq!(which(&|t| t.has_monastery()), ["tw.C"]);
    assert_eq!(which(&|t| t.has_garden()), ["tw.B", "tw.D"]);
    let split = |t: TileType| {
        Corner::ALL
            .iter()
            .any(|&c| t.corner_split(Rotation::R0, c).is_some())
    };
    assert_eq!(which(&split), ["tw.M"]);
    assert_eq!(
        which(&|t| t.def().segments.iter().any(|s| s.inner)),
        ["tw.Q"]
    );
    // no tile of another set has a foundation
    assert!(TileType::ALL
        .iter()
        .all(|t| t.has_foundation() == (t.set() == TileSet::Tower)));
}

#[test]
fn traders_builders_summary() {
    // the spec's summary: goods symbols wine 9, grain 6, cloth 5, one per tile except tb.A,
    // tb.B, tb.C and tb.J; one monastery (tb.J), two gardens (tb.K, tb.U); split corners on
    // tb.I, tb.O, tb.W; inner fields on tb.M, tb.N, tb.P, tb.X
    let tb: Vec<TileType> = TileType::of_set(TileSet::TradersBuilders).collect();
    assert_eq!(tb.len(), 24);
    let count = |m: Modifiers| {
        tb.iter()
            .flat_map(|t| t.def().segments)
            .filter(|s| s.modifiers.contains(m))
            .count()
    };
    assert_eq!(count(Modifiers::WINE), 9);
    assert_eq!(count(Modifiers::GRAIN), 6);
    assert_eq!(count(Modifiers::CLOTH), 5);
    let plain: Vec<&str> = tb
        .iter()
        .filter(|t| t.def().segments.iter().all(|s| s.modifiers.is_empty()))
        .map(|t| t.token())
        .collect();
    assert_eq!(plain, ["tb.A", "tb.B", "tb.C", "tb.J"]);
    let split: Vec<&str> = tb
        .iter()
        .filter(|t| {
            Corner::ALL
                .iter()
                .any(|&c| t.corner_split(Rotation::R0, c).is_some())
        })
        .map(|t| t.token())
        .collect();
    assert_eq!(split, ["tb.I", "tb.O", "tb.W"]);
    let inner: Vec<&str> = tb
        .iter()
        .filter(|t| t.def().segments.iter().any(|s| s.inner))
        .map(|t| t.token())
        .collect();
    assert_eq!(inner, ["tb.M", "tb.N", "tb.P", "tb.X"]);
    // a split corner keeps its split when turned: tb.O r90 splits SW (SE turned)
    let o = TileType::from_token("tb.O").unwrap();
    assert!(o.corner_split(Rotation::R90, Corner::SW).is_some());
    assert!(o.corner_split(Rotation::R90, Corner::SE).is_none());
}

#[test]
fn garden_tiles_share_the_count_of_their_base_type() {
    // docs/tiles.md and the expansions' table: each garden tile is a copy of the base type of
    // its letter (`Eg` is an E with a garden; E + Eg ≤ 5 in one box).
    let gardens = ["Eg", "Hg", "Ig", "Mg", "Ng", "Rg", "Ug", "Vg"];
    for token in gardens {
        let garden = TileType::from_token(token).unwrap();
        let base = TileType::from_token(&token[..1]).unwrap();
        assert_eq!(garden.family(), base, "{token}");
        assert!(garden.shares_count() && base.shares_count(), "{token}");
    }
    // every other type is its own family and shares its count with nobody
    for t in TileType::ALL {
        let garden_family = gardens
            .iter()
            .any(|g| g[..1] == *t.token() || *g == t.token());
        assert_eq!(t.shares_count(), garden_family, "{t}");
        if !garden_family {
            assert_eq!(t.family(), t, "{t}");
        }
    }
}
