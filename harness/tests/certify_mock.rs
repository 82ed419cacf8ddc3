//! Certified cells (`run --certify`) with a scripted executor and a scripted certifier:
//! which cells go through the certifier, that its traced run is the cell's only run, and
//! what the records say of certified, rejected and unverified answers.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use contract::{Record, Status, Verdict};
use harness::mock::{exited, MockExecutor};
use harness::{
    check, classify, run_matrix, AnswerCertifier, AnswerSpec, Certificate, CertifyOutcome, Error, Executor, Instance,
    Invocation, Job, Limits, Measurement, Plan, ResultStore, ToolRun, Tools,
};
use qbf::io::Format;

const TOOLS: &str = r#"
[solver.tracer]
command = ["/mock/tracer", "{input}"]
formats = ["qdimacs"]
version = "1.0"
answer_lines = { true = "SAT", false = "UNSAT" }
trace = ["/mock/tracer", "--trace", "{input}"]

[solver.plain]
command = ["/mock/plain", "{input}"]
formats = ["qdimacs"]
version = "2.0"

[preprocessor.pre]
command = ["/mock/pre", "{input}", "{output}"]
formats = ["qdimacs"]
version = "0.1"
"#;

/// What the scripted certifier finds, by instance number (the id's last digit).
fn verdict_of(instance: &Instance) -> Certificate {
    match instance.id.chars().last() {
        Some('1') => Certificate::Certified,
        Some('2') => Certificate::Rejected("proof line 7, step 3: the resolvent is not the clause of the step".into()),
        Some('3') => Certificate::Unverified("the SAT solver did not finish within 1 s".into()),
        _ => Certificate::None,
    }
}

/// Runs the solver's trace command through the executor (as the `certify` crate does)
/// and says what [`verdict_of`] says of the instance.
struct Scripted {
    calls: AtomicUsize,
}

impl AnswerCertifier for Scripted {
    fn key(&self) -> String {
        "certify-test".into()
    }

    fn certify(
        &self,
        executor: &dyn Executor,
        solver: &ToolRun,
        instance: &Instance,
        limits: Limits,
    ) -> io::Result<CertifyOutcome> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let trace = solver.tool.trace.clone().unwrap_or_default();
        let args = trace[1..].iter().map(|a| a.replace("{input}", &instance.path.display().to_string())).collect();
        let invocation = Invocation { program: PathBuf::from(&trace[0]), args, ..Invocation::default() };
        let measurement = executor.execute(&Job { invocation, limits, owner: None })?;
        let (status, detail) = classify(&measurement, &limits, &AnswerSpec::default());
        let certificate = if status.verdict().is_some() { verdict_of(instance) } else { Certificate::None };
        Ok(CertifyOutcome { measurement, status, detail, certificate })
    }
}

fn instance(n: u8, expected: Option<Verdict>) -> Instance {
    let id = format!("{:064x}", n);
    Instance {
        path: PathBuf::from(format!("/inst/{id}.qdimacs")),
        id,
        family: "fam".into(),
        job: String::new(),
        format: Format::Qdimacs,
        expected,
        rung: None,
    }
}

fn plan(dir: &Path, instances: Vec<Instance>, certifier: Arc<Scripted>) -> Result<Plan, Error> {
    let tools = Tools::parse(TOOLS, Path::new("solvers.toml"), Path::new("/"))?;
    let run =
        |t: &harness::Tool| ToolRun { tool: t.clone(), program: PathBuf::from(&t.command[0]), version: "v".into() };
    Ok(Plan {
        instances,
        preprocessors: vec![None, Some(run(&tools.preprocessors["pre"]))],
        solvers: tools.solvers.values().map(run).collect(),
        limits: Limits::new(Duration::from_secs(5), 1 << 30),
        jobs: 2,
        cache: dir.join("cache"),
        dir: dir.to_path_buf(),
        owner: dir.to_path_buf(),
        run: 1,
        certifier: Some(certifier),
        starved_retries: 0,
        stop_series: None,
    })
}

fn program(job: &Job) -> &str {
    job.invocation.program.to_str().unwrap_or("")
}

/// Every solver says true (the tracer by its exit code alone: its output is the proof);
/// the preprocessor rewrites its input.
fn says_true(job: &Job) -> Measurement {
    match program(job) {
        "/mock/pre" => match std::fs::write(&job.invocation.args[1], "p cnf 1 0\n") {
            Ok(()) => exited(0, ""),
            Err(_) => exited(1, ""),
        },
        "/mock/tracer" if job.invocation.args[0] == "--trace" => {
            Measurement { cpu: Duration::from_millis(1_500), ..exited(10, "") }
        }
        _ => exited(10, "SAT\n"),
    }
}

fn collect(plan: &Plan, exec: &dyn Executor) -> Result<Vec<Record>, Error> {
    let mut records = Vec::new();
    run_matrix(plan, exec, &|_| false, &mut |r| {
        records.push(r);
        Ok(())
    })?;
    Ok(records)
}

fn find<'a>(records: &'a [Record], n: u8, pre: &str, solver: &str) -> &'a Record {
    let id = format!("{:064x}", n);
    records
        .iter()
        .find(|r| r.instance == id && r.preprocessor == pre && r.solver == solver)
        .unwrap_or_else(|| panic!("no record of {n} {pre}+{solver} in {records:#?}"))
}

#[test]
fn a_rejected_certificate_makes_the_answer_wrong_and_the_record_says_why() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let certifier = Arc::new(Scripted { calls: AtomicUsize::new(0) });
    let instances = vec![instance(1, Some(Verdict::True)), instance(2, Some(Verdict::True)), instance(3, None)];
    let p = plan(dir.path(), instances, certifier.clone())?;
    let exec = MockExecutor::new(Duration::ZERO, says_true);
    let records = collect(&p, &exec)?;
    assert_eq!(records.len(), 3 * 2 * 2);

    // Only unpreprocessed cells of the solver with a trace command are certified: one
    // traced run each, instead of (not beside) the plain command.
    assert_eq!(certifier.calls.load(Ordering::SeqCst), 3);
    let (traced, plain): (Vec<Job>, Vec<Job>) = exec
        .jobs()
        .into_iter()
        .filter(|j| program(j) == "/mock/tracer")
        .partition(|j| j.invocation.args[0] == "--trace");
    assert_eq!(traced.len(), 3, "one traced run per certified cell");
    assert!(traced.iter().all(|j| j.invocation.args[1].starts_with("/inst/")), "on the instance itself");
    assert_eq!(plain.len(), 3, "the plain command only on the preprocessed formulas, never beside a traced run");
    assert!(plain.iter().all(|j| j.invocation.args[0].starts_with(&dir.path().display().to_string())));
    assert!(traced.iter().all(|j| j.owner.as_deref() == Some(dir.path())), "tagged with the run");
    for r in &records {
        let certified = r.preprocessor == "none" && r.solver == "tracer";
        assert_eq!(r.key.ends_with("|certify-test"), certified, "{}", r.key);
        if !certified {
            assert_eq!(r.certificate, "", "{r:?}");
            assert_eq!(r.status, Status::True, "{r:?}");
        }
    }

    let good = find(&records, 1, "none", "tracer");
    assert_eq!((good.status, good.check.as_str(), good.certificate.as_str()), (Status::True, "correct", "certified"));
    assert_eq!(good.cpu_s, 1.5, "the traced run's CPU time is the cell's");

    let bad = find(&records, 2, "none", "tracer");
    assert_eq!((bad.status, bad.answer.as_str(), bad.check.as_str()), (Status::Wrong, "true", "wrong"));
    assert_eq!(bad.certificate, "rejected: proof line 7, step 3: the resolvent is not the clause of the step");
    assert!(bad.detail.contains("certificate rejected: proof line 7, step 3"), "{}", bad.detail);

    let unverified = find(&records, 3, "none", "tracer");
    assert_eq!((unverified.status, unverified.check.as_str()), (Status::True, "unchecked"));
    assert!(unverified.certificate.starts_with("unverified: "), "{}", unverified.certificate);

    // The wrong answer is found, and the store keeps it wrong when it judges the
    // instance again (its expected value says true, like the answer).
    let findings = check(&records);
    assert_eq!(findings.wrong.iter().map(|r| r.key.as_str()).collect::<Vec<_>>(), vec![bad.key.as_str()]);
    let mut store = ResultStore::open(dir.path())?;
    for r in records.clone() {
        store.append(r)?;
    }
    store.finish()?;
    drop(store);
    let reopened = ResultStore::open(dir.path())?;
    let stored = reopened.records().find(|r| r.key == bad.key).cloned();
    assert_eq!(stored.map(|r| (r.status, r.certificate_rejected())), Some((Status::Wrong, true)));
    Ok(())
}

#[test]
fn a_rejected_answer_contradicts_no_other() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let certifier = Arc::new(Scripted { calls: AtomicUsize::new(0) });
    let p = plan(dir.path(), vec![instance(2, None)], certifier)?;
    // The tracer says false (rejected), the plain solver true: not a conflict, since the
    // rejected answer is wrong already.
    let exec = MockExecutor::new(Duration::ZERO, |job: &Job| match program(job) {
        "/mock/tracer" if job.invocation.args[0] == "--trace" => exited(20, ""),
        _ => says_true(job),
    });
    let mut records = collect(&p, &exec)?;
    harness::judge(records.iter_mut());
    let findings = check(&records);
    assert!(findings.conflicts.is_empty(), "{findings:?}");
    assert_eq!(findings.wrong.len(), 1);
    assert_eq!(find(&records, 2, "none", "plain").status, Status::True);
    Ok(())
}

#[test]
fn without_a_certifier_keys_and_records_are_as_before() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let mut p = plan(dir.path(), vec![instance(1, None)], Arc::new(Scripted { calls: AtomicUsize::new(0) }))?;
    let certified: Vec<String> = p.cells().into_iter().map(|c| c.key).collect();
    p.certifier = None;
    let plain: Vec<String> = p.cells().into_iter().map(|c| c.key).collect();
    assert_eq!(plain.iter().filter(|k| k.contains("certify")).count(), 0);
    let changed: Vec<(&String, &String)> = plain.iter().zip(&certified).filter(|(a, b)| a != b).collect();
    assert_eq!(changed.len(), 1, "only the certified cell has a key of its own: {changed:?}");
    let records = collect(&p, &MockExecutor::new(Duration::ZERO, says_true))?;
    assert!(records.iter().all(|r| r.certificate.is_empty()));
    Ok(())
}

#[test]
fn records_of_older_runs_without_a_certificate_still_read() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let p = plan(dir.path(), vec![instance(1, None)], Arc::new(Scripted { calls: AtomicUsize::new(0) }))?;
    let records = collect(&p, &MockExecutor::new(Duration::ZERO, says_true))?;
    let encode = |error| Error::Encode { what: "a result record".into(), error };
    let mut old = serde_json::to_value(&records[0]).map_err(encode)?;
    assert!(old.as_object_mut().and_then(|o| o.remove("certificate")).is_some());
    std::fs::write(dir.path().join("results.jsonl"), format!("{old}\n"))?;
    let store = ResultStore::open(dir.path())?;
    let read = store.records().next().cloned();
    assert_eq!(read.map(|r| (r.key, r.certificate)), Some((records[0].key.clone(), String::new())));
    Ok(())
}
