//! Declarative suites: TOML suite files → resolved families → instances.
//!
//! A suite file names families; a family is a game model, a grid of parameters, depths,
//! encodings and output formats. [`raw`] reads exactly what the user wrote (unknown keys
//! refused), [`resolve`](mod@resolve) checks every value against the model's [`schema`] and expands
//! the grid, and [`expand`](mod@expand) lists the instances in a stable order. [`generate`] builds
//! every job through a [`generate::Builder`] into content-addressed files and a manifest;
//! [`builder::Encoders`] is the builder that builds each job through its game model (the
//! `game-registry` crate, [`Model`]) and asks the model's reference player for
//! expected answers, in a child process that receives the job's set-up. [`audit`] re-hashes a generated directory against its manifest (`manifest verify`),
//! [`recheck`] re-derives its expected answers from their recorded source, [`coverage`]
//! checks that it holds every job of the suite, [`model_check`] reads every model file a
//! suite names before anything is written, [`model_copies`] copies them beside the
//! instances, and [`deepening`] finds critical depths by iterative deepening with a QBF solver.
//! [`ladder`] grows a family rung by rung until a calibration solver fails, and records
//! how far it got, so that the same instances can be generated again. [`certified`]
//! fills expected answers from checked DepQBF certificates (`generate --certify`). See
//! `docs/suites.md`.
//!
//! Imports `contract`, `qbf`, `gamekit`, `game-registry`, `harness` (child processes)
//! and `certify`.

pub mod audit;
pub mod builder;
pub mod certified;
pub mod coverage;
pub mod deepening;
mod error;
pub mod expand;
pub mod generate;
pub mod ladder;
pub mod model_check;
pub mod model_copies;
pub mod raw;
pub mod recheck;
pub mod resolve;
mod unlisted;

pub use ::game_registry::suite::{
    encodings, formats, params_string, schema, Encoding, LastPly, Model, OutFormat, Param, Params,
};
pub use contract::Depth;
pub use expand::{expand, Job};
pub use resolve::{load, resolve, Expected, Family, Ladder, Mark, Over, Point, Suite, SuiteError};
