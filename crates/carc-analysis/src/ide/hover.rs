//! Hover cards: on a tile, its features and their values (on a discarded tile, its type's
//! card); on a meeple, its feature; on a turn's keyword, what it scored and why; on `end`,
//! the final breakdown.

use std::fmt::Write as _;

use carc_notation::{LineKind, RefusedMove, RefusedStmt, Span, StatementKind};
use carc_rules::{FeatureKind, Figure, Game, Pos, Rotation, Side};

use crate::explain;
use crate::marks_hover;
use crate::replay::{replay, Fact, MeepleValue, Replay};
use crate::tile_info::{self, TilePictures};
use crate::vocab;
use crate::{Analysis, Code, Hover};

/// The hover card at a byte offset, if there is something to say there (tiles drawn in text).
pub fn hover(analysis: &Analysis, offset: usize) -> Option<Hover> {
    hover_with(analysis, offset, TilePictures::Text)
}

/// [`hover`], a tile's card showing the tile as `pictures` says (an image for clients that
/// show images in markdown).
pub fn hover_with(analysis: &Analysis, offset: usize, pictures: TilePictures) -> Option<Hover> {
    statement_card(analysis, offset, pictures).or_else(|| keyword_card(analysis, offset))
}

/// On a statement keyword with no card of its own: what the statement does (the keyword
/// table of carc-notation).
fn keyword_card(analysis: &Analysis, offset: usize) -> Option<Hover> {
    let line_index = analysis.line_at(offset)?;
    let LineKind::Statement(statement) = &analysis.parse.lines[line_index].kind else {
        return None;
    };
    let span = statement.keyword;
    if offset < span.start || offset > span.end {
        return None;
    }
    // `expect score` is one keyword span of two words.
    let word = span.slice(&analysis.text)?.split_whitespace().next()?;
    let def = carc_notation::keyword(word)?;
    Some(Hover {
        span,
        markdown: format!("**{}**: {}\n", def.word, def.doc),
    })
}

/// The card of what is at `offset` inside a statement.
fn statement_card(analysis: &Analysis, offset: usize, pictures: TilePictures) -> Option<Hover> {
    // The setup's first keyword: is the setup reachable, and how (`reach`).
    if let Some(card) = crate::reach::hover(analysis, offset) {
        return Some(card);
    }
    let line_index = analysis.line_at(offset)?;
    let LineKind::Statement(statement) = &analysis.parse.lines[line_index].kind else {
        return None;
    };
    let inside = |span: Span| span.start <= offset && offset <= span.end;
    // Meeples first: their span sits inside the statement.
    if let Some((span, value, id)) = analysis.replay.facts.iter().find_map(|f| match f {
        Fact::Meeple {
            line,
            span,
            value,
            id,
        } if *line == line_index && inside(*span) => Some((*span, value, *id)),
        _ => None,
    }) {
        if value.figure_of(id) == Some(carc_rules::Figure::Builder) {
            return Some(Hover {
                span,
                markdown: builder_card(value),
            });
        }
        // A farmer's field names the cities it touches, on the board as it stands there.
        let state = matches!(value, MeepleValue::OnBoard(f) if f.kind == FeatureKind::Field)
            .then(|| replay(&analysis.parse, Some(line_index), None));
        return Some(Hover {
            span,
            markdown: meeple_card(value, state.as_ref().map(|s| &s.game)),
        });
    }
    match &statement.kind {
        StatementKind::Turn(turn) if turn.glyph.is_some_and(|g| inside(g.span)) => {
            let glyph = turn.glyph?;
            Some(Hover {
                span: glyph.span,
                markdown: marks_hover::glyph_card(glyph.value),
            })
        }
        // the turn's (or bonus part's) card on its keyword, on `recall` (what the recall
        // scored is there) and on its `=> …` (what the line really scored)
        StatementKind::Turn(turn) | StatementKind::Bonus(turn)
            if inside(statement.keyword)
                || turn.recall.is_some_and(inside)
                || turn.expect.as_ref().is_some_and(|e| inside(e.span)) =>
        {
            let mut card = analysis.replay.facts.iter().find_map(|f| match f {
                Fact::Turn {
                    line,
                    colour,
                    score,
                    faults,
                } if *line == line_index => {
                    let bonus = matches!(statement.kind, StatementKind::Bonus(_));
                    Some(turn_card(bonus, colour.as_str(), &score.features, faults))
                }
                _ => None,
            })?;
            // Traders & Builders: the goods the player took with this tile
            for fact in &analysis.replay.facts {
                if let Fact::Goods {
                    line,
                    colour,
                    taken,
                    held,
                } = fact
                {
                    if *line == line_index {
                        let _ = writeln!(
                            card,
                            "- {} (holds {held} now)",
                            explain::goods_taken(*colour, *taken)
                        );
                    }
                }
            }
            if let Some(bonus) = bonus_line(analysis, line_index) {
                card.push('\n');
                card.push_str(&bonus);
                card.push('\n');
            }
            if let Some(glyph) = turn.glyph {
                card.push('\n');
                card.push_str(&marks_hover::glyph_card(glyph.value));
            }
            Some(Hover {
                span: turn
                    .recall
                    .filter(|s| inside(*s))
                    .or_else(|| turn.expect.as_ref().map(|e| e.span).filter(|s| inside(*s)))
                    .unwrap_or(statement.keyword),
                markdown: card,
            })
        }
        // A discarded tile (played or refused) lies on no cell: the card of its type.
        StatementKind::Discard { tile }
        | StatementKind::Refused(RefusedStmt {
            refused: RefusedMove::Discard { tile },
            ..
        }) if inside(tile.span) => {
            let t = carc_rules::TileType::from_token(&tile.value)?;
            Some(Hover {
                span: tile.span,
                markdown: tile_info::tile_card(t, Rotation::R0, pictures),
            })
        }
        StatementKind::Refused(_) if inside(statement.span) => {
            let refusal = analysis
                .replay
                .refusals
                .iter()
                .find(|r| r.line == line_index)?;
            Some(Hover {
                span: statement.span,
                markdown: crate::replay::refused::card(refusal),
            })
        }
        StatementKind::Mark { at, label } if inside(statement.span) => {
            let state = replay(&analysis.parse, Some(line_index), None);
            Some(Hover {
                span: statement.span,
                markdown: marks_hover::mark_card(
                    &state,
                    vocab::pos(at),
                    label.as_ref().map(|l| l.value.as_str()),
                ),
            })
        }
        StatementKind::End { expect }
            if inside(statement.keyword) || expect.as_ref().is_some_and(|e| inside(e.span)) =>
        {
            let card = analysis.replay.facts.iter().find_map(|f| match f {
                Fact::End {
                    line,
                    score,
                    totals,
                } if *line == line_index => {
                    // Meeples stay after `end`: the board there still shows each field (and
                    // the goods each player holds).
                    let state = (!score.goods.is_empty()
                        || score
                            .features
                            .iter()
                            .any(|f| f.feature.kind == FeatureKind::Field))
                    .then(|| replay(&analysis.parse, Some(line_index), None));
                    Some(end_card(score, totals, state.as_ref()))
                }
                _ => None,
            })?;
            Some(Hover {
                span: expect
                    .as_ref()
                    .map(|e| e.span)
                    .filter(|s| inside(*s))
                    .unwrap_or(statement.keyword),
                markdown: card,
            })
        }
        // Traders & Builders: the keyword's card, then what every player holds after this line
        StatementKind::Goods(_) | StatementKind::ExpectGoods(_) if inside(statement.keyword) => {
            let state = replay(&analysis.parse, Some(line_index), None);
            let mut card = keyword_card(analysis, offset).map_or(String::new(), |h| h.markdown);
            card.push_str("\nGoods held here:\n\n");
            for (colour, held) in crate::replay::goods_held(&state.game, &state.players) {
                let _ = writeln!(card, "- {} {held}", colour.as_str());
            }
            Some(Hover {
                span: statement.keyword,
                markdown: card,
            })
        }
        StatementKind::Tile(_) | StatementKind::Turn(_) => {
            let (tile, at) = match &statement.kind {
                StatementKind::Tile(t) => (t.tile.span, &t.at),
                StatementKind::Turn(t) => (t.tile.span, &t.at),
                _ => return None,
            };
            if !inside(tile) && !inside(at.span) {
                return None;
            }
            let pos = vocab::pos(at);
            let state = replay(&analysis.parse, Some(line_index), None);
            // Only when this line's tile is the one on that cell (not a duplicate).
            if state.tile_lines.get(&pos) != Some(&line_index) {
                return None;
            }
            Some(Hover {
                span: Span {
                    start: tile.start.min(at.span.start),
                    end: tile.end.max(at.span.end),
                },
                markdown: tile_card(&state, pos, pictures)?,
            })
        }
        _ => None,
    }
}

/// The card of a tile: name, rotation, its picture as it lies, sides, each feature on it,
/// and what tells it from the tiles that show the same edges.
fn tile_card(state: &Replay, pos: Pos, pictures: TilePictures) -> Option<String> {
    let placed = state.game.tile_at(pos)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "**{}** · {} · {} at {}\n",
        placed.tile,
        tile_info::tile_title(placed.tile),
        vocab::rotation_word(placed.rot),
        vocab::pos_str(pos)
    );
    out.push_str(&tile_info::picture(placed.tile, placed.rot, pictures));
    let edges = placed.tile.edges(placed.rot);
    let sides: Vec<String> = Side::ALL
        .iter()
        .map(|s| format!("{} {}", s.as_str(), edges[s.index()].as_str()))
        .collect();
    let _ = writeln!(out, "Sides: {}\n", sides.join(" · "));
    if carc_rules::river::is_river(placed.tile) {
        let _ = writeln!(out, "{}\n", river_line(&state.game));
    }
    for (segment, id) in state.game.features_on(pos) {
        let Some(feature) = state.game.feature(id) else {
            continue;
        };
        // An empty field worth nothing teaches nothing: no line for it.
        if feature.kind == FeatureKind::Field
            && feature.meeples.is_empty()
            && feature.value_now == 0
        {
            continue;
        }
        // a field's half-sides and `inner` too: the field of a split corner (`SSE`) or between
        // cities (`inner`) had no place at all on its line
        let places: Vec<&str> = if segment.kind == FeatureKind::Field {
            tile_info::field_place_words(placed.tile, placed.rot, &segment)
        } else {
            segment.places.iter().map(vocab::place_str).collect()
        };
        let _ = writeln!(
            out,
            "- **{}**{}: {}",
            vocab::kind_word(feature.kind),
            if places.is_empty() || feature.kind == FeatureKind::Monastery {
                String::new()
            } else {
                format!(" ({})", places.join(" "))
            },
            feature_line(&feature, Some(&state.game))
        );
    }
    if placed.tile.has_garden() {
        let _ = writeln!(out, "- **garden**: {}", garden_line(&state.game, pos));
    }
    if let Some(note) = tile_info::twin_note(placed.tile) {
        let _ = writeln!(out, "\n{note}");
    }
    Some(out)
}

/// The garden of the tile at `pos` (The Abbot): its abbot's score, or that it is empty.
fn garden_line(game: &Game, pos: Pos) -> String {
    let abbot = game
        .meeples()
        .filter(|m| m.pos == pos && m.figure == Figure::Abbot)
        .filter_map(|m| game.meeple_feature(m.id).and_then(|id| game.feature(id)))
        .find(|f| f.garden);
    match abbot {
        Some(garden) => feature_line(&garden, None),
        None => "no abbot in it: a garden scores only for the abbot standing in it".to_owned(),
    }
}

/// One feature's state and value, for tile and meeple cards; a field also names the cities
/// it touches when the board (`game`) is at hand.
fn feature_line(feature: &carc_rules::FeatureSummary, game: Option<&Game>) -> String {
    let state = match (feature.kind, feature.complete) {
        (FeatureKind::Field, _) => String::new(),
        (_, true) => ", complete".to_owned(),
        (FeatureKind::Monastery, false) => format!(
            ", open: {} missing",
            vocab::count(feature.open_sides as usize, "neighbour")
        ),
        (_, false) => format!(
            ", open: {}",
            vocab::count(feature.open_sides as usize, "open side")
        ),
    };
    // builders are named apart: they weigh nothing (pigs too, in the list below)
    let passive: Vec<String> = feature
        .meeples
        .iter()
        .filter(|m| m.figure == carc_rules::Figure::Builder)
        .map(|m| format!("{}'s {}", m.colour.as_str(), m.figure))
        .collect();
    let mut meeples = if feature.meeples.iter().all(|m| !m.figure.occupies()) {
        "no meeples".to_owned()
    } else {
        // per colour: its meeples, and the large meeple and the abbot by name (the large
        // meeple counts 2 in a majority: a bare count would hide it)
        let mut counts: Vec<(carc_rules::Color, usize, Vec<String>)> = Vec::new();
        for m in feature.meeples.iter().filter(|m| m.figure.occupies()) {
            let entry = match counts.iter().position(|(c, _, _)| *c == m.colour) {
                Some(i) => &mut counts[i],
                None => {
                    counts.push((m.colour, 0, Vec::new()));
                    counts.last_mut().expect("just pushed")
                }
            };
            match m.figure {
                carc_rules::Figure::LargeMeeple => entry.2.push(format!(
                    "{}'s large {} (counts 2)",
                    m.colour.as_str(),
                    vocab::role_word(m.role)
                )),
                carc_rules::Figure::Abbot => entry.2.push(format!("{}'s abbot", m.colour.as_str())),
                _ => entry.1 += 1,
            }
        }
        let pigs = feature
            .meeples
            .iter()
            .filter(|m| m.figure == carc_rules::Figure::Pig)
            .map(|m| format!("{}'s pig", m.colour.as_str()));
        counts
            .iter()
            .map(|(c, n, named)| {
                let plain = (*n > 0).then(|| format!("{} {n}", c.as_str()));
                plain
                    .into_iter()
                    .chain(named.iter().cloned())
                    .collect::<Vec<_>>()
                    .join(" and ")
            })
            .chain(pigs)
            .collect::<Vec<_>>()
            .join(", ")
    };
    for p in passive {
        meeples.push_str(" + ");
        meeples.push_str(&p);
    }
    let when = if feature.complete {
        "now"
    } else {
        "at final scoring"
    };
    let who = match feature.winners.as_slice() {
        [] => "nobody".to_owned(),
        w => w
            .iter()
            .map(|c| c.as_str())
            .collect::<Vec<_>>()
            .join(" and "),
    };
    let mut line = format!(
        "{}{state} · {meeples} · worth {} {when} ({}) to {who}",
        explain::describe(feature),
        feature.value_now,
        explain::formula(feature, feature.value_now),
    );
    if let Some(majority) = explain::majority(feature, feature.value_now) {
        let _ = write!(line, " ({majority})");
    }
    for pig in explain::pigs(feature, feature.value_now, &feature.winners) {
        let _ = write!(line, "; {pig}");
    }
    if let (FeatureKind::Field, Some(game)) = (feature.kind, game) {
        let _ = write!(line, "; it {}", explain::field_cities(game, feature));
    }
    line
}

fn meeple_card(value: &MeepleValue, game: Option<&Game>) -> String {
    match value {
        MeepleValue::Scored {
            feature,
            points,
            won,
            figure,
        } => format!(
            "{}: scored at once, {}; the {} returns to its owner",
            explain::describe(feature),
            if *won {
                format!("+{points}")
            } else {
                "outnumbered, +0".to_owned()
            },
            figure.as_str()
        ),
        MeepleValue::OnBoard(feature) => feature_line(feature, game),
    }
}

/// A builder's card: what it stands on, that it never scores, what it earns.
fn builder_card(value: &MeepleValue) -> String {
    let feature = value.feature();
    format!(
        "**builder** on a {}: it never scores and goes home when the {} is scored; a later tile of its owner's that extends the {} earns a bonus tile\n\n{}",
        vocab::kind_word(feature.kind),
        vocab::kind_word(feature.kind),
        vocab::kind_word(feature.kind),
        feature_line(feature, None)
    )
}

fn turn_card(
    bonus: bool,
    colour: &str,
    features: &[carc_rules::ScoredFeature],
    faults: &[Code],
) -> String {
    let mut out = if bonus {
        format!("**bonus**: the builder's bonus tile, a second turn part of {colour}\n\n")
    } else {
        format!("**turn** of {colour}\n\n")
    };
    if !faults.is_empty() {
        let codes: Vec<&str> = faults.iter().map(|c| c.as_str()).collect();
        let _ = writeln!(
            out,
            "**illegal** ({}): the tile stays on the board so that the rest of the file can be \
             checked, but this turn's expectation is not checked\n",
            codes.join(", ")
        );
    } else if features.is_empty() {
        out.push_str("completes nothing: scores nothing\n");
    }
    for f in features {
        let _ = writeln!(out, "- {}", explain::scored_line_in_play(f));
        for m in &f.returned {
            let _ = writeln!(
                out,
                "  - {}'s {} returns",
                m.colour.as_str(),
                vocab::figure_word(m.figure, m.role)
            );
        }
    }
    out
}

fn end_card(
    score: &carc_rules::FinalScore,
    totals: &[(carc_rules::Color, i64)],
    state: Option<&Replay>,
) -> String {
    let features = &score.features;
    let game = state.map(|s| &s.game);
    let mut out = "**final scoring**\n\n".to_owned();
    let scored: Vec<_> = features.iter().filter(|f| !f.winners.is_empty()).collect();
    if scored.is_empty() && score.goods.is_empty() {
        out.push_str("nothing left to score\n");
    }
    for f in scored {
        let _ = writeln!(out, "- {}", explain::scored_line(f));
        if let (FeatureKind::Field, Some(game)) = (f.feature.kind, game) {
            let _ = writeln!(out, "  - it {}", explain::field_cities(game, &f.feature));
        }
    }
    // Traders & Builders: the leaders of each good
    if let Some(state) = state.filter(|_| !score.goods.is_empty()) {
        let held = crate::replay::goods_held(&state.game, &state.players);
        for award in &score.goods {
            let _ = writeln!(out, "- {}", explain::goods_award_line(award, &held));
        }
    }
    let gains = explain::score_gains(score);
    out.push_str("\nTotals: ");
    let parts: Vec<String> = totals
        .iter()
        .map(|(c, t)| {
            let g = gains.iter().find(|(gc, _)| gc == c).map_or(0, |g| g.1);
            format!("{} {t} (+{g})", c.as_str())
        })
        .collect();
    out.push_str(&parts.join(", "));
    out.push('\n');
    out
}

/// Where the river goes on and which way it last turned, for the card of a river tile:
/// "River: open end at 2,-1 (south of 2,0) · last turned right".
fn river_line(game: &Game) -> String {
    let ends = carc_rules::river::open_ends(game);
    if ends.is_empty() {
        return "River: closed (no open end)".to_owned();
    }
    let parts: Vec<String> = ends
        .iter()
        .map(|end| {
            let turned = match carc_rules::river::last_turn(game, end) {
                Some(turn) => format!("last turned {}", turn.as_str()),
                None => "no turn yet".to_owned(),
            };
            format!(
                "open end at {} ({} of {}) · {turned}",
                vocab::pos_str(end.next),
                vocab::side_word(end.side),
                vocab::pos_str(end.pos)
            )
        })
        .collect();
    format!("River: {}", parts.join("; "))
}

/// What a turn part that earned a bonus tile (Traders & Builders) adds to its card: ``"bonus
/// earned: red's builder on this road (at 1,0): red plays a bonus tile next"``.
fn bonus_line(analysis: &Analysis, line_index: usize) -> Option<String> {
    analysis.replay.facts.iter().find_map(|f| match f {
        Fact::BonusEarned {
            line,
            colour,
            builder,
            kind,
        } if *line == line_index => Some(format!(
            "{} (at {}): {} may play a bonus tile next (`bonus` line)",
            crate::diagnostic::messages::bonus_earned(*colour, *kind),
            vocab::pos_str(builder.pos),
            colour.as_str()
        )),
        Fact::BonusChained {
            line,
            colour,
            builder,
            kind,
        } if *line == line_index => Some(format!(
            "{} (at {}) again, but {}: the next line is the next player's turn",
            crate::diagnostic::messages::bonus_chained(*colour, *kind),
            vocab::pos_str(builder.pos),
            crate::diagnostic::messages::BONUS_CHAINED,
        )),
        _ => None,
    })
}
