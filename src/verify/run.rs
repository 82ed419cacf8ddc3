//! Generating a table's instances (in parallel, content-addressed under
//! `OUT/instances/`) and making its runs, cheapest first, until the budget is spent.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use contract::{write_atomically, Source};
use harness::{
    cache_dir, classify, output_path, preprocess, run, run_pool, Executor, Invocation, Job as RunJob, Limits, Outcome,
    RealExecutor, Status, ToolRun, Verdict,
};
use qbf::identity::sha256_hex;
use qbf::stats::{stats, Stats};
use rayon::prelude::*;
use suites::generate::Builder;
use suites::Job;

use super::plan::{Available, Task, Work};
use super::table::{InstanceRef, Table};
use suites::builder::Encoders;

/// A generated instance.
#[derive(Clone, Debug)]
pub struct Generated {
    pub path: PathBuf,
    /// SHA-256 of the QDIMACS file.
    pub id: String,
    pub stats: Stats,
}

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
#[derive(Clone, Debug)]
pub enum Done {
    Ran(Ran),
    NotRun(String),
}

fn job<'t>(table: &'t Table, inst: &'t InstanceRef) -> Job<'t> {
    let family = &table.suites[inst.suite].families[inst.family];
    Job { family, params: &inst.params, depth: inst.depth, encoding: inst.encoding, formats: &[], answer: None }
}

/// Generates every instance in `instances` as QDIMACS under `out/instances`, in parallel.
pub fn generate(
    table: &Table,
    encoders: &Encoders,
    instances: &BTreeSet<InstanceRef>,
    out: &Path,
) -> BTreeMap<InstanceRef, Result<Generated, String>> {
    let dir = out.join("instances");
    instances
        .par_iter()
        .map(|inst| {
            let job = job(table, inst);
            let built = encoders.build(&table.suites[inst.suite].dir, &job).map_err(|e| e.to_string());
            let built = built.and_then(|instance| {
                let mut bytes = Vec::new();
                let comment = format!("qbfgames verify: {}", job.key());
                instance.write_qdimacs(&mut bytes, job.family.clause_form, &[&comment]).map_err(|e| e.to_string())?;
                let id = sha256_hex(&bytes);
                let source = Source::from_bytes(job.key(), bytes);
                let (_, stats) = stats(&source).map_err(|e| format!("the written QDIMACS does not parse: {e}"))?;
                let path = dir.join(format!("{id}.qdimacs"));
                if !path.is_file() {
                    std::fs::create_dir_all(&dir)
                        .and_then(|_| write_atomically(&path, |w| w.write_all(&source.bytes)))
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                }
                Ok(Generated { path, id, stats })
            });
            (inst.clone(), built.map_err(|e| format!("{}: {e}", job.key())))
        })
        .collect()
}

/// One lock per (instance id, preprocessor name).
pub type PreprocessLocks = Mutex<BTreeMap<(String, String), Arc<Mutex<()>>>>;

/// Where the runs go and how long they may take.
pub struct Runner<'a> {
    pub table: &'a Table,
    pub encoders: &'a Encoders,
    pub available: &'a Available,
    pub generated: &'a BTreeMap<InstanceRef, Result<Generated, String>>,
    /// The table's limits per run; preprocessing always gets them (its result is cached).
    pub limits: Limits,
    pub cache: PathBuf,
    pub budget: Duration,
    /// Why a task was not started.
    pub budget_text: String,
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
                    return Done::NotRun(self.budget_text.clone());
                }
                self.task(&tasks[i], Limits { timeout: self.limits.timeout.min(left), ..self.limits })
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
            Some(Err(e)) => return Done::NotRun(format!("not generated: {e}")),
            None => return Done::NotRun("not generated".to_string()),
        };
        let result = match &task.work {
            Work::Solve { solver, pre } => self.solve(generated, solver, pre.as_deref(), limits),
            Work::Preprocess { pre } => self.preprocess(generated, pre).map(|(ran, _)| ran),
            Work::Reference => self.reference(&task.inst, limits),
        };
        result.map_or_else(Done::NotRun, Done::Ran)
    }

    fn tool(&self, solver: bool, name: &str) -> Result<ToolRun, String> {
        let map = if solver { &self.available.solvers } else { &self.available.preprocessors };
        map.get(name).cloned().unwrap_or_else(|| Err(format!("`{name}` was not prepared")))
    }

    fn solve(&self, g: &Generated, solver: &str, pre: Option<&str>, limits: Limits) -> Result<Ran, String> {
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
                            limit: self.limits.timeout.as_secs_f64(),
                        });
                    }
                }
            }
        };
        let argv = solver.tool.argv(&input, None, limits.cpu_seconds(), limits.memory >> 20);
        let job =
            RunJob { invocation: Invocation { program: solver.program.clone(), args: argv[1..].to_vec() }, limits };
        let m = RealExecutor.execute(&job).map_err(|e| format!("starting {}: {e}", solver.tool.name))?;
        let (status, detail) = classify(&m, &limits, &solver.tool.answer);
        Ok(Ran {
            status,
            seconds: m.cpu.as_secs_f64(),
            pre_seconds,
            detail,
            stats: None,
            limit: limits.timeout.as_secs_f64(),
        })
    }

    /// Preprocesses once per (instance, preprocessor) under the table's limits; the status
    /// is `Unknown` when the formula was rewritten (then with its path).
    fn preprocess(&self, g: &Generated, pre: &str) -> Result<(Ran, Option<PathBuf>), String> {
        let tool = self.tool(false, pre)?;
        let dir = cache_dir(&self.cache, &tool, &self.limits);
        let lock = {
            let mut locks = self.preprocessing.lock().map_err(|_| "a run panicked while preprocessing")?;
            Arc::clone(locks.entry((g.id.clone(), pre.to_string())).or_default())
        };
        let _once = lock.lock().map_err(|_| "a run panicked while preprocessing")?;
        let result = preprocess(&RealExecutor, &tool, &dir, &g.id, &g.path, &self.limits).map_err(|e| e.to_string())?;
        let limit = self.limits.timeout.as_secs_f64();
        match result.status {
            None => {
                let path = output_path(&dir, &g.id);
                let source = Source::read(&path.display().to_string()).map_err(|e| e.to_string())?;
                let stats = stats(&source).map_err(|e| format!("{pre} wrote a formula that does not parse: {e}"))?.1;
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

    fn reference(&self, inst: &InstanceRef, limits: Limits) -> Result<Ran, String> {
        let job = job(self.table, inst);
        let inv = self.encoders.reference(&self.table.suites[inst.suite].dir, &job).map_err(|e| e.to_string())?;
        let done = run(&inv, limits.timeout).map_err(|e| e.to_string())?;
        let (status, detail) = match done.outcome {
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
            limit: limits.timeout.as_secs_f64(),
        })
    }
}
