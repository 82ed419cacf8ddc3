//! `qbfgames strategy first-move`: encode a game, read Black's first move from the
//! solver's `--qdo` assignment (or, with `--from-certificate`, from the constants of
//! DepQBF's checked certificate), and check it with the reference solver.
//!
//! Progress goes to standard error: each formula's size as the solver is asked, the time it
//! took, and, on a terminal, a line counting the seconds while the solver works.
//!
//! Exit codes: 0 the move is valid; 1 it is invalid, or the solver's verdict contradicts
//! the reference solver; 2 nothing to check (Black does not win, and both agree).

use std::process::ExitCode;

use anyhow::Result;
use contract::Budget;
use gamekit::first_move::FirstMove;
use gamekit::oracle::Oracle;

use clap::FromArgMatches;

use crate::flags::strategy::{FirstMoveModel, FirstMoveOpts, StrategyCmd};
use crate::options::qdo_runner;
use crate::output::write_atomically;

/// The oracle the options ask for, on formulas within `budget`.
fn oracle(opts: &FirstMoveOpts, budget: Budget) -> Result<Oracle> {
    if !opts.from_certificate {
        return Ok(Oracle::Qdo(qdo_runner(&opts.strategy, budget)?));
    }
    let (timeout, memory, max_proof) = (opts.strategy.timeout, &opts.memory, &opts.max_proof);
    let oracle = gamekit::certificate_oracle::from_certificate(
        crate::children::certify_qdimacs,
        &opts.strategy.config,
        timeout,
        memory,
        max_proof,
        budget,
    )?;
    Ok(Oracle::Certificate(Box::new(oracle)))
}

pub fn run(cmd: StrategyCmd) -> Result<ExitCode> {
    let StrategyCmd::FirstMove(FirstMoveModel(chosen)) = cmd;
    let model = chosen.model()?;
    let opts = FirstMoveOpts::from_arg_matches(chosen.own())?;
    let mut oracle = oracle(&opts, model.first_move_budget(chosen.matches())?)?;
    let found = model.first_move(chosen.matches(), &mut oracle.solver())?;
    if let Some(note) = oracle.note() {
        errln!("{note}");
    }
    report(&opts, &found)
}

/// Writes the map if asked, prints the judgement and turns it into the exit code.
fn report(opts: &FirstMoveOpts, found: &FirstMove) -> Result<ExitCode> {
    if let Some(path) = &opts.strategy.map {
        write_atomically(path, |w| Ok(serde_json::to_writer_pretty(w, &found.map)?))?;
    }
    outln!("{}", found.judgement);
    Ok(ExitCode::from(found.judgement.exit_code()))
}
