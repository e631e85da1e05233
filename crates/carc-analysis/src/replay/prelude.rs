//! The rules line and the players: what must be known before the first tile (`players`,
//! `rules`), read from the whole file before the replay starts, and the colours a statement
//! names.

use carc_notation::{
    Amount, Expectation, ExpectationKind, LineKind, Parse, RefusedMove, RefusedStmt, RuleOption,
    Spanned, StatementKind,
};
use carc_rules::{Color, Rules};

use super::Replayer;
use crate::diagnostic::{messages, Code};

/// What must be known before the first tile: the players and the farmer rule.
pub(super) struct Prelude {
    pub(super) players: Vec<Color>,
    pub(super) declared: bool,
    pub(super) farmers: bool,
    /// `rules boxes N`: how many boxes of tiles the file may use (1 by default).
    pub(super) boxes: u32,
    /// The sets switched on: the base game and those `rules` names (`abbot` …).
    pub(super) rules: Rules,
}

impl Prelude {
    pub(super) fn read(parse: &Parse) -> Prelude {
        let mut declared: Option<Vec<Color>> = None;
        let mut farmers = true;
        let mut boxes = 1;
        let mut rules = Rules::BASE;
        let mut first_use: Vec<Color> = Vec::new();
        let mut saw_play = false;
        for line in &parse.lines {
            let LineKind::Statement(statement) = &line.kind else {
                continue;
            };
            each_colour(&statement.kind, |c| {
                if !first_use.contains(&c.value) {
                    first_use.push(c.value);
                }
            });
            match &statement.kind {
                StatementKind::Players(list) if !saw_play && declared.is_none() => {
                    let mut players = Vec::new();
                    for c in list.iter().map(|c| c.value) {
                        if !players.contains(&c) {
                            players.push(c);
                        }
                    }
                    declared = Some(players);
                }
                StatementKind::Rules(options) if !saw_play => {
                    for option in options {
                        match option.value {
                            RuleOption::Farmers => farmers = true,
                            RuleOption::NoFarmers => farmers = false,
                            RuleOption::Boxes(n) => boxes = n,
                            // Read by `reach::whole_board` (setup checks).
                            RuleOption::WholeBoard => {}
                            RuleOption::Set(set) => rules = rules.with(set),
                        }
                    }
                }
                StatementKind::Turn(_)
                | StatementKind::Bonus(_)
                | StatementKind::Refused(_)
                | StatementKind::Discard { .. }
                | StatementKind::ExpectScore(_)
                | StatementKind::ExpectSupply(_)
                | StatementKind::ExpectGoods(_)
                | StatementKind::End { .. } => saw_play = true,
                _ => {}
            }
        }
        match declared {
            Some(players) => Prelude {
                players,
                declared: true,
                farmers,
                boxes,
                rules,
            },
            None => Prelude {
                players: first_use,
                declared: false,
                farmers,
                boxes,
                rules,
            },
        }
    }
}

/// Calls `f` with every colour word a statement mentions, in order, with its span (a
/// callback rather than a list: this runs on every line of every analysis).
pub(super) fn each_colour(kind: &StatementKind, mut f: impl FnMut(Spanned<Color>)) {
    let mut amounts = |list: &[Amount]| list.iter().for_each(|a| f(a.colour));
    match kind {
        StatementKind::Players(list) => list.iter().for_each(|&c| f(c)),
        StatementKind::Tile(tile) => tile.meeples.iter().for_each(|(c, _)| f(*c)),
        StatementKind::Supply(list)
        | StatementKind::Score(list)
        | StatementKind::ExpectScore(list)
        | StatementKind::ExpectSupply(list) => amounts(list),
        StatementKind::Goods(goods) | StatementKind::ExpectGoods(goods) => f(goods.colour),
        StatementKind::Turn(turn) | StatementKind::Bonus(turn) => {
            f(turn.colour);
            if let Some(Expectation {
                kind: ExpectationKind::Gains(list),
                ..
            }) = &turn.expect
            {
                list.iter().for_each(|a| f(a.colour));
            }
        }
        StatementKind::End {
            expect:
                Some(Expectation {
                    kind: ExpectationKind::Gains(list),
                    ..
                }),
        } => amounts(list),
        StatementKind::Refused(RefusedStmt {
            refused: RefusedMove::Turn(turn),
            ..
        }) => f(turn.colour),
        _ => {}
    }
}

impl Replayer<'_> {
    /// Whether `set` is on: the base game always, The Abbot's garden tiles too (legal in every
    /// file, inert without `rules abbot`), the others when `rules` names them.
    /// `expansion-off` on the first word of each colour of a set that is off (`pink` without
    /// `rules inns-cathedrals`), once per colour: the colour still plays (its turns are
    /// replayed and scored), so one missing `rules` word is one diagnostic, not one per line.
    pub(super) fn check_colours(&mut self, kind: &StatementKind) {
        let mut off = Vec::new();
        each_colour(kind, |colour| {
            let c = colour.value;
            if !self.set_on(c.set()) && !self.colours_off.contains(&c) && !off.contains(&c) {
                off.push(c);
                self.report(
                    Code::ExpansionOff,
                    colour.span,
                    messages::expansion_off_colour(c),
                );
            }
        });
        self.colours_off.extend(off);
    }
}
