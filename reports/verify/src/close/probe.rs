//! The reference player's runs of the close search: its answer at a depth and the game's
//! last ply, each a child process under a [rung](super::Rung)'s limits.

use std::time::Duration;

use harness::{Executor, Invocation, Job, Limits, Measurement};
use suites::LastPly;

use super::super::generate::job;
use super::super::table::{InstanceRef, Table};
use super::search::Answer;

/// Why a run gave no answer: it hit its limits (the search asks again at a larger rung),
/// or it failed (the entry stops with the reason).
#[derive(Clone, Debug, PartialEq)]
pub enum NoAnswer {
    Limits(String),
    Failed(String),
}

/// Runs the reference children of one table's entries.
pub struct Prober<'a> {
    pub table: &'a Table,
    pub executor: &'a dyn Executor,
    pub encoders: &'a suites::builder::Encoders,
    /// `qbfgames reference --last-ply`, to which the set-up is appended.
    pub last_ply: &'a Invocation,
}

impl Prober<'_> {
    /// Whether Black wins `inst`'s game within `depth` plies (ours).
    pub fn answer(&self, inst: &InstanceRef, depth: u32, limits: Limits) -> Result<Answer, NoAnswer> {
        let at = at_depth(inst, depth);
        let invocation = self.encoders.reference(&self.table.suites[inst.suite].dir, &job(self.table, &at));
        let m = self.run(invocation, limits)?;
        match m.exit_code {
            Some(10) => Ok(Answer { wins: true, seconds: m.wall.as_secs_f64() }),
            Some(20) => Ok(Answer { wins: false, seconds: m.wall.as_secs_f64() }),
            _ => Err(failure(&m, limits)),
        }
    }

    /// The game's last ply.
    pub fn last_ply(&self, inst: &InstanceRef, limits: Limits) -> Result<(LastPly, f64), NoAnswer> {
        let job = job(self.table, inst);
        let mut invocation = self.last_ply.clone();
        invocation.args.push(job.setup(&self.table.suites[inst.suite].dir).to_json());
        let m = self.run(invocation, limits)?;
        if m.exit_code != Some(0) {
            return Err(failure(&m, limits));
        }
        let text = String::from_utf8_lossy(&m.stdout);
        let last = text.trim().parse::<LastPly>().map_err(|e| NoAnswer::Failed(e.to_string()))?;
        Ok((last, m.wall.as_secs_f64()))
    }

    fn run(&self, invocation: Invocation, limits: Limits) -> Result<Measurement, NoAnswer> {
        let job = Job { invocation, limits, owner: None };
        let m = self
            .executor
            .execute(&job)
            .map_err(|e| NoAnswer::Failed(format!("the reference player did not start: {e}")))?;
        if m.hit_time_limit() {
            return Err(NoAnswer::Limits(format!("{} s", seconds(limits.cpu))));
        }
        Ok(m)
    }
}

/// `inst` at `depth` plies (ours).
pub fn at_depth(inst: &InstanceRef, depth: u32) -> InstanceRef {
    let ours = match inst.depth {
        suites::Depth::Plies(d) => d,
        suites::Depth::Model => depth,
    };
    inst.shifted(i64::from(depth) - i64::from(ours)).unwrap_or_else(|| inst.clone())
}

/// A run that ended without an answer: over its memory limit, or an error.
fn failure(m: &Measurement, limits: Limits) -> NoAnswer {
    let said = String::from_utf8_lossy(&m.stderr).trim().to_string();
    if limits.memory > 0 && (m.peak_memory >= limits.memout_threshold() || said.contains("memory allocation of")) {
        return NoAnswer::Limits(harness::format_memory(limits.memory));
    }
    let how = m.exit_code.map_or_else(|| format!("signal {}", m.signal.unwrap_or(0)), |c| format!("exit code {c}"));
    NoAnswer::Failed(format!("the reference player ended with {how}: {said}"))
}

fn seconds(d: Duration) -> String {
    super::super::table::format_number(d.as_secs_f64())
}
