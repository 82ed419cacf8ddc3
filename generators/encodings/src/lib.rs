//! QBF encodings of two-player games, one file per encoding, each citing its paper: the
//! lifted BDDL encoding (a circuit), COR+ for positional games (clauses) and the GDL
//! encodings.

mod binary;
pub mod corplus;
pub mod gdl;
mod gdl_prefix;
pub mod lifted;
mod symbol_map;

pub use symbol_map::{check_outermost, check_outermost_of, universal_outermost, Assignment, MapError, Move, SymbolMap};
