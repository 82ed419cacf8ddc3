//! `qbfgames report DIR`: reads DIR/manifest.csv and DIR/results.csv (and the suite copied
//! under DIR/models/ for the title, DIR/environment.jsonl for the footer, DIR/logs/ for the
//! runs' logs), writes the report's files (each atomically) under DIR/report or `--out`,
//! and prints where they are with the overall coverage table.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Result};
use reports::compare::Comparison;
use reports::runs::Links;
use reports::starved::refuse_starved;
use reports::{Options, Report, RunData};

use crate::output::write_atomically;

pub fn run(
    dir: &Path,
    out: Option<PathBuf>,
    scatter: Option<Vec<String>>,
    compare: Option<&Path>,
    allow_starved: bool,
) -> Result<ExitCode> {
    let scatter = match scatter.as_deref() {
        None => None,
        Some([x, y]) => Some((x.clone(), y.clone())),
        Some(other) => bail!(
            "--scatter takes two configurations, got {}\n  help: --scatter none+depqbf,bloqqer+depqbf",
            other.len()
        ),
    };
    let data = RunData::load(dir)?;
    if !allow_starved {
        refuse_starved(&data, dir)?;
    }
    // The suite `generate` copied next to the instances names the report; without one, the
    // folder does.
    let suite = suites::model_copies::copied_suite(dir).and_then(|file| suites::load(&file).ok());
    let (title, description) = match suite {
        Some(suite) => (format!("{}: qbfgames report", suite.name), suite.description),
        None => (
            format!(
                "{}: qbfgames report",
                dir.file_name().map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into_owned())
            ),
            String::new(),
        ),
    };
    let default_out = dir.join("report");
    let out = out.unwrap_or_else(|| default_out.clone());
    // Instance links are relative, so the report moves with its folder: only when it is
    // the folder's own `report/`.
    let instances = (out == default_out).then(|| "../".to_string());
    // A comparison with another folder goes in as two sections, after the critical depths.
    let comparison = match compare {
        Some(other) => {
            let b = RunData::load(other)?;
            let name =
                |p: &Path| p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned());
            Some(Comparison::new(&data, &b)?.with_names(&name(dir), &name(other)))
        }
        None => None,
    };
    let extra = comparison.as_ref().map_or_else(Vec::new, |c| vec![c.summary(), c.section()]);
    let options = Options {
        scatter,
        links: Links { run_dir: Some(dir.to_path_buf()), instances },
        description,
        footer: reports::footer::lines(dir, &data),
        extra,
    };
    let report = Report::build(&title, &data, &options)?;
    for (path, bytes) in report.files()? {
        write_atomically(&out.join(&path), |w| w.write_all(&bytes))?;
    }
    outln!("report: {} (also report.md, tables/*.csv|tex, plots/*.svg|png)", out.join("index.html").display());
    reports::write_text(std::io::stdout().lock(), &report.summary().table)?;
    if let Some(comparison) = comparison.filter(|c| c.conflicts() > 0) {
        for line in comparison.differing().iter().filter_map(|p| p.conflict_line()) {
            errln!("{line}");
        }
        errln!(
            "error: {} conflict(s) between {} and {}: one of them is unsound (the report lists them first under \"Comparison\")",
            comparison.conflicts(),
            dir.display(),
            compare.map_or_else(String::new, |p| p.display().to_string())
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
