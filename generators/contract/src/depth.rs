//! The depth of an instance: a number of plies, or the depth a model file sets itself.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// How deep a game is encoded. Ordered with [`Depth::Model`] first, then by plies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Depth {
    /// The depth the model file sets (a BDDL problem's `#depth`, a positional game's turns).
    Model,
    /// This many plies (time points).
    Plies(u32),
}

impl Depth {
    /// The plies, if the depth is a number.
    pub fn plies(self) -> Option<u32> {
        match self {
            Depth::Plies(d) => Some(d),
            Depth::Model => None,
        }
    }
}

impl fmt::Display for Depth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Depth::Model => f.write_str("model"),
            Depth::Plies(d) => write!(f, "{d}"),
        }
    }
}

/// A depth that is neither `model` nor a number of plies.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("depth `{0}` is neither `model` nor a number of plies")]
pub struct BadDepth(pub String);

impl FromStr for Depth {
    type Err = BadDepth;

    fn from_str(s: &str) -> Result<Depth, BadDepth> {
        match s {
            "model" => Ok(Depth::Model),
            _ => s.parse().map(Depth::Plies).map_err(|_| BadDepth(s.to_string())),
        }
    }
}

/// Written as its text (`model` or the number), in CSV and JSON alike.
impl Serialize for Depth {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Depth {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Depth, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_read_back_what_they_print_and_model_sorts_first() {
        for d in [Depth::Model, Depth::Plies(0), Depth::Plies(17)] {
            assert_eq!(d.to_string().parse(), Ok(d));
        }
        assert!(Depth::Model < Depth::Plies(0));
        assert!("-1".parse::<Depth>().is_err());
        assert!("".parse::<Depth>().is_err());
    }
}
