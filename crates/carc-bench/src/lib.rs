//! carc's benchmark, as a library for its binary (`cargo run --release -p carc-bench`) and
//! for the per-crate benches: the benchmark files, a language-server client over stdio, and
//! sample statistics.

pub mod files;
pub mod games;
pub mod lsp;
pub mod sets;
pub mod stats;
