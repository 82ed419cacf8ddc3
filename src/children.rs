//! This executable's child processes, whose command lines only the binary writes: the
//! reference player of a suite job's game (`qbfgames reference SETUP`, hidden), which the
//! suite builder runs, and the certification of one QDIMACS file (`qbfgames
//! certify-qdimacs`, hidden), which `generate --certify` and `--from-certificate` run.

use std::io;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use certify::{certify_in_child, Certifier, Certify, ChildError, Outcome};
use harness::Invocation;
use suites::builder::Encoders;

/// The suite builder, whose reference player is this executable's `reference` command.
pub fn encoders() -> Result<Encoders> {
    let program = std::env::current_exe().context("locating the qbfgames executable for the reference solvers")?;
    Ok(Encoders { child: Invocation { program, args: vec!["reference".into()], ..Invocation::default() } })
}

/// The child that prints the last ply of a set-up's game (`qbfgames reference --last-ply
/// SETUP`): `verify --close` appends the set-up.
pub fn last_ply_child() -> Result<Invocation> {
    let program = std::env::current_exe().context("locating the qbfgames executable for the reference solvers")?;
    Ok(Invocation { program, args: vec!["reference".into(), "--last-ply".into()], ..Invocation::default() })
}

/// Prints the last ply of the set-up's game as one line.
pub fn last_ply(setup: &str) -> Result<ExitCode> {
    outln!("{}", game_registry::suite::last_ply(setup)?);
    Ok(ExitCode::SUCCESS)
}

/// Exit 10 when the set-up's first player wins, 20 when not.
pub fn run(setup: &str) -> Result<ExitCode> {
    let wins = game_registry::suite::reference(setup)?;
    Ok(ExitCode::from(if wins { 10 } else { 20 }))
}

/// The child's side of `qbfgames certify-qdimacs FILE` ([`certify::certify_here`]): the
/// answer on standard output, the reason there is none on standard error, the outcome in
/// the exit code.
pub fn certify_here(file: &Path, config: &Path, limits: &Certify, scratch: &Path) -> Result<ExitCode> {
    let (out, err) = (&mut io::stdout(), &mut io::stderr());
    let code = certify::certify_here(file, config, limits, scratch, out, err).map_err(|e| match e {
        // An I/O error stays one, so that a closed standard output ends quietly.
        ChildError::Read(e) | ChildError::Write(e) => anyhow::Error::from(e),
        e => anyhow::Error::from(e),
    })?;
    Ok(ExitCode::from(code))
}

/// `qbfgames certify-qdimacs FILE` with the solvers file `config`, the limits and the
/// scratch folder of its proofs.
pub fn certify_qdimacs(config: &Path, file: &Path, limits: &Certify, scratch: &Path) -> io::Result<Invocation> {
    let show = |p: &Path| p.display().to_string();
    let args = vec![
        "certify-qdimacs".to_string(),
        show(file),
        "--config".to_string(),
        show(config),
        "--timeout".to_string(),
        limits.timeout_s.to_string(),
        "--max-proof".to_string(),
        limits.max_proof.to_string(),
        "--memory".to_string(),
        limits.memory.to_string(),
        "--scratch".to_string(),
        show(scratch),
    ];
    Ok(Invocation { program: std::env::current_exe()?, args, ..Invocation::default() })
}

/// Certification in a child `qbfgames certify-qdimacs` per instance, under the family's
/// memory limit (`generate --certify`, `verify --close`).
pub struct CertifyChild {
    /// The solvers file.
    pub config: std::path::PathBuf,
}

impl Certifier for CertifyChild {
    fn certify(&self, file: &Path, limits: &Certify, scratch: &Path) -> io::Result<Outcome> {
        let child = certify_qdimacs(&self.config, file, limits, scratch)?;
        certify_in_child(child, limits).map(|(outcome, _)| outcome)
    }
}
