//! Bottom-up evaluation of GDL rules over interned ground atoms: semi-naive, with argument
//! indexes.
//!
//! - **Semi-naive.** A fixpoint evaluates every rule once against all atoms; afterwards a
//!   rule is evaluated only with one of its *recursive* positive literals (a relation the
//!   fixpoint is still deriving) restricted to the atoms derived in the previous round,
//!   once per such literal, and a rule without one is not evaluated again. Every atom is
//!   a sequence number in one append-only table, so "the previous round" is a range.
//! - **Argument indexes.** Each positive literal is matched against the atoms that agree
//!   with it on its bound arguments: the list of an index on the relation's bound
//!   subterms, found with one hash lookup (whole arguments, or
//!   arguments of function terms such as `(move ?x1 ?y1 ?x2 ?y2)` with some of their
//!   variables bound), keyed by their values. What each rule looks up is known from its
//!   join order, so exactly those indexes are kept.
//! - **Join order.** The delta literal first, then greedily the positive literal with the
//!   most bound variables, or, where the atoms a join sees are known (a fixpoint's first
//!   round, the rules built after the fixpoint), the one expected to match the fewest
//!   atoms ([`FanOut`]); each filter (`distinct`, negation) as soon as its variables are
//!   bound. Joins are iterative (an explicit stack), so no input makes the evaluation
//!   recurse deeper.
//!
//! Negative literals of the relations being derived are assumed true (the relaxed program
//! of [`ground`](super::ground)); negative literals of finished relations are decided.

use std::ops::ControlFlow;

use rustc_hash::{FxHashMap, FxHashSet};

use super::program::{Atom, Literal, Pat, Rule};
use super::terms::{TermId, TermStore};
use super::validate::PredKey;

/// The derived atoms, in derivation order, with the indexes rules look up.
#[derive(Default)]
pub(super) struct Db {
    atoms: Vec<TermId>,
    seq_of: FxHashMap<TermId, u32>,
    by_pred: FxHashMap<PredKey, Vec<u32>>,
    /// The indexes: atoms by their values at some argument positions of one relation.
    indexes: Vec<Index>,
    index_of: FxHashMap<(PredKey, Vec<Path>), usize>,
    indexes_of_pred: FxHashMap<PredKey, Vec<usize>>,
}

/// Where a subterm sits in an atom: the argument, then the argument of that argument...
pub(crate) type Path = Vec<usize>;

/// The subterm of `t` at `path`, if `t` has one there.
pub(crate) fn at_path(store: &TermStore, t: TermId, path: &[usize]) -> Option<TermId> {
    path.iter().try_fold(t, |cur, &i| store.args(cur).get(i).copied())
}

/// The atoms of one relation by their subterms at `paths` (an atom without a subterm at
/// one of them matches no literal that looks it up, and is left out).
struct Index {
    paths: Vec<Path>,
    map: FxHashMap<Box<[TermId]>, Vec<u32>>,
}

impl Index {
    fn add(&mut self, store: &TermStore, t: TermId, seq: u32) {
        let key: Option<Box<[TermId]>> = self.paths.iter().map(|p| at_path(store, t, p)).collect();
        if let Some(key) = key {
            self.map.entry(key).or_default().push(seq);
        }
    }
}

impl Db {
    pub fn len(&self) -> u32 {
        self.atoms.len() as u32
    }

    pub fn contains(&self, t: TermId) -> bool {
        self.seq_of.contains_key(&t)
    }

    /// The atoms of one relation, in derivation order.
    pub fn of(&self, key: PredKey) -> impl Iterator<Item = TermId> + '_ {
        self.by_pred.get(&key).into_iter().flatten().map(|&s| self.atoms[s as usize])
    }

    /// The number of atoms of one relation.
    pub fn count(&self, key: PredKey) -> usize {
        self.by_pred.get(&key).map_or(0, Vec::len)
    }

    /// The relation with the most atoms, and their number.
    pub fn largest(&self) -> Option<(PredKey, usize)> {
        self.by_pred.iter().map(|(&k, v)| (k, v.len())).max_by_key(|&((s, a), n)| (n, std::cmp::Reverse((s, a))))
    }

    /// Makes the indexes `plan` looks up (built from the atoms so far, kept up to date
    /// from now on) and tells the plan their numbers.
    pub fn prepare(&mut self, store: &TermStore, plan: &mut Plan) {
        for step in 0..plan.order.len() {
            let Literal::Pos(a) = &plan.rule.body[plan.order[step]] else { continue };
            let paths = &plan.bound[step];
            if paths.is_empty() {
                continue;
            }
            let key = (a.key(), paths.clone());
            let id = match self.index_of.get(&key) {
                Some(&id) => id,
                None => {
                    let mut index = Index { paths: paths.clone(), map: FxHashMap::default() };
                    for &s in self.by_pred.get(&a.key()).into_iter().flatten() {
                        index.add(store, self.atoms[s as usize], s);
                    }
                    let id = self.indexes.len();
                    self.indexes.push(index);
                    self.index_of.insert(key, id);
                    self.indexes_of_pred.entry(a.key()).or_default().push(id);
                    id
                }
            };
            plan.index[step] = Some(id);
        }
    }

    /// Adds an atom of relation `key`; false if it was there.
    pub fn insert(&mut self, store: &TermStore, key: PredKey, t: TermId) -> bool {
        let seq = self.len();
        if self.seq_of.contains_key(&t) {
            return false;
        }
        self.seq_of.insert(t, seq);
        self.atoms.push(t);
        self.by_pred.entry(key).or_default().push(seq);
        for &id in self.indexes_of_pred.get(&key).into_iter().flatten() {
            self.indexes[id].add(store, t, seq);
        }
        true
    }
}

/// The part of a sorted list of sequence numbers within `range`.
fn clip(list: &[u32], (lo, hi): (u32, u32)) -> &[u32] {
    let a = list.partition_point(|&s| s < lo);
    let b = list.partition_point(|&s| s < hi);
    &list[a..b]
}

/// A rule with its body in join order, and what each positive literal looks up.
pub(super) struct Plan<'r> {
    pub rule: &'r Rule,
    order: Vec<usize>,
    /// Per step, the largest subterms bound before it (positive literals only).
    bound: Vec<Vec<Path>>,
    /// Per step, the index it looks up (set by [`Db::prepare`]).
    index: Vec<Option<usize>>,
    /// The body literal restricted to the previous round's atoms.
    delta: Option<usize>,
}

fn literal_vars(l: &Literal) -> Vec<u32> {
    let mut out = Vec::new();
    match l {
        Literal::Pos(a) | Literal::Neg(a) => a.args.iter().for_each(|p| p.vars(&mut out)),
        Literal::Distinct(x, y, _) => {
            x.vars(&mut out);
            y.vars(&mut out);
        }
    }
    out
}

fn pat_bound(p: &Pat, bound: &FxHashSet<u32>) -> bool {
    let mut vars = Vec::new();
    p.vars(&mut vars);
    vars.iter().all(|v| bound.contains(v))
}

/// Adds the paths of the largest subterms of `p` (at `prefix`) whose variables are bound.
fn bound_paths(p: &Pat, known: &FxHashSet<u32>, prefix: &mut Path, out: &mut Vec<Path>) {
    if pat_bound(p, known) {
        out.push(prefix.clone());
    } else if let Pat::Fn(_, args) = p {
        for (i, a) in args.iter().enumerate() {
            prefix.push(i);
            bound_paths(a, known, prefix, out);
            prefix.pop();
        }
    }
}

/// The subpattern of atom `a` at `path` (which [`bound_paths`] made from it).
fn pat_at<'a>(a: &'a Atom, path: &[usize]) -> &'a Pat {
    let mut cur = &a.args[path[0]];
    for &i in &path[1..] {
        if let Pat::Fn(_, args) = cur {
            cur = &args[i];
        }
    }
    cur
}

/// How many atoms a positive literal is expected to match once the subterms at the given
/// paths (of its atom) are bound.
pub(crate) type FanOut<'f> = dyn FnMut(&Atom, &[Path]) -> f64 + 'f;

/// The paths of the largest subterms of `a` whose variables are all in `known`.
fn bound_paths_of(a: &Atom, known: &FxHashSet<u32>) -> Vec<Path> {
    let mut paths = Vec::new();
    for (p, arg) in a.args.iter().enumerate() {
        bound_paths(arg, known, &mut vec![p], &mut paths);
    }
    paths
}

impl<'r> Plan<'r> {
    /// The join order of `rule`, starting with body literal `delta` if given, then by
    /// bound variables.
    pub fn new(rule: &'r Rule, delta: Option<usize>) -> Plan<'r> {
        Plan::ordered(rule, delta, None)
    }

    /// The join order of `rule` by `fan_out`: at each step the positive literal expected
    /// to match the fewest atoms (ties by bound variables). By bound variables alone, the
    /// frame rule of checkers' double jumps joins `(true (cell ?x ?y ?p))` and two
    /// `(different_cells ?x ?y ?x1 ?y1)` before `(does ?player (doublejump ...))`: every
    /// cell's piece times 63 × 63 cells before the moves narrow anything, 1.4 s where no
    /// move exists yet; by fan-out the moves come first.
    pub fn sized(rule: &'r Rule, fan_out: &mut FanOut) -> Plan<'r> {
        Plan::ordered(rule, None, Some(fan_out))
    }

    fn ordered(rule: &'r Rule, delta: Option<usize>, mut fan_out: Option<&mut FanOut>) -> Plan<'r> {
        let n = rule.body.len();
        let mut order = Vec::with_capacity(n);
        let mut bound_vars: FxHashSet<u32> = FxHashSet::default();
        let mut done = vec![false; n];
        let mut next = delta;
        loop {
            for (i, l) in rule.body.iter().enumerate() {
                if !done[i] && !matches!(l, Literal::Pos(_)) && literal_vars(l).iter().all(|v| bound_vars.contains(v)) {
                    done[i] = true;
                    order.push(i);
                }
            }
            let pick = next.take().or_else(|| {
                let by_vars = |i: usize| {
                    let vars = literal_vars(&rule.body[i]);
                    let unbound = vars.iter().filter(|v| !bound_vars.contains(v)).count();
                    (vars.len() - unbound, usize::MAX - unbound, usize::MAX - i)
                };
                let open = rule.body.iter().enumerate().filter(|&(i, _)| !done[i]).filter_map(|(i, l)| match l {
                    Literal::Pos(a) => Some((i, a)),
                    _ => None,
                });
                match fan_out.as_deref_mut() {
                    None => open.map(|(i, _)| i).max_by_key(|&i| by_vars(i)),
                    Some(fan_out) => open
                        .map(|(i, a)| (fan_out(a, &bound_paths_of(a, &bound_vars)), i))
                        .min_by(|(x, i), (y, j)| x.total_cmp(y).then_with(|| by_vars(*j).cmp(&by_vars(*i))))
                        .map(|(_, i)| i),
                }
            });
            let Some(i) = pick else { break };
            done[i] = true;
            order.push(i);
            bound_vars.extend(literal_vars(&rule.body[i]));
        }
        let mut bound = Vec::with_capacity(order.len());
        let mut known: FxHashSet<u32> = FxHashSet::default();
        for &i in &order {
            match &rule.body[i] {
                Literal::Pos(a) => {
                    bound.push(bound_paths_of(a, &known));
                    known.extend(literal_vars(&rule.body[i]));
                }
                _ => bound.push(Vec::new()),
            }
        }
        let index = vec![None; order.len()];
        Plan { rule, order, bound, index, delta }
    }
}

fn match_pat(store: &TermStore, p: &Pat, t: TermId, binding: &mut [Option<TermId>], trail: &mut Vec<u32>) -> bool {
    match p {
        Pat::Var(v) => match binding[*v as usize] {
            Some(b) => b == t,
            None => {
                binding[*v as usize] = Some(t);
                trail.push(*v);
                true
            }
        },
        Pat::Fn(f, args) => {
            store.functor(t) == *f
                && store.args(t).len() == args.len()
                && args.iter().zip(store.args(t)).all(|(p, &a)| match_pat(store, p, a, binding, trail))
        }
    }
}

/// How many values the join keeps on the stack (more go to the heap).
const INLINE: usize = 8;

/// Calls `f` with the values of `items` (each from `value`, `None` if one has none), on
/// the stack for up to [`INLINE`] of them.
fn with_values<T, R>(
    items: &[T],
    mut value: impl FnMut(&T) -> Option<TermId>,
    f: impl FnOnce(&[TermId]) -> Option<R>,
) -> Option<R> {
    if items.len() <= INLINE {
        let mut buf = [TermId(0); INLINE];
        for (slot, item) in buf.iter_mut().zip(items) {
            *slot = value(item)?;
        }
        f(&buf[..items.len()])
    } else {
        let values = items.iter().map(value).collect::<Option<Vec<_>>>()?;
        f(&values)
    }
}

/// The ground term of a pattern if it has been interned (otherwise no atom can equal it).
pub(super) fn find_pat(store: &TermStore, p: &Pat, binding: &[Option<TermId>]) -> Option<TermId> {
    match p {
        Pat::Var(v) => binding[*v as usize],
        Pat::Fn(f, args) => with_values(args, |a| find_pat(store, a, binding), |args| store.find_term(*f, args)),
    }
}

pub(super) fn find_atom(store: &TermStore, a: &Atom, binding: &[Option<TermId>]) -> Option<TermId> {
    with_values(&a.args, |p| find_pat(store, p, binding), |args| store.find_term(a.pred, args))
}

fn intern_pat(store: &mut TermStore, p: &Pat, binding: &[Option<TermId>]) -> Option<TermId> {
    match p {
        Pat::Var(v) => binding[*v as usize],
        Pat::Fn(f, args) => {
            let args = args.iter().map(|a| intern_pat(store, a, binding)).collect::<Option<Vec<_>>>()?;
            Some(store.term(*f, &args))
        }
    }
}

pub(super) fn intern_atom(store: &mut TermStore, a: &Atom, binding: &[Option<TermId>]) -> Option<TermId> {
    let args = a.args.iter().map(|p| intern_pat(store, p, binding)).collect::<Option<Vec<_>>>()?;
    Some(store.term(a.pred, &args))
}

/// Structural equality of two patterns under a complete binding.
fn pats_equal(store: &TermStore, x: &Pat, y: &Pat, binding: &[Option<TermId>]) -> bool {
    match (x, y) {
        (Pat::Var(a), Pat::Var(b)) => binding[*a as usize] == binding[*b as usize],
        (Pat::Var(v), p) | (p, Pat::Var(v)) => binding[*v as usize].is_some_and(|t| term_equals(store, p, t, binding)),
        (Pat::Fn(f, xs), Pat::Fn(g, ys)) => {
            f == g && xs.len() == ys.len() && xs.iter().zip(ys).all(|(a, b)| pats_equal(store, a, b, binding))
        }
    }
}

fn term_equals(store: &TermStore, p: &Pat, t: TermId, binding: &[Option<TermId>]) -> bool {
    match p {
        Pat::Var(v) => binding[*v as usize] == Some(t),
        Pat::Fn(f, args) => {
            store.functor(t) == *f
                && store.args(t).len() == args.len()
                && args.iter().zip(store.args(t)).all(|(p, &a)| term_equals(store, p, a, binding))
        }
    }
}

/// The candidates of one join step.
enum Cands<'a> {
    List(&'a [u32]),
    Pass(bool),
}

impl Cands<'_> {
    /// The next candidate: an atom's sequence number, or `u32::MAX` for a passed filter.
    fn pop(&mut self) -> Option<u32> {
        match self {
            Cands::List(l) => {
                let (&first, rest) = l.split_first()?;
                *l = rest;
                Some(first)
            }
            Cands::Pass(p) => std::mem::take(p).then_some(u32::MAX),
        }
    }
}

struct Frame<'a> {
    cands: Cands<'a>,
    mark: usize,
}

/// What [`Db::matches`] calls with each complete binding and the atoms matched.
pub(super) type Each<'e> = dyn FnMut(&[Option<TermId>], &[TermId]) -> ControlFlow<()> + 'e;

/// More matches than the limit.
pub(super) struct OverLimit;

impl Db {
    /// Calls `each` with every complete binding of `plan`'s body, and the atoms its
    /// positive literals matched (by their place in the body; the other places are
    /// meaningless): the delta literal over the atoms in `delta`, every other positive
    /// literal over the atoms before `delta.1`.
    /// `is_open` tells the relations still being derived (their negations are assumed
    /// true). Stops with [`OverLimit`] after `limit` bindings, and without an error when
    /// `each` breaks; returns the number of bindings passed to `each`.
    pub fn matches(
        &self,
        store: &TermStore,
        plan: &Plan,
        delta: (u32, u32),
        is_open: &dyn Fn(PredKey) -> bool,
        limit: usize,
        each: &mut Each,
    ) -> Result<usize, OverLimit> {
        let mut binding: Vec<Option<TermId>> = vec![None; plan.rule.var_names.len()];
        let mut matched: Vec<TermId> = vec![TermId(0); plan.rule.body.len()];
        let mut trail: Vec<u32> = Vec::new();
        let mut count = 0usize;
        let steps = plan.order.len();
        if steps == 0 {
            let _ = each(&binding, &matched);
            return Ok(1);
        }
        let mut stack: Vec<Frame> = Vec::with_capacity(steps);
        stack.push(Frame { cands: self.candidates(store, plan, 0, &binding, delta, is_open), mark: 0 });
        while let Some(top) = stack.last_mut() {
            for v in trail.drain(top.mark..) {
                binding[v as usize] = None;
            }
            let Some(seq) = top.cands.pop() else {
                stack.pop();
                continue;
            };
            let step = stack.len() - 1;
            let i = plan.order[step];
            if let Literal::Pos(a) = &plan.rule.body[i] {
                let t = self.atoms[seq as usize];
                let ok =
                    a.args.iter().zip(store.args(t)).all(|(p, &x)| match_pat(store, p, x, &mut binding, &mut trail));
                if !ok {
                    continue;
                }
                matched[i] = t;
            }
            if step + 1 == steps {
                count += 1;
                if count > limit {
                    return Err(OverLimit);
                }
                if each(&binding, &matched).is_break() {
                    return Ok(count);
                }
            } else {
                let cands = self.candidates(store, plan, step + 1, &binding, delta, is_open);
                stack.push(Frame { cands, mark: trail.len() });
            }
        }
        Ok(count)
    }

    fn candidates(
        &self,
        store: &TermStore,
        plan: &Plan,
        step: usize,
        binding: &[Option<TermId>],
        delta: (u32, u32),
        is_open: &dyn Fn(PredKey) -> bool,
    ) -> Cands<'_> {
        let i = plan.order[step];
        match &plan.rule.body[i] {
            Literal::Pos(a) => {
                let range = if plan.delta == Some(i) { delta } else { (0, delta.1) };
                let paths = &plan.bound[step];
                let found = with_values(
                    paths,
                    |p| find_pat(store, pat_at(a, p), binding),
                    |values| {
                        let list = match plan.index[step] {
                            Some(id) => self.indexes[id].map.get(values).map_or(&[][..], Vec::as_slice),
                            None => self.by_pred.get(&a.key()).map_or(&[][..], Vec::as_slice),
                        };
                        Some(Cands::List(clip(list, range)))
                    },
                );
                found.unwrap_or(Cands::List(&[]))
            }
            Literal::Neg(a) => {
                Cands::Pass(is_open(a.key()) || !find_atom(store, a, binding).is_some_and(|t| self.contains(t)))
            }
            Literal::Distinct(x, y, _) => Cands::Pass(!pats_equal(store, x, y, binding)),
        }
    }
}
