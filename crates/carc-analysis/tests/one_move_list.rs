//! One list of legal moves: completion's cells, `carc moves`, the search's moves and the
//! simulator's choices come from the engine's one turn (issue 24). A move offered by one of
//! them and refused by another is the bug a user met in lesson 17: completion offered a river
//! U-turn that the replay refuses.

use std::collections::BTreeSet;

use carc_analysis::{analyze, completions, game_text, moves, CompletionKind};
use carc_rules::{
    cut_position_with_sets, simulate_sets, solve_with_sets, Action, Figure, Goal, Limits, Rotation,
    Step, TileSet, TileType,
};

/// The cells completion offers after `before` (a line typed up to the cursor at its end),
/// appended to `text`, with the rotations each fits.
fn completion_cells(text: &str, before: &str) -> Vec<(String, Vec<Rotation>)> {
    let doc = format!("{text}{before}");
    completions(&analyze(&doc), doc.len())
        .into_iter()
        .filter(|i| i.kind == CompletionKind::Coordinate)
        .map(|i| {
            let rots = i
                .detail
                .unwrap_or_default()
                .trim_start_matches("fits ")
                .split(' ')
                .filter_map(|w| Rotation::ALL.into_iter().find(|r| r.to_string() == w))
                .collect();
            (i.label, rots)
        })
        .collect()
}

#[test]
fn lesson_17_completion_offers_no_river_u_turn() {
    // Lesson 17 shows `refused river-uturn: turn blue r.G 3,-1 r90`: after the right turn of
    // r.E at 3,0 the river's open end is 3,-1, and r.G there may only turn left (r180, the
    // lesson's next line). Completion after `turn blue r.G ` offered six cells, U-turn
    // included; the engine's turn allows one cell and one rotation.
    let lesson = include_str!("../../../examples/lessons/17-river-opening.carc");
    let line = "refused river-uturn: turn blue r.G 3,-1 r90";
    let at = lesson.find(line).expect("the lesson's refused line");
    let before = &lesson[..at];
    let cells = completion_cells(before, "turn blue r.G ");
    assert_eq!(cells, [("3,-1".to_owned(), vec![Rotation::R180])]);
    // the same in the refused line's own words: the refused move is not offered either
    let refused = completion_cells(before, "refused river-uturn: turn blue r.G ");
    assert_eq!(refused, cells);
    // `carc moves` at that line: one placement, the same
    let line_index = lesson[..at].lines().count();
    let list = moves(&analyze(lesson), "r.G", Some(line_index)).expect("moves");
    assert_eq!(list.placements, 1);
    assert!(list
        .moves
        .iter()
        .all(|m| (m.x, m.y, m.rotation) == (3, -1, "r180")));
}

/// A move as comparable words: cell, rotation, the expansion's word, the role and place.
type Key = (i32, i32, String, Option<String>, Option<(String, String)>);

/// The word of a search or simulator [`Action`], as `carc moves` writes it.
fn action_word(action: Action) -> Option<String> {
    match action {
        Action::Plain | Action::Figure(Figure::Meeple) => None,
        Action::Figure(Figure::LargeMeeple) => Some("large".into()),
        Action::Figure(f) => Some(f.as_str().into()),
        Action::Recall => Some("recall".into()),
    }
}

fn step_key(step: &Step, action: Action) -> Option<Key> {
    let Step::Turn {
        pos, rot, meeple, ..
    } = *step
    else {
        return None;
    };
    Some((
        pos.x,
        pos.y,
        rot.to_string(),
        action_word(action),
        meeple.map(|(role, place)| (role.as_str().to_owned(), place.to_string())),
    ))
}

/// Whether two rotations of `tile` look the same (edges and segments): the lists give one
/// of them.
fn same_look(tile: TileType, a: Rotation, b: Rotation) -> bool {
    let look = |r: Rotation| {
        let mut v: Vec<_> = tile
            .segments(r)
            .map(|s| (s.kind as u8, s.places.to_string()))
            .collect();
        v.sort();
        (tile.edges(r), v)
    };
    look(a) == look(b)
}

/// Every combination of the four expansions.
fn combinations() -> Vec<Vec<TileSet>> {
    let sets = [
        TileSet::Abbot,
        TileSet::InnsCathedrals,
        TileSet::River,
        TileSet::TradersBuilders,
    ];
    (0..16u32)
        .map(|m| {
            sets.iter()
                .enumerate()
                .filter(|(i, _)| m & 1 << i != 0)
                .map(|(_, s)| *s)
                .collect()
        })
        .collect()
}

#[test]
fn completion_moves_search_and_simulator_agree_on_every_set_combination() {
    let mut positions = 0;
    let mut with_figures = 0;
    for sets in combinations() {
        for seed in 0..3u64 {
            let record = simulate_sets(seed, 2, true, &sets);
            let text = game_text(&record, "game", &[]);
            let lines: Vec<&str> = text.lines().collect();
            let header = 1 + lines
                .iter()
                .position(|l| l.starts_with("tile "))
                .expect("a start tile");
            // early (in a river opening when there is one), middle and late positions
            for cut in [1, 7, 20, 45] {
                let Some(c) = cut_position_with_sets(seed, cut, 1, true, &sets) else {
                    continue; // a discard, a bonus part or past the end
                };
                let tile = c.draws[0];
                let line = header + cut;
                let before: String = lines[..line].iter().map(|l| format!("{l}\n")).collect();
                let context = format!("{sets:?} seed {seed} cut {cut}: {}", lines[line]);

                // `carc moves`
                let list = moves(&analyze(&text), tile.token(), Some(line)).expect("moves");
                assert_eq!(list.mover, c.mover.as_str(), "{context}");
                let listed: BTreeSet<Key> = list
                    .moves
                    .iter()
                    .map(|m| {
                        (
                            m.x,
                            m.y,
                            m.rotation.to_owned(),
                            m.figure.map(str::to_owned),
                            m.meeple.map(|(r, p)| (r.to_owned(), p.to_owned())),
                        )
                    })
                    .collect();

                // the search's moves at horizon 1
                let solution = solve_with_sets(
                    &c.game,
                    c.mover,
                    &c.draws,
                    Goal::Score,
                    Limits::default(),
                    &sets,
                );
                let searched: BTreeSet<Key> = solution
                    .moves
                    .iter()
                    .filter_map(|m| step_key(&m.step, m.action))
                    .collect();
                assert_eq!(listed, searched, "{context}");

                // the simulator's choice is one of them (the simulator does not merge
                // rotations that look the same: another look's figure places have other names,
                // so such a choice is compared by its placement)
                let played = step_key(
                    &record.steps[cut],
                    record.actions.get(cut).copied().unwrap_or(Action::Plain),
                )
                .expect("a turn");
                let rot = Rotation::ALL
                    .into_iter()
                    .find(|r| r.to_string() == played.2)
                    .expect("a rotation");
                let first = Rotation::ALL
                    .into_iter()
                    .find(|f| same_look(tile, *f, rot))
                    .unwrap_or(rot);
                if first == rot {
                    assert!(listed.contains(&played), "{context}: {played:?}");
                } else {
                    let placement = (played.0, played.1, first.to_string());
                    assert!(
                        listed.iter().any(|k| (k.0, k.1, k.2.clone()) == placement),
                        "{context}: {played:?}"
                    );
                }

                // completion's cells and rotations: the same placements (every rotation of a
                // look, where the lists give its first)
                let cells = completion_cells(&before, &format!("turn {} {tile} ", c.mover));
                let offered: BTreeSet<(i32, i32, String)> = cells
                    .iter()
                    .flat_map(|(cell, rots)| {
                        let (x, y) = cell.split_once(',').expect("a cell");
                        let (x, y): (i32, i32) = (x.parse().unwrap(), y.parse().unwrap());
                        rots.iter().map(move |r| {
                            let first = Rotation::ALL
                                .into_iter()
                                .find(|f| same_look(tile, *f, *r))
                                .unwrap_or(*r);
                            (x, y, first.to_string())
                        })
                    })
                    .collect();
                let placements: BTreeSet<(i32, i32, String)> = listed
                    .iter()
                    .map(|(x, y, r, _, _)| (*x, *y, r.clone()))
                    .collect();
                assert_eq!(offered, placements, "{context}");
                assert_eq!(placements.len(), list.placements, "{context}");
                positions += 1;
                if listed.iter().any(|k| k.3.is_some()) {
                    with_figures += 1;
                }
            }
        }
    }
    // every combination gives positions, and the expansions' figures are among the moves
    assert!(positions >= 16 * 3, "{positions} positions");
    assert!(with_figures > 0, "no expansion figure among {positions}");
}
