//! `qbfgames stats`: a size table over QDIMACS and QCIR files.

use std::process::ExitCode;

use anyhow::Result;
use qbf::stats::stats;
use reports::sizes::size_table;

use crate::options::read_source;
use crate::output::print_table;
use reports::cli::TableFormat;

pub fn run(files: &[String], csv: bool, json: bool) -> Result<ExitCode> {
    let sizes = files.iter().map(|file| {
        let (format, s) = stats(&read_source(file)?)?;
        Ok((file.clone(), format, s))
    });
    let table = size_table(sizes.collect::<Result<Vec<_>>>()?);
    let format = match (csv, json) {
        (_, true) => TableFormat::Json,
        (true, _) => TableFormat::Csv,
        _ => TableFormat::Text,
    };
    print_table(&table, format)?;
    Ok(ExitCode::SUCCESS)
}
