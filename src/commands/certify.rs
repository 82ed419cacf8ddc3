//! `qbfgames certify`: a solver's answer, certified by its proof and its certificate.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use certify::{certify_run, Budget, Report, Tracer};
use contract::Verdict;
use harness::{format_memory, parse_memory, parse_timeout, Limits, RealExecutor, Tools};

use crate::options::read_source;
use certify::cli::CertifyArgs;

pub fn run(args: &CertifyArgs) -> Result<ExitCode> {
    let formula = qbf::io::read_qdimacs(&read_source(&args.file.display().to_string())?)?;
    let tools = Tools::load(&args.config)?;
    let tool = tools.solver(&args.solver, &args.config)?;
    let Some(tracer) = Tracer::of(tool)? else {
        bail!(
            "solver `{}` of {} has no `trace` command, so its answers cannot be certified\nhelp: use --solver depqbf, or add a `trace` argv that prints a QRP proof to the solver's entry",
            args.solver,
            args.config.display()
        );
    };
    let limits = Limits::parse(args.timeout, None, &args.memory)?;
    let max_proof = parse_memory(&args.max_proof).context("--max-proof")?;
    let sat_time = parse_timeout(args.sat_timeout).context("--sat-timeout")?;
    let budget = Budget { max_proof, sat_time, max_certificate: args.max_certificate };
    let scratch = args.scratch.clone().unwrap_or_else(std::env::temp_dir);
    let report = certify_run(&RealExecutor, &tracer, &args.file, &formula, limits, budget, &scratch)
        .with_context(|| format!("running {} with its proof in {}", tracer.name, scratch.display()))?;
    let solve = report.solve();
    let solved =
        format!("{} answered in {} CPU ({})", tracer.name, seconds(solve.cpu), format_memory(solve.peak_memory));
    match report {
        Report::NoAnswer { status, reason, .. } => {
            say(&format!("uncertified: {} gave no answer: {status}{}\n", tracer.name, detail(&reason)))?;
            Ok(ExitCode::from(1))
        }
        Report::Rejected { answer, error, .. } => {
            say(&format!("uncertified: {solved} {answer}, but {error}\n"))?;
            Ok(ExitCode::from(1))
        }
        Report::Certified { certified, .. } => {
            if let Some(path) = &args.certificate {
                write_certificate(path, &certified.certificate)?;
            }
            let p = &certified.proof;
            let functions = match certified.verdict {
                Verdict::True => "Skolem functions of the existential",
                Verdict::False => "Herbrand functions of the universal",
            };
            let mut text = format!("certified {}\n", certified.verdict);
            text += &format!("  solver       {solved}\n");
            text += &format!(
                "  proof        {} bytes, {} steps ({} needed, {} reductions), checked in {} (peak {} steps kept)\n",
                p.bytes,
                p.steps,
                p.needed,
                p.reductions,
                seconds(p.time),
                p.peak_live
            );
            text += &format!(
                "  certificate  {} and-gates: {functions} variables ({}), verified by SAT in {} ({} variables, {} clauses)\n",
                certified.certificate.ands(),
                certified.certificate.outputs().len(),
                seconds(certified.sat.time),
                certified.sat.variables,
                certified.sat.clauses
            );
            text +=
                &format!("  memory       {} peak of this process\n", peak_memory().unwrap_or_else(|| "unknown".into()));
            say(&text)?;
            Ok(ExitCode::from(match certified.verdict {
                Verdict::True => 10,
                Verdict::False => 20,
            }))
        }
    }
}

/// Prints `text`; a reader that went away (`| head`) is not an error.
fn say(text: &str) -> Result<()> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

fn detail(reason: &str) -> String {
    if reason.is_empty() {
        String::new()
    } else {
        format!(" ({reason})")
    }
}

fn seconds(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

fn write_certificate(path: &Path, aig: &certify::Aig) -> Result<()> {
    contract::write_atomically(path, |w| aig.write_aiger(std::io::BufWriter::new(w)))
        .with_context(|| format!("writing the certificate to {}", path.display()))
}

/// This process's peak resident memory (`VmHWM`).
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: u64 =
        status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?.trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(format_memory(kb * 1024))
}
