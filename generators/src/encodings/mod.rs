//! QBF encodings of two-player games, one file per encoding, each citing its paper: the
//! lifted BDDL encoding (a circuit), COR+ for positional games (clauses) and the GDL
//! encodings.

mod binary;
pub mod corplus;
pub mod gdl;
mod gdl_prefix;
pub mod lifted;
