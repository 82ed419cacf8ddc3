//! `qbfgames certify-qdimacs` (internal): one QDIMACS file certified with DepQBF's tracer,
//! in this process, the outermost block's constants printed as `--qdo` prints them.
//! `generate --certify` and `strategy first-move --from-certificate` run it as a child
//! process under their memory limit ([`super::certify_in_child`]): the proof checker's
//! memory grows with the certificate, and a limit on a child holds where one on the
//! calling process could not.
//!
//! Exit 10 certified true, 20 certified false, 30 timed out, 31 the proof or certificate
//! was rejected, 32 no certificate for another reason (the reason on standard error).

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use certify::Report;
use contract::Verdict;
use harness::RealExecutor;
use suites::certified::{certify_file, outcome, Outcome};
use suites::Certify;

use super::certify_exit::{FAILED, REJECTED, TIMED_OUT};
use super::{depqbf_tracer, read_source};

/// How often a run that the machine starved is run again.
const STARVED_RETRIES: usize = 3;

pub fn run(file: &Path, config: &Path, limits: Certify, scratch: &Path) -> Result<ExitCode> {
    let tracer = depqbf_tracer(config, "certify-qdimacs")?;
    let source = read_source(&file.display().to_string())?;
    let formula = qbf::io::read_qdimacs(&source)?;
    drop(source);
    let mut starved = 0;
    loop {
        let report = certify_file(&RealExecutor, &tracer, file, &formula, &limits, scratch)
            .with_context(|| format!("running {} on {}", tracer.name, file.display()))?;
        let (code, why) = match (outcome(&report, &tracer.name, &limits), &report) {
            (None, _) if starved < STARVED_RETRIES => {
                starved += 1;
                continue;
            }
            (None, _) => (FAILED, "the machine starved every run of the tracing solver".to_string()),
            (Some(Outcome::Certified(verdict)), report) => {
                let Report::Certified { certified, solve } = report else {
                    anyhow::bail!("{}: a certified outcome without a certificate", file.display());
                };
                let assignment = strategy::certificate::outermost(&formula, &certified.certificate, verdict);
                let p = &certified.proof;
                outln!(
                    "c {} certified {verdict} in {:.2} s CPU: a proof of {} steps ({} needed) checked in {:.2} s, a certificate of {} gates verified in {:.2} s",
                    tracer.name,
                    solve.cpu.as_secs_f64(),
                    p.steps,
                    p.needed,
                    p.time.as_secs_f64(),
                    certified.certificate.ands(),
                    certified.sat.time.as_secs_f64(),
                );
                outln!("s cnf {} {} {}", u8::from(verdict == Verdict::True), formula.max_var, formula.cnf.len());
                for (var, value) in &assignment {
                    outln!("V {}{var} 0", if *value { "" } else { "-" });
                }
                return Ok(ExitCode::from(if verdict == Verdict::True { 10 } else { 20 }));
            }
            (Some(Outcome::TimedOut), _) => (TIMED_OUT, "timed out".to_string()),
            (Some(Outcome::Rejected(why)), _) => (REJECTED, why),
            (Some(Outcome::Failed(why)), _) => (FAILED, why),
        };
        errln!("{why}");
        return Ok(ExitCode::from(code));
    }
}
