//! `qbfgames frontier DIR`: the escalation stage. The frontier of every ladder
//! ([`reports::selection::frontier`]) runs at each limit in turn, within a CPU budget, in
//! batches: after each batch the predictions are validated and fitted again on what it
//! measured, and the frontier moves on (a rung solved gives way to the next one; a rung
//! that ran out waits for the next limit). A run is started only while the limits of the
//! batch still fit in what is left of the budget, so the budget is never overspent.

use std::collections::BTreeSet;
use std::process::ExitCode;

use anyhow::{bail, Result};
use contract::Record;
use harness::local::LocalRun;
use harness::options::RunOptions;
use harness::{RealExecutor, Subset};
use reports::selection::{self, Settings, Step};
use reports::RunData;

use harness::cli::Backend;
use reports::cli::FrontierArgs;

/// Runs per core in a batch: the cores wait for a batch's slowest run before the next
/// fit, so a batch of a few runs per core keeps them busy while the fits stay frequent.
const BATCH_PER_CORE: usize = 4;

pub fn run(args: &FrontierArgs) -> Result<ExitCode> {
    let mut limits: Vec<f64> = args.limits.iter().copied().filter(|&l| l <= args.competition_limit).collect();
    limits.sort_by(f64::total_cmp);
    limits.dedup();
    if limits.is_empty() {
        bail!("--limits: none is within the competition limit of {} s", args.competition_limit);
    }
    let predicted = suites::ladder::predicted_jobs(&args.dir)?;
    let wanted: BTreeSet<String> = selection::read(&args.dir)?
        .map(|(jobs, _)| jobs.into_iter().filter(|j| j.selected).map(|j| j.job).collect())
        .unwrap_or_default();
    let parallel = args.runs.jobs.unwrap_or_else(harness::physical_cores).max(1);
    let mut spent = 0.0;
    let mut tried: BTreeSet<(String, String, u64)> = BTreeSet::new();
    let mut ran: Vec<Record> = Vec::new();
    let mut data = RunData::load(&args.dir)?;
    errln!(
        "frontier: a budget of {} CPU s, limits {:?} s, {} job(s) the selection wants",
        args.budget,
        limits,
        wanted.len()
    );
    for &limit in &limits {
        loop {
            let mut settings = Settings { competition_s: args.competition_limit, ..Settings::default() };
            let (_, jobs) = selection::calibrate_validated(&data, &mut settings, &predicted)?;
            let steps: Vec<Step> = selection::frontier(&jobs, &selection::records_by_job(&data), &wanted, limit)
                .into_iter()
                .filter(|s| !tried.contains(&(s.job.clone(), s.config.clone(), limit.to_bits())))
                .collect();
            let batch = batch(&steps, limit, args.budget - spent, parallel * BATCH_PER_CORE);
            if batch.is_empty() {
                if !steps.is_empty() {
                    errln!(
                        "frontier: {} rung(s) left at {limit} s; the budget left ({:.0} s) does not fit another",
                        steps.len(),
                        args.budget - spent
                    );
                }
                break;
            }
            for s in &batch {
                tried.insert((s.job.clone(), s.config.clone(), limit.to_bits()));
            }
            let before: BTreeSet<String> = data.records.iter().map(|r| r.key.clone()).collect();
            run_batch(args, &batch, limit)?;
            data = RunData::load(&args.dir)?;
            let records: Vec<Record> = data.records.iter().filter(|r| !before.contains(&r.key)).cloned().collect();
            spent += records.iter().map(|r| r.cpu_s + r.pre_cpu_s).sum::<f64>();
            for r in &records {
                errln!(
                    "frontier {limit} s: {} {} {} {:.1} s",
                    r.instance.get(..12).unwrap_or_default(),
                    r.configuration(),
                    r.status,
                    r.cpu_s + r.pre_cpu_s
                );
            }
            ran.extend(records);
        }
    }
    let answered = ran.iter().filter(|r| r.answer().is_some()).count();
    let long =
        ran.iter().filter(|r| r.cpu_s + r.pre_cpu_s >= 60.0 || (r.status.ran_out() && r.timeout_s >= 60.0)).count();
    outln!(
        "frontier: {} run(s), {spent:.0} of {} CPU s spent; {answered} answered, {} ran out of their limit; {long} measured at 60 s or more",
        ran.len(),
        args.budget,
        ran.iter().filter(|r| r.status.ran_out()).count()
    );
    Ok(ExitCode::SUCCESS)
}

/// The next batch: steps in order while their limits fit in `left` CPU seconds, at most
/// `most`.
fn batch(steps: &[Step], limit: f64, left: f64, most: usize) -> Vec<Step> {
    let fit = ((left / limit).floor().max(0.0) as usize).min(most);
    steps.iter().take(fit).cloned().collect()
}

/// Runs `batch` at `limit`, on this machine or as one Slurm job array; its records join
/// the folder's results.
fn run_batch(args: &FrontierArgs, batch: &[Step], limit: f64) -> Result<()> {
    let mut solvers = BTreeSet::new();
    let mut preprocessors = BTreeSet::new();
    let mut cells = BTreeSet::new();
    for s in batch {
        let Some((pre, solver)) = s.config.split_once('+') else {
            bail!("`{}` is not a configuration PREPROCESSOR+SOLVER", s.config);
        };
        preprocessors.insert(pre.to_string());
        solvers.insert(solver.to_string());
        cells.insert((s.job.clone(), s.config.clone()));
    }
    let options = RunOptions {
        config: args.runs.config.clone(),
        solvers: solvers.into_iter().collect(),
        preprocessors: preprocessors.into_iter().collect(),
        timeout_s: limit,
        wall_timeout_s: None,
        rerun_starved: true,
        starved_retries: harness::STARVED_RETRIES,
        memory: args.runs.memory.clone(),
        qbfgames_version: env!("CARGO_PKG_VERSION").to_string(),
        subset: Subset::Cells(cells.clone()),
        stop_series: false,
    };
    match args.backend {
        Backend::Local => {
            let jobs = args.runs.jobs.map(|j| j.min(batch.len()).max(1));
            let local = LocalRun::plan(&args.dir, &options, jobs, &RealExecutor, None)?;
            local.run(&RealExecutor, &mut |_| {})?;
        }
        Backend::Slurm => harness::collection::run_wave(
            &args.dir,
            &options,
            args.slurm.profile()?,
            &harness::slurm::SlurmCli,
            &mut |name, tasks| errln!("waiting for {tasks} array task(s) of {name}"),
            &mut crate::output::print_batch,
        )?,
    }
    Ok(())
}
