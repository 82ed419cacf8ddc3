//! The `qbfgames certify-qdimacs` protocol: the parent's side ([`certify_in_child`]) and
//! the child's ([`certify_here`]).
//!
//! Exit 10 certified true, 20 certified false, 30 timed out, 31 the proof or certificate
//! was rejected, 32 no certificate for another reason (the reason on standard error).

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use certify::{certify_file, outcome, Certify, Outcome, Report, Tracer};
use contract::Verdict;
use harness::{Executor, Invocation, Job, Limits, RealExecutor, Tools};

/// The exit codes of `certify-qdimacs` besides 10 and 20 (certified true and false).
pub mod exit {
    /// Timed out.
    pub const TIMED_OUT: u8 = 30;
    /// The proof or the certificate was rejected.
    pub const REJECTED: u8 = 31;
    /// No certificate for another reason.
    pub const FAILED: u8 = 32;
}

/// DepQBF's tracer from the solvers file `config` (its `trace` command); `asked` names
/// what needs it.
pub fn depqbf_tracer(config: &Path, asked: &str) -> Result<Tracer> {
    let tools = Tools::load(config).with_context(|| format!("{asked} needs DepQBF from {}", config.display()))?;
    let tool = tools.solver("depqbf", config).with_context(|| format!("{asked} needs DepQBF's tracer"))?;
    Tracer::of(tool)?.ok_or_else(|| {
        anyhow!(
            "{asked} needs a `trace` command for `depqbf` in {}\n  help: add trace = [\"depqbf\", \"--trace\", \"--dep-man=simple\", \"--traditional-qcdcl\", \"--no-qbce-dynamic\", \"{{input}}\"] under [solver.depqbf]",
            config.display()
        )
    })
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
) -> Result<u8> {
    let tracer = depqbf_tracer(config, "certify-qdimacs")?;
    let source = contract::Source::read(&file.display().to_string())?;
    let formula = qbf::io::read_qdimacs(&source)?;
    drop(source);
    let mut starved = 0;
    loop {
        let report = certify_file(&RealExecutor, &tracer, file, &formula, limits, scratch)
            .with_context(|| format!("running {} on {}", tracer.name, file.display()))?;
        let (code, why) = match (outcome(&report, &tracer.name, limits), &report) {
            (None, _) if starved < harness::STARVED_RETRIES => {
                starved += 1;
                continue;
            }
            (None, _) => (exit::FAILED, "the machine starved every run of the tracing solver".to_string()),
            (Some(Outcome::Certified(verdict)), report) => {
                let Report::Certified { certified, solve } = report else {
                    anyhow::bail!("{}: a certified outcome without a certificate", file.display());
                };
                let assignment = gamekit::certificate::outermost(&formula, &certified.certificate, verdict);
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
                )?;
                writeln!(
                    out,
                    "s cnf {} {} {}",
                    u8::from(verdict == Verdict::True),
                    formula.max_var,
                    formula.cnf.len()
                )?;
                for (var, value) in &assignment {
                    writeln!(out, "V {}{var} 0", if *value { "" } else { "-" })?;
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
