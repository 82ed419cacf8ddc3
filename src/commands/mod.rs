//! One file per command; [`run()`] dispatches. Commands turn flags into the libraries'
//! options, call them, print and return the exit code; no command imports another.

mod calibrate;
mod certify;
mod compare;
mod completions;
mod convert;
mod depth;
mod frontier;
mod generate;
mod hash;
mod list;
mod manifest;
mod package;
mod play;
mod report;
mod run;
mod select;
mod slurm;
mod slurm_collect;
mod slurm_shard;
mod solvers;
mod stats;
mod strategy;
mod suite;
mod tune;
mod verify;

use std::process::ExitCode;

use ::certify::Certify;
use anyhow::{Context, Result};

use crate::flags::{Command, EncodeCmd, SolveCmd};
use harness::cli::Backend;

/// Runs a command; `Ok` carries the exit code (some commands, like a solver, answer with it).
pub fn run(command: Command) -> Result<ExitCode> {
    match command {
        Command::Stats { files, csv, json } => stats::run(&files, csv, json),
        Command::Convert { input, output, clauses } => convert::run(&input, &output, clauses.form()),
        Command::Hash { files, format } => hash::run(&files, format),
        Command::Suite(cmd) => suite::run(cmd),
        Command::List { what } => list::run(what),
        Command::Solvers { config, format } => solvers::run(&config, format),
        Command::Generate {
            suite,
            out,
            jobs,
            reach,
            recalibrate,
            config,
            certify,
            calibration_limit,
            competition_limit,
            backend,
            profile,
        } => {
            let ladders = generate::Ladders {
                reach,
                recalibrate,
                calibration_s: calibration_limit,
                competition_s: competition_limit,
                slurm: matches!(backend, Backend::Slurm),
                profile,
            };
            generate::run(&suite, out, jobs, &config, certify, &ladders)
        }
        Command::CertifyQdimacs { file, config, timeout, max_proof, memory, scratch } => {
            let limits = Certify { timeout_s: timeout, memory, max_proof };
            crate::children::certify_here(&file, &config, &limits, &scratch)
        }
        Command::Certify(args) => certify::run(&args),
        Command::Depth(args) => depth::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Manifest(cmd) => manifest::run(cmd),
        Command::Package { dir, output, preprocessed, check } => {
            package::run(dir.as_deref(), output.as_deref(), preprocessed, check.as_deref())
        }
        Command::Select(args) => select::run(&args),
        Command::Calibrate(args) => calibrate::run(&args),
        Command::Frontier(args) => frontier::run(&args),
        Command::Encode(EncodeCmd { model }) => model.run(),
        Command::Solve(SolveCmd { model, json }) => model.run(json),
        Command::Run(args) => match args.backend {
            Backend::Local => run::run(&args),
            Backend::Slurm => slurm::run(&args),
        },
        Command::Report { dir, out, scatter, compare, allow_starved } => {
            report::run(&dir, out, scatter, compare.as_deref(), allow_starved)
        }
        Command::Compare { a, b, csv } => compare::run(&a, &b, csv.as_deref()),
        Command::SlurmScript(args) => slurm::script(&args),
        Command::RunShard { dir, batch, shard } => slurm_shard::run(&dir, batch, shard),
        Command::Reference { setup, last_ply: false } => crate::children::run(&setup),
        Command::Reference { setup, last_ply: true } => crate::children::last_ply(&setup),
        Command::RunWaveTask { dir, task } => {
            harness::wave::run_task(&dir, task)
                .with_context(|| format!("running task {task} of the wave in {}", dir.display()))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Collect { dir, resubmit_failed, no_wait } => slurm_collect::run(&dir, resubmit_failed, no_wait),
        Command::Strategy(cmd) => strategy::run(cmd),
        Command::Play(cmd) => play::run(cmd),
        Command::Completions { shell } => completions::completions(shell),
        Command::Man { out } => completions::man(&out),
    }
}
