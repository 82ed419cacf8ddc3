//! The options several commands share, made from their flags: the matrix's
//! [`harness::options::RunOptions`] (`run`, `slurm-script`), the strategy solver's
//! [`QdoRunner`] (`strategy`, `play`), and a formula read from a path or stdin.

use anyhow::Result;
use contract::Budget;
use gamekit::qdo::QdoRunner;

use crate::flags::strategy::StrategyOpts;
use harness::cli::MatrixArgs;

/// Reads an input file, naming it in the error.
pub fn read_source(path: &str) -> Result<contract::Source> {
    Ok(contract::Source::read(path)?)
}

/// The harness's options of `qbfgames run`/`slurm-script` (local and Slurm alike): every
/// job but the rungs a ladder predicted (`DIR/ladders.csv`), unless `--predicted`.
pub fn run_options(args: &MatrixArgs) -> Result<harness::options::RunOptions> {
    let subset = if args.predicted {
        harness::Subset::All
    } else {
        let predicted = suites::ladder::predicted_jobs(&args.dir)?;
        if predicted.is_empty() {
            harness::Subset::All
        } else {
            errln!(
                "note: {} job(s) a ladder predicted past its calibration are not run (`select` predicts their times; --predicted runs them)",
                predicted.len()
            );
            harness::Subset::Without(predicted)
        }
    };
    Ok(harness::options::RunOptions {
        config: args.config.clone(),
        solvers: args.solvers.clone(),
        preprocessors: args.preprocessors.clone(),
        timeout_s: args.timeout,
        wall_timeout_s: args.wall_timeout,
        rerun_starved: args.rerun_starved,
        starved_retries: args.starved_retries,
        memory: args.memory.clone(),
        qbfgames_version: env!("CARGO_PKG_VERSION").to_string(),
        subset,
        stop_series: false,
    })
}

/// The solver of `--solver` (by its `qdo` command in `--config`) and `--timeout`, on
/// formulas within `budget`.
pub fn qdo_runner(opts: &StrategyOpts, budget: Budget) -> Result<QdoRunner> {
    Ok(QdoRunner::from_solvers(&opts.config, &opts.solver, opts.timeout, budget)?)
}
