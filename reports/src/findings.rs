//! The end of a run as text: wrong answers and conflicts ([`write_findings`]), how a
//! Slurm batch stands after merging ([`write_batch`]), and the cells of a directory's
//! batches still without a result ([`write_missing`]).

use std::io::{self, Write};

use std::path::Path;

use harness::collection::{BatchMerge, Merged};
use harness::shard::ShardState;
use harness::Findings;

/// Writes one line per wrong answer and conflict, and a closing line counting them if
/// there are any.
pub fn write_findings(mut out: impl Write, findings: &Findings) -> io::Result<()> {
    for r in &findings.wrong {
        if r.certificate_rejected() {
            writeln!(
                out,
                "WRONG: {} says {} on {} ({}), but its {}",
                r.configuration(),
                r.answer().map_or("?".to_string(), |v| v.to_string()),
                r.instance,
                r.family,
                r.certificate.replacen("rejected", "certificate was rejected", 1)
            )?;
            continue;
        }
        writeln!(
            out,
            "WRONG: {} says {} on {} ({}), expected {}",
            r.configuration(),
            r.answer().map_or("?".to_string(), |v| v.to_string()),
            r.instance,
            r.family,
            r.expected
        )?;
    }
    for c in &findings.conflicts {
        writeln!(
            out,
            "CONFLICT: instance {}: true by {}; false by {}",
            c.instance,
            c.said_true.join(", "),
            c.said_false.join(", ")
        )?;
    }
    if !findings.is_clean() {
        writeln!(
            out,
            "error: {} wrong answer(s), {} conflict(s): a solver, a preprocessor or a benchmark is wrong",
            findings.wrong.len(),
            findings.conflicts.len()
        )?;
    }
    Ok(())
}

/// Writes one line for the batch of `merge` and one per unfinished shard (a failed one
/// with its log file).
pub fn write_batch(mut out: impl Write, merge: &BatchMerge) -> io::Result<()> {
    let count = |s: ShardState| merge.shards.iter().filter(|r| r.state == s).count();
    writeln!(
        out,
        "batch {}: {} shard(s): {} complete, {} queued or running, {} failed",
        merge.batch,
        merge.shards.len(),
        count(ShardState::Complete),
        count(ShardState::Active),
        count(ShardState::Failed)
    )?;
    for r in merge.shards.iter().filter(|r| r.state != ShardState::Complete) {
        if r.state == ShardState::Failed {
            writeln!(
                out,
                "  shard {}: FAILED, {} of {} cells done; its task ended without finishing (log: {})",
                r.index,
                r.done,
                r.cells,
                merge.dir.join("logs").join(format!("{}.out", r.index)).display()
            )?;
        } else {
            writeln!(out, "  shard {}: {} of {} cells done, task queued or running", r.index, r.done, r.cells)?;
        }
    }
    Ok(())
}

/// Writes how many cells of the batches of `dir` have no result, if any, and how to run
/// the failed shards again, if there are some.
pub fn write_missing(mut out: impl Write, dir: &Path, merged: &Merged) -> io::Result<()> {
    if merged.missing > 0 {
        writeln!(out, "error: {} cell(s) have no result yet", merged.missing)?;
        if !merged.failed.is_empty() {
            writeln!(
                out,
                "  help: `qbfgames collect {} --resubmit-failed` runs the failed shards again",
                dir.display()
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use harness::shard::ShardReport;
    use harness::Conflict;

    use super::*;

    fn text(write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> String {
        let mut out = Vec::new();
        write(&mut out).expect("writing to memory");
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn clean_findings_write_nothing_and_conflicts_are_counted() {
        assert_eq!(text(|w| write_findings(w, &Findings::default())), "");
        let conflict =
            Conflict { instance: "ab12".into(), said_true: vec!["x".into()], said_false: vec!["y".into(), "z".into()] };
        let findings = Findings { wrong: vec![], conflicts: vec![conflict] };
        assert_eq!(
            text(|w| write_findings(w, &findings)),
            "CONFLICT: instance ab12: true by x; false by y, z\nerror: 0 wrong answer(s), 1 conflict(s): a solver, a preprocessor or a benchmark is wrong\n"
        );
    }

    #[test]
    fn missing_cells_are_counted_with_help_for_failed_shards() {
        assert_eq!(text(|w| write_missing(w, Path::new("d"), &Merged::default())), "");
        let merged = Merged { failed: vec![(1, vec![0])], missing: 3 };
        assert_eq!(
            text(|w| write_missing(w, Path::new("d"), &merged)),
            "error: 3 cell(s) have no result yet\n  help: `qbfgames collect d --resubmit-failed` runs the failed shards again\n"
        );
    }

    #[test]
    fn batches_list_their_unfinished_shards() {
        let shard = |index, done, state| ShardReport { index, cells: 4, done, state };
        let merge = BatchMerge {
            batch: 7,
            dir: PathBuf::from("b"),
            shards: vec![
                shard(0, 4, ShardState::Complete),
                shard(1, 1, ShardState::Failed),
                shard(2, 2, ShardState::Active),
            ],
            queue_error: None,
        };
        let log = PathBuf::from("b").join("logs").join("1.out");
        assert_eq!(
            text(|w| write_batch(w, &merge)),
            format!(
                "batch 7: 3 shard(s): 1 complete, 1 queued or running, 1 failed\n  shard 1: FAILED, 1 of 4 cells done; its task ended without finishing (log: {})\n  shard 2: 2 of 4 cells done, task queued or running\n",
                log.display()
            )
        );
    }
}
