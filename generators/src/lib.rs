//! QBF formulas for two-player game benchmarks.
//!
//! - [`formula`]: the model every encoder writes into — variables, literals, the quantifier
//!   prefix, the hash-consed gate DAG and clause sinks.
//! - [`io`]: streaming QCIR-G14 and QDIMACS writers and their readers, with
//!   `file:line:col` errors.
//! - [`tseitin`]: QCIR → QDIMACS (Tseitin or Plaisted–Greenbaum clauses).
//! - [`stats`], [`identity`]: instance sizes, SHA-256 and GBD identifiers.
//! - [`eval`]: an exhaustive evaluator for small formulas, the ground truth of tests.

/// QBF encodings of games (GDL: general and strictly turn-taking, with GN/GT/GD prefixes).
pub mod encodings;
pub mod eval;
pub mod formula;
/// GDL games: parser, validation, grounder, reference player.
pub mod gdl;
pub mod identity;
pub mod io;
pub mod stats;
pub mod tseitin;
