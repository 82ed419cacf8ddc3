//! Why a job could not be built or given its expected answer.

use std::io;

use crate::{EncodeError, MapError};
use contract::{ParseError, TooLarge};

/// Why a job could not be built or given its expected answer.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("grid key `{key}` is {value}, not {what}")]
    Param { key: String, value: String, what: &'static str },
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error(transparent)]
    Parse(#[from] ParseError),
    #[error(transparent)]
    /// A game crate's own error (each converts its errors).
    Game(Box<dyn std::error::Error + Send + Sync>),
    #[error(transparent)]
    Encode(#[from] EncodeError),
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    #[error(transparent)]
    Map(#[from] MapError),
    #[error("{model} games have no {encoding} encoding")]
    NoEncoding { model: &'static str, encoding: &'static str },
    #[error("the graph {0} has no rounds of its own: give the family explicit depths (rounds)")]
    NoRounds(String),
    #[error("model `{0}` cannot be used in suites")]
    NotInSuites(&'static str),
    #[error("the reference solver failed ({outcome}): {stderr}")]
    Reference { outcome: String, stderr: String },
}
