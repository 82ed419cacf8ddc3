//! One file per command; [`run`] dispatches.

mod convert;
mod encode_positional;
mod hash;
mod positional;
mod solve_positional;
mod stats;

use std::process::ExitCode;

use anyhow::Result;

use crate::cli::{Command, EncodeModel, SolveModel};

/// Runs a command; `Ok` carries the exit code (some commands, like a solver, answer with it).
pub fn run(command: Command) -> Result<ExitCode> {
    match command {
        Command::Stats { files, csv } => stats::run(&files, csv),
        Command::Convert { input, output, polarity } => convert::run(&input, &output, polarity),
        Command::Hash { files, format } => hash::run(&files, format),
        Command::Encode(cmd) => match cmd.model {
            EncodeModel::Pg { game, out } => encode_positional::run(positional::load_pg(&game)?, &out),
            EncodeModel::Gttt { game, out } => encode_positional::run(positional::load_gttt(&game)?, &out),
            EncodeModel::Hex { game, encoding, out } => encode_positional::run_hex(positional::load_hex(&game)?, encoding, &out),
        },
        Command::Solve(cmd) => match cmd.model {
            SolveModel::Pg { game, solve } => solve_positional::run(positional::load_pg(&game)?, &solve),
            SolveModel::Gttt { game, solve } => solve_positional::run(positional::load_gttt(&game)?, &solve),
            SolveModel::Hex { game, solve } => solve_positional::run(positional::load_hex(&game)?, &solve),
        },
    }
}

/// Reads an input file, naming it in the error.
pub fn read_source(path: &str) -> Result<generators::io::Source> {
    Ok(generators::io::Source::read(path)?)
}
