//! `qbfgames tune`: encoding variants of a suite's families measured across solvers
//! (the `tune` crate), the summary printed as a Markdown table and kept in OUT/tune.md and
//! OUT/tune.csv; answers that disagree across variants are printed first, and exit 2.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::children::encoders;
use anyhow::{bail, Result};
use harness::options::RunOptions;
use harness::RealExecutor;
use tune::{named, summarize, variants, Event, Tune};

use tune::cli::TuneArgs;

pub fn run(args: &TuneArgs) -> Result<ExitCode> {
    let mut suite = suites::load(&args.suite)?;
    for name in &args.family {
        if !suite.families.iter().any(|f| &f.name == name) {
            let names: Vec<&str> = suite.families.iter().map(|f| f.name.as_str()).collect();
            bail!(
                "--family {name}: no such family in {}\n  help: the families are {}",
                args.suite.display(),
                names.join(", ")
            );
        }
    }
    if !args.family.is_empty() {
        suite.families.retain(|f| args.family.contains(&f.name));
    }
    let variants = if args.variant.is_empty() { variants(&args.vary)? } else { named(&args.variant)? };
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from("out/tune").join(&suite.name));
    let run = RunOptions {
        config: args.config.clone(),
        solvers: args.solvers.clone(),
        preprocessors: args.preprocessors.clone(),
        timeout_s: args.timeout,
        wall_timeout_s: args.wall_timeout,
        rerun_starved: true,
        starved_retries: harness::STARVED_RETRIES,
        memory: args.memory.clone(),
        qbfgames_version: env!("CARGO_PKG_VERSION").to_string(),
        subset: harness::Subset::All,
        stop_series: false,
    };
    let builder = encoders()?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let tune =
        Tune { suite: &suite, variants: &variants, out: &out, builder: &builder, run: &run, jobs: args.jobs, threads };
    let measured = tune.measure(&RealExecutor, &mut |event| match event {
        Event::Generated { variant, summary } => errln!("{}: {summary}", variant.label()),
        Event::Running { variant, pending, finished } => {
            errln!("{}: {pending} cell(s) to run, {finished} kept from an earlier tune", variant.label())
        }
        Event::Record { variant, record } => errln!(
            "{}: {} {} {}: {} {:.2}s",
            variant.label(),
            record.family,
            &record.instance[..record.instance.len().min(12)],
            tune::summary::configuration(&record.preprocessor, &record.solver),
            record.status,
            record.cpu_s
        ),
    })?;
    let summary = summarize(&suite, &measured, args.timeout);
    for d in &summary.disagreements {
        errln!("DISAGREEMENT on {}: {}", d.instance, d.answers.join("; "));
    }
    let table = summary.markdown();
    out!("{table}");
    contract::write_atomically(&out.join("tune.md"), |w| w.write_all(table.as_bytes()))?;
    let mut csv = Vec::new();
    summary.write_csv(&mut csv)?;
    contract::write_atomically(&out.join("tune.csv"), |w| w.write_all(&csv))?;
    if summary.disagreements.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        errln!(
            "error: {} instance(s) got both answers across variants: an encoding variant is wrong\n  help: compare the variants' formulas on the instances above before using any timing",
            summary.disagreements.len()
        );
        Ok(ExitCode::from(2))
    }
}
