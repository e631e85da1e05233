//! The editor queries, one module per request, over a finished [`crate::Analysis`] and in
//! byte offsets: hover, inlay hints, completion, symbols, semantic tokens, code actions,
//! highlights, folding, the hover of `mark` lines; their result types (`results`) and the tile
//! facts shared by hover, completion and `docs/tiles.md` (`tile_info`).

pub(crate) mod actions;
pub(crate) mod completion;
pub(crate) mod folding;
pub(crate) mod highlight;
pub(crate) mod hover;
pub(crate) mod inlay;
pub(crate) mod marks_hover;
pub(crate) mod results;
pub(crate) mod semantic;
pub(crate) mod symbols;
pub mod tile_info;
