//! The final status of a cell: the answer, or why there is none.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use contract::Verdict;

/// How a cell ended. Only `True` and `False` are answers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    True,
    False,
    /// The CPU-time or wall-clock limit was reached.
    Timeout,
    /// The memory limit was reached.
    Memout,
    /// A crash, an exit code with no meaning, or output that contradicts the exit code.
    Error,
    /// The solver ended normally without an answer.
    Unknown,
}

impl Status {
    pub const ALL: [Status; 6] =
        [Status::True, Status::False, Status::Timeout, Status::Memout, Status::Error, Status::Unknown];

    pub fn verdict(self) -> Option<Verdict> {
        match self {
            Status::True => Some(Verdict::True),
            Status::False => Some(Verdict::False),
            _ => None,
        }
    }

    pub fn from_verdict(v: Verdict) -> Status {
        match v {
            Verdict::True => Status::True,
            Verdict::False => Status::False,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::True => "true",
            Status::False => "false",
            Status::Timeout => "timeout",
            Status::Memout => "memout",
            Status::Error => "error",
            Status::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A word that names no [`Status`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a status (true, false, timeout, memout, error, unknown)")]
pub struct UnknownStatus(pub String);

impl FromStr for Status {
    type Err = UnknownStatus;

    fn from_str(s: &str) -> Result<Status, UnknownStatus> {
        Status::ALL.into_iter().find(|st| st.as_str() == s).ok_or_else(|| UnknownStatus(s.to_string()))
    }
}
