//! The `qbfgames certify-qdimacs` protocol: the parent's side ([`certify_in_child`]) and
//! the child's ([`certify_here`]).
//!
//! Exit 10 certified true, 20 certified false, 30 timed out, 31 the proof or certificate
//! was rejected, 32 no certificate for another reason (the reason on standard error).
//!
//! A memory limit on the child holds for the proof checker too, whose certificate grows
//! with the proof; one on the calling process could not. `generate --certify`, `verify
//! --close` and `strategy first-move --from-certificate` certify through it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use contract::{ParseError, Verdict};
use harness::{Executor, Invocation, Job, Limits, RealExecutor, Tools};

use crate::certifier::certify_file;
use crate::limits::Certify;
use crate::outcome::{outcome, Outcome};
use crate::outermost::outermost;
use crate::trace::{Report, Tracer};

/// The exit codes of `certify-qdimacs` besides 10 and 20 (certified true and false).
pub mod exit {
    /// Timed out.
    pub const TIMED_OUT: u8 = 30;
    /// The proof or the certificate was rejected.
    pub const REJECTED: u8 = 31;
    /// No certificate for another reason.
    pub const FAILED: u8 = 32;
}

/// Why a file could not be certified at all: DepQBF's tracer is not in the solvers file,
/// the file is not a formula, the tracing solver did not run, or the answer could not be
/// written. (A certification that ran and failed is an [`Outcome`].)
#[derive(Debug, thiserror::Error)]
pub enum ChildError {
    /// The solvers file could not be read.
    #[error("{asked} needs DepQBF from {}", config.display())]
    Solvers { asked: String, config: PathBuf, source: Box<harness::Error> },
    /// The solvers file has no `depqbf`.
    #[error("{asked} needs DepQBF's tracer")]
    NoDepqbf { asked: String, source: Box<harness::Error> },
    /// DepQBF's `trace` command names a program that is not there.
    #[error(transparent)]
    Tracer(Box<harness::Error>),
    /// DepQBF has no `trace` command.
    #[error("{asked} needs a `trace` command for `depqbf` in {}\n  help: add trace = [\"depqbf\", \"--trace\", \"--dep-man=simple\", \"--traditional-qcdcl\", \"--no-qbce-dynamic\", \"{{input}}\"] under [solver.depqbf]", config.display())]
    NoTrace { asked: String, config: PathBuf },
    /// The file could not be read.
    #[error(transparent)]
    Read(std::io::Error),
    /// The file is not QDIMACS.
    #[error(transparent)]
    Parse(ParseError),
    /// The tracing solver could not be run.
    #[error("running {tracer} on {}", file.display())]
    Run { tracer: String, file: PathBuf, source: std::io::Error },
    /// A certified outcome came without a certificate.
    #[error("{}: a certified outcome without a certificate", file.display())]
    NoCertificate { file: PathBuf },
    /// The answer could not be written.
    #[error(transparent)]
    Write(std::io::Error),
}

/// DepQBF's tracer from the solvers file `config` (its `trace` command); `asked` names
/// what needs it.
pub fn depqbf_tracer(config: &Path, asked: &str) -> Result<Tracer, ChildError> {
    let tools = Tools::load(config).map_err(|source| ChildError::Solvers {
        asked: asked.to_string(),
        config: config.to_path_buf(),
        source: Box::new(source),
    })?;
    let tool = tools
        .solver("depqbf", config)
        .map_err(|source| ChildError::NoDepqbf { asked: asked.to_string(), source: Box::new(source) })?;
    Tracer::of(tool)
        .map_err(|e| ChildError::Tracer(Box::new(e)))?
        .ok_or_else(|| ChildError::NoTrace { asked: asked.to_string(), config: config.to_path_buf() })
}

/// Certifies one file in `child`, the caller's `certify-qdimacs` command line, under
/// `limits`: its memory limit holds for DepQBF and for the proof checker alike, and the
/// child's CPU time (DepQBF, the proof check, the SAT check) is bounded by three times the
/// timeout and a minute. Returns the outcome and the child's standard output (`--qdo`
/// lines when certified).
pub fn certify_in_child(invocation: Invocation, limits: &Certify) -> std::io::Result<(Outcome, Vec<u8>)> {
    let cpu = Duration::from_secs_f64(3.0 * limits.timeout_s + 60.0);
    let job = Job { invocation, limits: Limits::new(cpu, limits.memory), owner: None };
    let m = RealExecutor.execute(&job)?;
    let said = String::from_utf8_lossy(&m.stderr).trim().to_string();
    let said = said.strip_prefix("error: ").unwrap_or(&said).to_string();
    let outcome = match m.exit_code {
        Some(10) => Outcome::Certified(Verdict::True),
        Some(20) => Outcome::Certified(Verdict::False),
        Some(c) if c == i32::from(exit::TIMED_OUT) => Outcome::TimedOut,
        Some(c) if c == i32::from(exit::REJECTED) => Outcome::Rejected(said),
        Some(c) if c == i32::from(exit::FAILED) => Outcome::Failed(said),
        _ if m.hit_time_limit() => Outcome::TimedOut,
        _ if limits.memory > 0
            && (m.peak_memory >= job.limits.memout_threshold() || said.contains("memory allocation of")) =>
        {
            Outcome::Failed(format!(
                "the certification needed more than its memory limit of {} (peak {} MiB); raise it (`memory` under [certify], --memory) if the machine has it",
                harness::format_memory(limits.memory),
                m.peak_memory >> 20
            ))
        }
        code => Outcome::Failed(format!(
            "the certification ended with {}{}",
            code.map_or_else(|| format!("signal {}", m.signal.unwrap_or(0)), |c| format!("exit code {c}")),
            if said.is_empty() { String::new() } else { format!(": {said}") }
        )),
    };
    Ok((outcome, m.stdout))
}

/// The child's side: certifies `file` in this process with DepQBF's tracer from the
/// solvers file `config` (a run the machine starved is run again), and returns the exit
/// code. Certified, a `c` line with the figures and the outermost block's constants as
/// `--qdo` prints them go to `out`; otherwise the reason goes to `err`.
pub fn certify_here(
    file: &Path,
    config: &Path,
    limits: &Certify,
    scratch: &Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, ChildError> {
    let tracer = depqbf_tracer(config, "certify-qdimacs")?;
    let source = contract::Source::read(&file.display().to_string()).map_err(ChildError::Read)?;
    let formula = qbf::io::read_qdimacs(&source).map_err(ChildError::Parse)?;
    drop(source);
    let mut starved = 0;
    loop {
        let report = certify_file(&RealExecutor, &tracer, file, &formula, limits, scratch)
            .map_err(|source| ChildError::Run { tracer: tracer.name.clone(), file: file.to_path_buf(), source })?;
        let (code, why) = match (outcome(&report, &tracer.name, limits), &report) {
            (None, _) if starved < harness::STARVED_RETRIES => {
                starved += 1;
                continue;
            }
            (None, _) => (exit::FAILED, "the machine starved every run of the tracing solver".to_string()),
            (Some(Outcome::Certified(verdict)), report) => {
                let Report::Certified { certified, solve } = report else {
                    return Err(ChildError::NoCertificate { file: file.to_path_buf() });
                };
                let assignment = outermost(&formula, &certified.certificate, verdict);
                let p = &certified.proof;
                writeln!(
                    out,
                    "c {} certified {verdict} in {:.2} s CPU: a proof of {} steps ({} needed) checked in {:.2} s, a certificate of {} gates verified in {:.2} s",
                    tracer.name,
                    solve.cpu.as_secs_f64(),
                    p.steps,
                    p.needed,
                    p.time.as_secs_f64(),
                    certified.certificate.ands(),
                    certified.sat.time.as_secs_f64(),
                )
                .map_err(ChildError::Write)?;
                writeln!(out, "s cnf {} {} {}", u8::from(verdict == Verdict::True), formula.max_var, formula.cnf.len())
                    .map_err(ChildError::Write)?;
                for (var, value) in &assignment {
                    writeln!(out, "V {}{var} 0", if *value { "" } else { "-" }).map_err(ChildError::Write)?;
                }
                return Ok(if verdict == Verdict::True { 10 } else { 20 });
            }
            (Some(Outcome::TimedOut), _) => (exit::TIMED_OUT, "timed out".to_string()),
            (Some(Outcome::Rejected(why)), _) => (exit::REJECTED, why),
            (Some(Outcome::Failed(why)), _) => (exit::FAILED, why),
        };
        drop(writeln!(err, "{why}"));
        return Ok(code);
    }
}
