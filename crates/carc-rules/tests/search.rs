//! The look-ahead search on small positions whose every move was valued by hand (the
//! derivations are in the comments; tiles and scoring as in docs/tiles.md).

mod common;
use carc_rules::*;
use common::*;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes allocated now and at most (for the memory test;
/// the other tests of this file run beside it and add their few megabytes).
struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = NOW.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn turn_text(step: &Step) -> String {
    match step {
        Step::Turn {
            tile,
            pos,
            rot,
            meeple,
            ..
        } => match meeple {
            Some((role, place)) => format!("{tile} {pos} {rot} {role} {place}"),
            None => format!("{tile} {pos} {rot}"),
        },
        Step::Discard { tile } => format!("discard {tile}"),
    }
}

fn values(s: &Solution) -> Vec<(String, i64)> {
    s.moves
        .iter()
        .map(|m| (turn_text(&m.step), m.value))
        .collect()
}

/// The last tile of the game, red to move, farmers on, red's supply empty (no meeple to
/// deploy, so a move is a placement).
///
/// ```text
///   0,2  N r180  city S+E (open east at 1,2), field W/N  ← blue farmer NE
///   0,1  G r90   city N–S                               ← red knight
///   0,0  D r0    city N, road E–W, field north of road   ← blue farmer NW
/// ```
///
/// The city D–G–N has 3 tiles, no shield, one open side: N's east side, at 1,2.
/// - E 1,2 r270 (city W) closes it: 4 tiles × 2 = **+8 at once** for red (the greedy move).
///   Final scoring then gives blue's two farmers 3 each: D's north field touches the city
///   (its other sides are roads, nothing joins it) and N's field touches it (its open sides
///   W and N border empty cells): two separate fields, 6 for blue. Red 8 − blue 6 = **+2**.
/// - Every other placement completes nothing: E's own city is a new cap facing an empty cell
///   (the only open city side on the board is at 1,2, and E fits there only at r270). At the
///   end red's knight scores the unfinished city, 3 tiles = 3; blue's fields touch no
///   completed city: 0. Red 3 − blue 0 = **+3**.
///
/// Placements of E (C F F F), by the cell's touching sides: 0,-1 (D's S field: N must be F:
/// r90 r180 r270), 1,1 (G's E field: W must be F: r0 r90 r180), -1,1 (G's W field: E must
/// be F: r0 r180 r270), 1,2 (N's E city: W must be C: r270), 0,3 (N's N field: S must be F:
/// r0 r90 r270), -1,2 (N's W field: E must be F: r0 r180 r270); D's E and W sides are roads,
/// which E lacks. 16 moves: one worth +2, fifteen worth +3.
#[test]
fn last_tile_closing_the_city_feeds_the_opponents_farmers() {
    let mut g = game();
    tile(&mut g, "D 0,0 r0 blue farmer NW");
    tile(&mut g, "G 0,1 r90 red knight N");
    tile(&mut g, "N 0,2 r180 blue farmer NE");
    g.set_supply(Color::Red, 0);
    let s = solve(
        &g,
        Color::Red,
        &[TileType::E],
        Goal::Final,
        Limits::default(),
    );
    assert!(s.exact);
    let v = values(&s);
    assert_eq!(v.len(), 16, "{v:?}");
    let close = ("E 1,2 r270".to_string(), 2);
    assert!(v.contains(&close), "{v:?}");
    assert_eq!(v.iter().filter(|(_, x)| *x == 3).count(), 15, "{v:?}");
    assert_eq!(v.last(), Some(&close), "the greedy move is the worst");
    let greedy = s.moves.iter().max_by_key(|m| m.points).unwrap();
    assert_eq!(turn_text(&greedy.step), "E 1,2 r270");
    assert_eq!(greedy.points, 8);
    assert_eq!(greedy.scores[Color::Red.index()], 8);
    assert_eq!(greedy.scores[Color::Blue.index()], 6);

    // Goal `score` (red's own final score): closing is 8, the rest 3.
    let s = solve(
        &g,
        Color::Red,
        &[TileType::E],
        Goal::Score,
        Limits::default(),
    );
    assert_eq!(values(&s)[0], ("E 1,2 r270".to_string(), 8));
    assert!(values(&s)[1..].iter().all(|(_, x)| *x == 3));
}

/// Two draws, E then E, red then blue, no farmers, blue's supply empty.
///
/// ```text
///   0,1  (empty: blue's city needs an E at r180 here)
///   0,0  D r0  city N ← blue knight; road E–W       1,0  U r90 road E–W
///   0,-1 E r180 city S (open at 0,-2) ← red knight
/// ```
///
/// Blue to move second can close the D city with E 0,1 r180 (+4) if the cell's other sides
/// allow a field; red can block it by putting E at 1,1 r270, its city facing west onto 0,1
/// (no E shows city both south and east). Red's moves with the first E (a move is a
/// placement, with or without red's knight on E's city when it is free):
/// - **E 0,-2 r0** closes red's city: +4 at once (the greedy move; the knight is on it already,
///   so no meeple). Blue then closes the D city (+4; anything else leaves it at 1): red 4 −
///   blue 4 = **0**.
/// - **E 1,1 r270 knight W** blocks: blue cannot close, and with an empty supply can only
///   place; nothing blue can do helps blue (closing red's city at 0,-2 gives red 4). End: red's
///   city at 0,-1 (1) + red's new cap (1) = 2, blue's D city 1: **+1**. Without the knight:
///   1 − 1 = **0**.
/// - **E 0,1 r180** closes blue's city for blue (+4); blue's knight comes back and blue puts it
///   on a new cap (+1 at the end): red 1 − blue 5 = **−4** (E's city joins blue's: no knight).
/// - Anywhere else (1,1 r0/r90, 1,-1 r90/r180, -1,-1 r0/r180/r270): blue closes the D city
///   (+4): red 1 (+1 with a knight on the new cap) − 4 = **−3**, or **−2** with the knight.
///   (-1,0 and 2,0 show roads, which E lacks.)
///
/// So blocking with the knight is the unique best, +1, and the greedy move is worth 0.
#[test]
fn two_draws_blocking_beats_scoring() {
    let mut g = Game::new(Config::new(vec![Color::Red, Color::Blue], false));
    tile(&mut g, "D 0,0 r0 blue knight N");
    tile(&mut g, "E 0,-1 r180 red knight S");
    tile(&mut g, "U 1,0 r90");
    g.set_supply(Color::Blue, 0);
    let draws = [TileType::E, TileType::E];
    let s = solve(&g, Color::Red, &draws, Goal::Final, Limits::default());
    assert!(s.exact);
    let v = values(&s);
    let expected: &[(&str, i64)] = &[
        ("E 1,1 r270 knight W", 1),
        ("E 0,-2 r0", 0),
        ("E 1,1 r270", 0),
        ("E 0,1 r180", -4),
    ];
    for (m, x) in expected {
        assert!(v.contains(&(m.to_string(), *x)), "{m} {x}: {v:?}");
    }
    assert_eq!(v[0], ("E 1,1 r270 knight W".to_string(), 1));
    assert!(v[1..].iter().all(|(_, x)| *x <= 0), "{v:?}");
    // the rest: 7 placements, each without (−3) and with (−2) a knight
    assert_eq!(v.iter().filter(|(_, x)| *x == -3).count(), 7, "{v:?}");
    assert_eq!(v.iter().filter(|(_, x)| *x == -2).count(), 7, "{v:?}");
    assert_eq!(v.len(), 18);
    // after the greedy move blue closes its city
    let greedy = s.moves.iter().find(|m| m.points == 4).unwrap();
    assert_eq!(turn_text(&greedy.step), "E 0,-2 r0");
    assert_eq!(greedy.line.len(), 1);
    assert_eq!(turn_text(&greedy.line[0]), "E 0,1 r180");
}

/// A node budget stops the search and says so; the same search with room is exact.
#[test]
fn a_budget_stops_the_search() {
    let mut g = Game::new(Config::new(vec![Color::Red, Color::Blue], false));
    tile(&mut g, "D 0,0 r0 blue knight N");
    let draws = [TileType::E, TileType::U, TileType::V];
    let limits = Limits {
        nodes: 50,
        ..Limits::default()
    };
    let s = solve(&g, Color::Red, &draws, Goal::Final, limits);
    assert_eq!(s.stopped, Some(Stop::Budget));
    assert!(!s.exact);
    assert!(s.depth < 3);
    let full = solve(&g, Color::Red, &draws, Goal::Final, Limits::default());
    assert!(full.exact && full.stopped.is_none() && full.depth == 3);
}

/// A memory limit stops the search and says so (nothing fits in one byte), and a limit so
/// tight that a node's moves keep a few games (the others are made again when searched) and the
/// table holds a few thousand entries gives the same values, line for line, as the default.
#[test]
fn a_memory_limit_bounds_the_search_without_changing_its_values() {
    let mut g = Game::new(Config::new(vec![Color::Red, Color::Blue], false));
    tile(&mut g, "D 0,0 r0 blue knight N");
    let one_byte = Limits {
        memory: 1,
        ..Limits::default()
    };
    let draws = [TileType::E, TileType::U];
    let s = solve(&g, Color::Red, &draws, Goal::Final, one_byte);
    assert_eq!(s.stopped, Some(Stop::Memory));
    assert!(!s.exact && s.moves.is_empty());
    let tight = Limits {
        memory: 1 << 20,
        ..Limits::default()
    };
    let mut compared = 0;
    for seed in 1..=8u64 {
        let Some(cut) = cut_position(seed, 20 + seed as usize, 2) else {
            continue;
        };
        for goal in [Goal::Final, Goal::Score] {
            let full = solve(&cut.game, cut.mover, &cut.draws, goal, Limits::default());
            let small = solve(&cut.game, cut.mover, &cut.draws, goal, tight);
            assert!(full.exact, "seed {seed}");
            assert!(small.exact, "seed {seed}: {:?}", small.stopped);
            assert_eq!(values(&small), values(&full), "seed {seed} {goal:?}");
            let lines = |s: &Solution| s.moves.iter().map(|m| m.line.clone()).collect::<Vec<_>>();
            assert_eq!(lines(&small), lines(&full), "seed {seed} {goal:?}");
            compared += 1;
        }
    }
    assert!(compared >= 8, "{compared} searches compared");
}

/// A long board (a row of 2,000 straight roads) and a tile that fits beside every one of
/// them (B, a monastery in a field: about 4,000 cells, three moves each, each move a copy of
/// a game of 2,000 tiles): the moves listed keep their games only within a quarter of the
/// memory limit. Before the limit a node kept every move's game: about 6 GB here (issue 25).
/// The search stops by its node budget long before the end, within its limit of 64 MiB (the
/// allocator counts: at most 64 MiB more than before, with room for the other tests).
#[test]
fn a_long_board_costs_the_search_time_not_memory() {
    let mut g = Game::new(Config::new(vec![Color::Red, Color::Blue], true));
    for x in 0..2000 {
        g.place_tile_unchecked(TileType::U, Pos::new(x, 0), Rotation::R90)
            .unwrap();
    }
    let limits = Limits {
        nodes: 1000,
        memory: 64 << 20,
        ..Limits::default()
    };
    let before = NOW.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let s = solve(
        &g,
        Color::Red,
        &[TileType::B, TileType::B],
        Goal::Final,
        limits,
    );
    let grown = PEAK.load(Ordering::Relaxed).saturating_sub(before);
    assert!(grown < 96 << 20, "the search took {} MiB", grown >> 20);
    assert!(!s.exact);
    assert!(
        matches!(s.stopped, Some(Stop::Budget | Stop::Memory)),
        "{:?}",
        s.stopped
    );
}

/// A plain minimax without pruning, transposition table or move order, from the public API
/// only: the final scores when `players[turn]` plays `draws[0]` and everybody after plays
/// for their own final score minus the other's.
fn naive(g: &Game, players: &[Color], turn: usize, draws: &[TileType]) -> [i64; Color::COUNT] {
    naive_goal(g, players, turn, draws, Goal::Final)
}

/// As [`naive`], for any number of players (max-n: each maximises their own value under the
/// goal; the first best move in generation order wins ties).
fn naive_goal(
    g: &Game,
    players: &[Color],
    turn: usize,
    draws: &[TileType],
    goal: Goal,
) -> [i64; Color::COUNT] {
    let base = |g: &Game, colour, tile, pos, rot| {
        let moves = naive_moves(g, colour, tile, pos, rot);
        moves.into_iter().map(|(_, after)| after).collect()
    };
    naive_search(g, (players, turn), draws, goal, &base)
}

/// The games after each move of one placement (`colour`, `tile`, cell, rotation).
type MoveGen<'a> = dyn Fn(&Game, Color, TileType, Pos, Rotation) -> Vec<Game> + 'a;

/// Plain max-n over the moves that `moves` lists for each placement.
fn naive_search(
    g: &Game,
    (players, turn): (&[Color], usize),
    draws: &[TileType],
    goal: Goal,
    moves: &MoveGen<'_>,
) -> [i64; Color::COUNT] {
    let Some((&tile, rest)) = draws.split_first() else {
        let mut end = g.clone();
        end.final_scoring();
        return Color::ALL.map(|c| end.score(c));
    };
    let colour = players[turn];
    let placements = g.legal_placements(tile);
    if placements.is_empty() {
        return naive_search(g, (players, turn), rest, goal, moves);
    }
    let next = (turn + 1) % players.len();
    let mut best: Option<(i64, [i64; Color::COUNT])> = None;
    for (pos, rot) in placements {
        for after in moves(g, colour, tile, pos, rot) {
            let s = naive_search(&after, (players, next), rest, goal, moves);
            let u = value(goal, players, colour, &s);
            if best.is_none_or(|(b, _)| u > b) {
                best = Some((u, s));
            }
        }
    }
    best.unwrap().1
}

/// Every meeple option of one placement, with the game after it.
fn naive_moves(
    g: &Game,
    colour: Color,
    tile: TileType,
    pos: Pos,
    rot: Rotation,
) -> Vec<(Option<(Role, Place)>, Game)> {
    let mut placed = g.clone();
    placed.place_tile_unchecked(tile, pos, rot).unwrap();
    let mut out = Vec::new();
    for meeple in
        std::iter::once(None).chain(placed.legal_deployments(colour, pos).into_iter().map(Some))
    {
        let mut after = placed.clone();
        if let Some((role, place)) = meeple {
            after.deploy(colour, pos, role, Some(place)).unwrap();
        }
        after.score_completed(pos);
        out.push((meeple, after));
    }
    out
}

/// On positions of simulated games, the search (alpha-beta, transposition table, move order)
/// values every root move as the plain minimax does.
#[test]
fn the_search_agrees_with_plain_minimax() {
    let mut compared = 0;
    for seed in 1..=6u64 {
        let Some(Cut {
            game: g,
            mover,
            draws,
        }) = cut_position(seed, 5 + seed as usize, 2)
        else {
            continue;
        };
        compared += 1;
        let players = [Color::Red, Color::Blue];
        let turn = usize::from(mover == Color::Blue);
        let s = solve(&g, mover, &draws, Goal::Final, Limits::default());
        assert!(s.exact);
        assert!(!s.moves.is_empty());
        let other = players[1 - turn];
        for m in &s.moves {
            let Step::Turn {
                pos, rot, meeple, ..
            } = m.step
            else {
                panic!("a root move is a turn");
            };
            let (_, after) = naive_moves(&g, mover, draws[0], pos, rot)
                .into_iter()
                .find(|(x, _)| *x == meeple)
                .unwrap();
            let v = naive(&after, &players, 1 - turn, &draws[1..]);
            assert_eq!(
                m.value,
                v[mover.index()] - v[other.index()],
                "seed {seed}: {}",
                turn_text(&m.step)
            );
        }
    }
    assert!(compared >= 4, "{compared} positions compared");
}

/// A colour's value of final scores under a goal (the module docs of `search`).
fn value(goal: Goal, players: &[Color], colour: Color, s: &[i64; Color::COUNT]) -> i64 {
    let own = s[colour.index()];
    match goal {
        Goal::Score => own,
        Goal::Final => {
            let best = players
                .iter()
                .filter(|&&c| c != colour)
                .map(|c| s[c.index()])
                .max();
            own - best.unwrap_or(0)
        }
    }
}

/// Three players (max-n, no pruning), the `score` goal with two, and `final` with two
/// (alpha-beta): the search's values equal the plain max-n's, ties included.
#[test]
fn max_n_agrees_with_plain_max_n() {
    let players = [Color::Red, Color::Blue, Color::Green];
    let mut g = Game::new(Config::new(players.to_vec(), true));
    tile(&mut g, "D 0,0 r0 blue knight N");
    tile(&mut g, "E 0,-1 r180 green knight S");
    tile(&mut g, "U 1,0 r90 red traveller E");
    tile(&mut g, "V -1,0 r180");
    let draws = [TileType::E, TileType::U, TileType::B];
    let mut compared = 0;
    for (goal, players) in [
        (Goal::Final, &players[..]),
        (Goal::Score, &players[..]),
        (Goal::Score, &players[..2]),
        // zero-sum with three draws: alpha-beta and the killer move at the last draw's leaf
        // nodes (a two-draw search never cuts off there: the root searches each move with a
        // full window)
        (Goal::Final, &players[..2]),
    ] {
        let mut g = g.clone();
        if players.len() == 2 {
            g = {
                let mut two = Game::new(Config::new(players.to_vec(), true));
                for t in g.tiles() {
                    two.place_tile_unchecked(t.tile, t.pos, t.rot).unwrap();
                }
                two
            };
        }
        let s = solve(&g, Color::Red, &draws, goal, Limits::default());
        assert!(s.exact);
        for m in &s.moves {
            let Step::Turn {
                pos, rot, meeple, ..
            } = m.step
            else {
                panic!("a root move is a turn");
            };
            let (_, after) = naive_moves(&g, Color::Red, draws[0], pos, rot)
                .into_iter()
                .find(|(x, _)| *x == meeple)
                .unwrap();
            let v = naive_goal(&after, players, 1, &draws[1..], goal);
            assert_eq!(
                m.scores,
                v,
                "{goal:?} {}: {}",
                players.len(),
                turn_text(&m.step)
            );
            assert_eq!(m.value, value(goal, players, Color::Red, &v));
            compared += 1;
        }
    }
    assert!(compared > 30, "{compared}");
}

/// Every outcome (final scores) reachable from `g` under some tie-break, by the definition
/// itself: each child's outcomes enumerated, then every combination of one outcome per child
/// tried, the player to move taking each child that is best for them in that combination.
/// `None` when the combinations exceed `cap`.
fn naive_tie_outcomes(
    g: &Game,
    (players, turn): (&[Color], usize),
    draws: &[TileType],
    goal: Goal,
    cap: usize,
) -> Option<Vec<[i64; Color::COUNT]>> {
    let Some((&tile, rest)) = draws.split_first() else {
        let mut end = g.clone();
        end.final_scoring();
        return Some(vec![Color::ALL.map(|c| end.score(c))]);
    };
    let colour = players[turn];
    let placements = g.legal_placements(tile);
    if placements.is_empty() {
        return naive_tie_outcomes(g, (players, turn), rest, goal, cap);
    }
    let next = (turn + 1) % players.len();
    let mut children = Vec::new();
    for (pos, rot) in placements {
        for (_, after) in naive_moves(g, colour, tile, pos, rot) {
            children.push(naive_tie_outcomes(
                &after,
                (players, next),
                rest,
                goal,
                cap,
            )?);
        }
    }
    let combinations = children
        .iter()
        .try_fold(1usize, |n, c| n.checked_mul(c.len()).filter(|&n| n <= cap))?;
    let mut out: Vec<[i64; Color::COUNT]> = Vec::new();
    for k in 0..combinations {
        // the k-th combination, one outcome per child (mixed radix)
        let mut rest_k = k;
        let picked: Vec<[i64; Color::COUNT]> = children
            .iter()
            .map(|c| {
                let o = c[rest_k % c.len()];
                rest_k /= c.len();
                o
            })
            .collect();
        let best = picked
            .iter()
            .map(|o| value(goal, players, colour, o))
            .max()?;
        for o in picked {
            if value(goal, players, colour, &o) == best && !out.contains(&o) {
                out.push(o);
            }
        }
    }
    Some(out)
}

/// The tie analysis (`solve_ties`: each move's worst and best value over every tie-break of
/// the later turns) against the definition enumerated combination by combination, with two
/// and three players, both goals, two and three draws.
#[test]
fn tie_ranges_agree_with_every_tie_break_enumerated() {
    let three = [Color::Red, Color::Blue, Color::Green];
    let mut g3 = Game::new(Config::new(three.to_vec(), true));
    tile(&mut g3, "D 0,0 r0 blue knight N");
    tile(&mut g3, "E 0,-1 r180 green knight S");
    tile(&mut g3, "U 1,0 r90 red traveller E");
    tile(&mut g3, "V -1,0 r180");
    let mut g2 = Game::new(Config::new(three[..2].to_vec(), true));
    for t in g3.tiles() {
        g2.place_tile_unchecked(t.tile, t.pos, t.rot).unwrap();
    }
    let (mut compared, mut ranges) = (0, 0);
    for (goal, players, g) in [
        (Goal::Final, &three[..], &g3),
        (Goal::Score, &three[..], &g3),
        (Goal::Score, &three[..2], &g2),
        (Goal::Final, &three[..2], &g2),
    ] {
        for draws in [
            &[TileType::E, TileType::U][..],
            &[TileType::E, TileType::U, TileType::B],
        ] {
            let ties = solve_ties(g, Color::Red, draws, goal, Limits::default());
            assert_eq!(ties.stopped, None);
            assert!(!ties.moves.is_empty());
            for m in &ties.moves {
                let Step::Turn {
                    pos, rot, meeple, ..
                } = m.step
                else {
                    panic!("a root move is a turn");
                };
                let (_, after) = naive_moves(g, Color::Red, draws[0], pos, rot)
                    .into_iter()
                    .find(|(x, _)| *x == meeple)
                    .unwrap();
                let Some(all) =
                    naive_tie_outcomes(&after, (players, 1), &draws[1..], goal, 1 << 16)
                else {
                    continue;
                };
                let values: Vec<i64> = all
                    .iter()
                    .map(|o| value(goal, players, Color::Red, o))
                    .collect();
                let (lo, hi) = (*values.iter().min().unwrap(), *values.iter().max().unwrap());
                let what = format!(
                    "{goal:?} {} {}: {}",
                    players.len(),
                    draws.len(),
                    turn_text(&m.step)
                );
                assert_eq!((m.worst.value, m.best.value), (lo, hi), "{what}");
                // the witnesses are outcomes of the definition, with their values
                assert!(
                    all.contains(&m.worst.scores) && all.contains(&m.best.scores),
                    "{what}"
                );
                assert_eq!(
                    m.worst.value,
                    value(goal, players, Color::Red, &m.worst.scores)
                );
                compared += 1;
                ranges += usize::from(lo < hi);
            }
            if players.len() == 2 && goal == Goal::Final {
                // zero-sum: a tie for one player is a tie for the other
                assert!(ties.moves.iter().all(|m| m.worst.value == m.best.value));
            }
        }
    }
    assert!(compared > 60, "{compared} moves compared");
    assert!(
        ranges > 0,
        "no move whose value depends on a tie-break: nothing tested"
    );
    eprintln!("{compared} moves compared, {ranges} with a range of values");
}

// ---------------------------------------------------------------------------------------------
// The expansions' moves: the large meeple (Inns & Cathedrals), the abbot and its recall (The
// Abbot), searched where `solve_with_sets` switches them on.

/// A root move as a `turn` line writes it after the colour, with its figure word.
fn move_text(m: &RootMove) -> String {
    let text = turn_text(&m.step);
    match m.action {
        Action::Recall => format!("{text} recall"),
        Action::Figure(Figure::Abbot) => {
            // the step's meeple is the abbot's monastery or garden, written `abbot`
            let Step::Turn { tile, pos, rot, .. } = m.step else {
                unreachable!()
            };
            format!("{tile} {pos} {rot} abbot")
        }
        Action::Figure(Figure::LargeMeeple) => {
            let (placement, meeple) = text.split_at(text.find(" traveller").unwrap_or(text.len()));
            format!("{placement} large{meeple}")
        }
        _ => text,
    }
}

/// Red's moves under the goal `final` with the expansions of `sets`, unbounded.
fn red_final(g: &Game, draws: &[TileType], sets: &[TileSet]) -> Solution {
    solve_with_sets(g, Color::Red, draws, Goal::Final, Limits::default(), sets)
}

fn move_values(s: &Solution) -> Vec<(String, i64)> {
    s.moves.iter().map(|m| (move_text(m), m.value)).collect()
}

/// Red plays alone (the value is red's final score), farmers off, red's supply empty. Red's
/// abbot stands on the monastery B at 0,0; the draws are B, then B.
///
/// With the first B red can only place it (no meeple in supply, the abbot is in use) or
/// recall the abbot. All four cells next to 0,0 look alike (B looks the same every way):
/// - **recall**: 1 + 1 neighbour = 2 at once; the abbot is back, so the second B takes it,
///   placed next to the first B and diagonal to 0,0 (2 neighbours, the most two other tiles
///   give): 1 + 2 = 3 at the end. **2 + 3 = 5.**
/// - **no recall**: the second B has no figure to take (supply empty, abbot in use); the abbot
///   at 0,0 then has 2 neighbours at most, recalled or scored at the end: 1 + 2 = **3**.
///
/// 4 placements × (nothing, recall) = 8 moves: the four recalls are worth 5, the rest 3.
/// Without The Abbot's rules there is no recall: 4 moves, each worth 3.
#[test]
fn recalling_the_abbot_to_use_it_again_is_best() {
    let mut g = Game::new(Config::new(vec![Color::Red], false));
    g.place_tile_unchecked(TileType::B, Pos::new(0, 0), Rotation::R0)
        .unwrap();
    g.setup_figure(Color::Red, Figure::Abbot, Pos::new(0, 0), Role::Monk, None)
        .unwrap();
    g.set_supply(Color::Red, 0);
    let draws = [TileType::B, TileType::B];
    let s = red_final(&g, &draws, &[TileSet::Abbot]);
    assert!(s.exact);
    let v = move_values(&s);
    assert_eq!(v.len(), 8, "{v:?}");
    for (m, value) in &v[..4] {
        assert!(m.ends_with(" recall"), "{v:?}");
        assert_eq!(*value, 5, "{v:?}");
    }
    assert!(v[4..].iter().all(|(m, x)| *x == 3 && !m.contains("recall")));
    let best = &s.moves[0];
    assert_eq!(best.points, 2, "1 + 1 neighbour at once");
    // then the abbot goes on the second B
    assert_eq!(best.actions, vec![Action::Figure(Figure::Abbot)]);
    assert_eq!(best.scores[Color::Red.index()], 5);
    // the base game's search knows no recall
    let plain = solve(&g, Color::Red, &draws, Goal::Final, Limits::default());
    assert_eq!(move_values(&plain).len(), 4);
    assert!(plain.moves.iter().all(|m| m.value == 3));
}

/// Two draws, U then U, red then blue, farmers off. Red has 1 meeple in supply, blue none;
/// blue's large meeple is in use on a city cap that no U can reach.
///
/// ```text
///   0,0  A r270 (road E)  ← blue traveller      1,0  empty: "Q"      2,0  U r90 (road E–W)
///   5,5  E r0 (city N, open towards 5,6)        ← blue's large knight (1 point at the end)
/// ```
///
/// Blue's road (A, 1 tile) and the free road (U at 2,0) meet at Q, where only U r90 fits.
/// Red's U can go at 0,1 0,-1 (r90), -1,0 (r0), Q (r90), 2,1 2,-1 3,0 (r90), 6,5 4,5 (r0),
/// 5,4 (r90): 10 placements; 5,6 needs a city. Then blue places U, with no figure to deploy.
/// Values are red − blue at the end (blue's knight always adds 1 to blue):
/// - **U 3,0 r90 large traveller E**: red's road is 2 tiles with strength 2. If blue joins at
///   Q, the 4-tile road (A, Q, 2,0, 3,0) is red's alone: 4 − 1 = +3 for red; otherwise red 2,
///   blue 1 + 1: **0**. Blue does not join: 0.
/// - **U 3,0 r90 traveller E**: joining ties 1 v 1, both score 4: red 4 − blue 5 = −1;
///   not joining: 2 − 2 = 0. Blue joins: **−1**.
/// - **U 3,0 r90** (no figure): blue joins and scores the 4-tile road alone: **−5**.
/// - **U 1,0 r90** (Q): blue's road of 3 tiles; blue extends it at 3,0: 4 + 1: **−5**.
/// - Anywhere else: a new road of 1 tile. Without a figure blue joins at Q (3 tiles): −4;
///   with red's traveller or large traveller on it: 1 − 4 = **−3**.
///
/// 1 + 9 × 3 = 28 moves: the large traveller at 3,0 is the unique best. Without Inns &
/// Cathedrals' rules the large meeple is no move: 19 moves, the best U 3,0 r90 traveller E
/// (−1).
#[test]
fn the_large_meeple_makes_joining_worthless() {
    let mut g = Game::new(Config::new(vec![Color::Red, Color::Blue], false));
    tile(&mut g, "A 0,0 r270 blue traveller E");
    tile(&mut g, "U 2,0 r90");
    tile(&mut g, "E 5,5 r0");
    let n = Some(Place::Side(Side::N));
    g.setup_figure(
        Color::Blue,
        Figure::LargeMeeple,
        pos("5,5"),
        Role::Knight,
        n,
    )
    .unwrap();
    g.set_supply(Color::Red, 1);
    g.set_supply(Color::Blue, 0);
    let draws = [TileType::U, TileType::U];
    let s = red_final(&g, &draws, &[TileSet::InnsCathedrals]);
    assert!(s.exact);
    let v = move_values(&s);
    assert_eq!(v.len(), 28, "{v:?}");
    assert_eq!(v[0], ("U 3,0 r90 large traveller E".to_string(), 0));
    assert_eq!(v[1], ("U 3,0 r90 traveller E".to_string(), -1));
    for m in ["U 3,0 r90", "U 1,0 r90"] {
        assert!(v.contains(&(m.to_string(), -5)), "{m}: {v:?}");
    }
    assert_eq!(v.iter().filter(|(_, x)| *x == -3).count(), 16, "{v:?}");
    assert_eq!(v.iter().filter(|(_, x)| *x == -4).count(), 8, "{v:?}");
    assert_eq!(s.moves[0].action, Action::Figure(Figure::LargeMeeple));
    // blue's best reply places its U without joining: no figure, a plain action
    assert_eq!(s.moves[0].actions, vec![Action::Plain]);
    let plain = solve(&g, Color::Red, &draws, Goal::Final, Limits::default());
    let v = move_values(&plain);
    assert_eq!(v.len(), 19, "{v:?}");
    assert_eq!(v[0], ("U 3,0 r90 traveller E".to_string(), -1));
}

/// Every move of one placement with the expansions' figures, found by trying each figure on
/// each segment (its first place), the abbot and the recall on copies: the game after each.
fn naive_moves_sets(
    g: &Game,
    colour: Color,
    tile: TileType,
    pos: Pos,
    rot: Rotation,
) -> Vec<(Step, Action, Game)> {
    let mut placed = g.clone();
    placed.place_tile_unchecked(tile, pos, rot).unwrap();
    let step = |meeple| Step::Turn {
        colour,
        tile,
        pos,
        rot,
        meeple,
    };
    let mut out = vec![(step(None), Action::Plain, placed.clone())];
    for seg in tile.segments(rot) {
        let Some(place) = seg.places.first() else {
            continue;
        };
        for (figure, action) in [
            (Figure::Meeple, Action::Plain),
            (Figure::LargeMeeple, Action::Figure(Figure::LargeMeeple)),
        ] {
            let mut after = placed.clone();
            let role = seg.kind.role();
            if after
                .deploy_figure(colour, figure, pos, role, Some(place))
                .is_ok()
            {
                out.push((step(Some((role, place))), action, after));
            }
        }
    }
    let mut after = placed.clone();
    if after
        .deploy_figure(colour, Figure::Abbot, pos, Role::Monk, None)
        .is_ok()
    {
        let abbot = Some((Role::Monk, Place::Centre));
        out.push((step(abbot), Action::Figure(Figure::Abbot), after));
    }
    let mut after = placed;
    if after.recall(colour).is_ok() {
        out.push((step(None), Action::Recall, after));
    }
    for (_, _, after) in &mut out {
        after.score_completed(pos);
    }
    out
}

/// Plain minimax (`final`, both players) over [`naive_moves_sets`], no pruning or table.
fn naive_sets(g: &Game, players: &[Color], turn: usize, draws: &[TileType]) -> [i64; Color::COUNT] {
    let sets = |g: &Game, colour, tile, pos, rot| {
        let moves = naive_moves_sets(g, colour, tile, pos, rot);
        moves.into_iter().map(|(_, _, after)| after).collect()
    };
    naive_search(g, (players, turn), draws, Goal::Final, &sets)
}

/// On positions of simulated games with The Abbot and Inns & Cathedrals (abbots and large
/// meeples on the board), the search values every root move as the plain minimax does over
/// every figure each player may use.
#[test]
fn the_search_with_figures_agrees_with_plain_minimax() {
    let sets = [TileSet::Abbot, TileSet::InnsCathedrals];
    let players = [Color::Red, Color::Blue];
    let (mut compared, mut special) = (0, 0);
    for seed in 0..16u64 {
        let cut = 20 + (seed as usize % 40);
        let Some(Cut {
            game: g,
            mover,
            draws,
        }) = cut_position_with_sets(seed, cut, 2, false, &sets)
        else {
            continue;
        };
        let s = solve_with_sets(&g, mover, &draws, Goal::Final, Limits::default(), &sets);
        assert!(s.exact);
        let turn = usize::from(mover == Color::Blue);
        let other = players[1 - turn];
        let mut naive_count = 0;
        for (pos, rot) in g.legal_placements(draws[0]) {
            for (step, action, after) in naive_moves_sets(&g, mover, draws[0], pos, rot) {
                // the search lists one rotation of those that look the same
                let Some(m) = s
                    .moves
                    .iter()
                    .find(|m| m.step == step && m.action == action)
                else {
                    continue;
                };
                naive_count += 1;
                let v = naive_sets(&after, &players, 1 - turn, &draws[1..]);
                assert_eq!(
                    m.value,
                    v[mover.index()] - v[other.index()],
                    "seed {seed}: {step:?} {action:?}"
                );
                special += usize::from(action != Action::Plain);
            }
        }
        assert_eq!(naive_count, s.moves.len(), "seed {seed}: the same moves");
        compared += 1;
    }
    eprintln!(
        "{compared} positions, {special} root moves with a large meeple, an abbot or a recall"
    );
    assert!(compared >= 12, "{compared}");
    assert!(special > 20, "{special}");
}

#[test]
fn a_cut_with_traders_and_builders_is_the_simulated_game_goods_and_bonus_parts_included() {
    // The cut game must be the simulator's position after the same draws: its scores, figures
    // and the goods each player took (a cut that forgot to take goods held none); a cut whose
    // next draw is a bonus part is refused (the middle of a turn).
    let sets = [TileSet::TradersBuilders, TileSet::Abbot];
    let (mut with_goods, mut refused) = (0, 0);
    for seed in 1..=12u64 {
        let record = simulate_sets(seed, 2, true, &sets);
        if let Some(&bonus) = record.bonus_steps.first() {
            let result = cut_position_with_sets(seed, bonus, 1, true, &sets);
            assert!(result.is_none(), "seed {seed} cut {bonus}: a bonus part");
            refused += 1;
        }
        for cut in [20usize, 40, 60, 80] {
            let result = cut_position_with_sets(seed, cut, 1, true, &sets);
            let Some(Cut { game, .. }) = result else {
                continue;
            };
            let mut sim = Sim::with_sets(seed, 2, true, &sets);
            for _ in 0..cut {
                sim.step();
            }
            for c in [Color::Red, Color::Blue] {
                assert_eq!(game.score(c), sim.game().score(c), "seed {seed} cut {cut}");
                assert_eq!(game.goods(c), sim.game().goods(c), "seed {seed} cut {cut}");
                with_goods += usize::from(!game.goods(c).is_empty());
            }
            let figures = |g: &Game| {
                let mut v: Vec<_> = g
                    .meeples()
                    .map(|m| (m.colour.index(), m.figure as u8, m.pos.x, m.pos.y))
                    .collect();
                v.sort();
                v
            };
            assert_eq!(figures(&game), figures(sim.game()), "seed {seed} cut {cut}");
        }
    }
    assert!(with_goods > 0, "no cut held goods");
    assert!(refused > 0, "no game had a bonus part");
}
