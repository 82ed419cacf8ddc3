//! One file per command; [`run`] dispatches.

mod convert;
mod encode_gdl;
mod hash;
mod solve_gdl;
mod stats;

use std::process::ExitCode;

use anyhow::Result;

use crate::cli::{Command, EncodeCmd, EncodeModel, SolveCmd, SolveModel};

/// Runs a command; `Ok` carries the exit code (some commands, like a solver, answer with it).
pub fn run(command: Command) -> Result<ExitCode> {
    match command {
        Command::Stats { files, csv } => stats::run(&files, csv),
        Command::Convert { input, output, polarity } => convert::run(&input, &output, polarity),
        Command::Hash { files, format } => hash::run(&files, format),
        Command::Encode(EncodeCmd { model: EncodeModel::Gdl(args) }) => encode_gdl::run(&args),
        Command::Solve(SolveCmd { model: SolveModel::Gdl(args) }) => solve_gdl::run(&args),
    }
}

/// Reads an input file, naming it in the error.
pub fn read_source(path: &str) -> Result<generators::io::Source> {
    Ok(generators::io::Source::read(path)?)
}
