//! Writing results: tables to stdout, files atomically, the conclusion of a run, and how
//! Slurm batches stand.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use harness::collection::{batch_records, BatchMerge, Merged};
use harness::{check, Record};
use reports::Table;

use crate::flags::TableFormat;

/// Exit code when an answer is wrong or two configurations conflict.
const FINDINGS_EXIT: u8 = 2;

/// Prints `table` to standard output in `format`.
pub fn print_table(table: &Table, format: TableFormat) -> Result<()> {
    let out = io::stdout().lock();
    match format {
        TableFormat::Text => reports::write_text(out, table),
        TableFormat::Markdown => reports::write_markdown(out, table),
        TableFormat::Csv => reports::write_csv(out, table),
        TableFormat::Json => reports::write_json(out, table),
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

/// The end of a run (local or collected from Slurm): the summary table of `records`, and
/// any wrong answers or conflicts; the exit code says which.
pub fn conclude(records: &[Record]) -> Result<ExitCode> {
    print_table(&reports::summary::run_summary(records), TableFormat::Text)?;
    let findings = check(records.iter());
    reports::findings::write_findings(io::stderr().lock(), &findings)?;
    Ok(if findings.is_clean() { ExitCode::SUCCESS } else { ExitCode::from(FINDINGS_EXIT) })
}

/// Exit code when cells are still missing (tasks running, failed or never run).
const INCOMPLETE_EXIT: u8 = 3;

/// Prints how a Slurm batch stands after merging: one line for the batch, one per
/// unfinished shard.
pub fn print_batch(merge: &BatchMerge) -> io::Result<()> {
    if let Some(e) = &merge.queue_error {
        eprintln!("warning: cannot see the Slurm queue ({e}); unfinished shards are reported as failed");
    }
    reports::findings::write_batch(io::stdout().lock(), merge)
}

/// The end of collecting the Slurm batches of `dir`: the conclusion of their records,
/// and the cells still without a result, if any (then with their own exit code).
pub fn conclude_batches(dir: &Path, merged: &Merged) -> Result<ExitCode> {
    let code = conclude(&batch_records(dir)?)?;
    reports::findings::write_missing(io::stderr().lock(), dir, merged)?;
    Ok(if merged.missing > 0 { ExitCode::from(INCOMPLETE_EXIT) } else { code })
}
