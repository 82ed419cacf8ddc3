//! The Slurm commands without a Slurm: `slurm-script` writes a batch, `run-shard` runs its
//! shards by hand (as array tasks would), `collect` reports a missing shard and then
//! merges every cell exactly once. DepQBF answers the fixture `suite/slurm-test`; a
//! missing DepQBF fails the test (`make test` installs it). `make test-slurm` runs the
//! same commands on a real Slurm.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

fn qbfgames(args: &[&str]) -> Result<Output> {
    Ok(Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output()?)
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// A copy of the fixture's manifest and instances.
fn fixture() -> Result<tempfile::TempDir> {
    let dir = tempfile::tempdir()?;
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/slurm-test");
    std::fs::copy(src.join("manifest.csv"), dir.path().join("manifest.csv"))?;
    let inst = dir.path().join("instances/random");
    std::fs::create_dir_all(&inst)?;
    for entry in std::fs::read_dir(src.join("instances/random"))? {
        let entry = entry?;
        std::fs::copy(entry.path(), inst.join(entry.file_name()))?;
    }
    Ok(dir)
}

#[test]
fn shards_run_by_hand_merge_into_the_answers_of_the_manifest() -> Result<()> {
    let dir = fixture()?;
    let d = dir.path().to_str().ok_or("temp dir not UTF-8")?;
    let common =
        ["--solvers", "depqbf", "--config", "suite/slurm-test/solvers.toml", "--timeout", "20", "--memory", "512M"];
    let out = qbfgames(&[&["slurm-script", d, "--shard-cells", "3", "--partition", "test"][..], &common].concat())?;
    assert!(out.status.success(), "{}", text(&out));
    let bdir: PathBuf = std::fs::canonicalize(dir.path())?.join("slurm/batch-1");
    let script = std::fs::read_to_string(bdir.join("job.sbatch"))?;
    assert_eq!(
        script.lines().filter(|l| l.starts_with("#SBATCH --array=")).collect::<Vec<_>>(),
        ["#SBATCH --array=0-2"]
    );
    assert!(script.contains("#SBATCH --partition=test\n"), "{script}");
    assert!(script.contains("run-shard"), "{script}");

    for shard in ["0", "2"] {
        let out = qbfgames(&["run-shard", d, "--batch", "1", "--shard", shard])?;
        assert!(out.status.success(), "{}", text(&out));
    }
    let out = qbfgames(&["collect", d])?;
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    assert!(text(&out).contains("shard 1: FAILED, 0 of 3 cells done"), "{}", text(&out));

    let out = qbfgames(&["run-shard", d, "--batch", "1", "--shard", "1"])?;
    assert!(out.status.success(), "{}", text(&out));
    let out = qbfgames(&["collect", d])?;
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("batch 1: 3 shard(s): 3 complete"), "{}", text(&out));
    let again = qbfgames(&["collect", d])?;
    assert!(again.status.success(), "{}", text(&again));

    let mut keys = Vec::new();
    for line in std::fs::read_to_string(dir.path().join("results.jsonl"))?.lines() {
        let record: serde_json::Value = serde_json::from_str(line)?;
        assert_eq!(record["status"], record["expected"], "{record}");
        keys.push(record["key"].as_str().unwrap_or_default().to_string());
    }
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), 8, "8 cells, each recorded once");
    let out = qbfgames(&[&["slurm-script", d][..], &common].concat())?;
    assert!(text(&out).contains("nothing to run"), "{}", text(&out));
    Ok(())
}

#[test]
fn a_shard_that_does_not_exist_is_a_clear_error() -> Result<()> {
    let dir = fixture()?;
    let d = dir.path().to_str().ok_or("temp dir not UTF-8")?;
    let out = qbfgames(&["collect", d])?;
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).contains("no Slurm batches to collect"), "{}", text(&out));
    let out = qbfgames(&["slurm-script", d, "--config", "suite/slurm-test/solvers.toml", "--shard-cells", "8"])?;
    assert!(out.status.success(), "{}", text(&out));
    let out = qbfgames(&["run-shard", d, "--batch", "1", "--shard", "1"])?;
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).contains("shard 1 does not exist"), "{}", text(&out));
    let out = qbfgames(&["run", d, "--config", "suite/slurm-test/solvers.toml", "--backend", "slurm", "--jobs", "2"])?;
    assert!(text(&out).contains("--jobs: on Slurm"), "{}", text(&out));
    let out = qbfgames(&["run", d, "--config", "suite/slurm-test/solvers.toml", "--partition", "test"])?;
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).contains("--partition is a Slurm setting"), "{}", text(&out));
    Ok(())
}
