//! The grounding of a validated program, step by step (the module doc of `ground` names
//! the steps), over the relations the game's meaning depends on.

use std::collections::{HashMap, HashSet};

use super::assemble::build_game;
use super::error::GroundError;
use super::fan_out::Sizes;
use super::fixpoint::{is_dynamic, Grounder};
use super::game::GroundGame;
use super::units::units;
use crate::eval::Db;
use crate::program::{Literal, Program, Rule};
use crate::terms::kw;
use crate::validate::{Analysis, PredKey};
use contract::Budget;

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

/// Grounds a validated program within `budget` ([`Budget::ground_atoms`] ground instances
/// of any one rule) and `atoms` (its [`Budget::ground_atoms`] atoms). With a `horizon`,
/// only what plays of at most that many steps can reach (in the relaxed program) is
/// grounded: the fluents of the positions after 0, 1, ..., `horizon` steps and the moves
/// before them.
pub fn ground(
    program: &Program,
    analysis: &Analysis,
    budget: Budget,
    atoms: Budget,
    horizon: Option<u32>,
) -> Result<GroundGame, GroundError> {
    let mut store = program.store.clone();
    let count = |budget: Budget| usize::try_from(budget.ground_atoms()).unwrap_or(usize::MAX);
    let (limit, atoms) = (count(budget), count(atoms));
    let mut g = Grounder { analysis, db: Db::default(), limit, atoms, horizon, layers: 0, pending: Vec::new() };
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
    let mut sizes = Sizes::new(&g.db, &store);
    let mut units = units(program, &built, &mut |a, paths| sizes.fan_out(a, paths));
    for plan in units.iter_mut().flat_map(|u| u.parts.iter_mut().chain(&mut u.whole)) {
        g.db.prepare(&store, plan);
    }
    build_game(program, store, &g, &units)
}
