//! Binding patterns (adornments): which arguments of a call are bound when the call is
//! reached, and whether a relation's rules then bind all their variables.
//!
//! A *pattern* of a relation `p` of arity n says, for each argument, whether the caller
//! has bound it. `p` is *callable* with a pattern when every rule of `p`, with the head
//! arguments at the bound positions known, binds all its variables in some order of its
//! positive literals, each literal usable once its own pattern is callable (literals of
//! `true`, `does`, facts and keywords always are). A rule whose variables are all bound
//! derives ground atoms, so a callable call binds all its arguments.
//!
//! Callability is the greatest fixpoint of these conditions over the patterns that calls
//! reach: a recursive call is assumed callable until its rules show otherwise, which is
//! groundness by induction on derivations (a recursive helper such as
//! `(<= (plus ?a 0 ?a)) (<= (plus ?a ?b ?c) (succ ?b0 ?b) (plus ?a ?b0 ?c0) (succ ?c0 ?c))`
//! is callable with its first two arguments bound). The order of a rule is found by
//! saturation, so it is found whenever one exists: at each step the first usable literal
//! in text order, calls of derived relations without a bound argument last (so that a
//! recursive call keeps the pattern of its rule, as the rule's author wrote it).
//!
//! ## References
//! - F. Bancilhon, D. Maier, Y. Sagiv, J. Ullman: *Magic Sets and Other Strange Ways to
//!   Implement Logic Programs*, PODS 1986 (adornments, sideways information passing).

use std::collections::{BTreeMap, BTreeSet};

use super::program::{Atom, Literal, Pat, Rule};
use super::terms::kw;
use super::validate::PredKey;

/// Per argument: bound by the caller.
pub type Pattern = Vec<bool>;

/// The rules of a program by head relation.
pub(super) struct Defs<'p> {
    rules: &'p [Rule],
    by_head: BTreeMap<PredKey, Vec<usize>>,
    /// The relations [`Defs::derived`] holds for, found once (tables of facts are long).
    derived: BTreeSet<PredKey>,
}

/// Callability of a program's relations under the patterns its calls use.
pub(super) struct Patterns<'p> {
    pub defs: Defs<'p>,
    callable: BTreeMap<(PredKey, Pattern), bool>,
}

/// The variables of a term.
pub(super) fn pat_vars(p: &Pat) -> Vec<u32> {
    let mut out = Vec::new();
    p.vars(&mut out);
    out
}

/// The variables of a literal.
pub(super) fn literal_vars(lit: &Literal) -> Vec<u32> {
    match lit {
        Literal::Pos(a) | Literal::Neg(a) => a.vars(),
        Literal::Distinct(x, y, _) => {
            let mut out = pat_vars(x);
            out.extend(pat_vars(y));
            out
        }
    }
}

/// The pattern of `atom` when the variables `bound` are known.
pub(super) fn pattern_of(atom: &Atom, bound: &BTreeSet<u32>) -> Pattern {
    atom.args.iter().map(|a| pat_vars(a).iter().all(|v| bound.contains(v))).collect()
}

/// The variables of the head arguments of `rule` at the bound positions of `pattern`.
pub(super) fn head_bound(rule: &Rule, pattern: &[bool]) -> BTreeSet<u32> {
    rule.head.args.iter().zip(pattern).filter(|(_, &b)| b).flat_map(|(a, _)| pat_vars(a)).collect()
}

/// Whether `p` is a GDL keyword (these are never grounded on demand).
pub(super) fn is_keyword(p: PredKey) -> bool {
    matches!(p.0, kw::ROLE | kw::INIT | kw::NEXT | kw::LEGAL | kw::GOAL | kw::TERMINAL | kw::TRUE | kw::DOES)
}

/// The order in which the positive literals of a rule bind its variables.
pub(super) struct Order {
    /// Body indexes of the positive literals that could be used, in order.
    pub steps: Vec<usize>,
    /// The variables bound after them (and the head arguments bound by the caller).
    pub bound: BTreeSet<u32>,
}

impl<'p> Defs<'p> {
    /// The rules of `p`.
    pub fn rules_of(&self, p: PredKey) -> impl Iterator<Item = &'p Rule> + '_ {
        self.by_head.get(&p).into_iter().flatten().map(|&i| &self.rules[i])
    }

    /// Whether `p` is defined by rules of the game other than ground facts, and is no
    /// keyword: a relation whose callability depends on its callers' patterns.
    pub fn derived(&self, p: PredKey) -> bool {
        self.derived.contains(&p)
    }

    /// The order of the positive literals of `rule` when the head arguments at `pattern`
    /// are bound, with `callable` telling which calls are usable (see the module doc).
    fn order_with(&self, rule: &Rule, pattern: &[bool], callable: &mut dyn FnMut(PredKey, &[bool]) -> bool) -> Order {
        let mut bound = head_bound(rule, pattern);
        let mut steps = Vec::new();
        let mut used = vec![false; rule.body.len()];
        loop {
            let mut best: Option<(u8, usize)> = None;
            for (i, lit) in rule.body.iter().enumerate() {
                let Literal::Pos(a) = lit else { continue };
                if used[i] {
                    continue;
                }
                let pat = pattern_of(a, &bound);
                let derived = self.derived(a.key());
                let rank = u8::from(derived && !pat.iter().any(|&b| b));
                if best.is_some_and(|(r, _)| r <= rank) {
                    continue;
                }
                if !derived || callable(a.key(), &pat) {
                    best = Some((rank, i));
                }
            }
            let Some((_, i)) = best else { break };
            used[i] = true;
            steps.push(i);
            if let Literal::Pos(a) = &rule.body[i] {
                bound.extend(a.vars());
            }
        }
        Order { steps, bound }
    }
}

impl<'p> Patterns<'p> {
    pub fn new(rules: &'p [Rule]) -> Patterns<'p> {
        let mut by_head: BTreeMap<PredKey, Vec<usize>> = BTreeMap::new();
        for (i, r) in rules.iter().enumerate() {
            by_head.entry(r.head.key()).or_default().push(i);
        }
        let derived = rules
            .iter()
            .filter(|r| !is_keyword(r.head.key()) && (!r.body.is_empty() || !r.head.vars().is_empty()))
            .map(|r| r.head.key())
            .collect();
        Patterns { defs: Defs { rules, by_head, derived }, callable: BTreeMap::new() }
    }

    /// Whether `p` is callable with `pattern` (see the module doc).
    pub fn callable(&mut self, p: PredKey, pattern: &[bool]) -> bool {
        callable_in(&self.defs, &mut self.callable, p, pattern)
    }

    /// Whether `p` binds its arguments itself, whatever the caller binds.
    pub fn safe(&mut self, p: PredKey) -> bool {
        self.callable(p, &vec![false; p.1])
    }

    /// The order of the positive literals of `rule` when the head arguments at `pattern`
    /// are bound (see the module doc).
    pub fn order(&mut self, rule: &Rule, pattern: &[bool]) -> Order {
        let (defs, table) = (&self.defs, &mut self.callable);
        defs.order_with(rule, pattern, &mut |q, pat| callable_in(defs, table, q, pat))
    }
}

fn callable_in(defs: &Defs, table: &mut BTreeMap<(PredKey, Pattern), bool>, p: PredKey, pattern: &[bool]) -> bool {
    if !defs.derived(p) {
        return true;
    }
    let key = (p, pattern.to_vec());
    if let Some(&c) = table.get(&key) {
        return c;
    }
    table.insert(key.clone(), true);
    solve(defs, table);
    table[&key]
}

/// The greatest fixpoint of callability over the patterns in `table`, which grows with
/// the patterns the rules' calls reach (each starting as callable). Entries decided by an
/// earlier solve stay: their calls were in the table then.
fn solve(defs: &Defs, table: &mut BTreeMap<(PredKey, Pattern), bool>) {
    loop {
        let known = table.len();
        let mut changed = false;
        let keys: Vec<(PredKey, Pattern)> = table.iter().filter(|(_, &c)| c).map(|(k, _)| k.clone()).collect();
        for (p, pattern) in keys {
            let ok = defs.rules_of(p).all(|rule| {
                let order =
                    defs.order_with(rule, &pattern, &mut |q, pat| *table.entry((q, pat.to_vec())).or_insert(true));
                rule_vars(rule).iter().all(|v| order.bound.contains(v))
            });
            if !ok {
                table.insert((p, pattern), false);
                changed = true;
            }
        }
        if !changed && table.len() == known {
            return;
        }
    }
}

/// Every variable of a rule.
pub(super) fn rule_vars(rule: &Rule) -> BTreeSet<u32> {
    rule.head.vars().into_iter().chain(rule.body.iter().flat_map(literal_vars)).collect()
}
