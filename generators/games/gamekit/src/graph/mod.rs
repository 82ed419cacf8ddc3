//! Directed graphs for graph games: the [`Graph`] type, read from the thesis's text format
//! ([`Graph::parse`]) or made by a seeded generator ([`gnp`], [`gnm`], [`grid`], [`torus`],
//! [`thesis_example`]), and how a suite names one ([`suite`]: the `graph` key, a file or a
//! generator with its parameters).

mod digraph;
mod generate;
mod parse;
pub mod suite;

pub use digraph::{Graph, MAX_NODES};
pub use generate::{gnm, gnp, grid, thesis_example, torus, MAX_SIDE};
