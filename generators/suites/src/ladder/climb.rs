//! Climbing one ladder ([`climb`]) with its calibration solver ([`solvers`]): rung by rung
//! until the solver fails `fails` times in a row, then, for a ladder that predicts, on with
//! predicted rungs.

use std::collections::BTreeMap;
use std::path::Path;

use contract::ParseError;
use contract::{manifest::Row, Status};
use harness::growth::Growth;
use harness::{classify, format_memory, Executor, Limits, ToolRun, Tools};
use qbf::io::Format;

use super::record::{Calibrated, Rung};
use super::rungs::{rung, Rungs};
use crate::error::GenError;
use crate::expand::Job;
use crate::resolve::{Ladder, Suite};

/// A predicting ladder generates rungs until one is predicted past this many times the
/// competition limit for its solver: another configuration (a preprocessor before the
/// solver, another solver) can be that much faster. Measured on the default suite: Bloqqer
/// then DepQBF solved Breakthrough 2x5 at depth 15 in 8.7 s, where DepQBF alone was
/// predicted at over 10,000 s.
pub const OTHER_CONFIGURATIONS: f64 = 1000.0;

/// At most this many predicted rungs per ladder.
pub const MAX_PREDICTED: usize = 6;

/// The calibration solvers of `suite`'s ladders, from the solvers file `tools` (read from
/// `config`), located and with their versions asked. A solver missing from the file, or
/// one that does not read QDIMACS, is an error at the ladder's `solver` key.
pub fn solvers(
    suite: &Suite,
    tools: &Tools,
    config: &Path,
    executor: &dyn Executor,
) -> Result<BTreeMap<String, ToolRun>, LadderError> {
    let mut out = BTreeMap::new();
    for ladder in suite.families.iter().filter_map(|f| f.ladder.as_ref()) {
        if out.contains_key(&ladder.solver) {
            continue;
        }
        let Some(tool) = tools.solvers.get(&ladder.solver) else {
            let known = tools.solvers.keys().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ");
            return Err(LadderError::Located(ladder.solver_at.error(
                format!("no solver `{}` in the solvers file {}", ladder.solver, config.display()),
                format!("use one of {known}, or give the solvers file with --config"),
            )));
        };
        if !tool.reads(Format::Qdimacs) {
            return Err(LadderError::Located(ladder.solver_at.error(
                format!("solver `{}` does not read QDIMACS, and ladders calibrate on QDIMACS", ladder.solver),
                "choose a solver whose `formats` include \"qdimacs\"",
            )));
        }
        out.insert(ladder.solver.clone(), harness::prepare(tool, executor)?);
    }
    Ok(out)
}

/// Why the calibration solvers could not be made ready.
#[derive(Debug, thiserror::Error)]
pub enum LadderError {
    #[error("{0}")]
    Located(ParseError),
    #[error(transparent)]
    Harness(#[from] harness::Error),
}

/// The calibration solvers and how to run them.
pub struct Calibration<'a> {
    /// By name, as [`solvers`] makes them.
    pub solvers: &'a BTreeMap<String, ToolRun>,
    pub executor: &'a dyn Executor,
}

/// Builds one job: its manifest rows, and whether they were reused from the previous
/// manifest.
pub type BuildJob<'f> = dyn Fn(&Job) -> Result<(Vec<Row>, bool), GenError> + 'f;

/// What climbing one ladder gave: the manifest rows of its rungs, how many of them were
/// reused from the previous manifest, and the calibration runs.
pub struct Climbed {
    pub rows: Vec<Row>,
    pub reused: usize,
    pub rungs: Vec<Rung>,
}

/// Climbs one ladder: each rung is built by `build` (its manifest rows, and whether they
/// were reused), its QDIMACS solved under the ladder's limits, until `fails` rungs in a
/// row are not solved or the rungs run out; a predicting ladder then goes on with
/// predicted rungs (see the module's documentation). `progress` sees each rung's job key.
pub fn climb(
    calibration: &Calibration<'_>,
    ladder: &Rungs<'_>,
    out: &Path,
    build: &BuildJob<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Climbed, GenError> {
    let l = ladder.ladder;
    let solver = calibration.solvers.get(&l.solver).ok_or_else(|| GenError::Build {
        job: format!("{}/{}", ladder.family.name, ladder.key),
        message: format!("the calibration solver `{}` was not made ready", l.solver),
    })?;
    let limits = l.limits();
    let mut climbed = Climbed { rows: Vec::new(), reused: 0, rungs: Vec::new() };
    let mut unsolved = 0;
    let mut solved_points = Vec::new();
    let mut growth: Option<Growth> = None;
    for (i, job) in ladder.jobs.iter().enumerate() {
        let x = position(l, job, i);
        let (rows, reused) = build(job)?;
        progress(&job.key());
        let mut rung = Rung {
            family: ladder.family.name.clone(),
            ladder: ladder.key.clone(),
            over: l.over.name().to_string(),
            rung: rung(l, job),
            status: Calibrated::Predicted,
            cpu_s: 0.0,
            solver: l.solver.clone(),
            solver_version: solver.version.clone(),
            limit_s: l.limit_s,
            memory: format_memory(l.memory),
            job: job.key(),
        };
        climbed.reused += if reused { rows.len() } else { 0 };
        if let (Some(g), Some(to)) = (&growth, l.predict_to) {
            rung.cpu_s = g.predict(x).max(l.limit_s);
            rung.limit_s = to;
            climbed.rows.extend(rows);
            let past = rung.cpu_s > to * OTHER_CONFIGURATIONS;
            climbed.rungs.push(rung);
            if past || climbed.rungs.iter().filter(|r| r.predicted()).count() >= MAX_PREDICTED {
                break;
            }
            continue;
        }
        let qdimacs = rows.iter().find(|r| r.format == "qdimacs").ok_or_else(|| GenError::Build {
            job: job.key(),
            message: "a ladder's rung wrote no QDIMACS to calibrate on".to_string(),
        })?;
        let (status, cpu) = solve(calibration.executor, solver, &limits, &out.join(&qdimacs.path), job)?;
        if let (Some(said), Some(expected)) = (status.verdict(), qdimacs.expected) {
            if said != expected {
                return Err(calibration_error(
                    job,
                    solver,
                    format!(
                        "answers {said}, but the expected answer (by {}) is {expected}; the solver or the encoding is wrong",
                        qdimacs.expected_by
                    ),
                ));
            }
        }
        climbed.rows.extend(rows);
        rung.status = Calibrated::Run(status);
        rung.cpu_s = cpu;
        climbed.rungs.push(rung);
        if status.verdict().is_some() {
            unsolved = 0;
            solved_points.push((x, cpu));
        } else {
            unsolved += 1;
        }
        if unsolved >= l.fails {
            // The rung it ran out on enters the fit at the limit: a lower bound of its time.
            if status == Status::Timeout {
                solved_points.push((x, l.limit_s));
            }
            growth = l.predict_to.and_then(|_| Growth::fit(&solved_points));
            if growth.is_none() {
                break;
            }
        }
    }
    Ok(climbed)
}

/// Where `job` (the `i`-th rung) lies on the ladder, for its growth: the rung's value when
/// it is a number (a depth, a board size), else its place.
fn position(ladder: &Ladder, job: &Job, i: usize) -> f64 {
    rung(ladder, job).parse::<f64>().ok().filter(|x| x.is_finite()).unwrap_or(i as f64)
}

fn calibration_error(job: &Job, solver: &ToolRun, message: String) -> GenError {
    GenError::Build { job: job.key(), message: format!("calibration solver `{}`: {message}", solver.tool.name) }
}

/// One calibration run of `file`, run again while the machine starves it: its status
/// (an answer, `timeout`, `memout` or `unknown`) and CPU seconds. A run that fails
/// (`error`) is an error of generation, with what the solver printed.
fn solve(
    executor: &dyn Executor,
    solver: &ToolRun,
    limits: &Limits,
    file: &Path,
    job: &Job,
) -> Result<(Status, f64), GenError> {
    let run = solver.job(file, None, *limits);
    for _ in 0..=harness::STARVED_RETRIES {
        let m = executor.execute(&run).map_err(|e| calibration_error(job, solver, format!("cannot start: {e}")))?;
        let (status, detail) = classify(&m, limits, &solver.tool.answer);
        match status {
            Status::Starved => continue,
            Status::True | Status::False | Status::Timeout | Status::Memout | Status::Unknown => {
                return Ok((status, m.cpu.as_secs_f64()))
            }
            _ => {
                let stderr = String::from_utf8_lossy(&m.stderr);
                let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
                let tail: Vec<&str> = tail.into_iter().rev().collect();
                return Err(calibration_error(
                    job,
                    solver,
                    format!(
                        "{status} ({detail}){}",
                        if tail.is_empty() { String::new() } else { format!(": {}", tail.join(" | ")) }
                    ),
                ));
            }
        }
    }
    Err(calibration_error(
        job,
        solver,
        format!(
            "starved {} times in a row (the wall-clock limit stopped it before it had used its CPU limit); run generate on a less busy machine or with fewer --jobs",
            harness::STARVED_RETRIES + 1
        ),
    ))
}
