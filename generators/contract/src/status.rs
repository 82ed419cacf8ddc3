//! The final status of a cell: the answer, or why there is none.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::verdict::Verdict;

/// How a cell ended. Only `True` and `False` are answers; an answer the checks rejected
/// is `Wrong` or `Conflict`, never `True` or `False`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    True,
    False,
    /// The CPU-time limit was reached: the solver (and its preprocessor) used all of it.
    Timeout,
    /// The memory limit was reached.
    Memout,
    /// A crash, an exit code with no meaning, or output that contradicts the exit code.
    Error,
    /// The solver ended normally without an answer.
    Unknown,
    /// The wall-clock limit stopped the run before it had used its CPU limit: the
    /// machine was too busy to measure it. Not a result; run again on resume.
    Starved,
    /// An answer that contradicts the manifest's expected answer.
    Wrong,
    /// An answer that contradicts another configuration's answer on an instance whose
    /// answer is not known: neither can be trusted.
    Conflict,
    /// Not run: the same configuration ran out of its limit on a shallower rung of the
    /// same depth series (`run --stop-series`). Not a measurement: taken as unsolved at
    /// this limit, never as a timeout.
    Skipped,
}

impl Status {
    pub const ALL: [Status; 10] = [
        Status::True,
        Status::False,
        Status::Timeout,
        Status::Memout,
        Status::Error,
        Status::Unknown,
        Status::Starved,
        Status::Wrong,
        Status::Conflict,
        Status::Skipped,
    ];

    pub fn verdict(self) -> Option<Verdict> {
        match self {
            Status::True => Some(Verdict::True),
            Status::False => Some(Verdict::False),
            _ => None,
        }
    }

    /// Whether the run used up a limit, CPU time (`timeout`) or memory (`memout`).
    pub fn ran_out(self) -> bool {
        matches!(self, Status::Timeout | Status::Memout)
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
            Status::Starved => "starved",
            Status::Wrong => "wrong",
            Status::Conflict => "conflict",
            Status::Skipped => "skipped",
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
#[error("`{0}` is not a status (true, false, timeout, memout, error, unknown, starved, wrong, conflict, skipped)")]
pub struct UnknownStatus(pub String);

impl FromStr for Status {
    type Err = UnknownStatus;

    fn from_str(s: &str) -> Result<Status, UnknownStatus> {
        Status::ALL.into_iter().find(|st| st.as_str() == s).ok_or_else(|| UnknownStatus(s.to_string()))
    }
}
