//! What one array task of a Slurm batch runs (`qbfgames run-shard`): the batch's plan
//! rebuilt from `batch.json` (the solvers file, the tools, whose versions must be those
//! the batch was planned with, the limits, the manifest), and the shard's cells run into
//! `shard-I/` with [`run_shard`].

use std::path::Path;

use super::config::Tools;
use super::environment::Environment;
use super::error::{Context, Error};
use super::executor::RealExecutor;
use super::instance::instances;
use super::matrix::{Plan, STARVED_RETRIES};
use super::options::tool_runs;
use super::shard::{batch_dir, run_shard, shard_dir, Batch};
use super::submission::absolute;

/// What an array task did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ShardRun {
    /// Cells run now.
    pub ran: usize,
    /// Cells of the shard.
    pub cells: usize,
}

/// Runs shard `shard` of batch `batch` of `dir`; `qbfgames_version` goes into the
/// shard's environment record.
pub fn run_array_task(dir: &Path, batch: u64, shard: usize, qbfgames_version: &str) -> Result<ShardRun, Error> {
    let dir = absolute(dir)?;
    let bdir = batch_dir(&dir, batch);
    let b = Batch::read(&bdir)?;
    let keys = b.shard_keys(&bdir, shard)?;
    let tools = Tools::load(&b.config)?;
    let executor = RealExecutor;
    let (solvers, preprocessors) = tool_runs(&tools, &b.solvers, &b.preprocessors, &executor)?;
    for t in solvers.iter().chain(preprocessors.iter().flatten()) {
        let planned = b.versions.get(&t.tool.name).map_or("?", String::as_str);
        if planned != t.version {
            return Err(Error::VersionChanged {
                role: t.tool.role_name(),
                name: t.tool.name.clone(),
                found: t.version.clone(),
                planned: planned.to_string(),
            });
        }
    }
    let limits = b.limits();
    let sdir = shard_dir(&bdir, shard);
    std::fs::create_dir_all(&sdir).context(|| format!("creating {}", sdir.display()))?;
    let mut env = Environment::of_this_machine();
    env.qbfgames_version = qbfgames_version.to_string();
    env.timeout_s = b.timeout_s;
    env.wall_timeout_s = limits.wall.as_secs_f64();
    env.memory_limit_mb = b.memory >> 20;
    env.jobs = b.jobs;
    env.tools = b.versions.clone();
    env.record(&sdir)?;
    let plan = Plan {
        instances: instances(&dir)?,
        preprocessors,
        solvers,
        limits,
        jobs: b.jobs,
        cache: sdir.join("cache"),
        dir: dir.clone(),
        owner: sdir.clone(),
        run: b.run,
        certifier: None,
        starved_retries: STARVED_RETRIES,
        stop_series: None,
    };
    let ran = run_shard(&plan, &executor, &keys, &sdir)?;
    Ok(ShardRun { ran, cells: keys.len() })
}
