//! `qbfgames solvers`: every solver and preprocessor of the configuration in use (and
//! which file that is): found or missing, version, formats read, program.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use harness::{RealExecutor, Tools};
use reports::Table;

use crate::output::print_table;
use reports::cli::TableFormat;

pub fn run(config: &Path, format: TableFormat) -> Result<ExitCode> {
    let tools = Tools::load(config).map_err(|e| match e {
        // A file that cannot be read: the fix is naming another. A mistake inside the file
        // is already located at its line and key, with its own fix.
        harness::Error::Io { .. } => anyhow!(
            "{e}\n  help: `--config FILE`, $QBFGAMES_SOLVERS or ~/.config/qbfgames/solvers.toml name another solvers file"
        ),
        e => e.into(),
    })?;
    errln!("configuration: {}", config.display());
    let mut table = Table::new(&["role", "name", "state", "formats", "version", "program"]);
    let mut missing = 0;
    for (role, list) in [("solver", &tools.solvers), ("preprocessor", &tools.preprocessors)] {
        for tool in list.values() {
            let formats: Vec<String> = tool.formats.iter().map(|f| f.to_string()).collect();
            let (state, version, program) = match harness::prepare(tool, &RealExecutor) {
                Ok(run) => ("found", run.version, run.program.display().to_string()),
                Err(error) => {
                    missing += 1;
                    ("missing", String::new(), error.to_string().lines().next().unwrap_or("").to_string())
                }
            };
            table.push_row(vec![role.into(), tool.name.clone(), state.into(), formats.join(","), version, program]);
        }
    }
    print_table(&table, format)?;
    if missing > 0 {
        errln!("{missing} missing: install them on PATH (in a checkout, `make solvers` installs the shipped ones; `make install` under a prefix)");
    }
    Ok(ExitCode::SUCCESS)
}
