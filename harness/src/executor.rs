//! The seam between scheduling and processes: an [`Executor`] runs one job and reports
//! its measurement. [`RealExecutor`] starts real programs under limits; the mock in
//! [`crate::mock`] answers from a script, so scheduling, bookkeeping, resume and the
//! consistency checks are tested without solvers.

use std::io;
use std::path::PathBuf;

use super::limited::{run_limited, Measurement};
use super::limits::Limits;
use super::process::Invocation;

/// One program run under limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub invocation: Invocation,
    pub limits: Limits,
    /// The run directory the job belongs to, if any: its processes carry it in their
    /// environment, so a later run of the directory can find what a killed run left.
    pub owner: Option<PathBuf>,
}

/// Runs jobs. Called from several worker threads at once.
pub trait Executor: Sync {
    /// Runs `job` to its end; `Err` only when it could not be started.
    fn execute(&self, job: &Job) -> io::Result<Measurement>;
}

/// Runs real processes with [`run_limited`].
#[derive(Copy, Clone, Debug, Default)]
pub struct RealExecutor;

impl Executor for RealExecutor {
    fn execute(&self, job: &Job) -> io::Result<Measurement> {
        run_limited(&job.invocation, &job.limits, job.owner.as_deref())
    }
}
