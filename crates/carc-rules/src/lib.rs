//! The Carcassonne rules engine (placeholder until the engine lands).
