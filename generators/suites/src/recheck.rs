//! `manifest verify`: expected answers re-derived from the source the manifest records,
//! with the suite (`--suite`, or the copy in `DIR/models/`). A `reference` answer is asked
//! of the reference solver again, the way `generate` asked it ([`Builder::expected`]),
//! within [`RECHECK_FACTOR`] times the family's `expected_budget`; an answer it cannot give
//! in time is reported as not re-checked, never passed. A `published` answer is compared with the answer the suite
//! gives for the point (`answer = …`, from the published table the suite cites). Other
//! sources (hand-made manifests name their own) are left alone.

use std::collections::BTreeMap;
use std::time::Duration;

use rayon::prelude::*;

use crate::expand::{expand, Job};
use crate::generate::Builder;
use crate::resolve::Suite;
use contract::manifest::Row;
use contract::Verdict;

/// How many times the family's `expected_budget` (CPU time) a re-check gives the reference
/// solver. `generate` keeps an answer found just inside the budget, and the same search
/// costs more CPU time on a slower or busier machine: connect4-6x6 at depth 23 took
/// 57.7 s of its 60 s on one machine, and did not finish in 60 s in a CI run beside
/// another such search. Twice the budget re-checks such an answer on a machine up to
/// twice as slow; a wrong answer is caught either way.
pub const RECHECK_FACTOR: u64 = 2;

/// Whether the row's expected answer has a source [`recheck`] re-derives.
pub fn derivable(row: &Row) -> bool {
    row.expected_by.contains("reference") || row.expected_by.contains("published")
}

/// Re-derives the expected answer of every job of `rows` (once per job, jobs in parallel)
/// and compares it with each of the job's rows; returns one line per row whose answer
/// differs or could not be re-checked. Rows of jobs the suite does not have are left to
/// [`crate::coverage`].
pub fn recheck<B: Builder>(suite: &Suite, builder: &B, rows: &[Row]) -> Vec<String> {
    let jobs = expand(suite);
    let by_key: BTreeMap<String, &Job> = jobs.iter().map(|j| (j.key(), j)).collect();
    let mut of_job: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, row) in rows.iter().enumerate() {
        if derivable(row) && !row.job.is_empty() {
            of_job.entry(row.job.as_str()).or_default().push(i);
        }
    }
    let work: Vec<(&str, Vec<usize>)> = of_job.into_iter().collect();
    let found: Vec<Vec<String>> = work
        .par_iter()
        .map(|(key, indices)| {
            let Some(job) = by_key.get(*key) else { return Vec::new() };
            let asks = indices.iter().any(|&i| rows[i].expected_by.contains("reference"));
            let derived = Derived::of(suite, builder, job, asks);
            indices
                .iter()
                .flat_map(|&i| {
                    let row = &rows[i];
                    let at = format!("{} (manifest.csv line {}, job {})", row.path, i + 2, row.job);
                    derived.differences(row).into_iter().map(move |d| format!("{at}: {d}"))
                })
                .collect()
        })
        .collect();
    found.concat()
}

/// A job's answers as their sources give them now: `Ok(None)` is a source that gives
/// none, `Err` says why the answer could not be re-derived.
struct Derived {
    reference: Result<Option<Verdict>, String>,
    published: Result<Option<Verdict>, String>,
}

impl Derived {
    /// Asks the suite and, if `asks`, the reference solver (within the family's budget).
    fn of<B: Builder>(suite: &Suite, builder: &B, job: &Job, asks: bool) -> Derived {
        let reference = match job.family.expected.budget() {
            _ if !asks => Ok(None),
            None => Err("the suite's family asks for no reference answer (expected = \"none\")".to_string()),
            Some(budget) => match builder.expected(&suite.dir, job, Duration::from_secs(RECHECK_FACTOR * budget)) {
                Ok(Some(v)) => Ok(Some(Verdict::from_bool(v))),
                Ok(None) => Err(format!(
                    "the reference solver did not finish within {RECHECK_FACTOR} × the expected_budget of {budget} s"
                )),
                Err(e) => Err(e.to_string()),
            },
        };
        let published = match job.answer {
            Some(a) => Ok(Some(Verdict::from_bool(a))),
            None => Err("the suite gives no `answer` for this point".to_string()),
        };
        Derived { reference, published }
    }

    /// What is wrong with `row`'s expected answer.
    fn differences(&self, row: &Row) -> Vec<String> {
        let recorded = row.expected.map_or("unknown", Verdict::name);
        let mut out = Vec::new();
        for (source, derived, says) in [
            ("reference", &self.reference, "the reference solver says"),
            ("published", &self.published, "the answer the suite cites is"),
        ] {
            if !row.expected_by.contains(source) {
                continue;
            }
            match derived {
                Ok(Some(v)) if Some(*v) != row.expected => out.push(format!("expected is {recorded}, {says} {v}")),
                Ok(_) => {}
                Err(why) => out.push(format!("could not re-check the {source} answer: {why}")),
            }
        }
        out
    }
}
