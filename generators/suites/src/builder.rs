//! The bridge from suites to the game models: builds each job's instance in-process
//! through its model ([`Model::build`](crate::Model::build)), and asks the model's reference player for expected
//! answers in a child process under the suite's time budget (a child can be stopped; a
//! thread cannot). The child receives the job's [`Setup`] as JSON; how the child is started
//! is the caller's ([`Encoders::child`]).

use std::path::Path;
use std::time::Duration;

use crate::generate::{Builder, Instance};
use crate::Job;
pub use ::game_registry::suite::{BuildError, Request, Setup};
use contract::Verdict;
use harness::{run, Invocation, Outcome};

/// Builds instances with the game models' encoders.
pub struct Encoders {
    /// The reference player's child process: a program that takes a set-up's JSON as its
    /// last argument and exits 10 when the first player wins, 20 when not.
    pub child: Invocation,
}

impl Job<'_> {
    /// The job's game, with model file paths relative to `dir`.
    pub fn setup(&self, dir: &Path) -> Setup {
        Setup {
            model: self.family.model.name().to_string(),
            dir: dir.to_path_buf(),
            params: self.params.clone(),
            depth: self.depth.plies(),
            symmetry_breaking: self.family.symmetry_breaking,
            max_size: self.family.budget.max_size,
        }
    }

    /// What building the job asks its model.
    pub fn request(&self, dir: &Path) -> Request {
        Request {
            setup: self.setup(dir),
            encoding: self.encoding,
            outputs: self.outputs(),
            clause_form: self.family.clause_form,
        }
    }
}

impl Encoders {
    /// The reference player's run for the job, as a child process.
    pub fn reference(&self, dir: &Path, job: &Job) -> Invocation {
        let mut child = self.child.clone();
        child.args.push(job.setup(dir).to_json());
        child
    }
}

impl Builder for Encoders {
    type Error = BuildError;

    fn build(&self, dir: &Path, job: &Job) -> Result<Instance, BuildError> {
        job.family.model.build(&job.request(dir))
    }

    fn expected(&self, dir: &Path, job: &Job, budget: Duration) -> Result<Option<bool>, BuildError> {
        let inv = self.reference(dir, job);
        let done = run(&inv, budget)?;
        match done.outcome {
            Outcome::Solved(Verdict::True) => Ok(Some(true)),
            Outcome::Solved(Verdict::False) => Ok(Some(false)),
            Outcome::Timeout => Ok(None),
            other => Err(BuildError::Reference {
                outcome: other.to_string(),
                stderr: String::from_utf8_lossy(&done.stderr).trim().to_string(),
            }),
        }
    }
}
