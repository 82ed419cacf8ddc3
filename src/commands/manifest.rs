//! `qbfgames manifest verify`.

use std::path::Path;
use std::process::ExitCode;

use crate::children::encoders;
use anyhow::{Context, Result};
use contract::manifest::read;
use suites::audit::audit;
use suites::coverage::coverage;
use suites::model_copies::copied_suite;
use suites::recheck::{derivable, recheck};

use crate::flags::ManifestCmd;

pub fn run(cmd: ManifestCmd) -> Result<ExitCode> {
    match cmd {
        ManifestCmd::Verify { dir, suite } => {
            let mut differences =
                audit(&dir).with_context(|| format!("reading {}", dir.join("manifest.csv").display()))?;
            differences.extend(answers(&dir, suite.as_deref())?);
            if differences.is_empty() {
                outln!("{}: every file matches the manifest", dir.display());
                Ok(ExitCode::SUCCESS)
            } else {
                for d in &differences {
                    errln!("{d}");
                }
                errln!("{}: {} differences from the manifest", dir.display(), differences.len());
                Ok(ExitCode::from(1))
            }
        }
    }
}

/// The manifest checked against the suite (`--suite`, else the copy `generate` left in
/// `DIR/models/`): every job of it present, and the expected answers re-derived; without
/// one, a note of how many were not.
fn answers(dir: &Path, suite: Option<&Path>) -> Result<Vec<String>> {
    let rows = read(dir)?;
    let certified = rows.iter().filter(|r| r.expected_by.split('+').any(|s| s == suites::certified::BY)).count();
    if certified > 0 {
        errln!(
            "note: {certified} rows have expected answers from checked certificates, which verify does not re-derive; `qbfgames generate SUITE --out {} --certify SECONDS` certifies them again",
            dir.display()
        );
    }
    let Some(file) = suite.map(Path::to_path_buf).or_else(|| copied_suite(dir)) else {
        let count = rows.iter().filter(|r| derivable(r)).count();
        if count > 0 {
            errln!(
                "note: {count} rows have expected answers from the reference solver or a published table, and {} holds no copy of the suite; `--suite SUITE` re-derives them",
                dir.display()
            );
        }
        return Ok(Vec::new());
    };
    let suite = suites::load(&file)?;
    let mut found = coverage(&suite, dir, &rows);
    found.extend(recheck(&suite, &encoders()?, &rows));
    Ok(found)
}
