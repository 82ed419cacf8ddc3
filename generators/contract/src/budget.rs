//! The size budget: how large a formula (or a game on its way to one) may grow before the
//! work is refused. Every generator estimates the size of what it is asked to write
//! *before* writing it, from the game and the depth alone, and refuses above the budget
//! with an error that names the parameter that made it large and how to raise the limit.
//!
//! Size is counted in literal occurrences of the clausal form (the sum of the clause
//! lengths of the QDIMACS file; a circuit counts its gate inputs), the unit that decides
//! a file's bytes and a solver's memory. The default, 10⁸ literals, is a QDIMACS file of
//! about 0.7 GB: larger than any instance of the QBF competitions.

use std::fmt;

use super::parse_error::ParseError;
use super::source::Source;

/// How a user raises the budget, for the help of every error it causes.
pub const RAISE: &str = "raise the budget with --max-size N (in a suite: max_size = N under [options])";

/// The most literals a formula may have, and the limits derived from it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Literal occurrences of the clausal form.
    pub max_size: u64,
}

impl Budget {
    /// The default budget: 10⁸ literals.
    pub const DEFAULT_SIZE: u64 = 100_000_000;

    /// A budget of `max_size` literals.
    pub fn new(max_size: u64) -> Budget {
        Budget { max_size }
    }

    /// The most ground atoms (and ground rule instances of one rule) a grounder may make:
    /// one per 100 literals. Every ground atom is defined again at every step of an
    /// encoding, by clauses of several literals, so a game with more atoms cannot be
    /// encoded within the budget at any useful depth.
    pub fn ground_atoms(&self) -> u64 {
        self.max_size / 100
    }

    /// `Ok` when `estimate` literals fit; otherwise the error for `what` (the thing that
    /// would be written, e.g. "the formula") grown large by `knob` (e.g. "--depth").
    pub fn check(&self, what: &str, knob: &str, estimate: u64) -> Result<(), TooLarge> {
        if estimate <= self.max_size {
            Ok(())
        } else {
            Err(TooLarge { what: what.to_string(), knob: knob.to_string(), estimate, limit: self.max_size })
        }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::new(Budget::DEFAULT_SIZE)
    }
}

/// Work refused because its estimated size exceeds the budget.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct TooLarge {
    /// What would have been written.
    pub what: String,
    /// The parameter that made it large.
    pub knob: String,
    /// The estimated size, in the budget's unit.
    pub estimate: u64,
    /// The budget.
    pub limit: u64,
}

impl TooLarge {
    /// The refusal at the number of an input file that made the work large (at byte
    /// `offset` of `source`, e.g. a problem's `#depth`), with both ways out: lower the
    /// number there, or raise the budget.
    pub fn at(&self, source: &Source, offset: usize) -> ParseError {
        ParseError::at(
            source,
            offset,
            format!(
                "{} would have about {} literals, more than the size budget of {}",
                self.what,
                grouped(self.estimate),
                grouped(self.limit)
            ),
            format!("lower this number in the file, or {RAISE}"),
        )
    }
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} would have about {} literals, more than the size budget of {}; lower {}, or {RAISE}",
            self.what,
            grouped(self.estimate),
            grouped(self.limit),
            self.knob
        )
    }
}

/// `n` with thousands separators, as the error messages print sizes.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_over_the_budget_names_the_knob_and_the_way_to_raise_it() {
        let budget = Budget::new(1000);
        assert_eq!(budget.check("the formula", "--depth", 1000), Ok(()));
        let err = budget.check("the formula", "--depth", 1_234_567).unwrap_err().to_string();
        assert!(err.contains("about 1,234,567 literals, more than the size budget of 1,000"), "{err}");
        assert!(err.contains("lower --depth") && err.contains("--max-size N"), "{err}");
    }

    #[test]
    fn a_size_over_the_budget_from_a_file_points_at_the_number() {
        let source = Source::from_bytes("p.bddl", "#depth\n  1000000000\n");
        let err = Budget::new(1000).check("the formula at depth 1000000000", "the depth", 1_234_567).unwrap_err();
        assert_eq!(
            err.at(&source, 9).to_string(),
            "p.bddl:2:3: the formula at depth 1000000000 would have about 1,234,567 literals, more than the size budget of 1,000\n  \
             2 |   1000000000\n    |   ^\n  help: lower this number in the file, or raise the budget with --max-size N \
             (in a suite: max_size = N under [options])"
        );
    }

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(100_000_000), "100,000,000");
    }
}
