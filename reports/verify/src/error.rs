//! The crate's errors: why a table cannot be used ([`Error`]), why a tool cannot run
//! ([`Unavailable`]), why an instance was not generated ([`GenerateError`]) and why a run
//! gave no result ([`RunError`]). The texts are what the user reads in the report.

use std::io;
use std::path::PathBuf;
use std::sync::Arc;

use contract::ParseError;

/// Why a table cannot be loaded or verified.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The table file cannot be read.
    #[error(transparent)]
    Io(io::Error),
    /// The table file is wrong at file:line:col.
    #[error(transparent)]
    Parse(Box<ParseError>),
    /// A suite the table names cannot be loaded: the error at the table's `suites` entry,
    /// then the suite's own.
    #[error("{at}\n  in that suite: {suite}")]
    Suite { at: Box<ParseError>, suite: suites::SuiteError },
    /// `--rows` selects no row.
    #[error("--rows {text}: no row of {table} has a label containing it")]
    NoRows { text: String, table: String },
    /// A report file cannot be written (the error names the file).
    #[error(transparent)]
    Write(io::Error),
}

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Error {
        Error::Parse(Box::new(e))
    }
}

/// Why a solver or preprocessor the table names cannot run.
#[derive(Clone, Debug, thiserror::Error)]
pub enum Unavailable {
    #[error("no {kind} `{name}` in {config}")]
    NotConfigured { kind: &'static str, name: String, config: String },
    #[error("{kind} `{name}` does not read QDIMACS")]
    NoQdimacs { kind: &'static str, name: String },
    #[error("{kind} `{name}` is not installed ({reason})")]
    NotInstalled { kind: &'static str, name: String, reason: Arc<harness::Error> },
    #[error("the reference solver reads the game, not a preprocessed formula")]
    ReferencePreprocessed,
}

/// Why one instance was not generated, after the key of its job.
#[derive(Debug, thiserror::Error)]
#[error("{key}: {failure}")]
pub struct GenerateError {
    pub key: String,
    pub failure: GenerateFailure,
}

/// What went wrong generating an instance.
#[derive(Debug, thiserror::Error)]
pub enum GenerateFailure {
    /// The encoder's own message.
    #[error("{0}")]
    Build(suites::builder::BuildError),
    #[error("{0}")]
    Write(io::Error),
    #[error("the written QDIMACS does not parse: {0}")]
    Unparsable(ParseError),
    #[error("{}: {error}", path.display())]
    Store { path: PathBuf, error: io::Error },
}

/// Why a run has no result.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// Not started: the budget was spent (its seconds).
    #[error("the budget of {0} s was spent")]
    Budget(u64),
    #[error("not generated: {0}")]
    NotGenerated(Arc<GenerateError>),
    #[error("not generated")]
    NoInstance,
    #[error("`{0}` was not prepared")]
    NotPrepared(String),
    #[error(transparent)]
    Unavailable(Unavailable),
    #[error("a run panicked while preprocessing")]
    Poisoned,
    #[error("{0}")]
    Preprocess(harness::Error),
    #[error("{0}")]
    ReadPreprocessed(io::Error),
    #[error("{pre} wrote a formula that does not parse: {error}")]
    Unparsable { pre: String, error: Box<ParseError> },
    #[error("starting {tool}: {error}")]
    Start { tool: String, error: io::Error },
    #[error("{0}")]
    ReferenceStart(io::Error),
}
