//! Arbitrary bytes → a game with the expansions the header chooses (The Abbot, Inns &
//! Cathedrals, The River, Traders & Builders, any combination; 1–5 colours, 1–6 with pink under
//! Inns & Cathedrals; farmers on or off), then a sequence of engine calls: whole legal turn
//! parts (placement from the move generator, or from the river's rules for a river tile; a
//! deployment of any figure the sets switch on from the legal lists, a recall, or nothing;
//! scoring; goods; the builder's bonus part when one is earned), each also replayed through
//! `play_part` on a copy that must end equal, and arbitrary calls (placements anywhere on the
//! `i32` plane, `deploy_figure`, `setup_figure`, `recall`, `play_turn`, `play_part`,
//! `remove_meeple`, `score_completed`, queries), then final scoring.
//!
//! The invariants are the rules' (docs/notation.md, /work/shared/expansions.md), computed here
//! from feature summaries and the catalogue, not from the engine's scoring:
//! - per colour and figure kind: meeples in supply + on the board = 7; each special figure
//!   (large meeple, abbot, builder, pig) is either on the board once or available;
//! - every figure stands on a feature of its role's kind (an abbot on a monastery or garden, a
//!   builder on a road or city, a pig in a field);
//! - scores and goods never decrease, and every score change is what the call reported: each
//!   scored feature's value from its tiles, shields, inn/cathedral and completeness, its
//!   winners by strength (meeple 1, large meeple 2, abbot 1, builder and pig 0), 4 instead of 3
//!   per city for a winner with their pig in the field, goods awards of 10 to the most tokens;
//! - a refused call changes nothing;
//! - the deployment lists agree with `figure_deploy_faults` for every figure, role and place,
//!   and both with the rules read off the feature summaries;
//! - while every placement was legal, neighbours match;
//! - while every call was a whole legal turn part: no completed road, city, monastery or
//!   garden holds a figure, every builder has its owner's follower, every pig its owner's
//!   farmer; the bonus is earned exactly when the placer's builder's road or city was extended;
//! - the placer takes the goods symbols of the cities the tile completed;
//! - after final scoring no figure is on the board; a second final scoring scores nothing (no feature, no goods award).
#![no_main]

use carc_rules::river;
use carc_rules::{
    BonusError, Color, Config, Corner, FeatureKind, FeatureSummary, Figure, Game, Good, Goods,
    HalfSide, Meeple, MeepleId, Modifiers, PartAction, Place, PlacedTile, Pos, Role, Rotation,
    Scoring, Side, TileSet, TileType, MEEPLES_PER_COLOUR,
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
        let b = usize::from(self.byte());
        let places = places();
        (b % (places.len() + 1) < places.len()).then(|| places[b % (places.len() + 1)])
    }
}

/// Every place word: the sides, the corners, the centre, the half-sides, `inner`.
fn places() -> Vec<Place> {
    Side::ALL
        .into_iter()
        .map(Place::Side)
        .chain(Corner::ALL.into_iter().map(Place::Corner))
        .chain([Place::Centre])
        .chain(HalfSide::ALL.into_iter().map(Place::Half))
        .chain([Place::Inner])
        .collect()
}

/// The sets a header may switch on (bits 0–3 of the second byte).
const SETS: [TileSet; 4] = [
    TileSet::Abbot,
    TileSet::InnsCathedrals,
    TileSet::River,
    TileSet::TradersBuilders,
];

/// Strength in majorities (expansions.md's table of figures).
fn strength(f: Figure) -> u32 {
    match f {
        Figure::Meeple | Figure::Abbot => 1,
        Figure::LargeMeeple => 2,
        Figure::Builder | Figure::Pig => 0,
    }
}

/// Whether the figure keeps others' figures off its feature (builders and pigs do not).
fn occupies(f: Figure) -> bool {
    matches!(f, Figure::Meeple | Figure::LargeMeeple | Figure::Abbot)
}

/// A follower: a meeple or the large meeple (what a builder and a pig need beside them).
fn follower(f: Figure) -> bool {
    matches!(f, Figure::Meeple | Figure::LargeMeeple)
}

/// What a call may change, to compare before and after a refused call.
#[derive(Debug, PartialEq)]
struct Snapshot {
    tiles: Vec<PlacedTile>,
    meeples: Vec<Meeple>,
    supply: Vec<i32>,
    score: Vec<i64>,
    goods: Vec<Goods>,
    last: Option<Pos>,
    bonus: Vec<Result<Meeple, BonusError>>,
    in_bonus: bool,
    features: usize,
    open_cells: usize,
}

fn snapshot(g: &Game) -> Snapshot {
    Snapshot {
        tiles: g.tiles().to_vec(),
        meeples: g.meeples().copied().collect(),
        supply: Color::ALL.map(|c| g.supply(c)).to_vec(),
        score: Color::ALL.map(|c| g.score(c)).to_vec(),
        goods: Color::ALL.map(|c| g.goods(c)).to_vec(),
        last: g.last_placed(),
        bonus: Color::ALL.map(|c| g.bonus_check(c)).to_vec(),
        in_bonus: g.in_bonus_part(),
        features: g.all_features().len(),
        open_cells: g.open_cells().count(),
    }
}

struct State {
    game: Game,
    sets: Vec<TileSet>,
    /// The tile types of the base game, the garden tiles (legal in every game) and the sets'.
    tiles: Vec<TileType>,
    players: Vec<Color>,
    /// The figures the sets switch on.
    sets_figures: Vec<Figure>,
    scores: [i64; Color::COUNT],
    goods: [Goods; Color::COUNT],
    /// Every placement so far was legal.
    legal: bool,
    /// Every call so far that changed the game was a whole legal turn part.
    pure: bool,
    turn: usize,
    /// The colour whose bonus part comes next (Traders & Builders).
    bonus: Option<Color>,
}

impl State {
    fn on(&self, set: TileSet) -> bool {
        self.sets.contains(&set)
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

/// The kind of feature figure `m` stands on (a garden counts as a monastery).
fn kind_under(game: &Game, m: &Meeple) -> FeatureKind {
    let id = game
        .meeple_feature(m.id)
        .expect("a figure on the board stands on a feature");
    game.feature(id).expect("its feature").kind
}

/// The invariants that hold after every call.
fn check(st: &mut State) {
    let game = &st.game;
    for c in Color::ALL {
        let on_board = |f: Figure| {
            game.meeples()
                .filter(|m| m.colour == c && m.figure == f)
                .count()
        };
        assert_eq!(
            i64::from(game.supply(c)) + on_board(Figure::Meeple) as i64,
            i64::from(MEEPLES_PER_COLOUR),
            "{c:?}: supply + meeples on the board"
        );
        for f in [
            Figure::LargeMeeple,
            Figure::Abbot,
            Figure::Builder,
            Figure::Pig,
        ] {
            let available = usize::from(game.figure_available(c, f).is_ok());
            assert_eq!(
                on_board(f) + available,
                1,
                "{c:?}'s {f}: on the board or available"
            );
        }
        assert!(
            game.score(c) >= st.scores[c.index()],
            "{c:?}: the score went down"
        );
        st.scores[c.index()] = game.score(c);
        for good in Good::ALL {
            assert!(
                game.goods(c).get(good) >= st.goods[c.index()].get(good),
                "{c:?}: {good} went down"
            );
        }
        st.goods[c.index()] = game.goods(c);
    }
    for m in game.meeples() {
        let kind = kind_under(game, m);
        assert_eq!(kind, m.role.kind(), "{m:?}: its role's kind of feature");
        match m.figure {
            Figure::Abbot => assert_eq!(kind, FeatureKind::Monastery, "{m:?}"),
            Figure::Builder => assert!(matches!(kind, FeatureKind::Road | FeatureKind::City)),
            Figure::Pig => assert_eq!(kind, FeatureKind::Field, "{m:?}"),
            _ => {}
        }
    }
    if st.legal {
        assert!(
            neighbours_match(game),
            "a legal sequence left mismatched neighbours"
        );
    }
    if st.pure {
        for m in game.meeples() {
            let f = game.feature(game.meeple_feature(m.id).unwrap()).unwrap();
            assert!(
                !f.complete || f.kind == FeatureKind::Field,
                "{m:?} stands on a completed {:?}",
                f.kind
            );
            if m.figure == Figure::Builder {
                assert!(
                    f.meeples
                        .iter()
                        .any(|o| o.colour == m.colour && follower(o.figure)),
                    "a builder without its owner's follower"
                );
                assert_eq!(game.builder_fault(m.id), None);
            }
            if m.figure == Figure::Pig {
                assert!(
                    f.meeples.iter().any(|o| o.colour == m.colour
                        && follower(o.figure)
                        && o.role == Role::Farmer),
                    "a pig without its owner's farmer"
                );
            }
        }
        assert!(game.pigs_without_farmer().is_empty());
    }
}

/// The value of a scored feature by the rules, from its summary.
fn rule_value(f: &carc_rules::FeatureSummary) -> u32 {
    let tiles = f.tiles.len() as u32;
    match f.kind {
        FeatureKind::Road => match (f.complete, f.inn_cathedral) {
            (true, true) => 2 * tiles,
            (false, true) => 0,
            _ => tiles,
        },
        FeatureKind::City => {
            let units = tiles + f.shields;
            match (f.complete, f.inn_cathedral) {
                (true, true) => 3 * units,
                (true, false) => 2 * units,
                (false, true) => 0,
                (false, false) => units,
            }
        }
        FeatureKind::Monastery => {
            assert_eq!(
                f.complete,
                tiles == 9,
                "a monastery is complete with 8 neighbours"
            );
            if f.complete {
                9
            } else {
                tiles
            }
        }
        FeatureKind::Field => 3 * f.completed_cities as u32,
    }
}

/// Checks a scoring step against the rules and the score change since `before`: each feature's
/// value, winners and pig bonus, the goods awards (final scoring, from `goods_before`), every
/// figure of a scored feature off the board.
fn check_scoring(game: &Game, s: &Scoring, before: &Snapshot, goods_before: Option<&[Goods]>) {
    let mut expected = [0i64; Color::COUNT];
    for sf in &s.features {
        let f = &sf.feature;
        assert_eq!(sf.points, rule_value(f), "value of {f:?}");
        let mut counts = [0u32; Color::COUNT];
        for m in &f.meeples {
            counts[m.colour.index()] += strength(m.figure);
        }
        let max = counts.iter().copied().max().unwrap_or(0);
        let winners: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|c| max > 0 && counts[c.index()] == max)
            .collect();
        assert_eq!(sf.winners, winners, "winners of {f:?}");
        for &c in &winners {
            let pig = f.kind == FeatureKind::Field
                && f.meeples
                    .iter()
                    .any(|m| m.colour == c && m.figure == Figure::Pig);
            // 4 per completed city instead of 3 for a winner with their own pig in the field
            let points = if pig { sf.points / 3 * 4 } else { sf.points };
            assert_eq!(sf.points_of(c), points, "{c:?} on {f:?}");
            expected[c.index()] += i64::from(points);
        }
        for m in &f.meeples {
            assert!(
                game.meeple(m.id).is_none(),
                "{m:?} stayed on a scored feature"
            );
        }
        let mut returned: Vec<MeepleId> = sf.returned.iter().map(|m| m.id).collect();
        returned.sort();
        let mut on: Vec<MeepleId> = f.meeple_ids();
        on.sort();
        assert_eq!(returned, on, "every figure of a scored feature returns");
    }
    match goods_before {
        Some(held) => {
            let mut awards = 0;
            for good in Good::ALL {
                let most = held.iter().map(|g| g.get(good)).max().unwrap_or(0);
                if most == 0 {
                    continue;
                }
                let award = &s.goods[awards];
                awards += 1;
                assert_eq!((award.good, award.tokens, award.points), (good, most, 10));
                for c in Color::ALL {
                    let wins = held[c.index()].get(good) == most;
                    assert_eq!(award.winners.contains(&c), wins, "{good}: {c:?}");
                    if wins {
                        expected[c.index()] += 10;
                    }
                }
            }
            assert_eq!(s.goods.len(), awards, "one award per good held");
        }
        None => assert!(s.goods.is_empty()),
    }
    for c in Color::ALL {
        assert_eq!(
            game.score(c) - before.score[c.index()],
            expected[c.index()],
            "{c:?}: the score changed by what was scored"
        );
        assert_eq!(
            i64::from(s.gain(c)),
            expected[c.index()],
            "{c:?}: the reported gain"
        );
    }
}

/// Whether `figure` as `role` at `place` of the tile just placed at `pos` is legal, by the
/// rules read off the feature summaries (not the engine's deployment checks); `f` is the
/// feature at `place` (`None`: no segment there).
fn rule_legal(
    game: &Game,
    colour: Color,
    figure: Figure,
    pos: Pos,
    role: Role,
    place: Place,
    f: Option<&FeatureSummary>,
) -> bool {
    let t = game.tile_at(pos).expect("the tile just placed");
    let farmers = game.config().farmers;
    let available = || game.figure_available(colour, figure).is_ok();
    if figure == Figure::Abbot {
        // on the tile's monastery or, without one, its garden; the centre; as a monk
        if role != Role::Monk || place != Place::Centre {
            return false;
        }
        let holds = t.tile.has_monastery() || t.tile.has_garden();
        let taken = match f {
            Some(f) => f.meeples.iter().any(|m| occupies(m.figure)),
            None => game
                .meeples()
                .any(|m| m.pos == pos && m.place == Place::Centre && occupies(m.figure)),
        };
        return holds && !taken && available();
    }
    let (Some(seg), Some(f)) = (t.tile.segment_at(t.rot, place), f) else {
        return false;
    };
    match figure {
        Figure::Meeple | Figure::LargeMeeple => {
            seg.kind == role.kind()
                && (seg.kind != FeatureKind::Field || farmers)
                && !f.meeples.iter().any(|m| occupies(m.figure))
                && available()
        }
        // a builder takes its role from its place
        Figure::Builder => {
            matches!(seg.kind, FeatureKind::Road | FeatureKind::City)
                && !f.complete
                && f.meeples
                    .iter()
                    .any(|m| m.colour == colour && follower(m.figure))
                && available()
        }
        Figure::Pig => {
            role == Role::Farmer
                && seg.kind == FeatureKind::Field
                && farmers
                && f.meeples
                    .iter()
                    .any(|m| m.colour == colour && follower(m.figure) && m.role == Role::Farmer)
                && available()
        }
        Figure::Abbot => unreachable!(),
    }
}

/// Every deployment the legal lists offer on the tile just placed at `pos`, after checking
/// them and `figure_deploy_faults` against [`rule_legal`] for every figure, role and place.
fn legal_actions(st: &mut State, colour: Color, pos: Pos) -> Vec<PartAction> {
    let game = &mut st.game;
    let t = game.tile_at(pos).unwrap();
    let before = snapshot(game);
    // what each list offers
    let listed: Vec<Vec<(Role, Place)>> = Figure::ALL
        .into_iter()
        .map(|figure| match figure {
            Figure::Builder => game
                .legal_builder_places(colour, pos)
                .into_iter()
                .map(|p| (t.tile.segment_at(t.rot, p).unwrap().kind.role(), p))
                .collect(),
            Figure::Pig => game
                .legal_pig_deployments(colour, pos)
                .into_iter()
                .map(|p| (Role::Farmer, p))
                .collect(),
            _ => game.legal_figure_deployments(colour, figure, pos),
        })
        .collect();
    let seg_of = |p: Place| t.tile.segment_at(t.rot, p).map(|s| s.index);
    for place in places() {
        let feature = game
            .feature_at(pos, place)
            .map(|id| game.feature(id).unwrap());
        for (figure, listed) in Figure::ALL.into_iter().zip(&listed) {
            for role in Role::ALL {
                let rule = rule_legal(game, colour, figure, pos, role, place, feature.as_ref());
                let faults = game.figure_deploy_faults(colour, figure, pos, role, Some(place));
                assert_eq!(
                    faults.is_empty(),
                    rule,
                    "{colour:?} {figure} {role:?} {place:?} on {} {:?}: {faults:?}",
                    t.tile.token(),
                    t.rot
                );
                // the list names each legal segment (the abbot: the centre) once
                let in_list = listed.iter().any(|&(r, p)| {
                    (figure == Figure::Builder || r == role)
                        && match figure {
                            Figure::Abbot => p == place,
                            _ => seg_of(p).is_some() && seg_of(p) == seg_of(place),
                        }
                });
                assert_eq!(
                    in_list,
                    rule,
                    "{colour:?} {figure} {role:?} {place:?} on {}: listed {listed:?}",
                    t.tile.token()
                );
            }
        }
    }
    assert_eq!(
        before,
        snapshot(game),
        "the deployment checks changed the game"
    );
    let mut actions = vec![PartAction::Nothing];
    for (figure, listed) in Figure::ALL.into_iter().zip(listed) {
        if st.sets_figures.contains(&figure) {
            actions.extend(
                listed
                    .into_iter()
                    .map(|(r, p)| PartAction::Deploy(figure, r, Some(p))),
            );
        }
    }
    if st.sets_figures.contains(&Figure::Abbot)
        && game
            .meeples()
            .any(|m| m.colour == colour && m.figure == Figure::Abbot)
    {
        actions.push(PartAction::Recall);
    }
    actions
}

/// The goods symbols of the cities through the tile at `pos` that are complete, each city
/// once: what its placer takes (from the segments' modifiers, not the engine's goods).
fn goods_completed(game: &Game, pos: Pos) -> Goods {
    let mut cities = Vec::new();
    for (seg, id) in game.features_on(pos) {
        if seg.kind == FeatureKind::City && !cities.contains(&id) {
            cities.push(id);
        }
    }
    let mut total = Goods::NONE;
    for id in cities {
        let f = game.feature(id).unwrap();
        if !f.complete {
            continue;
        }
        let count = |m: Modifiers| {
            f.segments
                .iter()
                .filter(|(_, s)| s.modifiers.contains(m))
                .count() as u32
        };
        total += Goods::new(
            count(Modifiers::WINE),
            count(Modifiers::GRAIN),
            count(Modifiers::CLOTH),
        );
    }
    total
}

/// A recall by `colour` now, checked: allowed exactly when its abbot stands on an unfinished
/// monastery or garden; it scores 1 + 1 per neighbouring tile for `colour`.
fn checked_recall(game: &mut Game, colour: Color) -> Option<Scoring> {
    let abbot = game
        .meeples()
        .find(|m| m.colour == colour && m.figure == Figure::Abbot)
        .copied();
    let before = snapshot(game);
    match game.recall(colour) {
        Ok(s) => {
            let abbot = abbot.expect("a recall needs an abbot on the board");
            let f = game
                .feature(
                    game.feature_at(abbot.pos, Place::Centre)
                        .unwrap_or(s.features[0].feature.id),
                )
                .unwrap();
            assert!(!f.complete, "recalled from a completed {f:?}");
            let around = abbot
                .pos
                .around()
                .filter(|&p| game.tile_at(p).is_some())
                .count();
            assert_eq!(s.features.len(), 1);
            assert_eq!(
                s.gain(colour) as usize,
                1 + around,
                "a recall scores 1 + neighbours"
            );
            check_scoring(game, &s, &before, None);
            Some(s)
        }
        Err(e) => {
            assert_eq!(before, snapshot(game), "a refused recall changed the game");
            match abbot {
                None => assert_eq!(e, carc_rules::RecallError::NoAbbot),
                Some(a) => {
                    assert_eq!(e, carc_rules::RecallError::Completed);
                    let around = a
                        .pos
                        .around()
                        .filter(|&p| game.tile_at(p).is_some())
                        .count();
                    assert_eq!(around, 8, "refused while unfinished");
                }
            }
            None
        }
    }
}

/// A whole legal turn part of `colour` (a bonus part when `bonus`): a placement from the move
/// generator (the river's rules for a river tile), a legal action, scoring and goods; replayed
/// through `play_part` on a copy, which must end in the same state. Returns whether a tile was
/// placed.
fn legal_part(st: &mut State, b: &mut Bytes, colour: Color, bonus: bool) -> bool {
    let tile = b.pick(&st.tiles);
    let (pos, rot) = if st.game.tiles().is_empty() {
        (Pos::new(0, 0), b.pick(&Rotation::ALL))
    } else {
        let all = st.game.legal_placements(tile);
        assert_eq!(all.is_empty(), !st.game.has_legal_placement(tile));
        let placements = if st.on(TileSet::River) && river::is_river(tile) {
            let r = river::legal_placements(&st.game, tile);
            for &(p, rot) in &r {
                assert!(all.contains(&(p, rot)));
                assert!(river::legal_in_river_game(&st.game, tile, p, rot));
                assert!(!river::river_faults(&st.game, tile, p, rot)
                    .iter()
                    .any(|f| f.is_error()));
            }
            r
        } else {
            all
        };
        if placements.is_empty() {
            return false;
        }
        placements[usize::from(b.byte()) % placements.len()]
    };
    assert_eq!(st.game.check_placement(tile, pos, rot), Ok(()));
    let copy = st.game.clone();
    let held = st.game.goods(colour);
    // each builder's road or city before the placement
    let builders: Vec<(Color, carc_rules::FeatureId)> = st
        .game
        .meeples()
        .filter(|m| m.figure == Figure::Builder)
        .map(|m| (m.colour, st.game.meeple_feature(m.id).unwrap()))
        .collect();
    st.game
        .place_tile_unchecked(tile, pos, rot)
        .expect("a legal placement");
    if bonus {
        st.game.mark_bonus_part();
    }
    // the bonus: earned when the placer's builder's road or city was extended by this tile,
    // never in a bonus part
    for c in Color::ALL {
        let had = builders.iter().find(|(o, _)| *o == c);
        let extended = had.is_some_and(|&(_, id)| {
            let now = st.game.feature(id).unwrap().id;
            st.game
                .features_on(pos)
                .iter()
                .any(|(s, f)| matches!(s.kind, FeatureKind::Road | FeatureKind::City) && *f == now)
        });
        let expected = if bonus {
            Err(BonusError::Chained)
        } else if had.is_none() {
            Err(BonusError::NoBuilder)
        } else if !extended {
            Err(BonusError::NotExtended)
        } else {
            Ok(())
        };
        assert_eq!(
            st.game.bonus_check(c).map(|_| ()),
            expected,
            "{c:?}'s bonus"
        );
    }
    let actions = legal_actions(st, colour, pos);
    let action = actions[usize::from(b.byte()) % actions.len()];
    let mut recall_refused = false;
    let mut gained = [0u32; Color::COUNT];
    match action {
        PartAction::Nothing => {}
        PartAction::Deploy(figure, role, place) => {
            st.game
                .deploy_figure(colour, figure, pos, role, place)
                .expect("a legal deployment");
        }
        PartAction::Recall => match checked_recall(&mut st.game, colour) {
            Some(s) => gained = s.gains(),
            None => recall_refused = true,
        },
    }
    let before = snapshot(&st.game);
    let s = st.game.score_completed(pos);
    check_scoring(&st.game, &s, &before, None);
    let expected = goods_completed(&st.game, pos);
    let taken = st.game.take_goods(colour, pos);
    assert_eq!(
        taken, expected,
        "the placer takes the goods of the completed cities"
    );
    assert_eq!(st.game.goods(colour), held + taken);
    for c in Color::ALL {
        gained[c.index()] += s.gain(c);
    }
    // the same part through play_part
    let mut other = copy;
    let before = snapshot(&other);
    match other.play_part(colour, tile, pos, rot, action, bonus) {
        Ok(s2) => {
            assert!(!recall_refused, "play_part allowed a refused recall");
            assert_eq!(s2.gains(), gained, "play_part scored otherwise");
            assert_eq!(
                snapshot(&other),
                snapshot(&st.game),
                "play_part ended otherwise"
            );
        }
        Err(e) => {
            assert!(recall_refused, "play_part refused a legal part: {e:?}");
            assert_eq!(
                before,
                snapshot(&other),
                "a refused play_part changed the game"
            );
        }
    }
    true
}

fn check_refused<T: std::fmt::Debug, E: std::fmt::Debug>(
    game: &Game,
    before: &Snapshot,
    r: &Result<T, E>,
    what: &str,
) {
    if r.is_err() {
        assert_eq!(
            *before,
            snapshot(game),
            "a refused {what} changed the game: {r:?}"
        );
    }
}

fn action(b: &mut Bytes) -> PartAction {
    match b.byte() % 4 {
        0 => PartAction::Nothing,
        1 => PartAction::Recall,
        _ => PartAction::Deploy(b.pick(&Figure::ALL), b.pick(&Role::ALL), b.place()),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let header = b.byte();
    let sets_byte = b.byte();
    let sets: Vec<TileSet> = SETS
        .into_iter()
        .enumerate()
        .filter(|(i, _)| sets_byte >> i & 1 == 1)
        .map(|(_, s)| s)
        .collect();
    let allowed: Vec<Color> = Color::allowed(&sets).collect();
    let players: Vec<Color> = allowed[..1 + usize::from(header & 7) % allowed.len()].to_vec();
    let farmers = header & 0x80 == 0;
    let tiles: Vec<TileType> = TileType::ALL
        .into_iter()
        .filter(|t| matches!(t.set(), TileSet::Base | TileSet::Abbot) || sets.contains(&t.set()))
        .collect();
    let mut sets_figures = vec![Figure::Meeple];
    for (set, figures) in [
        (TileSet::InnsCathedrals, &[Figure::LargeMeeple][..]),
        (TileSet::Abbot, &[Figure::Abbot][..]),
        (
            TileSet::TradersBuilders,
            &[Figure::Builder, Figure::Pig][..],
        ),
    ] {
        if sets.contains(&set) {
            sets_figures.extend_from_slice(figures);
        }
    }
    let mut st = State {
        game: Game::new(Config::new(players.clone(), farmers)),
        sets,
        tiles,
        players,
        sets_figures,
        scores: [0; Color::COUNT],
        goods: [Goods::NONE; Color::COUNT],
        legal: true,
        pure: true,
        turn: 0,
        bonus: None,
    };
    // the river's spring as start tile (`rules river`), or none: the first turn places its tile
    if st.on(TileSet::River) && sets_byte & 0x10 == 0 {
        let spring = TileType::from_token("r.A").unwrap();
        st.game
            .place_tile_unchecked(spring, Pos::new(0, 0), Rotation::R0)
            .unwrap();
    }
    check(&mut st);
    for _ in 0..300 {
        let Some(op) = b.next() else { break };
        let colour = st.players[st.turn % st.players.len()];
        match op % 16 {
            0..=6 => {
                // a legal turn part: the bonus part owed, if any (optional), else a turn
                match st.bonus.take() {
                    Some(c) if b.byte() % 4 != 0 => {
                        legal_part(&mut st, &mut b, c, true);
                    }
                    _ => {
                        if legal_part(&mut st, &mut b, colour, false) {
                            st.turn += 1;
                            if st.on(TileSet::TradersBuilders) && st.game.bonus_earned(colour) {
                                st.bonus = Some(colour);
                            }
                        }
                    }
                }
            }
            7 => {
                // any placement anywhere, legal or not, of any tile
                let (tile, pos, rot) = (b.pick(&TileType::ALL), b.pos(), b.pick(&Rotation::ALL));
                let checked = st.game.check_placement(tile, pos, rot);
                let occupied = checked.as_ref().is_err_and(|e| e.occupied);
                let before = snapshot(&st.game);
                let placed = st.game.place_tile_unchecked(tile, pos, rot);
                assert_eq!(placed.is_err(), occupied);
                check_refused(&st.game, &before, &placed, "placement");
                if placed.is_ok() {
                    st.pure = false;
                    st.bonus = None;
                    if checked.is_err() {
                        st.legal = false;
                    }
                }
            }
            8 => {
                // any figure anywhere; deploy_figure refuses exactly what figure_deploy_faults
                // lists, with its first fault
                let pos = if b.byte() % 2 == 0 {
                    st.game.last_placed().unwrap_or_default()
                } else {
                    b.pos()
                };
                let (c, figure, role, place) = (
                    b.pick(&Color::ALL),
                    b.pick(&Figure::ALL),
                    b.pick(&Role::ALL),
                    b.place(),
                );
                let before = snapshot(&st.game);
                let faults = st.game.figure_deploy_faults(c, figure, pos, role, place);
                assert_eq!(
                    before,
                    snapshot(&st.game),
                    "figure_deploy_faults changed the game"
                );
                let r = st.game.deploy_figure(c, figure, pos, role, place);
                check_refused(&st.game, &before, &r, "deployment");
                match &r {
                    Ok(_) => {
                        assert!(faults.is_empty(), "deployed despite {faults:?}");
                        st.pure = false;
                    }
                    Err(e) => assert_eq!(faults.first(), Some(e), "the first fault"),
                }
            }
            9 => {
                let (pos, c, figure, role, place) = (
                    b.pos(),
                    b.pick(&Color::ALL),
                    b.pick(&Figure::ALL),
                    b.pick(&Role::ALL),
                    b.place(),
                );
                let before = snapshot(&st.game);
                let r = st.game.setup_figure(c, figure, pos, role, place);
                check_refused(&st.game, &before, &r, "setup figure");
                if r.is_ok() {
                    st.pure = false;
                }
            }
            10 => {
                let c = b.pick(&Color::ALL);
                checked_recall(&mut st.game, c);
            }
            11 => {
                let (tile, pos, rot) = (b.pick(&st.tiles), b.pos(), b.pick(&Rotation::ALL));
                let meeple = match b.byte() % 3 {
                    0 => None,
                    _ => Some((b.pick(&Role::ALL), b.place())),
                };
                let before = snapshot(&st.game);
                let r = st.game.play_turn(colour, tile, pos, rot, meeple);
                check_refused(&st.game, &before, &r, "turn");
                if let Ok(s) = &r {
                    check_scoring(&st.game, s, &before, None);
                    st.turn += 1;
                    st.bonus = None;
                }
            }
            12 => {
                let (c, tile, pos, rot) = (
                    b.pick(&st.players),
                    b.pick(&st.tiles),
                    b.pos(),
                    b.pick(&Rotation::ALL),
                );
                let (act, bonus) = (action(&mut b), b.byte() % 2 == 0);
                let before = snapshot(&st.game);
                let r = st.game.play_part(c, tile, pos, rot, act, bonus);
                check_refused(&st.game, &before, &r, "turn part");
                if let Ok(s) = &r {
                    check_scoring(&st.game, s, &before, None);
                    st.bonus = None;
                }
            }
            13 => {
                let ids: Vec<MeepleId> = st.game.meeples().map(|m| m.id).collect();
                let id = match ids.len() {
                    0 => MeepleId(u32::from(b.byte())),
                    n => ids[usize::from(b.byte()) % n],
                };
                if st.game.remove_meeple(id).is_some() {
                    st.pure = false;
                }
            }
            14 => {
                let pos = b.pos();
                let before = snapshot(&st.game);
                let s = st.game.score_completed(pos);
                check_scoring(&st.game, &s, &before, None);
                if st.pure {
                    // a completed feature is scored once, by the turn that completed it
                    assert!(s.features.is_empty(), "scored again: {s:?}");
                }
            }
            _ => {
                // queries
                if let Some(t) = st.game.tiles().get(usize::from(b.byte())).copied() {
                    for (_, id) in st.game.features_on(t.pos) {
                        let feature = st.game.feature(id).expect("a feature of a placed tile");
                        assert!(
                            feature.tiles.contains(&t.pos)
                                || feature.kind == FeatureKind::Monastery
                        );
                    }
                    let _ = st.game.completed_goods(t.pos);
                }
                for id in st.game.all_features() {
                    let _ = st.game.feature(id).expect("a feature");
                }
                let ids: Vec<MeepleId> = st.game.meeples().map(|m| m.id).collect();
                for id in ids {
                    let _ = st.game.builder_fault(id);
                }
                let _ = st.game.goods_awards();
                let _ = river::open_ends(&st.game);
                let (tile, pos, rot) = (b.pick(&TileType::ALL), b.pos(), b.pick(&Rotation::ALL));
                let _ = river::river_faults(&st.game, tile, pos, rot);
            }
        }
        check(&mut st);
    }
    let before = snapshot(&st.game);
    let held: Vec<Goods> = Color::ALL.map(|c| st.game.goods(c)).to_vec();
    let s = st.game.final_scoring();
    check_scoring(&st.game, &s, &before, Some(&held));
    check(&mut st);
    assert_eq!(
        st.game.meeples().count(),
        0,
        "final scoring returns every figure"
    );
    let again = st.game.final_scoring();
    assert!(
        again.features.is_empty() && again.goods.is_empty(),
        "a second final scoring scored {again:?}"
    );
});
