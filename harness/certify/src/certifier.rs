//! How one QDIMACS file is certified under [`Certify`] limits ([`Certifier`]), and the
//! certification in this process ([`InProcess`], [`certify_file`]).

use std::path::Path;
use std::time::Duration;

use contract::Source;
use harness::Executor;

use crate::budget::Budget;
use crate::limits::Certify;
use crate::outcome::{outcome, Outcome};
use crate::trace::{certify_run, Report, Tracer};

/// How one QDIMACS file is certified under a family's [`Certify`] limits, its proof
/// written to `scratch`: [`InProcess`], or (`qbfgames generate`) a child process of its
/// own, so that the memory limit holds for the proof checker too.
pub trait Certifier: Sync {
    fn certify(&self, file: &Path, limits: &Certify, scratch: &Path) -> std::io::Result<Outcome>;
}

/// Certification in this process: the tracing solver runs under the limits, the proof is
/// checked here (with no memory limit of its own).
pub struct InProcess<'a> {
    pub tracer: &'a Tracer,
    pub executor: &'a dyn Executor,
}

impl Certifier for InProcess<'_> {
    fn certify(&self, file: &Path, limits: &Certify, scratch: &Path) -> std::io::Result<Outcome> {
        let source = Source::read(&file.display().to_string())?;
        let formula = qbf::io::read_qdimacs(&source).map_err(|e| std::io::Error::other(e.to_string()))?;
        drop(source);
        let mut starved = 0;
        loop {
            let report = certify_file(self.executor, self.tracer, file, &formula, limits, scratch)?;
            match outcome(&report, &self.tracer.name, limits) {
                None if starved < harness::STARVED_RETRIES => starved += 1,
                None => return Ok(Outcome::Failed("the machine starved every run of the tracing solver".into())),
                Some(outcome) => return Ok(outcome),
            }
        }
    }
}

/// [`certify_run`] under `limits`.
pub fn certify_file(
    executor: &dyn Executor,
    tracer: &Tracer,
    file: &Path,
    formula: &qbf::formula::CnfQbf,
    limits: &Certify,
    scratch: &Path,
) -> std::io::Result<Report> {
    let budget = Budget {
        max_proof: limits.max_proof,
        sat_time: Duration::from_secs_f64(limits.timeout_s),
        max_certificate: Budget::MAX_CERTIFICATE,
    };
    certify_run(executor, tracer, file, formula, limits.limits(), budget, scratch)
}
