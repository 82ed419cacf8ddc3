//! Winning strategies: which variables of an encoded game are Black's first move, how a
//! solver's assignment to them decodes into a move, and whether that move is winning.
//!
//! Validating a "true" verdict is harder than validating a plan: the answer is to extract
//! Black's strategy from the solver and check it against the game (Shaik & van de Pol,
//! Section 5.1, who extract it from QBFcert certificates and play against it). Here the
//! first move is read from the assignment a solver prints for the outermost existential
//! block (`--qdo`: `V <lit> 0` lines, DepQBF and CAQE; [`qdo`]), decoded with the
//! [`SymbolMap`](encodings::SymbolMap) that every [`Encoding`](encodings::Encoding) gives,
//! played with the explicit-state reference solver, and accepted only if Black still wins
//! within the remaining depth ([`validate`], [`first_move`]). With
//! [`Side::White`](encodings::Side::White) the same maps read White's first move from a
//! false instance.
//!
//! [`certificate`] reads the same block from a checked certificate instead: the Skolem
//! (Herbrand) functions of the outermost block, constants there, so that the move checked
//! against the game validates the encoding and not only the solver's claim.
//!
//! [`oracle`] holds the oracles `qbfgames strategy first-move` asks: `--qdo`, or a checked
//! certificate, with progress on standard error.
//!
//! [`play`], [`refute`], [`gdl`] and [`geography`] play the solver's side against every reply or the
//! user's choices; [`session`] runs a whole game (`qbfgames play`).
//!
//! Imports `qbf`, `games`, `encodings`, `harness` (the solver runs as a child process) and
//! `certify` (proofs checked, certificates extracted).
//!
//! ## Departure from the paper
//! Only the first move is extracted (the outermost block needs no certificate, though
//! [`certificate`] can take it from one); deeper moves come from re-encoding the position
//! after the first move, not from a Skolem function.
//!
//! ## References
//! - I. Shaik, J. van de Pol, *Concise QBF Encodings for Games on a Grid*, SAT 2023,
//!   Section 5.1.

pub mod certificate;
pub mod first_move;
pub mod gdl;
pub mod geography;
pub mod oracle;
pub mod play;
pub mod qdo;
pub mod refute;
pub mod session;
pub mod validate;
