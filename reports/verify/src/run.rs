//! Making a table's runs in their order on a worker pool until the budget is spent.
//! Solvers, preprocessors and the reference solver all run through the [`Executor`].

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use contract::{Source, Status, Verdict};
use harness::{
    cache_dir, classify, output_path, preprocess, run_pool, Executor, Job, Limits, Outcome, ToolRun, STARVED_RETRIES,
};
use qbf::stats::{stats, Stats};
use suites::builder::Encoders;

use super::error::RunError;
use super::generate::{job, Generated, Instances};
use super::plan::{Available, Task, Work};
use super::table::{InstanceRef, Table};

/// How a run ended.
#[derive(Clone, Debug)]
pub struct Ran {
    pub status: Status,
    /// The solver's CPU seconds (wall-clock for the reference solver; the preprocessor's
    /// for a preprocessing run, whose status is `Unknown` when it rewrote the formula).
    pub seconds: f64,
    /// CPU seconds of the preprocessor.
    pub pre_seconds: f64,
    pub detail: String,
    /// Sizes of the preprocessed formula (preprocessing runs that rewrote it).
    pub stats: Option<Stats>,
    /// The run's time limit in seconds (less than the table's near the end of the budget).
    pub limit: f64,
}

/// A task's result, or why it did not run.
#[derive(Debug)]
pub enum Done {
    Ran(Ran),
    NotRun(RunError),
}

/// One lock per (instance id, preprocessor name).
pub type PreprocessLocks = Mutex<BTreeMap<(String, String), Arc<Mutex<()>>>>;

/// Where the runs go and how long they may take.
pub struct Runner<'a> {
    pub table: &'a Table,
    pub encoders: &'a Encoders,
    pub executor: &'a dyn Executor,
    pub available: &'a Available,
    pub generated: &'a Instances,
    /// The table's limits per run; preprocessing always gets them (its result is cached).
    pub limits: Limits,
    pub cache: PathBuf,
    pub budget: Duration,
    /// The whole budget in seconds, for the reason a task was not started.
    pub budget_seconds: u64,
    pub jobs: usize,
    /// One lock per (instance, preprocessor): a formula is preprocessed once, and runs
    /// that need it wait for it, then read the cache.
    pub preprocessing: PreprocessLocks,
}

impl Runner<'_> {
    /// Runs `tasks` in their order on `jobs` workers. A task not started when the budget
    /// is spent is `NotRun`; a solver run gets the table's time limit or what is left of
    /// the budget, whichever is less. `progress` sees each result as it comes.
    pub fn run(&self, tasks: &[Task], progress: &mut dyn FnMut(&Task, &Done)) -> BTreeMap<Task, Done> {
        let deadline = Instant::now() + self.budget;
        let mut results = BTreeMap::new();
        let outcome: Result<(), std::convert::Infallible> = run_pool(
            self.jobs,
            tasks.len(),
            |i| {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Done::NotRun(RunError::Budget(self.budget_seconds));
                }
                self.task(&tasks[i], Limits::new(self.limits.cpu.min(left), self.limits.memory))
            },
            |i, done| {
                progress(&tasks[i], &done);
                results.insert(tasks[i].clone(), done);
                Ok(())
            },
        );
        match outcome {
            Ok(()) => results,
            Err(never) => match never {},
        }
    }

    fn task(&self, task: &Task, limits: Limits) -> Done {
        let generated = match self.generated.get(&task.inst) {
            Some(Ok(g)) => g,
            Some(Err(e)) => return Done::NotRun(RunError::NotGenerated(Arc::clone(e))),
            None => return Done::NotRun(RunError::NoInstance),
        };
        let result = match &task.work {
            Work::Solve { solver, pre } => self.solve(generated, solver, pre.as_deref(), limits),
            Work::Preprocess { pre } => self.preprocess(generated, pre).map(|(ran, _)| ran),
            Work::Reference => self.reference(&task.inst, limits),
        };
        result.map_or_else(Done::NotRun, Done::Ran)
    }

    fn tool(&self, solver: bool, name: &str) -> Result<ToolRun, RunError> {
        let map = if solver { &self.available.solvers } else { &self.available.preprocessors };
        match map.get(name) {
            Some(Ok(tool)) => Ok(tool.clone()),
            Some(Err(why)) => Err(RunError::Unavailable(why.clone())),
            None => Err(RunError::NotPrepared(name.to_string())),
        }
    }

    fn solve(&self, g: &Generated, solver: &str, pre: Option<&str>, limits: Limits) -> Result<Ran, RunError> {
        let solver = self.tool(true, solver)?;
        let (input, pre_seconds) = match pre {
            None => (g.path.clone(), 0.0),
            Some(p) => {
                let (ran, output) = self.preprocess(g, p)?;
                match (ran.status, output) {
                    (Status::Unknown, Some(output)) => (output, ran.seconds),
                    (status, _) => {
                        let detail = if status.verdict().is_some() {
                            format!("answered by {p}")
                        } else {
                            format!("{p} {status}: {}", ran.detail)
                        };
                        return Ok(Ran {
                            status,
                            seconds: 0.0,
                            pre_seconds: ran.seconds,
                            detail,
                            stats: None,
                            limit: self.limits.cpu.as_secs_f64(),
                        });
                    }
                }
            }
        };
        let limit = limits.cpu.as_secs_f64();
        // One budget for the preprocessor and the solver: the solver gets what is left.
        let Some(mut left) = limits.after(Duration::from_secs_f64(pre_seconds)) else {
            let detail = format!("CPU-time limit: {} used all of it", pre.unwrap_or_default());
            return Ok(Ran { status: Status::Timeout, seconds: 0.0, pre_seconds, detail, stats: None, limit });
        };
        let mut retries = STARVED_RETRIES;
        loop {
            let job = solver.job(&input, None, left);
            let m = self
                .executor
                .execute(&job)
                .map_err(|error| RunError::Start { tool: solver.tool.name.clone(), error })?;
            let (status, detail) = classify(&m, &left, &solver.tool.answer);
            if status == Status::Starved && retries > 0 {
                retries -= 1;
                left = left.widened();
                continue;
            }
            return Ok(Ran { status, seconds: m.cpu.as_secs_f64(), pre_seconds, detail, stats: None, limit });
        }
    }

    /// Preprocesses once per (instance, preprocessor) under the table's limits; the status
    /// is `Unknown` when the formula was rewritten (then with its path).
    fn preprocess(&self, g: &Generated, pre: &str) -> Result<(Ran, Option<PathBuf>), RunError> {
        let tool = self.tool(false, pre)?;
        let dir = cache_dir(&self.cache, &tool, &self.limits);
        let lock = {
            let mut locks = self.preprocessing.lock().map_err(|_| RunError::Poisoned)?;
            Arc::clone(locks.entry((g.id.clone(), pre.to_string())).or_default())
        };
        let _once = lock.lock().map_err(|_| RunError::Poisoned)?;
        let result = preprocess(self.executor, &tool, &dir, &g.id, &g.path, &self.limits, &self.cache)
            .map_err(RunError::Preprocess)?;
        let limit = self.limits.cpu.as_secs_f64();
        match result.status {
            None => {
                let path = output_path(&dir, &g.id);
                let source = Source::read(&path.display().to_string()).map_err(RunError::ReadPreprocessed)?;
                let stats =
                    stats(&source).map_err(|e| RunError::Unparsable { pre: pre.to_string(), error: Box::new(e) })?.1;
                Ok((
                    Ran {
                        status: Status::Unknown,
                        seconds: result.cpu_s,
                        pre_seconds: result.cpu_s,
                        detail: result.detail,
                        stats: Some(stats),
                        limit,
                    },
                    Some(path),
                ))
            }
            Some(status) => Ok((
                Ran {
                    status,
                    seconds: result.cpu_s,
                    pre_seconds: result.cpu_s,
                    detail: result.detail,
                    stats: None,
                    limit,
                },
                None,
            )),
        }
    }

    /// The reference solver on the game under the run's time limit and no memory limit.
    fn reference(&self, inst: &InstanceRef, limits: Limits) -> Result<Ran, RunError> {
        let job = job(self.table, inst);
        let invocation = self.encoders.reference(&self.table.suites[inst.suite].dir, &job);
        let limits = Limits { memory: 0, ..limits };
        let done = self.executor.execute(&Job { invocation, limits, owner: None }).map_err(RunError::ReferenceStart)?;
        let outcome =
            if done.hit_time_limit() { Outcome::Timeout } else { Outcome::from_exit(done.exit_code, done.signal) };
        let (status, detail) = match outcome {
            Outcome::Solved(Verdict::True) => (Status::True, String::new()),
            Outcome::Solved(Verdict::False) => (Status::False, String::new()),
            Outcome::Timeout => (Status::Timeout, String::new()),
            Outcome::Unknown => (Status::Unknown, String::new()),
            Outcome::Error(e) => (Status::Error, format!("{e}: {}", String::from_utf8_lossy(&done.stderr).trim())),
        };
        Ok(Ran {
            status,
            seconds: done.wall.as_secs_f64(),
            pre_seconds: 0.0,
            detail,
            stats: None,
            limit: limits.cpu.as_secs_f64(),
        })
    }
}
