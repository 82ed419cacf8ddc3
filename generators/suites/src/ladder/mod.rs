//! Scaling ladders (`[family.ladder]`): a family grows one parameter (the depth, or a grid
//! key) rung by rung until a calibration solver has failed at the calibration limit
//! `fails` times in a row, so that each family reaches from easy to beyond reach.
//!
//! Every combination of a family's other parameters and encodings is a ladder of its own;
//! [`split`] finds them among a suite's jobs. `generate` climbs each ladder ([`climb`]):
//! it builds a rung, runs the solver on the rung's QDIMACS under the harness's limits,
//! and stops after `fails` consecutive rungs without an answer. The failing rungs stay in
//! the suite (they are its "beyond reach" end); rungs after the stop are not generated.
//!
//! A ladder that predicts (`predict_to`, the competition limit) goes on past the stop: the
//! solved rungs give the solver's growth ([`harness::growth::Growth`]), and the rungs after
//! the stop are generated without running any solver, each recorded as `predicted` with its
//! predicted CPU time, up to the first rung predicted past [`OTHER_CONFIGURATIONS`] times the
//! competition limit (so that a configuration that much faster than the ladder's solver
//! is also past it there), at most [`MAX_PREDICTED`] rungs. `run` leaves predicted rungs
//! out; `select` predicts every configuration's time on them from its own growth.
//!
//! How far a ladder gets depends on the machine, so every calibration run is recorded in
//! `DIR/ladders.csv` (one [`Rung`] a line). Given that file back ([`Recorded::read`]),
//! `generate` builds exactly the same rungs without running any solver, and writes the
//! same bytes.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};
use std::path::Path;

use contract::ParseError;
use contract::{manifest::Row, Status};
use harness::growth::Growth;
use harness::{classify, format_memory, Executor, InputFormat, Limits, ToolRun, Tools};

use crate::error::GenError;
use crate::expand::Job;
use crate::resolve::{params_string, Family, Ladder, Over, Param, Suite};

mod recorded;

pub use recorded::{predicted_jobs, ReachError, Recorded};

/// The name of the record of a generation's ladders, in `DIR/` and in `DIR/models/`.
pub const FILE: &str = "ladders.csv";

/// The columns of `ladders.csv`, in order.
pub const COLUMNS: [&str; 11] =
    ["family", "ladder", "over", "rung", "status", "cpu_s", "solver", "solver_version", "limit_s", "memory", "job"];

/// A predicting ladder generates rungs until one is predicted past this many times the
/// competition limit for its solver: another configuration (a preprocessor before the
/// solver, another solver) can be that much faster. Measured on the default suite: Bloqqer
/// then DepQBF solved Breakthrough 2x5 at depth 15 in 8.7 s, where DepQBF alone was
/// predicted at over 10,000 s.
pub const OTHER_CONFIGURATIONS: f64 = 1000.0;

/// At most this many predicted rungs per ladder.
pub const MAX_PREDICTED: usize = 6;

/// The value of the ladder's parameter at `job`: its rung.
pub fn rung(ladder: &Ladder, job: &Job) -> String {
    match &ladder.over {
        Over::Depth => job.depth.to_string(),
        Over::Key(k) => job.params.get(k).map(Param::to_string).unwrap_or_default(),
    }
}

/// The ladder `job` is on: its job key without the family, with the growing
/// parameter (and the paths made from it) as `*`, e.g. `board=4;shape=tic/d=*/corplus`.
pub fn key(ladder: &Ladder, job: &Job) -> String {
    let mut params = job.params.clone();
    let mut depth = job.depth.to_string();
    match &ladder.over {
        Over::Depth => depth = "*".to_string(),
        Over::Key(k) => {
            for key in std::iter::once(k).chain(&ladder.derived) {
                if let Some(v) = params.get_mut(key) {
                    *v = Param::Str("*".to_string());
                }
            }
        }
    }
    format!("{}/d={depth}/{}", params_string(&params), job.encoding.name())
}

/// One ladder of a suite: the jobs of a family that differ only in the ladder's
/// parameter, rung by rung.
#[derive(Clone, Debug)]
pub struct Rungs<'a> {
    pub family: &'a Family,
    pub ladder: &'a Ladder,
    /// [`key()`] of its jobs.
    pub key: String,
    /// One job per rung, lowest first.
    pub jobs: Vec<Job<'a>>,
}

impl Rungs<'_> {
    /// The rung values, in order.
    pub fn values(&self) -> Vec<String> {
        self.jobs.iter().map(|j| rung(self.ladder, j)).collect()
    }
}

/// Splits a suite's jobs (in [`expand`](crate::expand()) order) into the jobs outside
/// ladders and the ladders, each in the order of its first job.
pub fn split(jobs: Vec<Job<'_>>) -> (Vec<Job<'_>>, Vec<Rungs<'_>>) {
    let mut plain = Vec::new();
    let mut ladders: Vec<Rungs<'_>> = Vec::new();
    let mut index: BTreeMap<(String, String), usize> = BTreeMap::new();
    for job in jobs {
        let Some(ladder) = job.family.ladder.as_ref() else {
            plain.push(job);
            continue;
        };
        let key = key(ladder, &job);
        let i = *index.entry((job.family.name.clone(), key.clone())).or_insert_with(|| {
            ladders.push(Rungs { family: job.family, ladder, key, jobs: Vec::new() });
            ladders.len() - 1
        });
        ladders[i].jobs.push(job);
    }
    (plain, ladders)
}

/// What a rung's line records: a calibration run, or a prediction.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Calibrated {
    /// `true`, `false` (solved), `timeout`, `memout` or `unknown` (not solved).
    Run(Status),
    /// Generated past the stop, not run: its CPU time is the solver's predicted time.
    Predicted,
}

impl fmt::Display for Calibrated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Calibrated::Run(s) => write!(f, "{s}"),
            Calibrated::Predicted => f.write_str("predicted"),
        }
    }
}

/// One calibration run or prediction: a line of `ladders.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct Rung {
    pub family: String,
    /// [`key()`].
    pub ladder: String,
    /// [`Over::name`].
    pub over: String,
    pub rung: String,
    pub status: Calibrated,
    /// The solver's CPU time, measured or (for a predicted rung) predicted.
    pub cpu_s: f64,
    pub solver: String,
    pub solver_version: String,
    /// The CPU limit of the run; of a predicted rung, the competition limit predicted to.
    pub limit_s: f64,
    /// The memory limit, as [`format_memory`] writes it.
    pub memory: String,
    /// The rung's job key ([`Job::key`]).
    pub job: String,
}

impl Rung {
    fn fields(&self) -> [String; 11] {
        [
            self.family.clone(),
            self.ladder.clone(),
            self.over.clone(),
            self.rung.clone(),
            self.status.to_string(),
            format!("{:.3}", self.cpu_s),
            self.solver.clone(),
            self.solver_version.clone(),
            self.limit_s.to_string(),
            self.memory.clone(),
            self.job.clone(),
        ]
    }

    /// Whether the solver answered.
    pub fn solved(&self) -> bool {
        matches!(self.status, Calibrated::Run(s) if s.verdict().is_some())
    }

    /// Whether the rung was predicted, not run.
    pub fn predicted(&self) -> bool {
        self.status == Calibrated::Predicted
    }
}

/// Writes `ladders.csv`: the header and one line per calibration run.
pub fn write_csv<W: Write>(out: W, rungs: &[Rung]) -> io::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record(COLUMNS)?;
    for r in rungs {
        w.write_record(r.fields())?;
    }
    w.flush()
}

/// What `generate` prints about one ladder.
#[derive(Clone, Debug, PartialEq)]
pub struct Reached {
    pub family: String,
    pub ladder: String,
    /// Rungs generated.
    pub rungs: usize,
    /// The highest rung generated.
    pub top: String,
    /// The highest rung the solver answered.
    pub last_solved: Option<String>,
    /// Rungs generated past the stop by prediction, and the last one's predicted seconds.
    pub predicted: usize,
    pub top_predicted_s: f64,
    /// Calibration CPU seconds over all rungs run.
    pub cpu_s: f64,
}

impl fmt::Display for Reached {
    /// `gttt board=3;shape=tic/d=*/corplus: 5 rungs up to 5, last solved 3, 1.02 s calibration CPU`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let solved = self.last_solved.as_deref().unwrap_or("none");
        let s = if self.rungs == 1 { "" } else { "s" };
        write!(
            f,
            "{} {}: {} rung{s} up to {}, last solved {solved}, {:.2} s calibration CPU",
            self.family, self.ladder, self.rungs, self.top, self.cpu_s
        )?;
        if self.predicted > 0 {
            write!(f, "; {} predicted, the last at {:.0} s (predicted)", self.predicted, self.top_predicted_s)?;
        }
        Ok(())
    }
}

/// One [`Reached`] per ladder of `rungs`, in their order.
pub fn reached(rungs: &[Rung]) -> Vec<Reached> {
    let mut out: Vec<Reached> = Vec::new();
    for r in rungs {
        let same = out.last().is_some_and(|l| l.family == r.family && l.ladder == r.ladder);
        if !same {
            out.push(Reached {
                family: r.family.clone(),
                ladder: r.ladder.clone(),
                rungs: 0,
                top: String::new(),
                last_solved: None,
                predicted: 0,
                top_predicted_s: 0.0,
                cpu_s: 0.0,
            });
        }
        if let Some(l) = out.last_mut() {
            l.rungs += 1;
            l.top.clone_from(&r.rung);
            if r.predicted() {
                l.predicted += 1;
                l.top_predicted_s = r.cpu_s;
            } else {
                l.cpu_s += r.cpu_s;
            }
            if r.solved() {
                l.last_solved = Some(r.rung.clone());
            }
        }
    }
    out
}

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
        if !tool.reads(InputFormat::Qdimacs) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reached_sums_each_ladder() {
        let rung = |ladder: &str, rung: &str, status, cpu_s| Rung {
            family: "f".into(),
            ladder: ladder.into(),
            over: "depth".into(),
            rung: rung.into(),
            status,
            cpu_s,
            solver: "s".into(),
            solver_version: "1".into(),
            limit_s: 1.0,
            memory: "4096M".into(),
            job: String::new(),
        };
        let rungs = [
            rung("a", "1", Calibrated::Run(Status::True), 0.5),
            rung("a", "3", Calibrated::Run(Status::Timeout), 1.0),
            rung("a", "5", Calibrated::Predicted, 40.0),
            rung("b", "1", Calibrated::Run(Status::Timeout), 1.0),
        ];
        let r = reached(&rungs);
        assert_eq!(r.len(), 2);
        assert_eq!(
            r[0].to_string(),
            "f a: 3 rungs up to 5, last solved 1, 1.50 s calibration CPU; 1 predicted, the last at 40 s (predicted)"
        );
        assert_eq!(r[1].to_string(), "f b: 1 rung up to 1, last solved none, 1.00 s calibration CPU");
    }
}
