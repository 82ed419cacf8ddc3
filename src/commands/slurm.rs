//! `qbfgames run --backend slurm` and `qbfgames slurm-script`: the pending cells of a
//! directory as one Slurm job array ([`harness::submission`]).
//!
//! A pipeline: cluster profile + flags → batch directory with the job script → `sbatch`
//! (not for `slurm-script`) → wait for the array → collect.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{bail, Result};
use harness::collection::merge_all;
use harness::shard::batches;
use harness::slurm::{wait_announcing, SlurmCli};
use harness::submission::{absolute, check_idle, prepare, submit, Prepared};

use crate::output::{conclude_batches, print_batch};
use harness::cli::{MatrixArgs, RunArgs, SlurmArgs, SlurmScriptArgs};

/// `qbfgames run --backend slurm`: submit, wait (unless `--no-wait`), collect.
pub fn run(args: &RunArgs) -> Result<ExitCode> {
    check_flags(args)?;
    let scheduler = SlurmCli;
    let dir = absolute(&args.matrix.dir)?;
    check_idle(&dir, &args.matrix.dir, &scheduler)?;
    let Some(prepared) = make_batch(&args.matrix, &args.slurm)? else {
        outln!("nothing to run: every cell of {} has its result", args.matrix.dir.display());
        if batches(&dir)?.is_empty() {
            return Ok(ExitCode::SUCCESS);
        }
        return collect(&dir);
    };
    let job = submit(&prepared, &scheduler)?;
    outln!(
        "submitted job {job}: {} array task(s), logs in {}",
        prepared.script.shards,
        prepared.batch_dir.join("logs").display()
    );
    if args.no_wait {
        outln!("not waiting; merge the results later with: qbfgames collect {}", args.matrix.dir.display());
        return Ok(ExitCode::SUCCESS);
    }
    let name = prepared.script.job_name();
    wait_announcing(&scheduler, &name, prepared.script.profile.poll(), &mut |tasks| {
        let _ = writeln!(std::io::stderr(), "waiting for {tasks} array task(s) of {name}");
    })?;
    collect(&prepared.dir)
}

/// `qbfgames slurm-script`: write the batch and its script; the user submits it.
pub fn script(args: &SlurmScriptArgs) -> Result<ExitCode> {
    match make_batch(&args.matrix, &args.slurm)? {
        None => outln!("nothing to run: every cell of {} has its result", args.matrix.dir.display()),
        Some(p) => {
            outln!("wrote {} ({} array task(s))", p.script_path.display(), p.script.shards);
            outln!("submit it with:   sbatch {}", p.script_path.display());
            outln!("then merge with:  qbfgames collect {}", args.matrix.dir.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Merges every batch of `dir` and concludes, as `qbfgames collect` without flags does.
fn collect(dir: &std::path::Path) -> Result<ExitCode> {
    let merged = merge_all(dir, &SlurmCli, &mut print_batch)?;
    conclude_batches(dir, &merged)
}

/// Makes a batch of the cells of `args` that have no result yet; `None` if there are none.
fn make_batch(matrix: &MatrixArgs, slurm: &SlurmArgs) -> Result<Option<Prepared>> {
    let profile = slurm.profile()?;
    Ok(prepare(&matrix.dir, &crate::options::run_options(matrix)?, profile)?)
}

/// Flags that mean nothing on Slurm.
fn check_flags(args: &RunArgs) -> Result<()> {
    if args.certify {
        bail!("--certify runs on this machine only: Slurm array tasks do not certify\n  help: drop --backend slurm, or drop --certify");
    }
    if args.jobs.is_some() {
        bail!(
            "--jobs: on Slurm, the cells running at once in a shard are its CPUs\n  help: use --cpus-per-task instead"
        );
    }
    Ok(())
}
