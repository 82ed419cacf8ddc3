//! The command line of `qbfgames certify` (feature `cli`). Doc comments of the clap
//! types here are `--help` text.

use std::path::PathBuf;

/// Flags of `qbfgames certify`.
#[derive(clap::Args, Debug)]
pub struct CertifyArgs {
    /// The formula (QDIMACS, plain).
    pub file: PathBuf,
    /// The tracing solver: a solver of the solvers file with a `trace` command.
    #[arg(long, default_value = "depqbf")]
    pub solver: String,
    /// The solvers file.
    #[arg(long, default_value_os_t = harness::locate::default_solvers())]
    pub config: PathBuf,
    /// CPU-time limit of the solver in seconds.
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// Memory limit of the solver (address space), e.g. 4G or 512M.
    #[arg(long, default_value = harness::DEFAULT_MEMORY)]
    pub memory: String,
    /// The largest proof written and checked, e.g. 8G; a solver that writes more is stopped.
    #[arg(long, default_value = harness::DEFAULT_MAX_PROOF)]
    pub max_proof: String,
    /// How long the SAT solver may verify the certificate, in seconds.
    #[arg(long, default_value_t = harness::DEFAULT_SAT_TIMEOUT_S)]
    pub sat_timeout: f64,
    /// The most rules and and-gates the certificate may grow to while the proof is checked
    /// (about 16 bytes each); past it the answer is uncertified, never a memory exhaustion.
    #[arg(long, default_value_t = crate::Budget::MAX_CERTIFICATE)]
    pub max_certificate: u64,
    /// Where the proof is written while it is checked (default: the system's temporary
    /// directory); it needs room for --max-proof.
    #[arg(long, value_name = "DIR")]
    pub scratch: Option<PathBuf>,
    /// Write the certificate (an AIG, outputs named by variable) in ASCII AIGER to FILE.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,
}
