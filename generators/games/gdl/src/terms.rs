//! Symbols and ground terms, interned.
//!
//! Every symbol (relation, function or constant name) is a [`Sym`]; every ground term is a
//! [`TermId`] into a hash-consed [`TermStore`], so equal terms have equal ids and ground
//! atoms (`(cell 1 1 b)`) are terms too. Ids are handed out in first-use order, which
//! depends only on the input, so everything built from them is deterministic.

use std::collections::HashMap;
use std::fmt::Write;
use std::hash::{Hash, Hasher};

use hashbrown::HashTable;
use rustc_hash::FxHasher;

/// An interned symbol.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sym(pub u32);

/// An interned ground term.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TermId(pub u32);

/// The GDL keywords, interned first so that they have fixed ids.
pub mod kw {
    use super::Sym;
    pub const ROLE: Sym = Sym(0);
    pub const INIT: Sym = Sym(1);
    pub const TRUE: Sym = Sym(2);
    pub const NEXT: Sym = Sym(3);
    pub const LEGAL: Sym = Sym(4);
    pub const DOES: Sym = Sym(5);
    pub const TERMINAL: Sym = Sym(6);
    pub const GOAL: Sym = Sym(7);
    pub const DISTINCT: Sym = Sym(8);
    pub const NOT: Sym = Sym(9);
    pub const OR: Sym = Sym(10);
    pub const BASE: Sym = Sym(11);
    pub const INPUT: Sym = Sym(12);
    pub const IMPLIED: Sym = Sym(13);
    pub(super) const NAMES: [&str; 14] = [
        "role", "init", "true", "next", "legal", "does", "terminal", "goal", "distinct", "not", "or", "base", "input",
        "<=",
    ];
}

/// Symbol names and ground terms.
#[derive(Clone, Debug)]
pub struct TermStore {
    names: Vec<String>,
    by_name: HashMap<String, Sym>,
    /// Per term, its functor and where its arguments start in `args` (they end where the
    /// next term's start): one list, not an allocation per term.
    terms: Vec<(Sym, usize)>,
    args: Vec<TermId>,
    depth: Vec<u32>,
    /// The terms, found by the hash of their functor and arguments ([`key_hash`]).
    by_term: HashTable<TermId>,
    /// The constant of each symbol, once interned (the join looks constants up often).
    constants: Vec<Option<TermId>>,
}

/// The arguments of term `t`, from the store's `terms` and `args` lists.
fn args_in<'a>(terms: &[(Sym, usize)], args: &'a [TermId], t: TermId) -> &'a [TermId] {
    let i = t.0 as usize;
    &args[terms[i].1..terms.get(i + 1).map_or(args.len(), |next| next.1)]
}

/// The hash of the term `functor(args)` in [`TermStore::by_term`].
fn key_hash(functor: Sym, args: &[TermId]) -> u64 {
    let mut h = FxHasher::default();
    functor.hash(&mut h);
    args.hash(&mut h);
    h.finish()
}

impl Default for TermStore {
    fn default() -> TermStore {
        let mut store = TermStore {
            names: Vec::new(),
            by_name: HashMap::new(),
            terms: Vec::new(),
            args: Vec::new(),
            depth: Vec::new(),
            by_term: HashTable::new(),
            constants: Vec::new(),
        };
        for name in kw::NAMES {
            store.sym(name);
        }
        store
    }
}

impl TermStore {
    pub fn new() -> TermStore {
        TermStore::default()
    }

    /// The symbol named `name` (lower case), interned on first use.
    pub fn sym(&mut self, name: &str) -> Sym {
        if let Some(&s) = self.by_name.get(name) {
            return s;
        }
        let s = Sym(self.names.len() as u32);
        self.names.push(name.to_string());
        self.by_name.insert(name.to_string(), s);
        s
    }

    /// The symbol named `name`, if it was interned.
    pub fn find_sym(&self, name: &str) -> Option<Sym> {
        self.by_name.get(name).copied()
    }

    pub fn name(&self, s: Sym) -> &str {
        &self.names[s.0 as usize]
    }

    /// The ground term `functor(args)` (a constant when `args` is empty).
    pub fn term(&mut self, functor: Sym, args: &[TermId]) -> TermId {
        if let Some(t) = self.find_term(functor, args) {
            return t;
        }
        let t = TermId(self.terms.len() as u32);
        self.depth.push(1 + args.iter().map(|a| self.depth[a.0 as usize]).max().unwrap_or(0));
        self.terms.push((functor, self.args.len()));
        self.args.extend_from_slice(args);
        let TermStore { terms, args: all, by_term, .. } = self;
        by_term.insert_unique(key_hash(functor, args), t, |&u| key_hash(terms[u.0 as usize].0, args_in(terms, all, u)));
        if args.is_empty() {
            let i = functor.0 as usize;
            if self.constants.len() <= i {
                self.constants.resize(i + 1, None);
            }
            self.constants[i] = Some(t);
        }
        t
    }

    /// The term if it exists already (no interning).
    pub fn find_term(&self, functor: Sym, args: &[TermId]) -> Option<TermId> {
        if args.is_empty() {
            return self.constants.get(functor.0 as usize).copied().flatten();
        }
        self.by_term.find(key_hash(functor, args), |&t| self.functor(t) == functor && self.args(t) == args).copied()
    }

    /// The number of terms: every [`TermId`] is below it.
    pub fn term_count(&self) -> usize {
        self.terms.len()
    }

    /// The nesting depth: 1 for a constant, 1 + the deepest argument otherwise.
    pub fn depth(&self, t: TermId) -> u32 {
        self.depth[t.0 as usize]
    }

    pub fn functor(&self, t: TermId) -> Sym {
        self.terms[t.0 as usize].0
    }

    pub fn args(&self, t: TermId) -> &[TermId] {
        args_in(&self.terms, &self.args, t)
    }

    /// The term in KIF syntax: `b`, `(cell 1 2 b)`.
    pub fn display(&self, t: TermId) -> String {
        let mut out = String::new();
        self.write_term(&mut out, t);
        out
    }

    fn write_term(&self, out: &mut String, t: TermId) {
        let (functor, args) = (self.functor(t), self.args(t));
        if args.is_empty() {
            out.push_str(self.name(functor));
            return;
        }
        let _ = write!(out, "({}", self.name(functor));
        for &a in args {
            out.push(' ');
            self.write_term(out, a);
        }
        out.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_terms_share_one_id_and_print_as_kif() {
        let mut store = TermStore::new();
        assert_eq!(store.sym("goal"), kw::GOAL);
        let cell = store.sym("cell");
        let one = store.sym("1");
        let b = store.sym("b");
        let (one, b) = (store.term(one, &[]), store.term(b, &[]));
        let t1 = store.term(cell, &[one, one, b]);
        let t2 = store.term(cell, &[one, one, b]);
        assert_eq!(t1, t2);
        assert_eq!(store.display(t1), "(cell 1 1 b)");
    }
}
