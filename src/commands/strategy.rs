//! `qbfgames strategy first-move`: encode a game, read Black's first move from the
//! solver's `--qdo` assignment (or, with `--from-certificate`, from the constants of
//! DepQBF's checked certificate), and check it with the reference solver.
//!
//! Progress goes to standard error: each formula's size as the solver is asked, the time it
//! took, and, on a terminal, a line counting the seconds while the solver works.
//!
//! Exit codes: 0 the move is valid; 1 it is invalid, or the solver's verdict contradicts
//! the reference solver; 2 nothing to check (Black does not win, and both agree).

use std::fs::File;
use std::io::BufWriter;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{anyhow, Context, Result};
use contract::Budget;
use encodings::Assignment;
use qbf::formula::CnfQbf;
use qbf::io::write_qdimacs;
use strategy::first_move::FirstMove;
use strategy::play::QdoSolver;
use strategy::qdo::{parse_qdo, Program, QdoError, QdoOracle, QdoRunner};
use strategy::session::Thinking;
use suites::certified::Outcome;
use suites::Certify;

use clap::FromArgMatches;

use super::{certify_in_child, depqbf_tracer, qdo_runner};
use crate::flags::strategy::{FirstMoveModel, FirstMoveOpts, StrategyCmd};
use crate::output::write_atomically;

/// The outermost block from a checked certificate: each formula certified by a child
/// `qbfgames certify-qdimacs` (DepQBF's tracer, the proof checked, the certificate
/// verified, under the memory limit), its `--qdo`-like output read as `--qdo`'s is.
struct FromCertificate {
    exe: PathBuf,
    config: PathBuf,
    limits: Certify,
    budget: Budget,
    /// What the last certificate was (the child's comment line).
    note: Option<String>,
}

impl QdoOracle for FromCertificate {
    fn solve(&mut self, qbf: &CnfQbf) -> Result<(bool, Assignment), QdoError> {
        let scratch = tempfile::Builder::new().prefix("qbfgames-certify-").tempdir()?;
        let path = scratch.path().join("formula.qdimacs");
        let mut file = BufWriter::new(File::create(&path)?);
        write_qdimacs(&mut file, qbf, &[])?;
        file.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        let (outcome, stdout) = certify_in_child(&self.exe, &self.config, &path, &self.limits, scratch.path())?;
        let program = "depqbf".to_string();
        match outcome {
            Outcome::Certified(_) => {
                let text = String::from_utf8_lossy(&stdout);
                self.note = text.lines().find_map(|l| l.strip_prefix("c ")).map(str::to_string);
                parse_qdo(&text).map_err(|source| QdoError::Output { program, source })
            }
            Outcome::TimedOut => Err(QdoError::NoAnswer {
                program,
                timeout: self.limits.timeout_s as u64,
                outcome: "no certificate in time".to_string(),
            }),
            Outcome::Rejected(reason) | Outcome::Failed(reason) => Err(QdoError::Certificate { program, reason }),
        }
    }

    fn budget(&self) -> Budget {
        self.budget
    }
}

/// The oracle with progress on standard error: what is being solved (the position's
/// formula, its size), a [`Thinking`] line while the solver works (on a terminal), and how
/// long it took; then that the reference solver checks the move.
struct Progress<'o> {
    oracle: &'o mut QdoSolver<'static>,
    /// The solver's name, as the options give it.
    name: &'static str,
    started: Instant,
    calls: usize,
}

impl QdoOracle for Progress<'_> {
    fn solve(&mut self, qbf: &CnfQbf) -> Result<(bool, Assignment), QdoError> {
        self.calls += 1;
        let (name, vars, clauses) = (self.name, qbf.max_var, qbf.cnf.len());
        errln!(
            "[{:.1} s] formula {} encoded ({vars} variables, {clauses} clauses); {name} solves it",
            self.started.elapsed().as_secs_f64(),
            self.calls
        );
        let asked = Instant::now();
        let answer = {
            let _thinking = Thinking::start(&format!("{name} is solving"));
            self.oracle.solve(qbf)?
        };
        let verdict = if answer.0 { "true" } else { "false" };
        errln!(
            "[{:.1} s] {name} answered {verdict} in {:.1} s; the reference solver checks the move",
            self.started.elapsed().as_secs_f64(),
            asked.elapsed().as_secs_f64()
        );
        Ok(answer)
    }

    fn budget(&self) -> Budget {
        self.oracle.budget()
    }
}

/// Where the first move is read from: `--qdo`, or a certificate.
enum Oracle {
    Qdo(QdoRunner),
    Certificate(Box<FromCertificate>),
}

impl Oracle {
    /// The oracle the options ask for, on formulas within `budget`.
    fn of(opts: &FirstMoveOpts, budget: Budget) -> Result<Oracle> {
        if !opts.from_certificate {
            return Ok(Oracle::Qdo(qdo_runner(&opts.strategy, budget)));
        }
        // Checked here, so that a missing tracer is said before the game is encoded.
        depqbf_tracer(&opts.config, "--from-certificate")?;
        let config =
            std::path::absolute(&opts.config).with_context(|| format!("locating {}", opts.config.display()))?;
        let size = |flag: &str, text: &str| {
            harness::parse_memory(text).map_err(|_| anyhow!("{flag} {text}: write a size with a unit, e.g. 4G or 512M"))
        };
        let limits = Certify {
            timeout_s: opts.strategy.timeout.max(1) as f64,
            memory: size("--memory", &opts.memory)?,
            max_proof: size("--max-proof", &opts.max_proof)?,
        };
        let exe = std::env::current_exe().context("locating the qbfgames executable for the certification")?;
        Ok(Oracle::Certificate(Box::new(FromCertificate { exe, config, limits, budget, note: None })))
    }

    fn oracle(&mut self) -> &mut QdoSolver<'static> {
        match self {
            Oracle::Qdo(runner) => runner,
            Oracle::Certificate(runner) => runner.as_mut(),
        }
    }

    /// The oracle, reporting its progress on standard error.
    fn solver(&mut self) -> Progress<'_> {
        let name = match self {
            Oracle::Qdo(QdoRunner { program: Program::Caqe, .. }) => "caqe",
            Oracle::Qdo(_) => "depqbf",
            Oracle::Certificate(_) => "depqbf (certified)",
        };
        Progress { oracle: self.oracle(), name, started: Instant::now(), calls: 0 }
    }

    /// What the certificate was, for the report.
    fn note(&self) -> Option<&str> {
        match self {
            Oracle::Qdo(_) => None,
            Oracle::Certificate(runner) => runner.note.as_deref(),
        }
    }
}

pub fn run(cmd: StrategyCmd) -> Result<ExitCode> {
    let StrategyCmd::FirstMove(FirstMoveModel(chosen)) = cmd;
    let model = chosen.model()?;
    let opts = FirstMoveOpts::from_arg_matches(chosen.own())?;
    let mut oracle = Oracle::of(&opts, model.first_move_budget(chosen.matches())?)?;
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
