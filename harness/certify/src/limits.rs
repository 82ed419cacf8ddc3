//! The limits of certifying one QDIMACS file ([`Certify`]): a suite family's `[certify]`,
//! `generate --certify`, `verify --close --certify`, `strategy first-move
//! --from-certificate`.

use std::time::Duration;

use harness::Limits;

/// How a QDIMACS file is certified: DepQBF's Q-resolution proof under a CPU limit, checked,
/// and its Skolem/Herbrand certificate verified. A suite's family names them (`[certify]`):
/// a certified answer fills an empty `expected` (`expected_by = certificate`) and must
/// agree with one the reference solver or a published table gave.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Certify {
    /// CPU seconds of the tracing solver per instance; also the time the SAT solver may
    /// take to verify the certificate.
    pub timeout_s: f64,
    /// The tracing solver's memory limit, in bytes.
    pub memory: u64,
    /// The largest proof checked, in bytes.
    pub max_proof: u64,
}

impl Certify {
    /// The default memory limit of the tracing solver (as a ladder's calibration runs).
    pub const MEMORY: u64 = 4 << 30;
    /// The default largest proof: 4 GiB, written to the output directory's scratch space.
    pub const MAX_PROOF: u64 = 4 << 30;

    /// `timeout_s` CPU seconds with the default memory and proof limits.
    pub fn with_timeout(timeout_s: f64) -> Certify {
        Certify { timeout_s, memory: Certify::MEMORY, max_proof: Certify::MAX_PROOF }
    }

    /// The limits of the tracing run: the CPU limit, the harness's default wall-clock
    /// safety limit, and the memory limit.
    pub fn limits(&self) -> Limits {
        Limits::new(Duration::from_secs_f64(self.timeout_s), self.memory)
    }
}
