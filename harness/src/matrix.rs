//! The matrix: every (instance × preprocessor × solver) cell, scheduled on a pool of
//! workers, each cell's record handed back as soon as it is final.
//!
//! Cells whose key already has a record are skipped (resume). The first cell that needs a
//! preprocessed formula makes it, once per (instance, preprocessor), cached (see
//! [`crate::preprocess`]); a cell that needs it meanwhile waits. A cell whose
//! preprocessor answered takes that answer without running the solver; one whose
//! preprocessor failed takes the failure. A cell whose solver cannot read the instance's
//! format does not exist. Cells run in the order of [`schedule`]; with
//! [`Plan::stop_series`], a configuration stops on a depth series at the first rung it ran
//! out of its limit on (see [`crate::series_stop`]).
//!
//! One budget per cell, as a competition times a preprocessing solver: the CPU limit holds
//! for the preprocessor and the solver together. The solver runs with what preprocessing
//! left ([`Limits::after`]); a cached preprocessing result carries its CPU time, which is
//! charged to every cell that uses it; preprocessing that used the whole limit makes the
//! cell a `timeout` without running the solver.
//!
//! A cell the machine starved (stopped by the wall-clock limit before it used its CPU
//! limit) is run again within the same call, up to [`Plan::starved_retries`] times, each
//! time with twice the wall-clock margin ([`Limits::widened`]); its starved record is
//! handed on first, and the re-run's record supersedes it.
//!
//! With a [`Plan::certifier`], a cell whose solver can trace (see [`crate::certifier`])
//! runs through it instead: its traced run is its measured run, and its record says what
//! the certification found (`certificate`); a rejected certificate makes the answer
//! `wrong`. Such a cell's key ends in the certifier's [`AnswerCertifier::key`].

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use super::answer::classify;
use super::cell::Cell;
use super::certifier::{AnswerCertifier, CellExecutor, Certificate};
use super::error::Error;
use super::executor::Executor;
use super::instance::Instance;
use super::limits::Limits;
use super::logs::{log_path, write_log};
use super::pool::run_pool;
use super::preprocess::{cache_dir, output_path, preprocess, secs, PreResult};
use super::series_stop::{schedule, SeriesStops};
use super::tool_run::ToolRun;
use contract::Status;
use contract::{cell_key, Record};
use qbf::io::Format;

/// What to run.
pub struct Plan {
    pub instances: Vec<Instance>,
    /// `None` is "no preprocessing".
    pub preprocessors: Vec<Option<ToolRun>>,
    pub solvers: Vec<ToolRun>,
    pub limits: Limits,
    pub jobs: usize,
    /// Where preprocessed formulas are cached.
    pub cache: PathBuf,
    /// The run directory: each solver run's log goes under its `logs/`.
    pub dir: PathBuf,
    /// The directory whose lock this run holds; its processes are tagged with it
    /// (`QBFGAMES_RUN`), so a later run finds what a killed run left.
    pub owner: PathBuf,
    /// The number of this run, stored in every record.
    pub run: u64,
    /// Certifies the answers of the cells that can be certified ([`Plan::certifies`]);
    /// `None`: no cell is.
    pub certifier: Option<Arc<dyn AnswerCertifier>>,
    /// How often a cell starved in this call is run again within it.
    pub starved_retries: u32,
    /// `Some`: each configuration stops on a depth series at the first rung it runs out of
    /// its limit on; the cells of deeper rungs are recorded [`Status::Skipped`], not run.
    /// It holds the keys of the cells that ran out in earlier runs of the directory, so
    /// that the stop holds across a resume. `None`: every cell runs.
    pub stop_series: Option<BTreeSet<String>>,
}

/// How often a starved cell is run again within a run, by default: with the wall-clock
/// margin doubled each time (30, 60, 120, 240 s over the CPU limit), a machine must stay
/// busy for long to starve a cell four times.
pub const STARVED_RETRIES: u32 = 3;

impl Plan {
    /// Whether the cell of instance `instance`, preprocessor `preprocessor` and solver
    /// `solver` runs through the certifier: there is one, the solver has a `trace`
    /// command, the cell is not preprocessed (a proof of the preprocessed formula would
    /// certify a different formula) and the instance is QDIMACS (proofs are of clauses).
    pub fn certifies(&self, instance: usize, preprocessor: usize, solver: usize) -> bool {
        self.certifier.is_some()
            && self.preprocessors[preprocessor].is_none()
            && self.solvers[solver].tool.trace.is_some()
            && self.instances[instance].format == Format::Qdimacs
    }

    /// The configuration of `cell`: `PREPROCESSOR+SOLVER` (`none` for no preprocessing),
    /// as [`contract::Record::configuration`] names it.
    pub fn configuration(&self, cell: &Cell) -> String {
        let pre = self.preprocessors[cell.preprocessor].as_ref().map_or("none", |p| p.tool.name.as_str());
        format!("{pre}+{}", self.solvers[cell.solver].tool.name)
    }

    /// Every cell, in instance, preprocessor, solver order.
    pub fn cells(&self) -> Vec<Cell> {
        let limits = self.limits.to_string();
        let certified = self.certifier.as_ref().map(|c| format!("{limits}|{}", c.key()));
        let mut cells = Vec::new();
        for (i, inst) in self.instances.iter().enumerate() {
            for (p, pre) in self.preprocessors.iter().enumerate() {
                let solver_input = match pre {
                    None => inst.format,
                    Some(pre) if pre.tool.reads(inst.format) => Format::Qdimacs,
                    Some(_) => continue,
                };
                let (pre_name, pre_version) =
                    pre.as_ref().map_or(("none", "-"), |p| (p.tool.name.as_str(), p.version.as_str()));
                for (s, solver) in self.solvers.iter().enumerate() {
                    if solver.tool.reads(solver_input) {
                        let limits = match &certified {
                            Some(certified) if self.certifies(i, p, s) => certified,
                            _ => &limits,
                        };
                        let key = cell_key(&inst.id, pre_name, pre_version, &solver.tool.name, &solver.version, limits);
                        cells.push(Cell { instance: i, preprocessor: p, solver: s, key });
                    }
                }
            }
        }
        cells
    }
}

/// Runs every cell of `plan` whose key is not in `finished`, handing each record to
/// `record` on the calling thread as soon as it is final; starved cells are run again
/// (see the module's documentation), each record handed on as it comes.
pub fn run_matrix(
    plan: &Plan,
    executor: &dyn Executor,
    finished: &dyn Fn(&str) -> bool,
    record: &mut dyn FnMut(Record) -> Result<(), Error>,
) -> Result<(), Error> {
    let cells = plan.cells();
    let stops = SeriesStops::new(&plan.instances, &cells, plan.stop_series.as_ref());
    let mut pending: Vec<Cell> = cells.into_iter().filter(|c| !finished(&c.key)).collect();
    let mut limits = plan.limits;
    for round in 0..=plan.starved_retries {
        let mut starved = Vec::new();
        run_round(plan, &limits, executor, &pending, &stops, &mut |k, r| {
            if r.status == Status::Starved && round < plan.starved_retries {
                starved.push(pending[k].clone());
            }
            record(r)
        })?;
        if starved.is_empty() {
            break;
        }
        pending = starved;
        limits = limits.widened();
    }
    Ok(())
}

/// Runs `cells` under `limits` (the plan's, or wider wall-clock limits for starved
/// cells) in the order of [`schedule`], each preprocessed formula made by the first cell
/// that needs it, a cell past its configuration's series stop (`stops`, kept across
/// rounds) not run; hands each record to `record` with the cell's index.
fn run_round(
    plan: &Plan,
    limits: &Limits,
    executor: &dyn Executor,
    cells: &[Cell],
    stops: &SeriesStops,
    record: &mut dyn FnMut(usize, Record) -> Result<(), Error>,
) -> Result<(), Error> {
    type Preprocessed = OnceLock<Result<(PreResult, PathBuf), Arc<Error>>>;
    let preprocessed: BTreeMap<(usize, usize), Preprocessed> = cells
        .iter()
        .filter(|c| plan.preprocessors[c.preprocessor].is_some())
        .map(|c| ((c.instance, c.preprocessor), OnceLock::new()))
        .collect();
    let preprocess_once = |i: usize, p: usize| -> Result<Option<&(PreResult, PathBuf)>, Error> {
        let (Some(pre), Some(once)) = (&plan.preprocessors[p], preprocessed.get(&(i, p))) else { return Ok(None) };
        let made = once.get_or_init(|| {
            let inst = &plan.instances[i];
            let dir = cache_dir(&plan.cache, pre, limits);
            let result =
                preprocess(executor, pre, &dir, &inst.id, &inst.path, limits, &plan.owner).map_err(Arc::new)?;
            Ok((result, output_path(&dir, &inst.id)))
        });
        made.as_ref().map(Some).map_err(|e| Error::Shared(e.clone()))
    };
    let order = schedule(&plan.instances, cells);
    run_pool(
        plan.jobs,
        order.len(),
        |k| {
            let cell = &cells[order[k]];
            if let Some(depth) = stops.stopped_at(&plan.instances, cell) {
                return Ok(skipped(plan, limits, cell, depth));
            }
            let pre = preprocess_once(cell.instance, cell.preprocessor)?;
            let r = run_cell(plan, limits, executor, cell, pre);
            stops.note(&plan.instances, cell, r.status);
            Ok(r)
        },
        |k, r: Result<Record, Error>| record(order[k], r?),
    )
}

/// The record of a cell not run: its configuration ran out of its limit at `depth` of the
/// same series.
fn skipped(plan: &Plan, limits: &Limits, cell: &Cell, depth: u32) -> Record {
    let mut r = blank(plan, limits, cell);
    r.status = Status::Skipped;
    r.detail = format!("not run: this configuration ran out of its limit at depth {depth} of the same series");
    r
}

/// The record of `cell` before it runs: what it is, with status `error` and no measure.
fn blank(plan: &Plan, limits: &Limits, cell: &Cell) -> Record {
    let inst = &plan.instances[cell.instance];
    let solver = &plan.solvers[cell.solver];
    let pre_tool = plan.preprocessors[cell.preprocessor].as_ref();
    Record {
        key: cell.key.clone(),
        run: plan.run,
        instance: inst.id.clone(),
        family: inst.family.clone(),
        format: inst.format.to_string(),
        preprocessor: pre_tool.map_or("none".to_string(), |p| p.tool.name.clone()),
        preprocessor_version: pre_tool.map_or("-".to_string(), |p| p.version.clone()),
        solver: solver.tool.name.clone(),
        solver_version: solver.version.clone(),
        timeout_s: limits.cpu.as_secs_f64(),
        wall_timeout_s: limits.wall.as_secs_f64(),
        memory_mb: limits.memory >> 20,
        status: Status::Error,
        answer: String::new(),
        check: String::new(),
        expected: inst.expected.map_or("unknown".to_string(), |v| Status::from_verdict(v).to_string()),
        pre_status: String::new(),
        pre_cpu_s: 0.0,
        pre_wall_s: 0.0,
        cpu_s: 0.0,
        wall_s: 0.0,
        peak_mb: 0.0,
        exit_code: None,
        signal: None,
        core: None,
        load_start: 0.0,
        load_end: 0.0,
        log: String::new(),
        detail: String::new(),
        certificate: String::new(),
        core_shared: None,
    }
}

/// Runs one cell to its record.
fn run_cell(
    plan: &Plan,
    limits: &Limits,
    executor: &dyn Executor,
    cell: &Cell,
    pre: Option<&(PreResult, PathBuf)>,
) -> Record {
    let inst = &plan.instances[cell.instance];
    let solver = &plan.solvers[cell.solver];
    let pre_tool = plan.preprocessors[cell.preprocessor].as_ref();
    let mut r = blank(plan, limits, cell);
    let (input, solver_limits): (&Path, Limits) = match (pre_tool, pre) {
        (None, _) => (&inst.path, *limits),
        (Some(_), None) => {
            r.detail = "internal error: preprocessing result missing".to_string();
            return r;
        }
        (Some(p), Some((result, output))) => {
            r.pre_status = result.label();
            r.pre_cpu_s = result.cpu_s;
            r.pre_wall_s = result.wall_s;
            if let Some(status) = result.status {
                r.status = status;
                r.detail = match status.verdict() {
                    Some(_) => format!("answered by {}", p.tool.name),
                    None => format!("{} {status}: {}", p.tool.name, result.detail),
                };
                r.set_answer(status.verdict());
                return r;
            }
            match limits.after(Duration::from_secs_f64(result.cpu_s)) {
                Some(left) => (output, left),
                None => {
                    r.status = Status::Timeout;
                    r.detail = format!("CPU-time limit: {} used all of it", p.tool.name);
                    return r;
                }
            }
        }
    };
    let certifier = plan.certifier.as_ref().filter(|_| plan.certifies(cell.instance, cell.preprocessor, cell.solver));
    let (run, invocation) = match certifier {
        Some(certifier) => {
            let executor = CellExecutor::new(executor, &plan.owner);
            let outcome = certifier.certify(&executor, solver, inst, solver_limits);
            let invocation = executor.ran().unwrap_or_default();
            (outcome.map(|o| (o.measurement, o.status, o.detail, o.certificate)), invocation)
        }
        None => {
            let mut job = solver.job(input, None, solver_limits);
            job.owner = Some(plan.owner.clone());
            let run = executor.execute(&job).map(|m| {
                let (status, detail) = classify(&m, &solver_limits, &solver.tool.answer);
                (m, status, detail, Certificate::None)
            });
            (run, job.invocation)
        }
    };
    match run {
        Err(e) => r.detail = e.to_string(),
        Ok((m, status, detail, certificate)) => {
            r.status = status;
            r.detail = match &certificate {
                Certificate::Rejected(why) => format!("certificate rejected: {why}"),
                Certificate::Unverified(why) => format!("certificate unverified: {why}"),
                Certificate::None | Certificate::Certified => detail,
            };
            r.certificate = certificate.to_string();
            r.set_answer(status.verdict());
            r.cpu_s = secs(m.cpu);
            r.wall_s = secs(m.wall);
            r.peak_mb = ((m.peak_memory >> 10) as f64 / 1024.0 * 10.0).round() / 10.0;
            r.exit_code = m.exit_code;
            r.signal = m.signal;
            r.core = m.core;
            r.core_shared = m.core_shared;
            (r.load_start, r.load_end) = m.load;
            if !m.log.is_empty() {
                let log = log_path(&inst.family, &inst.path, &r.configuration(), &r.key);
                match write_log(&plan.dir, &log, &invocation, &m.log) {
                    Ok(()) => r.log = log.display().to_string(),
                    Err(e) => r.detail = format!("{} (log not written: {e})", r.detail).trim_start().to_string(),
                }
            }
        }
    }
    r
}
