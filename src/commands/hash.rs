//! `qbfgames hash`: SHA-256 and GBD identifiers.

use std::process::ExitCode;

use anyhow::Result;
use qbf::identity::{gbd_hash, sha256_hex};
use qbf::io::Format;
use reports::Table;

use crate::options::read_source;
use crate::output::print_table;
use reports::cli::TableFormat;

pub fn run(files: &[String], format: TableFormat) -> Result<ExitCode> {
    let mut table = Table::new(&["sha256", "gbd", "file"]);
    for file in files {
        let source = read_source(file)?;
        let gbd = match Format::detect(&source.bytes) {
            Format::Qdimacs => gbd_hash(&source.bytes),
            Format::Qcir => "-".to_string(),
        };
        table.push_row(vec![sha256_hex(&source.bytes), gbd, file.clone()]);
    }
    print_table(&table, format)?;
    Ok(ExitCode::SUCCESS)
}
