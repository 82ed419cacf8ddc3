//! `qbfgames compare A B`: reads both folders' manifest.csv and results.csv, prints the
//! conflicts between the two runs first, then the counts per configuration and the pairs
//! that differ (see [`reports::compare`]); `--csv` writes every pair. Exit code 1 when the
//! runs conflict, so a script comparing a new solver build with the old one stops there.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use reports::compare::Comparison;
use reports::RunData;

use crate::output::write_atomically;

pub fn run(a: &Path, b: &Path, csv: Option<&Path>) -> Result<ExitCode> {
    let data_a = RunData::load(a)?;
    let data_b = RunData::load(b)?;
    let comparison = Comparison::new(&data_a, &data_b)?.with_names(&a.display().to_string(), &b.display().to_string());
    if let Some(path) = csv {
        write_atomically(path, |w| reports::write_csv(w, &comparison.table()))?;
    }
    comparison.write_text(std::io::stdout().lock())?;
    Ok(if comparison.conflicts() > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}
