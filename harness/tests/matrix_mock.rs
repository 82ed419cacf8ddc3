//! The matrix scheduler, bookkeeping, resume, series stops and consistency checks, with a
//! scripted executor instead of solvers.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use contract::{Record, Status, Verdict};
use harness::mock::{exited, MockExecutor};
use harness::{
    check, judge, run_matrix, Error, Instance, Job, Limits, Measurement, Plan, ResultStore, SeriesRung, ToolRun, Tools,
};
use qbf::io::Format;

const TOOLS: &str = r#"
[solver.yes]
command = ["/mock/yes", "--limit={timeout}", "{input}"]
formats = ["qdimacs"]
version = "1.0"
answer_lines = { true = "SAT", false = "UNSAT" }

[solver.circuit]
command = ["/mock/circuit", "{input}"]
formats = ["qdimacs", "qcir"]
version = "2.0"

[preprocessor.pre]
command = ["/mock/pre", "{input}", "{output}"]
formats = ["qdimacs"]
version = "0.1"
"#;

fn tool_runs() -> Result<(Vec<ToolRun>, ToolRun), Error> {
    let tools = Tools::parse(TOOLS, Path::new("solvers.toml"), Path::new("/"))?;
    let run =
        |t: &harness::Tool| ToolRun { tool: t.clone(), program: PathBuf::from(&t.command[0]), version: "v".into() };
    let solvers = tools.solvers.values().map(run).collect();
    Ok((solvers, run(&tools.preprocessors["pre"])))
}

fn instance(n: u8, format: Format, expected: Option<Verdict>) -> Instance {
    let id = format!("{:064x}", n);
    Instance {
        path: PathBuf::from(format!("/inst/{id}.{format}")),
        id,
        family: "fam".into(),
        job: String::new(),
        format,
        expected,
        rung: None,
    }
}

fn plan(cache: &Path, instances: Vec<Instance>, with_pre: bool, jobs: usize) -> Result<Plan, Error> {
    let (solvers, pre) = tool_runs()?;
    let preprocessors = if with_pre { vec![None, Some(pre)] } else { vec![None] };
    Ok(Plan {
        instances,
        preprocessors,
        solvers,
        limits: Limits::new(Duration::from_secs(5), 1 << 30),
        jobs,
        cache: cache.to_path_buf(),
        dir: cache.to_path_buf(),
        owner: cache.to_path_buf(),
        run: 1,
        certifier: None,
        starved_retries: 0,
        stop_series: None,
    })
}

fn program(job: &Job) -> &str {
    job.invocation.program.to_str().unwrap_or("")
}

/// Every solver says true, printing SAT; the preprocessor rewrites its input.
fn honest(job: &Job) -> Measurement {
    match program(job) {
        "/mock/pre" => {
            let out = &job.invocation.args[1];
            match std::fs::write(out, "p cnf 1 0\n") {
                Ok(()) => exited(0, ""),
                Err(_) => exited(1, ""),
            }
        }
        _ => exited(10, "SAT\n"),
    }
}

fn collect(plan: &Plan, exec: &dyn harness::Executor) -> Result<Vec<Record>, Error> {
    let mut records = Vec::new();
    run_matrix(plan, exec, &|_| false, &mut |r| {
        records.push(r);
        Ok(())
    })?;
    Ok(records)
}

#[test]
fn every_cell_runs_once_on_as_many_workers_as_jobs() -> Result<(), Error> {
    let cache = tempfile::tempdir()?;
    let instances =
        vec![instance(1, Format::Qdimacs, None), instance(2, Format::Qdimacs, None), instance(3, Format::Qcir, None)];
    let p = plan(cache.path(), instances, true, 2)?;
    // qdimacs instances: 2 preprocessors × 2 solvers; the qcir one: only `circuit`, unpreprocessed.
    assert_eq!(p.cells().len(), 2 * 4 + 1);
    let exec = MockExecutor::new(Duration::from_millis(20), honest);
    let records = collect(&p, &exec)?;
    let mut keys: Vec<&str> = records.iter().map(|r| r.key.as_str()).collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), 9, "one record per cell");
    assert_eq!(exec.most_running(), 2, "--jobs 2 keeps two runs going");
    let pre_runs = exec.jobs().iter().filter(|j| program(j) == "/mock/pre").count();
    assert_eq!(pre_runs, 2, "preprocessing once per (instance, preprocessor)");
    assert!(records.iter().all(|r| r.status == Status::True), "{records:#?}");
    let on_rewritten = exec
        .jobs()
        .iter()
        .filter(|j| {
            program(j) != "/mock/pre"
                && j.invocation.args.iter().any(|a| a.starts_with(&cache.path().display().to_string()))
        })
        .count();
    assert_eq!(on_rewritten, 4, "solvers after a preprocessor read its cached output");
    assert!(records.iter().filter(|r| r.preprocessor == "pre").all(|r| r.pre_status == "rewritten"));
    Ok(())
}

#[test]
fn limits_reach_every_job_and_every_record() -> Result<(), Error> {
    let cache = tempfile::tempdir()?;
    let p = plan(cache.path(), vec![instance(1, Format::Qdimacs, None)], false, 1)?;
    let exec = MockExecutor::new(Duration::ZERO, |job: &Job| match program(job) {
        "/mock/yes" => Measurement { cpu: Duration::from_millis(5_200), ..exited(10, "SAT\n") },
        _ => Measurement { signal: Some(6), peak_memory: (1 << 30) - (1 << 20), ..Measurement::default() },
    });
    let records = collect(&p, &exec)?;
    for job in exec.jobs() {
        assert_eq!(job.limits, p.limits);
    }
    let yes =
        exec.jobs().into_iter().find(|j| program(j) == "/mock/yes").map(|j| j.invocation.args).unwrap_or_default();
    assert_eq!(yes[0], "--limit=5", "{{timeout}} is the CPU limit in seconds");
    let status = |s: &str| records.iter().find(|r| r.solver == s).map(|r| (r.status, r.timeout_s, r.memory_mb));
    assert_eq!(status("yes"), Some((Status::Timeout, 5.0, 1024)), "an answer after the CPU limit is a timeout");
    assert_eq!(status("circuit"), Some((Status::Memout, 5.0, 1024)));
    Ok(())
}

#[test]
fn a_preprocessor_answer_or_failure_decides_the_cell_and_is_cached() -> Result<(), Error> {
    let cache = tempfile::tempdir()?;
    let instances = vec![instance(1, Format::Qdimacs, None), instance(2, Format::Qdimacs, None)];
    let p = plan(cache.path(), instances, true, 2)?;
    let solving_pre = |job: &Job| match (program(job), job.invocation.args[0].contains(&format!("{:064x}", 1))) {
        ("/mock/pre", true) => exited(20, ""),
        ("/mock/pre", false) => exited(0, "no output written"),
        _ => exited(10, "SAT\n"),
    };
    let exec = MockExecutor::new(Duration::ZERO, solving_pre);
    let records = collect(&p, &exec)?;
    let pre_cells: Vec<&Record> = records.iter().filter(|r| r.preprocessor == "pre").collect();
    assert_eq!(pre_cells.len(), 4);
    for r in &pre_cells {
        let expected = if r.instance.ends_with('1') { (Status::False, "false") } else { (Status::Error, "error") };
        assert_eq!((r.status, r.pre_status.as_str()), expected, "{r:?}");
    }
    let solver_runs = exec.jobs().iter().filter(|j| program(j) != "/mock/pre").count();
    assert_eq!(solver_runs, 4, "solvers run only without preprocessing here");
    let again = MockExecutor::new(Duration::ZERO, solving_pre);
    collect(&p, &again)?;
    assert_eq!(again.jobs().iter().filter(|j| program(j) == "/mock/pre").count(), 0, "the cache answers");
    Ok(())
}

#[test]
fn two_threads_preprocessing_one_instance_both_get_the_rewritten_formula() -> Result<(), Error> {
    let cache = tempfile::tempdir()?;
    let (_, pre) = tool_runs()?;
    let both_wrote = std::sync::Barrier::new(2);
    let writing_pre = |job: &Job| {
        std::fs::write(&job.invocation.args[1], "p cnf 1 1\ne 1 0\n1 0\n").expect("write the output");
        both_wrote.wait();
        exited(0, "")
    };
    let exec = MockExecutor::new(Duration::ZERO, writing_pre);
    let limits = Limits::new(Duration::from_secs(5), 1 << 30);
    let id = format!("{:064x}", 7);
    let input = Path::new("/inst/seven.qdimacs");
    let results: Vec<Result<harness::PreResult, Error>> = std::thread::scope(|s| {
        let runs: Vec<_> = (0..2)
            .map(|_| s.spawn(|| harness::preprocess(&exec, &pre, cache.path(), &id, input, &limits, cache.path())))
            .collect();
        runs.into_iter()
            .map(|r| r.join().unwrap_or_else(|_| Err(Error::Internal("a thread panicked".into()))))
            .collect()
    });
    for r in results {
        assert_eq!(r?.status, None, "each run sees its own output and renames it");
    }
    assert!(harness::output_path(cache.path(), &id).is_file());
    Ok(())
}

#[test]
fn a_run_stopped_midway_resumes_with_every_cell_exactly_once() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let instances: Vec<Instance> = (1..=5).map(|n| instance(n, Format::Qdimacs, Some(Verdict::True))).collect();
    let p = plan(&dir.path().join("cache"), instances, true, 2)?;
    let total = p.cells().len();
    let exec = MockExecutor::new(Duration::from_millis(2), honest);
    {
        let mut store = ResultStore::open(dir.path())?;
        let mut n = 0;
        let stopped = run_matrix(&p, &exec, &|_| false, &mut |r| {
            n += 1;
            if n > 7 {
                return Err(Error::Internal("stopped by the test".into()));
            }
            store.append(r)
        });
        assert!(stopped.is_err());
        assert_eq!(store.records().count(), 7);
    }
    // A kill during a write leaves a cut line; opening repairs it.
    let jsonl = dir.path().join("results.jsonl");
    let mut bytes = std::fs::read(&jsonl)?;
    bytes.extend_from_slice(b"{\"key\":\"cut");
    std::fs::write(&jsonl, bytes)?;
    let mut store = ResultStore::open(dir.path())?;
    let second = MockExecutor::new(Duration::ZERO, honest);
    let finished: Vec<String> = store.records().map(|r| r.key.clone()).collect();
    run_matrix(&p, &second, &|k| finished.iter().any(|f| f == k), &mut |r| store.append(r))?;
    store.finish()?;
    let solver_jobs = second.jobs().iter().filter(|j| program(j) != "/mock/pre").count();
    assert_eq!(solver_jobs, total - 7, "finished cells are skipped");
    let text = std::fs::read_to_string(&jsonl)?;
    let mut keys: Vec<String> = text
        .lines()
        .map(|l| serde_json::from_str::<Record>(l).map(|r| r.key))
        .collect::<Result<_, _>>()
        .map_err(|error| Error::Encode { what: "a result record".into(), error })?;
    assert_eq!(keys.len(), total);
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), total, "no key twice");
    let csv = std::fs::read_to_string(dir.path().join("results.csv"))?;
    assert_eq!(csv.lines().count(), total + 1);
    Ok(())
}

#[test]
fn wrong_answers_and_conflicts_are_found() -> Result<(), Error> {
    let cache = tempfile::tempdir()?;
    let instances = vec![instance(1, Format::Qdimacs, Some(Verdict::False)), instance(2, Format::Qdimacs, None)];
    let p = plan(cache.path(), instances, false, 2)?;
    // `yes` always says true; `circuit` says false.
    let exec = MockExecutor::new(Duration::ZERO, |job: &Job| match program(job) {
        "/mock/yes" => exited(10, "SAT\n"),
        _ => exited(20, ""),
    });
    let mut records = collect(&p, &exec)?;
    let findings = check(&records);
    assert_eq!(findings.wrong.len(), 1);
    let wrong = &findings.wrong[0];
    assert_eq!((wrong.solver.as_str(), wrong.status, wrong.answer.as_str()), ("yes", Status::Wrong, "true"));
    assert_eq!(findings.conflicts.len(), 2, "both instances got true and false");
    assert_eq!(findings.conflicts[0].said_true, ["none@-+yes@v"]);
    assert_eq!(findings.conflicts[0].said_false, ["none@-+circuit@v"]);
    judge(records.iter_mut());
    let unknown: Vec<(Status, &str)> =
        records.iter().filter(|r| r.expected == "unknown").map(|r| (r.status, r.check.as_str())).collect();
    assert_eq!(unknown, [(Status::Conflict, "conflict"); 2], "neither answer of a conflict counts");
    let agree = MockExecutor::new(Duration::ZERO, |_: &Job| exited(20, "UNSAT\n"));
    assert!(check(&collect(&p, &agree)?).is_clean());
    Ok(())
}

/// Instance `n` at `depth` of `series` (`None`: on no series); its path names the depth.
fn on_series(n: u8, series: Option<&str>, depth: u32) -> Instance {
    Instance {
        path: PathBuf::from(format!("/inst/{depth}/{n:064x}.qdimacs")),
        rung: series.map(|s| SeriesRung { series: s.into(), depth }),
        ..instance(n, Format::Qdimacs, None)
    }
}

/// `yes` uses its whole CPU limit from depth 2 on; `circuit` answers everything.
fn slow_from_depth_2(job: &Job) -> Measurement {
    let input = job.invocation.args.last().cloned().unwrap_or_default();
    let depth: u32 = input.split('/').nth(2).and_then(|d| d.parse().ok()).unwrap_or(0);
    match program(job) {
        "/mock/yes" if depth >= 2 => Measurement { cpu: Duration::from_millis(5_100), ..exited(10, "SAT\n") },
        _ => exited(10, "SAT\n"),
    }
}

fn status(records: &[Record], n: u8, solver: &str) -> String {
    let id = format!("{n:064x}");
    records.iter().find(|r| r.instance == id && r.solver == solver).map_or("none".into(), |r| r.status.to_string())
}

/// A plan that stops series (`run --stop-series`) or not: instances 4, 3, 2, 1 at depths
/// 4, 3, 2, 1 of series `s` (listed deepest first); 5 at depth 3 of series `t`; 6 without a
/// series. One job at a time, so that each rung's record is in before the next rung starts.
fn series_plan(dir: &Path, stop_series: Option<BTreeSet<String>>) -> Result<Plan, Error> {
    let mut instances: Vec<Instance> = (1..=4).rev().map(|n| on_series(n, Some("s"), u32::from(n))).collect();
    instances.push(on_series(5, Some("t"), 3));
    instances.push(on_series(6, None, 3));
    Ok(Plan { stop_series, ..plan(dir, instances, false, 1)? })
}

#[test]
fn a_configuration_stops_on_a_series_at_its_first_timeout() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let p = series_plan(dir.path(), Some(BTreeSet::new()))?;
    let exec = MockExecutor::new(Duration::ZERO, slow_from_depth_2);
    let records = collect(&p, &exec)?;
    assert_eq!(records.len(), p.cells().len(), "every cell has its record");
    let slow: Vec<String> = (1..=6).map(|n| status(&records, n, "yes")).collect();
    assert_eq!(slow, ["true", "timeout", "skipped", "skipped", "timeout", "timeout"]);
    assert!((1..=6).all(|n| status(&records, n, "circuit") == "true"), "another configuration runs on");
    let ran: Vec<String> = exec.jobs().iter().map(|j| j.invocation.args[0].clone()).collect();
    assert_eq!(ran.len(), 10, "the two skipped cells never ran: {ran:?}");
    let skipped = records.iter().find(|r| r.status == contract::Status::Skipped).map(|r| (r.cpu_s, r.detail.clone()));
    assert_eq!(
        skipped,
        Some((0.0, "not run: this configuration ran out of its limit at depth 2 of the same series".into())),
        "a skipped cell measures nothing and says why"
    );
    Ok(())
}

#[test]
fn without_the_stop_every_cell_runs() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let p = series_plan(dir.path(), None)?;
    let exec = MockExecutor::new(Duration::ZERO, slow_from_depth_2);
    let records = collect(&p, &exec)?;
    assert_eq!(exec.jobs().len(), 12);
    assert_eq!(status(&records, 4, "yes"), "timeout");
    Ok(())
}

#[test]
fn a_timeout_of_an_earlier_run_stops_the_series_on_resume() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let first = series_plan(dir.path(), None)?;
    let key = first.cells().into_iter().find(|c| c.instance == 2 && first.solvers[c.solver].tool.name == "yes");
    let p = series_plan(dir.path(), Some(key.into_iter().map(|c| c.key).collect()))?;
    let done = p.cells().into_iter().filter(|c| c.instance == 2).map(|c| c.key).collect::<BTreeSet<String>>();
    let exec = MockExecutor::new(Duration::ZERO, slow_from_depth_2);
    let mut records = Vec::new();
    run_matrix(&p, &exec, &|k| done.contains(k), &mut |r| {
        records.push(r);
        Ok(())
    })?;
    assert_eq!(status(&records, 3, "yes"), "skipped");
    assert_eq!(status(&records, 4, "yes"), "skipped");
    assert_eq!(status(&records, 1, "yes"), "true", "a shallower rung still runs");
    Ok(())
}
