//! Words for what the engine computed: gains per colour, score breakdowns, feature
//! descriptions. Shared by diagnostics, hover and inlay hints so that each is phrased once.

use carc_rules::{
    Color, FeatureKind, FeatureSummary, Figure, FinalScore, Game, Goods, GoodsAward, Role,
    ScoredFeature, Scoring, TurnScore, FIELD_POINTS_PER_CITY, PIG_POINTS_PER_CITY,
};

use crate::vocab;

/// Points per colour from a list of scored features, in first-winner order, zero gains left
/// out.
pub fn gains(features: &[ScoredFeature]) -> Vec<(Color, i64)> {
    add_up(feature_awards(features))
}

/// Each winner of each feature with its points (a winner's include their pig's, Traders &
/// Builders).
fn feature_awards(features: &[ScoredFeature]) -> impl Iterator<Item = (Color, u32)> + '_ {
    features
        .iter()
        .flat_map(|f| f.winners.iter().map(move |&w| (w, f.points_of(w))))
}

/// Points per colour of a whole scoring step ([`gains`] of its features, then its goods
/// awards at final scoring), in first-winner order, zero gains left out.
pub fn score_gains(score: &Scoring) -> Vec<(Color, i64)> {
    let goods = score
        .goods
        .iter()
        .flat_map(|a| a.winners.iter().map(move |&w| (w, a.points)));
    add_up(feature_awards(&score.features).chain(goods))
}

/// Each `(winner, points)` adds the points to the winner: the sums per colour, in
/// first-winner order, zero sums left out.
fn add_up(awards: impl Iterator<Item = (Color, u32)>) -> Vec<(Color, i64)> {
    let mut out: Vec<(Color, i64)> = Vec::new();
    for (winner, points) in awards {
        match out.iter_mut().find(|(c, _)| *c == winner) {
            Some(entry) => entry.1 += i64::from(points),
            None => out.push((winner, i64::from(points))),
        }
    }
    out.retain(|(_, n)| *n != 0);
    out
}

/// `blue takes grain 1`: the goods a player took with the tile that completed a city.
pub fn goods_taken(colour: Color, taken: Goods) -> String {
    format!("{} takes {taken}", colour.as_str())
}

/// One goods award at final scoring, with what each player holds (turn order):
/// `grain: blue 1 v red 0: blue +10`; a tie `cloth: red 1 v blue 1: red +10, blue +10`.
pub fn goods_award_line(award: &GoodsAward, held: &[(Color, Goods)]) -> String {
    let counts: Vec<String> = held
        .iter()
        .map(|(c, g)| format!("{} {}", c.as_str(), g.get(award.good)))
        .collect();
    let winners: Vec<String> = award
        .winners
        .iter()
        .map(|c| format!("{} +{}", c.as_str(), award.points))
        .collect();
    format!(
        "{}: {}: {}",
        award.good,
        counts.join(" v "),
        winners.join(", ")
    )
}

/// `red +4, blue +2`, or `nothing`.
pub fn gains_text(gains: &[(Color, i64)]) -> String {
    let listed: Vec<String> = gains
        .iter()
        .filter(|(_, n)| *n != 0)
        .map(|(c, n)| format!("{} +{n}", c.as_str()))
        .collect();
    if listed.is_empty() {
        "nothing".to_owned()
    } else {
        listed.join(", ")
    }
}

/// `city of 2 tiles, 1 shield` — what a feature is; a city's goods symbols follow (`city of
/// 3 tiles, grain 1`).
pub fn describe(feature: &FeatureSummary) -> String {
    let mut text = describe_shape(feature);
    if feature.kind == FeatureKind::City && !feature.goods.is_empty() {
        text.push_str(", ");
        text.push_str(&feature.goods.to_string());
    }
    text
}

/// [`describe`] without the goods.
fn describe_shape(feature: &FeatureSummary) -> String {
    let n = feature.tiles.len();
    let plural = |n: usize, word: &str| vocab::count(n, word);
    match feature.kind {
        FeatureKind::Road => format!("road of {}", plural(n, "tile")),
        FeatureKind::City if feature.shields > 0 => format!(
            "city of {}, {}",
            plural(n, "tile"),
            plural(feature.shields as usize, "shield")
        ),
        FeatureKind::City => format!("city of {}", plural(n, "tile")),
        FeatureKind::Monastery => {
            format!(
                "{} with {}",
                if feature.garden {
                    "garden"
                } else {
                    "monastery"
                },
                plural(n.saturating_sub(1), "neighbour")
            )
        }
        FeatureKind::Field => format!(
            "field touching {}",
            plural(feature.completed_cities, "completed city")
        ),
    }
}

/// How a feature's points come about: `2 tiles × 2 + 1 shield × 2 = 6`.
pub fn formula(feature: &FeatureSummary, points: u32) -> String {
    let n = feature.tiles.len();
    match (feature.kind, feature.complete) {
        (FeatureKind::Road | FeatureKind::City, false) if feature.inn_cathedral => {
            let what = if feature.kind == FeatureKind::Road {
                "an inn"
            } else {
                "a cathedral"
            };
            format!(
                "{} with {what}, unfinished = {points}",
                vocab::count(n, "tile")
            )
        }
        (FeatureKind::Road, true) if feature.inn_cathedral => {
            format!("{n} × 2 (inn) = {points}")
        }
        (FeatureKind::City, true) if feature.inn_cathedral && feature.shields > 0 => {
            format!("{n} × 3 + {} × 3 (cathedral) = {points}", feature.shields)
        }
        (FeatureKind::City, true) if feature.inn_cathedral => {
            format!("{n} × 3 (cathedral) = {points}")
        }
        (FeatureKind::Road, _) => format!("{n} × 1 = {points}"),
        (FeatureKind::City, true) if feature.shields > 0 => {
            format!("{n} × 2 + {} × 2 = {points}", feature.shields)
        }
        (FeatureKind::City, true) => format!("{n} × 2 = {points}"),
        (FeatureKind::City, false) if feature.shields > 0 => {
            format!("{n} + {} = {points}", feature.shields)
        }
        (FeatureKind::City, false) => format!("{n} × 1 = {points}"),
        (FeatureKind::Monastery, true) => format!("1 + 8 = {points}"),
        (FeatureKind::Monastery, false) => format!("1 + {} = {points}", n.saturating_sub(1)),
        (FeatureKind::Field, _) => format!("{} × 3 = {points}", feature.completed_cities),
    }
}

/// Who a scored feature went to: `for red`, `for red and blue (tied)`, `unoccupied`.
pub fn winners_text(scored: &ScoredFeature) -> String {
    match scored.winners.as_slice() {
        [] => "for nobody: it holds no meeple".to_owned(),
        [one] => format!("for {}", one.as_str()),
        many => {
            let names: Vec<&str> = many.iter().map(|c| c.as_str()).collect();
            format!("for {} (tied)", names.join(" and "))
        }
    }
}

/// One scored feature in one line: `city of 2 tiles (complete): 2 × 2 = 4 for red`, then,
/// where several colours hold it, who scores: `; red 2 knights v blue 1: red scores 10,
/// blue 0`, then what each pig brings (see [`pigs`]). Fields are never complete, so they
/// carry no state word. For a feature scored at final scoring; during a turn see
/// [`scored_line_in_play`].
pub fn scored_line(scored: &ScoredFeature) -> String {
    scored_line_at(scored, false)
}

/// [`scored_line`] for a feature a turn scored: an unfinished monastery or garden scores
/// during play only when its abbot is recalled, and the line says so (`garden with 2
/// neighbours (abbot recalled): 1 + 2 = 3 for red`).
pub fn scored_line_in_play(scored: &ScoredFeature) -> String {
    scored_line_at(scored, true)
}

/// Whether a feature that a turn scored was the monastery or garden of a recalled abbot (the
/// only unfinished feature that scores during play).
pub fn recalled(feature: &FeatureSummary) -> bool {
    feature.kind == FeatureKind::Monastery && !feature.complete
}

fn scored_line_at(scored: &ScoredFeature, in_play: bool) -> String {
    let state = match (scored.feature.kind, scored.feature.complete) {
        (FeatureKind::Field, _) => "",
        (_, true) => " (complete)",
        (FeatureKind::Monastery, false) if in_play => " (abbot recalled)",
        (_, false) => " (unfinished)",
    };
    let mut line = format!(
        "{}{state}: {} {}",
        describe(&scored.feature),
        formula(&scored.feature, scored.points),
        winners_text(scored)
    );
    if let Some(majority) = majority(&scored.feature, scored.points) {
        line.push_str("; ");
        line.push_str(&majority);
    }
    for pig in pigs(&scored.feature, scored.points, &scored.winners) {
        line.push_str("; ");
        line.push_str(&pig);
    }
    line
}

/// Points `colour` scores beyond `points` on a field worth `points` when it wins it: with its
/// own pig there (Traders & Builders) 4 per completed city instead of 3; otherwise 0.
pub fn pig_bonus(feature: &FeatureSummary, colour: Color, points: u32) -> u32 {
    let has_pig = feature
        .meeples
        .iter()
        .any(|m| m.colour == colour && m.figure == Figure::Pig);
    if feature.kind != FeatureKind::Field || !has_pig {
        return 0;
    }
    points / FIELD_POINTS_PER_CITY * (PIG_POINTS_PER_CITY - FIELD_POINTS_PER_CITY)
}

/// What each pig on a field worth `points` (3 per completed city) brings its owner, given the
/// field's `winners`: `red's pig: 4 per city instead of 3: 2 × 4 = 8 for red, in place of 6` (what the owner
/// scores from the field in all, in place of the `2 × 3`), or `blue's pig: blue does not
/// win the field: nothing`. Empty for a feature without pigs.
pub fn pigs(feature: &FeatureSummary, points: u32, winners: &[Color]) -> Vec<String> {
    let cities = (points / FIELD_POINTS_PER_CITY) as usize;
    feature
        .meeples
        .iter()
        .filter(|m| m.figure == Figure::Pig && feature.kind == FeatureKind::Field)
        .map(|m| {
            let c = m.colour.as_str();
            if winners.contains(&m.colour) {
                // the whole of what the owner scores, not something added to the field's
                // `n × 3` (it once read `2 cities → +8` beside `2 × 3 = 6 for red`: 14?)
                // and said so: an author adding up `3 for red` and `4 for red` got 7
                format!(
                    "{c}'s pig: {PIG_POINTS_PER_CITY} per city instead of \
                     {FIELD_POINTS_PER_CITY}: {cities} × {PIG_POINTS_PER_CITY} = {} for {c}, \
                     in place of {}",
                    cities as u32 * PIG_POINTS_PER_CITY,
                    cities as u32 * FIELD_POINTS_PER_CITY
                )
            } else {
                format!("{c}'s pig: {c} does not win the field: nothing")
            }
        })
        .collect()
}

/// Where meeples of several colours share a feature, the count that decides it:
/// `red 2 knights v blue 1: red scores 10, blue 0` (a tie: `red 1 knight v blue 1: red
/// scores 8, blue 8`). `None` with meeples of one colour or none.
pub fn majority(feature: &FeatureSummary, points: u32) -> Option<String> {
    // per colour: total strength, meeples, large meeples, a role
    let mut counts: Vec<(Color, usize, usize, usize, Role)> = Vec::new();
    // a builder or pig (Traders & Builders) weighs nothing and decides nothing: not in the
    // tally (see `pigs`)
    for m in feature.meeples.iter().filter(|m| m.figure.occupies()) {
        let large = usize::from(m.figure == Figure::LargeMeeple);
        let strength = m.figure.strength() as usize;
        match counts.iter_mut().find(|e| e.0 == m.colour) {
            Some(entry) => {
                entry.1 += strength;
                entry.2 += 1 - large;
                entry.3 += large;
            }
            None => counts.push((m.colour, strength, 1 - large, large, m.role)),
        }
    }
    if counts.len() < 2 {
        return None;
    }
    counts.sort_by_key(|e| std::cmp::Reverse(e.1));
    let any_large = counts.iter().any(|e| e.3 > 0);
    let tally: Vec<String> = counts
        .iter()
        .enumerate()
        .map(|(i, &(c, n, meeples, large, role))| {
            let role_word = vocab::role_word(role);
            if any_large {
                // the large meeple counts 2: show the strength and what makes it up
                let mut parts = Vec::new();
                if large > 0 {
                    parts.push(format!("large {role_word} counting 2"));
                }
                if meeples > 0 {
                    parts.push(vocab::count(meeples, role_word));
                }
                format!("{} {n} ({})", c.as_str(), parts.join(" + "))
            } else if i == 0 {
                format!("{} {}", c.as_str(), vocab::count(n, role_word))
            } else {
                format!("{} {n}", c.as_str())
            }
        })
        .collect();
    let counts: Vec<(Color, usize)> = counts.iter().map(|e| (e.0, e.1)).collect();
    let best = counts[0].1;
    let outcome: Vec<String> = counts
        .iter()
        .enumerate()
        .map(|(i, (c, n))| {
            let got = if *n == best {
                points + pig_bonus(feature, *c, points)
            } else {
                0
            };
            match i {
                0 => format!("{} scores {got}", c.as_str()),
                _ => format!("{} {got}", c.as_str()),
            }
        })
        .collect();
    Some(format!("{}: {}", tally.join(" v "), outcome.join(", ")))
}

/// The cities a field touches, each named once with its state and what it gives a farmer:
/// `touches the city on 0,0 + 0,1 (complete: 3; touched twice, counted once) and the city
/// on 0,-1 (unfinished: gives nothing)`. `game` is the board the field lies
/// on.
pub fn field_cities(game: &Game, field: &FeatureSummary) -> String {
    // Each city (by its feature id) with how many field pieces touch it, in order of contact.
    let mut touched: Vec<(FeatureSummary, usize)> = Vec::new();
    for (pos, segment) in &field.segments {
        let on_tile = game.features_on(*pos);
        for index in segment.touched_cities() {
            let Some(city) = on_tile
                .iter()
                .find(|(s, _)| s.index == index)
                .and_then(|(_, id)| game.feature(*id))
            else {
                continue;
            };
            match touched.iter_mut().find(|(c, _)| c.id == city.id) {
                Some(entry) => entry.1 += 1,
                None => touched.push((city, 1)),
            }
        }
    }
    if touched.is_empty() {
        return "touches no city".to_owned();
    }
    let named: Vec<String> = touched
        .iter()
        .map(|(city, contacts)| {
            let mut at: Vec<String> = city
                .tiles
                .iter()
                .take(3)
                .map(|p| vocab::pos_str(*p))
                .collect();
            if city.tiles.len() > 3 {
                at.push(format!("… ({} tiles)", city.tiles.len()));
            }
            let what = match (city.complete, contacts) {
                (true, 1) => "complete: 3".to_owned(),
                (true, 2) => "complete: 3; touched twice, counted once".to_owned(),
                (true, n) => format!("complete: 3; touched {n} times, counted once"),
                (false, _) => "unfinished: gives nothing".to_owned(),
            };
            format!("the city on {} ({what})", at.join(" + "))
        })
        .collect();
    let named = match named.as_slice() {
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
        [] => String::new(),
    };
    format!("touches {named}")
}

/// What a turn scored, for a mismatch message: each feature that scored, and each feature the
/// tile completed that held no meeple (`completes a city of 2 tiles (4) that holds no
/// meeple`), or that the tile completes nothing.
pub fn turn_breakdown(score: &TurnScore) -> String {
    let unoccupied: Vec<String> = score
        .features
        .iter()
        .filter(|f| f.winners.is_empty())
        .map(|f| {
            format!(
                "completes {} {} ({}) that holds no meeple",
                vocab::article(vocab::kind_word(f.feature.kind)),
                describe(&f.feature),
                f.points
            )
        })
        .collect();
    let scored = breakdown(&score.features, "", scored_line_in_play);
    match (scored.is_empty(), unoccupied.is_empty()) {
        (true, true) => "the tile completes nothing".to_owned(),
        (true, false) => format!("the tile {}", unoccupied.join(", and ")),
        (false, true) => scored,
        (false, false) => format!("{scored}; it also {}", unoccupied.join(", and ")),
    }
}

/// What final scoring gave, for a mismatch message: the features, then the goods awards
/// with what each player in `held` holds.
pub fn final_breakdown(score: &FinalScore, held: &[(Color, Goods)]) -> String {
    let features = breakdown(&score.features, "", scored_line);
    let goods: Vec<String> = score
        .goods
        .iter()
        .map(|a| goods_award_line(a, held))
        .collect();
    match (features.is_empty(), goods.is_empty()) {
        (true, true) => "nothing is left to score".to_owned(),
        (false, true) => features,
        (true, false) => format!("goods: {}", goods.join("; ")),
        (false, false) => format!("{features}; goods: {}", goods.join("; ")),
    }
}

fn breakdown(
    features: &[ScoredFeature],
    empty: &str,
    line: fn(&ScoredFeature) -> String,
) -> String {
    let lines: Vec<String> = features
        .iter()
        .filter(|f| !f.winners.is_empty())
        .map(line)
        .collect();
    if lines.is_empty() {
        empty.to_owned()
    } else {
        lines.join("; ")
    }
}

/// The name of a set as players know it: `Inns & Cathedrals`.
pub fn set_name(set: carc_rules::TileSet) -> &'static str {
    set.name()
}
