//! Winning strategies: which variables of an encoded game are Black's first move, how a
//! solver's assignment to them decodes into a move, and whether that move is winning.
//!
//! Validating a "true" verdict is harder than validating a plan: the answer is to extract
//! Black's strategy from the solver and check it against the game (Shaik & van de Pol,
//! Section 5.1, who extract it from QBFcert certificates and play against it). Here the
//! first move is read from the assignment a solver prints for the outermost existential
//! block (`--qdo`: `V <lit> 0` lines, DepQBF and CAQE), decoded with a [`SymbolMap`], played
//! with the explicit-state reference solver, and accepted only if Black still wins within
//! the remaining depth ([`validate`]).
//!
//! A [`SymbolMap`] is produced next to each encoder (`encodings::lifted::first_move_map`,
//! `encodings::corplus::first_move_map`, `encodings::gdl::GdlEncoding::encode_with_map`)
//! and serializes to JSON. The same maps read White's first move from a false instance
//! whose outermost block is White's universal move (`--qdo` prints it too): the
//! `white_first_move_map` functions and [`universal_outermost`]. Numbers are little-endian
//! lists of QDIMACS variable indices; a variable the solver did not print counts as false.
//!
//! ## Departure from the paper
//! Only the first move is extracted (the outermost block needs no certificate); deeper
//! moves come from re-encoding the position after the first move, not from a Skolem
//! function.
//!
//! ## References
//! - I. Shaik, J. van de Pol, *Concise QBF Encodings for Games on a Grid*, SAT 2023,
//!   Section 5.1.

pub mod gdl;
pub mod play;
pub mod qdo;
pub mod refute;
pub mod validate;
