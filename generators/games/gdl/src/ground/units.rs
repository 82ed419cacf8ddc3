//! What the ground rules are built from: a rule, or the parts of a split rule beside the
//! rule as written; their ground instances, and what those cost.

use std::collections::HashMap;
use std::ops::ControlFlow;

use rustc_hash::FxHashMap;

use super::error::{relation, too_large, GroundError};
use super::fixpoint::Grounder;
use crate::eval::{find_atom, FanOut, Plan};
use crate::program::{Literal, Program, Rule};
use crate::terms::{TermId, TermStore};

/// What the game is built from: one rule, or the parts of a split rule with the rule as
/// written ([`decompose`](crate::decompose)).
pub(super) struct Unit<'r> {
    pub(super) parts: Vec<Plan<'r>>,
    pub(super) whole: Option<Plan<'r>>,
}

/// The units of the rules of `program` that `built` selects, in the order of the rules,
/// their join orders by `fan_out`.
pub(super) fn units<'p>(program: &'p Program, built: &dyn Fn(&Rule) -> bool, fan_out: &mut FanOut) -> Vec<Unit<'p>> {
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
            units.push(Unit { parts: vec![Plan::sized(rule, fan_out)], whole: None });
            continue;
        };
        let u = *unit_of_split.entry(s).or_insert_with(|| {
            units.push(Unit { parts: Vec::new(), whole: Some(Plan::sized(&program.splits[s].rule, fan_out)) });
            units.len() - 1
        });
        units[u].parts.push(Plan::sized(rule, fan_out));
    }
    units
}

/// The ground bodies of one rule: head atoms with their bodies' atoms and signs, in one
/// list (a rule may have millions: one allocation each cost more than their grounding).
#[derive(Debug, Default)]
pub(super) struct Instances {
    heads: Vec<TermId>,
    /// Where each body ends in `lits` (it starts where the one before ends).
    ends: Vec<usize>,
    lits: Vec<(TermId, bool)>,
}

impl Instances {
    pub(super) fn len(&self) -> usize {
        self.heads.len()
    }

    /// Adds the instance of `head` whose body is the literals added since the last.
    fn close(&mut self, head: TermId) {
        self.heads.push(head);
        self.ends.push(self.lits.len());
    }

    /// The last body added, or the literals added since it.
    fn open_body(&self) -> &[(TermId, bool)] {
        &self.lits[self.ends.last().copied().unwrap_or(0)..]
    }

    /// Each instance's head and body.
    pub(super) fn iter(&self) -> impl Iterator<Item = (TermId, &[(TermId, bool)])> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        self.heads.iter().zip(starts.zip(&self.ends)).map(|(&h, (s, &e))| (h, &self.lits[s..e]))
    }
}

/// What instances cost in the circuit of one step, as Tseitin's clauses write it: the
/// literals and the variables of an AND gate per body of two or more literals and an OR
/// gate per head of two or more bodies (a gate over `n` inputs has `3n + 1` literals).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Cost {
    pub(super) literals: usize,
    vars: usize,
    pub(super) instances: usize,
}

pub(super) fn cost(instances: &[Instances]) -> Cost {
    let mut tally = Tally::default();
    tally.add_all(instances);
    tally.cost
}

/// The [`Cost`] of instances counted as they are found. It only grows: an instance adds
/// a body, and a body adds literals, or turns a head's single body into an OR gate.
#[derive(Clone, Default)]
pub(super) struct Tally {
    pub(super) cost: Cost,
    bodies_of: FxHashMap<TermId, usize>,
}

impl Tally {
    pub(super) fn add(&mut self, head: TermId, body_len: usize) {
        let bodies = self.bodies_of.entry(head).or_default();
        *bodies += 1;
        let (literals, vars) = match *bodies {
            2 => (7, 1),
            k if k > 2 => (3, 0),
            _ => (0, 0),
        };
        let (body_literals, body_vars) = if body_len >= 2 { (3 * body_len + 1, 1) } else { (0, 0) };
        self.cost.literals += literals + body_literals;
        self.cost.vars += vars + body_vars;
        self.cost.instances += 1;
    }

    pub(super) fn add_all(&mut self, instances: &[Instances]) {
        for (head, body) in instances.iter().flat_map(Instances::iter) {
            self.add(head, body.len());
        }
    }
}

/// Whether the parts of a split rule, costing `parts`, are smaller than the rule as
/// written, costing `whole`: less than half its literals and no more variables. The
/// margin is for what this count of one step cannot see: the encoding folds the moves
/// of a role not on turn to false, which removes more of the rule as written (a body per
/// role's move) than of its parts (one gate per move for all roles).
pub(super) fn smaller(parts: Cost, whole: Cost) -> bool {
    2 * parts.literals < whole.literals && parts.vars <= whole.vars
}

/// The ground bodies of `plan`'s rule, at most `limit` of them: its static literals
/// decided and dropped, and negative literals over atoms outside the domain (always
/// true).
pub(super) fn instances(
    program: &Program,
    store: &TermStore,
    g: &Grounder,
    plan: &Plan,
    limit: usize,
) -> Result<Instances, GroundError> {
    let all = instances_while(program, store, g, plan, limit, &mut |_, _| ControlFlow::Continue(()))?;
    Ok(all.unwrap_or_default())
}

/// What watches instances as they are found (the head and the body of each), and may
/// stop their grounding.
pub(super) type Watch<'w> = dyn FnMut(TermId, &[(TermId, bool)]) -> ControlFlow<()> + 'w;

/// [`instances`], shown one by one to `each`: none when `each` breaks.
pub(super) fn instances_while(
    program: &Program,
    store: &TermStore,
    g: &Grounder,
    plan: &Plan,
    limit: usize,
    each: &mut Watch,
) -> Result<Option<Instances>, GroundError> {
    let rule = plan.rule;
    let is_open = |k| g.is_dynamic(k);
    // The body literals the ground bodies keep: the dynamic ones, but for relations
    // grounded on demand (positive) and the negations of atoms outside the domain.
    let kept: Vec<Option<bool>> = rule
        .body
        .iter()
        .map(|lit| match lit {
            Literal::Pos(a) if g.is_dynamic(a.key()) && !program.demand.contains(&a.key()) => Some(true),
            Literal::Neg(a) if g.is_dynamic(a.key()) => Some(false),
            _ => None,
        })
        .collect();
    let mut out = Instances::default();
    let mut stopped = false;
    g.db.matches(store, plan, (0, g.db.len()), &is_open, limit, &mut |binding, matched| {
        let Some(head) = find_atom(store, &rule.head, binding) else { return ControlFlow::Continue(()) };
        for ((lit, &atom), &keep) in rule.body.iter().zip(matched).zip(&kept) {
            match (lit, keep) {
                (_, Some(true)) => out.lits.push((atom, true)),
                (Literal::Neg(a), Some(false)) => {
                    if let Some(t) = find_atom(store, a, binding).filter(|&t| g.db.contains(t)) {
                        out.lits.push((t, false));
                    }
                }
                _ => {}
            }
        }
        let flow = each(head, out.open_body());
        stopped = flow.is_break();
        out.close(head);
        flow
    })
    .map_err(|_| {
        let what = format!("ground instances of this rule for `{}`", relation(store, rule.head.key()));
        too_large(program, rule.offset, &what, limit)
    })?;
    Ok((!stopped).then_some(out))
}
