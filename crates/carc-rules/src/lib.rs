//! The Carcassonne rules engine of carc: the tile catalogue as one table of data (`catalogue`,
//! the base game of `docs/tiles.md`), figures and their strengths (`figures`), a board on
//! integer coordinates, features as incrementally maintained connected components, placement
//! and deployment legality, scoring during play and at the end, move generation, a seeded
//! random game simulator and a look-ahead search for puzzles with known draws (`search`).
//!
//! The sets in play are a [`Rules`] value in the game's [`Config`]; the turn exists once
//! (`turn`: a [`Move`] is a placement and a [`PartAction`]; [`Game::legal_moves`],
//! [`Game::play`]). Traders & Builders' builder and the bonus part it earns are in `builder`
//! ([`Game::deploy_builder`], [`Game::bonus_check`]).
//!
//! Pure: no I/O, no global state, no panics on any input; illegal moves are typed values.
//!
//! ```
//! use carc_rules::{Config, Game, Pos, Role, Rotation, TileType, Color};
//! let mut g = Game::new(Config::default());
//! g.place_tile_unchecked(TileType::D, Pos::new(0, 0), Rotation::R0).unwrap();
//! let s = g
//!     .play_turn(Color::Red, TileType::E, Pos::new(0, 1), Rotation::R180, Some((Role::Knight, None)))
//!     .unwrap();
//! assert_eq!(s.gain(Color::Red), 4);
//! ```

pub mod board;
pub mod catalogue;
pub mod expansions;
mod features;
pub mod figures;
pub mod game;
mod movegen;
pub use expansions::princess_dragon;
pub use expansions::river;
mod rules;
mod scoring;
pub mod search;
pub mod sim;
pub mod tiles;
mod turn;

pub use board::Pos;
pub use catalogue::{Modifiers, SegmentSpec, TileDef, TileSet, TILES};
pub use expansions::traders_builders::builder::{BonusError, BuilderFault};
pub use expansions::traders_builders::goods;
pub use expansions::SetRefusal;
pub use figures::Figure;
pub use game::{
    CellOccupied, Config, DeployError, FeatureId, FeatureSummary, FinalScore, Game, Meeple,
    MeepleId, Mismatch, PlacedTile, PlacementError, RecallError, ScoredFeature, Scoring, TurnError,
    TurnScore, MEEPLES_PER_COLOUR,
};
pub use goods::{Good, Goods, GoodsAward, GOODS_AWARD};
pub use rules::Rules;
pub use scoring::{road_city_value, FIELD_POINTS_PER_CITY, PIG_POINTS_PER_CITY};
pub use search::{
    cut_position, cut_position_with_sets, solve, solve_ties, solve_with_sets, Cut, Goal, Limits,
    RootMove, Solution, Stop, TieOutcome, TieRange, Ties, DEFAULT_MEMORY, MAX_DEPTH,
    PROGRESS_EVERY,
};
pub use sim::{
    deck_with_sets, simulate, simulate_boxes, simulate_river, simulate_sets, Action, GameRecord,
    Rng, Sim, Step,
};
pub use tiles::{
    Color, Corner, Edge, FeatureKind, HalfSide, Place, PlaceSet, Role, Rotation, SegmentDef, Side,
    TileType, TOTAL_TILES,
};
pub use turn::{first_look, same_look, Move, PartAction, PartEnd};
