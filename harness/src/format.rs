//! The input formats of instances and tools.

use std::fmt;
use std::str::FromStr;

/// A formula file format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InputFormat {
    Qdimacs,
    Qcir,
}

impl FromStr for InputFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<InputFormat, String> {
        match s {
            "qdimacs" => Ok(InputFormat::Qdimacs),
            "qcir" => Ok(InputFormat::Qcir),
            _ => Err(format!("`{s}` is not a format (qdimacs, qcir)")),
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
