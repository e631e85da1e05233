//! The messages of figures on the board: places, occupied features, a setup tile's meeples,
//! supplies, completed features.

use carc_rules::{Color, Edge, FeatureKind, Figure, Place, Role, Rotation, TileType};

use crate::vocab;

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

/// A deployment a set in play forbids in this turn (its deploy hook).
pub fn set_refused(refusal: carc_rules::SetRefusal) -> String {
    format!(
        "no deployment here: {}'s {} rule forbids it",
        refusal.set.name(),
        refusal.rule
    )
}

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
