//! `qbfgames`: two-player game benchmarks as QBF.
//!
//! `main` is a pipeline: parse the command line, run one command, turn its result into an
//! exit code. Commands live in `commands/`, one file each.

#[macro_use]
mod output;
mod children;
mod commands;
mod flags;
mod generate_lines;
mod locate;
mod options;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    harness::locate::ship(locate::SHIPPED);
    let cli = flags::Cli::parse();
    match commands::run(cli.command) {
        Ok(code) => code,
        Err(err) if output::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            errln!("error: {err:#}");
            ExitCode::from(1)
        }
    }
}
