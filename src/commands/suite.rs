//! `qbfgames suite check|list`.

use std::process::ExitCode;

use anyhow::Result;
use reports::Table;
use suites::generate::source_files;
use suites::{expand, load};

use crate::flags::SuiteCmd;
use crate::output::print_table;

pub fn run(cmd: SuiteCmd) -> Result<ExitCode> {
    match cmd {
        SuiteCmd::Check { file } => {
            let suite = load(&file)?;
            let jobs = expand(&suite);
            let files: usize = jobs.iter().flat_map(|j| j.outputs()).map(|f| source_files(f).len()).sum();
            println!(
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
            let suite = load(&file)?;
            let mut table = Table::new(&["family", "model", "params", ">depth", "encoding", "formats", "expected"]);
            for job in expand(&suite) {
                let formats: Vec<&str> = job.outputs().iter().map(|f| f.name()).collect();
                let expected = match job.family.expected {
                    suites::Expected::None => "none".to_string(),
                    suites::Expected::Reference { budget } => format!("reference ({budget} s)"),
                };
                table.push_row(vec![
                    job.family.name.clone(),
                    job.family.model.name().to_string(),
                    suites::resolve::params_string(job.params),
                    job.depth.to_string(),
                    job.encoding.name().to_string(),
                    formats.join(","),
                    expected,
                ]);
            }
            print_table(&table, format)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
