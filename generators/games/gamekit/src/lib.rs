//! The shared interface of the game crates: what every game implements and what every game
//! uses, so that a game is one crate beside the others.
//!
//! - [`encoding`]: the [`Encoding`] trait, its [`Sink`] and the size of an encoded formula;
//!   [`SymbolMap`]: how a first move is named in a formula (each game's [`MoveMap`];
//!   [`NodeMap`] where a move names a numbered node); [`binary`]: numbers in binary;
//!   [`plies`]: the blocks, choice and chain of games where the player who cannot move loses.
//! - [`model`]: the [`GameModel`] trait, the seam the command line and suites see a game
//!   through; [`suite`]: what a model accepts in a suite; `cli` (feature `cli`): a model's
//!   command line, `ModelCli`, and the command-line pieces models share.
//! - The generic strategy: [`first_move`] (a solver's first move judged), [`play`] (a
//!   solver's strategy explored against every reply), [`session`] (a whole game with the
//!   user), [`qdo`] and [`oracle`] (the solver asked), [`certificate_oracle`] (the move
//!   read from a certificate DepQBF's checked proof gives, certified in a child process:
//!   [`certificate_oracle::from_certificate`]), [`validate`] (a checked move).
//! - [`rng`]: the seeded generator of random games and random replies; [`mixhash`]: the
//!   hasher of the reference solvers' tables.
//!
//! The name: the kit every game is built from. Imports `contract`, `qbf`, `harness` (the
//! solver runs as a child process) and `certify` (the certification of a file in a child
//! process); no game.

#[macro_use]
pub mod model;

pub mod binary;
pub mod certificate_oracle;
#[cfg(feature = "cli")]
pub mod cli;
pub mod encoding;
pub mod first_move;
pub mod graph;
pub mod mixhash;
mod node_map;
pub mod oracle;
pub mod play;
pub mod plies;
pub mod qdo;
pub mod rng;
pub mod session;
pub mod suite;
mod symbol_map;
pub mod validate;

#[cfg(feature = "cli")]
pub use cli::{command_of, parse, ModelCli, PlayResult, Session};
pub use encoding::{EncodeError, Encoded, Encoding, Form, GameError, Qbf, Side, Sink, Size, StreamError, Streamed};
pub use model::GameModel;
pub use node_map::{NodeMap, NodeTags};
pub use symbol_map::{
    check_outermost, check_outermost_of, chosen, number, universal_outermost, Assignment, MapError, Move, MoveMap,
    SymbolMap,
};
