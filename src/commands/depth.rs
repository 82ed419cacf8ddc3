//! `qbfgames depth`: critical depths by iterative deepening with a QBF solver
//! (`suites::deepening`), as a table.

use std::process::ExitCode;

use crate::children::encoders;
use anyhow::{Context, Result};
use harness::{prepare, Limits, RealExecutor, Tools};
use reports::Table;
use suites::deepening::{Deepening, COLUMNS};
use suites::load;

use crate::output::print_table;
use verify::cli::DepthArgs;

pub fn run(args: &DepthArgs) -> Result<ExitCode> {
    let suite = load(&args.suite)?;
    let tools = Tools::load(&args.config)?;
    let tool = tools.solver(&args.solver, &args.config)?;
    let solver = prepare(tool, &RealExecutor)?;
    let limits = Limits::parse(args.timeout, None, &args.memory)?;
    let builder = encoders()?;
    let scratch = tempfile::tempdir().context("creating a scratch directory")?;
    let deepening = Deepening {
        suite: &suite,
        family: args.family.as_deref(),
        builder: &builder,
        solver: &solver,
        limits,
        executor: &RealExecutor,
        max_depth: args.max_depth,
        scratch: scratch.path(),
    };
    let rows = deepening.run(&mut |job, status, seconds| errln!("{job}: {status} ({seconds:.2} s)"))?;
    let mut table = Table::new(&COLUMNS);
    rows.into_iter().for_each(|row| table.push_row(row.row()));
    print_table(&table, args.format)?;
    Ok(ExitCode::SUCCESS)
}
