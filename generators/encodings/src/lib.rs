//! QBF encodings of two-player games (GDL: n-player, one role against the rest) behind one [`Encoding`] trait, one file per encoding,
//! each citing its paper:
//!
//! - [`lifted::Lifted`]: the lifted BDDL encoding (a circuit);
//! - [`corplus::Corplus`]: COR+ for positional games (clauses);
//! - [`gdl::GdlEncoding`]: the GDL encodings GE and SD under the GN, GT or GD prefix
//!   (clauses or a circuit), SD by default where the game is strictly turn-taking
//!   ([`gdl::GdlEncoding::by_structure`]);
//! - [`geography::Geography`]: generalized geography, one-hot (the thesis's) or compact
//!   (a circuit).
//!
//! Every encoding writes into a caller-supplied [`Sink`] with variables from a
//! caller-supplied `VarManager` and names a first move with a [`SymbolMap`]; see
//! [`encoding`] for the contract.
//!
//! Imports `qbf` and `games`; used by `strategy`, `suites` and the binary.

mod binary;
pub mod corplus;
pub mod encoding;
pub mod gdl;
mod gdl_choice;
mod gdl_moves;
mod gdl_prefix;
mod gdl_size;
pub mod geography;
pub mod lifted;
mod symbol_map;

pub use encoding::{EncodeError, Encoded, Encoding, Form, Qbf, Side, Sink, StreamError, Streamed};
pub use symbol_map::{check_outermost, check_outermost_of, universal_outermost, Assignment, MapError, Move, SymbolMap};
