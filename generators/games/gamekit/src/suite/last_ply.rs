//! How long a suite job's game can last ([`LastPly`]): what `qbfgames verify --close`
//! needs to call a refuted depth the whole game. The reference child prints it as one
//! line ([`fmt::Display`]) and the parent reads it back ([`std::str::FromStr`]).

use std::fmt;
use std::str::FromStr;

/// The last ply of a game, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LastPly {
    /// No play goes past this ply, so the answer at this depth is the whole game's.
    Ends { ply: u32, why: String },
    /// Plays have no bound (a position can repeat), or none is known.
    Unbounded { why: String },
}

impl fmt::Display for LastPly {
    /// `ends PLY: WHY` or `unbounded: WHY`, on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LastPly::Ends { ply, why } => write!(f, "ends {ply}: {}", why.replace('\n', " ")),
            LastPly::Unbounded { why } => write!(f, "unbounded: {}", why.replace('\n', " ")),
        }
    }
}

/// A line that is not `ends PLY: WHY` or `unbounded: WHY`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a last ply (`ends PLY: WHY` or `unbounded: WHY`)")]
pub struct NotALastPly(pub String);

impl FromStr for LastPly {
    type Err = NotALastPly;

    fn from_str(line: &str) -> Result<LastPly, NotALastPly> {
        let bad = || NotALastPly(line.to_string());
        let (head, why) = line.trim().split_once(": ").ok_or_else(bad)?;
        let why = why.to_string();
        match head.split_once(' ') {
            Some(("ends", ply)) => Ok(LastPly::Ends { ply: ply.parse().map_err(|_| bad())?, why }),
            None if head == "unbounded" => Ok(LastPly::Unbounded { why }),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_reads_back() {
        for last in [
            LastPly::Ends { ply: 16, why: "the board is full".into() },
            LastPly::Unbounded { why: "a position can repeat: a: b".into() },
        ] {
            assert_eq!(last.to_string().parse::<LastPly>(), Ok(last));
        }
        assert!("ends x: why".parse::<LastPly>().is_err());
        assert!("16".parse::<LastPly>().is_err());
        assert!("begins 3: why".parse::<LastPly>().is_err());
    }
}
