//! Variables, literals and quantifiers.
//!
//! A [`Var`] is a positive index (1-based, as in QDIMACS and QCIR); gate outputs live in
//! the same id space as input variables, because QCIR names both with one number space.
//! A [`Lit`] packs a variable and a sign into one `u32` (`2·var + negated`); the codes of
//! variable 0 are reserved for the constants [`Lit::TRUE`] and [`Lit::FALSE`], which the
//! gate builder and the clause sinks fold away.

use std::fmt;
use std::ops::Not;

/// A propositional variable, numbered from 1.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
pub struct Var(u32);

impl Var {
    /// The largest variable index: literal codes must fit in a `u32`.
    pub const MAX_INDEX: u32 = (u32::MAX >> 1) - 1;

    /// The variable with the given 1-based index, or `None` for 0 or an index too large.
    pub fn new(index: u32) -> Option<Var> {
        (1..=Var::MAX_INDEX).contains(&index).then_some(Var(index))
    }

    /// The 1-based index.
    pub fn index(self) -> u32 {
        self.0
    }

    /// The positive literal of this variable.
    pub fn pos_lit(self) -> Lit {
        Lit(self.0 << 1)
    }

    /// The negative literal of this variable.
    pub fn neg_lit(self) -> Lit {
        Lit((self.0 << 1) | 1)
    }

    /// The literal of this variable with the given polarity (`true` = positive).
    pub fn lit(self, positive: bool) -> Lit {
        if positive {
            self.pos_lit()
        } else {
            self.neg_lit()
        }
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A literal: a variable or its negation, or one of the two constants.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
pub struct Lit(u32);

impl Lit {
    /// The constant true.
    pub const TRUE: Lit = Lit(0);
    /// The constant false.
    pub const FALSE: Lit = Lit(1);

    /// The constant with the given truth value.
    pub fn constant(value: bool) -> Lit {
        if value {
            Lit::TRUE
        } else {
            Lit::FALSE
        }
    }

    /// Whether this is [`Lit::TRUE`] or [`Lit::FALSE`].
    pub fn is_const(self) -> bool {
        self.0 < 2
    }

    /// The variable, or `None` for a constant.
    pub fn var(self) -> Option<Var> {
        (!self.is_const()).then_some(Var(self.0 >> 1))
    }

    /// The variable index (0 for constants); cheaper than [`Lit::var`] in hot loops.
    pub fn var_index(self) -> u32 {
        self.0 >> 1
    }

    /// Whether the literal is negated (for constants: whether it is false).
    pub fn is_neg(self) -> bool {
        self.0 & 1 == 1
    }

    /// The packed code, `2·var + negated`; usable as an array index.
    pub fn code(self) -> usize {
        self.0 as usize
    }

    /// The DIMACS integer: `var` or `-var`. Constants have no DIMACS form and give 0.
    pub fn to_dimacs(self) -> i64 {
        if self.is_const() {
            0
        } else if self.is_neg() {
            -(self.var_index() as i64)
        } else {
            self.var_index() as i64
        }
    }

    /// The literal of a non-zero DIMACS integer, or `None` for 0 or an index too large.
    pub fn from_dimacs(value: i64) -> Option<Lit> {
        let index = u32::try_from(value.unsigned_abs()).ok()?;
        Var::new(index).map(|v| v.lit(value > 0))
    }
}

impl Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Lit::TRUE => f.write_str("true"),
            Lit::FALSE => f.write_str("false"),
            lit => write!(f, "{}", lit.to_dimacs()),
        }
    }
}

/// A quantifier.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
pub enum Quant {
    Exists,
    Forall,
}

impl Quant {
    /// The other quantifier.
    pub fn dual(self) -> Quant {
        match self {
            Quant::Exists => Quant::Forall,
            Quant::Forall => Quant::Exists,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_codes_round_trip_through_dimacs() {
        for value in [1i64, -1, 7, -7, Var::MAX_INDEX as i64, -(Var::MAX_INDEX as i64)] {
            let lit = Lit::from_dimacs(value).expect("valid literal");
            assert_eq!(lit.to_dimacs(), value);
            assert_eq!((!lit).to_dimacs(), -value);
        }
        assert_eq!(Lit::from_dimacs(0), None);
        assert_eq!(Lit::from_dimacs(Var::MAX_INDEX as i64 + 1), None);
    }

    #[test]
    fn constants_negate_into_each_other() {
        assert_eq!(!Lit::TRUE, Lit::FALSE);
        assert!(Lit::TRUE.is_const() && Lit::FALSE.is_const());
        assert_eq!(Lit::TRUE.var(), None);
        assert!(Var::new(1).map(|v| !v.pos_lit().is_const()).unwrap_or(false));
    }
}
