//! The checks the GDL specification requires of a game description.
//!
//! - Keyword positions: `role` only in facts; `init` and `next` only in heads; `true` and
//!   `does` only in bodies.
//! - Safety ("allowed" rules): every variable of the head, of a negative literal and of a
//!   `distinct` occurs in a positive body atom. Helpers that leave head arguments to their
//!   callers have been grounded on their callers' demand before
//!   ([`demand`](super::demand)), so what is refused here is unsafe whatever the callers
//!   do.
//! - Stratification: no predicate depends negatively on itself through the predicate
//!   dependency graph.
//! - Recursion restriction (which keeps grounding finite): in a rule whose head `p` is in
//!   a cycle with the relation `q` of a body literal, every argument of that literal is
//!   ground, equal to an argument of the head, or has all its variables in positive body
//!   literals whose relations are not in a cycle with `p`.
//! - `legal`, `terminal` and `goal` do not depend on `does`; `init` depends on none of
//!   `true`, `does`, `legal`, `next`, `terminal`, `goal`.
//!
//! The result, [`Analysis`], is what the grounder needs from the predicate graph: which
//! predicates are static (independent of the position) in evaluation order, and which
//! depend on `does`.
//!
//! ## References
//! - M. Genesereth, N. Love: *General Game Playing: Game Description Language
//!   Specification*, 2006, Section 3.

use std::collections::{BTreeMap, BTreeSet};

use super::program::{Atom, Literal, Pat, Program, Rule};
use super::terms::{kw, Sym, TermStore};
use contract::ParseError;

/// A predicate: name and arity.
pub type PredKey = (Sym, usize);

/// What grounding needs to know about the predicates of a valid program.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Strongly connected components of the static predicates, dependencies first.
    pub static_strata: Vec<Vec<PredKey>>,
    /// Predicates that depend on the position or the moves (including the GDL keywords
    /// `legal`, `goal`, `terminal`, `next`, which always are time-dependent).
    pub dynamic: BTreeSet<PredKey>,
    /// Predicates that depend on `does`.
    pub on_does: BTreeSet<PredKey>,
}

/// Checks `program` and analyses its predicate graph.
pub fn validate(program: &Program) -> Result<Analysis, ParseError> {
    for rule in &program.rules {
        check_positions(program, rule)?;
        check_safety(program, rule)?;
    }
    let graph = Graph::new(program);
    let sccs = graph.sccs();
    let component = numbered(&sccs);
    for rule in &program.rules {
        for lit in &rule.body {
            if let Literal::Neg(a) = lit {
                if component.get(&a.key()) == component.get(&rule.head.key()) {
                    let (h, n) = (program.store.name(rule.head.pred), program.store.name(a.pred));
                    return Err(err(program, a.offset, format!("negation inside recursion: `{h}` depends on `(not {n} ...)`, and `{n}` depends on `{h}`"), "GDL requires stratified negation: break the cycle, for example with a helper relation computed before the negation"));
                }
            }
        }
    }
    for rule in &program.rules {
        check_recursion(program, rule, &component)?;
    }
    let on_true = graph.reachable_from(&[(kw::TRUE, 1)]);
    let on_does = graph.reachable_from(&[(kw::DOES, 2)]);
    for rule in &program.rules {
        let head = rule.head.pred;
        let forbidden: &[Sym] = match head {
            kw::LEGAL | kw::TERMINAL | kw::GOAL => &[kw::DOES],
            kw::INIT => &[kw::TRUE, kw::DOES, kw::LEGAL, kw::NEXT, kw::TERMINAL, kw::GOAL],
            _ => &[],
        };
        for lit in &rule.body {
            let (Literal::Pos(a) | Literal::Neg(a)) = lit else { continue };
            let upstream = graph.reachable_to(a.key());
            if let Some(bad) = forbidden.iter().find(|&&k| a.pred == k || upstream.iter().any(|p| p.0 == k)) {
                let (h, b, n) = (program.store.name(head), program.store.name(*bad), program.store.name(a.pred));
                let why =
                    if a.pred == *bad { format!("this rule uses `{b}`") } else { format!("`{n}` depends on `{b}`") };
                return Err(err(
                    program,
                    a.offset,
                    format!("`{h}` must not depend on `{b}`, but {why}"),
                    format!(
                        "GDL forbids a path from `{b}` to `{h}` in the dependency graph; rewrite the rule without it"
                    ),
                ));
            }
        }
    }
    let keywords_dynamic = [(kw::LEGAL, 2), (kw::GOAL, 2), (kw::TERMINAL, 0), (kw::NEXT, 1)];
    let mut dynamic: BTreeSet<PredKey> = on_true.union(&on_does).copied().collect();
    for k in keywords_dynamic {
        dynamic.extend(graph.reachable_from(&[k]));
        dynamic.insert(k);
    }
    let static_strata = sccs.into_iter().filter(|scc| scc.iter().all(|p| !dynamic.contains(p))).collect();
    Ok(Analysis { static_strata, dynamic, on_does })
}

/// The strongly connected component of each relation of the predicate graph, numbered:
/// two relations are in a cycle when their numbers are equal.
pub(super) fn components(program: &Program) -> BTreeMap<PredKey, usize> {
    numbered(&Graph::new(program).sccs())
}

/// Each relation with the number of its component in `sccs`.
fn numbered(sccs: &[Vec<PredKey>]) -> BTreeMap<PredKey, usize> {
    sccs.iter().enumerate().flat_map(|(i, scc)| scc.iter().map(move |&p| (p, i))).collect()
}

fn err(program: &Program, offset: usize, message: impl Into<String>, help: impl Into<String>) -> ParseError {
    ParseError::at(&program.source, offset, message, help)
}

fn check_positions(program: &Program, rule: &Rule) -> Result<(), ParseError> {
    let head = rule.head.pred;
    if head == kw::TRUE || head == kw::DOES {
        let name = program.store.name(head);
        return Err(err(program, rule.head.offset, format!("`{name}` cannot be the head of a rule"), format!("`{name}` is given by the position and the players' moves; define `next` (for `true`) or `legal` (for `does`) instead")));
    }
    if head == kw::ROLE && !(rule.body.is_empty() && rule.head.vars().is_empty()) {
        return Err(err(
            program,
            rule.head.offset,
            "`role` may only appear in ground facts",
            "list each player as a fact, e.g. `(role white)`",
        ));
    }
    for lit in &rule.body {
        let (Literal::Pos(a) | Literal::Neg(a)) = lit else { continue };
        if matches!(a.pred, kw::INIT | kw::NEXT) {
            let name = program.store.name(a.pred);
            return Err(err(
                program,
                a.offset,
                format!("`{name}` cannot appear in a rule body"),
                "`init` and `next` are only defined, never queried; use `true` to ask about the current position",
            ));
        }
    }
    Ok(())
}

fn check_safety(program: &Program, rule: &Rule) -> Result<(), ParseError> {
    let mut bound = BTreeSet::new();
    for lit in &rule.body {
        if let Literal::Pos(a) = lit {
            bound.extend(a.vars());
        }
    }
    let unsafe_var = |vars: Vec<u32>| vars.into_iter().find(|v| !bound.contains(v));
    if let Some(v) = unsafe_var(rule.head.vars()) {
        let name = &rule.var_names[v as usize];
        return Err(err(
            program,
            rule.head.offset,
            format!("unsafe rule: head variable `{name}` does not occur in a positive body literal"),
            format!("add a positive literal that binds `{name}` (GDL rules must be allowed)"),
        ));
    }
    for lit in &rule.body {
        let vars = match lit {
            Literal::Pos(_) => continue,
            Literal::Neg(a) => a.vars(),
            Literal::Distinct(x, y, _) => {
                let mut out = Vec::new();
                x.vars(&mut out);
                y.vars(&mut out);
                out
            }
        };
        if let Some(v) = unsafe_var(vars) {
            let name = &rule.var_names[v as usize];
            return Err(err(program, lit.offset(), format!("unsafe rule: variable `{name}` of a negative literal or `distinct` does not occur in a positive body literal"), format!("add a positive literal that binds `{name}` (GDL rules must be allowed)")));
        }
    }
    Ok(())
}

fn check_recursion(program: &Program, rule: &Rule, component: &BTreeMap<PredKey, usize>) -> Result<(), ParseError> {
    let scc = component.get(&rule.head.key());
    let in_cycle = |a: &Atom| component.get(&a.key()) == scc;
    let mut outside = BTreeSet::new();
    for lit in &rule.body {
        if let Literal::Pos(a) = lit {
            if !in_cycle(a) {
                outside.extend(a.vars());
            }
        }
    }
    for lit in &rule.body {
        let (Literal::Pos(a) | Literal::Neg(a)) = lit else { continue };
        if !in_cycle(a) {
            continue;
        }
        for arg in &a.args {
            let mut vars = Vec::new();
            arg.vars(&mut vars);
            if rule.head.args.contains(arg) || vars.iter().all(|v| outside.contains(v)) {
                continue;
            }
            let (h, q) = (program.store.name(rule.head.pred), program.store.name(a.pred));
            return Err(err(
                program,
                a.offset,
                format!("recursion restriction: the argument `{}` of this call to `{q}`, which is in a cycle with `{h}`, is not ground, not an argument of the head, and not bound by a positive literal outside the cycle", pat_text(&program.store, rule, arg)),
                "the GDL specification restricts recursion so that every game has a finite grounding; bind the argument with a relation outside the recursion (for example a static successor relation)",
            ));
        }
    }
    Ok(())
}

/// A term of `rule` in KIF syntax.
pub(super) fn pat_text(store: &TermStore, rule: &Rule, p: &Pat) -> String {
    match p {
        Pat::Var(v) => rule.var_names[*v as usize].clone(),
        Pat::Fn(f, args) if args.is_empty() => store.name(*f).to_string(),
        Pat::Fn(f, args) => {
            let args: Vec<String> = args.iter().map(|a| pat_text(store, rule, a)).collect();
            format!("({} {})", store.name(*f), args.join(" "))
        }
    }
}

/// The predicate dependency graph: an edge from each body predicate to the head's.
struct Graph {
    nodes: Vec<PredKey>,
    succ: BTreeMap<PredKey, BTreeSet<PredKey>>,
    pred: BTreeMap<PredKey, BTreeSet<PredKey>>,
}

impl Graph {
    fn new(program: &Program) -> Graph {
        let mut nodes = BTreeSet::new();
        let mut succ: BTreeMap<PredKey, BTreeSet<PredKey>> = BTreeMap::new();
        let mut pred: BTreeMap<PredKey, BTreeSet<PredKey>> = BTreeMap::new();
        for rule in &program.rules {
            let h = rule.head.key();
            nodes.insert(h);
            for lit in &rule.body {
                let (Literal::Pos(a) | Literal::Neg(a)) = lit else { continue };
                nodes.insert(a.key());
                succ.entry(a.key()).or_default().insert(h);
                pred.entry(h).or_default().insert(a.key());
            }
        }
        Graph { nodes: nodes.into_iter().collect(), succ, pred }
    }

    fn walk(edges: &BTreeMap<PredKey, BTreeSet<PredKey>>, start: &[PredKey]) -> BTreeSet<PredKey> {
        let mut seen: BTreeSet<PredKey> = start.iter().copied().collect();
        let mut stack: Vec<PredKey> = start.to_vec();
        while let Some(p) = stack.pop() {
            for &q in edges.get(&p).into_iter().flatten() {
                if seen.insert(q) {
                    stack.push(q);
                }
            }
        }
        seen
    }

    /// Predicates that depend on one of `start` (including `start`).
    fn reachable_from(&self, start: &[PredKey]) -> BTreeSet<PredKey> {
        Graph::walk(&self.succ, start)
    }

    /// Predicates `p` depends on (including `p`).
    fn reachable_to(&self, p: PredKey) -> BTreeSet<PredKey> {
        Graph::walk(&self.pred, &[p])
    }

    /// Strongly connected components, each after the components it depends on (Tarjan).
    fn sccs(&self) -> Vec<Vec<PredKey>> {
        struct State {
            index: BTreeMap<PredKey, usize>,
            low: BTreeMap<PredKey, usize>,
            stack: Vec<PredKey>,
            on_stack: BTreeSet<PredKey>,
            out: Vec<Vec<PredKey>>,
        }
        fn visit(g: &Graph, v: PredKey, s: &mut State) {
            let i = s.index.len();
            s.index.insert(v, i);
            s.low.insert(v, i);
            s.stack.push(v);
            s.on_stack.insert(v);
            for &w in g.pred.get(&v).into_iter().flatten() {
                if !s.index.contains_key(&w) {
                    visit(g, w, s);
                    let lw = s.low[&w];
                    let lv = s.low.get_mut(&v).expect("visited");
                    *lv = (*lv).min(lw);
                } else if s.on_stack.contains(&w) {
                    let iw = s.index[&w];
                    let lv = s.low.get_mut(&v).expect("visited");
                    *lv = (*lv).min(iw);
                }
            }
            if s.low[&v] == s.index[&v] {
                let mut scc = Vec::new();
                while let Some(w) = s.stack.pop() {
                    s.on_stack.remove(&w);
                    scc.push(w);
                    if w == v {
                        break;
                    }
                }
                scc.sort();
                s.out.push(scc);
            }
        }
        let mut s = State {
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            out: Vec::new(),
        };
        for &v in &self.nodes {
            if !s.index.contains_key(&v) {
                visit(self, v, &mut s);
            }
        }
        s.out
    }
}
