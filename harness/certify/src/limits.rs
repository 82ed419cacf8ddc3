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
    /// The default largest proof: 4 GiB, written to the output directory's scratch space
    /// (a suite's `max_proof`, `strategy --max-proof`), as the flags write it.
    pub const MAX_PROOF: &'static str = "4G";
    /// [`Certify::MAX_PROOF`] in bytes.
    pub const MAX_PROOF_BYTES: u64 = 4 << 30;

    /// `timeout_s` CPU seconds with the default memory limit ([`harness::DEFAULT_MEMORY`],
    /// as a ladder's calibration runs) and proof limit.
    pub fn with_timeout(timeout_s: f64) -> Certify {
        Certify { timeout_s, memory: harness::DEFAULT_MEMORY_BYTES, max_proof: Certify::MAX_PROOF_BYTES }
    }

    /// The limits of the tracing run: the CPU limit, the harness's default wall-clock
    /// safety limit, and the memory limit.
    pub fn limits(&self) -> Limits {
        Limits::new(Duration::from_secs_f64(self.timeout_s), self.memory)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_largest_proof_is_one_size_in_two_spellings() -> Result<(), harness::Error> {
        assert_eq!(harness::parse_memory(Certify::MAX_PROOF)?, Certify::MAX_PROOF_BYTES);
        Ok(())
    }
}
