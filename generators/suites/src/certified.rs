//! Expected answers from certificates (`generate --certify SECONDS`, or `[certify]` in the
//! suite): after the instances are written, the QDIMACS instance of every job of a family
//! that asks for it is solved by DepQBF with a Q-resolution trace under a CPU limit, the
//! proof is checked and the Skolem/Herbrand certificate extracted from it is verified
//! (the `certify` crate).
//!
//! - An instance without an expected answer gets the certified one, `expected_by =
//!   certificate`: the instances beyond the reference solver's budget.
//! - An instance with one (the reference solver's, a published table's) must get the same
//!   answer; its source gains `+certificate`. A disagreement is an error naming every such
//!   instance, and no manifest is written: a wrong benchmark is worse than none.
//! - An instance that is not certified (timeout, memory, a rejected proof) keeps what it
//!   had, and is counted in the [`Certified`] summary.
//!
//! Which instances are certified within the time depends on the machine, so with
//! certification the manifest's `expected` column depends on the time given; a certified
//! answer itself does not (it is checked), and `expected_by` says where each answer came
//! from. Every run certifies again: answers of an earlier run's certificates are dropped
//! from reused rows first, so the manifest follows the flags of the run that wrote it.
//!
//! The proofs are written to a scratch directory in the output directory, removed at the
//! end whatever happens.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::time::Instant;

use certify::{Certifier, Certify, Outcome};
use contract::manifest::Row;
use contract::Verdict;
use rayon::prelude::*;

use crate::error::{io_err, GenError};
use crate::resolve::Suite;

/// The `expected_by` of an answer a certificate gave.
pub const BY: &str = "certificate";

/// What certification did: the line `generate` prints, and the instances that were not
/// certified for a reason other than time.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Certified {
    /// Instances without an expected answer before certification.
    pub unanswered: usize,
    /// Of those, the ones a certificate answered.
    pub filled: usize,
    /// Instances with an expected answer (reference, published).
    pub answered: usize,
    /// Of those, the ones a certificate confirmed.
    pub confirmed: usize,
    /// Instances without an expected answer whose tracing run reached the CPU limit (or
    /// whose certificate the SAT solver could not verify in time).
    pub timed_out: usize,
    /// The same, of the instances with an expected answer.
    pub answered_timed_out: usize,
    /// `path: reason` of every instance whose proof or certificate was rejected.
    pub rejected: Vec<String>,
    /// `path: reason` of every other instance without a certificate (memory, proof size,
    /// an error of the solver).
    pub failed: Vec<String>,
    /// Wall-clock seconds of the whole certification.
    pub seconds: f64,
}

impl fmt::Display for Certified {
    /// `certified 3 of 4 instances without a reference answer in 12.5 s; 1 timed out;
    /// confirmed 9 of 10 answered instances (1 timed out)`, and how many proofs were
    /// rejected or failed, if any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "certified {} of {} instances without a reference answer in {:.1} s; {} timed out",
            self.filled, self.unanswered, self.seconds, self.timed_out
        )?;
        write!(f, "; confirmed {} of {} answered instances", self.confirmed, self.answered)?;
        if self.answered_timed_out > 0 {
            write!(f, " ({} timed out)", self.answered_timed_out)?;
        }
        if !self.rejected.is_empty() || !self.failed.is_empty() {
            write!(f, "; {} rejected, {} failed (see the warnings)", self.rejected.len(), self.failed.len())?;
        }
        Ok(())
    }
}

/// `row` without what an earlier run's certificate gave it: an answer only a certificate
/// gave is unknown again, and `+certificate` leaves the other sources.
pub(crate) fn without_certificate(mut row: Row) -> Row {
    if row.expected_by == BY {
        row.expected = None;
        row.expected_by = "none".to_string();
    } else if let Some(rest) = row.expected_by.strip_suffix(&format!("+{BY}")) {
        row.expected_by = rest.to_string();
    }
    row
}

/// One QDIMACS instance to certify: its job and file, and its family's limits.
struct Target {
    job: String,
    path: String,
    expected: Option<Verdict>,
    expected_by: String,
    certify: Certify,
}

/// Certifies the QDIMACS instance of every job in `rows` whose family has a [`Certify`],
/// with at most `threads` (and at most the usable cores) at once, and sets the expected
/// answers of all of the job's rows; `progress` sees each certified job's key.
pub(crate) fn certify_rows(
    suite: &Suite,
    certifier: &dyn Certifier,
    out: &Path,
    rows: &mut [Row],
    threads: usize,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Certified, GenError> {
    let start = Instant::now();
    let limits: BTreeMap<&str, Certify> =
        suite.families.iter().filter_map(|f| f.certify.map(|c| (f.name.as_str(), c))).collect();
    let targets: Vec<Target> = rows
        .iter()
        .filter(|r| r.format == "qdimacs" && !r.job.is_empty())
        .filter_map(|r| {
            limits.get(r.family.as_str()).map(|&certify| Target {
                job: r.job.clone(),
                path: r.path.clone(),
                expected: r.expected,
                expected_by: r.expected_by.clone(),
                certify,
            })
        })
        .collect();
    let mut summary = Certified::default();
    if targets.is_empty() {
        return Ok(summary);
    }
    let scratch = tempfile::Builder::new().prefix(".certify-").tempdir_in(out).map_err(io_err(out))?;
    let threads = threads.clamp(1, harness::usable_cores().len().max(1));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| GenError::Io { path: out.to_path_buf(), source: std::io::Error::other(e) })?;
    let outcomes: Vec<Result<Outcome, GenError>> = pool.install(|| {
        targets
            .par_iter()
            .map(|t| {
                let outcome = certify_one(certifier, t, out, scratch.path());
                progress(&t.job);
                outcome
            })
            .collect()
    });
    let mut of_job: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, row) in rows.iter().enumerate() {
        of_job.entry(row.job.clone()).or_default().push(i);
    }
    let mut answers: BTreeMap<String, Verdict> = BTreeMap::new();
    let mut disagreements = Vec::new();
    for (target, outcome) in targets.iter().zip(outcomes) {
        match target.expected {
            Some(_) => summary.answered += 1,
            None => summary.unanswered += 1,
        }
        match outcome? {
            Outcome::Certified(v) => match target.expected {
                Some(e) if e != v => disagreements.push(format!(
                    "{} (job {}): the certificate says {v}, the expected answer (by {}) is {e}",
                    target.path, target.job, target.expected_by
                )),
                Some(_) => {
                    summary.confirmed += 1;
                    answers.insert(target.job.clone(), v);
                }
                None => {
                    summary.filled += 1;
                    answers.insert(target.job.clone(), v);
                }
            },
            Outcome::TimedOut if target.expected.is_some() => summary.answered_timed_out += 1,
            Outcome::TimedOut => summary.timed_out += 1,
            Outcome::Rejected(why) => summary.rejected.push(format!("{}: {why}", target.path)),
            Outcome::Failed(why) => summary.failed.push(format!("{}: {why}", target.path)),
        }
    }
    scratch.close().map_err(io_err(out))?;
    if !disagreements.is_empty() {
        return Err(GenError::Disagreement { instances: disagreements });
    }
    for (job, verdict) in &answers {
        for &i in of_job.get(job).into_iter().flatten() {
            let row = &mut rows[i];
            match row.expected {
                Some(e) if e != *verdict => {
                    // Another row of the job (a QCIR file, a game source) holds another
                    // answer: the job's rows disagree among themselves.
                    return Err(GenError::Disagreement {
                        instances: vec![format!(
                            "{} (job {job}): the certificate of the job's QDIMACS says {verdict}, this row's expected answer (by {}) is {e}",
                            row.path, row.expected_by
                        )],
                    });
                }
                Some(_) => row.expected_by = format!("{}+{BY}", row.expected_by),
                None => {
                    row.expected = Some(*verdict);
                    row.expected_by = BY.to_string();
                }
            }
        }
    }
    summary.seconds = start.elapsed().as_secs_f64();
    Ok(summary)
}

/// Certifies one instance with `certifier`.
fn certify_one(certifier: &dyn Certifier, target: &Target, out: &Path, scratch: &Path) -> Result<Outcome, GenError> {
    let file = out.join(&target.path);
    certifier.certify(&file, &target.certify, scratch).map_err(io_err(&file))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_reads_as_one_line() {
        let mut s = Certified {
            unanswered: 4,
            filled: 3,
            answered: 10,
            confirmed: 10,
            timed_out: 1,
            seconds: 12.46,
            ..Default::default()
        };
        assert_eq!(
            s.to_string(),
            "certified 3 of 4 instances without a reference answer in 12.5 s; 1 timed out; confirmed 10 of 10 answered instances"
        );
        (s.confirmed, s.answered_timed_out) = (9, 1);
        s.rejected.push("a: why".into());
        assert!(
            s.to_string().ends_with(
                "confirmed 9 of 10 answered instances (1 timed out); 1 rejected, 0 failed (see the warnings)"
            ),
            "{s}"
        );
    }
}
