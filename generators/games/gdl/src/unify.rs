//! Syntactic unification of rule terms, for `(not (distinct s t))`: the literal holds
//! exactly when `s` and `t` denote the same ground term, so a rule containing it is the
//! rule with `s` and `t` replaced by their most general unifier (no rule at all when there
//! is none). Terms are finite, so the occurs check is part of unification.
//!
//! ## References
//! - J. A. Robinson: *A Machine-Oriented Logic Based on the Resolution Principle*,
//!   J. ACM 12(1), 1965 (most general unifiers).

use std::collections::HashMap;

use super::program::{Atom, Literal, Pat};

/// A substitution built up by [`Unifier::unify`]; variables map to terms that may
/// themselves contain bound variables (resolved when applied).
#[derive(Debug, Default)]
pub struct Unifier {
    bound: HashMap<u32, Pat>,
}

impl Unifier {
    /// Extends the substitution so that `s` and `t` become equal; false when they cannot.
    pub fn unify(&mut self, s: &Pat, t: &Pat) -> bool {
        match (self.resolve(s), self.resolve(t)) {
            (Pat::Var(a), Pat::Var(b)) if a == b => true,
            (Pat::Var(v), p) | (p, Pat::Var(v)) => {
                let p = self.apply(&p);
                if occurs(v, &p) {
                    return false;
                }
                self.bound.insert(v, p);
                true
            }
            (Pat::Fn(f, xs), Pat::Fn(g, ys)) => {
                f == g && xs.len() == ys.len() && xs.iter().zip(&ys).all(|(x, y)| self.unify(x, y))
            }
        }
    }

    /// The term with every bound variable replaced, recursively.
    pub fn apply(&self, p: &Pat) -> Pat {
        match self.resolve(p) {
            Pat::Var(v) => Pat::Var(v),
            Pat::Fn(f, args) => Pat::Fn(f, args.iter().map(|a| self.apply(a)).collect()),
        }
    }

    pub fn atom(&self, a: &Atom) -> Atom {
        Atom { pred: a.pred, args: a.args.iter().map(|p| self.apply(p)).collect(), offset: a.offset }
    }

    pub fn literal(&self, l: &Literal) -> Literal {
        match l {
            Literal::Pos(a) => Literal::Pos(self.atom(a)),
            Literal::Neg(a) => Literal::Neg(self.atom(a)),
            Literal::Distinct(x, y, o) => Literal::Distinct(self.apply(x), self.apply(y), *o),
        }
    }

    /// The term a variable stands for at the top level (the term itself otherwise).
    fn resolve(&self, p: &Pat) -> Pat {
        let mut p = p;
        while let Pat::Var(v) = p {
            match self.bound.get(v) {
                Some(q) => p = q,
                None => break,
            }
        }
        p.clone()
    }
}

fn occurs(v: u32, p: &Pat) -> bool {
    match p {
        Pat::Var(w) => *w == v,
        Pat::Fn(_, args) => args.iter().any(|a| occurs(v, a)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terms::Sym;

    fn f(args: Vec<Pat>) -> Pat {
        Pat::Fn(Sym(100), args)
    }

    fn c(n: u32) -> Pat {
        Pat::Fn(Sym(200 + n), Vec::new())
    }

    #[test]
    fn variables_unify_with_terms_and_with_each_other() {
        let mut u = Unifier::default();
        assert!(u.unify(&Pat::Var(0), &Pat::Var(1)));
        assert!(u.unify(&f(vec![Pat::Var(1), c(1)]), &f(vec![c(2), Pat::Var(2)])));
        assert_eq!(u.apply(&Pat::Var(0)), c(2));
        assert_eq!(u.apply(&Pat::Var(2)), c(1));
        assert!(!u.unify(&Pat::Var(0), &c(1)), "0 is bound to 2, which differs from 1");
    }

    #[test]
    fn a_variable_never_equals_a_term_containing_it() {
        let mut u = Unifier::default();
        assert!(!u.unify(&Pat::Var(0), &f(vec![Pat::Var(0)])));
        let mut u = Unifier::default();
        assert!(u.unify(&Pat::Var(0), &Pat::Var(1)));
        assert!(!u.unify(&Pat::Var(1), &f(vec![Pat::Var(0)])));
    }
}
