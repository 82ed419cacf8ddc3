//! `qbfgames generate`: a suite's instances and manifest, its ladders climbed with their
//! calibration solvers or to a recorded reach (`suites::ladder`), then one line per ladder.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use harness::{RealExecutor, Tools};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use suites::generate::{generate_with, Reach};
use suites::ladder::{self, Calibration, Recorded};
use suites::{expand, load};

use suites::builder::Encoders;

pub fn run(
    file: &Path,
    out: Option<PathBuf>,
    jobs: Option<usize>,
    reach: Option<&Path>,
    recalibrate: bool,
    config: &Path,
) -> Result<ExitCode> {
    let suite = load(file)?;
    let out = out.unwrap_or_else(|| PathBuf::from("out").join(&suite.name));
    let threads = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let (plain, ladders) = ladder::split(expand(&suite));
    let earlier = out.join(ladder::FILE);
    let recorded = match reach {
        Some(path) => Some(Recorded::read(path, &ladders)?),
        None if !ladders.is_empty() && !recalibrate && earlier.is_file() => {
            eprintln!(
                "note: the ladders reach as far as {} records (no calibration); --recalibrate runs their solvers again",
                earlier.display()
            );
            Some(Recorded::read(&earlier, &ladders)?)
        }
        None => None,
    };
    let solvers = match (&recorded, ladders.is_empty()) {
        (None, false) => {
            let beside = file.with_file_name(ladder::FILE);
            if beside.is_file() {
                eprintln!(
                    "note: {} is beside the suite; `--reach {}` generates the reach it records instead of calibrating",
                    beside.display(),
                    beside.display()
                );
            }
            let tools = Tools::load(config).with_context(|| {
                format!("the suite's ladders need their calibration solvers from {}", config.display())
            })?;
            ladder::solvers(&suite, &tools, config, &RealExecutor)?
        }
        _ => Default::default(),
    };
    let calibration = Calibration { solvers: &solvers, executor: &RealExecutor };
    let reach = match &recorded {
        Some(r) => Some(Reach::Recorded(r)),
        None if ladders.is_empty() => None,
        None => Some(Reach::Calibrate(&calibration)),
    };
    // Calibrating, the bar counts every rung up to the ladders' caps: a ladder that stops
    // early leaves it short.
    let rungs: usize = match &recorded {
        Some(r) => r.rungs.len(),
        None => ladders.iter().map(|l| l.jobs.len()).sum(),
    };
    let bar = ProgressBar::with_draw_target(Some((plain.len() + rungs) as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} jobs {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let exe = std::env::current_exe().context("locating the qbfgames executable for the reference solvers")?;
    let builder = Encoders { exe };
    let summary = generate_with(&suite, &builder, &out, threads, &|_| bar.inc(1), reach);
    bar.finish_and_clear();
    let summary = summary?;
    println!("{}: {summary} -> {}", suite.name, out.display());
    for reached in ladder::reached(&summary.rungs) {
        println!("ladder {reached}");
    }
    if let Some(path) = suites::models::copy_models(&suite, file, &out)?.first() {
        eprintln!("note: model `{path}` is not inside the suite's folder, so {}/models/ is not written and `qbfgames package` cannot carry the models\n  help: give model paths relative to the suite file", out.display());
    }
    Ok(ExitCode::SUCCESS)
}
