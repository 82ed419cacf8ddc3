//! Symbols and ground terms, interned.
//!
//! Every symbol (relation, function or constant name) is a [`Sym`]; every ground term is a
//! [`TermId`] into a hash-consed [`TermStore`], so equal terms have equal ids and ground
//! atoms (`(cell 1 1 b)`) are terms too. Ids are handed out in first-use order, which
//! depends only on the input, so everything built from them is deterministic.

use std::collections::HashMap;
use std::fmt::Write;

use rustc_hash::FxHashMap;

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
    terms: Vec<(Sym, Box<[TermId]>)>,
    depth: Vec<u32>,
    /// Terms by their key: the functor's id, then the arguments' ids.
    by_term: FxHashMap<Box<[u32]>, TermId>,
    /// The constant of each symbol, once interned (the join looks constants up often).
    constants: Vec<Option<TermId>>,
}

/// Calls `f` with the key of `functor(args)` in [`TermStore::by_term`], built on the stack
/// for the usual arities.
fn with_key<R>(functor: Sym, args: &[TermId], f: impl FnOnce(&[u32]) -> R) -> R {
    let mut stack = [0u32; 9];
    if args.len() < stack.len() {
        stack[0] = functor.0;
        for (slot, a) in stack[1..].iter_mut().zip(args) {
            *slot = a.0;
        }
        f(&stack[..=args.len()])
    } else {
        let key: Vec<u32> = std::iter::once(functor.0).chain(args.iter().map(|a| a.0)).collect();
        f(&key)
    }
}

impl Default for TermStore {
    fn default() -> TermStore {
        let mut store = TermStore {
            names: Vec::new(),
            by_name: HashMap::new(),
            terms: Vec::new(),
            depth: Vec::new(),
            by_term: FxHashMap::default(),
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
        self.terms.push((functor, args.into()));
        with_key(functor, args, |key| self.by_term.insert(key.into(), t));
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
        with_key(functor, args, |key| self.by_term.get(key).copied())
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
        &self.terms[t.0 as usize].1
    }

    /// The term in KIF syntax: `b`, `(cell 1 2 b)`.
    pub fn display(&self, t: TermId) -> String {
        let mut out = String::new();
        self.write_term(&mut out, t);
        out
    }

    fn write_term(&self, out: &mut String, t: TermId) {
        let (functor, args) = &self.terms[t.0 as usize];
        if args.is_empty() {
            out.push_str(self.name(*functor));
            return;
        }
        let _ = write!(out, "({}", self.name(*functor));
        for &a in args.iter() {
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
