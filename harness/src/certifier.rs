//! Certified cells: a hook, injected into a [`Plan`](crate::Plan), that runs a solver's
//! tracing command instead of its plain command and certifies the answer from the proof.
//!
//! The harness does not know how proofs are checked (the `certify` crate does, and it
//! depends on the harness, not the other way round): it only decides which cells are
//! certified, hands them to the [`AnswerCertifier`], and records what came back. A cell
//! is certified when the plan has a certifier, its solver has a `trace` command in the
//! solvers file, it is not preprocessed, and its instance is QDIMACS. A preprocessed
//! cell is never certified: the proof would be of the preprocessed formula, so it would
//! certify a different formula than the instance.
//!
//! The traced run is the cell's one measured run (not a second run beside the plain
//! one): its CPU time, memory and exit are the cell's. Checking the proof and verifying
//! the certificate happen afterwards, outside that measurement.

use std::fmt;
use std::io;
use std::path::Path;
use std::sync::Mutex;

use super::executor::{Executor, Job};
use super::instance::Instance;
use super::limited::Measurement;
use super::limits::Limits;
use super::process::Invocation;
use super::tool_run::ToolRun;
use contract::Status;

/// Runs a solver's tracing command on a cell and certifies its answer.
pub trait AnswerCertifier: Send + Sync {
    /// What the key of a certified cell adds after its limits: the certification and its
    /// own settings (e.g. `certify-p8G-s600`), so a certified cell is never mistaken for
    /// the uncertified cell of the same configuration, nor for one certified under
    /// other settings.
    fn key(&self) -> String;

    /// Runs `solver`'s `trace` command on `instance` under `limits` through `executor`
    /// (which tags the processes with the run and keeps the invocation for the cell's
    /// log) and certifies the answer. `Err` only when the run could not be started or
    /// the instance could not be read.
    fn certify(
        &self,
        executor: &dyn Executor,
        solver: &ToolRun,
        instance: &Instance,
        limits: Limits,
    ) -> io::Result<CertifyOutcome>;
}

/// What a certified cell ended in.
#[derive(Clone, Debug, PartialEq)]
pub struct CertifyOutcome {
    /// The traced run: the cell's measurement.
    pub measurement: Measurement,
    /// The solver's answer, or why it gave none, as [`crate::classify`] reads it.
    pub status: Status,
    /// The record's detail: why there is no answer, or figures of the certification.
    pub detail: String,
    pub certificate: Certificate,
}

/// What the certification said of the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Certificate {
    /// No answer, nothing to certify.
    None,
    /// The proof checked and the certificate extracted from it verified.
    Certified,
    /// The proof breaks a rule (the reason names the first failing step) or the
    /// certificate fails: the answer is `wrong`.
    Rejected(String),
    /// The answer could be neither confirmed nor refuted (the SAT check's time ran out,
    /// the proof could not be read): it stands, unverified.
    Unverified(String),
}

impl fmt::Display for Certificate {
    /// The record's `certificate` field: empty, `certified`, `rejected: …` or `unverified: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Certificate::None => Ok(()),
            Certificate::Certified => f.write_str("certified"),
            Certificate::Rejected(why) => write!(f, "rejected: {}", one_line(why)),
            Certificate::Unverified(why) => write!(f, "unverified: {}", one_line(why)),
        }
    }
}

/// A reason on one line (a record field): its lines joined with `; `.
fn one_line(text: &str) -> String {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("; ")
}

/// The executor a certifier runs its cell through: the jobs carry the run's owner, and
/// the last invocation is kept for the cell's log.
pub(crate) struct CellExecutor<'a> {
    inner: &'a dyn Executor,
    owner: &'a Path,
    ran: Mutex<Option<Invocation>>,
}

impl<'a> CellExecutor<'a> {
    pub(crate) fn new(inner: &'a dyn Executor, owner: &'a Path) -> CellExecutor<'a> {
        CellExecutor { inner, owner, ran: Mutex::new(None) }
    }

    /// The invocation of the last job run, if any.
    pub(crate) fn ran(&self) -> Option<Invocation> {
        self.ran.lock().ok().and_then(|r| r.clone())
    }
}

impl Executor for CellExecutor<'_> {
    fn execute(&self, job: &Job) -> io::Result<Measurement> {
        let mut job = job.clone();
        job.owner = Some(self.owner.to_path_buf());
        if let Ok(mut ran) = self.ran.lock() {
            *ran = Some(job.invocation.clone());
        }
        self.inner.execute(&job)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_field_is_one_line() {
        assert_eq!(Certificate::None.to_string(), "");
        assert_eq!(Certificate::Certified.to_string(), "certified");
        assert_eq!(
            Certificate::Rejected("line 7: step 3: not a resolvent\nhelp: x".into()).to_string(),
            "rejected: line 7: step 3: not a resolvent; help: x"
        );
        assert_eq!(Certificate::Unverified("out of time".into()).to_string(), "unverified: out of time");
    }
}
