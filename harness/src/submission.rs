//! A Slurm submission: the pending cells of a directory as one batch (see [`crate::shard`])
//! with its job-array script (see [`crate::slurm`]), submitted through a [`Scheduler`].
//!
//! Planning is that of a local run (solvers file, tools and versions, limits, manifest)
//! after merging what earlier batches finished, so only cells without a record go into
//! the new batch.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use contract::write_atomically;

use super::config::Tools;
use super::error::{Context, Error};
use super::executor::RealExecutor;
use super::instance::subset;
use super::matrix::Plan;
use super::options::{tool_runs, versions, RunOptions};
use super::shard::{batch_dir, batches, collect, split, Batch};
use super::slurm::{array_spec, job_name, Profile, Scheduler, Script};
use super::store::ResultStore;

/// Slurm's default MaxArraySize: array indices go up to 1000.
pub const MAX_ARRAY: usize = 1001;

/// A batch written to disk, ready to submit.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The results directory, absolute.
    pub dir: PathBuf,
    pub batch_dir: PathBuf,
    pub script: Script,
    pub script_path: PathBuf,
}

/// `path` made absolute (array tasks may start in another directory).
pub fn absolute(path: &Path) -> Result<PathBuf, Error> {
    std::fs::canonicalize(path).context(|| format!("{}: cannot open", path.display()))
}

/// Fails when a batch of `dir` (absolute) still has array tasks queued or running;
/// `shown` is the directory as the user named it.
pub fn check_idle(dir: &Path, shown: &Path, scheduler: &dyn Scheduler) -> Result<(), Error> {
    for n in batches(dir)? {
        let active = scheduler.active(&job_name(dir, n))?;
        if !active.is_empty() {
            return Err(Error::BatchActive {
                batch: n,
                dir: dir.to_path_buf(),
                tasks: active.len(),
                shown: shown.to_path_buf(),
            });
        }
    }
    Ok(())
}

/// Makes a batch of the cells of `options` over `dir` that have no result yet, with
/// `profile` for the job script; `None` if there are none.
pub fn prepare(dir: &Path, options: &RunOptions, profile: Profile) -> Result<Option<Prepared>, Error> {
    let dir = absolute(dir)?;
    if dir.to_string_lossy().contains(|c: char| c.is_whitespace() || c == '"' || c == '\'') {
        return Err(Error::UnsafePath(dir));
    }
    let config = absolute(&options.config)
        .map_err(|e| Error::Flag { flag: format!("--config {}", options.config.display()), error: Box::new(e) })?;
    let tools = Tools::load(&config)?;
    let limits = options.limits()?;
    let runs = tool_runs(&tools, &options.solvers, &options.preprocessors, &RealExecutor)?;
    let instances = subset(&dir, &options.subset)?;
    let mut store = ResultStore::open(&dir)?;
    for n in batches(&dir)? {
        collect(&mut store, &batch_dir(&dir, n), &BTreeSet::new())?;
    }
    let versions = versions(&runs);
    let env = options.environment(&limits, profile.cpus(), versions.clone());
    let (solvers, preprocessors) = runs;
    let preprocessing = preprocessors.iter().any(Option::is_some);
    let plan = Plan {
        instances,
        preprocessors,
        solvers,
        limits,
        jobs: profile.cpus(),
        cache: dir.join("cache"),
        dir: dir.to_path_buf(),
        owner: dir.to_path_buf(),
        run: 0,
        certifier: None,
        starved_retries: options.starved_retries,
        stop_series: None,
    };
    let pending: Vec<String> = plan
        .cells()
        .into_iter()
        .filter(|c| options.subset.takes_cell(&plan.instances[c.instance].job, &plan.configuration(c)))
        .map(|c| c.key)
        .filter(|k| !store.is_final(k))
        .collect();
    if pending.is_empty() {
        return Ok(None);
    }
    let shards = split(&pending, profile.shard_cells());
    if shards.len() > MAX_ARRAY {
        return Err(Error::TooManyShards {
            shard_cells: profile.shard_cells(),
            cells: pending.len(),
            shards: shards.len(),
            max: MAX_ARRAY,
        });
    }
    let env = env.record(&dir)?;
    drop(store);
    let batch_dir = batch_dir(&dir, env.run);
    let batch = Batch {
        run: env.run,
        config,
        solvers: options.solvers.clone(),
        preprocessors: options.preprocessors.clone(),
        versions,
        timeout_s: options.timeout_s,
        wall_timeout_s: Some(limits.wall.as_secs_f64()),
        memory: limits.memory,
        jobs: profile.cpus(),
        shards: shards.len(),
        array_limit: profile.array_limit,
        poll_seconds: profile.poll().as_secs(),
    };
    batch.write(&batch_dir, &shards)?;
    let logs = batch_dir.join("logs");
    std::fs::create_dir_all(&logs).context(|| format!("creating {}", logs.display()))?;
    let qbfgames = match &profile.qbfgames {
        Some(p) => p.clone(),
        None => std::env::current_exe()
            .context(|| "finding this executable's path (set `qbfgames` in the profile)".to_string())?,
    };
    let script = Script {
        dir: dir.clone(),
        batch: env.run,
        shards: shards.len(),
        shard_cells: shards.iter().map(Vec::len).max().unwrap_or(0),
        timeout: limits.cpu,
        wall: limits.wall,
        preprocessing,
        memory: limits.memory,
        qbfgames,
        profile,
    };
    let script_path = batch_dir.join("job.sbatch");
    write_atomically(&script_path, |w| script.write(w))?;
    Ok(Some(Prepared { dir, batch_dir, script, script_path }))
}

/// Submits every shard of a prepared batch; returns the job id. A batch that never
/// reached the queue is removed: it would only show up as failed shards.
pub fn submit(prepared: &Prepared, scheduler: &dyn Scheduler) -> Result<String, Error> {
    let all: Vec<usize> = (0..prepared.script.shards).collect();
    scheduler.submit(&prepared.script_path, &array_spec(&all, prepared.script.profile.array_limit)).inspect_err(|_| {
        let _ = std::fs::remove_dir_all(&prepared.batch_dir);
    })
}
