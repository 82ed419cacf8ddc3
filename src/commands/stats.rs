//! `qbfgames stats`: a size table over QDIMACS and QCIR files.

use std::process::ExitCode;

use anyhow::Result;
use qbf::stats::stats;
use reports::Table;

use super::read_source;
use crate::flags::TableFormat;
use crate::output::print_table;

pub fn run(files: &[String], csv: bool) -> Result<ExitCode> {
    let mut table = Table::new(&[
        "file",
        "format",
        ">vars",
        ">universal",
        ">existential",
        ">blocks",
        ">clauses",
        ">literals",
        ">gates",
        ">inputs",
    ]);
    for file in files {
        let source = read_source(file)?;
        let (format, s) = stats(&source)?;
        let opt = |v: Option<u64>| v.map_or(String::new(), |v| v.to_string());
        table.push_row(vec![
            file.clone(),
            format.to_string(),
            s.vars.to_string(),
            s.universal.to_string(),
            s.existential.to_string(),
            s.blocks.to_string(),
            opt(s.clauses),
            opt(s.literals),
            opt(s.gates),
            opt(s.inputs),
        ]);
    }
    print_table(&table, if csv { TableFormat::Csv } else { TableFormat::Text })?;
    Ok(ExitCode::SUCCESS)
}
