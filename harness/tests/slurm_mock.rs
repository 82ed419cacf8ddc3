//! The Slurm backend without Slurm: sharding, a killed shard, resubmission and merging
//! with a scripted executor; the job script and profile errors pinned by snapshots; the
//! waiting loop with a scripted scheduler. `make test-slurm` runs the same on a real Slurm.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

use contract::{Record, Status, Verdict};
use harness::mock::{exited, MockExecutor};
use harness::shard::{batch_dir, collect, run_shard, shard_dir, split, Batch, ShardReport, ShardState};
use harness::slurm::{wait, Profile, Scheduler, Script};
use harness::{run_matrix, Error, Instance, Job, Limits, Measurement, Plan, ResultStore, ToolRun, Tools};
use qbf::io::Format;

const TOOLS: &str = r#"
[solver.yes]
command = ["/mock/yes", "{input}"]
formats = ["qdimacs"]
version = "1.0"

[solver.no]
command = ["/mock/no", "{input}"]
formats = ["qdimacs"]
version = "2.0"
"#;

fn plan(cache: &Path, instances: usize) -> Result<Plan, Error> {
    let tools = Tools::parse(TOOLS, Path::new("solvers.toml"), Path::new("/"))?;
    let run =
        |t: &harness::Tool| ToolRun { tool: t.clone(), program: PathBuf::from(&t.command[0]), version: "v".into() };
    let instances = (1..=instances)
        .map(|n| {
            let id = format!("{n:064x}");
            Instance {
                path: PathBuf::from(format!("/inst/{id}.qdimacs")),
                id,
                family: "fam".into(),
                job: String::new(),
                format: Format::Qdimacs,
                expected: Some(if n % 2 == 0 { Verdict::True } else { Verdict::False }),
                rung: None,
            }
        })
        .collect();
    Ok(Plan {
        instances,
        preprocessors: vec![None],
        solvers: tools.solvers.values().map(run).collect(),
        limits: Limits::new(Duration::from_secs(5), 1 << 30),
        jobs: 2,
        cache: cache.to_path_buf(),
        dir: cache.to_path_buf(),
        owner: cache.to_path_buf(),
        run: 1,
        certifier: None,
        starved_retries: 0,
        stop_series: None,
    })
}

/// Each solver answers the instance's expected value (even instance numbers are true).
fn answer(job: &Job) -> Measurement {
    let even = job.invocation.args[0].trim_end_matches(".qdimacs").ends_with(['0', '2', '4', '6', '8', 'a', 'c', 'e']);
    if even {
        exited(10, "")
    } else {
        exited(20, "")
    }
}

fn batch(shards: usize) -> Batch {
    Batch {
        run: 1,
        config: "/solvers.toml".into(),
        solvers: vec!["no".into(), "yes".into()],
        preprocessors: vec!["none".into()],
        versions: BTreeMap::new(),
        timeout_s: 5.0,
        wall_timeout_s: Some(35.0),
        memory: 1 << 30,
        jobs: 2,
        shards,
        array_limit: None,
        poll_seconds: 1,
    }
}

fn statuses(store: &ResultStore) -> Vec<(String, Status)> {
    store.records().map(|r| (r.key.clone(), r.status)).collect()
}

#[test]
fn a_killed_shard_is_reported_resumed_on_resubmission_and_merged_exactly_once() -> Result<(), Error> {
    let tmp = tempfile::tempdir()?;
    let p = plan(&tmp.path().join("cache"), 7)?;
    let exec = MockExecutor::new(Duration::ZERO, answer);

    let local = tmp.path().join("local");
    std::fs::create_dir_all(&local)?;
    let mut local_store = ResultStore::open(&local)?;
    run_matrix(&p, &exec, &|_| false, &mut |r| local_store.append(r))?;

    let dir = tmp.path().join("slurm");
    std::fs::create_dir_all(&dir)?;
    let keys: Vec<String> = p.cells().into_iter().map(|c| c.key).collect();
    let shards = split(&keys, 4);
    assert_eq!(
        shards.iter().map(Vec::len).collect::<Vec<_>>(),
        [3, 4, 3, 4],
        "14 cells, at most 4 per shard, balanced"
    );
    let bdir = batch_dir(&dir, 1);
    batch(shards.len()).write(&bdir, &shards)?;
    // Shards 0 and 3 run to the end; shard 1 is killed after one cell; shard 2 is still queued.
    for i in [0, 3] {
        assert_eq!(run_shard(&p, &exec, &shards[i], &shard_dir(&bdir, i))?, shards[i].len());
    }
    run_shard(&p, &exec, &shards[1][..1], &shard_dir(&bdir, 1))?;
    let mut store = ResultStore::open(&dir)?;
    let reports = collect(&mut store, &bdir, &BTreeSet::from([2]))?;
    let report = |index, cells, done, state| ShardReport { index, cells, done, state };
    assert_eq!(
        reports,
        [
            report(0, 3, 3, ShardState::Complete),
            report(1, 4, 1, ShardState::Failed),
            report(2, 3, 0, ShardState::Active),
            report(3, 4, 4, ShardState::Complete)
        ]
    );
    // Collecting again adds nothing.
    collect(&mut store, &bdir, &BTreeSet::new())?;
    assert_eq!(store.records().count(), 8, "3 + 1 + 4 cells");

    let again = MockExecutor::new(Duration::ZERO, answer);
    assert_eq!(
        run_shard(&p, &again, &shards[1], &shard_dir(&bdir, 1))?,
        3,
        "a resubmitted shard skips its finished cell"
    );
    run_shard(&p, &again, &shards[2], &shard_dir(&bdir, 2))?;
    let reports = collect(&mut store, &bdir, &BTreeSet::new())?;
    assert!(reports.iter().all(|r| r.state == ShardState::Complete), "{reports:?}");
    assert_eq!(statuses(&store), statuses(&local_store), "the merged results equal a local run's, cell by cell");
    drop(store);
    let lines = std::fs::read_to_string(dir.join("results.jsonl"))?;
    let keys_written: Vec<String> = lines
        .lines()
        .map(|l| serde_json::from_str::<Record>(l).map(|r| r.key))
        .collect::<Result<_, _>>()
        .map_err(|error| Error::Encode { what: "a result record".into(), error })?;
    let distinct: BTreeSet<&String> = keys_written.iter().collect();
    assert_eq!((keys_written.len(), distinct.len()), (keys.len(), keys.len()), "every key exactly once");
    Ok(())
}

#[test]
fn a_shard_refuses_keys_its_plan_does_not_have() -> Result<(), Error> {
    let tmp = tempfile::tempdir()?;
    let p = plan(&tmp.path().join("cache"), 2)?;
    let exec = MockExecutor::new(Duration::ZERO, answer);
    let e = run_shard(&p, &exec, &["not-a-key".to_string()], &tmp.path().join("shard-0"))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.starts_with("cell not-a-key of this shard is not in the plan"), "{e}");
    assert!(exec.jobs().is_empty());
    Ok(())
}

fn script() -> Script {
    Script {
        dir: "/data/qbfgames/out".into(),
        batch: 3,
        shards: 12,
        shard_cells: 20,
        timeout: Duration::from_secs(600),
        wall: Duration::from_secs(630),
        preprocessing: false,
        memory: 8 << 30,
        qbfgames: "/opt/qbfgames/bin/qbfgames".into(),
        profile: Profile {
            partition: Some("compute".into()),
            account: Some("qbf".into()),
            cpus_per_task: Some(4),
            array_limit: Some(5),
            modules: vec!["gcc/12".into()],
            setup: vec!["source ~/env.sh".into()],
            sbatch: vec!["--constraint=intel".into()],
            ..Profile::default()
        },
    }
}

#[test]
fn the_job_script_is_one_array_of_shards() -> Result<(), Error> {
    let mut bytes = Vec::new();
    script().write(&mut bytes)?;
    let text = String::from_utf8(bytes).map_err(std::io::Error::other)?;
    assert_eq!(text.matches("#SBATCH --array=").count(), 1);
    insta::assert_snapshot!(text);
    Ok(())
}

fn profile_error(text: &str) -> String {
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => return e.to_string(),
    };
    let path = dir.path().join("cluster.toml");
    if let Err(e) = std::fs::write(&path, text) {
        return e.to_string();
    }
    match Profile::load(&path) {
        Ok(p) => format!("unexpectedly fine: {p:?}"),
        Err(e) => e.to_string().replace(&dir.path().display().to_string(), "DIR"),
    }
}

#[test]
fn profile_errors_name_the_line_and_the_fix() {
    insta::assert_snapshot!("profile_unknown_key", profile_error("[slurm]\npartition = \"a\"\ncpus = 4\n"));
    insta::assert_snapshot!("profile_wrong_type", profile_error("[slurm]\ncpus_per_task = \"four\"\n"));
    insta::assert_snapshot!("profile_no_table", profile_error("partition = \"a\"\n"));
    insta::assert_snapshot!(
        "profile_newline_in_partition",
        profile_error("[slurm]\npartition = \"compute\\nrm -rf ~\"\n")
    );
    insta::assert_snapshot!("profile_command_in_module", profile_error("[slurm]\nmodules = [\"gcc/12; rm -rf ~\"]\n"));
    insta::assert_snapshot!("profile_sbatch_not_an_option", profile_error("[slurm]\nsbatch = [\"exclusive\"]\n"));
    insta::assert_snapshot!("profile_zero_count", profile_error("[slurm]\npartition = \"a\"\nshard_cells = 0\n"));
}

#[test]
fn values_with_spaces_or_substitutions_are_quoted_in_the_script() -> Result<(), Error> {
    let mut s = script();
    s.profile.sbatch = vec!["--comment=two words".into(), "--comment=$(touch pwned)".into()];
    s.profile.modules = vec!["odd module".into()];
    s.dir = "/data/my runs".into();
    let mut bytes = Vec::new();
    s.write(&mut bytes)?;
    let text = String::from_utf8(bytes).map_err(std::io::Error::other)?;
    for line in [
        "#SBATCH '--comment=two words'\n",
        "#SBATCH '--comment=$(touch pwned)'\n",
        "module load 'odd module'\n",
        "#SBATCH --output='/data/my runs/slurm/batch-3/logs/%a.out'\n",
    ] {
        assert!(text.contains(line), "{line:?} in:\n{text}");
    }
    if let Ok(out) = std::process::Command::new("bash").args(["-n", "-c", &text]).output() {
        assert!(out.status.success(), "bash -n: {}", String::from_utf8_lossy(&out.stderr));
    }
    Ok(())
}

#[test]
fn the_documented_profile_reads() -> Result<(), Error> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for file in ["suite/cluster.toml", "suite/slurm-test/cluster.toml"] {
        Profile::load(&root.join(file))?;
    }
    Ok(())
}

/// A queue that loses one task per look.
struct Draining(RefCell<usize>);

impl Scheduler for Draining {
    fn submit(&self, _script: &Path, _array: &str) -> Result<String, Error> {
        Err(Error::Slurm("this queue takes no jobs".into()))
    }

    fn active(&self, _name: &str) -> Result<BTreeSet<usize>, Error> {
        let mut left = self.0.borrow_mut();
        let now = (0..*left).collect();
        *left = left.saturating_sub(1);
        Ok(now)
    }
}

#[test]
fn waiting_ends_when_the_queue_has_no_task_left() -> Result<(), Error> {
    let queue = Draining(RefCell::new(3));
    let mut seen = Vec::new();
    wait(&queue, "qbfgames-x-1", Duration::from_millis(1), &mut |n| seen.push(n))?;
    assert_eq!(seen, [3, 2, 1, 0]);
    Ok(())
}
