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
