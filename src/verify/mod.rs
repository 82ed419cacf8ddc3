//! `qbfgames verify`: re-checking a published table (`suite/published/*.toml`).
//!
//! The table file names the suites holding its games and gives, per row and column, the
//! published value and how ours is produced (the measure, the solver and preprocessor, the
//! depth). Verification generates every instance the cells need, makes the runs cheapest
//! first until the time budget is spent, and compares: see [`judge`]. Runs that decide an
//! exact claim (an outcome, a size, a count of true or false instances) come first, then
//! runs only times need, then runs only open rows need; within each class the cheapest
//! first: by the published time of the run (or of the same run at another depth) where the
//! table gives one, else by the instance's literals (1 s per 100 000).

mod file;
mod judge;
mod plan;
mod resolve;
mod run;
mod table;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::{Duration, Instant};

use harness::{Limits, Tools};

pub use judge::{Finding, Judged};
pub use resolve::load;
pub use table::{format_number as format_seconds, Table, Target};

use plan::{needs, published_seconds, Available, Task};
use run::{Done, Runner};
use suites::builder::Encoders;
use table::{Claim, Published};

/// How a verification may run.
pub struct Options<'a> {
    pub tools: &'a Tools,
    /// The solvers file, for messages.
    pub config: &'a str,
    pub encoders: &'a Encoders,
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

/// The class of the runs a cell needs: 0 exact claims, 1 times and solved counts, 2 open.
fn priority(cell: &table::Cell) -> u8 {
    use table::{Count, Measure};
    match (cell.measure, &cell.published) {
        (Measure::Outcome, Published::Outcome(Claim::Open)) => 2,
        (Measure::Outcome | Measure::Size(_) | Measure::Count(Count::True | Count::False), _) => 0,
        _ => 1,
    }
}

/// Verifies `table`; `progress` gets a line per finished run.
pub fn verify(table: &mut Table, opts: &Options, progress: &mut dyn FnMut(String)) -> Verified {
    if let Some(t) = opts.timeout {
        table.timeout = t;
    }
    let table = &*table;
    let start = Instant::now();
    let available = Available::for_table(table, opts.tools, opts.config);
    let (mut instances, mut tasks) = (BTreeSet::new(), BTreeMap::new());
    for cell in table.rows.iter().flat_map(|r| &r.cells) {
        let (i, t) = needs(table, cell, &available);
        instances.extend(i);
        let class = priority(cell);
        for task in t {
            let c = tasks.entry(task).or_insert(class);
            *c = (*c).min(class);
        }
    }
    progress(format!("{}: generating {} instances", table.name, instances.len()));
    let generated = run::generate(table, opts.encoders, &instances, opts.out);
    let published = published_seconds(table);
    let size = |t: &Task| {
        generated.get(&t.inst).and_then(|g| g.as_ref().ok()).and_then(|g| g.stats.literals).unwrap_or(u64::MAX)
    };
    let mut ordered: Vec<(u8, f64, u64, Task)> = tasks
        .into_iter()
        .map(|(t, class)| {
            let literals = size(&t);
            (class, published.estimate(&t).unwrap_or(literals as f64 * 1e-5), literals, t)
        })
        .collect();
    ordered.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)).then(a.2.cmp(&b.2)).then_with(|| a.3.cmp(&b.3)));
    let ordered: Vec<Task> = ordered.into_iter().map(|(_, _, _, t)| t).collect();
    let spent = start.elapsed();
    let runner = Runner {
        table,
        encoders: opts.encoders,
        available: &available,
        generated: &generated,
        limits: Limits { timeout: Duration::from_secs_f64(table.timeout), memory: opts.memory },
        cache: opts.out.join("cache"),
        budget: opts.budget.saturating_sub(spent),
        budget_text: format!("the budget of {} s was spent", opts.budget.as_secs()),
        jobs: opts.jobs,
        preprocessing: Default::default(),
    };
    let total = ordered.len();
    let mut finished = 0;
    let results: BTreeMap<Task, Done> = runner.run(&ordered, &mut |task, done| {
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
