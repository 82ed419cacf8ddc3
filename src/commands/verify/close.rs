//! `qbfgames verify --close`: the entries a published table left open, closed by the
//! reference player and certified by DepQBF (`verify::close`), written beside the table.
//! With `--backend slurm` the reference player's runs go to the cluster: each rung's runs
//! of every entry gathered into one job array (a wave, `harness::wave`).

use std::path::Path;

use anyhow::{anyhow, Context, Result};
use certify::{Certifier, Certify};
use harness::slurm::SlurmCli;
use harness::wave::WaveExecutor;
use harness::{Executor, RealExecutor};
use suites::builder::Encoders;
use verify::{close, CloseOptions, ClosedTable, Table};

use crate::children::CertifyChild;
use harness::cli::Backend;
use verify::cli::VerifyArgs;

/// Entries climbing at once on Slurm: every open entry of a shipped table (38 at most)
/// asks for its next run within one wave.
const SLURM_CLIMBERS: usize = 64;

/// Closes `table`'s open entries into `out` (`closed.csv`, `closed.md`); returns the
/// section `verify.md` shows and whether a certified verdict contradicted the reference
/// player.
pub fn run(args: &VerifyArgs, table: &Table, encoders: &Encoders, out: &Path) -> Result<(ClosedTable, bool)> {
    let jobs = args.jobs.max(1);
    let climbers = match args.backend {
        Backend::Local => jobs,
        Backend::Slurm => SLURM_CLIMBERS,
    };
    let waves = match args.backend {
        Backend::Local => None,
        Backend::Slurm => {
            let profile = args.slurm.profile()?;
            let exe = std::env::current_exe().context("where is qbfgames?")?;
            let qbfgames = profile.qbfgames.clone().unwrap_or(exe);
            errln!("{}: the reference player's runs go to Slurm, each rung's runs one job array", table.name);
            Some(WaveExecutor::new(out, &qbfgames, profile, &SlurmCli, climbers)?)
        }
    };
    let executor: &dyn Executor = match &waves {
        Some(w) => w,
        None => &RealExecutor,
    };
    let budget = harness::parse_duration(&args.close_budget).map_err(|e| anyhow!("--close-budget {e}"))?;
    let memory = harness::parse_memory(&args.memory).context("--memory")?;
    let last_ply = crate::children::last_ply_child()?;
    let child = CertifyChild { config: args.config.clone() };
    let certifier: Option<&dyn Certifier> = (args.certify > 0.0).then_some(&child as &dyn Certifier);
    let opts = CloseOptions {
        encoders,
        executor,
        last_ply: &last_ply,
        certifier,
        certify: Certify::with_timeout(args.certify.max(1.0)),
        out,
        budget,
        memory,
        climbers,
        jobs,
    };
    let closed = close(table, &opts, &mut |line| errln!("{line}"));
    if let Some(w) = &waves {
        errln!("{}: {} Slurm wave(s) ran the reference player", table.name, w.waves());
    }
    let report = ClosedTable::new(&closed);
    report.write(out)?;
    Ok((report, closed.disagrees()))
}
