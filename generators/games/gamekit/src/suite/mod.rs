//! The suite side of a model: what `model = "NAME"` in a suite file accepts ([`Schema`]),
//! how a job of it is built ([`Request`] → [`Instance`]), and the reference player's answer
//! for its [`Setup`], the serialised description of one game that the suite builder hands
//! to a child process (a child can be stopped at the suite's time budget; a thread cannot).
//!
//! A model takes part in suites by giving [`GameModel::schema`](crate::GameModel::schema), [`GameModel::build`](crate::GameModel::build) and
//! [`GameModel::reference`](crate::GameModel::reference); the registry finds such a model by the name a suite writes.

mod error;
mod instance;
mod last_ply;
pub mod param;
pub mod schema;
mod setup;

pub use error::BuildError;
pub use instance::{Instance, SourceFile};
pub use last_ply::{LastPly, NotALastPly};
pub use param::{params_string, Param, Params};
pub use schema::{key, names, Encoding, Key, Kind, OutFormat, Schema, SourceFormat, Writes};
pub use setup::{Request, Setup};
