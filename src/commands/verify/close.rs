//! `qbfgames verify --close`: the entries a published table left open, closed by the
//! reference player and certified by DepQBF (`verify::close`), written beside the table.

use std::path::Path;

use anyhow::{anyhow, Context, Result};
use harness::RealExecutor;
use suites::builder::Encoders;
use suites::certified::Certifier;
use suites::Certify;
use verify::{close, parse_budget, CloseOptions, ClosedTable, Table};

use crate::children::CertifyChild;
use crate::flags::{Backend, VerifyArgs};

/// Closes `table`'s open entries into `out` (`closed.csv`, `closed.md`); returns the
/// section `verify.md` shows and whether a certified verdict contradicted the reference
/// player.
pub fn run(args: &VerifyArgs, table: &Table, encoders: &Encoders, out: &Path) -> Result<(ClosedTable, bool)> {
    if args.backend == Backend::Slurm {
        return Err(anyhow!("--close --backend slurm is not supported yet: the reference player's runs go through the local executor\n  help: run without --backend slurm"));
    }
    let budget = parse_budget(&args.close_budget).map_err(|e| anyhow!("--close-budget {e}"))?;
    let memory = harness::parse_memory(&args.memory).context("--memory")?;
    let last_ply = crate::children::last_ply_child()?;
    let child = CertifyChild { config: args.config.clone() };
    let certifier: Option<&dyn Certifier> = (args.certify > 0.0).then_some(&child as &dyn Certifier);
    let opts = CloseOptions {
        encoders,
        executor: &RealExecutor,
        last_ply: &last_ply,
        certifier,
        certify: Certify::with_timeout(args.certify.max(1.0)),
        out,
        budget,
        memory,
        jobs: args.jobs.max(1),
    };
    let closed = close(table, &opts, &mut |line| errln!("{line}"));
    let report = ClosedTable::new(&closed);
    report.write(out)?;
    Ok((report, closed.disagrees()))
}
