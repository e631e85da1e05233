//! Reachability of a setup: could a legal game have produced this board and these meeples?
//!
//! The model (documented in `docs/puzzles.md`): every setup tile was placed by a turn, the
//! first one included (a lesson need not show the start tile, and a one-tile setup may hold a
//! meeple); turns rotate through the players in `players` order, starting with any of them;
//! each tile after the first touches an earlier one; a turn may deploy one meeple, of the
//! mover's colour, on the tile just placed, onto a feature that holds no meeple at that
//! moment. Edge matching needs no search: when the final board matches everywhere (no
//! `edge-mismatch`) every intermediate board does too.
//!
//! So a witness is an order of the tiles in which the placed tiles stay edge-connected, each
//! meeple's tile comes on a turn of its colour, and each meeple's feature, as built so far,
//! holds no other meeple when its tile comes. The search:
//!
//! 1. quick proofs: a colour with more meeples than it had turns (no starting player gives
//!    every colour enough turns), two meeples whose segments join directly across a side;
//! 2. a depth-first search over orders on a union-find with rollback over the tiles'
//!    segments: candidates are the tiles touching the board, meeple tiles of the colour to
//!    move first, then tiles on no feature holding two or more meeples, then the rest; a
//!    branch dies as soon as an unplaced meeple's segment touches an occupied feature, two
//!    unplaced meeples' segments touch the same feature, or a colour has fewer turns left
//!    than meeples to place; failed sets of placed tiles are remembered (what can still
//!    follow depends only on that set and the seating). The search restarts on a Luby
//!    schedule of [`RESTART`](forward::RESTART) placements with ties among candidates shuffled anew: a wrong
//!    early choice no longer costs the whole budget. The remembered sets carry over, so a
//!    round that runs to its end still proves the setup unreachable;
//! 3. a budget of [`BUDGET`] placements: when it runs out, the search backwards (which tile
//!    came last?) gets the same budget; when that runs out too the setup is "not proven"
//!    reachable, which is not an error. Only a forward round that ran to its end proves a
//!    setup unreachable.
//!
//! Not modelled (so not proven): scores, supplies (meeples returned by scoring), which tiles
//! were drawn and discarded, whether the start tile was a D, and the turn order of the first
//! `turn` after the setup; a pig (Traders & Builders), which occupies nothing, is left out
//! (its tile counts as a tile without meeple; a witness may bring it before its farmer). `completed-occupied` already reports a completed feature holding
//! meeples; the check runs only on setups without errors, so one mistake is reported once.

use carc_notation::{LineKind, Parse, RuleOption, Span, StatementKind};
use carc_rules::{Color, Place, Pos, Role, Rotation, TileType};

use crate::diagnostic::{Diagnostic, Severity};
use crate::moves::prefix;
use crate::replay::{self, replay, Replay};

mod backward;
mod forward;
mod hover;
mod model;

use backward::Backward;
use forward::Search;
pub(crate) use hover::hover;
use model::Model;

/// How many tile placements each search (forwards, then backwards) may try before it gives
/// up ("not proven").
pub const BUDGET: usize = 20_000;

/// Setups larger than this are not searched (several boxes of tiles): "not proven".
const MAX_TILES: usize = 1_000;

/// One turn of a witness: an order of play that builds the setup (see
/// [`Analysis::witness`](crate::Analysis::witness)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The setup line of the tile (0-based, as in the parse).
    pub line: usize,
    /// Whose turn it is (turns rotate through `players`).
    pub colour: Color,
    /// The tile placed.
    pub tile: TileType,
    /// Where it lies.
    pub pos: Pos,
    /// How it is turned.
    pub rotation: Rotation,
    /// The meeple deployed on it that turn, of `colour`.
    pub meeple: Option<(Role, Place)>,
}

/// What the check found.
#[derive(Debug, Clone)]
pub(crate) enum Outcome {
    /// An order of turns that builds the setup.
    Reachable(Vec<Step>),
    /// No legal game builds it; the diagnostic says why.
    Unreachable(Diagnostic),
    /// The search ran out of budget.
    NotProven,
    /// The setup is an excerpt (no `rules whole-board`) and no pair of meeples joins
    /// directly: tiles outside it may explain the rest, so nothing more is searched.
    Excerpt,
}

/// The reachability of a document's setup.
#[derive(Debug, Clone)]
pub(crate) struct Report {
    /// The keyword of the setup's first statement (where hover offers the witness).
    pub keyword: Span,
    /// The outcome.
    pub outcome: Outcome,
    /// How many placements the search tried.
    pub placements: usize,
    /// How many tiles the setup has.
    pub tiles: usize,
    /// The length in bytes of the setup text the report is about (the text before the first
    /// statement that is not a setup one): the report depends on nothing else.
    pub setup_len: usize,
    /// Whether the report was taken over from the previous analysis.
    pub reused: bool,
}

impl Report {
    /// The `unreachable` diagnostic, if any.
    pub fn diagnostic(&self) -> Option<Diagnostic> {
        match &self.outcome {
            Outcome::Unreachable(d) => Some(d.clone()),
            _ => None,
        }
    }
}

/// Whether a line still belongs to the setup: a setup statement, or one allowed anywhere.
fn is_setup(kind: &StatementKind) -> bool {
    replay::is_setup_kind(kind) || replay::is_anywhere_kind(kind)
}

/// Whether the setup says `rules whole-board`: it is the entire board, not an excerpt of one.
/// Only then are setup connectivity, the turn count and the search checked.
pub(crate) fn whole_board(parse: &Parse) -> bool {
    for line in &parse.lines {
        let LineKind::Statement(s) = &line.kind else {
            continue;
        };
        match &s.kind {
            StatementKind::Rules(options) => {
                if options.iter().any(|o| o.value == RuleOption::WholeBoard) {
                    return true;
                }
            }
            kind if is_setup(kind) => {}
            _ => return false,
        }
    }
    false
}

/// Checks the setup of an analysed document (`None` without setup tiles, or when the setup
/// already has errors). `previous` is an earlier analysed text and its report: when its setup
/// text is byte-identical to this one's, its report is taken over without a search.
pub(crate) fn check(
    text: &str,
    parse: &Parse,
    done: &Replay,
    previous: Option<(&str, &Report)>,
) -> Option<Report> {
    let mut end = parse.lines.len();
    let mut keyword = None;
    let mut has_tile = false;
    for (index, line) in parse.lines.iter().enumerate() {
        match &line.kind {
            LineKind::Statement(s) if is_setup(&s.kind) => {
                has_tile |= matches!(s.kind, StatementKind::Tile(_));
                if keyword.is_none() && !matches!(s.kind, StatementKind::Mark { .. }) {
                    keyword = Some(s.keyword);
                }
            }
            LineKind::Statement(_) => {
                end = index;
                break;
            }
            LineKind::Error => return None,
            LineKind::Blank => {}
        }
    }
    let keyword = keyword?;
    if !has_tile {
        return None;
    }
    let setup_end = parse.lines.get(end).map_or(usize::MAX, |l| l.span.start);
    if done
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error && d.span.start < setup_end)
    {
        return None;
    }
    let setup_len = setup_end.min(text.len());
    if let Some((before, report)) = previous {
        if report.setup_len == setup_len && before.get(..setup_len) == text.get(..setup_len) {
            return Some(Report {
                reused: true,
                ..report.clone()
            });
        }
    }
    let state = replay(&prefix(parse, end), None, None);
    let model = Model::build(&state)?;
    let tiles = model.tiles.len();
    // An excerpt: only a direct join is impossible on every board around it.
    let whole = whole_board(parse);
    let proof = if whole {
        model.count_proof().or_else(|| model.join_proof())
    } else {
        model.join_proof()
    };
    if proof.is_some() || !whole {
        return Some(Report {
            keyword,
            outcome: proof.map_or(Outcome::Excerpt, Outcome::Unreachable),
            placements: 0,
            tiles,
            setup_len,
            reused: false,
        });
    }
    if tiles > MAX_TILES {
        return Some(Report {
            keyword,
            outcome: Outcome::NotProven,
            placements: 0,
            tiles,
            setup_len,
            reused: false,
        });
    }
    // Forwards first (most setups fall at once), then backwards with the same budget: either
    // witness is a witness; only the forward search, run to its end, proves anything.
    let (mut outcome, mut placements) = Search::new(&model, BUDGET).run();
    if matches!(outcome, Outcome::NotProven) {
        let (backward, more) = Backward::new(&model, BUDGET).run();
        placements += more;
        if matches!(backward, Outcome::Reachable(_)) {
            outcome = backward;
        }
    }
    Some(Report {
        keyword,
        outcome,
        placements,
        tiles,
        setup_len,
        reused: false,
    })
}

#[cfg(test)]
mod tests {
    use super::forward::luby;
    use super::*;
    use crate::diagnostic::Code;
    use crate::Analysis;

    fn outcome(text: &str) -> Option<Outcome> {
        crate::analyze(text).reach.map(|r| r.outcome)
    }

    fn codes(text: &str) -> Vec<Code> {
        crate::analyze(text)
            .diagnostics()
            .iter()
            .map(|d| d.code)
            .collect()
    }

    #[test]
    fn meeples_on_a_directly_joined_road_are_unreachable() {
        // Two straight roads north-south, one above the other: one road, two travellers.
        let text = "tile U 0,0 red traveller\ntile U 0,1 blue traveller\n";
        assert_eq!(codes(text), vec![Code::Unreachable]);
        let d = crate::analyze(text).diagnostics()[0].clone();
        assert!(d.message.contains("neighbouring tiles"), "{}", d.message);
        assert_eq!(d.related.len(), 1);
    }

    #[test]
    fn a_corridor_forces_the_join_and_the_search_proves_it() {
        // A road of three tiles, A (ends at its monastery) – U – U (open north), and nothing
        // else: the middle tile must come before the last one, joining the road.
        let text = "players red blue\nrules whole-board\ntile A 0,0 r180 red traveller N\ntile U 0,1\ntile U 0,2 blue traveller S\n";
        let analysis = crate::analyze(text);
        let found: Vec<_> = analysis.diagnostics().iter().map(|d| d.code).collect();
        assert_eq!(found, vec![Code::Unreachable]);
        assert!(
            analysis.diagnostics()[0].message.contains("in every order"),
            "{}",
            analysis.diagnostics()[0].message
        );
    }

    #[test]
    fn a_detour_makes_two_meeples_on_one_road_reachable() {
        // The same road, but a ring of fields (B monasteries) lets the ends be placed first.
        let text = "players red blue\nrules whole-board\n\
            tile A 0,0 r180 red traveller N\n\
            tile U 0,1\n\
            tile U 0,2 blue traveller S\n\
            tile B 1,0\ntile B 1,1\ntile B 1,2\n";
        let Some(Outcome::Reachable(steps)) = outcome(text) else {
            panic!("expected a witness: {:?}", outcome(text));
        };
        assert_eq!(steps.len(), 6);
        // U (line 4) comes after both travellers' tiles.
        let at = |line: usize| steps.iter().position(|s| s.line == line);
        assert!(at(3) > at(2) && at(3) > at(4), "{steps:?}");
        // Turns alternate, and each meeple comes on its owner's turn.
        for w in steps.windows(2) {
            assert_ne!(w[0].colour, w[1].colour);
        }
        for s in steps.iter().filter(|s| s.meeple.is_some()) {
            let owner = if s.line == 2 { Color::Red } else { Color::Blue };
            assert_eq!(s.colour, owner);
        }
    }

    #[test]
    fn more_meeples_than_turns_is_unreachable() {
        // Three monasteries with red monks, two players: red had at most 2 of 3 turns.
        let text =
            "players red blue\nrules whole-board\ntile B 0,0 red monk\ntile B 1,0 red monk\ntile B 2,0 red monk\n";
        let analysis = crate::analyze(text);
        assert_eq!(
            analysis
                .diagnostics()
                .iter()
                .map(|d| d.code)
                .collect::<Vec<_>>(),
            vec![Code::Unreachable]
        );
        assert!(analysis.diagnostics()[0].message.contains("at most 2"));
    }

    #[test]
    fn setups_with_errors_are_not_searched_and_the_examples_are_reachable() {
        // completed-occupied already says it: no second diagnostic.
        assert_eq!(
            codes("tile D 0,0 red knight N\ntile E 0,1 r180\n"),
            vec![Code::CompletedOccupied]
        );
        assert!(outcome("tile D 0,0 red knight N\ntile E 0,1 r180 blue knight S\n").is_none());
        let ring =
            "rules whole-board\ntile B 0,0 red monk\ntile U 0,1 r90\ntile V 1,1\ntile U 1,0\n";
        assert!(matches!(outcome(ring), Some(Outcome::Reachable(_))));
    }

    #[test]
    fn hover_on_the_first_setup_line_shows_the_witness() {
        let text = "players red blue\nrules whole-board\ntile D 0,0 red knight N\ntile U 1,0 r90 blue traveller E\n";
        let analysis = crate::analyze(text);
        let card = crate::hover(&analysis, 2).expect("a card on `players`");
        assert!(
            card.markdown.starts_with("**reachable setup** · 2 tiles"),
            "{}",
            card.markdown
        );
        assert!(
            card.markdown.contains("`D 0,0 r0` (line 3) · knight N"),
            "{}",
            card.markdown
        );
        assert!(
            card.markdown.contains("`U 1,0 r90` (line 4) · traveller E"),
            "{}",
            card.markdown
        );
    }

    #[test]
    fn two_unplaced_meeples_touching_one_road_doom_the_branch() {
        // U 0,0 (red) – U 0,1 – U 0,2 (blue), one straight road: once the middle tile is
        // down, both travellers' segments touch its road, so whichever comes first blocks
        // the other, though neither touches an occupied road yet.
        let text = "players red blue\nrules whole-board\ntile U 0,0 red traveller\ntile U 0,1\n\
            tile U 0,2 blue traveller\n";
        let parse = carc_notation::parse(text);
        let state = replay(&parse, None, None);
        let model = Model::build(&state).expect("a model");
        let middle = (0..3).find(|t| model.meeple[*t].is_none()).expect("U 0,1");
        let mut search = Search::new(&model, BUDGET);
        assert!(search.try_place(middle));
        assert!(search.doomed());
    }

    /// The detour setup (reachable after a search) and two texts that share its setup.
    const DETOUR: &str =
        "players red blue\nrules whole-board\ntile A 0,0 r180 red traveller N\ntile U 0,1\n\
        tile U 0,2 blue traveller S\ntile B 1,0\ntile B 1,1\ntile B 1,2\n";

    #[test]
    fn an_identical_setup_reuses_the_report_with_the_same_diagnostics_and_hover() {
        let first = crate::analyze(DETOUR);
        assert!(!first.reach_reused());
        // A turn typed after the setup (with a mistake, so there are diagnostics to compare).
        let typed = format!("{DETOUR}turn red V 2,2\n");
        let fresh = crate::analyze(&typed);
        let reused = crate::analyze_incremental(&typed, Some(&first));
        assert!(reused.reach_reused() && !fresh.reach_reused());
        assert!(!fresh.diagnostics().is_empty());
        assert_eq!(reused.diagnostics(), fresh.diagnostics());
        let card = |a: &Analysis| crate::hover(a, 0).map(|h| h.markdown);
        assert_eq!(card(&reused), card(&fresh));
        assert!(card(&reused).is_some_and(|c| c.starts_with("**reachable setup** · 6 tiles")));
        // Reused again from a reused analysis (the editor's chain of keystrokes).
        let again = crate::analyze_incremental(&format!("{typed}\n"), Some(&reused));
        assert!(again.reach_reused());
        assert_eq!(card(&again), card(&fresh));
    }

    #[test]
    fn a_changed_setup_line_is_searched_again() {
        // The previous report is doctored so that reuse would show: an identical setup takes
        // it over, a changed one does not.
        let mut first = crate::analyze(DETOUR);
        if let Some(r) = first.reach.as_mut() {
            r.outcome = Outcome::NotProven;
        }
        let same = crate::analyze_incremental(DETOUR, Some(&first));
        assert!(matches!(
            same.reach.as_ref().map(|r| &r.outcome),
            Some(Outcome::NotProven)
        ));
        // B 1,2 → a red monk on it: a different setup, searched anew (still reachable).
        let changed = DETOUR.replace("tile B 1,2\n", "tile B 1,2 red monk\n");
        let again = crate::analyze_incremental(&changed, Some(&first));
        assert!(!again.reach_reused());
        assert!(matches!(
            again.reach.as_ref().map(|r| &r.outcome),
            Some(Outcome::Reachable(_))
        ));
        // Without the detour (the B tiles) the corridor is unreachable: searched and proven.
        let corridor =
            "players red blue\nrules whole-board\ntile A 0,0 r180 red traveller N\ntile U 0,1\n\
            tile U 0,2 blue traveller S\n";
        let proof = crate::analyze_incremental(corridor, Some(&first));
        let codes: Vec<Code> = proof.diagnostics().iter().map(|d| d.code).collect();
        assert_eq!(codes, vec![Code::Unreachable]);
        // Inserting a blank line in the setup shifts every offset: not reused either.
        let shifted = format!("\n{DETOUR}");
        assert!(!crate::analyze_incremental(&shifted, Some(&first)).reach_reused());
    }

    #[test]
    fn an_excerpt_is_checked_only_for_direct_joins() {
        // The corridor and the three monks without `rules whole-board`: tiles outside the
        // excerpt may have joined the road's ends and given red more turns. Clean.
        let corridor = "players red blue\ntile A 0,0 r180 red traveller N\ntile U 0,1\n\
            tile U 0,2 blue traveller S\n";
        let monks = "players red blue\ntile B 0,0 red monk\ntile B 1,0 red monk\n\
            tile B 2,0 red monk\n";
        for text in [corridor, monks] {
            assert!(matches!(outcome(text), Some(Outcome::Excerpt)), "{text}");
            assert_eq!(codes(text), vec![], "{text}");
            let card = crate::hover(&crate::analyze(text), 0)
                .expect("a card")
                .markdown;
            assert!(card.starts_with("**setup excerpt** · 3 tiles"), "{card}");
            assert!(card.contains("`rules whole-board`"), "{card}");
        }
        // A direct join is impossible on any board: still unreachable, saying why.
        let joined = "players red blue\ntile U 0,0 red traveller\ntile U 0,1 blue traveller\n";
        let analysis = crate::analyze(joined);
        let d = &analysis.diagnostics()[0];
        assert_eq!(d.code, Code::Unreachable);
        assert!(
            d.message
                .contains("whichever tile came second was deployed onto an occupied road"),
            "{}",
            d.message
        );
        // `rules` after play began is an `order` error and says nothing about the setup.
        assert!(!whole_board(&carc_notation::parse(
            "tile D 0,0\nturn red E 0,1 r180\nrules whole-board\n"
        )));
        assert!(whole_board(&carc_notation::parse(
            "title \"t\"\nrules farmers whole-board\ntile D 0,0\n"
        )));
    }

    #[test]
    fn restarts_follow_the_luby_sequence() {
        let first: Vec<usize> = (1..=15).map(luby).collect();
        assert_eq!(first, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn a_search_out_of_budget_is_not_proven() {
        // The reachable detour of the test above needs 6 placements; 1 is not enough.
        let text =
            "players red blue\nrules whole-board\ntile A 0,0 r180 red traveller N\ntile U 0,1\n\
            tile U 0,2 blue traveller S\ntile B 1,0\ntile B 1,1\ntile B 1,2\n";
        let parse = carc_notation::parse(text);
        let state = replay(&parse, None, None);
        let model = Model::build(&state).expect("a model");
        let (outcome, placements) = Search::new(&model, 1).run();
        assert!(matches!(outcome, Outcome::NotProven));
        assert_eq!(placements, 1);
    }
}
