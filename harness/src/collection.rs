//! Collecting a directory's Slurm batches (`qbfgames collect`): every batch's shards
//! merged into `DIR/results.jsonl` (each key once, see [`crate::shard`]), how each shard
//! stands, and the failed shards submitted again.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::error::{Context, Error};
use super::shard::{batch_dir, batches, collect, Batch, ShardReport, ShardState};
use super::slurm::{array_spec, job_name, Scheduler};
use super::store::ResultStore;
use super::submission::absolute;
use contract::Record;

/// How one batch stands after merging.
#[derive(Debug)]
pub struct BatchMerge {
    pub batch: u64,
    /// The batch's directory (logs are in `logs/<shard>.out`).
    pub dir: PathBuf,
    pub shards: Vec<ShardReport>,
    /// Why the queue could not be seen; unfinished shards then count as failed.
    pub queue_error: Option<Error>,
}

/// What merging found unfinished.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Merged {
    /// The failed shards of each batch that has some.
    pub failed: Vec<(u64, Vec<usize>)>,
    /// Cells of all batches still without a result.
    pub missing: usize,
}

/// `dir` made absolute; it must have Slurm batches.
pub fn batch_directory(dir: &Path) -> Result<PathBuf, Error> {
    let dir = absolute(dir)?;
    if batches(&dir)?.is_empty() {
        return Err(Error::NoBatches(dir));
    }
    Ok(dir)
}

/// Merges every batch of `dir`, handing each batch's state to `each` as it is merged.
pub fn merge_all(
    dir: &Path,
    scheduler: &dyn Scheduler,
    each: &mut dyn FnMut(&BatchMerge) -> std::io::Result<()>,
) -> Result<Merged, Error> {
    let mut store = ResultStore::open(dir)?;
    let mut merged = Merged::default();
    for n in batches(dir)? {
        let bdir = batch_dir(dir, n);
        let (active, queue_error) = match scheduler.active(&job_name(dir, n)) {
            Ok(a) => (a, None),
            Err(e) => (BTreeSet::new(), Some(e)),
        };
        let shards = collect(&mut store, &bdir, &active)?;
        let mut failed = Vec::new();
        for r in shards.iter().filter(|r| r.state != ShardState::Complete) {
            merged.missing += r.cells - r.done;
            if r.state == ShardState::Failed {
                failed.push(r.index);
            }
        }
        if !failed.is_empty() {
            merged.failed.push((n, failed));
        }
        each(&BatchMerge { batch: n, dir: bdir, shards, queue_error })
            .context(|| "writing to standard output".into())?;
    }
    Ok(merged)
}

/// Submits shards `shards` of batch `batch` again; returns the job id.
pub fn resubmit(dir: &Path, batch: u64, shards: &[usize], scheduler: &dyn Scheduler) -> Result<String, Error> {
    let bdir = batch_dir(dir, batch);
    let b = Batch::read(&bdir)?;
    scheduler.submit(&bdir.join("job.sbatch"), &array_spec(shards, b.array_limit))
}

/// How often to look at the queue while waiting for batch `batch`.
pub fn poll(dir: &Path, batch: u64) -> Result<Duration, Error> {
    Ok(Duration::from_secs(Batch::read(&batch_dir(dir, batch))?.poll_seconds))
}

/// The records of every cell of every batch of `dir`, sorted by key.
pub fn batch_records(dir: &Path) -> Result<Vec<Record>, Error> {
    let mut keys = BTreeSet::new();
    for n in batches(dir)? {
        let bdir = batch_dir(dir, n);
        let batch = Batch::read(&bdir)?;
        for i in 0..batch.shards {
            keys.extend(batch.shard_keys(&bdir, i)?);
        }
    }
    let store = ResultStore::open(dir)?;
    Ok(store.records().filter(|r| keys.contains(&r.key)).cloned().collect())
}

/// One wave of runs: the cells of `options` in `dir` without a result as one job array,
/// submitted, waited for (each change of the tasks left told to `announce`) and merged
/// into `dir`'s results (each batch's merge handed to `each`). Nothing to run is no wave.
pub fn run_wave(
    dir: &Path,
    options: &crate::options::RunOptions,
    profile: crate::slurm::Profile,
    scheduler: &dyn Scheduler,
    announce: &mut dyn FnMut(&str, usize),
    each: &mut dyn FnMut(&BatchMerge) -> std::io::Result<()>,
) -> Result<(), Error> {
    crate::submission::check_idle(&absolute(dir)?, dir, scheduler)?;
    let Some(prepared) = crate::submission::prepare(dir, options, profile)? else {
        return Ok(());
    };
    crate::submission::submit(&prepared, scheduler)?;
    let name = prepared.script.job_name();
    crate::slurm::wait_announcing(scheduler, &name, prepared.script.profile.poll(), &mut |n| announce(&name, n))?;
    merge_all(&prepared.dir, scheduler, each)?;
    Ok(())
}
