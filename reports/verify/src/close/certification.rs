//! The QBF side of a closed entry: the instance at each deciding depth, generated as
//! QDIMACS and certified (DepQBF's Q-resolution proof checked, the Skolem or Herbrand
//! certificate verified: `certify::Certifier`), smallest first, until the budget is spent.
//! Every instance first gets a short limit ([`FIRST_TIMEOUT_S`]), and only those that ran
//! out of it get the full one: a few small but hard instances cannot spend the budget
//! that the many easy ones need. A certified verdict must be the reference player's
//! answer at that depth.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use certify::{Certifier, Certify, Outcome};
use contract::Verdict;
use harness::run_pool;

use super::super::generate::{generate, Instances};
use super::super::table::{InstanceRef, Table};
use super::options::CloseOptions;
use super::probe::at_depth;

/// The CPU seconds of every instance's first certification; those that run out of it are
/// certified again with the full limit, smallest first, while the budget lasts.
pub const FIRST_TIMEOUT_S: f64 = 3.0;

/// The folder under the output where the certifications write their proofs.
const SCRATCH: &str = "certify-scratch";

/// What certification said at one depth.
#[derive(Clone, Debug, PartialEq)]
pub enum Certified {
    /// Certified, in this many wall-clock seconds.
    Verdict(Verdict, f64),
    /// Not certified: why (time, memory, the proof's size, not generated, no budget left).
    Not(String),
}

/// One certification of a pass: done, or out of its time (tried again with a longer limit).
enum Attempt {
    Done(Certified),
    TimedOut(f64),
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
    let scratch = opts.out.join(SCRATCH);
    let mut results: BTreeMap<(InstanceRef, u32), Attempt> = BTreeMap::new();
    let full = opts.certify.timeout_s;
    let limits = if full > FIRST_TIMEOUT_S { vec![FIRST_TIMEOUT_S, full] } else { vec![full] };
    for limit in limits {
        // Every instance on the first pass; after it, those that ran out of its limit.
        let pass: Vec<&InstanceRef> = order
            .iter()
            .map(|&(inst, _)| inst)
            .filter(|inst| results.get(&at[*inst]).is_none_or(|a| matches!(a, Attempt::TimedOut(_))))
            .collect();
        // An instance the budget left no time for keeps what an earlier pass found.
        certify_pass(opts, certifier, &generated, &pass, limit, deadline, &mut |inst, a| match a {
            Some(a) => {
                results.insert(at[inst].clone(), a);
            }
            None => {
                results.entry(at[inst].clone()).or_insert(Attempt::Done(Certified::Not("the budget was spent".into())));
            }
        });
    }
    let _ = std::fs::remove_dir_all(&scratch);
    results
        .into_iter()
        .map(|(k, a)| match a {
            Attempt::TimedOut(s) => (k, Certified::Not(format!("timed out at {} s", s.round()))),
            Attempt::Done(c) => (k, c),
        })
        .collect()
}

/// Certifies `pass` under `timeout_s` CPU seconds each (less where the deadline is near).
fn certify_pass(
    opts: &CloseOptions,
    certifier: &dyn Certifier,
    generated: &Instances,
    pass: &[&InstanceRef],
    timeout_s: f64,
    deadline: Instant,
    done: &mut dyn FnMut(&InstanceRef, Option<Attempt>),
) {
    let outcome: Result<(), std::convert::Infallible> = run_pool(
        opts.jobs,
        pass.len(),
        |i| {
            let inst = pass[i];
            let g = match &generated[inst] {
                Ok(g) => g,
                Err(e) => return Some(Attempt::Done(Certified::Not(format!("not generated: {e}")))),
            };
            // The child may take three times its timeout and a minute (the solver, the
            // proof check, the SAT check): its timeout keeps that within the deadline.
            let left = deadline.saturating_duration_since(Instant::now()).as_secs_f64();
            let timeout_s = timeout_s.min((left - 60.0) / 3.0);
            if timeout_s < 1.0 {
                return None;
            }
            let limits = Certify { timeout_s, ..opts.certify };
            let dir = opts.out.join(SCRATCH).join(&g.id);
            let start = Instant::now();
            let result = std::fs::create_dir_all(&dir).and_then(|_| certifier.certify(&g.path, &limits, &dir));
            let _ = std::fs::remove_dir_all(&dir);
            Some(match result {
                Ok(Outcome::Certified(v)) => Attempt::Done(Certified::Verdict(v, start.elapsed().as_secs_f64())),
                Ok(Outcome::TimedOut) => Attempt::TimedOut(limits.timeout_s),
                Ok(Outcome::Rejected(why)) => Attempt::Done(Certified::Not(format!("rejected: {why}"))),
                Ok(Outcome::Failed(why)) => Attempt::Done(Certified::Not(why)),
                Err(e) => Attempt::Done(Certified::Not(format!("the certification did not run: {e}"))),
            })
        },
        |i, c| {
            done(pass[i], c);
            Ok(())
        },
    );
    if let Err(never) = outcome {
        match never {}
    }
}
