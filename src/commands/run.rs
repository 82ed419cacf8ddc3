//! `qbfgames run` on this machine: the solver × preprocessor matrix over a generated
//! instance directory ([`harness::local`]), each record shown as progress, then the
//! summary table and any wrong answers or conflicts, loudly, with a non-zero exit.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use anyhow::{bail, Result};
use harness::local::LocalRun;
use harness::RealExecutor;
use reports::progress::Progress;

use crate::flags::{RunArgs, SlurmArgs};
use crate::output::conclude;

pub fn run(args: &RunArgs) -> Result<ExitCode> {
    no_slurm_flags(&args.slurm)?;
    let local = LocalRun::plan(&args.dir, &super::run_options(args), args.jobs, &RealExecutor)?;
    for note in local.notes() {
        eprintln!("{note}");
    }
    let mut progress = Progress::new(local.pending(), local.finished(), std::io::stderr().is_terminal());
    if let Some(line) = progress.resuming() {
        eprint!("{line}");
    }
    let mut warned = false;
    let records = local.run(&RealExecutor, &mut |r| {
        if let Some(warning) = harness::oversubscription(r.load_start).filter(|_| !warned) {
            warned = true;
            eprintln!("{warning}");
        }
        drop(write!(std::io::stderr().lock(), "{}", progress.show(r)))
    })?;
    eprint!("{}", progress.finish());
    conclude(&records)
}

/// Fails when a Slurm flag is given to a local run, where it would be ignored.
fn no_slurm_flags(args: &SlurmArgs) -> Result<()> {
    let given = [
        ("--profile", args.profile.is_some()),
        ("--partition", args.partition.is_some()),
        ("--account", args.account.is_some()),
        ("--array-limit", args.array_limit.is_some()),
        ("--cpus-per-task", args.cpus_per_task.is_some()),
        ("--mem-per-cpu", args.mem_per_cpu.is_some()),
        ("--shard-cells", args.shard_cells.is_some()),
        ("--no-wait", args.no_wait),
    ];
    if let Some((flag, _)) = given.iter().find(|(_, g)| *g) {
        bail!("{flag} is a Slurm setting\n  help: add --backend slurm, or drop {flag} for a run on this machine");
    }
    Ok(())
}
