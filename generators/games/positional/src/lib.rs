//! Positional games: the model, its inputs, a reference solver and a BDDL emitter.
//!
//! - [`model`]: a positional game (vertices, winning sets, initial stones, turn order) and
//!   the rewrite that removes initial stones.
//! - [`pg`]: the PG file format of the COR+ benchmarks (reader and writer).
//! - [`gttt`]: GTTT(p,q) / Harary's tic-tac-toe shapes and k-in-a-row, plain or torus.
//! - [`hex`]: Hex puzzles, with winning sets the chordless side-to-side paths.
//! - [`solver`]: the explicit-state reference solver the encodings are checked against.
//! - [`bddl`]: the same game as a BDDL domain and problem (occupy actions, explicit goals).
//! - [`named`]: a PG file, GTTT game or Hex puzzle loaded for a command, named, cut to a depth.
//!
//! The COR+ encoding itself is [`corplus::Corplus`], its first-move map [`map::CorplusMap`].
//!
//! ## References
//! V. Mayer-Eichberger, A. Saffidine: *Positional Games and QBF: A Polished Encoding*
//! (2021); I. Shaik, J. van de Pol: *Concise QBF Encodings for Games on a Grid*
//! (SAT 2023) for the BDDL format.

pub mod bddl;
pub mod corplus;
pub mod game_model;
pub mod gttt;
pub mod hex;
pub mod map;
pub mod model;
pub mod named;
pub mod pg;
pub mod solver;
pub mod strategy;

pub use model::{Player, PositionalGame};
