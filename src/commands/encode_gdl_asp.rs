//! `qbfgames encode gdl-asp`: a GDL game's temporal extension as an answer set program.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;

use super::read_source;
use crate::output::write_atomically;

pub fn run(game: &str, depth: u32, output: &Path) -> Result<ExitCode> {
    let program = games::gdl::asp::translate(read_source(game)?, depth)?;
    write_atomically(output, |w| w.write_all(program.as_bytes()))?;
    Ok(ExitCode::SUCCESS)
}
