//! `qbfgames stats`: a size table over QDIMACS and QCIR files.

use std::process::ExitCode;

use anyhow::Result;
use qbf::stats::stats;
use reports::sizes::size_table;

use super::read_source;
use crate::flags::TableFormat;
use crate::output::print_table;

pub fn run(files: &[String], csv: bool) -> Result<ExitCode> {
    let sizes = files.iter().map(|file| {
        let (format, s) = stats(&read_source(file)?)?;
        Ok((file.clone(), format, s))
    });
    let table = size_table(sizes.collect::<Result<Vec<_>>>()?);
    print_table(&table, if csv { TableFormat::Csv } else { TableFormat::Text })?;
    Ok(ExitCode::SUCCESS)
}
