//! The games, each with a parser, a model and an explicit-state reference solver — the
//! ground truth every encoding is checked against.
//!
//! - [`bddl`]: BDDL board games (parser, game model, reference solver).
//! - [`gdl`]: GDL games (parser, validation, grounder, reference player).
//! - [`geography`]: generalized geography on a directed graph (parser, generators,
//!   reference solver).
//! - [`positional`]: positional games (PG, GTTT, Hex), their reference solver, and the
//!   emitter to BDDL.
//! - [`rng`]: the seeded generator of random games and random replies.
//!
//! Imports only `contract`: no formula, no encoding.

pub mod bddl;
pub mod gdl;
pub mod geography;
mod mixhash;
pub mod positional;
pub mod rng;
