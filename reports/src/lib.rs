//! Reports: tables over instances and results, and plots, in several formats; and the
//! submission package of a suite, the other thing organisers read.
//!
//! One table model ([`Table`], and [`Section`]: a titled table with bold/italic marks); one
//! exporter per format: aligned text, Markdown, CSV ([`write_text`], [`write_markdown`],
//! [`write_csv`]), LaTeX booktabs ([`latex`]) and a self-contained HTML page ([`html`]).
//! [`Report`] reads a run directory ([`RunData`]: `manifest.csv` through
//! [`contract::manifest::read`], and `results.csv`) into the coverage, critical-depth and
//! encoding tables and the plots ([`plot`]); [`summary`] is the table a run ends with,
//! [`findings`] the wrong answers and conflicts (and Slurm batches) shown after it, and
//! [`progress`] the lines shown while it runs.
//! [`package`] writes a suite as one deterministic `.tar.xz`; [`sizes`] is the size table
//! of formula files.
//!
//! Errors are one [`Error`] enum, a variant per thing that went wrong. The crate imports
//! `contract`, `harness` (for the result records) and `qbf` (for formula sizes) of the
//! workspace, nothing else.

#[cfg(feature = "cli")]
pub mod cli;
pub mod compare;
pub mod coverage;
pub mod critical_depths;
pub mod encodings;
mod error;
mod export;
pub mod findings;
#[cfg(test)]
mod fixtures;
pub mod footer;
pub mod html;
pub mod input;
pub mod label;
pub mod latex;
pub mod matrix;
pub mod package;
pub mod plot;
pub mod progress;
pub mod report;
pub mod runs;
pub mod section;
pub mod selection;
pub mod sizes;
pub mod starved;
pub mod summary;
mod table;

pub use error::Error;
pub use export::{json_rows, write_csv, write_json, write_markdown, write_text};
pub use input::RunData;
pub use report::{Options, Report};
pub use section::{Mark, Section};
pub use table::{Align, Column, Table};
