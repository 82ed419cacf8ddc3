//! `qbfgames reference SETUP` (hidden): the reference player of a suite job's game, run by
//! the suite builder as a child process; and the builder that starts it.

use std::process::ExitCode;

use anyhow::{Context, Result};
use harness::Invocation;
use suites::builder::Encoders;

/// The suite builder, whose reference player is this executable's `reference` command.
pub fn encoders() -> Result<Encoders> {
    let program = std::env::current_exe().context("locating the qbfgames executable for the reference solvers")?;
    Ok(Encoders { child: Invocation { program, args: vec!["reference".into()], ..Invocation::default() } })
}

/// Exit 10 when the set-up's first player wins, 20 when not.
pub fn run(setup: &str) -> Result<ExitCode> {
    let wins = models::suite::reference(setup)?;
    Ok(ExitCode::from(if wins { 10 } else { 20 }))
}
