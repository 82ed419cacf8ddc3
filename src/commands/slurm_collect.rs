//! `qbfgames collect DIR`: merges the shards of every Slurm batch of DIR into
//! `DIR/results.jsonl` and `results.csv` (each key once, see [`harness::shard`]), reports
//! shards whose tasks ended without finishing, and with `--resubmit-failed` submits just
//! those shards again (a resubmitted shard skips the cells it already finished).

use std::collections::BTreeSet;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use harness::shard::{batch_dir, batches, collect, Batch, ShardState};
use harness::slurm::{array_spec, job_name, Scheduler, SlurmCli};
use harness::ResultStore;

use super::run::conclude;
use super::slurm::wait_for;

/// Exit code when cells are still missing (tasks running, failed or never run).
const INCOMPLETE_EXIT: u8 = 3;

pub fn run(dir: &Path, resubmit_failed: bool, no_wait: bool) -> Result<ExitCode> {
    let dir = std::fs::canonicalize(dir).with_context(|| format!("{}: cannot open", dir.display()))?;
    if batches(&dir)?.is_empty() {
        bail!("{}: no Slurm batches to collect\n  help: `qbfgames run {} --backend slurm` or `qbfgames slurm-script` makes one", dir.display(), dir.display());
    }
    let scheduler = SlurmCli;
    let Merged { failed, missing: incomplete } = merge_all(&dir, &scheduler)?;
    if resubmit_failed && !failed.is_empty() {
        for (n, shards) in &failed {
            let bdir = batch_dir(&dir, *n);
            let batch = Batch::read(&bdir)?;
            let job = scheduler.submit(&bdir.join("job.sbatch"), &array_spec(shards, batch.array_limit))?;
            println!("batch {n}: resubmitted shard(s) {} as job {job}", array_spec(shards, None));
        }
        if no_wait {
            println!("not waiting; run `qbfgames collect {}` again later", dir.display());
            return Ok(ExitCode::SUCCESS);
        }
        for (n, _) in &failed {
            let batch = Batch::read(&batch_dir(&dir, *n))?;
            wait_for(&scheduler, &job_name(&dir, *n), Duration::from_secs(batch.poll_seconds))?;
        }
        return run(&dir, false, false);
    }
    let store = ResultStore::open(&dir)?;
    let mut keys = BTreeSet::new();
    for n in batches(&dir)? {
        let bdir = batch_dir(&dir, n);
        let batch = Batch::read(&bdir)?;
        for i in 0..batch.shards {
            keys.extend(batch.shard_keys(&bdir, i)?);
        }
    }
    let code = conclude(store.records().filter(|r| keys.contains(&r.key)).collect())?;
    if incomplete > 0 {
        eprintln!("error: {incomplete} cell(s) have no result yet");
        if !failed.is_empty() {
            eprintln!("  help: `qbfgames collect {} --resubmit-failed` runs the failed shards again", dir.display());
        }
        return Ok(ExitCode::from(INCOMPLETE_EXIT));
    }
    Ok(code)
}

/// What merging found unfinished.
struct Merged {
    /// The failed shards of each batch that has some.
    failed: Vec<(u64, Vec<usize>)>,
    /// Cells of all batches still without a result.
    missing: usize,
}

/// Merges every batch, printing one line per batch and one per unfinished shard.
fn merge_all(dir: &Path, scheduler: &dyn Scheduler) -> Result<Merged> {
    let mut store = ResultStore::open(dir)?;
    let mut failed = Vec::new();
    let mut missing = 0;
    for n in batches(dir)? {
        let bdir = batch_dir(dir, n);
        let active = match scheduler.active(&job_name(dir, n)) {
            Ok(a) => a,
            Err(e) => {
                eprintln!("warning: cannot see the Slurm queue ({e}); unfinished shards are reported as failed");
                BTreeSet::new()
            }
        };
        let reports = collect(&mut store, &bdir, &active)?;
        let count = |s: ShardState| reports.iter().filter(|r| r.state == s).count();
        println!(
            "batch {n}: {} shard(s): {} complete, {} queued or running, {} failed",
            reports.len(),
            count(ShardState::Complete),
            count(ShardState::Active),
            count(ShardState::Failed)
        );
        let mut mine = Vec::new();
        for r in reports.iter().filter(|r| r.state != ShardState::Complete) {
            missing += r.cells - r.done;
            if r.state == ShardState::Failed {
                println!(
                    "  shard {}: FAILED, {} of {} cells done; its task ended without finishing (log: {})",
                    r.index,
                    r.done,
                    r.cells,
                    bdir.join("logs").join(format!("{}.out", r.index)).display()
                );
                mine.push(r.index);
            } else {
                println!("  shard {}: {} of {} cells done, task queued or running", r.index, r.done, r.cells);
            }
        }
        if !mine.is_empty() {
            failed.push((n, mine));
        }
    }
    Ok(Merged { failed, missing })
}
