//! Expectations: `=> …` after a turn or `end`, `expect score`, `expect supply`, `end`'s final
//! scoring, and colours listed twice (`duplicate-colour`).

use carc_notation::{Amount, Expectation, ExpectationKind, StatementKind, TurnStmt};
use carc_rules::{Color, FinalScore, Game};

use super::{Fact, Phase, Replayer};
use crate::diagnostic::{messages, Code};
use crate::explain;

impl Replayer<'_> {
    pub(super) fn end(&mut self, line: usize, expect: Option<&Expectation>) {
        self.phase = Phase::Ended;
        let score = final_scoring_in_place(&mut self.replay.game);
        if let Some(expect) = expect {
            let gains = explain::score_gains(&score);
            let held = self.goods_held();
            self.check_expectation(expect, &gains, || explain::final_breakdown(&score, &held));
        }
        let totals = self
            .replay
            .players
            .iter()
            .map(|c| (*c, self.replay.game.score(*c)))
            .collect();
        self.replay.facts.push(Fact::End {
            line,
            score,
            totals,
        });
    }

    /// `score-mismatch` when a `=>` list differs from the computed gains.
    pub(super) fn check_expectation(
        &mut self,
        expect: &Expectation,
        gains: &[(Color, i64)],
        breakdown: impl FnOnce() -> String,
    ) {
        let mut expected: Vec<(Color, i64)> = Vec::new();
        if let ExpectationKind::Gains(list) = &expect.kind {
            let mut unknown = false;
            for amount in list {
                // `unknown-player` for a colour `players` does not list: nothing to compare.
                unknown |= self.known_colour(&amount.colour).is_none();
            }
            if unknown {
                return;
            }
            for amount in list {
                let c = amount.colour.value;
                if expected.iter().any(|(e, _)| *e == c) {
                    // `duplicate-colour` is reported; a list naming a colour twice means
                    // nothing to check against.
                    return;
                }
                expected.push((c, amount.value.value));
            }
        }
        let get =
            |list: &[(Color, i64)], c: Color| list.iter().find(|(e, _)| *e == c).map_or(0, |e| e.1);
        let differs = expected
            .iter()
            .map(|(c, _)| *c)
            .chain(gains.iter().map(|(c, _)| *c))
            .any(|c| get(&expected, c) != get(gains, c));
        if differs {
            let message = messages::score_mismatch(&expected, gains, &breakdown());
            self.report(Code::ScoreMismatch, expect.span, message);
        }
    }

    /// `expect score` / `expect supply`: only the listed colours are checked.
    pub(super) fn expect_totals(
        &mut self,
        list: &[Amount],
        what: &str,
        actual: impl Fn(&Game, Color) -> i64,
    ) {
        for amount in first_mentions(list) {
            let Some(c) = self.known_colour(&amount.colour) else {
                continue;
            };
            let is = actual(&self.replay.game, c);
            if is != amount.value.value {
                let message = messages::score_mismatch_total(c, what, amount.value.value, is);
                self.report(Code::ScoreMismatch, amount.span, message);
            }
        }
    }

    /// `duplicate-colour` at each repeated colour of one list (`players`, `supply`, `score`,
    /// `expect …`, `=> …`): a colour is listed once; a repeat is never added up.
    pub(super) fn report_duplicate_colours(&mut self, kind: &StatementKind) {
        let amounts = |list: &[Amount]| list.iter().map(|a| a.colour).collect::<Vec<_>>();
        let (list, what) = match kind {
            StatementKind::Players(list) => (list.clone(), "`players`"),
            StatementKind::Supply(list) => (amounts(list), "`supply`"),
            StatementKind::Score(list) => (amounts(list), "`score`"),
            StatementKind::ExpectScore(list) => (amounts(list), "`expect score`"),
            StatementKind::ExpectSupply(list) => (amounts(list), "`expect supply`"),
            StatementKind::Turn(TurnStmt {
                expect: Some(expect),
                ..
            })
            | StatementKind::End {
                expect: Some(expect),
            } => match &expect.kind {
                ExpectationKind::Gains(list) => (amounts(list), "an expectation"),
                ExpectationKind::Nothing => return,
            },
            _ => return,
        };
        for (i, colour) in list.iter().enumerate() {
            if list[..i].iter().any(|c| c.value == colour.value) {
                let message = messages::duplicate_colour(colour.value, what);
                self.report(Code::DuplicateColour, colour.span, message);
            }
        }
    }
}

/// The entries of a list whose colour no earlier entry names (a repeat is
/// `duplicate-colour`, reported once per statement, and otherwise ignored).
pub(super) fn first_mentions(list: &[Amount]) -> impl Iterator<Item = &Amount> {
    list.iter()
        .enumerate()
        .filter(|(i, a)| !list[..*i].iter().any(|b| b.colour.value == a.colour.value))
        .map(|(_, a)| a)
}

/// Final scoring at `end`: every player gains what the unfinished features and fields give,
/// but no meeple leaves the board (the game is over; farmers never return), so supplies are
/// those before `end`.
fn final_scoring_in_place(game: &mut Game) -> FinalScore {
    let mut scored = game.clone();
    let score = scored.final_scoring();
    for c in Color::ALL {
        game.set_score(c, scored.score(c));
    }
    score
}
