//! A GDL program as data: rules over terms with rule-local variables, as [`rules`](super::rules)
//! builds them and grounding on demand, validation and the grounder read them.

use std::collections::BTreeSet;
use std::ops::Range;

use super::terms::{Sym, TermStore};
use contract::Source;

/// A term with variables: a rule-local variable number or a function term (a constant
/// has no arguments).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pat {
    Var(u32),
    Fn(Sym, Vec<Pat>),
}

impl Pat {
    /// Adds the variables of this term to `out`.
    pub fn vars(&self, out: &mut Vec<u32>) {
        match self {
            Pat::Var(v) => out.push(*v),
            Pat::Fn(_, args) => args.iter().for_each(|a| a.vars(out)),
        }
    }
}

/// A relation applied to terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    pub pred: Sym,
    pub args: Vec<Pat>,
    pub offset: usize,
}

impl Atom {
    /// The predicate: name and arity (GDL allows one name with several arities).
    pub fn key(&self) -> (Sym, usize) {
        (self.pred, self.args.len())
    }

    pub fn vars(&self) -> Vec<u32> {
        let mut out = Vec::new();
        self.args.iter().for_each(|a| a.vars(&mut out));
        out
    }
}

/// A body literal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Literal {
    Pos(Atom),
    Neg(Atom),
    Distinct(Pat, Pat, usize),
}

impl Literal {
    pub fn offset(&self) -> usize {
        match self {
            Literal::Pos(a) | Literal::Neg(a) => a.offset,
            Literal::Distinct(_, _, o) => *o,
        }
    }
}

/// A rule (a fact has an empty body).
#[derive(Clone, Debug)]
pub struct Rule {
    pub head: Atom,
    pub body: Vec<Literal>,
    pub offset: usize,
    /// Names of the rule's variables, indexed by variable number.
    pub var_names: Vec<String>,
}

/// A parsed GDL file.
#[derive(Clone, Debug)]
pub struct Program {
    pub source: Source,
    pub store: TermStore,
    pub rules: Vec<Rule>,
    /// Relations that only restrict grounding to what callers ask for
    /// ([`demand`](super::demand)): their atoms are no nodes of the ground game.
    pub demand: BTreeSet<(Sym, usize)>,
    /// The rules split into parts ([`decompose`](super::decompose)), as written.
    pub splits: Vec<Split>,
}

/// A rule split into parts ([`decompose`](super::decompose)): the rule as written, and
/// the rules it became.
#[derive(Clone, Debug)]
pub struct Split {
    pub rule: Rule,
    /// The indexes of its parts' rules in [`Program::rules`], the rule for the head last.
    pub rules: Range<usize>,
}
