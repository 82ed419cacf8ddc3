//! The QBF core every encoder writes into and every command reads with.
//!
//! - [`formula`]: variables, literals, the quantifier prefix, the hash-consed gate DAG and
//!   clause sinks.
//! - [`io`]: streaming QCIR-G14 and QDIMACS writers and their readers, with
//!   `file:line:col` errors.
//! - [`tseitin`]: QCIR → QDIMACS (Tseitin or Plaisted–Greenbaum clauses).
//! - [`stats`], [`identity`]: instance sizes, SHA-256 and GBD identifiers.
//! - [`eval`]: an exhaustive evaluator for small formulas, the ground truth of tests.
//!
//! Imports only `contract`.

pub mod eval;
pub mod formula;
pub mod identity;
pub mod io;
pub mod stats;
pub mod tseitin;
