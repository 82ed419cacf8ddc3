//! One file per command; [`run`] dispatches. Commands turn flags into the libraries'
//! options, call them, print and return the exit code; no command imports another.

mod convert;
mod depth;
mod encode_bddl;
mod encode_gdl;
mod encode_positional;
mod generate;
mod hash;
mod manifest;
mod package;
mod play;
mod positional;
mod report;
mod run;
mod slurm;
mod slurm_collect;
mod slurm_shard;
mod solve_bddl;
mod solve_gdl;
mod solve_positional;
mod stats;
mod strategy;
mod suite;
mod verify;

use std::process::ExitCode;

use anyhow::Result;

use crate::flags::games::{EncodeModel, SolveModel};
use crate::flags::{Backend, Command, EncodeCmd, RunArgs, SolveCmd};

/// Runs a command; `Ok` carries the exit code (some commands, like a solver, answer with it).
pub fn run(command: Command) -> Result<ExitCode> {
    match command {
        Command::Stats { files, csv } => stats::run(&files, csv),
        Command::Convert { input, output, clause_form } => convert::run(&input, &output, clause_form),
        Command::Hash { files, format } => hash::run(&files, format),
        Command::Suite(cmd) => suite::run(cmd),
        Command::Generate { suite, out, jobs } => generate::run(&suite, out, jobs),
        Command::Depth(args) => depth::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Manifest(cmd) => manifest::run(cmd),
        Command::Package { dir, output } => package::run(&dir, &output),
        Command::Encode(EncodeCmd { model }) => match model {
            EncodeModel::Bddl { game, format, output } => encode_bddl::run(&game, format, &output),
            EncodeModel::Gdl(args) => encode_gdl::run(&args),
            EncodeModel::Pg { game, out } => encode_positional::run(positional::load_pg(&game)?, &out),
            EncodeModel::Gttt { game, out } => encode_positional::run(positional::load_gttt(&game)?, &out),
            EncodeModel::Hex { game, encoding, out } => {
                encode_positional::run_hex(positional::load_hex(&game)?, encoding, &out)
            }
        },
        Command::Solve(SolveCmd { model }) => match model {
            SolveModel::Bddl { game, critical } => solve_bddl::run(&game, critical),
            SolveModel::Gdl(args) => solve_gdl::run(&args),
            SolveModel::Pg { game, solve } => solve_positional::run(positional::load_pg(&game)?, &solve),
            SolveModel::Gttt { game, solve } => solve_positional::run(positional::load_gttt(&game)?, &solve),
            SolveModel::Hex { game, solve } => solve_positional::run(positional::load_hex(&game)?, &solve),
        },
        Command::Run(args) => match args.backend {
            Backend::Local => run::run(&args),
            Backend::Slurm => slurm::run(&args),
        },
        Command::Report { dir, out, scatter } => report::run(&dir, out, scatter),
        Command::SlurmScript(args) => slurm::script(&args),
        Command::RunShard { dir, batch, shard } => slurm_shard::run(&dir, batch, shard),
        Command::Collect { dir, resubmit_failed, no_wait } => slurm_collect::run(&dir, resubmit_failed, no_wait),
        Command::Strategy(cmd) => strategy::run(cmd),
        Command::Play(cmd) => play::run(cmd),
    }
}

/// Reads an input file, naming it in the error.
pub fn read_source(path: &str) -> Result<contract::Source> {
    Ok(contract::Source::read(path)?)
}

/// The harness's options of `qbfgames run`/`slurm-script` (local and Slurm alike).
fn run_options(args: &RunArgs) -> harness::options::RunOptions {
    harness::options::RunOptions {
        config: args.config.clone(),
        solvers: args.solvers.clone(),
        preprocessors: args.preprocessors.clone(),
        timeout_s: args.timeout,
        memory: args.memory.clone(),
        qbfgames_version: env!("CARGO_PKG_VERSION").to_string(),
    }
}
