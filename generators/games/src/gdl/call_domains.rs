//! Helper relations that leave head arguments to their callers, grounded over the values
//! their call sites pass.
//!
//! Game files in the wild define relations such as
//! `(<= (distinctcell ?x1 ?y1 ?x2 ?y2) (distinct ?x1 ?x2))`: a head variable occurs in
//! no positive body literal, only in `distinct`, in a negative literal, or nowhere. Alone
//! such a rule is not safe (the GDL specification's condition that rules be *allowed*:
//! every variable occurs in a positive body literal) and has infinitely many instances;
//! but every call site binds those arguments. This module rewrites the program so that
//! it is allowed and means the same at every call site (binding propagation, as in magic
//! sets): call site number `k` of helper `p`, a literal `(p t₁ … tₙ)` (positive or
//! negative) in a rule `R`, gets
//! - a domain relation `p #k domain` over the arguments `tᵢ` at the positions `p`'s rules
//!   leave open, defined by one rule: `(p #k domain tᵢ …) ⇐` the positive literals of `R`
//!   other than calls of helpers, and other than those in a cycle with `R`'s head when
//!   the rest bind the arguments (so that a negative call in a recursive rule does not
//!   put the domain, and the negation, inside the recursion). A domain wider than the
//!   values the call passes is sound: the copy agrees with `p` on every value in it;
//! - its own copy `p #k` of `p`'s rules, each with `(p #k domain …)` over its head
//!   arguments at those positions added to its body;
//! - and the call becomes `(p #k t₁ … tₙ)`.
//!
//! Each copy depends on what `R` depends on already, so the rewriting keeps the
//! restrictions on the dependency graph (`legal` not depending on `does`, …). A call site
//! whose positive literals (calls of helpers aside) do not bind an open argument is
//! unsafe in use and an error, as is a helper that calls itself with an open argument. A helper without call
//! sites contributes nothing to the game and is dropped. Keyword relations (`init`,
//! `next`, `legal`, `goal`, `terminal`) have no call sites, so their safety is checked
//! as written ([`validate`](super::validate)).

use std::collections::{BTreeMap, BTreeSet};

use super::program::{Atom, Literal, Pat, Program, Rule};
use super::terms::kw;
use super::validate::PredKey;
use contract::ParseError;

/// The argument positions each helper leaves to its callers.
type Open = BTreeMap<PredKey, BTreeSet<usize>>;

/// Rewrites every helper relation of `program` over its call sites (see the module doc).
pub fn bind_helpers(mut program: Program) -> Result<Program, ParseError> {
    let mut copies = 0;
    loop {
        let open = open_positions(&program.rules);
        let Some((&first, _)) = open.iter().next() else { return Ok(program) };
        let called_by_helper =
            |p: PredKey| program.rules.iter().find(|r| open.contains_key(&r.head.key()) && calls(r, p).is_some());
        let Some(&ready) = open.keys().find(|&&p| called_by_helper(p).is_none()) else {
            let rule = called_by_helper(first).expect("no helper is ready, so each is called by a helper");
            let call = calls(rule, first).expect("the rule calls the helper");
            let name = program.store.name(first.0).to_string();
            return Err(ParseError::at(
                &program.source,
                call.offset,
                format!("unsafe rule in use: `{name}` leaves head arguments to its callers, and this recursive call does not bind them"),
                "the GDL specification requires allowed rules: every variable of a rule occurs in a positive body literal; bind the open arguments of the recursive call with a positive literal",
            ));
        };
        program = bind(program, ready, &open, &mut copies)?;
    }
}

/// The open positions of every helper: a relation other than a keyword whose rule has a
/// head variable that no positive body literal binds, while every unbound variable of
/// the rule is in its head (otherwise the rule is unsafe whatever its callers do). A
/// positive literal binds the variables of its arguments at positions that are not open,
/// so a rule that gets its head variables only from a helper is a helper too.
fn open_positions(rules: &[Rule]) -> Open {
    let keyword = |r: &Rule| {
        matches!(
            r.head.pred,
            kw::ROLE | kw::INIT | kw::NEXT | kw::LEGAL | kw::GOAL | kw::TERMINAL | kw::TRUE | kw::DOES
        )
    };
    let mut open = Open::new();
    loop {
        let mut changed = false;
        for rule in rules.iter().filter(|r| !keyword(r)) {
            let bound = bound_vars(rule, &open);
            let head: BTreeSet<u32> = rule.head.vars().into_iter().collect();
            let unbound: BTreeSet<u32> = rule
                .body
                .iter()
                .flat_map(literal_vars)
                .chain(head.iter().copied())
                .filter(|v| !bound.contains(v))
                .collect();
            if unbound.is_empty() || !unbound.is_subset(&head) {
                continue;
            }
            let positions = open.entry(rule.head.key()).or_default();
            for (i, arg) in rule.head.args.iter().enumerate() {
                if pat_vars(arg).iter().any(|v| unbound.contains(v)) {
                    changed |= positions.insert(i);
                }
            }
        }
        if !changed {
            return open;
        }
    }
}

/// The first literal of `rule` that calls `p`, positively or negatively.
fn calls(rule: &Rule, p: PredKey) -> Option<&Atom> {
    rule.body.iter().find_map(|l| match l {
        Literal::Pos(a) | Literal::Neg(a) if a.key() == p => Some(a),
        _ => None,
    })
}

/// The variables the positive literals of `rule` bind: those in arguments at positions
/// their relation does not leave open.
fn bound_vars(rule: &Rule, open: &Open) -> BTreeSet<u32> {
    let mut out = BTreeSet::new();
    for a in rule.body.iter().filter_map(positive) {
        let open_here = open.get(&a.key());
        for (k, arg) in a.args.iter().enumerate() {
            if !open_here.is_some_and(|o| o.contains(&k)) {
                out.extend(pat_vars(arg));
            }
        }
    }
    out
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

fn positive(lit: &Literal) -> Option<&Atom> {
    match lit {
        Literal::Pos(a) => Some(a),
        _ => None,
    }
}

fn literal_vars(lit: &Literal) -> Vec<u32> {
    match lit {
        Literal::Pos(a) | Literal::Neg(a) => a.vars(),
        Literal::Distinct(x, y, _) => {
            let mut out = pat_vars(x);
            out.extend(pat_vars(y));
            out
        }
    }
}

fn pat_vars(p: &Pat) -> Vec<u32> {
    let mut out = Vec::new();
    p.vars(&mut out);
    out
}

/// Rewrites the helper `p` over its call sites; `copies` numbers the call sites.
fn bind(program: Program, p: PredKey, all_open: &Open, copies: &mut usize) -> Result<Program, ParseError> {
    let Program { source, mut store, rules } = program;
    let (helper_rules, others): (Vec<Rule>, Vec<Rule>) = rules.into_iter().partition(|r| r.head.key() == p);
    let open: Vec<usize> = all_open[&p].iter().copied().collect();
    let name = store.name(p.0).to_string();
    let users = users_of(&others);
    let mut out = Vec::with_capacity(others.len());
    for mut rule in others {
        let mut added = Vec::new();
        for j in 0..rule.body.len() {
            let (Literal::Pos(call) | Literal::Neg(call)) = &rule.body[j] else { continue };
            if call.key() != p {
                continue;
            }
            let binders: Vec<&Atom> =
                rule.body.iter().filter_map(positive).filter(|a| !all_open.contains_key(&a.key())).collect();
            let unbound = |binders: &[&Atom]| {
                let bound: BTreeSet<u32> = binders.iter().flat_map(|a| a.vars()).collect();
                open.iter().flat_map(|&i| pat_vars(&call.args[i])).find(|v| !bound.contains(v))
            };
            let recursive = depends_on(&users, rule.head.key());
            let outside: Vec<&Atom> = binders.iter().copied().filter(|a| !recursive.contains(&a.key())).collect();
            let binders = if unbound(&outside).is_none() { outside } else { binders };
            if let Some(v) = unbound(&binders) {
                let var = &rule.var_names[v as usize];
                let definition =
                    helper_rules.iter().map(|r| source.locate(r.offset)).next().expect("a helper has rules");
                return Err(ParseError::at(
                    &source,
                    call.offset,
                    format!("unsafe rule in use: `{name}` (defined at {}:{}) leaves its argument `{var}` to the caller, but no positive literal of this rule other than a call of such a helper binds `{var}`", definition.line, definition.col),
                    format!("the GDL specification requires allowed rules: every variable of a rule occurs in a positive body literal; add a positive literal that binds `{var}` to this rule, or to the rule of `{name}`"),
                ));
            }
            *copies += 1;
            let copy = store.sym(&format!("{name} #{copies}"));
            let domain = store.sym(&format!("{name} #{copies} domain"));
            let domain_body = binders.iter().map(|&a| Literal::Pos(a.clone())).collect();
            let domain_head =
                Atom { pred: domain, args: open.iter().map(|&i| call.args[i].clone()).collect(), offset: call.offset };
            added.push(Rule {
                head: domain_head,
                body: domain_body,
                offset: call.offset,
                var_names: rule.var_names.clone(),
            });
            for helper in &helper_rules {
                let guard = Atom {
                    pred: domain,
                    args: open.iter().map(|&i| helper.head.args[i].clone()).collect(),
                    offset: helper.head.offset,
                };
                let mut body = vec![Literal::Pos(guard)];
                body.extend(helper.body.iter().cloned());
                let head = Atom { pred: copy, ..helper.head.clone() };
                added.push(Rule { head, body, offset: helper.offset, var_names: helper.var_names.clone() });
            }
            if let Literal::Pos(call) | Literal::Neg(call) = &mut rule.body[j] {
                call.pred = copy;
            }
        }
        out.push(rule);
        out.extend(added);
    }
    Ok(Program { source, store, rules: out })
}

#[cfg(test)]
mod tests {
    use crate::gdl::{load, player::Solver};
    use contract::{ParseError, Source};

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
}
