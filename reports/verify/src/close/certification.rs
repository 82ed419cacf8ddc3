//! The QBF side of a closed entry: the instance at each deciding depth, generated as
//! QDIMACS and certified (DepQBF's Q-resolution proof checked, the Skolem or Herbrand
//! certificate verified: `certify::Certifier`), smallest first, until the budget is spent.
//! A certified verdict must be the reference player's answer at that depth.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use certify::{Certifier, Certify, Outcome};
use contract::Verdict;
use harness::run_pool;

use super::super::generate::{generate, Instances};
use super::super::table::{InstanceRef, Table};
use super::options::CloseOptions;
use super::probe::at_depth;

/// What certification said at one depth.
#[derive(Clone, Debug, PartialEq)]
pub enum Certified {
    /// Certified, in this many wall-clock seconds.
    Verdict(Verdict, f64),
    /// Not certified: why (time, memory, the proof's size, not generated, no budget left).
    Not(String),
}

/// Certifies `wanted` (an entry's instance at our depth) within `deadline`, under
/// `opts`' certification limits.
pub fn certify_all(
    table: &Table,
    opts: &CloseOptions,
    certifier: &dyn Certifier,
    wanted: &BTreeSet<(InstanceRef, u32)>,
    deadline: Instant,
) -> BTreeMap<(InstanceRef, u32), Certified> {
    let at: BTreeMap<InstanceRef, (InstanceRef, u32)> =
        wanted.iter().map(|(inst, d)| (at_depth(inst, *d), (inst.clone(), *d))).collect();
    let generated: Instances = generate(table, opts.encoders, &at.keys().cloned().collect(), opts.out);
    let mut order: Vec<(&InstanceRef, u64)> = generated
        .iter()
        .map(|(inst, g)| (inst, g.as_ref().ok().and_then(|g| g.stats.literals).unwrap_or(u64::MAX)))
        .collect();
    order.sort_by_key(|&(inst, size)| (size, inst.clone()));
    let scratch = opts.out.join("certify-scratch");
    let mut results = BTreeMap::new();
    let outcome: Result<(), std::convert::Infallible> = run_pool(
        opts.jobs,
        order.len(),
        |i| {
            let inst = order[i].0;
            let g = match &generated[inst] {
                Ok(g) => g,
                Err(e) => return Certified::Not(format!("not generated: {e}")),
            };
            // The child may take three times its timeout and a minute (the solver, the
            // proof check, the SAT check): its timeout keeps that within the deadline.
            let left = deadline.saturating_duration_since(Instant::now()).as_secs_f64();
            let timeout_s = opts.certify.timeout_s.min((left - 60.0) / 3.0);
            if timeout_s < 1.0 {
                return Certified::Not("the budget was spent".to_string());
            }
            let limits = Certify { timeout_s, ..opts.certify };
            let dir = scratch.join(&g.id);
            let start = Instant::now();
            let result = std::fs::create_dir_all(&dir).and_then(|_| certifier.certify(&g.path, &limits, &dir));
            let _ = std::fs::remove_dir_all(&dir);
            match result {
                Ok(Outcome::Certified(v)) => Certified::Verdict(v, start.elapsed().as_secs_f64()),
                Ok(Outcome::TimedOut) => Certified::Not(format!("timed out at {} s", limits.timeout_s.round())),
                Ok(Outcome::Rejected(why)) => Certified::Not(format!("rejected: {why}")),
                Ok(Outcome::Failed(why)) => Certified::Not(why),
                Err(e) => Certified::Not(format!("the certification did not run: {e}")),
            }
        },
        |i, c| {
            results.insert(at[order[i].0].clone(), c);
            Ok(())
        },
    );
    let _ = std::fs::remove_dir_all(&scratch);
    match outcome {
        Ok(()) => results,
        Err(never) => match never {},
    }
}
