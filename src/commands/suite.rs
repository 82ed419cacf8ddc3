//! `qbfgames suite check|list`. A suite is valid when its file resolves and every model
//! file it names loads.

use std::process::ExitCode;

use anyhow::Result;
use reports::Table;
use suites::expand::LISTING;
use suites::generate::file_count;
use suites::model_check::load_models;
use suites::{expand, load};

use crate::flags::SuiteCmd;
use crate::output::print_table;

pub fn run(cmd: SuiteCmd) -> Result<ExitCode> {
    match cmd {
        SuiteCmd::Check { file } => {
            let file = crate::locate::suite_file(&file)?;
            let suite = load(&file)?;
            for warning in load_models(&suite)? {
                errln!("warning: {}: {}", warning.job, warning.message);
            }
            let jobs = expand(&suite);
            let files = file_count(&jobs);
            outln!(
                "{}: suite `{}` is valid: {} families, {} jobs, {} files",
                file.display(),
                suite.name,
                suite.families.len(),
                jobs.len(),
                files
            );
            Ok(ExitCode::SUCCESS)
        }
        SuiteCmd::List { file, format } => {
            let suite = load(&crate::locate::suite_file(&file)?)?;
            let mut table = Table::new(&LISTING);
            for job in expand(&suite) {
                table.push_row(job.listing());
            }
            print_table(&table, format)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
