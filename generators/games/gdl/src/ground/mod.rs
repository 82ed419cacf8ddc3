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

mod assemble;
mod fixpoint;
mod game;
mod tightness;
mod units;

use std::collections::{HashMap, HashSet};

use super::eval::Db;
use super::program::{Literal, Program, Rule};
use super::terms::{kw, TermStore};
use super::validate::{Analysis, PredKey};
use assemble::build_game;
use contract::budget::RAISE;
use contract::{Budget, ParseError};
use fixpoint::{is_dynamic, Grounder};
use units::units;

pub use game::{Definitions, Derived, GLit, GroundGame, Move, NoSuchRole, Node};

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
