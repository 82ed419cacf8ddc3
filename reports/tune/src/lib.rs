//! Encoding variants measured across solvers (`qbfgames tune`): which clause form, gate
//! placement or encoding makes a family's instances easiest for which solver.
//!
//! [`variant`] parses the axes and applies a variant to a suite, [`measure`] generates
//! and runs each variant through the harness, [`summary`] computes PAR-2 per family ×
//! variant × configuration and compares every verdict across variants (a disagreement is
//! a bug in an encoding). docs/encodings.md holds the measured tables.
//!
//! Imports `suites` and `harness`; used by the binary, which turns on the `cli` feature
//! for the command's flags ([`cli`]).

#[cfg(feature = "cli")]
pub mod cli;
pub mod measure;
pub mod summary;
pub mod variant;

pub use measure::{Event, Measured, Tune, TuneError};
pub use summary::{summarize, Disagreement, Line, Summary};
pub use variant::{named, variants, Axis, Setting, Variant, VariantError};
