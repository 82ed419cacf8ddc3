//! Writing results: tables to stdout, files atomically, the conclusion of a run, and how
//! Slurm batches stand.
//!
//! Standard output is written through `outln!` and `out!`, which return a failed
//! write as an error instead of panicking as `println!` does: a reader that closes early
//! (`qbfgames list games | head -1`) ends the command quietly with exit code 0 (see
//! [`is_broken_pipe`]). Diagnostics go through `errln!` and `err!`, which drop what
//! standard error cannot take: the work and its exit code never depend on a diagnostic.

/// `println!` returning a failed write to the caller (through `?`).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)?
    }};
}

/// `print!` returning a failed write to the caller (through `?`).
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($arg)*)?
    }};
}

/// `eprintln!` that drops what standard error cannot take instead of panicking.
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        drop(writeln!(std::io::stderr().lock(), $($arg)*))
    }};
}

/// `eprint!` that drops what standard error cannot take instead of panicking.
macro_rules! err {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        drop(write!(std::io::stderr().lock(), $($arg)*))
    }};
}

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use contract::Record;
use harness::check;
use harness::collection::{batch_records, BatchMerge, Merged};
use reports::Table;

use reports::cli::TableFormat;

/// Exit code when an answer is wrong or two configurations conflict.
const FINDINGS_EXIT: u8 = 2;

/// Prints `table` to standard output in `format`.
pub fn print_table(table: &Table, format: TableFormat) -> Result<()> {
    format.write(io::stdout().lock(), table).context("writing to standard output")
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
        errln!("warning: cannot see the Slurm queue ({e}); unfinished shards are reported as failed");
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

/// Whether `err` comes from a reader that closed its end of a pipe early: the command
/// then ends quietly with exit code 0, as ripgrep does.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
}
