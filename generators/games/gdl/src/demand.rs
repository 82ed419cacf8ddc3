//! Grounding on demand: relations rewritten so that they are grounded only for the
//! arguments their callers ask for (magic sets over the binding patterns of
//! `adorn`).
//!
//! Game files in the wild define helpers whose head variables occur in no positive body
//! literal of their own, and call them with those arguments bound:
//! ```lisp
//! (<= (kingmove ?u ?v ?u ?y) (adj ?v ?y))          ; ?u comes from the caller
//! (<= (guarded ?x ?y) (true (cell ?u ?v wk)) (kingmove ?u ?v ?x ?y))
//! ```
//! Alone `kingmove` is not safe (the GDL specification's *allowed* rules); called with
//! its first two arguments bound it binds all four. Each relation `p` grounded on demand
//! gets, per pattern `π` of its calls (`bbff`: first two bound) and per *phase* of the
//! callers (what they depend on: nothing dynamic, the position, the moves):
//! - a copy `p #π` of its rules, each with the guard `(p #π demand t…)` over its head
//!   arguments at the bound positions;
//! - one demand rule per call site: `(p #π demand t…) ⇐` the positive literals (and
//!   `distinct`s) the call's rule uses before the call, in the order of
//!   `adorn`, with the caller's own guard if it is a copy; those outside
//!   a cycle with the caller's head when they bind the arguments, so that a negative call
//!   in a recursive rule keeps the program stratified;
//! - the call `(p t…)` becomes `(p #π t…)`.
//!
//! Phases keep the dependency restrictions of GDL: a `legal` rule's call never shares a
//! copy with a `next` rule's call that depends on `does`, and `init` only uses copies
//! over static demand. Demand is exact (a conjunction of the caller's literals), so the
//! rewritten program has the same models on the original relations; the grounder uses
//! the demand relations only to restrict instances (their atoms are no nodes of the
//! ground game): every call a caller can make, in any position within the depth, is in
//! the relaxed fixpoint of the demand, so the copy agrees with `p` wherever it is asked.
//!
//! Which relations are grounded on demand: [`Demand::Helpers`], those that need their
//! callers' bindings (the rest grounds over its whole domain, as written); or
//! [`Demand::All`], every relation defined by rules (other than keywords) all of whose
//! calls bind an argument, so that a chess board's move and attack helpers are grounded
//! for the squares the reachable positions occupy, not for every pair of squares.
//!
//! A call that no order of its rule can make with its arguments bound (a variable that
//! only a helper needing it bound could bind) is refused, naming the call and the
//! variable. A relation nobody calls contributes nothing to the game; its copies are
//! never made.
//!
//! ## References
//! - F. Bancilhon, D. Maier, Y. Sagiv, J. Ullman: *Magic Sets and Other Strange Ways to
//!   Implement Logic Programs*, PODS 1986.
//! - C. Beeri, R. Ramakrishnan: *On the Power of Magic*, J. Logic Programming 10, 1991.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::adorn::{head_bound, literal_vars, pat_vars, pattern_of, rule_vars, Pattern, Patterns};
use super::program::{Atom, Literal, Pat, Program, Rule};
use super::terms::{kw, Sym, TermStore};
use super::validate::{pat_text, PredKey};
use contract::{ParseError, Source};

/// Which relations are grounded on demand (see the module doc).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Demand {
    /// Only relations that need their callers' bindings.
    Helpers,
    /// Every relation defined by rules whose calls all bind an argument.
    All,
}

/// What a caller depends on: the phase of its demand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Phase {
    Static,
    Position,
    Moves,
}

/// A copy of a relation for one pattern and phase.
type CopyKey = (PredKey, Pattern, Phase);

/// Rewrites `program` so that the relations `demand` selects are grounded on demand.
pub fn bind_calls(program: Program, demand: Demand) -> Result<Program, ParseError> {
    let Program { source, mut store, rules, .. } = program;
    let mut patterns = Patterns::new(&rules);
    let phases = phases(&rules);
    let users = users_of(&rules);
    let mut derived: Vec<PredKey> = rules.iter().map(|r| r.head.key()).filter(|&p| patterns.defs.derived(p)).collect();
    derived.sort();
    derived.dedup();
    let helpers: BTreeSet<PredKey> = derived.iter().copied().filter(|&p| !patterns.safe(p)).collect();
    let mut on_demand: BTreeSet<PredKey> = match demand {
        Demand::Helpers => helpers.clone(),
        Demand::All => derived.iter().copied().collect(),
    };
    loop {
        let mut r = Rewriter {
            source: &source,
            store: &mut store,
            patterns: &mut patterns,
            phases: &phases,
            users: &users,
            on_demand: &on_demand,
            copies: BTreeMap::new(),
            queue: VecDeque::new(),
            demand_preds: BTreeSet::new(),
            called_free: BTreeSet::new(),
            out: Vec::new(),
        };
        for rule in rules.iter().filter(|r| !on_demand.contains(&r.head.key())) {
            r.rewrite(rule, None)?;
        }
        while let Some(key) = r.queue.pop_front() {
            let copied: Vec<&Rule> = r.patterns.defs.rules_of(key.0).collect();
            for rule in copied {
                r.rewrite(rule, Some(&key))?;
            }
        }
        // A relation some call asks for in full is grounded in full, for every call.
        let full: Vec<PredKey> = r.called_free.iter().copied().filter(|p| !helpers.contains(p)).collect();
        if full.is_empty() {
            let (out, demand_preds) = (r.out, r.demand_preds);
            return Ok(Program { source, store, rules: out, demand: demand_preds, splits: Vec::new() });
        }
        on_demand.retain(|p| !full.contains(p));
    }
}

/// The phase of each relation: whether it depends on `does`, on the position, or on
/// neither (the keywords `legal`, `goal`, `terminal`, `next` always on the position).
fn phases(rules: &[Rule]) -> BTreeMap<PredKey, Phase> {
    let mut phase: BTreeMap<PredKey, Phase> = BTreeMap::from([
        ((kw::TRUE, 1), Phase::Position),
        ((kw::DOES, 2), Phase::Moves),
        ((kw::LEGAL, 2), Phase::Position),
        ((kw::GOAL, 2), Phase::Position),
        ((kw::TERMINAL, 0), Phase::Position),
        ((kw::NEXT, 1), Phase::Position),
    ]);
    loop {
        let mut changed = false;
        for rule in rules {
            let body = rule.body.iter().filter_map(|l| match l {
                Literal::Pos(a) | Literal::Neg(a) => phase.get(&a.key()).copied(),
                Literal::Distinct(..) => None,
            });
            let Some(p) = body.max() else { continue };
            let entry = phase.entry(rule.head.key()).or_insert(Phase::Static);
            if p > *entry {
                *entry = p;
                changed = true;
            }
        }
        if !changed {
            return phase;
        }
    }
}

/// For each relation, the heads of the rules whose bodies use it.
fn users_of(rules: &[Rule]) -> BTreeMap<PredKey, BTreeSet<PredKey>> {
    let mut users: BTreeMap<PredKey, BTreeSet<PredKey>> = BTreeMap::new();
    for rule in rules {
        for lit in &rule.body {
            if let Literal::Pos(a) | Literal::Neg(a) = lit {
                users.entry(a.key()).or_default().insert(rule.head.key());
            }
        }
    }
    users
}

/// The relations that depend on `p` (including `p`).
fn depends_on(users: &BTreeMap<PredKey, BTreeSet<PredKey>>, p: PredKey) -> BTreeSet<PredKey> {
    let mut seen = BTreeSet::from([p]);
    let mut stack = vec![p];
    while let Some(q) = stack.pop() {
        for &r in users.get(&q).into_iter().flatten() {
            if seen.insert(r) {
                stack.push(r);
            }
        }
    }
    seen
}

/// The pattern as letters: `b` bound, `f` free.
fn letters(pattern: &[bool]) -> String {
    pattern.iter().map(|&b| if b { 'b' } else { 'f' }).collect()
}

struct Rewriter<'a, 'p> {
    source: &'a Source,
    store: &'a mut TermStore,
    patterns: &'a mut Patterns<'p>,
    phases: &'a BTreeMap<PredKey, Phase>,
    users: &'a BTreeMap<PredKey, BTreeSet<PredKey>>,
    on_demand: &'a BTreeSet<PredKey>,
    /// Each copy made so far: its relation and its demand relation.
    copies: BTreeMap<CopyKey, (Sym, Sym)>,
    queue: VecDeque<CopyKey>,
    demand_preds: BTreeSet<PredKey>,
    /// Relations called with no argument bound (grounded in full after all).
    called_free: BTreeSet<PredKey>,
    out: Vec<Rule>,
}

impl Rewriter<'_, '_> {
    /// The copy of `key`, made (and queued for its rules) on first use.
    fn copy(&mut self, key: &CopyKey) -> (Sym, Sym) {
        if let Some(&names) = self.copies.get(key) {
            return names;
        }
        let (p, pattern, phase) = key;
        let suffix = match phase {
            Phase::Static => "",
            Phase::Position => " true",
            Phase::Moves => " does",
        };
        let name = format!("{} #{}{suffix}", self.store.name(p.0), letters(pattern));
        let names = (self.store.sym(&name), self.store.sym(&format!("{name} demand")));
        self.demand_preds.insert((names.1, pattern.iter().filter(|&&b| b).count()));
        self.copies.insert(key.clone(), names);
        self.queue.push_back(key.clone());
        names
    }

    /// Rewrites one rule: its calls of relations grounded on demand become calls of
    /// copies with demand rules; `copy` is the copy the rule belongs to, if any.
    fn rewrite(&mut self, rule: &Rule, copy: Option<&CopyKey>) -> Result<(), ParseError> {
        let pattern: Pattern = copy.map_or_else(|| vec![false; rule.head.args.len()], |c| c.1.clone());
        let order = self.patterns.order(rule, &pattern);
        let guard = copy.map(|c| {
            let (name, demand) = self.copy(c);
            let args = rule.head.args.iter().zip(&c.1).filter(|(_, &b)| b).map(|(a, _)| a.clone()).collect();
            (name, Atom { pred: demand, args, offset: rule.head.offset }, c.2)
        });
        let mut body = rule.body.clone();
        let mut known = head_bound(rule, &pattern);
        let mut prefix: Vec<usize> = Vec::new();
        let mut demand_rules = Vec::new();
        // The positive literals no order can use come after the others (a call among them
        // is refused), then the negative literals, with every variable bound that will be.
        let unused =
            (0..rule.body.len()).filter(|i| matches!(rule.body[*i], Literal::Pos(_)) && !order.steps.contains(i));
        let negatives = (0..rule.body.len()).filter(|&i| matches!(rule.body[i], Literal::Neg(_)));
        let steps: Vec<usize> = order.steps.iter().copied().chain(unused).chain(negatives).collect();
        for i in steps {
            let (Literal::Pos(call) | Literal::Neg(call)) = &rule.body[i] else { continue };
            let positive = matches!(rule.body[i], Literal::Pos(_));
            if positive {
                prefix.push(i);
            }
            let bound_here = if positive { &known } else { &order.bound };
            if self.on_demand.contains(&call.key()) {
                let pat = pattern_of(call, bound_here);
                if !pat.iter().any(|&b| b) && self.patterns.safe(call.key()) {
                    self.called_free.insert(call.key());
                } else {
                    if !self.patterns.callable(call.key(), &pat) {
                        return Err(self.unbound_call(rule, call, &pat, bound_here));
                    }
                    let callers = if positive { &prefix[..prefix.len() - 1] } else { &prefix[..] };
                    let (demand_body, phase) =
                        self.demand_body(rule, &body, callers, call, &pat, guard.as_ref().map(|g| (&g.1, g.2)));
                    let own = self.phases.get(&call.key()).copied().unwrap_or(Phase::Static);
                    if own == Phase::Static && phase > Phase::Static && self.patterns.safe(call.key()) {
                        // A static relation stays static: in full, it is decided while
                        // grounding, while a copy on a dynamic demand would be nodes.
                        self.called_free.insert(call.key());
                    } else {
                        let (name, demand) = self.copy(&(call.key(), pat.clone(), phase));
                        let args = call.args.iter().zip(&pat).filter(|(_, &b)| b).map(|(a, _)| a.clone()).collect();
                        let head = Atom { pred: demand, args, offset: call.offset };
                        // A recursive call with the rule's own bound arguments asks for nothing new.
                        if !matches!(&demand_body[..], [Literal::Pos(g)] if g.pred == head.pred && g.args == head.args)
                        {
                            let var_names = rule.var_names.clone();
                            demand_rules.push(Rule { head, body: demand_body, offset: call.offset, var_names });
                        }
                        if let Literal::Pos(a) | Literal::Neg(a) = &mut body[i] {
                            a.pred = name;
                        }
                    }
                }
            }
            if positive {
                known.extend(call.vars());
            }
        }
        let (head, body) = match guard {
            Some((name, atom, _)) => {
                let mut guarded = vec![Literal::Pos(atom)];
                guarded.extend(body);
                (Atom { pred: name, ..rule.head.clone() }, guarded)
            }
            None => (rule.head.clone(), body),
        };
        self.out.push(Rule { head, body, offset: rule.offset, var_names: rule.var_names.clone() });
        self.out.extend(demand_rules);
        Ok(())
    }

    /// The body of the demand rule of the call `call` (with pattern `pat`) in `rule`,
    /// whose body is now `body` and whose positive literals `callers` come before the
    /// call, and the phase of the demand; `guard` is the rule's own demand if it is a copy.
    fn demand_body(
        &self,
        rule: &Rule,
        body: &[Literal],
        callers: &[usize],
        call: &Atom,
        pat: &[bool],
        guard: Option<(&Atom, Phase)>,
    ) -> (Vec<Literal>, Phase) {
        let needed: BTreeSet<u32> =
            call.args.iter().zip(pat).filter(|(_, &b)| b).flat_map(|(a, _)| pat_vars(a)).collect();
        let binds = |set: &[usize]| {
            let mut bound: BTreeSet<u32> = guard.map(|(g, _)| g.vars().into_iter().collect()).unwrap_or_default();
            bound.extend(set.iter().flat_map(|&i| literal_vars(&rule.body[i])));
            needed.is_subset(&bound)
        };
        let recursive = depends_on(self.users, rule.head.key());
        let outside: Vec<usize> = callers
            .iter()
            .copied()
            .filter(|&i| !matches!(&rule.body[i], Literal::Pos(a) if recursive.contains(&a.key())))
            .collect();
        let callers = if binds(&outside) { outside } else { callers.to_vec() };
        // Only the literals the arguments depend on, latest first: a literal that first
        // binds a variable needed so far, with its own variables then needed too.
        let guard_vars: BTreeSet<u32> = guard.map(|(g, _)| g.vars().into_iter().collect()).unwrap_or_default();
        let mut before = guard_vars.clone();
        let introduces: Vec<BTreeSet<u32>> = callers
            .iter()
            .map(|&i| {
                let vars: BTreeSet<u32> = literal_vars(&rule.body[i]).into_iter().collect();
                let new = vars.difference(&before).copied().collect();
                before.extend(vars);
                new
            })
            .collect();
        let mut wanted: BTreeSet<u32> = needed.difference(&guard_vars).copied().collect();
        let mut chosen: Vec<usize> = Vec::new();
        for (k, &i) in callers.iter().enumerate().rev() {
            if !introduces[k].is_disjoint(&wanted) {
                wanted.extend(literal_vars(&rule.body[i]));
                chosen.push(i);
            }
        }
        chosen.reverse();
        let chosen = if binds(&chosen) { chosen } else { callers };
        let mut bound: BTreeSet<u32> = guard.map(|(g, _)| g.vars().into_iter().collect()).unwrap_or_default();
        bound.extend(chosen.iter().flat_map(|&i| literal_vars(&rule.body[i])));
        let mut phase = guard.map_or(Phase::Static, |(_, p)| p);
        let mut demand_body: Vec<Literal> = guard.map(|(g, _)| Literal::Pos(g.clone())).into_iter().collect();
        for &i in &chosen {
            if let Literal::Pos(a) = &rule.body[i] {
                phase = phase.max(self.phases.get(&a.key()).copied().unwrap_or(Phase::Static));
            }
            demand_body.push(body[i].clone());
        }
        demand_body.extend(
            rule.body
                .iter()
                .filter(|l| matches!(l, Literal::Distinct(..)) && literal_vars(l).iter().all(|v| bound.contains(v)))
                .cloned(),
        );
        (demand_body, phase)
    }

    /// The error for a call of `call` in `rule` with `pat` bound that no order of the
    /// rules makes: at the call, naming the first of its variables left unbound; or, when
    /// the call binds all its variables but its relation's rules do not, at the call in
    /// those rules that leaves one unbound (or at the rule, if no call binds it).
    fn unbound_call(&mut self, rule: &Rule, call: &Atom, pat: &[bool], bound: &BTreeSet<u32>) -> ParseError {
        let (mut rule, mut call, mut pat, mut bound) = (rule.clone(), call.clone(), pat.to_vec(), bound.clone());
        let mut seen = BTreeSet::new();
        loop {
            let name = self.store.name(call.pred).to_string();
            let with = self.bound_text(&rule, &call, &pat);
            if let Some(v) = call.vars().into_iter().find(|v| !bound.contains(v)) {
                let var = &rule.var_names[v as usize];
                let definition = self.patterns.defs.rules_of(call.key()).next().map(|r| self.source.locate(r.offset));
                let at = definition.map(|d| format!(" (defined at {}:{})", d.line, d.col)).unwrap_or_default();
                return ParseError::at(
                    self.source,
                    call.offset,
                    format!("unsafe call: `{}` leaves `{var}` unbound: called {with}, no order of the rules of `{name}`{at} binds it, and no other positive literal of this rule does", pat_text(self.store, &rule, &Pat::Fn(call.pred, call.args.clone()))),
                    format!("the GDL specification requires allowed rules: every variable of a rule occurs in a positive body literal that binds it; bind `{var}` with a positive literal before this call, or in the rules of `{name}`"),
                );
            }
            let rules: Vec<Rule> = self.patterns.defs.rules_of(call.key()).cloned().collect();
            let culprit = rules.into_iter().find_map(|r| {
                let order = self.patterns.order(&r, &pat);
                let v = rule_vars(&r).into_iter().find(|v| !order.bound.contains(v))?;
                let inner = (0..r.body.len()).find_map(|i| match &r.body[i] {
                    Literal::Pos(a) if !order.steps.contains(&i) && a.vars().contains(&v) => Some(a.clone()),
                    _ => None,
                });
                Some((r, v, inner, order.bound))
            });
            let Some((r, v, inner, inner_bound)) = culprit.filter(|_| seen.insert((call.key(), pat.clone()))) else {
                return ParseError::at(self.source, call.offset, format!("unsafe call: `{name}` cannot be called {with}"), format!("the GDL specification requires allowed rules: every variable of a rule occurs in a positive body literal that binds it; bind the arguments of `{name}` with positive literals"));
            };
            let Some(inner) = inner else {
                let var = &r.var_names[v as usize];
                let caller = self.source.locate(call.offset);
                return ParseError::at(
                    self.source,
                    r.offset,
                    format!("unsafe rule in use: called {with} (as at {}:{}), this rule of `{name}` leaves `{var}` unbound, and no positive literal binds it", caller.line, caller.col),
                    format!("the GDL specification requires allowed rules: every variable of a rule occurs in a positive body literal; add one that binds `{var}` to this rule"),
                );
            };
            pat = pattern_of(&inner, &inner_bound);
            (rule, call, bound) = (r, inner, inner_bound);
        }
    }

    /// Which arguments of `call` are bound, in words.
    fn bound_text(&self, rule: &Rule, call: &Atom, pat: &[bool]) -> String {
        let args: Vec<String> = call
            .args
            .iter()
            .zip(pat)
            .filter(|(_, &b)| b)
            .map(|(a, _)| format!("`{}`", pat_text(self.store, rule, a)))
            .collect();
        if args.is_empty() {
            "with none of its arguments bound".to_string()
        } else {
            format!("with only {} bound", args.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{load, load_on_demand, player::Solver, Demand};
    use contract::{Budget, ParseError, Source};

    /// The legal moves of `x` in the initial position of a game where `x` moves a token
    /// over cells 1 to 3 (starting on 2) as `rules` allow and `o` only waits.
    fn first_moves_of_x(rules: &str) -> Result<Vec<String>, ParseError> {
        let text = format!(
            "(role x) (role o) (index 1) (index 2) (index 3) (succ 1 2) (succ 2 3)
(init (at 2))
(<= (legal o wait) (role o))
{rules}
(<= (next (at ?c)) (does x (go ?c)))
(<= terminal (true (at 3)))
(<= (goal x 100) (true (at 3)))
(<= (goal x 0) (not (true (at 3))))
"
        );
        let g = load(Source::from_bytes("game.kif", text))?;
        let solver = Solver::new(&g, 0).unwrap_or_else(|e| panic!("{e}"));
        let legal = solver.legal(&solver.initial(), 0);
        Ok(legal.iter().map(|&m| g.store.display(g.moves[m as usize].term)).collect())
    }

    #[test]
    fn two_different_helpers_in_one_rule() -> Result<(), ParseError> {
        let rules = "(<= (apart ?a ?b) (distinct ?a ?b))
(<= (empty ?c) (not (true (at ?c))))
(<= (legal x (go ?c)) (true (at ?a)) (index ?c) (apart ?a ?c) (empty ?c))";
        assert_eq!(first_moves_of_x(rules)?, ["(go 1)", "(go 3)"]);
        Ok(())
    }

    #[test]
    fn a_helper_binds_its_closed_arguments_itself() -> Result<(), ParseError> {
        let rules = "(<= (step ?a ?b ?c) (succ ?a ?b) (distinct ?c 1))
(<= (legal x (go ?b)) (true (at ?a)) (step ?a ?b ?a))";
        assert_eq!(first_moves_of_x(rules)?, ["(go 3)"]);
        Ok(())
    }

    #[test]
    fn a_negative_call_in_a_recursive_rule_keeps_the_program_stratified() -> Result<(), ParseError> {
        let path = |open3: &str| {
            format!(
                "(role a) (role b) (link 1 2) (link 2 3)
(init (s 1)) (init (open 2)) {open3}
(<= (blocked ?c) (not (true (open ?c))))
(<= (r ?x) (true (s ?x)))
(<= (r ?y) (r ?x) (link ?x ?y) (not (blocked ?y)))
(<= (legal ?p wait) (role ?p))
(<= (next (s ?x)) (r ?x))
(<= terminal (true (s 3)))
(<= (goal a 100) (true (s 3)))
"
            )
        };
        for (open3, won) in [("(init (open 3))", true), ("", false)] {
            let g = load(Source::from_bytes("path.kif", path(open3)))?;
            let mut solver = Solver::new(&g, 0).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(solver.wins_within(2).unwrap_or_else(|e| panic!("{e}")), won, "{open3}");
        }
        Ok(())
    }

    #[test]
    fn constants_at_call_sites_and_helpers_nobody_calls() -> Result<(), ParseError> {
        let rules = "(<= (apart ?a ?b) (distinct ?a ?b))
(<= (never ?z) (not (index ?z)))
(<= (legal x (go ?c)) (index ?c) (apart ?c 2) (apart 1 ?c))";
        assert_eq!(first_moves_of_x(rules)?, ["(go 3)"]);
        Ok(())
    }

    /// The example of the issue that asked for binding patterns: `kingmove` takes `?u`
    /// from its caller, `guarded` takes `?x ?y` from `kingmove` once `true` has bound
    /// `?u ?v`.
    #[test]
    fn a_helper_with_bound_and_free_head_arguments_and_a_chain_of_them() -> Result<(), ParseError> {
        let rules = "(<= (kingmove ?u ?v ?u ?y) (succ ?v ?y))
(<= (kingmove ?u ?v ?x ?v) (succ ?u ?x))
(<= (guarded ?x ?y) (true (at ?u)) (kingmove ?u ?u ?x ?y))
(<= (legal x (go ?y)) (guarded ?x ?y) (index ?x))";
        assert_eq!(first_moves_of_x(rules)?, ["(go 2)", "(go 3)"]);
        Ok(())
    }

    #[test]
    fn recursive_arithmetic_with_bound_inputs() -> Result<(), ParseError> {
        let rules = "(succ 0 1) (index 0)
(plus ?a 0 ?a)
(<= (plus ?a ?b ?c) (succ ?b0 ?b) (plus ?a ?b0 ?c0) (succ ?c0 ?c))
(<= (gte ?a ?b) (index ?x) (plus ?b ?x ?a))
(<= (legal x (go ?c)) (true (at ?a)) (index ?c) (gte ?c ?a) (distinct ?c ?a))";
        assert_eq!(first_moves_of_x(rules)?, ["(go 3)"]);
        Ok(())
    }

    /// Every relation on demand grounds the same game as the helpers alone, up to the
    /// names of the copies: the same fluents, moves and reference values.
    #[test]
    fn grounding_everything_on_demand_plays_the_same_game() {
        let text = "(role x) (role o) (index 1) (index 2) (index 3) (succ 1 2) (succ 2 3)
(<= (near ?a ?b) (succ ?a ?b)) (<= (near ?a ?b) (succ ?b ?a))
(<= (free ?c) (index ?c) (not (true (at ?c))) (not (true (wall ?c))))
(<= (reach ?a ?b) (near ?a ?b) (free ?b))
(<= (reach ?a ?c) (near ?a ?b) (free ?b) (near ?b ?c) (free ?c) (distinct ?a ?c))
(init (at 1)) (init (control x))
(<= (legal x (go ?c)) (true (control x)) (true (at ?a)) (reach ?a ?c))
(<= (legal x wait) (true (control o)))
(<= (legal o (wall ?c)) (true (control o)) (index ?c) (free ?c))
(<= (legal o wait) (true (control x)))
(<= (next (at ?c)) (does x (go ?c)))
(<= (next (at ?c)) (true (at ?c)) (does x wait))
(<= (next (wall ?c)) (does o (wall ?c)))
(<= (next (wall ?c)) (true (wall ?c)))
(<= (next (control o)) (true (control x)))
(<= (next (control x)) (true (control o)))
(<= terminal (true (at 3)))
(<= (goal x 100) (true (at 3)))
(<= (goal x 0) (not (true (at 3))))
";
        let ground = |demand| {
            load_on_demand(Source::from_bytes("walls.kif", text), Budget::default(), None, demand)
                .unwrap_or_else(|e| panic!("{}", e.error))
        };
        let (helpers, all) = (ground(Demand::Helpers), ground(Demand::All));
        let names = |g: &crate::GroundGame| -> (Vec<String>, Vec<String>) {
            let fluents = g.fluents.iter().map(|&f| g.store.display(f)).collect();
            (fluents, g.moves.iter().map(|m| g.store.display(m.term)).collect())
        };
        assert_eq!(names(&helpers), names(&all));
        let copies = |g: &crate::GroundGame| g.atoms.iter().filter(|a| g.store.display(a.term).contains(" #")).count();
        assert_eq!((copies(&helpers), copies(&all) > 0), (0, true), "only `all` grounds copies on demand");
        for depth in 0..5 {
            let value = |g| Solver::new(g, 0).and_then(|mut s| s.wins_within(depth)).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(value(&helpers), value(&all), "depth {depth}");
        }
        assert!(Solver::new(&all, 0).and_then(|mut s| s.wins_within(4)).unwrap_or_else(|e| panic!("{e}")));
    }
}
