//! The record of a generation's ladders, `ladders.csv`: one [`Rung`] a line, each a
//! calibration run or a prediction, written here ([`write_csv`]) and read back by
//! `recorded`; and what the lines came to per ladder ([`reached`]).

use std::fmt;
use std::io::{self, Write};

use contract::Status;

/// The name of the record of a generation's ladders, in `DIR/` and in `DIR/models/`.
pub const FILE: &str = "ladders.csv";

/// The columns of `ladders.csv`, in order.
pub const COLUMNS: [&str; 11] =
    ["family", "ladder", "over", "rung", "status", "cpu_s", "solver", "solver_version", "limit_s", "memory", "job"];

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
    /// [`key()`](super::key).
    pub ladder: String,
    /// [`Over::name`](crate::resolve::Over::name).
    pub over: String,
    pub rung: String,
    pub status: Calibrated,
    /// The solver's CPU time, measured or (for a predicted rung) predicted.
    pub cpu_s: f64,
    pub solver: String,
    pub solver_version: String,
    /// The CPU limit of the run; of a predicted rung, the competition limit predicted to.
    pub limit_s: f64,
    /// The memory limit, as [`format_memory`](harness::format_memory) writes it.
    pub memory: String,
    /// The rung's job key ([`Job::key`](crate::expand::Job::key)).
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
