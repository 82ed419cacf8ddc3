//! `qbfgames report DIR`: reads DIR/manifest.csv and DIR/results.csv, writes the report's
//! files (each atomically) under DIR/report or `--out`, and prints where they are with the
//! overall coverage table.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Result};
use reports::{Options, Report, RunData};

use crate::output::write_atomically;

pub fn run(dir: &Path, out: Option<PathBuf>, scatter: Option<Vec<String>>) -> Result<ExitCode> {
    let scatter = match scatter.as_deref() {
        None => None,
        Some([x, y]) => Some((x.clone(), y.clone())),
        Some(other) => bail!(
            "--scatter takes two configurations, got {}\n  help: --scatter none+depqbf,bloqqer+depqbf",
            other.len()
        ),
    };
    let data = RunData::load(dir)?;
    let title = format!(
        "qbfgames report: {}",
        dir.file_name().map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into_owned())
    );
    let report = Report::build(&title, &data, &Options { scatter })?;
    let out = out.unwrap_or_else(|| dir.join("report"));
    for (path, bytes) in report.files()? {
        write_atomically(&out.join(&path), |w| w.write_all(&bytes))?;
    }
    println!("report: {} (also report.md, tables/*.csv|tex, plots/*.svg|png)", out.join("index.html").display());
    reports::write_text(std::io::stdout().lock(), &report.summary().table)?;
    Ok(ExitCode::SUCCESS)
}
