//! Regressions found by the `engine` fuzz target (fuzz/fuzz_targets/engine.rs): each test is a
//! minimised crash, written as the rule it broke.

use carc_rules::*;

/// The tile `token`.
fn tile(token: &str) -> TileType {
    TileType::from_token(token).unwrap()
}

/// The abbot stands on a monastery or garden, so it is deployed as a monk only: the engine took
/// `deploy_figure(_, Abbot, _, Knight, Some(Centre))` and stood an abbot with the role of a
/// knight on `Ig`'s garden (found: input `[19, 26, 19, 26]`).
#[test]
fn the_abbot_is_a_monk_only() {
    let mut g = Game::new(Config::new(vec![Color::Red, Color::Blue], true));
    let at = Pos::new(0, 0);
    g.place_tile_unchecked(tile("Ig"), at, Rotation::R0)
        .unwrap();
    for role in [Role::Knight, Role::Traveller, Role::Farmer] {
        for place in [None, Some(Place::Centre)] {
            assert_eq!(
                g.deploy_figure(Color::Red, Figure::Abbot, at, role, place),
                Err(DeployError::NoSuchPlace),
                "{role:?}"
            );
            assert_eq!(
                g.figure_deploy_faults(Color::Red, Figure::Abbot, at, role, place),
                [DeployError::NoSuchPlace]
            );
            assert_eq!(
                g.setup_figure(Color::Red, Figure::Abbot, at, role, place),
                Err(DeployError::NoSuchPlace)
            );
        }
    }
    assert_eq!(g.meeples().count(), 0, "nothing was deployed");
    g.deploy_figure(
        Color::Red,
        Figure::Abbot,
        at,
        Role::Monk,
        Some(Place::Centre),
    )
    .unwrap();
    let abbot = g.meeples().next().unwrap();
    assert_eq!((abbot.figure, abbot.role), (Figure::Abbot, Role::Monk));
}

/// Final scoring pays the goods awards once: a second call (outside the rules, but callers may
/// make it) gave every leader another 10 per good while it scored no feature again (found by
/// the `engine` fuzz target's second final scoring).
#[test]
fn goods_awards_are_paid_once() {
    let mut g = Game::new(Config::new(vec![Color::Red, Color::Blue], true));
    g.place_tile_unchecked(tile("D"), Pos::new(0, 0), Rotation::R0)
        .unwrap();
    // red leads wine alone and ties blue on cloth: 10 + 10 for red, 10 for blue
    g.set_goods(Color::Red, Goods::new(2, 0, 1));
    g.set_goods(Color::Blue, Goods::new(1, 0, 1));
    let first = g.final_scoring();
    assert_eq!(first.goods.len(), 2, "{first:?}");
    assert_eq!((g.score(Color::Red), g.score(Color::Blue)), (20, 10));
    let again = g.final_scoring();
    assert!(
        again.goods.is_empty() && again.features.is_empty(),
        "{again:?}"
    );
    assert_eq!((g.score(Color::Red), g.score(Color::Blue)), (20, 10));
    // a reset game awards again
    g.reset(None);
    g.set_goods(Color::Blue, Goods::new(0, 3, 0));
    assert_eq!(g.final_scoring().goods.len(), 1);
    assert_eq!(g.score(Color::Blue), 10);
}
