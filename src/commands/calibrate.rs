//! `qbfgames calibrate DIR --check-predictions`: the predicted jobs of DIR/selection.csv
//! run with their predicted configuration at a longer limit ([`reports::selection::to_check`]),
//! each measured time printed beside its prediction, and what was measured folded back
//! into DIR/selection.csv. `--backtest L` runs nothing: it cuts the run's results at L and
//! sets the predictions made from them beside the times measured
//! ([`reports::selection::backtest`]).

use std::collections::{BTreeMap, BTreeSet};
use std::process::ExitCode;

use anyhow::{bail, Result};
use harness::local::LocalRun;
use harness::{RealExecutor, Subset};
use reports::selection::{self, agreement_table, check_table, compare, fold, to_check, Settings, Thresholds};
use reports::{write_text, RunData};

use reports::cli::CalibrateArgs;

pub fn run(args: &CalibrateArgs) -> Result<ExitCode> {
    if let Some(limit) = args.backtest {
        return backtest(args, limit);
    }
    let Some((mut jobs, limits)) = selection::read(&args.dir)? else {
        bail!(
            "{}: no selection.csv\n  help: `qbfgames select {}` writes it from a run's results",
            args.dir.display(),
            args.dir.display()
        );
    };
    let chosen = to_check(&jobs, args.count);
    if chosen.is_empty() {
        bail!(
            "{}: no job is classed by a prediction\n  help: calibrate a suite whose ladders predict (`predict_to`, `generate --competition-limit`)",
            args.dir.display()
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
            config: args.runs.config.clone(),
            solvers: vec![solver.to_string()],
            preprocessors: vec![preprocessor.to_string()],
            timeout_s: args.timeout,
            wall_timeout_s: None,
            rerun_starved: true,
            starved_retries: harness::STARVED_RETRIES,
            memory: args.runs.memory.clone(),
            qbfgames_version: env!("CARGO_PKG_VERSION").to_string(),
            subset: Subset::Only(members.clone()),
            stop_series: false,
        };
        let local = LocalRun::plan(&args.dir, &options, args.runs.jobs, &RealExecutor, None)?;
        local.run(&RealExecutor, &mut |r| {
            errln!("{config} {}: {} {:.2}s", r.instance.get(..12).unwrap_or_default(), r.status, r.cpu_s + r.pre_cpu_s)
        })?;
    }
    let data = RunData::load(&args.dir)?;
    let checked = compare(&jobs, &chosen, &selection::records_by_job(&data), args.timeout);
    let (table, summary) = check_table(&checked);
    write_text(std::io::stdout().lock(), &table)?;
    outln!("{summary}");
    outln!("by distance (predicted over the longest time measured on the series):");
    write_text(std::io::stdout().lock(), &agreement_table(&checked))?;
    fold(&mut jobs, &checked, limits.competition_s, Thresholds::default());
    selection::write(&args.dir, &jobs, limits)?;
    outln!("measured times folded into {}", args.dir.join(selection::FILE).display());
    Ok(ExitCode::SUCCESS)
}

/// `--backtest LIMIT`: the predictions of the results cut at `limit`, beside the times
/// measured at the run's own limit.
fn backtest(args: &CalibrateArgs, limit: f64) -> Result<ExitCode> {
    let data = RunData::load(&args.dir)?;
    if data.records.is_empty() {
        return Err(reports::Error::NothingToSelect(args.dir.clone()).into());
    }
    let own = selection::calibration_limit(&data);
    if limit >= own {
        bail!(
            "--backtest {limit}: not below the run's calibration limit ({own} s)\n  help: give a lower limit, e.g. --backtest {}",
            own / 10.0
        );
    }
    let settings = Settings { competition_s: own, ..Settings::default() };
    let predicted = suites::ladder::predicted_jobs(&args.dir)?;
    let result = selection::backtest(&data, &settings, &predicted, limit)?;
    errln!("predictions from the runs cut at {limit} s, beside the times measured at {own} s");
    let (table, summary) = check_table(&result.checked);
    write_text(std::io::stdout().lock(), &table)?;
    outln!("{summary}");
    outln!(
        "{} more predicted past {own} s for a configuration that ran out of {own} s there (consistent, not measured)",
        result.beyond
    );
    Ok(ExitCode::SUCCESS)
}
