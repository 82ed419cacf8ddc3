//! One file per command; [`run()`] dispatches. Commands turn flags into the libraries'
//! options, call them, print and return the exit code; no command imports another.

mod calibrate;
mod certify;
mod certify_qdimacs;
mod compare;
mod completions;
mod convert;
mod depth;
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

use std::path::Path;
use std::time::Duration;

use ::certify::Tracer;
use ::strategy::qdo::{Program, QdoRunner};
use anyhow::{anyhow, Context, Result};
use contract::Budget;
use harness::{Executor, Invocation, Job, Limits, RealExecutor, Tools};
use suites::certified::Outcome;
use suites::Certify;

use crate::flags::strategy::{QdoSolver, StrategyOpts};
use crate::flags::{Backend, Command, EncodeCmd, MatrixArgs, SolveCmd};

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
                slurm: matches!(backend, crate::flags::Backend::Slurm),
                profile,
            };
            generate::run(&suite, out, jobs, &config, certify, &ladders)
        }
        Command::CertifyQdimacs { file, config, timeout, max_proof, memory, scratch } => {
            certify_qdimacs::run(&file, &config, Certify { timeout_s: timeout, memory, max_proof }, &scratch)
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
        Command::Reference { setup } => crate::reference::run(&setup),
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

/// Reads an input file, naming it in the error.
pub fn read_source(path: &str) -> Result<contract::Source> {
    Ok(contract::Source::read(path)?)
}

/// The harness's options of `qbfgames run`/`slurm-script` (local and Slurm alike): every
/// job but the rungs a ladder predicted (`DIR/ladders.csv`), unless `--predicted`.
fn run_options(args: &MatrixArgs) -> Result<harness::options::RunOptions> {
    let subset = if args.predicted {
        harness::Subset::All
    } else {
        let predicted = suites::ladder::predicted_jobs(&args.dir)?;
        if predicted.is_empty() {
            harness::Subset::All
        } else {
            errln!(
                "note: {} job(s) a ladder predicted past its calibration are not run (`select` predicts their times; --predicted runs them)",
                predicted.len()
            );
            harness::Subset::Without(predicted)
        }
    };
    Ok(harness::options::RunOptions {
        config: args.config.clone(),
        solvers: args.solvers.clone(),
        preprocessors: args.preprocessors.clone(),
        timeout_s: args.timeout,
        wall_timeout_s: args.wall_timeout,
        rerun_starved: args.rerun_starved,
        starved_retries: args.starved_retries,
        memory: args.memory.clone(),
        qbfgames_version: env!("CARGO_PKG_VERSION").to_string(),
        subset,
    })
}

/// The solver of `--solver` and `--timeout`, on formulas within `budget`.
pub fn qdo_runner(opts: &StrategyOpts, budget: Budget) -> QdoRunner {
    let program = match opts.solver {
        QdoSolver::Depqbf => Program::Depqbf,
        QdoSolver::Caqe => Program::Caqe,
    };
    QdoRunner { program, timeout: opts.timeout, budget }
}

/// DepQBF's tracer from the solvers file `config` (its `trace` command); `asked` names
/// what needs it.
pub fn depqbf_tracer(config: &Path, asked: &str) -> Result<Tracer> {
    let tools = Tools::load(config).with_context(|| format!("{asked} needs DepQBF from {}", config.display()))?;
    let tool = tools.solver("depqbf", config).with_context(|| format!("{asked} needs DepQBF's tracer"))?;
    Tracer::of(tool)?.ok_or_else(|| {
        anyhow!(
            "{asked} needs a `trace` command for `depqbf` in {}\n  help: add trace = [\"depqbf\", \"--trace\", \"--dep-man=simple\", \"--traditional-qcdcl\", \"--no-qbce-dynamic\", \"{{input}}\"] under [solver.depqbf]",
            config.display()
        )
    })
}

/// The exit codes of `certify-qdimacs` besides 10 and 20 (certified true and false).
pub mod certify_exit {
    pub const TIMED_OUT: u8 = 30;
    pub const REJECTED: u8 = 31;
    pub const FAILED: u8 = 32;
}

/// Certifies `file` in a child `qbfgames certify-qdimacs` (the executable `exe`) under
/// `limits`: its memory limit holds for DepQBF and for the proof checker alike, and the
/// child's CPU time (DepQBF, the proof check, the SAT check) is bounded by three times the
/// timeout and a minute. Returns the outcome and the child's standard output (`--qdo`
/// lines when certified).
pub fn certify_in_child(
    exe: &Path,
    config: &Path,
    file: &Path,
    limits: &Certify,
    scratch: &Path,
) -> std::io::Result<(Outcome, Vec<u8>)> {
    let show = |p: &Path| p.display().to_string();
    let args = vec![
        "certify-qdimacs".to_string(),
        show(file),
        "--config".to_string(),
        show(config),
        "--timeout".to_string(),
        limits.timeout_s.to_string(),
        "--max-proof".to_string(),
        limits.max_proof.to_string(),
        "--memory".to_string(),
        limits.memory.to_string(),
        "--scratch".to_string(),
        show(scratch),
    ];
    let invocation = Invocation { program: exe.to_path_buf(), args, ..Invocation::default() };
    let cpu = Duration::from_secs_f64(3.0 * limits.timeout_s + 60.0);
    let job = Job { invocation, limits: Limits::new(cpu, limits.memory), owner: None };
    let m = RealExecutor.execute(&job)?;
    let said = String::from_utf8_lossy(&m.stderr).trim().to_string();
    let said = said.strip_prefix("error: ").unwrap_or(&said).to_string();
    let outcome = match m.exit_code {
        Some(10) => Outcome::Certified(contract::Verdict::True),
        Some(20) => Outcome::Certified(contract::Verdict::False),
        Some(c) if c == i32::from(certify_exit::TIMED_OUT) => Outcome::TimedOut,
        Some(c) if c == i32::from(certify_exit::REJECTED) => Outcome::Rejected(said),
        Some(c) if c == i32::from(certify_exit::FAILED) => Outcome::Failed(said),
        _ if m.hit_time_limit() => Outcome::TimedOut,
        _ if limits.memory > 0
            && (m.peak_memory >= job.limits.memout_threshold() || said.contains("memory allocation of")) =>
        {
            Outcome::Failed(format!(
                "the certification needed more than its memory limit of {} (peak {} MiB); raise it (`memory` under [certify], --memory) if the machine has it",
                harness::format_memory(limits.memory),
                m.peak_memory >> 20
            ))
        }
        code => Outcome::Failed(format!(
            "the certification ended with {}{}",
            code.map_or_else(|| format!("signal {}", m.signal.unwrap_or(0)), |c| format!("exit code {c}")),
            if said.is_empty() { String::new() } else { format!(": {said}") }
        )),
    };
    Ok((outcome, m.stdout))
}
