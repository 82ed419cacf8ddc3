//! The certifier behind `strategy first-move --from-certificate`: each formula certified
//! by a child process the caller names (the binary's `certify-qdimacs`: DepQBF's tracer,
//! the proof checked, the certificate verified, under the memory limit; the protocol is
//! [`certify::child`]'s).

use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context, Result};
use certify::{certify_in_child, depqbf_tracer, Certify, Outcome};
use contract::Budget;
use harness::Invocation;

use crate::oracle::{CertifyFile, FromCertificate};
use crate::qdo::QdoError;

/// The command line of a child that certifies one file: the solvers file, the file, the
/// limits and the scratch folder of its proofs (the binary's `certify-qdimacs`).
pub type CertifyCommand = fn(&Path, &Path, &Certify, &Path) -> std::io::Result<Invocation>;

/// A child per file.
struct Child {
    command: CertifyCommand,
    /// The solvers file with DepQBF's `trace` command.
    config: PathBuf,
    limits: Certify,
}

impl CertifyFile for Child {
    fn program(&self) -> String {
        "depqbf".to_string()
    }

    fn certify(&self, file: &Path, scratch: &Path) -> Result<String, QdoError> {
        let child = (self.command)(&self.config, file, &self.limits, scratch)?;
        let (outcome, stdout) = certify_in_child(child, &self.limits)?;
        let program = self.program();
        match outcome {
            Outcome::Certified(_) => Ok(String::from_utf8_lossy(&stdout).into_owned()),
            Outcome::TimedOut => Err(QdoError::NoAnswer {
                program,
                timeout: self.limits.timeout_s as u64,
                outcome: "no certificate in time".to_string(),
            }),
            Outcome::Rejected(reason) | Outcome::Failed(reason) => Err(QdoError::Certificate { program, reason }),
        }
    }
}

/// The oracle of `--from-certificate` on formulas within `budget`: DepQBF's tracer from
/// the solvers file `config` (checked here, so that a missing tracer is said before the
/// game is encoded), `timeout` CPU seconds, and the sizes `memory` and `max_proof` as the
/// flags `--memory` and `--max-proof` give them; each formula certified by the child
/// `command` makes.
pub fn from_certificate(
    command: CertifyCommand,
    config: &Path,
    timeout: u64,
    memory: &str,
    max_proof: &str,
    budget: Budget,
) -> Result<FromCertificate> {
    depqbf_tracer(config, "--from-certificate")?;
    let config = std::path::absolute(config).with_context(|| format!("locating {}", config.display()))?;
    let size = |flag: &str, text: &str| {
        harness::parse_memory(text).map_err(|_| anyhow!("{flag} {text}: write a size with a unit, e.g. 4G or 512M"))
    };
    let limits = Certify {
        timeout_s: timeout.max(1) as f64,
        memory: size("--memory", memory)?,
        max_proof: size("--max-proof", max_proof)?,
    };
    Ok(FromCertificate::new(Box::new(Child { command, config, limits }), budget))
}
