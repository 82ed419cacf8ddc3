//! The errors of the reports crate, one variant per thing that went wrong; each message
//! names the file or flag and, where there is one, the fix after `help:`.

use std::io;
use std::path::PathBuf;

use contract::manifest::ManifestError;

/// A report or package that cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The manifest cannot be read or has a bad row.
    #[error(transparent)]
    Manifest(#[from] ManifestError),
    /// `results.csv` is not there.
    #[error("{}: no results\n  help: `qbfgames run {dir}` writes them", path.display())]
    NoResults { path: PathBuf, dir: String },
    /// `results.csv` cannot be opened or read.
    #[error("{}: {source}", path.display())]
    UnreadableResults { path: PathBuf, source: csv::Error },
    /// A row of `results.csv` that is not a result record.
    #[error("{}:{line}: not a result record: {source}\n  help: the file is written only by `qbfgames run`", path.display())]
    BadRecord { path: PathBuf, line: usize, source: csv::Error },
    /// `--scatter` names a configuration without results.
    #[error("--scatter: no configuration `{name}` in the results\n  help: choose two of: {choices}")]
    UnknownConfiguration { name: String, choices: String },
    /// The font committed under `reports/fonts/` cannot be loaded.
    #[error("the built-in font DejaVuSans.ttf is not a valid font")]
    BadFont,
    /// A plot could not be drawn or encoded.
    #[error("drawing the {plot} plot: {message}")]
    Plot { plot: String, message: String },
    /// Reading, writing or compressing a file failed; `what` names the action and the path.
    #[error("{what}: {source}")]
    Io { what: String, source: io::Error },
}
