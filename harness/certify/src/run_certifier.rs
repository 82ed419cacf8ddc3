//! The harness's certifier hook ([`harness::AnswerCertifier`]) of `qbfgames run --certify`:
//! each answer of a solver with a `trace` command certified by [`certify_run`], its proof
//! written to a scratch directory while it is checked.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use contract::Status;
use harness::{AnswerCertifier, Certificate, CertifyOutcome, Executor, Instance, Limits, ToolRun, Tools};

use crate::{certify_run, Budget, Error, Report, Tracer};

/// The certifier of `run --certify`: the traced run and the proof check of this crate.
pub struct RunCertifier {
    /// The tracer of each chosen solver that has a `trace` command.
    tracers: BTreeMap<String, Tracer>,
    budget: Budget,
    /// Where the proofs are written while they are checked.
    scratch: PathBuf,
}

impl RunCertifier {
    /// The certifier of the `solvers` of `tools` that have a `trace` command (the others
    /// are not certified; an unknown name is reported when the run is planned), checking
    /// within `budget`, the proofs written to `scratch`.
    pub fn new(
        tools: &Tools,
        solvers: &[String],
        budget: Budget,
        scratch: PathBuf,
    ) -> Result<RunCertifier, harness::Error> {
        let mut tracers = BTreeMap::new();
        for name in solvers {
            if let Some(tracer) = tools.solvers.get(name).map(Tracer::of).transpose()?.flatten() {
                tracers.insert(name.clone(), tracer);
            }
        }
        Ok(RunCertifier { tracers, budget, scratch })
    }

    /// The directory the proofs are written to.
    pub fn scratch(&self) -> &Path {
        &self.scratch
    }
}

impl AnswerCertifier for RunCertifier {
    fn key(&self) -> String {
        format!("certify-p{}-s{}", harness::format_memory(self.budget.max_proof), self.budget.sat_time.as_secs_f64())
    }

    fn certify(
        &self,
        executor: &dyn Executor,
        solver: &ToolRun,
        instance: &Instance,
        limits: Limits,
    ) -> io::Result<CertifyOutcome> {
        let tracer = self
            .tracers
            .get(&solver.tool.name)
            .ok_or_else(|| io::Error::other(format!("{} has no trace command", solver.tool.name)))?;
        let source = contract::Source::read(&instance.path.to_string_lossy())?;
        let formula = qbf::io::read_qdimacs(&source).map_err(|e| io::Error::other(e.to_string()))?;
        std::fs::create_dir_all(&self.scratch)
            .map_err(|e| io::Error::new(e.kind(), format!("creating {}: {e}", self.scratch.display())))?;
        let report = certify_run(executor, tracer, &instance.path, &formula, limits, self.budget, &self.scratch)?;
        Ok(outcome(report))
    }
}

/// The harness's view of a certification's report.
fn outcome(report: Report) -> CertifyOutcome {
    match report {
        Report::Certified { certified, solve } => {
            let p = &certified.proof;
            let detail = format!(
                "certified: {} of {} proof steps checked in {:.2}s, certificate verified in {:.2}s",
                p.needed,
                p.steps,
                p.time.as_secs_f64(),
                certified.sat.time.as_secs_f64()
            );
            CertifyOutcome {
                measurement: solve,
                status: Status::from_verdict(certified.verdict),
                detail,
                certificate: Certificate::Certified,
            }
        }
        Report::Rejected { answer, error, solve } => {
            let certificate = match &error {
                // The proof breaks a rule: name the step.
                Error::Rejected { at, reason } => Certificate::Rejected(match at.step {
                    Some(step) => format!("proof line {}, step {step}: {reason}", at.line),
                    None => format!("proof line {}: {reason}", at.line),
                }),
                // The certificate extracted from the proof fails.
                e if e.refutes() => Certificate::Rejected(error.to_string()),
                // Neither confirmed nor refuted: out of SAT time, too large, or unreadable.
                _ => Certificate::Unverified(error.to_string()),
            };
            CertifyOutcome {
                measurement: solve,
                status: Status::from_verdict(answer),
                detail: String::new(),
                certificate,
            }
        }
        Report::NoAnswer { status, reason, solve } => {
            CertifyOutcome { measurement: solve, status, detail: reason, certificate: Certificate::None }
        }
    }
}
