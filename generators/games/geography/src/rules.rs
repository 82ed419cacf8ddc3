//! What a geography game asks: what may not repeat ([`Rule`]) and what player 1 must
//! achieve within the rounds ([`Variant`]), with their names on the command line and in
//! suite files.

use std::fmt;
use std::str::FromStr;

/// What player 1 must achieve within the rounds (see the module doc).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The thesis's formula: player 1 wins iff he can move at each of his rounds `≤ r`
    /// (player 2 being unable to move at one of his rounds also lets him win).
    Thesis,
    /// The player who cannot move loses: player 1 wins iff player 2 cannot move at some
    /// round `≤ r`.
    LastMover,
}

/// What may not be used twice (see the module doc).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// A node may not be named twice (node 0 counts as named): the thesis's game.
    Vertex,
    /// An edge may not be followed twice; nodes may repeat.
    Edge,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::Thesis, Variant::LastMover];
    /// The names of [`Variant::ALL`], in its order: on the command line and in suite files.
    pub const NAMES: [&'static str; 2] = ["thesis", "last-mover"];

    /// The name used on the command line and in suite files.
    pub fn name(self) -> &'static str {
        Variant::NAMES[self as usize]
    }
}

impl Rule {
    pub const ALL: [Rule; 2] = [Rule::Vertex, Rule::Edge];
    /// The names of [`Rule::ALL`], in its order: on the command line and in suite files.
    pub const NAMES: [&'static str; 2] = ["vertex", "edge"];

    /// The name used on the command line and in suite files.
    pub fn name(self) -> &'static str {
        Rule::NAMES[self as usize]
    }
}

/// The command line's values of a choice are its names (feature `cli`).
#[cfg(feature = "cli")]
macro_rules! value_enum_by_name {
    ($t:ty) => {
        impl clap::ValueEnum for $t {
            fn value_variants<'a>() -> &'a [Self] {
                &<$t>::ALL
            }
            fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
                Some(clap::builder::PossibleValue::new(self.name()))
            }
        }
    };
}

#[cfg(feature = "cli")]
value_enum_by_name!(Variant);
#[cfg(feature = "cli")]
value_enum_by_name!(Rule);

/// A name that is not a [`Variant`] or [`Rule`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown geography {what} `{given}`; expected one of: {expected}")]
pub struct UnknownName {
    pub what: &'static str,
    pub given: String,
    pub expected: String,
}

fn by_name<T: Copy>(all: &[T], name: fn(T) -> &'static str, what: &'static str, given: &str) -> Result<T, UnknownName> {
    all.iter().copied().find(|&x| name(x) == given).ok_or_else(|| UnknownName {
        what,
        given: given.to_string(),
        expected: all.iter().map(|&x| name(x)).collect::<Vec<_>>().join(", "),
    })
}

impl FromStr for Variant {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Variant, UnknownName> {
        by_name(&Variant::ALL, Variant::name, "variant", s)
    }
}

impl FromStr for Rule {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Rule, UnknownName> {
        by_name(&Rule::ALL, Rule::name, "rule", s)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_list_the_choices() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
        }
        for r in Rule::ALL {
            assert_eq!(r.name().parse::<Rule>(), Ok(r));
        }
        let err = "lastmover".parse::<Variant>().expect_err("not a name");
        assert_eq!(err.to_string(), "unknown geography variant `lastmover`; expected one of: thesis, last-mover");
        assert!("vertices".parse::<Rule>().is_err());
    }
}
