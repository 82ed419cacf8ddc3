//! Writing results: tables to stdout, files atomically.

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use anyhow::{Context, Result};
use reports::Table;

use crate::cli::TableFormat;

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
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut tmp = tempfile::Builder::new()
        .permissions(std::fs::Permissions::from_mode(0o644))
        .prefix(".qbfgames-")
        .tempfile_in(dir)
        .with_context(|| format!("creating a temporary file in {}", dir.display()))?;
    let value = write(tmp.as_file_mut()).with_context(|| format!("writing {}", path.display()))?;
    tmp.as_file_mut().sync_all().with_context(|| format!("writing {}", path.display()))?;
    tmp.persist(path).with_context(|| format!("renaming into {}", path.display()))?;
    Ok(value)
}
