//! The QBF side of a closed entry: the instance at each deciding depth, generated as
//! QDIMACS and certified (DepQBF's Q-resolution proof checked, the Skolem or Herbrand
//! certificate verified: `certify::Certifier`). A certified verdict must be the reference
//! player's answer at that depth.
//!
//! The schedule buys the most certified rows within the budget. A row counts only when
//! every deciding depth is certified, so a row is taken whole: the rows whose instances
//! left to certify are the smallest (in literals) go first, their depths one after the
//! other. Every attempt is capped: a [`Certification::pass`] runs at one CPU limit of
//! [`Certification::limits`] (the [`PASS_LIMITS_S`] below `--certify`, then `--certify`),
//! and tries again only the instances that ran out of a lower limit, and only while no
//! depth of their row failed for good (not certified at the full limit, rejected, or out of
//! memory): a few small but hard instances cannot spend the budget that the many easy ones
//! need, nor a row that cannot count the budget of one that can.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;
use std::time::Instant;

use certify::{Certifier, Certify, Outcome};
use contract::Verdict;
use harness::run_pool;

use super::super::generate::{generate, Instances};
use super::super::table::{InstanceRef, Table};
use super::options::CloseOptions;
use super::probe::at_depth;

/// The CPU seconds of the passes below `--certify`, cheapest first.
pub const PASS_LIMITS_S: [f64; 3] = [2.0, 8.0, 30.0];

/// The folder under the output where the certifications write their proofs.
const SCRATCH: &str = "certify-scratch";

/// An entry's instance at one of its deciding depths (ours).
pub type Key = (InstanceRef, u32);

/// What certification said at one depth.
#[derive(Clone, Debug, PartialEq)]
pub enum Certified {
    /// Certified, in this many wall-clock seconds.
    Verdict(Verdict, f64),
    /// Not certified: why (time, memory, the proof's size, not generated, no budget left).
    Not(String),
}

/// What the attempts at one instance came to so far.
enum Attempt {
    Done(Certified),
    /// Out of this CPU limit: tried again under a larger one.
    TimedOut(f64),
}

impl Attempt {
    /// Not certified, and no larger limit than `full` comes.
    fn failed_for_good(&self, full: f64) -> bool {
        match self {
            Attempt::Done(Certified::Not(_)) => true,
            Attempt::TimedOut(s) => *s >= full,
            Attempt::Done(Certified::Verdict(..)) => false,
        }
    }
}

/// The certifications of one table's entries, pass after pass, within `deadline`.
pub struct Certification<'a> {
    table: &'a Table,
    opts: &'a CloseOptions<'a>,
    certifier: &'a dyn Certifier,
    deadline: Instant,
    /// The instances generated so far, at their depths.
    instances: Instances,
    attempts: BTreeMap<Key, Attempt>,
}

impl<'a> Certification<'a> {
    pub fn new(
        table: &'a Table,
        opts: &'a CloseOptions<'a>,
        certifier: &'a dyn Certifier,
        deadline: Instant,
    ) -> Certification<'a> {
        Certification { table, opts, certifier, deadline, instances: Instances::new(), attempts: BTreeMap::new() }
    }

    /// The CPU limits of the passes: those of [`PASS_LIMITS_S`] below `full`, then `full`.
    pub fn limits(full: f64) -> Vec<f64> {
        PASS_LIMITS_S.iter().copied().filter(|&l| l < full).chain([full]).collect()
    }

    /// Certifies what `rows` (each row's keys: its deciding depths) still need under
    /// `limit` CPU seconds each (less where the deadline is near), the cheapest rows
    /// first; returns how many attempts it started.
    pub fn pass(&mut self, rows: &[Vec<Key>], limit: f64) -> usize {
        self.generate(rows);
        let full = self.opts.certify.timeout_s;
        let mut order: Vec<(u64, &Vec<Key>, Vec<&Key>)> = rows
            .iter()
            .filter(|row| !self.dead(row, full))
            .map(|row| {
                let todo: Vec<&Key> = row.iter().filter(|k| self.wants(k, limit)).collect();
                let size = todo.iter().map(|k| self.size(k)).fold(0u64, u64::saturating_add);
                (size, row, todo)
            })
            .filter(|(_, _, todo)| !todo.is_empty())
            .collect();
        order.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
        // Each key once, with its row (the first that names it).
        let mut todo: Vec<(Key, usize)> = Vec::new();
        for (row, (_, _, mut keys)) in order.into_iter().enumerate() {
            keys.sort_by_key(|k| (self.size(k), (*k).clone()));
            for key in keys {
                if !todo.iter().any(|(k, _)| k == key) {
                    todo.push((key.clone(), row));
                }
            }
        }
        let mut started = 0;
        for (key, attempt) in self.attempt(&todo, limit) {
            if let Some(a) = attempt {
                started += 1;
                self.attempts.insert(key, a);
            }
        }
        let _ = std::fs::remove_dir_all(self.opts.out.join(SCRATCH));
        started
    }

    /// What each key of `rows` came to: certified, or why not.
    pub fn results(&self, rows: &[Vec<Key>]) -> BTreeMap<Key, Certified> {
        let full = self.opts.certify.timeout_s;
        let mut results = BTreeMap::new();
        for row in rows {
            let dead = self.dead(row, full);
            for key in row {
                let certified = match self.attempts.get(key) {
                    Some(Attempt::Done(c)) => c.clone(),
                    Some(Attempt::TimedOut(s)) => Certified::Not(format!("timed out at {} s", s.round())),
                    None if dead => Certified::Not("not tried: another deciding depth was not certified".into()),
                    None => Certified::Not("the budget was spent".into()),
                };
                results.insert(key.clone(), certified);
            }
        }
        results
    }

    /// Whether a depth of `row` failed for good: the row cannot count.
    fn dead(&self, row: &[Key], full: f64) -> bool {
        row.iter().any(|k| self.attempts.get(k).is_some_and(|a| a.failed_for_good(full)))
    }

    /// Whether `key` is to be tried under `limit`: never tried, or out of a lower limit.
    fn wants(&self, key: &Key, limit: f64) -> bool {
        match self.attempts.get(key) {
            None => true,
            Some(Attempt::TimedOut(s)) => *s < limit,
            Some(Attempt::Done(_)) => false,
        }
    }

    /// The literals of `key`'s instance (not generated: last).
    fn size(&self, key: &Key) -> u64 {
        let generated = self.instances.get(&at_depth(&key.0, key.1)).and_then(|g| g.as_ref().ok());
        generated.and_then(|g| g.stats.literals).unwrap_or(u64::MAX)
    }

    /// Generates the instances of `rows` not generated yet.
    fn generate(&mut self, rows: &[Vec<Key>]) {
        let new: BTreeSet<InstanceRef> = rows
            .iter()
            .flatten()
            .map(|k| at_depth(&k.0, k.1))
            .filter(|inst| !self.instances.contains_key(inst))
            .collect();
        if new.is_empty() {
            return;
        }
        let built = generate(self.table, self.opts.encoders, &new, self.opts.out);
        self.instances.extend(built);
    }

    /// Certifies `todo` (each key with its row) in turn under `limit` CPU seconds each;
    /// `None` where the deadline left no time, or where a depth of the same row failed for
    /// good earlier in the pass.
    fn attempt(&self, todo: &[(Key, usize)], limit: f64) -> Vec<(Key, Option<Attempt>)> {
        let full = self.opts.certify.timeout_s;
        let dead: Mutex<BTreeSet<usize>> = Mutex::new(BTreeSet::new());
        let is_dead = |row: usize| dead.lock().map_or(true, |d| d.contains(&row));
        let mut done = Vec::new();
        let outcome: Result<(), std::convert::Infallible> = run_pool(
            self.opts.jobs,
            todo.len(),
            |i| if is_dead(todo[i].1) { None } else { self.attempt_one(&todo[i].0, limit) },
            |i, a| {
                if a.as_ref().is_some_and(|a| a.failed_for_good(full)) {
                    if let Ok(mut d) = dead.lock() {
                        d.insert(todo[i].1);
                    }
                }
                done.push((todo[i].0.clone(), a));
                Ok(())
            },
        );
        if let Err(never) = outcome {
            match never {}
        }
        done
    }

    fn attempt_one(&self, key: &Key, limit: f64) -> Option<Attempt> {
        let inst = at_depth(&key.0, key.1);
        let g = match &self.instances[&inst] {
            Ok(g) => g,
            Err(e) => return Some(Attempt::Done(Certified::Not(format!("not generated: {e}")))),
        };
        // The child may take three times its timeout and a minute (the solver, the proof
        // check, the SAT check): its timeout keeps that within the deadline.
        let left = self.deadline.saturating_duration_since(Instant::now()).as_secs_f64();
        let timeout_s = limit.min((left - 60.0) / 3.0);
        if timeout_s < 1.0 {
            return None;
        }
        let limits = Certify { timeout_s, ..self.opts.certify };
        let dir = self.opts.out.join(SCRATCH).join(&g.id);
        let start = Instant::now();
        let result = std::fs::create_dir_all(&dir).and_then(|_| self.certifier.certify(&g.path, &limits, &dir));
        let _ = std::fs::remove_dir_all(&dir);
        Some(match result {
            Ok(Outcome::Certified(v)) => Attempt::Done(Certified::Verdict(v, start.elapsed().as_secs_f64())),
            Ok(Outcome::TimedOut) => Attempt::TimedOut(limits.timeout_s),
            Ok(Outcome::Rejected(why)) => Attempt::Done(Certified::Not(format!("rejected: {why}"))),
            Ok(Outcome::Failed(why)) => Attempt::Done(Certified::Not(why)),
            Err(e) => Attempt::Done(Certified::Not(format!("the certification did not run: {e}"))),
        })
    }
}
