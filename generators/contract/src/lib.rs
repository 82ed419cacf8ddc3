//! The pipeline's contract: what every stage of suite → generators → instances → harness →
//! results → reports agrees on, so that each stage reads what the one before wrote.
//!
//! - [`manifest`]: one typed row per generated file ([`Row`]), written and read here only.
//! - [`Depth`] and [`Verdict`]: the depth of an instance and a definite answer, one type
//!   each for every game, solver and report.
//! - [`Record`] and [`Status`]: the results schema beside the manifest's, one row per run
//!   (keyed by [`cell_key`]) and how the run ended.
//! - [`Source`] and [`ParseError`]: input files read whole (gzip and xz transparently), and
//!   errors at 1-based `file:line:col` with the line quoted and a `help:` fix;
//!   [`parse_toml`] reads typed TOML files with such errors.
//! - [`name`]: the one rule for names that become paths; [`manifest::resolve`]: the one
//!   check that a manifest path stays inside its folder on disk (no symbolic links).
//! - [`Budget`]: how large a formula may grow before the work is refused.
//! - [`Claimant`]: whose win a game's formulas ask about, as its model declares it.
//! - [`csv_field`]: where a field of a CSV record starts, for located errors.
//! - [`write_atomically`], [`write_named`]: the one way output files are written (temporary
//!   file, renamed; `write_named` names it after writing, for content addressing).
//!
//! This crate is the bottom layer: it imports no other crate of the workspace.

mod atomic;
pub mod budget;
mod claimant;
pub mod csv_field;
mod depth;
pub mod docs;
mod inside;
pub mod manifest;
pub mod name;
mod parse_error;
mod record;
mod source;
mod status;
mod toml_file;
mod verdict;

pub use atomic::{is_temporary, write_atomically, write_named, Named, WriteError};
pub use budget::{Budget, TooLarge};
pub use claimant::{Claimant, Claimants};
pub use depth::Depth;
pub use manifest::Row;
pub use parse_error::ParseError;
pub use record::{cell_key, Record};
pub use source::{Location, Source};
pub use status::{Status, UnknownStatus};
pub use toml_file::{parse_toml, unknown_key_help};
pub use verdict::Verdict;
