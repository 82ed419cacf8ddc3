//! `qbfgames generate`: a suite's instances and manifest.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use suites::generate::generate;
use suites::{expand, load};

use suites::builder::Encoders;

pub fn run(file: &Path, out: Option<PathBuf>, jobs: Option<usize>) -> Result<ExitCode> {
    let suite = load(file)?;
    let out = out.unwrap_or_else(|| PathBuf::from("out").join(&suite.name));
    let threads = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let total = expand(&suite).len() as u64;
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} jobs {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let exe = std::env::current_exe().context("locating the qbfgames executable for the reference solvers")?;
    let builder = Encoders { exe };
    let summary = generate(&suite, &builder, &out, threads, &|_| bar.inc(1));
    bar.finish_and_clear();
    let summary = summary?;
    println!("{}: {summary} -> {}", suite.name, out.display());
    if let Some(path) = suites::models::copy_models(&suite, file, &out)?.first() {
        eprintln!("note: model `{path}` is not inside the suite's folder, so {}/models/ is not written and `qbfgames package` cannot carry the models\n  help: give model paths relative to the suite file", out.display());
    }
    Ok(ExitCode::SUCCESS)
}
