//! Running QBF solvers: one formula for the semantic tests of the encoders, or a whole
//! matrix of instances × preprocessors × solvers with honest measurement and resume,
//! on this machine or as a Slurm job array.
//!
//! A solver is a program with an argv list (never a shell string). [`run`] starts it in
//! its own process group, enforces a wall-clock limit by killing the whole group, and
//! turns what happened into a typed [`Outcome`]: exit code 10 is *true*, 20 is *false*
//! (the convention of QBF solvers and competitions; a [`contract::Verdict`]), a limit is a
//! timeout, anything else is an error or an unknown answer — never a truth value.
//!
//! The matrix pipeline: [`options::RunOptions`] name the solvers file ([`Tools`], raw then
//! resolved), the tools and the limits; the [`instances`] of a manifest (read through
//! [`contract::manifest::read`], the one reader) become a [`Plan`]; [`run_matrix`] runs
//! its cells through an [`Executor`] ([`RealExecutor`]: process group,
//! RLIMIT_CPU/RLIMIT_AS, wall-clock kill, `wait4` rusage; [`mock::MockExecutor`] in tests)
//! on a worker pool; [`classify`] reads each answer strictly into a [`contract::Status`]; a
//! [`ResultStore`] keeps one [`contract::Record`] per cell key, durable as soon as the cell ends;
//! [`check`] finds wrong answers and conflicts. [`local::LocalRun`] is all of that on
//! this machine. A [`certifier`] hook, when the plan has one, runs the cells of solvers
//! that can write a proof through their tracing command and certifies each answer (the
//! `certify` crate implements it; the harness does not depend on it).
//!
//! On a cluster, [`shard`] splits the pending cells into shards and merges their results
//! exactly once, [`slurm`] turns a batch of shards into one Slurm job array,
//! [`submission`] plans and submits a batch, [`array_task`] is what each array task runs,
//! and [`collection`] merges the batches, reports failed shards and resubmits them.
//!
//! Errors are one [`Error`] enum, a variant per thing that went wrong. The harness imports
//! only the `contract` crate of the workspace.

mod answer;
pub mod array_task;
mod capture;
mod cell;
pub mod certifier;
mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod collection;
mod config;
mod consistency;
mod cores;
mod environment;
mod error;
mod executor;
pub mod growth;
mod instance;
mod jsonl;
mod leftovers;
mod limited;
mod limits;
pub mod local;
pub mod locate;
mod logs;
mod matrix;
pub mod mock;
pub mod options;
mod outcome;
mod pool;
mod preprocess;
mod process;
mod script_values;
mod series_stop;
pub mod shard;
mod shepherd;
pub mod slurm;
mod store;
pub mod submission;
mod timed;
mod tool_run;
mod tree;
mod version;
pub mod wave;

pub use answer::{classify, AnswerLines, AnswerSpec};
pub use cell::Cell;
pub use certifier::{AnswerCertifier, Certificate, CertifyOutcome};
pub use check::{solve_qdimacs, solver, Solver};
pub use config::{Role, Tool, Tools, VersionSource};
pub use consistency::{check, judge, Conflict, Findings};
pub use cores::{load_average, oversubscription, physical as physical_cores, usable as usable_cores};
pub use environment::Environment;
pub use error::Error;
pub use executor::{Executor, Job, RealExecutor};
pub use instance::{instances, subset, Instance, SeriesRung, Subset};
pub use limited::{run_limited, Measurement};
pub use limits::{
    format_memory, parse_duration, parse_memory, parse_timeout, DurationError, Limits, DEFAULT_MAX_PROOF,
    DEFAULT_MEMORY, DEFAULT_MEMORY_BYTES, DEFAULT_SAT_TIMEOUT_S, WALL_MARGIN,
};
pub use matrix::{run_matrix, Plan, STARVED_RETRIES};
pub use outcome::Outcome;
pub use pool::run_pool;
pub use preprocess::{cache_dir, cached, output_path, preprocess, PreResult};
pub use process::{find_program, Invocation};
pub use store::{Keep, ResultStore};
pub use timed::{run, Run};
pub use tool_run::ToolRun;
pub use version::prepare;
