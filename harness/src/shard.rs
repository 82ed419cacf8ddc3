//! Running one matrix as many independent shards (one per cluster job-array task) and
//! merging their results into the directory's results with the same exactly-once
//! guarantee as a local run.
//!
//! A *batch* is one submission: `DIR/slurm/batch-<run>/` holds `batch.json` (the settings
//! every shard needs to rebuild the plan: solvers file, tool names and versions, limits),
//! `shards/<i>.keys` (the cell keys of shard `i`, one per line) and, per shard, a
//! directory `shard-<i>/` with its own [`ResultStore`]. The pending cells are split into
//! contiguous runs of the plan's order (instance-major, so an instance's cells and its
//! preprocessing mostly stay in one shard), balanced so shard sizes differ by at most one.
//!
//! Exactly once: the shards partition the pending keys; a shard's store is append-only,
//! locked while its task runs, and resumed (finished keys skipped) when the task is run
//! again; [`collect`] appends to `DIR/results.jsonl` only keys of the shard's list that the
//! directory does not have yet. A key therefore reaches the results at most once, and every
//! key of a complete shard reaches them.
//!
//! Each shard preprocesses into its own cache (`shard-<i>/cache`): the shared cache of a
//! local run names its temporary files by process id, which is unique on one machine but
//! not across the nodes of a cluster.
//!
//! ## References
//! - The results store and resume follow CAQE's experiment runner and
//!   docs/harness.md; the array layout follows Slurm's job arrays,
//!   <https://slurm.schedmd.com/job_array.html>.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

use contract::write_atomically;
use serde::{Deserialize, Serialize};

use super::error::{Context, Error};
use super::executor::Executor;
use super::leftovers::kill_leftovers;
use super::limits::{Limits, WALL_MARGIN};
use super::matrix::{run_matrix, Plan};
use super::store::ResultStore;
use contract::Record;

/// What every shard of a batch needs to rebuild the plan the batch was made from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Batch {
    /// The number of the submitting run (its line in `DIR/environment.jsonl`); every
    /// record of the batch carries it.
    pub run: u64,
    /// The solvers file, as an absolute path.
    pub config: PathBuf,
    pub solvers: Vec<String>,
    /// `none` for no preprocessing.
    pub preprocessors: Vec<String>,
    /// Tool name → the version the plan was made with; a shard refuses other versions.
    pub versions: BTreeMap<String, String>,
    /// The CPU-time limit.
    pub timeout_s: f64,
    /// The wall-clock safety limit (absent in batches of older versions: CPU limit + 30 s).
    #[serde(default)]
    pub wall_timeout_s: Option<f64>,
    pub memory: u64,
    /// Runs at once inside one shard (the task's CPUs).
    pub jobs: usize,
    pub shards: usize,
    /// Array tasks at once, for resubmissions.
    pub array_limit: Option<usize>,
    /// Seconds between two looks at the queue while waiting.
    pub poll_seconds: u64,
}

/// How a shard stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ShardState {
    /// Every cell has its record.
    Complete,
    /// Its task is still queued or running.
    Active,
    /// Its task is gone and cells are missing: it failed, was cancelled or never ran.
    Failed,
}

/// A shard in a [`collect`] report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardReport {
    pub index: usize,
    pub cells: usize,
    pub done: usize,
    pub state: ShardState,
}

/// Splits `keys` into the fewest shards of at most `shard_cells` keys, in order, with
/// sizes differing by at most one.
pub fn split(keys: &[String], shard_cells: usize) -> Vec<Vec<String>> {
    let n = keys.len().div_ceil(shard_cells.max(1));
    (0..n).map(|i| keys[i * keys.len() / n..(i + 1) * keys.len() / n].to_vec()).collect()
}

/// `DIR/slurm/batch-<run>`.
pub fn batch_dir(dir: &Path, run: u64) -> PathBuf {
    dir.join("slurm").join(format!("batch-{run}"))
}

/// The directory of shard `index`'s results.
pub fn shard_dir(batch_dir: &Path, index: usize) -> PathBuf {
    batch_dir.join(format!("shard-{index}"))
}

/// The batches of `dir`, by number.
pub fn batches(dir: &Path) -> Result<Vec<u64>, Error> {
    let slurm = dir.join("slurm");
    if !slurm.is_dir() {
        return Ok(Vec::new());
    }
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&slurm).context(|| format!("reading {}", slurm.display()))? {
        let entry = entry.context(|| format!("reading {}", slurm.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(n) = name.strip_prefix("batch-").and_then(|n| n.parse().ok()) {
            if entry.path().join("batch.json").is_file() {
                found.push(n);
            }
        }
    }
    found.sort_unstable();
    Ok(found)
}

impl Batch {
    /// The limits every cell of the batch runs under.
    pub fn limits(&self) -> Limits {
        let cpu = Duration::from_secs_f64(self.timeout_s);
        let wall = self.wall_timeout_s.map_or(cpu + WALL_MARGIN, Duration::from_secs_f64);
        Limits { cpu, wall, memory: self.memory }
    }

    /// Writes `batch.json` and the shards' key files into `batch_dir` (each atomically,
    /// `batch.json` last, so a batch directory with `batch.json` is whole).
    pub fn write(&self, batch_dir: &Path, shards: &[Vec<String>]) -> Result<(), Error> {
        let keys_dir = batch_dir.join("shards");
        std::fs::create_dir_all(&keys_dir).context(|| format!("creating {}", keys_dir.display()))?;
        for (i, keys) in shards.iter().enumerate() {
            let mut text = keys.join("\n");
            text.push('\n');
            write_atomically(&keys_dir.join(format!("{i}.keys")), |w| w.write_all(text.as_bytes()))?;
        }
        let json =
            serde_json::to_string_pretty(self).map_err(|error| Error::Encode { what: "the batch".into(), error })?;
        write_atomically(&batch_dir.join("batch.json"), |w| writeln!(w, "{json}"))?;
        Ok(())
    }

    /// Reads `batch_dir/batch.json`.
    pub fn read(batch_dir: &Path) -> Result<Batch, Error> {
        let path = batch_dir.join("batch.json");
        let text = std::fs::read_to_string(&path).context(|| format!("reading {}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| {
            Error::BadBatch(format!(
                "{}: not a batch file: {e}\n  help: it is written by `qbfgames run --backend slurm`",
                path.display()
            ))
        })
    }

    /// The keys of shard `index`.
    pub fn shard_keys(&self, batch_dir: &Path, index: usize) -> Result<Vec<String>, Error> {
        if index >= self.shards {
            return Err(Error::BadBatch(format!(
                "shard {index} does not exist\n  help: the batch in {} has shards 0 to {}",
                batch_dir.display(),
                self.shards.saturating_sub(1)
            )));
        }
        let path = batch_dir.join("shards").join(format!("{index}.keys"));
        let text = std::fs::read_to_string(&path).context(|| format!("reading {}", path.display()))?;
        Ok(text.lines().filter(|l| !l.is_empty()).map(str::to_string).collect())
    }
}

/// Runs the cells of `plan` whose keys are in `keys` into the store in `shard_dir`,
/// skipping those it already has (a resubmitted shard resumes). Returns how many ran.
/// A key the plan does not have is an error: the manifest or the tools changed since the
/// batch was made.
pub fn run_shard(plan: &Plan, executor: &dyn Executor, keys: &[String], shard_dir: &Path) -> Result<usize, Error> {
    let cells: BTreeSet<String> = plan.cells().into_iter().map(|c| c.key).collect();
    if let Some(k) = keys.iter().find(|k| !cells.contains(*k)) {
        return Err(Error::BadBatch(format!(
            "cell {k} of this shard is not in the plan\n  help: the manifest or the solvers file changed after submission; run `qbfgames run` again to make a new batch"
        )));
    }
    std::fs::create_dir_all(shard_dir).context(|| format!("creating {}", shard_dir.display()))?;
    let mut store = ResultStore::open(shard_dir)?;
    kill_leftovers(&plan.owner);
    let mine: BTreeSet<&str> = keys.iter().map(String::as_str).collect();
    let finished: BTreeSet<String> = keys.iter().filter(|k| store.is_final(k)).cloned().collect();
    let mut ran = 0;
    run_matrix(plan, executor, &|k| !mine.contains(k) || finished.contains(k), &mut |record| {
        ran += 1;
        store.append(record)
    })?;
    store.finish()?;
    Ok(ran)
}

/// The complete records in a shard's `results.jsonl`, read without locking it (its task
/// may still be appending; a line without its newline is not complete yet).
pub fn shard_records(shard_dir: &Path) -> Result<Vec<Record>, Error> {
    let path = shard_dir.join("results.jsonl");
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(Error::Io { what: format!("reading {}", path.display()), error }),
    };
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let text = String::from_utf8_lossy(&bytes[..complete]);
    let mut records = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        records.push(serde_json::from_str(line).map_err(|error| Error::BadRecord {
            path: path.clone(),
            line: i + 1,
            error,
            help: "",
        })?);
    }
    Ok(records)
}

/// Merges every shard of the batch in `batch_dir` into `store` (keys of the shard's list
/// not yet in the store, in shard order) and says how each shard stands; `active` are the
/// shards whose tasks are still queued or running.
pub fn collect(store: &mut ResultStore, batch_dir: &Path, active: &BTreeSet<usize>) -> Result<Vec<ShardReport>, Error> {
    let batch = Batch::read(batch_dir)?;
    let mut reports = Vec::with_capacity(batch.shards);
    for index in 0..batch.shards {
        let keys = batch.shard_keys(batch_dir, index)?;
        let mine: BTreeSet<&str> = keys.iter().map(String::as_str).collect();
        for record in shard_records(&shard_dir(batch_dir, index))? {
            if mine.contains(record.key.as_str()) && !store.is_final(&record.key) {
                store.append(record)?;
            }
        }
        let done = keys.iter().filter(|k| store.is_final(k)).count();
        let state = if done == keys.len() {
            ShardState::Complete
        } else if active.contains(&index) {
            ShardState::Active
        } else {
            ShardState::Failed
        };
        reports.push(ShardReport { index, cells: keys.len(), done, state });
    }
    store.finish()?;
    Ok(reports)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("k{i:03}")).collect()
    }

    #[test]
    fn shards_partition_the_keys_in_order_with_balanced_sizes() {
        for n in [0, 1, 7, 10, 11, 100, 101] {
            for per in [1, 3, 10, 1000] {
                let shards = split(&keys(n), per);
                assert_eq!(shards.len(), n.div_ceil(per), "{n} keys, {per} per shard");
                assert_eq!(shards.concat(), keys(n), "every key once, in order");
                let sizes: Vec<usize> = shards.iter().map(Vec::len).collect();
                assert!(sizes.iter().all(|&s| s >= 1 && s <= per), "{sizes:?}");
                assert!(sizes.iter().max().unwrap_or(&0) - sizes.iter().min().unwrap_or(&0) <= 1, "{sizes:?}");
            }
        }
    }

    #[test]
    fn a_batch_reads_back_what_was_written() -> Result<(), Error> {
        let dir = tempfile::tempdir()?;
        let b = batch_dir(dir.path(), 3);
        let batch = Batch {
            run: 3,
            config: "/s/solvers.toml".into(),
            solvers: vec!["depqbf".into()],
            preprocessors: vec!["none".into()],
            versions: BTreeMap::from([("depqbf".to_string(), "5.01".to_string())]),
            timeout_s: 1.5,
            wall_timeout_s: None,
            memory: 1 << 30,
            jobs: 2,
            shards: 2,
            array_limit: Some(4),
            poll_seconds: 10,
        };
        batch.write(&b, &split(&keys(5), 3))?;
        assert_eq!(Batch::read(&b)?, batch);
        assert_eq!(batch.shard_keys(&b, 1)?, keys(5)[2..].to_vec());
        assert!(batch.shard_keys(&b, 2).is_err());
        assert_eq!(batches(dir.path())?, vec![3]);
        Ok(())
    }
}
