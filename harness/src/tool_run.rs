//! A tool ready to run: what [`crate::prepare`] makes of a configured [`Tool`], and what
//! the matrix, preprocessing and Slurm batches hand around.

use std::path::{Path, PathBuf};

use super::config::Tool;
use super::executor::Job;
use super::limits::Limits;
use super::process::Invocation;

/// A tool ready to run: its program located and its version known.
#[derive(Clone, Debug)]
pub struct ToolRun {
    pub tool: Tool,
    pub program: PathBuf,
    pub version: String,
}

impl ToolRun {
    /// The job of one run on `input` (writing `output`, for a preprocessor) under `limits`:
    /// the tool's argv with its placeholders filled, run as the located program.
    pub fn job(&self, input: &Path, output: Option<&Path>, limits: Limits) -> Job {
        let argv = self.tool.argv(input, output, limits.cpu_seconds(), limits.memory >> 20);
        Job {
            invocation: Invocation { program: self.program.clone(), args: argv[1..].to_vec(), ..Invocation::default() },
            limits,
            owner: None,
        }
    }
}
