//! The hover card on the setup's first keyword: the witness, or why there is none.

use std::fmt::Write as _;

use carc_rules::Role;

use super::Outcome;
use crate::{vocab, Analysis, Hover};

/// The hover card on the setup's first keyword: the witness, or why there is none.
pub(crate) fn hover(analysis: &Analysis, offset: usize) -> Option<Hover> {
    let report = analysis.reach.as_ref()?;
    if offset < report.keyword.start || offset > report.keyword.end {
        return None;
    }
    let mut out = String::new();
    match &report.outcome {
        Outcome::Reachable(steps) => {
            let seating: Vec<&str> = {
                let mut seen: Vec<&str> = Vec::new();
                for s in steps {
                    if !seen.contains(&s.colour.as_str()) {
                        seen.push(s.colour.as_str());
                    }
                }
                seen
            };
            let _ = writeln!(
                out,
                "**reachable setup** · {} tile{} · one order of play that builds it ({}; found after {} placement{}):\n",
                report.tiles,
                if report.tiles == 1 { "" } else { "s" },
                seating.join(", then "),
                report.placements,
                if report.placements == 1 { "" } else { "s" }
            );
            for (i, s) in steps.iter().enumerate() {
                let meeple = match s.meeple {
                    Some((Role::Monk, _)) => " · monk".to_owned(),
                    Some((role, place)) => {
                        format!(" · {} {}", vocab::role_word(role), vocab::place_str(place))
                    }
                    None => String::new(),
                };
                let _ = writeln!(
                    out,
                    "{}. {} · `{} {} {}` (line {}){meeple}",
                    i + 1,
                    s.colour.as_str(),
                    s.tile.token(),
                    vocab::pos_str(s.pos),
                    vocab::rotation_word(s.rotation),
                    s.line + 1
                );
            }
        }
        Outcome::Unreachable(d) => {
            let _ = writeln!(out, "**unreachable setup**: {}", d.message);
        }
        Outcome::NotProven => {
            let _ = writeln!(
                out,
                "**reachability not proven**: no quick check rules this setup out, and the search for an order of play stopped after {} placements (its budget)",
                report.placements
            );
        }
        Outcome::Excerpt => {
            let _ = writeln!(
                out,
                "**setup excerpt** · {} tile{} · tiles outside it may exist, so only what no board could explain is checked: a meeple on a completed feature, more than {} meeples of a colour, two meeples on neighbouring tiles whose feature joins across the side they share. Write `rules whole-board` to check it as the entire board (connectivity, turn count, an order of play).",
                report.tiles,
                if report.tiles == 1 { "" } else { "s" },
                carc_rules::MEEPLES_PER_COLOUR,
            );
        }
    }
    Some(Hover {
        span: report.keyword,
        markdown: out,
    })
}
