//! A definite answer: the game's first player wins (the QBF is true) or not.

use std::fmt;
use std::str::FromStr;

/// A definite answer of a solver, a reference solver or a published table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    True,
    False,
}

impl Verdict {
    /// `true` is [`Verdict::True`].
    pub fn from_bool(value: bool) -> Verdict {
        if value {
            Verdict::True
        } else {
            Verdict::False
        }
    }

    /// `true` or `false`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::True => "true",
            Verdict::False => "false",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is neither `true` nor `false`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is neither `true` nor `false`")]
pub struct BadVerdict(pub String);

impl FromStr for Verdict {
    type Err = BadVerdict;

    fn from_str(s: &str) -> Result<Verdict, BadVerdict> {
        match s {
            "true" => Ok(Verdict::True),
            "false" => Ok(Verdict::False),
            _ => Err(BadVerdict(s.to_string())),
        }
    }
}
