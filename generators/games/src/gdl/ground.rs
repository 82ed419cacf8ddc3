//! Grounding: from GDL rules to a propositional game over fluents and moves.
//!
//! The algorithm, entirely bottom-up over interned ground terms:
//!
//! 1. **Static relations exactly.** Predicates that depend neither on `true` nor on `does`
//!    (and are not `legal`, `goal`, `terminal`, `next`) are evaluated stratum by stratum, in
//!    the order of the strongly connected components of the predicate graph, each to its
//!    least fixpoint with negation referring to lower strata only. `role` and `init` are
//!    static, so the players and the initial position are exact.
//! 2. **Reachable fluents and moves, over-approximated.** The dynamic rules are evaluated
//!    to a fixpoint of a *relaxed* program: negative dynamic literals are assumed true
//!    (static literals, negative or positive, and `distinct` stay exact), and two bridge
//!    rules close the loop between steps: `true(F) ⇐ init(F) ∨ next(F)` and
//!    `does(R,M) ⇐ legal(R,M)`. Dropping negative literals only adds derivations, so the
//!    fixpoint contains every atom that holds in any reachable position under any legal
//!    moves: the fluent domain is the `true` atoms, the move domain the `does` atoms.
//! 3. **Ground rules.** Each dynamic rule is instantiated once more against the fixpoint;
//!    static literals are decided and dropped, negative literals over atoms outside the
//!    domain are dropped (they are always true), and what remains is a ground rule over
//!    fluents, moves and derived atoms.
//! 4. **Tightness.** The derived atoms are sorted topologically by their body atoms. A
//!    cycle is a positive loop within one time step (stratification excludes negative
//!    ones); Clark completion would then be wrong, so grounding refuses the game.
//!
//! Joins are nested loops over the atoms of one predicate, with body literals reordered
//! greedily so that the next positive literal is the one with most variables bound, and
//! each filter (`distinct`, negation) applied as soon as its variables are bound.
//!
//! ## References
//! - M. Genesereth, N. Love: *General Game Playing: Game Description Language
//!   Specification*, 2006 (stratification, safety, finiteness).
//! - M. Thielscher: *Answer Set Programming for Single-Player Games in General Game
//!   Playing*, ICLP 2009 (ground programs of games, tightness).

use std::collections::{BTreeSet, HashMap, HashSet};

use super::program::{Atom, Literal, Pat, Program, Rule};
use super::terms::{kw, Sym, TermId, TermStore};
use super::validate::{Analysis, PredKey};
use contract::budget::RAISE;
use contract::{Budget, ParseError};

/// A propositional node of the ground game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Node {
    /// `true(f)` for the fluent with this index.
    Fluent(u32),
    /// `does(r, m)` for the move with this index.
    Move(u32),
    /// A derived atom, by index into [`GroundGame::atoms`].
    Atom(u32),
}

/// A ground body literal.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GLit {
    pub node: Node,
    pub positive: bool,
}

/// A derived atom with its ground rules (a disjunction of conjunctions).
#[derive(Clone, Debug)]
pub struct Derived {
    pub term: TermId,
    pub bodies: Vec<Vec<GLit>>,
    /// Whether the atom depends on `does` (then it exists only at move times).
    pub on_does: bool,
}

/// A move of one role.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub role: usize,
    pub term: TermId,
}

/// A ground game: everything the reference player and the encodings need.
#[derive(Clone, Debug)]
pub struct GroundGame {
    pub store: TermStore,
    /// The roles, in the order of their `role` facts.
    pub roles: Vec<TermId>,
    /// The fluent domain (over-approximation of reachable fluents), sorted by text.
    pub fluents: Vec<TermId>,
    /// Fluents true in the initial position.
    pub init: Vec<u32>,
    /// The move domain, grouped by role, sorted by text within a role.
    pub moves: Vec<Move>,
    /// Derived atoms in topological order: bodies refer only to earlier atoms.
    pub atoms: Vec<Derived>,
    /// The `legal` atom of each move (none: never legal).
    pub legal: Vec<Option<u32>>,
    /// The `next` atom of each fluent (none: never true after a step).
    pub next: Vec<Option<u32>>,
    pub terminal: Option<u32>,
    /// Per role, its `goal` atoms with their values.
    pub goals: Vec<Vec<(u32, u32)>>,
}

impl GroundGame {
    /// The names of the roles, in order.
    pub fn role_names(&self) -> Vec<String> {
        self.roles.iter().map(|&r| self.store.display(r)).collect()
    }

    /// The index of the role called `name` (ignoring case).
    pub fn role_index(&self, name: &str) -> Option<usize> {
        self.role_names().iter().position(|n| n.eq_ignore_ascii_case(name))
    }

    /// The index of the role called `name` (ignoring case), the first role without one.
    pub fn first_role(&self, name: Option<&str>) -> Result<usize, NoSuchRole> {
        let Some(name) = name else { return Ok(0) };
        self.role_index(name).ok_or_else(|| NoSuchRole { name: name.to_string(), roles: self.role_names() })
    }
}

/// A role name the game does not have, with the roles it has.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{name}: the game has no such role; its roles are {}", roles.join(", "))]
pub struct NoSuchRole {
    pub name: String,
    pub roles: Vec<String>,
}

/// Ground bodies (atom terms with signs) per head atom, with the offset of a source rule.
type GroundRules = HashMap<TermId, (Vec<Vec<(TermId, bool)>>, usize)>;

/// Grounding gives up on terms nested deeper than this: a rule that wraps a term in a
/// function at every step (a counter without bound) would otherwise never stop.
const MAX_DEPTH: u32 = 64;

#[derive(Default)]
struct Db {
    by_pred: HashMap<PredKey, Vec<TermId>>,
    all: HashSet<TermId>,
}

impl Db {
    fn insert(&mut self, key: PredKey, t: TermId) -> bool {
        if self.all.insert(t) {
            self.by_pred.entry(key).or_default().push(t);
            true
        } else {
            false
        }
    }

    fn of(&self, key: PredKey) -> &[TermId] {
        self.by_pred.get(&key).map_or(&[], |v| v.as_slice())
    }
}

/// A rule with its body in join order.
struct Plan<'r> {
    rule: &'r Rule,
    order: Vec<usize>,
}

fn plan(rule: &Rule) -> Plan<'_> {
    let mut order = Vec::new();
    let mut bound: BTreeSet<u32> = BTreeSet::new();
    let mut done = vec![false; rule.body.len()];
    let lit_vars = |l: &Literal| -> Vec<u32> {
        let mut out = Vec::new();
        match l {
            Literal::Pos(a) | Literal::Neg(a) => a.args.iter().for_each(|p| p.vars(&mut out)),
            Literal::Distinct(x, y, _) => {
                x.vars(&mut out);
                y.vars(&mut out);
            }
        }
        out
    };
    loop {
        for (i, l) in rule.body.iter().enumerate() {
            if !done[i] && !matches!(l, Literal::Pos(_)) && lit_vars(l).iter().all(|v| bound.contains(v)) {
                done[i] = true;
                order.push(i);
            }
        }
        let best =
            (0..rule.body.len()).filter(|&i| !done[i] && matches!(rule.body[i], Literal::Pos(_))).max_by_key(|&i| {
                let vars = lit_vars(&rule.body[i]);
                let unbound = vars.iter().filter(|v| !bound.contains(v)).count();
                (vars.len() - unbound, usize::MAX - unbound, usize::MAX - i)
            });
        let Some(i) = best else { break };
        done[i] = true;
        order.push(i);
        bound.extend(lit_vars(&rule.body[i]));
    }
    Plan { rule, order }
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

/// The ground term of a pattern if it has been interned (otherwise no atom can equal it).
fn find_pat(store: &TermStore, p: &Pat, binding: &[Option<TermId>]) -> Option<TermId> {
    match p {
        Pat::Var(v) => binding[*v as usize],
        Pat::Fn(f, args) => {
            let args = args.iter().map(|a| find_pat(store, a, binding)).collect::<Option<Vec<_>>>()?;
            store.find_term(*f, &args)
        }
    }
}

fn find_atom(store: &TermStore, a: &Atom, binding: &[Option<TermId>]) -> Option<TermId> {
    let args = a.args.iter().map(|p| find_pat(store, p, binding)).collect::<Option<Vec<_>>>()?;
    store.find_term(a.pred, &args)
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

fn intern_atom(store: &mut TermStore, a: &Atom, binding: &[Option<TermId>]) -> Option<TermId> {
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

/// The complete bindings of one rule's body, flat: `stride` variables per binding.
struct Matches {
    stride: usize,
    count: usize,
    flat: Vec<Option<TermId>>,
}

impl Matches {
    fn iter(&self) -> impl Iterator<Item = &[Option<TermId>]> + '_ {
        (0..self.count).map(|i| &self.flat[i * self.stride..(i + 1) * self.stride])
    }
}

struct Grounder<'p> {
    analysis: &'p Analysis,
    db: Db,
    /// The most ground atoms, and ground instances of one rule, grounding may make.
    limit: usize,
}

/// The error for a game whose grounding makes more than `limit` atoms or instances of the
/// rule at `offset`.
fn too_large(program: &Program, offset: usize, what: &str, limit: usize) -> ParseError {
    ParseError::at(
        &program.source,
        offset,
        format!("grounding makes more than {} {what}, the most the size budget allows", contract::budget::grouped(limit as u64)),
        format!("a game this large cannot be encoded at a useful depth (one ground atom per 100 literals of the budget); shrink the domains of this rule's variables, or {RAISE}"),
    )
}

impl Grounder<'_> {
    fn is_dynamic(&self, key: PredKey) -> bool {
        self.analysis.dynamic.contains(&key) || key == (kw::TRUE, 1) || key == (kw::DOES, 2)
    }

    /// All complete bindings of the plan's body against the database; refused beyond the
    /// limit (counted as they are found, so a rule with billions of instances stops early).
    fn matches(&self, program: &Program, store: &TermStore, plan: &Plan) -> Result<Matches, ParseError> {
        let stride = plan.rule.var_names.len();
        let mut out = Matches { stride, count: 0, flat: Vec::new() };
        let mut binding = vec![None; stride];
        if self.extend(store, plan, 0, &mut binding, &mut out) {
            Ok(out)
        } else {
            Err(too_large(program, plan.rule.offset, "ground instances of this rule", self.limit))
        }
    }

    /// Extends `binding` from body literal number `step` on; false when the limit is hit.
    fn extend(
        &self,
        store: &TermStore,
        plan: &Plan,
        step: usize,
        binding: &mut Vec<Option<TermId>>,
        out: &mut Matches,
    ) -> bool {
        let Some(&i) = plan.order.get(step) else {
            out.flat.extend_from_slice(binding);
            out.count += 1;
            return out.count <= self.limit;
        };
        match &plan.rule.body[i] {
            Literal::Pos(a) => {
                let mut trail = Vec::new();
                for &t in self.db.of(a.key()) {
                    let ok =
                        a.args.iter().zip(store.args(t)).all(|(p, &x)| match_pat(store, p, x, binding, &mut trail));
                    let within = !ok || self.extend(store, plan, step + 1, binding, out);
                    for v in trail.drain(..) {
                        binding[v as usize] = None;
                    }
                    if !within {
                        return false;
                    }
                }
                true
            }
            Literal::Neg(a) => {
                let holds =
                    !self.is_dynamic(a.key()) && find_atom(store, a, binding).is_some_and(|t| self.db.all.contains(&t));
                holds || self.extend(store, plan, step + 1, binding, out)
            }
            Literal::Distinct(x, y, _) => {
                pats_equal(store, x, y, binding) || self.extend(store, plan, step + 1, binding, out)
            }
        }
    }

    /// Adds a derived head atom, with the bridge rules of the relaxed program.
    fn add(&mut self, store: &mut TermStore, key: PredKey, t: TermId) -> bool {
        let new = self.db.insert(key, t);
        if new && (key == (kw::NEXT, 1) || key == (kw::INIT, 1)) {
            let f = store.args(t)[0];
            let tt = store.term(kw::TRUE, &[f]);
            self.db.insert((kw::TRUE, 1), tt);
        }
        if new && key == (kw::LEGAL, 2) {
            let args = store.args(t).to_vec();
            let d = store.term(kw::DOES, &args);
            self.db.insert((kw::DOES, 2), d);
        }
        new
    }

    fn fixpoint(&mut self, program: &Program, store: &mut TermStore, plans: &[Plan]) -> Result<(), ParseError> {
        loop {
            let mut changed = false;
            for plan in plans {
                for binding in self.matches(program, store, plan)?.iter() {
                    let head = &plan.rule.head;
                    let Some(t) = intern_atom(store, head, binding) else { continue };
                    if store.depth(t) > MAX_DEPTH {
                        return Err(ParseError::at(&program.source, plan.rule.offset, format!("grounding does not terminate: this rule derives {}... with terms nested more than {MAX_DEPTH} deep", store.display(t).chars().take(60).collect::<String>()), "GDL games must be finite: bound the recursion through function terms (for example with a static successor relation)"));
                    }
                    changed |= self.add(store, head.key(), t);
                    if self.db.all.len() > self.limit {
                        return Err(too_large(program, plan.rule.offset, "ground atoms", self.limit));
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

/// Grounds a validated program within `budget` ([`Budget::ground_atoms`] atoms, and as
/// many ground instances of any one rule).
pub fn ground(program: &Program, analysis: &Analysis, budget: Budget) -> Result<GroundGame, ParseError> {
    let mut store = program.store.clone();
    let limit = usize::try_from(budget.ground_atoms()).unwrap_or(usize::MAX);
    let mut g = Grounder { analysis, db: Db::default(), limit };
    for stratum in &analysis.static_strata {
        let plans: Vec<Plan> = program.rules.iter().filter(|r| stratum.contains(&r.head.key())).map(plan).collect();
        g.fixpoint(program, &mut store, &plans)?;
    }
    let dynamic_plans: Vec<Plan> = program.rules.iter().filter(|r| g.is_dynamic(r.head.key())).map(plan).collect();
    g.fixpoint(program, &mut store, &dynamic_plans)?;
    build_game(program, store, &g, &dynamic_plans)
}

fn sorted_by_text(store: &TermStore, mut terms: Vec<TermId>) -> Vec<TermId> {
    terms.sort_by_cached_key(|&t| store.display(t));
    terms
}

fn build_game(program: &Program, store: TermStore, g: &Grounder, plans: &[Plan]) -> Result<GroundGame, ParseError> {
    let roles: Vec<TermId> = g.db.of((kw::ROLE, 1)).iter().map(|&t| store.args(t)[0]).collect();
    let fluents = sorted_by_text(&store, g.db.of((kw::TRUE, 1)).iter().map(|&t| store.args(t)[0]).collect());
    let fluent_index: HashMap<TermId, u32> = fluents.iter().enumerate().map(|(i, &f)| (f, i as u32)).collect();
    let init: BTreeSet<u32> =
        g.db.of((kw::INIT, 1)).iter().filter_map(|&t| fluent_index.get(&store.args(t)[0]).copied()).collect();
    let mut moves = Vec::new();
    for (r, &role) in roles.iter().enumerate() {
        let terms =
            g.db.of((kw::DOES, 2)).iter().filter(|&&t| store.args(t)[0] == role).map(|&t| store.args(t)[1]).collect();
        moves.extend(sorted_by_text(&store, terms).into_iter().map(|term| Move { role: r, term }));
    }
    let move_index: HashMap<(TermId, TermId), u32> =
        moves.iter().enumerate().map(|(i, m)| ((roles[m.role], m.term), i as u32)).collect();

    // Ground rules, keyed by head atom term, in first-derivation order.
    let mut heads: Vec<TermId> = Vec::new();
    let mut rules_of: GroundRules = HashMap::new();
    for plan in plans {
        for binding in g.matches(program, &store, plan)?.iter() {
            let Some(head) = find_atom(&store, &plan.rule.head, binding) else { continue };
            let mut body = Vec::new();
            for lit in &plan.rule.body {
                match lit {
                    Literal::Pos(a) if g.is_dynamic(a.key()) => {
                        if let Some(t) = find_atom(&store, a, binding) {
                            body.push((t, true));
                        }
                    }
                    Literal::Neg(a) if g.is_dynamic(a.key()) => {
                        if let Some(t) = find_atom(&store, a, binding).filter(|t| g.db.all.contains(t)) {
                            body.push((t, false));
                        }
                    }
                    _ => {}
                }
            }
            let entry = rules_of.entry(head).or_insert_with(|| {
                heads.push(head);
                (Vec::new(), plan.rule.offset)
            });
            entry.0.push(body);
        }
    }
    let atom_of: HashMap<TermId, usize> = heads.iter().enumerate().map(|(i, &t)| (t, i)).collect();
    let node_of = |t: TermId| -> Option<Node> {
        let f = store.functor(t);
        let args = store.args(t);
        if f == kw::TRUE && args.len() == 1 {
            return fluent_index.get(&args[0]).map(|&i| Node::Fluent(i));
        }
        if f == kw::DOES && args.len() == 2 {
            return move_index.get(&(args[0], args[1])).map(|&i| Node::Move(i));
        }
        atom_of.get(&t).map(|&i| Node::Atom(i as u32))
    };
    let order = topological_order(program, &store, &heads, &rules_of, &atom_of)?;
    let mut new_index = vec![0u32; heads.len()];
    for (pos, &old) in order.iter().enumerate() {
        new_index[old] = pos as u32;
    }
    let mut atoms: Vec<Derived> = Vec::with_capacity(heads.len());
    for &old in &order {
        let term = heads[old];
        let mut bodies: Vec<Vec<GLit>> = Vec::new();
        for body in &rules_of[&term].0 {
            let mut lits: Vec<GLit> = Vec::new();
            let mut impossible = false;
            for &(t, positive) in body {
                match node_of(t) {
                    Some(Node::Atom(i)) => lits.push(GLit { node: Node::Atom(new_index[i as usize]), positive }),
                    Some(node) => lits.push(GLit { node, positive }),
                    None if positive => impossible = true,
                    None => {}
                }
            }
            if !impossible {
                lits.sort();
                lits.dedup();
                bodies.push(lits);
            }
        }
        bodies.sort();
        bodies.dedup();
        let on_does = bodies.iter().flatten().any(|l| match l.node {
            Node::Move(_) => true,
            Node::Atom(i) => atoms[i as usize].on_does,
            Node::Fluent(_) => false,
        });
        atoms.push(Derived { term, bodies, on_does });
    }
    let find = |f: Sym, args: &[TermId]| store.find_term(f, args).and_then(|t| atom_of.get(&t)).map(|&i| new_index[i]);
    let legal = moves.iter().map(|m| find(kw::LEGAL, &[roles[m.role], m.term])).collect();
    let next = fluents.iter().map(|&f| find(kw::NEXT, &[f])).collect();
    let terminal = find(kw::TERMINAL, &[]);
    let goals = roles
        .iter()
        .map(|&r| {
            let mut gs: Vec<(u32, u32)> = heads
                .iter()
                .filter(|&&t| store.functor(t) == kw::GOAL && store.args(t).len() == 2 && store.args(t)[0] == r)
                .filter_map(|&t| {
                    store.name(store.functor(store.args(t)[1])).parse::<u32>().ok().map(|v| (v, new_index[atom_of[&t]]))
                })
                .collect();
            gs.sort();
            gs
        })
        .collect();
    Ok(GroundGame {
        roles,
        fluents,
        init: init.into_iter().collect(),
        moves,
        atoms,
        legal,
        next,
        terminal,
        goals,
        store,
    })
}

/// Derived atoms sorted so that every atom comes after the atoms in its bodies; a cycle
/// is a positive loop and an error.
fn topological_order(
    program: &Program,
    store: &TermStore,
    heads: &[TermId],
    rules_of: &GroundRules,
    atom_of: &HashMap<TermId, usize>,
) -> Result<Vec<usize>, ParseError> {
    let deps = |i: usize| -> Vec<usize> {
        let mut d: Vec<usize> =
            rules_of[&heads[i]].0.iter().flatten().filter_map(|(t, _)| atom_of.get(t).copied()).collect();
        d.sort_unstable();
        d.dedup();
        d
    };
    // 0 = unvisited, 1 = on the DFS stack, 2 = done
    let mut state = vec![0u8; heads.len()];
    let mut order = Vec::with_capacity(heads.len());
    for root in 0..heads.len() {
        if state[root] != 0 {
            continue;
        }
        let mut stack: Vec<(usize, Vec<usize>, usize)> = vec![(root, deps(root), 0)];
        state[root] = 1;
        while let Some((node, ds, pos)) = stack.last_mut() {
            if let Some(&d) = ds.get(*pos) {
                *pos += 1;
                match state[d] {
                    0 => {
                        state[d] = 1;
                        let dd = deps(d);
                        stack.push((d, dd, 0));
                    }
                    1 => {
                        let mut cycle: Vec<String> = stack
                            .iter()
                            .skip_while(|(n, _, _)| *n != d)
                            .map(|(n, _, _)| store.display(heads[*n]))
                            .collect();
                        cycle.push(store.display(heads[d]));
                        let offset = rules_of[&heads[d]].1;
                        return Err(ParseError::at(
                            &program.source,
                            offset,
                            format!("positive loop within one time step: {} depends on itself through {}", cycle[0], cycle.join(" -> ")),
                            "the program is not tight, so its Clark completion would admit unsupported models; rewrite the recursion so that it is well-founded on the ground level",
                        ));
                    }
                    _ => {}
                }
            } else {
                let node = *node;
                state[node] = 2;
                order.push(node);
                stack.pop();
            }
        }
    }
    Ok(order)
}
