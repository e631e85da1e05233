//! The messages of Traders & Builders: the builder, the bonus tile, the pig.

use carc_rules::{BonusError, BuilderFault, Color, FeatureKind, Place, Pos, TileType};

use crate::vocab;

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
