//! What a solver run ended with.

use std::fmt;

use contract::Verdict;

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The solver answered (exit code 10 or 20).
    Solved(Verdict),
    /// The wall-clock limit was reached; the process group was killed.
    Timeout,
    /// The solver ended normally without an answer (e.g. exit 0 with `UNKNOWN`).
    Unknown,
    /// A crash, a signal, or an exit code with no meaning.
    Error(String),
}

impl Outcome {
    /// The outcome of a process that exited with `code` (`None`: killed by a signal).
    pub fn from_exit(code: Option<i32>, signal: Option<i32>) -> Outcome {
        match (code, signal) {
            (Some(10), _) => Outcome::Solved(Verdict::True),
            (Some(20), _) => Outcome::Solved(Verdict::False),
            (Some(0), _) => Outcome::Unknown,
            (Some(c), _) => Outcome::Error(format!("exit code {c}")),
            (None, Some(s)) => Outcome::Error(format!("killed by signal {s}")),
            (None, None) => Outcome::Error("no exit status".to_string()),
        }
    }

    /// The answer, if there is one.
    pub fn verdict(&self) -> Option<Verdict> {
        match self {
            Outcome::Solved(v) => Some(*v),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Solved(Verdict::True) => f.write_str("true"),
            Outcome::Solved(Verdict::False) => f.write_str("false"),
            Outcome::Timeout => f.write_str("timeout"),
            Outcome::Unknown => f.write_str("unknown"),
            Outcome::Error(why) => write!(f, "error ({why})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_10_and_20_are_answers() {
        assert_eq!(Outcome::from_exit(Some(10), None).verdict(), Some(Verdict::True));
        assert_eq!(Outcome::from_exit(Some(20), None).verdict(), Some(Verdict::False));
        for (code, signal) in [(Some(0), None), (Some(1), None), (Some(30), None), (None, Some(9))] {
            assert_eq!(Outcome::from_exit(code, signal).verdict(), None);
        }
    }
}
