//! Writing results: tables to stdout, files atomically, the conclusion of a run, and how
//! Slurm batches stand.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use harness::collection::{batch_records, BatchMerge, Merged};
use harness::shard::ShardState;
use harness::{check, Findings, Record};
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
    print_findings(&findings)?;
    Ok(if findings.is_clean() { ExitCode::SUCCESS } else { ExitCode::from(FINDINGS_EXIT) })
}

/// Shows wrong answers and conflicts on standard error, where they cannot be missed.
fn print_findings(findings: &Findings) -> Result<()> {
    let mut err = io::stderr().lock();
    for r in &findings.wrong {
        writeln!(
            err,
            "WRONG: {} says {} on {} ({}), expected {}",
            r.configuration(),
            r.status,
            r.instance,
            r.family,
            r.expected
        )?;
    }
    for c in &findings.conflicts {
        writeln!(
            err,
            "CONFLICT: instance {}: true by {}; false by {}",
            c.instance,
            c.said_true.join(", "),
            c.said_false.join(", ")
        )?;
    }
    if !findings.is_clean() {
        writeln!(
            err,
            "error: {} wrong answer(s), {} conflict(s): a solver, a preprocessor or a benchmark is wrong",
            findings.wrong.len(),
            findings.conflicts.len()
        )?;
    }
    Ok(())
}

/// Exit code when cells are still missing (tasks running, failed or never run).
const INCOMPLETE_EXIT: u8 = 3;

/// Prints how a Slurm batch stands after merging: one line for the batch, one per
/// unfinished shard.
pub fn print_batch(merge: &BatchMerge) {
    if let Some(e) = &merge.queue_error {
        eprintln!("warning: cannot see the Slurm queue ({e}); unfinished shards are reported as failed");
    }
    let count = |s: ShardState| merge.shards.iter().filter(|r| r.state == s).count();
    println!(
        "batch {}: {} shard(s): {} complete, {} queued or running, {} failed",
        merge.batch,
        merge.shards.len(),
        count(ShardState::Complete),
        count(ShardState::Active),
        count(ShardState::Failed)
    );
    for r in merge.shards.iter().filter(|r| r.state != ShardState::Complete) {
        if r.state == ShardState::Failed {
            println!(
                "  shard {}: FAILED, {} of {} cells done; its task ended without finishing (log: {})",
                r.index,
                r.done,
                r.cells,
                merge.dir.join("logs").join(format!("{}.out", r.index)).display()
            );
        } else {
            println!("  shard {}: {} of {} cells done, task queued or running", r.index, r.done, r.cells);
        }
    }
}

/// The end of collecting the Slurm batches of `dir`: the conclusion of their records,
/// and the cells still without a result, if any (then with their own exit code).
pub fn conclude_batches(dir: &Path, merged: &Merged) -> Result<ExitCode> {
    let code = conclude(&batch_records(dir)?)?;
    if merged.missing > 0 {
        eprintln!("error: {} cell(s) have no result yet", merged.missing);
        if !merged.failed.is_empty() {
            eprintln!("  help: `qbfgames collect {} --resubmit-failed` runs the failed shards again", dir.display());
        }
        return Ok(ExitCode::from(INCOMPLETE_EXIT));
    }
    Ok(code)
}
