//! QBF formulas for two-player game benchmarks.
//!
//! - [`formula`]: the model every encoder writes into — variables, literals, the quantifier
//!   prefix, the hash-consed gate DAG and clause sinks.
//! - [`io`]: streaming QCIR-G14 and QDIMACS writers and their readers, with
//!   `file:line:col` errors.
//! - [`tseitin`]: QCIR → QDIMACS (Tseitin or Plaisted–Greenbaum clauses).
//! - [`stats`], [`identity`]: instance sizes, SHA-256 and GBD identifiers.
//! - [`eval`]: an exhaustive evaluator for small formulas, the ground truth of tests.
//! - [`bddl`]: BDDL board games (parser, game model, reference solver).
//! - [`gdl`]: GDL games (parser, validation, grounder, reference player).
//! - [`encodings`]: the lifted BDDL encoding and the GDL encodings (general and strictly
//!   turn-taking, with GN/GT/GD prefixes).
//! - [`positional`]: positional games (PG, GTTT, Hex), their reference solver, and the
//!   emitter to BDDL; the COR+ encoding is in [`encodings`].
//! - [`strategy`]: Black's first move from a solver's assignment, checked by the reference solvers.
//! - [`suite`]: declarative suites → content-addressed instances and a manifest.

pub mod bddl;
pub mod encodings;
pub mod eval;
pub mod formula;
pub mod gdl;
pub mod identity;
pub mod io;
mod mixhash;
pub mod positional;
pub mod rng;
pub mod stats;
pub mod strategy;
pub mod suite;
pub mod tseitin;
