//! `qbfgames calibrate DIR --check-predictions`: the predicted jobs of DIR/selection.csv
//! run with their predicted configuration at a longer limit ([`reports::selection::to_check`]),
//! each measured time printed beside its prediction, and what was measured folded back
//! into DIR/selection.csv.

use std::collections::{BTreeMap, BTreeSet};
use std::process::ExitCode;

use anyhow::{bail, Result};
use harness::local::LocalRun;
use harness::{RealExecutor, Record, Subset};
use reports::selection::{self, check_table, compare, fold, job_of, to_check, Thresholds};
use reports::{write_text, RunData};

use crate::flags::CalibrateArgs;

pub fn run(args: &CalibrateArgs) -> Result<ExitCode> {
    let Some((mut jobs, limits)) = selection::read(&args.dir)? else {
        bail!(
            "{}: no selection.csv\n  help: `qbfgames select {}` writes it from a run's results",
            args.dir.display(),
            args.dir.display()
        );
    };
    let chosen = to_check(&jobs, args.timeout, args.count);
    if chosen.is_empty() {
        bail!(
            "{}: no job is classed by a prediction of at most {} s\n  help: raise --timeout, or calibrate a suite whose ladders predict (`predict_to`, `generate --competition-limit`)",
            args.dir.display(),
            args.timeout
        );
    }
    let mut by_config: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for &i in &chosen {
        if let Some(p) = &jobs[i].prediction {
            by_config.entry(p.config.clone()).or_default().insert(jobs[i].job.clone());
        }
    }
    errln!("checking {} predicted job(s) with their predicted configuration at {} s CPU", chosen.len(), args.timeout);
    for (config, members) in &by_config {
        let Some((preprocessor, solver)) = config.split_once('+') else {
            bail!("`{config}` in selection.csv is not a configuration PREPROCESSOR+SOLVER");
        };
        let options = harness::options::RunOptions {
            config: args.config.clone(),
            solvers: vec![solver.to_string()],
            preprocessors: vec![preprocessor.to_string()],
            timeout_s: args.timeout,
            wall_timeout_s: None,
            rerun_starved: true,
            starved_retries: harness::STARVED_RETRIES,
            memory: args.memory.clone(),
            qbfgames_version: env!("CARGO_PKG_VERSION").to_string(),
            subset: Subset::Only(members.clone()),
        };
        let local = LocalRun::plan(&args.dir, &options, args.jobs, &RealExecutor, None)?;
        local.run(&RealExecutor, &mut |r| {
            errln!("{config} {}: {} {:.2}s", r.instance.get(..12).unwrap_or_default(), r.status, r.cpu_s + r.pre_cpu_s)
        })?;
    }
    let data = RunData::load(&args.dir)?;
    let mut records: BTreeMap<String, Vec<Record>> = BTreeMap::new();
    for r in &data.records {
        if let Some(row) = data.instances.get(&r.instance) {
            records.entry(job_of(row).to_string()).or_default().push(r.clone());
        }
    }
    let checked = compare(&jobs, &chosen, &records, args.timeout);
    let (table, summary) = check_table(&checked);
    write_text(std::io::stdout().lock(), &table)?;
    outln!("{summary}");
    fold(&mut jobs, &checked, limits.competition_s, Thresholds::default());
    selection::write(&args.dir, &jobs, limits)?;
    outln!("measured times folded into {}", args.dir.join(selection::FILE).display());
    Ok(ExitCode::SUCCESS)
}
