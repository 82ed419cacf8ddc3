//! `qbfgames package`: a generated suite as one archive, ready to submit, and the check
//! of an archive as an organiser reads it (see [`reports::package`]).

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Result};
use reports::package::{check_archive, Build};

pub fn run(dir: Option<&Path>, output: Option<&Path>, preprocessed: bool, check: Option<&Path>) -> Result<ExitCode> {
    if let Some(archive) = check {
        let checked = check_archive(archive)?;
        for problem in &checked.problems {
            errln!("{problem}");
        }
        let (files, formulas, problems) = (checked.files, checked.formulas, checked.problems.len());
        outln!("{}: {files} files, {formulas} formulas read strictly, {problems} problem(s)", archive.display());
        return Ok(if problems == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) });
    }
    let (Some(dir), Some(output)) = (dir, output) else { bail!("give DIR and -o NAME.tar.xz, or --check ARCHIVE") };
    let build = Build { version: env!("CARGO_PKG_VERSION"), commit: env!("QBFGAMES_COMMIT") };
    let docs = suites::model_copies::copied_docs(dir)?;
    let claimants = game_registry::claimants();
    let packaged = reports::package::package(dir, output, build, &docs, &claimants, preprocessed)?;
    outln!("{}: {} instances, {:.1} MB", output.display(), packaged.files, packaged.bytes as f64 / 1e6);
    Ok(ExitCode::SUCCESS)
}
