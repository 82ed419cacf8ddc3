//! `qbfgames run` on this machine: the solver × preprocessor matrix over a generated
//! instance directory ([`harness::local`]), each record shown as progress, then the
//! summary table and any wrong answers or conflicts, loudly, with a non-zero exit.
//!
//! With `--certify`, the harness's certifier hook ([`harness::certifier`]) is the
//! `certify` crate's [`RunCertifier`]: the traced run's proof goes into `DIR/.proofs/`
//! (removed when the run ends), is checked, and the certificate extracted from it is
//! verified.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use certify::{Budget, RunCertifier};
use harness::local::LocalRun;
use harness::{AnswerCertifier, RealExecutor};
use reports::progress::Progress;

use crate::output::conclude;
use harness::cli::RunArgs;

pub fn run(args: &RunArgs) -> Result<ExitCode> {
    no_slurm_flags(args)?;
    let matrix = &args.matrix;
    if !matrix.dir.is_dir() {
        bail!(
            "{}: no such run folder\n  help: `qbfgames generate SUITE --out {}` writes one (a suite file, or a shipped suite's name: `qbfgames list suites`)",
            matrix.dir.display(),
            matrix.dir.display()
        );
    }
    let certifier = if args.certify { Some(certifier(args)?) } else { None };
    let scratch = certifier.as_ref().map(|c| c.scratch().to_path_buf());
    let hook = certifier.map(|c| Arc::new(c) as Arc<dyn AnswerCertifier>);
    let options =
        harness::options::RunOptions { stop_series: args.stop_series, ..crate::options::run_options(matrix)? };
    let local = LocalRun::plan(&matrix.dir, &options, args.jobs, &RealExecutor, hook)?;
    // Only now, with the directory's lock held, is DIR/.proofs this run's: what a killed
    // run left there goes, and the rest goes when this run ends.
    let _scratch = scratch.map(Scratch::take).transpose()?;
    for note in local.notes() {
        errln!("{note}");
    }
    let (unread, files) = local.unread();
    let skipped: Vec<String> = unread.iter().map(|(format, n)| format!("{n} {format}")).collect();
    let total: usize = unread.values().sum();
    if total == files && files > 0 {
        bail!(
            "none of the {files} instance file(s) ({}) is read by the chosen solvers {}\n  help: choose a solver that reads them (`qbfgames solvers` lists each one's formats; e.g. qute reads QCIR), or generate QDIMACS (`formats = [\"qdimacs\"]`, or `qbfgames convert`)",
            skipped.join(", "),
            matrix.solvers.join(",")
        );
    }
    if total > 0 {
        errln!(
            "note: {} instance file(s) skipped, no chosen solver reads them ({}); a job written in several formats runs through the ones read",
            total,
            skipped.join(", ")
        );
    }
    let mut progress = Progress::new(local.pending(), local.finished(), std::io::stderr().is_terminal());
    if let Some(line) = progress.resuming() {
        err!("{line}");
    }
    let mut warned = false;
    let records = local.run(&RealExecutor, &mut |r| {
        if let Some(warning) = harness::oversubscription(r.load_start).filter(|_| !warned) {
            warned = true;
            errln!("{warning}");
        }
        drop(write!(std::io::stderr().lock(), "{}", progress.show(r)))
    })?;
    err!("{}", progress.finish());
    conclude(&records)
}

/// Fails when a Slurm flag is given to a local run, where it would be ignored.
fn no_slurm_flags(run: &RunArgs) -> Result<()> {
    let args = &run.slurm;
    let given = [
        ("--profile", args.profile.is_some()),
        ("--partition", args.partition.is_some()),
        ("--account", args.account.is_some()),
        ("--array-limit", args.array_limit.is_some()),
        ("--cpus-per-task", args.cpus_per_task.is_some()),
        ("--mem-per-cpu", args.mem_per_cpu.is_some()),
        ("--shard-cells", args.shard_cells.is_some()),
        ("--no-wait", run.no_wait),
    ];
    if let Some((flag, _)) = given.iter().find(|(_, g)| *g) {
        bail!("{flag} is a Slurm setting\n  help: add --backend slurm, or drop {flag} for a run on this machine");
    }
    Ok(())
}

/// The certifier of `--certify`: the traced run's proof in `DIR/.proofs`.
fn certifier(args: &RunArgs) -> Result<RunCertifier> {
    let max_proof = harness::parse_memory(&args.max_proof).context("--max-proof")?;
    let sat_time = harness::parse_timeout(args.sat_timeout).context("--sat-timeout")?;
    let tools = harness::Tools::load(&args.matrix.config)?;
    let budget = Budget { max_proof, sat_time, max_certificate: Budget::MAX_CERTIFICATE };
    Ok(RunCertifier::new(&tools, &args.matrix.solvers, budget, args.matrix.dir.join(".proofs"))?)
}

/// `DIR/.proofs` of a run that holds the directory's lock: emptied when the run starts
/// (what a killed run left) and removed when it ends.
struct Scratch(PathBuf);

impl Scratch {
    fn take(dir: PathBuf) -> Result<Scratch> {
        remove(&dir).with_context(|| format!("removing the proofs a killed run left in {}", dir.display()))?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Err(e) = remove(&self.0) {
            errln!("warning: cannot remove {}: {e}", self.0.display());
        }
    }
}

fn remove(dir: &Path) -> io::Result<()> {
    match std::fs::remove_dir_all(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        r => r,
    }
}
