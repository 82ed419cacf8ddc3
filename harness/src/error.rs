//! The errors of the harness, one variant per thing that went wrong. Each message names
//! the file, key, flag or tool and, where there is one, says the fix after `help:`; the
//! binary prints it as is. An underlying error is part of the message (a field named
//! `error`), not a `source()`: printing the chain would say it twice.

use std::io;
use std::path::PathBuf;

use contract::manifest::ManifestError;

/// A harness error, ready to show to the user.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Reading, writing or creating a file or directory failed; `what` names the action
    /// and the path.
    #[error("{what}: {error}")]
    Io { what: String, error: io::Error },
    /// An I/O error that already names its path (atomic writes, starting a program).
    #[error(transparent)]
    Os(#[from] io::Error),
    /// The manifest cannot be read or has a bad row.
    #[error(transparent)]
    Manifest(#[from] ManifestError),
    /// A manifest row whose instance file is not there.
    #[error("{}: listed in the manifest (id {id}) but missing\n  help: run `qbfgames generate` again", path.display())]
    MissingInstance { path: PathBuf, id: String },
    /// A bad key or value in the solvers file or a cluster profile: `file:line:col`, the
    /// line quoted, a caret under the column, and the fix.
    #[error("{0}")]
    BadConfig(String),
    /// A program of the solvers file is not installed.
    #[error("{role} `{name}`: program `{program}` not found\n  help: install it on PATH (`make solvers` in a checkout; `make install` copies the ones it built to PREFIX/share/qbfgames/tools/bin), or fix `command` in the solvers file")]
    ProgramNotFound { role: &'static str, name: String, program: String },
    /// A tool's `version_command` could not run.
    #[error("{role} `{name}`: version command: {error}")]
    VersionCommand { role: &'static str, name: String, error: io::Error },
    /// A tool's `version_command` printed no line `line`.
    #[error("{role} `{name}`: `version_command` printed no line {line}\n  help: fix `version_command`/`version_line`, or write `version = \"...\"`")]
    NoVersion { role: &'static str, name: String, line: usize },
    /// A tool's version on this node is not the one its Slurm batch was planned with.
    #[error("{role} `{name}` is version {found} on this node, but the batch was planned with {planned}\n  help: install the same version on every node, or load it in the profile's `modules`/`setup`")]
    VersionChanged { role: &'static str, name: String, found: String, planned: String },
    /// A memory size that is not a number with a unit.
    #[error("invalid memory size `{0}`\n  help: write a number with a unit, e.g. 4G, 512M or 1.5G")]
    BadMemory(String),
    /// An error in the value of a flag (or the setting it stands for), named by the flag.
    #[error("{flag}: {error}")]
    Flag { flag: String, error: Box<Error> },
    /// A count flag of a Slurm profile (`--array-limit`, `--cpus-per-task`, `--shard-cells`)
    /// of 0; a count of 0 in the profile file is an error at its place.
    #[error("{0} 0: must be at least 1\n  help: give {0} 1 or more, or leave the flag out")]
    ZeroCount(&'static str),
    /// A time limit that is not a positive number of seconds.
    #[error("--timeout {0}: the time limit must be a positive number of seconds")]
    BadTimeout(f64),
    /// A wall-clock limit below the CPU limit: every run would look starved.
    #[error("--wall-timeout {wall_s}: below the CPU-time limit --timeout {cpu_s}\n  help: the wall-clock limit is a safety limit; give at least the CPU limit, or leave it out (default: CPU limit + 30 s)")]
    WallBelowCpu { wall_s: f64, cpu_s: f64 },
    /// More runs at once than cores to pin them to.
    #[error("--jobs {jobs}: this machine lets the harness use {cores} core(s)\n  help: each run is pinned to a core of its own, and runs sharing a core measure each other; use --jobs {cores} or fewer")]
    TooManyJobs { jobs: usize, cores: usize },
    /// A `--solver` that the solvers file does not have, with those it has.
    #[error("--solver {name}: not in {}; its solvers are {solvers}", file.display())]
    NoSolver { name: String, file: PathBuf, solvers: String },
    /// No run may go on at once.
    #[error("--jobs 0: at least one run must be able to go on")]
    NoJobs,
    /// An empty `--solvers`/`--preprocessors` list.
    #[error("{0}: empty list\n  help: name at least one")]
    EmptyList(&'static str),
    /// A name in a `--solvers`/`--preprocessors` list that the solvers file does not have.
    #[error("{flag}: unknown name `{name}`\n  help: choose from {choices} (the solvers file lists them)")]
    UnknownTool { flag: &'static str, name: String, choices: String },
    /// A line of a results file that is not a result record.
    #[error("{}:{line}: not a result record: {error}{help}", path.display())]
    BadRecord { path: PathBuf, line: usize, error: serde_json::Error, help: &'static str },
    /// A record or file that could not be encoded as JSON.
    #[error("encoding {what}: {error}")]
    Encode { what: String, error: serde_json::Error },
    /// A results file another run holds.
    #[error("{} is in use by another `qbfgames run`\n  help: wait for it to end, or run into another directory", .0.display())]
    InUse(PathBuf),
    /// A Slurm batch that cannot be read or used: its `batch.json`, a shard, a key.
    #[error("{0}")]
    BadBatch(String),
    /// A batch of the directory whose array tasks are still queued or running.
    #[error("batch {batch} of {} still has {tasks} array task(s) queued or running\n  help: wait for them (`qbfgames collect {}` shows how far they are), or cancel them with scancel", dir.display(), shown.display())]
    BatchActive { batch: u64, dir: PathBuf, tasks: usize, shown: PathBuf },
    /// A directory path that cannot go into `#SBATCH` lines.
    #[error("{}: the Slurm backend needs a directory path without spaces or quotes (it goes into #SBATCH lines)\n  help: move or link the directory to such a path", .0.display())]
    UnsafePath(PathBuf),
    /// More shards than a job array may have.
    #[error("--shard-cells {shard_cells}: {cells} cells make {shards} shards, more than Slurm's usual MaxArraySize of {max}\n  help: use --shard-cells {} or more", cells.div_ceil(*max))]
    TooManyShards { shard_cells: usize, cells: usize, shards: usize, max: usize },
    /// A directory without Slurm batches to collect.
    #[error("{}: no Slurm batches to collect\n  help: `qbfgames run {} --backend slurm` or `qbfgames slurm-script` makes one", .0.display(), .0.display())]
    NoBatches(PathBuf),
    /// A Slurm command that could not run or failed.
    #[error("{0}")]
    Slurm(String),
    /// The harness broke a rule of its own.
    #[error("internal error: {0}")]
    Internal(String),
    /// An error met once and returned to every run that needed its result (a preprocessed
    /// formula that cells share).
    #[error(transparent)]
    Shared(std::sync::Arc<Error>),
}

/// Adds what was being done to an I/O error.
pub trait Context<T> {
    fn context(self, what: impl FnOnce() -> String) -> Result<T, Error>;
}

impl<T> Context<T> for io::Result<T> {
    fn context(self, what: impl FnOnce() -> String) -> Result<T, Error> {
        self.map_err(|error| Error::Io { what: what(), error })
    }
}
