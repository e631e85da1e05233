//! Traders & Builders goods: taken by whoever places the tile that completes a city, awarded
//! at final scoring. Expected numbers worked out by hand from the seed rules (004) and the
//! project's expansions spec, the derivation beside each.

mod common;
use carc_rules::*;
use common::*;

const RED: Color = Color::Red;
const BLUE: Color = Color::Blue;
const GREEN: Color = Color::Green;

/// A setup tile by token (`tb.G`), placed without the turn rules (asserted to match its
/// neighbours all the same).
fn put(g: &mut Game, token: &str, at: &str, rotation: &str) {
    let t = TileType::from_token(token).expect(token);
    let (p, r) = (pos(at), rot(rotation));
    if let Err(e) = g.check_placement(t, p, r) {
        assert!(!e.occupied && e.mismatches.is_empty(), "{token} {at}: {e}");
    }
    g.place_tile_unchecked(t, p, r).unwrap();
}

/// A strict turn without a meeple, by token.
fn play(g: &mut Game, colour: Color, token: &str, at: &str, rotation: &str) -> TurnScore {
    let t = TileType::from_token(token).expect(token);
    g.play_turn(colour, t, pos(at), rot(rotation), None)
        .unwrap_or_else(|e| panic!("{token} {at}: {e}"))
}

fn grain(n: u32) -> Goods {
    Goods::new(0, n, 0)
}

#[test]
fn goods_go_to_whoever_places_the_closing_tile() {
    // the spec's worked example: D 0,0 with red's knight on its city (N); tb.G r180 at 0,1
    // turns its grain city to S and E; blue's E r270 at 1,1 (city W) closes it.
    // City: D + tb.G + E = 3 tiles, no coat of arms: 3 x 2 = 6 for red's knight.
    // Blue placed the closing tile: blue takes the one grain symbol, red nothing.
    let mut g = tb_game();
    tile(&mut g, "D 0,0 red knight N");
    put(&mut g, "tb.G", "0,1", "r180");
    let s = play(&mut g, BLUE, "E", "1,1", "r270");
    assert_eq!(gains(&s), vec![(RED, 6)]);
    assert_eq!(s.features[0].feature.goods, grain(1));
    assert_eq!(g.goods(BLUE), grain(1));
    assert_eq!(g.goods(RED), Goods::NONE);
    // final scoring: no figure left; blue alone holds grain: blue +10
    let f = g.final_scoring();
    assert_eq!(gains(&f), vec![(BLUE, 10)]);
    assert_eq!(
        f.goods,
        vec![GoodsAward {
            good: Good::Grain,
            tokens: 1,
            winners: vec![BLUE],
            points: 10
        }]
    );
    assert_eq!((g.score(RED), g.score(BLUE)), (6, 10));
}

#[test]
fn an_unoccupied_city_still_gives_its_goods_one_per_symbol() {
    // E r90 (city E) at -1,0, tb.Q (wine city E-W) at 0,0, tb.R (wine city E-W, roads N and
    // S) at 1,0; red closes with E r270 (city W) at 2,0: one city of 4 tiles with two wine
    // symbols, nobody on it (scored for nobody: 8 points, no winner). Red takes wine 2.
    let mut g = tb_game();
    put(&mut g, "E", "-1,0", "r90");
    put(&mut g, "tb.Q", "0,0", "r0");
    put(&mut g, "tb.R", "1,0", "r0");
    let city = g.feature_at(pos("0,0"), place("E")).unwrap();
    let before = g.feature(city).unwrap();
    assert_eq!(
        (before.goods, before.complete),
        (Goods::new(2, 0, 0), false)
    );
    // an unfinished city gives nothing to whoever extends it
    assert_eq!(g.completed_goods(pos("1,0")), Goods::NONE);
    let s = play(&mut g, RED, "E", "2,0", "r270");
    assert_eq!(s.features.len(), 1);
    assert_eq!((s.features[0].points, s.features[0].winners.len()), (8, 0));
    assert_eq!(gains(&s), vec![]);
    assert_eq!(g.goods(RED), Goods::new(2, 0, 0));
    assert_eq!(g.goods(BLUE), Goods::NONE);
    // red alone holds wine: +10 at the end, nothing else on the board
    assert_eq!(gains(&g.final_scoring()), vec![(RED, 10)]);
}

#[test]
fn one_tile_closing_two_cities_takes_the_goods_of_both() {
    // West: E r90 at -1,0 and tb.Q (wine) at 0,0, open towards 1,0. East: tb.G r0 (grain city
    // N and W) at 2,0 capped by E r180 (city S) at 2,1, open towards 1,0. Blue's H r0 at 1,0
    // (two separate cities W and E) closes both: wine city E + tb.Q + H (3 tiles) and grain
    // city H + tb.G + E (3 tiles). Blue takes wine 1 and grain 1.
    let mut g = tb_game();
    put(&mut g, "E", "-1,0", "r90");
    put(&mut g, "tb.Q", "0,0", "r0");
    put(&mut g, "tb.G", "2,0", "r0");
    put(&mut g, "E", "2,1", "r180");
    let s = play(&mut g, BLUE, "H", "1,0", "r0");
    assert_eq!(s.features.len(), 2);
    assert!(s
        .features
        .iter()
        .all(|f| f.points == 6 && f.feature.complete));
    assert_eq!(g.goods(BLUE), Goods::new(1, 1, 0));
    // the same query afterwards still names what the tile completed, without taking it again
    assert_eq!(g.completed_goods(pos("1,0")), Goods::new(1, 1, 0));
    assert_eq!(g.goods(BLUE), Goods::new(1, 1, 0));
}

#[test]
fn goods_stay_with_the_taker_when_a_knight_owner_scores() {
    // Red's knight on tb.D's grain city (N and W); blue closes it and takes the grain though
    // red scores the city. tb.D r0 at 0,0: grain city N+W, cap S, road E. Caps: E r180 (city
    // S) at 0,1 closes N; E r90 (city E) at -1,0 closes W. Blue plays the second cap.
    // City: tb.D + 2 caps = 3 tiles: red 6; blue grain 1. The S cap of tb.D stays open.
    let mut g = tb_game();
    put(&mut g, "tb.D", "0,0", "r0");
    g.setup_meeple(RED, pos("0,0"), Role::Knight, Some(place("N")))
        .unwrap();
    put(&mut g, "E", "0,1", "r180");
    let s = play(&mut g, BLUE, "E", "-1,0", "r90");
    assert_eq!(gains(&s), vec![(RED, 6)]);
    assert_eq!(g.goods(BLUE), grain(1));
    assert_eq!(g.goods(RED), Goods::NONE);
}

#[test]
fn leaders_of_each_good_score_ten_and_ties_all_score() {
    // red wine 2 grain 1; blue wine 2 cloth 3; green grain 1; nobody else holds goods.
    // wine: red and blue tie at 2 (+10 each); grain: red and green tie at 1 (+10 each);
    // cloth: blue alone (+10). Totals: red 20, blue 20, green 10.
    let mut g = Game::new(
        Config::new(vec![RED, BLUE, GREEN], true)
            .with_rules(Rules::of(&[TileSet::TradersBuilders])),
    );
    g.set_goods(RED, Goods::new(2, 1, 0));
    g.set_goods(BLUE, Goods::new(2, 0, 3));
    g.set_goods(GREEN, Goods::new(0, 1, 0));
    let awards = g.goods_awards();
    let summary: Vec<(Good, u32, Vec<Color>)> = awards
        .iter()
        .map(|a| (a.good, a.tokens, a.winners.clone()))
        .collect();
    assert_eq!(
        summary,
        vec![
            (Good::Wine, 2, vec![RED, BLUE]),
            (Good::Grain, 1, vec![RED, GREEN]),
            (Good::Cloth, 3, vec![BLUE]),
        ]
    );
    let f = g.final_scoring();
    assert_eq!(gains(&f), vec![(RED, 20), (BLUE, 20), (GREEN, 10)]);
    assert_eq!((g.score(RED), g.score(BLUE), g.score(GREEN)), (20, 20, 10));
}

#[test]
fn nobody_holding_a_good_means_no_award() {
    // all zero: no award at all, even though every colour "ties" at 0
    let mut g = tb_game();
    assert!(g.goods_awards().is_empty());
    assert!(g.final_scoring().goods.is_empty());
    assert_eq!(g.score(RED), 0);
}

#[test]
fn goods_words_and_text() {
    assert_eq!(Good::from_word("grain"), Some(Good::Grain));
    assert_eq!(Good::from_word("Grain"), None);
    assert_eq!(Goods::new(2, 0, 1).to_string(), "wine 2 cloth 1");
    assert_eq!(Goods::NONE.to_string(), "none");
    assert_eq!(Goods::NONE.with(Good::Cloth, 4).get(Good::Cloth), 4);
}

#[test]
fn simulated_games_take_every_completed_citys_goods_once() {
    // With Traders & Builders the deck holds 71 + 24 tiles. At the end, the tokens all
    // colours hold are exactly the goods symbols of the completed cities on the board
    // (each taken once, by the placer of the closing tile), never more than the set's 20;
    // the final scoring's goods awards are the leaders of what is held.
    let sets = [TileSet::TradersBuilders];
    assert_eq!(deck_with_sets(&sets).len(), 71 + 24);
    let mut with_goods = 0;
    for seed in 0..40 {
        let rec = simulate_sets(seed, 2 + (seed as usize % 3), seed % 2 == 0, &sets);
        let g = &rec.game;
        let mut on_board = Goods::NONE;
        for id in g.all_features() {
            let f = g.feature(id).unwrap();
            if f.kind == FeatureKind::City && f.complete {
                on_board += f.goods;
            }
        }
        let held = Color::ALL
            .into_iter()
            .fold(Goods::NONE, |sum, c| sum + g.goods(c));
        assert_eq!(held, on_board, "seed {seed}");
        for good in Good::ALL {
            assert!(held.get(good) <= [9, 6, 5][good.index()], "seed {seed}");
        }
        assert_eq!(rec.final_score.goods, g.goods_awards(), "seed {seed}");
        with_goods += usize::from(!held.is_empty());
        // the points: each award's winners hold its most tokens
        for a in &rec.final_score.goods {
            for c in &a.winners {
                assert_eq!(g.goods(*c).get(a.good), a.tokens);
            }
        }
    }
    // random play closes few of the large goods cities: still, some goods in most games
    // (27 of these 40)
    assert!(with_goods > 20, "goods taken in most games: {with_goods}");
}

#[test]
fn the_puzzle_search_counts_the_goods_of_a_closing_move() {
    // D 0,0 and tb.G r180 at 0,1 (grain city S+E, open towards 1,1); red draws E, the last
    // draw. E r270 at 1,1 with a knight on W closes the city: 3 tiles x 2 = 6 for red, and red
    // takes the grain: +10 at the end. 16 is the best red can do (without the goods, 6).
    let mut g = tb_game();
    tile(&mut g, "D 0,0");
    put(&mut g, "tb.G", "0,1", "r180");
    let draws = [TileType::E];
    let solution = solve(&g, RED, &draws, Goal::Final, Limits::default());
    let best = &solution.moves[0];
    assert!(solution.exact);
    assert_eq!(best.scores[RED.index()], 16, "{best:?}");
    let Step::Turn { pos, rot, .. } = best.step else {
        panic!("{best:?}");
    };
    assert_eq!((pos, rot), (Pos::new(1, 1), Rotation::R270));
}
