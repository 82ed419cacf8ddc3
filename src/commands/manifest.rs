//! `qbfgames manifest verify`.

use std::process::ExitCode;

use anyhow::{Context, Result};
use suites::verify::verify;

use crate::flags::ManifestCmd;

pub fn run(cmd: ManifestCmd) -> Result<ExitCode> {
    match cmd {
        ManifestCmd::Verify { dir } => {
            let differences =
                verify(&dir).with_context(|| format!("reading {}", dir.join("manifest.csv").display()))?;
            if differences.is_empty() {
                println!("{}: every file matches the manifest", dir.display());
                Ok(ExitCode::SUCCESS)
            } else {
                for d in &differences {
                    eprintln!("{d}");
                }
                eprintln!("{}: {} differences from the manifest", dir.display(), differences.len());
                Ok(ExitCode::from(1))
            }
        }
    }
}
