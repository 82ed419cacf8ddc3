//! Writing results: tables to stdout, files atomically.

use std::io::{self, Write};
use std::path::Path;

use anyhow::{Context, Result};
use reports::Table;

use crate::flags::TableFormat;

/// Prints `table` to standard output in `format`.
pub fn print_table(table: &Table, format: TableFormat) -> Result<()> {
    let out = io::stdout().lock();
    match format {
        TableFormat::Text => reports::write_text(out, table),
        TableFormat::Markdown => reports::write_markdown(out, table),
        TableFormat::Csv => reports::write_csv(out, table),
    }
    .context("writing to standard output")
}

/// Writes a file through `write`: into a temporary file beside `path`, renamed over
/// `path` only when `write` succeeded, so a failed or interrupted write leaves nothing
/// half-written. `-` writes to standard output.
pub fn write_atomically<T>(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<T>) -> Result<T> {
    if path.as_os_str() == "-" {
        let mut out = io::stdout().lock();
        return write(&mut out).context("writing to standard output");
    }
    Ok(contract::write_atomically(path, write)?)
}
