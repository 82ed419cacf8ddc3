//! What can stop a certification: the proof is wrong ([`Error::Rejected`], with the first
//! failing step), the certificate is wrong ([`Error::Certificate`]), or the proof could not
//! be read at all.

use std::path::PathBuf;

/// Where in the proof file a step is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepAt {
    pub path: PathBuf,
    /// 1-based line of the step.
    pub line: u64,
    /// The step's number in the proof, if the line got that far.
    pub step: Option<u64>,
}

impl std::fmt::Display for StepAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.path.display(), self.line)?;
        if let Some(step) = self.step {
            write!(f, ": step {step}")?;
        }
        Ok(())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The proof breaks a rule of Q-resolution, term resolution or the QRP format.
    #[error("{at}: {reason}")]
    Rejected { at: StepAt, reason: String },
    /// The extracted functions do not make the matrix valid (true) or unsatisfiable (false).
    #[error("the extracted certificate fails: {0}")]
    Certificate(String),
    /// The certificate's decision lists and gates grew past their limit while the proof
    /// was checked (checked up to `at`).
    #[error("{at}: the certificate grows past {limit} rules and gates (about {} MB); the proof is valid up to here\nhelp: raise --max-certificate if the memory allows", (limit * 16) >> 20)]
    CertificateTooLarge { at: StepAt, limit: u64 },
    /// The SAT solver did not finish verifying the certificate within its time.
    #[error("the proof checked, but the SAT solver did not finish verifying the certificate within {seconds} s\nhelp: give it more time with --sat-timeout")]
    Unverified { seconds: f64 },
    /// The proof is larger than the limit it is checked under.
    #[error("{path}: the proof has {bytes} bytes, more than the limit of {limit} bytes\nhelp: raise the limit with --max-proof (e.g. --max-proof 32G) if the disk and the time allow")]
    TooLarge { path: PathBuf, bytes: u64, limit: u64 },
    #[error("{path}: {error}")]
    Io { path: PathBuf, error: std::io::Error },
}

impl Error {
    /// Whether the answer is refuted: the proof breaks a rule or its certificate fails.
    /// Every other error (time, size, I/O) leaves the answer neither confirmed nor refuted.
    pub fn refutes(&self) -> bool {
        matches!(self, Error::Rejected { .. } | Error::Certificate(_))
    }

    /// The first failing step, for a rejected proof.
    pub fn step(&self) -> Option<&StepAt> {
        match self {
            Error::Rejected { at, .. } => Some(at),
            _ => None,
        }
    }
}
