//! `qbfgames collect DIR`: merges the shards of every Slurm batch of DIR into
//! `DIR/results.jsonl` and `results.csv` ([`harness::collection`]), reports shards whose
//! tasks ended without finishing, and with `--resubmit-failed` submits just those shards
//! again (a resubmitted shard skips the cells it already finished).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use harness::collection::{batch_directory, merge_all, poll, resubmit, Merged};
use harness::slurm::{array_spec, job_name, wait_announcing, SlurmCli};

use crate::output::{conclude_batches, print_batch};

pub fn run(dir: &Path, resubmit_failed: bool, no_wait: bool) -> Result<ExitCode> {
    let dir = batch_directory(dir)?;
    let scheduler = SlurmCli;
    let merged = merge_all(&dir, &scheduler, &mut print_batch)?;
    if !resubmit_failed || merged.failed.is_empty() {
        return conclude_batches(&dir, &merged);
    }
    let Merged { failed, .. } = merged;
    for (n, shards) in &failed {
        let job = resubmit(&dir, *n, shards, &scheduler)?;
        outln!("batch {n}: resubmitted shard(s) {} as job {job}", array_spec(shards, None));
    }
    if no_wait {
        outln!("not waiting; run `qbfgames collect {}` again later", dir.display());
        return Ok(ExitCode::SUCCESS);
    }
    for (n, _) in &failed {
        let name = job_name(&dir, *n);
        wait_announcing(&scheduler, &name, poll(&dir, *n)?, &mut |tasks| {
            let _ = writeln!(std::io::stderr(), "waiting for {tasks} array task(s) of {name}");
        })?;
    }
    run(&dir, false, false)
}
