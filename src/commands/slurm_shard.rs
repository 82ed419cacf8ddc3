//! `qbfgames run-shard DIR --batch N --shard I`: what one array task of a Slurm batch runs
//! ([`harness::array_task`]). It exits 0 whatever the solvers answered: a non-zero exit
//! means the harness itself failed, which Slurm then shows as a failed task and `collect`
//! as a failed shard.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use harness::array_task::run_array_task;

pub fn run(dir: &Path, batch: u64, shard: usize) -> Result<ExitCode> {
    let done = run_array_task(dir, batch, shard, env!("CARGO_PKG_VERSION"))?;
    outln!("shard {shard} of batch {batch}: {} cell(s) run, {} already done", done.ran, done.cells - done.ran);
    Ok(ExitCode::SUCCESS)
}
