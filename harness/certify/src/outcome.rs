//! The outcome of certifying one file ([`Outcome`]), and what a certification run's
//! [`Report`] means for it ([`outcome`]).

use contract::{Status, Verdict};

use crate::limits::Certify;
use crate::trace::Report;
use crate::Error;

/// The outcome of one instance.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Certified(Verdict),
    /// The tracing solver reached its CPU limit, or the SAT solver did not verify the
    /// certificate within it.
    TimedOut,
    /// The proof or the certificate failed its check (why).
    Rejected(String),
    /// No certificate for another reason (why): memory, the proof's size, an error.
    Failed(String),
}

/// What `report` means for an instance; `None` when the machine starved the run (run it
/// again).
pub fn outcome(report: &Report, tracer: &str, c: &Certify) -> Option<Outcome> {
    Some(match report {
        Report::Certified { certified, .. } => Outcome::Certified(certified.verdict),
        Report::Rejected { error: Error::Unverified { .. }, .. } => Outcome::TimedOut,
        Report::Rejected { error: Error::TooLarge { bytes, .. }, .. } => Outcome::Failed(format!(
            "the proof has {bytes} bytes, more than the limit of {} bytes; raise it (`max_proof` under [certify], --max-proof) if the disk allows",
            c.max_proof
        )),
        Report::Rejected { answer, error, .. } if error.refutes() => {
            Outcome::Rejected(format!("{tracer} answered {answer}, but {error}"))
        }
        Report::Rejected { answer, error, .. } => Outcome::Failed(format!("{tracer} answered {answer}, but {error}")),
        Report::NoAnswer { status: Status::Starved, .. } => return None,
        Report::NoAnswer { status: Status::Timeout, .. } => Outcome::TimedOut,
        Report::NoAnswer { solve, .. } if solve.hit_output_limit() => Outcome::Failed(format!(
            "the proof outgrew the limit of {} bytes; raise it (`max_proof` under [certify], --max-proof) if the disk allows",
            c.max_proof
        )),
        Report::NoAnswer { status, reason, .. } => Outcome::Failed(format!("{tracer}: {status}: {}", reason.trim())),
    })
}
