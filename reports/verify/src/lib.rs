//! Re-checking a published table (`suite/published/*.toml`), the library behind
//! `qbfgames verify`.
//!
//! The table file names the suites holding its games and gives, per row and column, the
//! published value and how ours is produced (the measure, the solver and preprocessor, the
//! depth). [`load`] reads and resolves it into a [`Table`] (every error at file:line:col of
//! the key at fault, with a `help:` line). [`verify`] generates every instance the cells
//! need, makes the runs until the time budget is spent, and compares: see [`Finding`].
//! [`SideBySide`] lays the result out as the table the user reads; the time budget is
//! read by [`harness::parse_duration`]. [`close()`] settles the entries the paper left open (module
//! [`close`](mod@close)).
//!
//! The order of the runs: runs that decide an exact claim (an outcome, a size,
//! a count of true or false instances) come first, then runs only times and solved counts
//! need, then runs only open rows need; within each class the cheapest first:
//! by the published time of the run (or of the same run at another depth) where the table
//! gives one, else by the instance's literals (1 s per 100 000).
//!
//! Every program — solvers, preprocessors, version queries and the reference solver — runs
//! through a [`harness::Executor`], so tests drive the planner and the judge with
//! `harness::mock::MockExecutor`.

#[cfg(feature = "cli")]
pub mod cli;
pub mod close;
mod error;
mod file;
mod generate;
mod judge;
mod plan;
mod report;
mod resolve;
mod run;
mod table;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::{Duration, Instant};

use harness::{Executor, Limits, Tools};
use suites::builder::Encoders;

pub use close::{close, CloseOptions, Closed, ClosedTable};
pub use error::Error;
pub use judge::{Finding, Judged};
pub use report::SideBySide;
pub use resolve::{load, resolve};
pub use table::Table;

use plan::{needs, order, Available, Class};
use run::{Done, Runner};
use table::Target;

/// How a verification may run.
pub struct Options<'a> {
    pub tools: &'a Tools,
    /// The solvers file, for messages.
    pub config: &'a str,
    pub encoders: &'a Encoders,
    /// Runs every program: `&harness::RealExecutor`, or a mock in tests.
    pub executor: &'a dyn Executor,
    /// Where instances, the preprocessing cache and the report go.
    pub out: &'a Path,
    pub budget: Duration,
    pub jobs: usize,
    /// Overrides the table's time limit per run.
    pub timeout: Option<f64>,
    pub memory: u64,
}

/// A verified table.
pub struct Verified {
    pub cells: Vec<Judged>,
    pub runs: usize,
    pub not_run: usize,
    pub seconds: f64,
}

impl Verified {
    /// Whether a cell differs from the paper (the command then exits with 1).
    pub fn differs(&self) -> bool {
        self.cells.iter().any(|c| matches!(c.finding, Finding::Differs(_)))
    }
}

/// Keeps the rows whose label contains `text`, and the aggregate rows.
pub fn select_rows(table: &mut Table, text: &str, path: &Path) -> Result<(), Error> {
    let aggregate = |r: &table::Row| r.cells.iter().any(|c| matches!(c.target, Target::Rows));
    table.rows.retain(|r| r.label.contains(text) || aggregate(r));
    if table.rows.iter().all(aggregate) {
        return Err(Error::NoRows { text: text.to_string(), table: path.display().to_string() });
    }
    Ok(())
}

/// Verifies `table`; `progress` gets a line per finished run.
pub fn verify(table: &mut Table, opts: &Options, progress: &mut dyn FnMut(String)) -> Verified {
    if let Some(t) = opts.timeout {
        table.timeout = t;
    }
    let table = &*table;
    let start = Instant::now();
    let available = Available::for_table(table, opts.tools, opts.config, opts.executor);
    let (mut instances, mut tasks) = (BTreeSet::new(), BTreeMap::new());
    for cell in table.rows.iter().flat_map(|r| &r.cells) {
        let (i, t) = needs(table, cell, &available);
        instances.extend(i);
        let class = Class::of(cell);
        for task in t {
            let c = tasks.entry(task).or_insert(class);
            *c = (*c).min(class);
        }
    }
    progress(format!("{}: generating {} instances", table.name, instances.len()));
    let generated = generate::generate(table, opts.encoders, &instances, opts.out);
    let ordered = order(table, tasks, &generated);
    let runner = Runner {
        table,
        encoders: opts.encoders,
        executor: opts.executor,
        available: &available,
        generated: &generated,
        limits: Limits::new(Duration::from_secs_f64(table.timeout), opts.memory),
        cache: opts.out.join("cache"),
        budget: opts.budget.saturating_sub(start.elapsed()),
        budget_seconds: opts.budget.as_secs(),
        jobs: opts.jobs,
        preprocessing: Default::default(),
    };
    let total = ordered.len();
    let mut finished = 0;
    let results: BTreeMap<_, Done> = runner.run(&ordered, &mut |task, done| {
        finished += 1;
        if let Done::Ran(r) = done {
            progress(format!(
                "[{finished}/{total}] {} {}: {} ({:.2} s)",
                table.describe(&task.inst),
                task.work,
                r.status,
                r.seconds
            ));
        }
    });
    let not_run = results.values().filter(|d| matches!(d, Done::NotRun(_))).count();
    let cells = judge::Judge::new(table, &available, &generated, &results).all();
    Verified { cells, runs: total - not_run, not_run, seconds: start.elapsed().as_secs_f64() }
}
