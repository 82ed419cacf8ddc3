//! `qbfgames run-shard DIR --batch N --shard I`: what one array task of a Slurm batch runs.
//!
//! It rebuilds the batch's plan from `batch.json` (the solvers file, the tools, whose
//! versions must be those the batch was planned with, the limits, the manifest), runs the
//! shard's cells with [`harness::shard::run_shard`] into `shard-I/`, and exits 0 whatever
//! the solvers answered: a non-zero exit means the harness itself failed, which Slurm
//! then shows as a failed task and `collect` as a failed shard.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use harness::shard::{batch_dir, run_shard, shard_dir, Batch};
use harness::{Environment, Limits, Plan, RealExecutor, Tools};

use super::run::{instances, tool_runs};

pub fn run(dir: &Path, batch: u64, shard: usize) -> Result<ExitCode> {
    let dir = std::fs::canonicalize(dir).with_context(|| format!("{}: cannot open", dir.display()))?;
    let bdir = batch_dir(&dir, batch);
    let b = Batch::read(&bdir)?;
    let keys = b.shard_keys(&bdir, shard)?;
    let tools = Tools::load(&b.config)?;
    let executor = RealExecutor;
    let (solvers, preprocessors) = tool_runs(&tools, &b.solvers, &b.preprocessors, &executor)?;
    for t in solvers.iter().chain(preprocessors.iter().flatten()) {
        let planned = b.versions.get(&t.tool.name).map_or("?", String::as_str);
        if planned != t.version {
            bail!(
                "{} `{}` is version {} on this node, but the batch was planned with {planned}\n  help: install the same version on every node, or load it in the profile's `modules`/`setup`",
                t.tool.role_name(),
                t.tool.name,
                t.version
            );
        }
    }
    let limits = Limits { timeout: std::time::Duration::from_secs_f64(b.timeout_s), memory: b.memory };
    let sdir = shard_dir(&bdir, shard);
    std::fs::create_dir_all(&sdir).with_context(|| format!("creating {}", sdir.display()))?;
    let mut env = Environment::of_this_machine();
    env.qbfgames_version = env!("CARGO_PKG_VERSION").to_string();
    env.timeout_s = b.timeout_s;
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
        run: b.run,
    };
    let ran = run_shard(&plan, &executor, &keys, &sdir)?;
    println!("shard {shard} of batch {batch}: {ran} cell(s) run, {} already done", keys.len() - ran);
    Ok(ExitCode::SUCCESS)
}
