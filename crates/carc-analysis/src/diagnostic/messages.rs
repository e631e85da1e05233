//! The messages of the replay's diagnostics, one section per [`Code`](super::Code) in the
//! order of [`Code::ALL`](super::Code::ALL) (the notation's table), each named after its code:
//! what an author reads, written once. The replay (`replay.rs`, `replay/`) finds the fault and
//! calls the function of its code here; a new code gets its section here (see ARCHITECTURE.md,
//! "Add a diagnostic code").
//!
//! Pure functions of engine and vocabulary values; the tests that pin each message's words are
//! the fixtures (`tests/data/CODE.carc`) and the replay's tests.
//!
//! The sections are split by theme, each file in the order of `Code::ALL`: `board` (tiles,
//! cells, edges, counts), `figures`, `play` (players, expectations, order, variations,
//! `refused`), `expansions` (sets that are off, special figures), `river`,
//! `traders_builders`.

mod board;
mod expansions;
mod figures;
mod play;
mod river;
mod traders_builders;

pub use board::*;
pub use expansions::*;
pub use figures::*;
pub use play::*;
pub use river::*;
pub use traders_builders::*;

#[cfg(test)]
mod tests {
    //! The words of the messages that no fixture's `carc check` output pins, written out: a
    //! change of wording shows here first.

    use super::play::code_list;
    use super::*;
    use crate::diagnostic::Code;
    use carc_rules::{
        BonusError, BuilderFault, Color, FeatureKind, Figure, Place, Pos, RecallError, Role,
        TileType,
    };

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
