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

use super::eval::{find_atom, intern_atom, Db, Plan};
use super::program::{Literal, Program, Rule};
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

/// The relations the game's meaning depends on: `role`, `init`, `legal`, `next`,
/// `terminal`, `goal` and whatever their rules use. Rules for anything else (`base`,
/// `input`, unused helpers) are never grounded.
fn relevant(program: &Program) -> HashSet<PredKey> {
    let mut heads: HashMap<PredKey, Vec<&Rule>> = HashMap::new();
    for rule in &program.rules {
        heads.entry(rule.head.key()).or_default().push(rule);
    }
    let roots = [(kw::ROLE, 1), (kw::INIT, 1), (kw::LEGAL, 2), (kw::NEXT, 1), (kw::TERMINAL, 0), (kw::GOAL, 2)];
    let mut seen: HashSet<PredKey> = roots.into_iter().collect();
    let mut todo: Vec<PredKey> = roots.to_vec();
    while let Some(key) = todo.pop() {
        for rule in heads.get(&key).into_iter().flatten() {
            for lit in &rule.body {
                if let Literal::Pos(a) | Literal::Neg(a) = lit {
                    if seen.insert(a.key()) {
                        todo.push(a.key());
                    }
                }
            }
        }
    }
    seen
}

/// `name/arity` of a relation, for messages.
fn relation(store: &TermStore, (sym, arity): PredKey) -> String {
    format!("{}/{arity}", store.name(sym))
}

struct Grounder<'p> {
    analysis: &'p Analysis,
    db: Db,
    /// The most ground atoms, and ground instances of one rule, grounding may make.
    limit: usize,
    /// With a horizon, `next` becomes `true` one layer at a time, at most this many times.
    horizon: Option<u32>,
    layers: u32,
    /// Fluents of `next` atoms waiting for the next layer.
    pending: Vec<TermId>,
}

/// Why grounding stopped: the game is not finite or not tight, or it is larger than the
/// size budget allows (`over_budget`: grounding more on demand may help).
#[derive(Clone, Debug)]
pub struct GroundError {
    pub error: ParseError,
    pub over_budget: bool,
}

impl From<ParseError> for GroundError {
    fn from(error: ParseError) -> GroundError {
        GroundError { error, over_budget: false }
    }
}

/// The error for a game whose grounding makes more than `limit` of `what` at the rule at
/// `offset`.
fn too_large(program: &Program, offset: usize, what: &str, limit: usize) -> GroundError {
    let error = ParseError::at(
        &program.source,
        offset,
        format!("grounding makes more than {} {what}, the most the size budget allows", contract::budget::grouped(limit as u64)),
        format!("a game this large cannot be encoded at a useful depth (one ground atom per 100 literals of the budget); shrink the domains of this rule's variables, or {RAISE}"),
    );
    GroundError { error, over_budget: true }
}

/// Whether `key` depends on the position or the moves (`true` and `does` themselves too).
fn is_dynamic(analysis: &Analysis, key: PredKey) -> bool {
    analysis.dynamic.contains(&key) || key == (kw::TRUE, 1) || key == (kw::DOES, 2)
}

impl Grounder<'_> {
    fn is_dynamic(&self, key: PredKey) -> bool {
        is_dynamic(self.analysis, key)
    }

    /// Adds a derived head atom, with the bridge rules of the relaxed program.
    fn add(&mut self, store: &mut TermStore, key: PredKey, t: TermId) -> bool {
        let new = self.db.insert(store, key, t);
        if new && key == (kw::NEXT, 1) && self.horizon.is_some() {
            self.pending.push(store.args(t)[0]);
        } else if new && (key == (kw::NEXT, 1) || key == (kw::INIT, 1)) {
            let f = store.args(t)[0];
            let tt = store.term(kw::TRUE, &[f]);
            self.db.insert(store, (kw::TRUE, 1), tt);
        }
        if new && key == (kw::LEGAL, 2) {
            let args = store.args(t).to_vec();
            let d = store.term(kw::DOES, &args);
            self.db.insert(store, (kw::DOES, 2), d);
        }
        new
    }

    /// Makes the fluents of the `next` atoms derived so far true: the next layer of the
    /// relaxed reachable positions. False when the horizon is reached or nothing is new.
    fn next_layer(&mut self, store: &mut TermStore) -> bool {
        if self.horizon.is_none_or(|h| self.layers >= h) || self.pending.is_empty() {
            return false;
        }
        self.layers += 1;
        for f in std::mem::take(&mut self.pending) {
            let t = store.term(kw::TRUE, &[f]);
            self.db.insert(store, (kw::TRUE, 1), t);
        }
        true
    }

    /// Evaluates `rules` to their least fixpoint, semi-naively: `recursive` tells the
    /// relations this fixpoint derives.
    fn fixpoint(
        &mut self,
        program: &Program,
        store: &mut TermStore,
        rules: &[&Rule],
        recursive: &dyn Fn(PredKey) -> bool,
    ) -> Result<(), GroundError> {
        let mut first: Vec<Plan> = rules.iter().map(|r| Plan::new(r, None)).collect();
        let mut deltas: Vec<Plan> = rules
            .iter()
            .flat_map(|r| {
                r.body
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| matches!(l, Literal::Pos(a) if recursive(a.key())))
                    .map(|(i, _)| Plan::new(r, Some(i)))
            })
            .collect();
        for plan in first.iter_mut().chain(&mut deltas) {
            self.db.prepare(store, plan);
        }
        let mut range = (0, self.db.len());
        let mut plans = &first;
        loop {
            for plan in plans {
                self.apply(program, store, plan, range)?;
            }
            range = (range.1, self.db.len());
            if range.0 == range.1 && self.next_layer(store) {
                range.1 = self.db.len();
            }
            if range.0 == range.1 {
                return Ok(());
            }
            plans = &deltas;
        }
    }

    /// Derives the heads of one plan's matches.
    fn apply(
        &mut self,
        program: &Program,
        store: &mut TermStore,
        plan: &Plan,
        range: (u32, u32),
    ) -> Result<(), GroundError> {
        let rule = plan.rule;
        let mut head_vars = rule.head.vars();
        head_vars.sort_unstable();
        head_vars.dedup();
        let mut found: Vec<Option<TermId>> = Vec::new();
        let is_open = |k| self.is_dynamic(k);
        let count = self
            .db
            .matches(store, plan, range, &is_open, self.limit, &mut |b| {
                found.extend(head_vars.iter().map(|&v| b[v as usize]))
            })
            .map_err(|_| {
                let what = format!("ground instances of this rule for `{}`", relation(store, rule.head.key()));
                too_large(program, rule.offset, &what, self.limit)
            })?;
        let mut binding = vec![None; rule.var_names.len()];
        for m in 0..count {
            for (j, &v) in head_vars.iter().enumerate() {
                binding[v as usize] = found[m * head_vars.len() + j];
            }
            let Some(t) = intern_atom(store, &rule.head, &binding) else { continue };
            if store.depth(t) > MAX_DEPTH {
                return Err(GroundError::from(ParseError::at(&program.source, rule.offset, format!("grounding does not terminate: this rule derives {}... with terms nested more than {MAX_DEPTH} deep", store.display(t).chars().take(60).collect::<String>()), "GDL games must be finite: bound the recursion through function terms (for example with a static successor relation)")));
            }
            self.add(store, rule.head.key(), t);
            if self.db.len() as usize > self.limit {
                let (key, n) = self.db.largest().unwrap_or((rule.head.key(), 0));
                let what = format!(
                    "ground atoms (`{}` alone has {})",
                    relation(store, key),
                    contract::budget::grouped(n as u64)
                );
                return Err(too_large(program, rule.offset, &what, self.limit));
            }
        }
        Ok(())
    }
}

/// Grounds a validated program within `budget` ([`Budget::ground_atoms`] atoms, and as
/// many ground instances of any one rule). With a `horizon`, only what plays of at most
/// that many steps can reach (in the relaxed program) is grounded: the fluents of the
/// positions after 0, 1, ..., `horizon` steps and the moves before them.
pub fn ground(
    program: &Program,
    analysis: &Analysis,
    budget: Budget,
    horizon: Option<u32>,
) -> Result<GroundGame, GroundError> {
    let mut store = program.store.clone();
    let limit = usize::try_from(budget.ground_atoms()).unwrap_or(usize::MAX);
    let mut g = Grounder { analysis, db: Db::default(), limit, horizon, layers: 0, pending: Vec::new() };
    let relevant = relevant(program);
    let rules: Vec<&Rule> = program.rules.iter().filter(|r| relevant.contains(&r.head.key())).collect();
    for stratum in &analysis.static_strata {
        let in_stratum: Vec<&Rule> = rules.iter().copied().filter(|r| stratum.contains(&r.head.key())).collect();
        if !in_stratum.is_empty() {
            g.fixpoint(program, &mut store, &in_stratum, &|k| stratum.contains(&k))?;
        }
    }
    let dynamic: Vec<&Rule> = rules.iter().copied().filter(|r| g.is_dynamic(r.head.key())).collect();
    g.fixpoint(program, &mut store, &dynamic, &|k| is_dynamic(analysis, k))?;
    let built = |r: &Rule| {
        let key = r.head.key();
        relevant.contains(&key) && g.is_dynamic(key) && !program.demand.contains(&key)
    };
    let mut units = units(program, &built);
    for plan in units.iter_mut().flat_map(|u| u.parts.iter_mut().chain(&mut u.whole)) {
        g.db.prepare(&store, plan);
    }
    build_game(program, store, &g, &units)
}

/// What the game is built from: one rule, or the parts of a split rule with the rule as
/// written ([`decompose`](super::decompose)).
struct Unit<'r> {
    parts: Vec<Plan<'r>>,
    whole: Option<Plan<'r>>,
}

/// The units of the rules of `program` that `built` selects, in the order of the rules.
fn units<'p>(program: &'p Program, built: &dyn Fn(&Rule) -> bool) -> Vec<Unit<'p>> {
    let mut split_of = vec![None; program.rules.len()];
    for (s, split) in program.splits.iter().enumerate() {
        for i in split.rules.clone() {
            split_of[i] = Some(s);
        }
    }
    let mut units: Vec<Unit> = Vec::new();
    let mut unit_of_split: HashMap<usize, usize> = HashMap::new();
    for (i, rule) in program.rules.iter().enumerate().filter(|(_, r)| built(r)) {
        let Some(s) = split_of[i] else {
            units.push(Unit { parts: vec![Plan::new(rule, None)], whole: None });
            continue;
        };
        let u = *unit_of_split.entry(s).or_insert_with(|| {
            units.push(Unit { parts: Vec::new(), whole: Some(Plan::new(&program.splits[s].rule, None)) });
            units.len() - 1
        });
        units[u].parts.push(Plan::new(rule, None));
    }
    units
}

/// The ground bodies of one rule: head atoms with their bodies' atoms and signs.
type Instances = Vec<(TermId, Vec<(TermId, bool)>)>;

/// What instances cost in the circuit of one step, as Tseitin's clauses write it: the
/// literals and the variables of an AND gate per body of two or more literals and an OR
/// gate per head of two or more bodies (a gate over `n` inputs has `3n + 1` literals).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Cost {
    literals: usize,
    vars: usize,
    instances: usize,
}

fn cost(instances: &[Instances]) -> Cost {
    let gate = |n: usize| if n >= 2 { (3 * n + 1, 1) } else { (0, 0) };
    let mut bodies_of: HashMap<TermId, usize> = HashMap::new();
    let mut c = Cost::default();
    for (head, body) in instances.iter().flatten() {
        *bodies_of.entry(*head).or_default() += 1;
        let (literals, vars) = gate(body.len());
        c.literals += literals;
        c.vars += vars;
        c.instances += 1;
    }
    for k in bodies_of.into_values() {
        let (literals, vars) = gate(k);
        c.literals += literals;
        c.vars += vars;
    }
    c
}

/// Whether the parts of a split rule, costing `parts`, are smaller than the rule as
/// written, costing `whole`: less than half its literals and no more variables. The
/// margin is for what this count of one step cannot see: the encoding folds the moves
/// of a role not on turn to false, which removes more of the rule as written (a body per
/// role's move) than of its parts (one gate per move for all roles).
fn smaller(parts: Cost, whole: Cost) -> bool {
    2 * parts.literals < whole.literals && parts.vars <= whole.vars
}

fn sorted_by_text(store: &TermStore, mut terms: Vec<TermId>) -> Vec<TermId> {
    terms.sort_by_cached_key(|&t| store.display(t));
    terms
}

fn build_game(program: &Program, store: TermStore, g: &Grounder, units: &[Unit]) -> Result<GroundGame, GroundError> {
    let roles: Vec<TermId> = g.db.of((kw::ROLE, 1)).map(|t| store.args(t)[0]).collect();
    let fluents = sorted_by_text(&store, g.db.of((kw::TRUE, 1)).map(|t| store.args(t)[0]).collect());
    let fluent_index: HashMap<TermId, u32> = fluents.iter().enumerate().map(|(i, &f)| (f, i as u32)).collect();
    let init: BTreeSet<u32> =
        g.db.of((kw::INIT, 1)).filter_map(|t| fluent_index.get(&store.args(t)[0]).copied()).collect();
    let mut moves = Vec::new();
    for (r, &role) in roles.iter().enumerate() {
        let terms = g.db.of((kw::DOES, 2)).filter(|&t| store.args(t)[0] == role).map(|t| store.args(t)[1]).collect();
        moves.extend(sorted_by_text(&store, terms).into_iter().map(|term| Move { role: r, term }));
    }
    let move_index: HashMap<(TermId, TermId), u32> =
        moves.iter().enumerate().map(|(i, m)| ((roles[m.role], m.term), i as u32)).collect();

    // Ground rules, keyed by head atom term; the heads are then put in text order, so
    // that the game does not depend on the order in which evaluation found them. A split
    // rule is built from its parts unless the rule as written costs no more.
    let mut heads: Vec<TermId> = Vec::new();
    let mut rules_of: GroundRules = HashMap::new();
    for unit in units {
        let parts: Result<Vec<Instances>, GroundError> =
            unit.parts.iter().map(|plan| instances(program, &store, g, plan, g.limit)).collect();
        let chosen = match (&unit.whole, parts) {
            (None, parts) => parts?,
            (Some(whole), Ok(parts)) => {
                // A rule as written with this many instances is larger than its parts
                // (each body of a head with several costs 3 literals or more).
                let split = cost(&parts);
                let most = 2 * (split.literals + split.instances) + 16;
                match instances(program, &store, g, whole, most) {
                    Ok(flat) if !smaller(split, cost(std::slice::from_ref(&flat))) => vec![flat],
                    _ => parts,
                }
            }
            (Some(whole), Err(e)) => vec![instances(program, &store, g, whole, g.limit).map_err(|_| e)?],
        };
        // The parts of a split rule have the rule's offset.
        let offset = unit.whole.as_ref().or(unit.parts.first()).map_or(0, |plan| plan.rule.offset);
        for (head, body) in chosen.into_iter().flatten() {
            let entry = rules_of.entry(head).or_insert_with(|| {
                heads.push(head);
                (Vec::new(), offset)
            });
            entry.0.push(body);
        }
    }
    let heads = sorted_by_text(&store, heads);
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

/// The ground bodies of `plan`'s rule, at most `limit` of them: its static literals
/// decided and dropped, and negative literals over atoms outside the domain (always
/// true).
fn instances(
    program: &Program,
    store: &TermStore,
    g: &Grounder,
    plan: &Plan,
    limit: usize,
) -> Result<Instances, GroundError> {
    let rule = plan.rule;
    let is_open = |k| g.is_dynamic(k);
    let mut out: Instances = Vec::new();
    g.db.matches(store, plan, (0, g.db.len()), &is_open, limit, &mut |binding| {
        let Some(head) = find_atom(store, &rule.head, binding) else { return };
        let mut body = Vec::new();
        for lit in &rule.body {
            match lit {
                Literal::Pos(a) if g.is_dynamic(a.key()) && !program.demand.contains(&a.key()) => {
                    if let Some(t) = find_atom(store, a, binding) {
                        body.push((t, true));
                    }
                }
                Literal::Neg(a) if g.is_dynamic(a.key()) => {
                    if let Some(t) = find_atom(store, a, binding).filter(|&t| g.db.contains(t)) {
                        body.push((t, false));
                    }
                }
                _ => {}
            }
        }
        out.push((head, body));
    })
    .map_err(|_| {
        let what = format!("ground instances of this rule for `{}`", relation(store, rule.head.key()));
        too_large(program, rule.offset, &what, limit)
    })?;
    Ok(out)
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
