//! The errors of the reports crate (reports and packages), one variant per thing that went wrong; each message
//! names the file or flag and, where there is one, the fix after `help:`. An underlying
//! error is part of the message (a field named `error`), not a `source()`: printing the
//! chain would say it twice.

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
    #[error("{}: {error}", path.display())]
    UnreadableResults { path: PathBuf, error: csv::Error },
    /// A row of `results.csv` that is not a result record.
    #[error("{}:{line}: not a result record: {error}\n  help: the file is written only by `qbfgames run`", path.display())]
    BadRecord { path: PathBuf, line: usize, error: csv::Error },
    /// `--scatter` names a configuration without results.
    #[error("--scatter: no configuration `{name}` in the results\n  help: choose two of: {choices}")]
    UnknownConfiguration { name: String, choices: String },
    /// The font committed under `reports/fonts/` cannot be loaded.
    #[error("the built-in font DejaVuSans.ttf is not a valid font")]
    BadFont,
    /// A plot could not be drawn or encoded.
    #[error("drawing the {plot} plot: {message}")]
    Plot { plot: String, message: String },
    /// Reading a file failed; `what` names the action and the path.
    #[error("{what}: {error}")]
    Io { what: String, error: io::Error },
    /// Writing, compressing or archiving failed (the error names its path where it has one).
    #[error(transparent)]
    Os(#[from] io::Error),
    /// The manifest of a suite to package cannot be read.
    #[error("reading the manifest of {}: {error}", dir.display())]
    PackageManifest { dir: PathBuf, error: ManifestError },
    /// A suite to package whose manifest lists nothing.
    #[error("{}: the manifest lists no instances; generate the suite first", .0.display())]
    EmptyManifest(PathBuf),
    /// A package path not named `NAME.tar.xz`.
    #[error("{}: the package name must end in .tar.xz", .0.display())]
    PackageName(PathBuf),
    /// A file whose bytes are not those its manifest row names.
    #[error("{path}: does not match its manifest id; run `qbfgames manifest verify {}`", dir.display())]
    IdMismatch { path: String, dir: PathBuf },
    /// `package --preprocessed` without exactly one preprocessor's cached output.
    #[error("{}/cache/ holds {found}\n  help: run `qbfgames run {} --preprocessors NAME` with one preprocessor and one set of limits, or remove the stale cache folders", dir.display(), dir.display())]
    NoPreprocessed { dir: PathBuf, found: String },
    /// A suite directory without the models `generate` copies next to the instances.
    #[error("{}/models/ is missing: without the suite file and its models the package could not regenerate its instances\n  help: run `qbfgames generate SUITE --out {}` with this version (model paths relative to the suite file)", .0.display(), .0.display())]
    NoModels(PathBuf),
    /// Two packaged files of one format that would get the same readable name.
    #[error("two {format} files would both be named `{name}` (ids {first} and {second})\n  help: the family has two jobs that differ only in a parameter the name leaves out; give them different family names")]
    NameCollision { name: String, format: String, first: String, second: String },
    /// Sources of an answer that disagree (a solver against the manifest's expected value,
    /// or configurations against each other).
    #[error("{count} job(s) with answers that disagree:{first}\n  help: a solver or an encoding is wrong; `qbfgames report` lists the runs; a wrong benchmark is worse than none, so nothing is selected")]
    Disagreement { count: usize, first: String },
    /// Cells the machine starved, which must be run again before the set is judged.
    #[error("{count} cell(s) were starved (the wall-clock limit stopped them before they used their CPU limit: the machine was too busy) and are not results:{first}\n  help: run them again (a run of the folder re-runs starved cells first), on a quieter machine or with fewer --jobs:\n        {reruns}")]
    Starved { count: usize, first: String, reruns: String },
    /// Jobs without a single result at the calibration limit.
    #[error("{count} job(s) have no result at the calibration limit of {limit} s:{first}\n  help: run them (`qbfgames run DIR --timeout {limit}`) before selecting")]
    Uncalibrated { count: usize, limit: f64, first: String },
    /// A selection request the calibrated jobs cannot meet.
    #[error("the selection cannot be made as requested:{0}")]
    SelectionShort(String),
    /// A line of `selection.csv` that is not a selection line.
    #[error("{}:{line}: {message}\n  help: the file is written by `qbfgames select`; run it again", path.display())]
    BadSelection { path: PathBuf, line: usize, message: String },
    /// A selection that names jobs the manifest does not list.
    #[error("{}: selects {count} job(s) the manifest does not list, e.g. `{first}`\n  help: the suite was generated again after `qbfgames select`; run `qbfgames select` again", path.display())]
    StaleSelection { path: PathBuf, count: usize, first: String },
    /// `select` on a directory without a run.
    #[error("{}: no results to calibrate with\n  help: `qbfgames run {}` first", .0.display(), .0.display())]
    NothingToSelect(PathBuf),
}
