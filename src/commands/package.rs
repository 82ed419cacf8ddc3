//! `qbfgames package`: a generated suite as one archive, ready to submit (see
//! [`reports::package`] for what the archive holds).

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use reports::package::Build;

pub fn run(dir: &Path, output: &Path) -> Result<ExitCode> {
    let build = Build { version: env!("CARGO_PKG_VERSION"), commit: env!("QBFGAMES_COMMIT") };
    let packaged = reports::package::package(dir, output, build)?;
    println!("{}: {} instances, {:.1} MB", output.display(), packaged.files, packaged.bytes as f64 / 1e6);
    Ok(ExitCode::SUCCESS)
}
