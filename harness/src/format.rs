//! The input formats of instances and tools.

use std::fmt;
use std::str::FromStr;

/// A formula file format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InputFormat {
    Qdimacs,
    Qcir,
}

/// A word that names no [`InputFormat`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a format (qdimacs, qcir)")]
pub struct UnknownFormat(pub String);

impl FromStr for InputFormat {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<InputFormat, UnknownFormat> {
        match s {
            "qdimacs" => Ok(InputFormat::Qdimacs),
            "qcir" => Ok(InputFormat::Qcir),
            _ => Err(UnknownFormat(s.to_string())),
        }
    }
}

impl fmt::Display for InputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            InputFormat::Qdimacs => "qdimacs",
            InputFormat::Qcir => "qcir",
        })
    }
}
