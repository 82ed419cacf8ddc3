//! Declarative suites: TOML suite files → resolved families → instances.
//!
//! A suite file names families; a family is a game model, a grid of parameters, depths,
//! encodings and output formats. [`raw`] reads exactly what the user wrote (unknown keys
//! refused), [`resolve`] checks every value against the model's [`schema`] and expands
//! the grid, and [`expand`] lists the instances in a stable order. See `docs/suites.md`.

pub mod builder;
pub mod depth;
pub mod expand;
pub mod generate;
pub mod raw;
pub mod resolve;
pub mod schema;
pub mod verify;

pub use contract::Depth;
pub use expand::{expand, Job};
pub use resolve::{load, resolve, Expected, Family, Param, Params, Point, Suite, SuiteError};
pub use schema::{Encoding, GdlPrefix, ModelKind, OutFormat};
