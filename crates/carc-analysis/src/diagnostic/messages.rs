//! The messages of the replay's diagnostics, one section per [`Code`] in the order of
//! [`Code::ALL`] (the notation's table), each named after its code: what an author reads, written
//! once. The replay (`replay.rs`, `replay/`) finds the fault and calls the function of its code
//! here; a new code gets its section here (see ARCHITECTURE.md, "Add a diagnostic code").
//!
//! Pure functions of engine and vocabulary values; the tests that pin each message's words are
//! the fixtures (`tests/data/CODE.carc`) and the replay's tests.

use std::collections::BTreeSet;

use carc_rules::river::{OpenEnd, Turn};
use carc_rules::{
    BonusError, BuilderFault, Color, Edge, FeatureKind, Figure, Mismatch, Place, Pos, RecallError,
    Role, Rotation, TileType,
};

use super::{Code, Diagnostic};
use crate::explain::set_name;
use crate::vocab;

// ---- unknown-tile -----------------------------------------------------------------------------

/// Why a token is not a tile, with the catalogue's nearest tokens when there are any
/// ([`vocab::tile_suggestions`]): ``"`d` is not a tile; did you mean `D`?"``; a set's prefix
/// with a letter the set lacks says which tiles it has (also `carc moves`' error).
pub fn unknown_tile(token: &str) -> String {
    let near: Vec<String> = vocab::tile_suggestions(token)
        .into_iter()
        .map(|t| format!("`{t}`"))
        .collect();
    let set_letters = token.split_once('.').and_then(|(prefix, _)| {
        let tiles: Vec<TileType> = TileType::ALL
            .into_iter()
            .filter(|t| t.token().split_once('.').map(|(p, _)| p) == Some(prefix))
            .collect();
        // a letter-case slip (`ic.k`) needs no list: the set has the letter
        let has_letter = tiles.iter().any(|t| t.token().eq_ignore_ascii_case(token));
        match (tiles.first(), tiles.last()) {
            (Some(first), Some(last)) if !has_letter => Some(format!(
                " ({} has {first} to {last})",
                set_name(first.set())
            )),
            _ => None,
        }
    });
    let set_letters = set_letters.unwrap_or_default();
    match near.as_slice() {
        [] => {
            let base: Vec<TileType> = TileType::ALL
                .into_iter()
                .filter(|t| t.set() == carc_rules::TileSet::Base)
                .collect();
            match (base.first(), base.last()) {
                (Some(first), Some(last)) if set_letters.is_empty() => {
                    format!("`{token}` is not a tile: the base tiles are {first} to {last}")
                }
                _ => format!("`{token}` is not a tile{set_letters}"),
            }
        }
        [one] => format!("`{token}` is not a tile{set_letters}; did you mean {one}?"),
        [init @ .., last] => format!(
            "`{token}` is not a tile{set_letters}; did you mean {} or {last}?",
            init.join(", ")
        ),
    }
}

// ---- duplicate-cell ---------------------------------------------------------------------------

/// A second tile on `pos`, which holds `existing`.
pub fn duplicate_cell(pos: Pos, existing: TileType) -> String {
    format!(
        "{} already holds a tile ({})",
        vocab::pos_str(pos),
        existing.token()
    )
}

/// The related location of `duplicate-cell`: the line of the tile already there.
pub fn duplicate_cell_related(pos: Pos) -> String {
    format!("the tile at {} is placed here", vocab::pos_str(pos))
}

// ---- edge-mismatch ----------------------------------------------------------------------------

/// One side of the tile that disagrees with its neighbour.
pub fn edge_mismatch(mismatch: &Mismatch) -> String {
    format!(
        "its {} side is {} {}; the tile at {} shows {} {} there",
        vocab::side_word(mismatch.side),
        vocab::article(mismatch.ours.as_str()),
        mismatch.ours.as_str(),
        vocab::pos_str(mismatch.neighbour),
        vocab::article(mismatch.theirs.as_str()),
        mismatch.theirs.as_str(),
    )
}

/// The related location of `edge-mismatch`: the neighbour's line.
pub fn edge_mismatch_related(neighbour: Pos) -> String {
    format!("the tile at {}", vocab::pos_str(neighbour))
}

// ---- not-adjacent -----------------------------------------------------------------------------

/// A turn's tile that touches no tile.
pub fn not_adjacent(pos: Pos) -> String {
    format!("{} touches no tile along a side", vocab::pos_str(pos))
}

/// A setup tile outside the first tile's group (`rules whole-board`).
pub fn not_adjacent_setup(pos: Pos, first: Pos) -> String {
    format!(
        "the tile at {} is not joined side to side with the first tile (at {})",
        vocab::pos_str(pos),
        vocab::pos_str(first)
    )
}

/// The related location of a setup's `not-adjacent`.
pub const NOT_ADJACENT_FIRST_TILE: &str = "the first tile";

// ---- tile-count -------------------------------------------------------------------------------

/// Tile number `used` of a type of which `boxes` boxes hold `available`.
pub fn tile_count(tile: TileType, boxes: u32, available: u32, used: u32) -> String {
    let boxes = match boxes {
        1 => "the box holds".to_owned(),
        n => format!("{n} boxes hold"),
    };
    format!(
        "{boxes} {available} {} tile{} ({}); this is number {used}",
        tile.token(),
        if available == 1 { "" } else { "s" },
        tile.name()
    )
}

/// Tile number `used` of a base type and its garden tile together (`family`).
pub fn tile_count_family(family: TileType, boxes: u32, available: u32, used: u32) -> String {
    format!(
        "{family} and its garden tile together number {available} in {}; this is number {used}",
        match boxes {
            1 => "the box".to_owned(),
            n => format!("{n} boxes"),
        }
    )
}

// ---- bad-place --------------------------------------------------------------------------------

/// Why a role cannot go at a place on a tile.
pub fn bad_place(tile: TileType, rotation: Rotation, role: Role, place: Option<Place>) -> String {
    let want = role.kind();
    let role_word = vocab::role_word(role);
    let want_word = vocab::kind_word(want);
    let Some(place) = place else {
        let count = tile.segments(rotation).filter(|s| s.kind == want).count();
        return if count == 0 {
            format!(
                "{} ({}) has no {want_word} for {} {role_word}",
                tile.token(),
                tile.name(),
                vocab::article(role_word)
            )
        } else {
            format!(
                "{} has {} here: name one by its {}",
                tile.token(),
                vocab::count(count, want_word),
                if want == FeatureKind::Field {
                    "corner (NE, SE, SW, NW)"
                } else {
                    "side (N, E, S, W)"
                }
            )
        };
    };
    if let Place::Side(s) = place {
        if tile.edge(rotation, s) == Edge::River {
            return format!(
                "{s} of {} is the river: no figure stands on the water",
                tile.token()
            );
        }
    }
    let place_word = match place {
        Place::Side(s) => s.as_str(),
        Place::Corner(c) => c.as_str(),
        Place::Centre => "the centre",
        Place::Half(h) => h.as_str(),
        Place::Inner => "inner",
    };
    if let Place::Corner(c) = place {
        if let Some([a, b]) = tile.corner_split(rotation, c) {
            return format!(
                "corner {c} of {} is split between two fields by a city wall: name the half-side, {a} or {b}",
                tile.token()
            );
        }
    }
    match tile.place_feature(rotation, place) {
        Some(kind) if kind != want => format!(
            "{} {role_word} goes on {} {want_word}; {place_word} of this tile is {} {}",
            vocab::article(role_word),
            vocab::article(want_word),
            vocab::article(vocab::kind_word(kind)),
            vocab::kind_word(kind)
        ),
        _ => match want {
            FeatureKind::Field => format!(
                "a farmer goes on a corner (NE, SE, SW or NW) where this tile has a field, not on {place_word}"
            ),
            FeatureKind::Monastery => "a monk needs no place: write just `monk`".to_owned(),
            _ => format!("this tile has no {want_word} at {place_word}"),
        },
    }
}

/// A meeple on another tile than the one just placed.
pub const BAD_PLACE_NOT_LAST_TILE: &str = "a meeple goes only on the tile just placed";

/// The abbot on a tile with neither monastery nor garden.
pub fn bad_place_abbot(tile: TileType) -> String {
    format!(
        "the abbot goes on the monastery or the garden of its tile; {} ({}) has neither",
        tile.token(),
        tile.name()
    )
}

/// A monk in a garden (only the abbot stands there).
pub fn bad_place_monk_in_garden(tile: TileType) -> String {
    format!(
        "only the abbot may stand in a garden (`abbot`, with `rules abbot`); {} ({}) has no monastery for a monk",
        tile.token(),
        tile.name()
    )
}

// ---- occupied-feature -------------------------------------------------------------------------

/// A meeple joining a feature held by `owners` (empty when unknown).
pub fn occupied_feature(kind: FeatureKind, owners: &[(Color, Role)]) -> String {
    let kind = vocab::kind_word(kind);
    let owners: Vec<String> = owners
        .iter()
        .map(|(colour, role)| format!("{}'s {}", colour.as_str(), vocab::role_word(*role)))
        .collect();
    format!(
        "this {kind} already holds {}: no meeple may join an occupied {kind}",
        if owners.is_empty() {
            "a meeple".to_owned()
        } else {
            owners.join(" and ")
        }
    )
}

/// The related location of `occupied-feature`: a meeple already there.
pub const OCCUPIED_FEATURE_RELATED: &str = "the meeple already on this feature";

// ---- tile-meeples -----------------------------------------------------------------------------

/// A second meeple on one setup tile.
pub const TILE_MEEPLES: &str = "a tile holds at most one figure; this one is not placed";

// ---- meeple-supply ----------------------------------------------------------------------------

/// A setup meeple beyond the `per_player` a colour owns.
pub fn meeple_supply_setup(colour: Color, number: i32, per_player: i32) -> String {
    format!(
        "this is {}'s meeple number {number}; a player has only {per_player}",
        colour.as_str()
    )
}

/// A `supply` that, with the meeples on the board, exceeds what a colour owns.
pub fn meeple_supply_listed(colour: Color, on_board: i64, supply: i64, per_player: i64) -> String {
    format!(
        "{} has {on_board} meeple{} on the board, so at most {} in supply, not {supply}",
        colour.as_str(),
        if on_board == 1 { "" } else { "s" },
        (per_player - on_board).max(0)
    )
}

/// A deployment with an empty supply.
pub const MEEPLE_SUPPLY_EMPTY: &str =
    "no meeple left in supply: deployment comes before this turn's scoring returns any";

// ---- completed-occupied -----------------------------------------------------------------------

/// A setup figure on a completed road, city, monastery or garden (`garden`: the monastery-like
/// feature is The Abbot's garden).
pub fn completed_occupied(kind: FeatureKind, garden: bool, figure: Figure) -> String {
    let feature = if garden {
        "garden"
    } else {
        vocab::kind_word(kind)
    };
    match figure {
        Figure::Abbot => format!(
            "this {feature} is already complete, so it would have scored and sent its abbot home; this abbot is not placed"
        ),
        _ => format!(
            "this {feature} is already complete, so it would have scored and returned its meeples; this meeple is not placed"
        ),
    }
}

// ---- unknown-player ---------------------------------------------------------------------------

/// A colour `players` does not list.
pub fn unknown_player(colour: Color, players: &[Color]) -> String {
    let list: Vec<&str> = players.iter().map(|p| p.as_str()).collect();
    format!(
        "{} is not a player here (players: {})",
        colour.as_str(),
        list.join(" ")
    )
}

// ---- duplicate-colour -------------------------------------------------------------------------

/// A colour named twice in `list` (`` `players` ``, `` `supply` ``, `an expectation` …).
pub fn duplicate_colour(colour: Color, list: &str) -> String {
    let why = if list == "`players`" {
        "each player has one colour, so `players` lists 1 to 5 distinct colours"
    } else {
        "write each colour once (amounts are not added up)"
    };
    format!("{} is listed twice in {list}: {why}", colour.as_str())
}

// ---- farmers-off ------------------------------------------------------------------------------

/// A farmer under `rules no-farmers`.
pub const FARMERS_OFF: &str = "farmers are off in this file (`rules no-farmers`)";

// ---- illegal-discard --------------------------------------------------------------------------

/// A discarded tile that fits at `pos` turned `rotation`.
pub fn illegal_discard(tile: TileType, pos: Pos, rotation: Rotation) -> String {
    format!(
        "{} fits at {} {}: a tile that fits somewhere may not be discarded",
        tile.token(),
        vocab::pos_str(pos),
        vocab::rotation_word(rotation)
    )
}

// ---- score-mismatch ---------------------------------------------------------------------------

/// A `=>` list that differs from what the turn or final scoring gave (`breakdown`: how).
pub fn score_mismatch(
    expected: &[(Color, i64)],
    gains: &[(Color, i64)],
    breakdown: &str,
) -> String {
    format!(
        "expected {}, but this scores {}: {breakdown}",
        crate::explain::gains_text(expected),
        crate::explain::gains_text(gains),
    )
}

/// An `expect score` / `expect supply` entry (`what`) that differs.
pub fn score_mismatch_total(colour: Color, what: &str, expected: i64, is: i64) -> String {
    format!(
        "expected {}'s {what} to be {expected}, but it is {is}",
        colour.as_str()
    )
}

// ---- turn-order -------------------------------------------------------------------------------

/// `colour` played where `expected` was next after `previous`.
pub fn turn_order(expected: Color, previous: Color, colour: Color) -> String {
    format!(
        "{} is next after {}, not {}",
        expected.as_str(),
        previous.as_str(),
        colour.as_str()
    )
}

// ---- order ------------------------------------------------------------------------------------

/// A setup statement after play began.
pub const ORDER_SETUP_AFTER_PLAY: &str =
    "setup statements come before the first turn, discard, expect or end";

/// Anything but `expect` after `end`.
pub const ORDER_AFTER_END: &str = "only `expect` lines may follow `end`: the game is over";

// ---- variation --------------------------------------------------------------------------------

/// A variation with no `}`.
pub const VARIATION_NEVER_CLOSED: &str =
    "this variation is never closed: add a `}` line after its last turn";

/// A `}` with no open variation.
pub const VARIATION_CLOSES_NOTHING: &str = "this `}` closes no variation";

/// A `variation` opened inside `limit` open blocks (carc's nesting limit).
pub fn variation_too_deep(limit: usize) -> String {
    format!(
        "variations nested more than {limit} deep: this block is not replayed (carc's limit \
         on nesting; close a block before opening another)"
    )
}

// ---- refusal-mismatch -------------------------------------------------------------------------

/// A `refused` move that the replay does not refuse with exactly the `claimed` codes: legal
/// (`found` is empty; `legal_move` is how it reads), or refused with others (`found`).
pub fn refusal_mismatch(claimed: &[Code], found: &[Diagnostic], legal_move: &str) -> String {
    if found.is_empty() {
        return format!(
            "refused move is legal: {legal_move} may be played here (nothing refuses it)"
        );
    }
    let claimed: BTreeSet<Code> = claimed.iter().copied().collect();
    let found_codes: BTreeSet<Code> = found.iter().map(|d| d.code).collect();
    let reasons: Vec<String> = found
        .iter()
        .map(|d| format!("{}: {}", d.code.as_str(), d.message))
        .collect();
    let missing: Vec<Code> = claimed.difference(&found_codes).copied().collect();
    let lead = if missing.is_empty() {
        format!(
            "this move is refused with {} as well",
            code_list(found_codes.difference(&claimed).copied())
        )
    } else {
        format!(
            "this move is refused with {}, not {}",
            code_list(found_codes.iter().copied()),
            code_list(missing)
        )
    };
    format!("{lead} ({})", reasons.join("; "))
}

/// `` `a` ``, `` `a` and `b` ``, `` `a`, `b` and `c` ``, or `nothing`.
fn code_list(codes: impl IntoIterator<Item = Code>) -> String {
    let words: Vec<String> = codes
        .into_iter()
        .map(|c| format!("`{}`", c.as_str()))
        .collect();
    match words.as_slice() {
        [] => "nothing".to_owned(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

// ---- unknown-code -----------------------------------------------------------------------------

/// A word of a `refused` statement that names no code, with the `nearest` one if any.
pub fn unknown_code(word: &str, nearest: Option<Code>) -> String {
    let hint = match nearest {
        Some(code) => format!("; did you mean `{}`?", code.as_str()),
        None => String::new(),
    };
    format!("`{word}` is not a diagnostic code (the codes are listed in docs/notation.md){hint}")
}

// ---- expansion-off ----------------------------------------------------------------------------

/// Why a tile of a set that is off is refused: ``"`ic.K` (Cathedral) is a tile of Inns &
/// Cathedrals; add `rules inns-cathedrals` to use it"``.
pub fn expansion_off_tile(tile: TileType) -> String {
    let set = tile.set();
    format!(
        "`{tile}` ({}) is a tile of {}; add `rules {}` to use it (it still goes on the board)",
        tile.name(),
        set_name(set),
        set.as_str()
    )
}

/// A colour of a set that is off (`pink` without `rules inns-cathedrals`), on its first word:
/// ``"`pink` is the sixth colour of Inns & Cathedrals; add `rules inns-cathedrals` to use it
/// (its turns still count)"``.
pub fn expansion_off_colour(colour: Color) -> String {
    let set = colour.set();
    format!(
        "`{colour}` is the sixth colour of {}; add `rules {}` to use it (its turns still count)",
        set_name(set),
        set.as_str()
    )
}

/// The abbot without `rules abbot`.
pub const EXPANSION_OFF_ABBOT: &str =
    "the abbot is a figure of The Abbot; add `rules abbot` to use it (it is not deployed)";

/// The large meeple without `rules inns-cathedrals`.
pub const EXPANSION_OFF_LARGE: &str = "the large meeple is a figure of Inns & Cathedrals; add `rules inns-cathedrals` to use it (it is not deployed)";

/// `goods` or `expect goods` without `rules traders-builders`.
pub const EXPANSION_OFF_GOODS: &str = "goods are tokens of Traders & Builders; add `rules traders-builders` to use them (this line is ignored)";

/// `recall` without `rules abbot`.
pub const EXPANSION_OFF_RECALL: &str =
    "`recall` takes back the abbot of The Abbot; add `rules abbot` to use it";

/// `bonus` without `rules traders-builders`.
pub const EXPANSION_OFF_BONUS: &str = "`bonus` is the builder's bonus tile of Traders & Builders; add `rules traders-builders` to use it (the line is ignored)";

// ---- figure-supply ----------------------------------------------------------------------------

/// A special figure deployed while it stands on the board.
pub fn figure_supply(figure: Figure) -> String {
    format!("each player has one {figure}, and this player's already stands on the board")
}

// ---- bad-recall -------------------------------------------------------------------------------

/// Why `colour`'s abbot cannot be recalled.
pub fn bad_recall(error: RecallError, colour: Color) -> String {
    match error {
        RecallError::NoAbbot => {
            format!("{} has no abbot on the board to recall", colour.as_str())
        }
        RecallError::Completed => "this turn's tile completes the abbot's monastery or garden: it is not recalled and scores 9 in the scoring step".to_owned(),
    }
}

// ---- river-order ------------------------------------------------------------------------------

/// A river tile after the lake.
pub const RIVER_ORDER_AFTER_LAKE: &str =
    "the lake has closed the river: river tiles come before it";

/// The spring in a turn.
pub const RIVER_ORDER_SPRING_IN_TURN: &str =
    "the spring is the start tile: it begins the river in the setup, never in a turn";

/// A land tile while the river goes on at `end` (a warning).
pub fn river_order_land_while_open(end: OpenEnd) -> String {
    format!(
        "the river is still open (it goes on at {}): river tiles come first, the lake last",
        vocab::pos_str(end.next)
    )
}

// ---- river-continue ---------------------------------------------------------------------------

/// A river tile beyond none of the river's open `ends`.
pub fn river_continue(ends: &[OpenEnd]) -> String {
    match ends {
        [] => "a river tile continues the river, but it has no open end here".to_owned(),
        _ => {
            let cells: Vec<String> = ends.iter().map(|e| vocab::pos_str(e.next)).collect();
            format!(
                "a river tile continues the river's open end: it goes at {}",
                cells.join(" or ")
            )
        }
    }
}

// ---- river-uturn ------------------------------------------------------------------------------

/// A curve turning `turn` against the curve at `end`, which turns the same way.
pub fn river_uturn(turn: Turn, end: OpenEnd) -> String {
    format!(
        "the river turns {} at {}; turning {} again at once is a U-turn: turn the tile the other way",
        turn.as_str(),
        vocab::pos_str(end.pos),
        turn.as_str()
    )
}

// ---- builder-place ----------------------------------------------------------------------------

/// The follower a builder needs on a feature of `kind`: a knight in a city, a traveller on a
/// road.
fn follower_word(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::City => "knight",
        FeatureKind::Road => "traveller",
        _ => "follower",
    }
}

/// Why `colour`'s builder may not stand where a turn deploys it: ``"red has no traveller on
/// this road: a builder joins only a road or city where its owner already has a follower"``.
pub fn builder_place(fault: BuilderFault, colour: Color) -> String {
    match fault {
        BuilderFault::NotRoadOrCity(kind) => format!(
            "a builder stands on a road or a city of the tile just placed, not on a {}",
            vocab::kind_word(kind)
        ),
        BuilderFault::Completed(kind) => format!(
            "the {} is completed by this tile: it scores now, so no builder may join it",
            vocab::kind_word(kind)
        ),
        BuilderFault::NoFollower(kind) => format!(
            "{} has no {} on this {}: a builder joins only a road or city where its owner already has a follower",
            colour.as_str(),
            follower_word(kind),
            vocab::kind_word(kind)
        ),
    }
}

/// A setup builder whose owner has no follower on its road or city anywhere in the setup.
pub fn builder_place_setup(kind: FeatureKind, colour: Color) -> String {
    format!(
        "{} has no {} on this {} anywhere in the setup: a builder stands only beside its owner's follower (it is not placed)",
        colour.as_str(),
        follower_word(kind),
        vocab::kind_word(kind)
    )
}

/// A builder's place that is not on the tile (`bad-place`).
pub fn bad_place_builder(tile: TileType, place: Option<Place>) -> String {
    match place {
        Some(p) => format!(
            "the builder goes on a road or city side of the tile just placed; {} ({}) has nothing at {}",
            tile.token(),
            tile.name(),
            vocab::place_str(p)
        ),
        None => format!(
            "the builder goes on a road or city side of the tile just placed; name the side on {} ({})",
            tile.token(),
            tile.name()
        ),
    }
}

// ---- bonus-not-earned -------------------------------------------------------------------------

/// A `bonus` line that does not follow a turn (only `discard` lines may stand between).
pub const BONUS_NOT_EARNED_NO_TURN: &str =
    "a `bonus` line follows the turn that earned it (only `discard` lines may stand between)";

/// A `bonus` after a turn that placed no tile.
pub const BONUS_NOT_EARNED_VOID: &str =
    "the turn before placed no tile, so it extended no builder's road or city";

/// A `bonus` of `colour` after `earner`'s turn.
pub fn bonus_not_earned_colour(earner: Color, colour: Color) -> String {
    format!(
        "the bonus tile follows {}'s turn: only {} could have earned it, not {}",
        earner.as_str(),
        earner.as_str(),
        colour.as_str()
    )
}

/// Why the part that placed the tile at `pos` earns `colour` no bonus tile; `builder` is where
/// `colour`'s builder stands and on what, when it is on the board.
pub fn bonus_not_earned(
    error: BonusError,
    colour: Color,
    pos: Pos,
    builder: Option<(FeatureKind, Pos)>,
) -> String {
    let c = colour.as_str();
    match (error, builder) {
        (BonusError::Chained, _) => {
            format!("a bonus tile never earns another: the line before is {c}'s bonus tile")
        }
        // the builder came out with that very tile: it earns from the next one (it said only
        // "red had no builder on the board", beside the line that deploys it)
        (BonusError::NoBuilder, Some((kind, at))) if at == pos => format!(
            "{c}'s builder was deployed with the tile at {}: only a later tile of {c}'s that \
             extends its {} earns a bonus",
            vocab::pos_str(pos),
            vocab::kind_word(kind)
        ),
        (BonusError::NoBuilder, _) => format!(
            "{c} had no builder on the board when the tile at {} was placed",
            vocab::pos_str(pos)
        ),
        (BonusError::NotExtended, Some((kind, at))) => format!(
            "{c}'s tile at {} does not extend the {} of {c}'s builder (at {})",
            vocab::pos_str(pos),
            vocab::kind_word(kind),
            vocab::pos_str(at)
        ),
        (BonusError::NotExtended, None) => format!(
            "{c}'s tile at {} does not extend the road or city of {c}'s builder",
            vocab::pos_str(pos)
        ),
    }
}

/// What a turn that earned a bonus says (hover, inlay): ``"bonus earned: red's builder on this
/// road"``.
pub fn bonus_earned(colour: Color, kind: FeatureKind) -> String {
    format!(
        "bonus earned: {}'s builder on this {}",
        colour.as_str(),
        vocab::kind_word(kind)
    )
}

/// What a bonus part whose tile extends its player's builder's road or city again says
/// (hover): ``"extends the road of red's builder"``, then [`BONUS_CHAINED`].
pub fn bonus_chained(colour: Color, kind: FeatureKind) -> String {
    format!(
        "extends the {} of {}'s builder",
        vocab::kind_word(kind),
        colour.as_str()
    )
}

/// Why a bonus part earns nothing, whatever its tile extends.
pub const BONUS_CHAINED: &str = "a bonus tile never earns another";

// ---- pig-place --------------------------------------------------------------------------------

/// A pig of `colour` in a field where `colour` has no farmer; `farmers` are the colours whose
/// farmers the field holds: ``"this field holds blue's farmer only: a pig goes only into a
/// field where its owner, red, already has a farmer"``.
pub fn pig_place(colour: Color, farmers: &[Color]) -> String {
    let holds = match farmers {
        [] => "this field holds no farmer".to_owned(),
        [one] => format!("this field holds {}'s farmer only", one.as_str()),
        many => {
            let names: Vec<&str> = many.iter().map(|c| c.as_str()).collect();
            format!(
                "this field holds the farmers of {} only",
                names.join(" and ")
            )
        }
    };
    format!(
        "{holds}: a pig goes only into a field where its owner, {}, already has a farmer",
        colour.as_str()
    )
}

#[cfg(test)]
mod tests {
    //! The words of the messages that no fixture's `carc check` output pins, written out: a
    //! change of wording shows here first.

    use super::*;

    fn tile(token: &str) -> TileType {
        TileType::from_token(token).expect("a catalogue token")
    }

    #[test]
    fn counts_and_plurals() {
        let eg = tile("Eg");
        assert_eq!(
            tile_count(eg, 1, 1, 2),
            "the box holds 1 Eg tile (Single city cap with garden); this is number 2"
        );
        assert_eq!(
            tile_count(eg, 3, 3, 4),
            "3 boxes hold 3 Eg tiles (Single city cap with garden); this is number 4"
        );
        assert_eq!(
            tile_count_family(tile("E"), 2, 10, 11),
            "E and its garden tile together number 10 in 2 boxes; this is number 11"
        );
        assert_eq!(
            meeple_supply_setup(Color::Red, 8, 7),
            "this is red's meeple number 8; a player has only 7"
        );
        assert_eq!(
            meeple_supply_listed(Color::Blue, 1, 7, 7),
            "blue has 1 meeple on the board, so at most 6 in supply, not 7"
        );
        assert_eq!(
            meeple_supply_listed(Color::Blue, 9, 1, 7),
            "blue has 9 meeples on the board, so at most 0 in supply, not 1"
        );
    }

    #[test]
    fn places_and_features() {
        assert_eq!(
            duplicate_cell_related(Pos { x: 1, y: -2 }),
            "the tile at 1,-2 is placed here"
        );
        assert_eq!(
            bad_place_monk_in_garden(tile("Eg")),
            "only the abbot may stand in a garden (`abbot`, with `rules abbot`); Eg (Single city cap with garden) has no monastery for a monk"
        );
        assert_eq!(
            occupied_feature(FeatureKind::City, &[]),
            "this city already holds a meeple: no meeple may join an occupied city"
        );
        assert_eq!(
            occupied_feature(
                FeatureKind::Road,
                &[(Color::Red, Role::Traveller), (Color::Green, Role::Traveller)]
            ),
            "this road already holds red's traveller and green's traveller: no meeple may join an occupied road"
        );
        assert_eq!(
            completed_occupied(FeatureKind::Monastery, false, Figure::Meeple),
            "this monastery is already complete, so it would have scored and returned its meeples; this meeple is not placed"
        );
        assert_eq!(
            completed_occupied(FeatureKind::Monastery, true, Figure::Abbot),
            "this garden is already complete, so it would have scored and sent its abbot home; this abbot is not placed"
        );
    }

    #[test]
    fn colours_lists_and_codes() {
        assert_eq!(
            unknown_player(Color::Black, &[Color::Red, Color::Blue]),
            "black is not a player here (players: red blue)"
        );
        assert_eq!(
            duplicate_colour(Color::Red, "`players`"),
            "red is listed twice in `players`: each player has one colour, so `players` lists 1 to 5 distinct colours"
        );
        assert_eq!(
            duplicate_colour(Color::Red, "`supply`"),
            "red is listed twice in `supply`: write each colour once (amounts are not added up)"
        );
        assert_eq!(
            score_mismatch_total(Color::Yellow, "supply", 3, 4),
            "expected yellow's supply to be 3, but it is 4"
        );
        assert_eq!(
            unknown_code("edge-mismatsh", Some(Code::EdgeMismatch)),
            "`edge-mismatsh` is not a diagnostic code (the codes are listed in docs/notation.md); did you mean `edge-mismatch`?"
        );
        assert_eq!(
            unknown_code("x", None),
            "`x` is not a diagnostic code (the codes are listed in docs/notation.md)"
        );
        assert_eq!(
            refusal_mismatch(&[Code::EdgeMismatch], &[], "red D 1,0"),
            "refused move is legal: red D 1,0 may be played here (nothing refuses it)"
        );
        assert_eq!(code_list([]), "nothing");
        assert_eq!(
            code_list([Code::BadPlace, Code::FarmersOff, Code::TurnOrder]),
            "`bad-place`, `farmers-off` and `turn-order`"
        );
    }

    #[test]
    fn the_builder_and_the_bonus_tile() {
        let pos = |x, y| Pos::new(x, y);
        assert_eq!(
            builder_place(BuilderFault::NoFollower(FeatureKind::Road), Color::Red),
            "red has no traveller on this road: a builder joins only a road or city where its owner already has a follower"
        );
        assert_eq!(
            builder_place(BuilderFault::Completed(FeatureKind::City), Color::Blue),
            "the city is completed by this tile: it scores now, so no builder may join it"
        );
        assert_eq!(
            builder_place_setup(FeatureKind::City, Color::Green),
            "green has no knight on this city anywhere in the setup: a builder stands only beside its owner's follower (it is not placed)"
        );
        assert_eq!(
            bad_place_builder(tile("U"), Some(Place::Side(carc_rules::Side::N))),
            "the builder goes on a road or city side of the tile just placed; U (Straight road) has nothing at N"
        );
        assert_eq!(
            bonus_not_earned(
                BonusError::NotExtended,
                Color::Red,
                pos(1, 1),
                Some((FeatureKind::Road, pos(1, 0)))
            ),
            "red's tile at 1,1 does not extend the road of red's builder (at 1,0)"
        );
        assert_eq!(
            bonus_not_earned(BonusError::NoBuilder, Color::Blue, pos(0, 1), None),
            "blue had no builder on the board when the tile at 0,1 was placed"
        );
        assert_eq!(
            bonus_not_earned(
                BonusError::NoBuilder,
                Color::Red,
                pos(1, 0),
                Some((FeatureKind::Road, pos(1, 0)))
            ),
            "red's builder was deployed with the tile at 1,0: only a later tile of red's that \
             extends its road earns a bonus"
        );
        assert_eq!(
            bonus_not_earned_colour(Color::Blue, Color::Red),
            "the bonus tile follows blue's turn: only blue could have earned it, not red"
        );
        assert_eq!(
            bonus_earned(Color::Red, FeatureKind::City),
            "bonus earned: red's builder on this city"
        );
    }

    #[test]
    fn expansions_and_the_river() {
        assert_eq!(
            expansion_off_tile(tile("Eg")),
            "`Eg` (Single city cap with garden) is a tile of The Abbot; add `rules abbot` to use it (it still goes on the board)"
        );
        assert_eq!(
            river_continue(&[]),
            "a river tile continues the river, but it has no open end here"
        );
        assert_eq!(
            bad_recall(RecallError::NoAbbot, Color::Green),
            "green has no abbot on the board to recall"
        );
    }
}
