//! Generalized geography on a directed graph (the thesis's Section 3): node 0 is the start
//! and counts as named; the players alternate, player 1 first, each naming a successor of
//! the last named node (player 1's first move: a successor of node 0).
//!
//! - [`Graph`]: the graph, read from the thesis's text format ([`Graph::parse`]) or made by
//!   a seeded generator ([`gnp`], [`gnm`], [`grid`], [`torus`], [`thesis_example`]).
//! - [`Rule`]: what may not repeat: a node ([`Rule::Vertex`], the thesis's game) or an edge
//!   ([`Rule::Edge`]; nodes may repeat).
//! - [`Variant`]: what player 1 must achieve within the rounds: survive them
//!   ([`Variant::Thesis`]) or leave player 2 without a move ([`Variant::LastMover`]).
//! - [`Solver`]: the explicit-state reference solver every encoding is checked against.
//!
//! ## The two variants
//! Both play at most `r` rounds; a player who cannot move at one of his rounds `≤ r` loses
//! at once. They differ only when round `r` is played and the game is not over:
//! [`Variant::Thesis`] counts that as player 1's win (the matrix `valid₁ ∧ (valid₂ →
//! (valid₃ ∧ (valid₄ → …)))` of the thesis ends in *true*), [`Variant::LastMover`] as player
//! 2's (the same chain ends in *false*: player 1 must have left player 2 without a legal
//! move at some round `≤ r`). So `LastMover(r)` implies `Thesis(r)`, `Thesis` can only turn
//! false and `LastMover` only true as `r` grows, and they agree once `r` exceeds the longest
//! possible play (the number of nodes for [`Rule::Vertex`], of edges for [`Rule::Edge`]).
//!
//! ## References
//! - The qbfgames thesis, *QBF encodings of games*, Section 3 (“Solve simple geography
//!   games”): the game, the text format and the one-hot encoding.
//! - T. J. Schaefer, *On the computational complexity of some two-person perfect-information
//!   games*, JCSS 16 (1978): generalized geography, PSPACE-complete.

#[cfg(feature = "cli")]
pub mod cli;
pub mod encoding;
pub mod game_model;
mod generate;
mod graph;
mod parse;
mod solver;
pub mod strategy;

pub use generate::{gnm, gnp, grid, thesis_example, torus, MAX_SIDE};
pub use graph::{Graph, MAX_NODES};
pub use solver::{SolveError, Solver, DEFAULT_BUDGET};

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
