//! The relaxed fixpoint: static relations exactly, then the reachable fluents and moves
//! (steps 1 and 2 of the grounding, see the module doc of `ground`).

use std::ops::ControlFlow;

use super::error::{relation, too_large, GroundError};
use super::fan_out::Sizes;
use crate::eval::{intern_atom, Db, Plan};
use crate::program::{Literal, Program, Rule};
use crate::terms::{kw, TermId, TermStore};
use crate::validate::{Analysis, PredKey};
use contract::ParseError;

/// Grounding gives up on terms nested deeper than this: a rule that wraps a term in a
/// function at every step (a counter without bound) would otherwise never stop.
const MAX_DEPTH: u32 = 64;

pub(super) struct Grounder<'p> {
    pub(super) analysis: &'p Analysis,
    pub(super) db: Db,
    /// The most ground instances of one rule grounding may make.
    pub(super) limit: usize,
    /// The most ground atoms grounding may make.
    pub(super) atoms: usize,
    /// With a horizon, `next` becomes `true` one layer at a time, at most this many times.
    pub(super) horizon: Option<u32>,
    pub(super) layers: u32,
    /// Fluents of `next` atoms waiting for the next layer.
    pub(super) pending: Vec<TermId>,
}

/// Whether `key` depends on the position or the moves (`true` and `does` themselves too).
pub(super) fn is_dynamic(analysis: &Analysis, key: PredKey) -> bool {
    analysis.dynamic.contains(&key) || key == (kw::TRUE, 1) || key == (kw::DOES, 2)
}

impl Grounder<'_> {
    pub(super) fn is_dynamic(&self, key: PredKey) -> bool {
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
    pub(super) fn fixpoint(
        &mut self,
        program: &Program,
        store: &mut TermStore,
        rules: &[&Rule],
        recursive: &dyn Fn(PredKey) -> bool,
    ) -> Result<(), GroundError> {
        let mut sizes = Sizes::new(&self.db, store);
        let mut first: Vec<Plan> =
            rules.iter().map(|r| Plan::sized(r, &mut |a, paths| sizes.fan_out(a, paths))).collect();
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
            .matches(store, plan, range, &is_open, self.limit, &mut |b, _| {
                found.extend(head_vars.iter().map(|&v| b[v as usize]));
                ControlFlow::Continue(())
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
            if self.db.len() as usize > self.atoms {
                let (key, n) = self.db.largest().unwrap_or((rule.head.key(), 0));
                let what = format!(
                    "ground atoms (`{}` alone has {})",
                    relation(store, key),
                    contract::budget::grouped(n as u64)
                );
                return Err(too_large(program, rule.offset, &what, self.atoms));
            }
        }
        Ok(())
    }
}
