//! One file per command; [`run`] dispatches.

mod convert;
mod hash;
mod run;
mod stats;

use std::process::ExitCode;

use anyhow::Result;

use crate::cli::Command;

/// Runs a command; `Ok` carries the exit code (some commands, like a solver, answer with it).
pub fn run(command: Command) -> Result<ExitCode> {
    match command {
        Command::Stats { files, csv } => stats::run(&files, csv),
        Command::Convert { input, output, polarity } => convert::run(&input, &output, polarity),
        Command::Hash { files, format } => hash::run(&files, format),
        Command::Run(args) => run::run(&args),
    }
}

/// Reads an input file, naming it in the error.
pub fn read_source(path: &str) -> Result<generators::io::Source> {
    Ok(generators::io::Source::read(path)?)
}
