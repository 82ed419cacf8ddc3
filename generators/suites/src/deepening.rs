//! Critical depths by iterative deepening with a QBF solver, as in the papers
//! (`qbfgames depth`): for every grid point and encoding of a suite, depths 1, 2, … (odd
//! depths only for models that need them) are built and solved until the first *true*
//! answer (the critical depth), the maximum depth (no win up to it), or a run without an
//! answer (the largest refuted depth is reported).

use std::fmt;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use contract::Status;
use harness::{classify, Executor, Limits, ToolRun};
use qbf::io::Format;

use crate::generate::{Builder, Instance};
use crate::resolve::params_string;
use crate::{Depth, Job, Suite};

/// What deepening one grid point found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Found {
    Win(u32),
    NoWinUpTo(u32),
    Refuted { up_to: u32, step: u32, stopped: Status },
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Win(d) => write!(f, "win at {d}"),
            Found::NoWinUpTo(d) => write!(f, "no win up to {d}"),
            Found::Refuted { up_to, step, stopped } => {
                write!(f, "refuted up to {up_to} ({stopped} at {})", up_to + step)
            }
        }
    }
}

/// One grid point and encoding, deepened.
#[derive(Clone, Debug)]
pub struct Deepened {
    pub family: String,
    pub params: String,
    pub encoding: &'static str,
    pub found: Found,
    /// The solver's CPU time over all depths tried.
    pub seconds: f64,
}

/// The columns of a table of [`Deepened`] results, `>` marking right alignment;
/// [`Deepened::row`] is a row.
pub const COLUMNS: [&str; 5] = ["family", "params", "encoding", "result", ">solver_s"];

impl Deepened {
    /// The result as a row of [`COLUMNS`], seconds to two decimals.
    pub fn row(self) -> Vec<String> {
        let seconds = format!("{:.2}", self.seconds);
        vec![self.family, self.params, self.encoding.to_string(), self.found.to_string(), seconds]
    }
}

/// Why deepening stopped with an error.
#[derive(Debug)]
pub enum DepthError<E> {
    /// A job could not be built.
    Build { job: String, source: E },
    /// Writing the instance or starting the solver failed.
    Io { context: String, source: io::Error },
}

impl<E: fmt::Display> fmt::Display for DepthError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DepthError::Build { job, source } => write!(f, "{job}: {source}"),
            DepthError::Io { context, source } => write!(f, "{context}: {source}"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for DepthError<E> {}

/// What to deepen and how.
pub struct Deepening<'a, B: Builder> {
    pub suite: &'a Suite,
    /// Only the family of this name.
    pub family: Option<&'a str>,
    pub builder: &'a B,
    pub solver: &'a ToolRun,
    pub limits: Limits,
    pub executor: &'a dyn Executor,
    pub max_depth: u32,
    /// Where instances are written for the solver.
    pub scratch: &'a Path,
}

impl<B: Builder> Deepening<'_, B> {
    /// Deepens every grid point and encoding; `progress` sees each job's status and time.
    pub fn run(&self, progress: &mut dyn FnMut(&str, Status, f64)) -> Result<Vec<Deepened>, DepthError<B::Error>> {
        let mut rows = Vec::new();
        for family in self.suite.families.iter().filter(|f| self.family.is_none_or(|name| f.name == name)) {
            let step = if family.model.schema().odd_depths { 2 } else { 1 };
            for point in &family.points {
                for &encoding in &family.encodings {
                    let mut seconds = 0.0;
                    let mut found = Found::NoWinUpTo(0);
                    for depth in (1..=self.max_depth).step_by(step) {
                        let job = Job {
                            family,
                            params: &point.params,
                            depth: Depth::Plies(depth),
                            encoding,
                            formats: &[],
                            answer: None,
                        };
                        let instance = self
                            .builder
                            .build(&self.suite.dir, &job)
                            .map_err(|source| DepthError::Build { job: job.key(), source })?;
                        let (status, s) = self.solve(&instance, &job)?;
                        seconds += s;
                        progress(&job.key(), status, s);
                        found = match status {
                            Status::True => Found::Win(depth),
                            Status::False => Found::NoWinUpTo(depth),
                            stopped => {
                                Found::Refuted { up_to: depth.saturating_sub(step as u32), step: step as u32, stopped }
                            }
                        };
                        if !matches!(found, Found::NoWinUpTo(_)) {
                            break;
                        }
                    }
                    rows.push(Deepened {
                        family: family.name.clone(),
                        params: params_string(&point.params),
                        encoding: encoding.name(),
                        found,
                        seconds,
                    });
                }
            }
        }
        Ok(rows)
    }

    /// Writes the instance in a format the solver reads, runs it under the limits, and
    /// returns the strict reading of its answer and its CPU time.
    fn solve(&self, instance: &Instance, job: &Job) -> Result<(Status, f64), DepthError<B::Error>> {
        let tool = &self.solver.tool;
        let qcir = !tool.reads(Format::Qdimacs) && tool.reads(Format::Qcir);
        let path = self.scratch.join(if qcir { "instance.qcir" } else { "instance.qdimacs" });
        let io = |context: String| move |source| DepthError::Io { context, source };
        let mut file =
            BufWriter::new(std::fs::File::create(&path).map_err(io(format!("creating {}", path.display())))?);
        if qcir {
            instance.write_qcir(&mut file, &[])
        } else {
            instance.write_qdimacs(&mut file, job.family.clause_form, &[])
        }
        .and_then(|()| file.flush())
        .map_err(io(format!("{} for solver {}", job.key(), tool.name)))?;
        drop(file);
        let run = self.solver.job(&path, None, self.limits);
        let m = self.executor.execute(&run).map_err(io(format!("starting {}", tool.name)))?;
        let (status, _) = classify(&m, &self.limits, &tool.answer);
        Ok((status, m.cpu.as_secs_f64()))
    }
}
