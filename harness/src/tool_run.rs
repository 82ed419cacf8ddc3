//! A tool ready to run: what [`crate::prepare`] makes of a configured [`Tool`], and what
//! the matrix, preprocessing and Slurm batches hand around.

use std::path::PathBuf;

use super::config::Tool;

/// A tool ready to run: its program located and its version known.
#[derive(Clone, Debug)]
pub struct ToolRun {
    pub tool: Tool,
    pub program: PathBuf,
    pub version: String,
}
