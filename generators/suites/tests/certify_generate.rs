//! `generate --certify`: DepQBF's checked certificates fill the expected answers the
//! reference solver does not give and must agree with the ones it gives. The encoders are
//! replaced by a small deterministic builder; DepQBF (on PATH) and the certificate checker
//! are real.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use certify::{Certifier, InProcess, Tracer};
use contract::manifest::{self, Row};
use contract::{Source, Verdict};
use harness::{Executor, Job as Run, Measurement, RealExecutor, Tools};
use qbf::eval::eval_circuit;
use qbf::formula::{Circuit, CircuitQbf, Lit, Prefix, Quant, VarManager};
use qbf::tseitin::{to_cnf, ClauseForm};
use suites::audit::audit;
use suites::generate::{generate_with, Builder, GenError, Instance, SourceFile, Summary};
use suites::recheck::recheck;
use suites::{resolve, Depth, Job, Param, Suite};

/// `depth` alternating blocks of `board` variables; some variable of every existential
/// block equals the first variable of the universal block before it.
fn toy(board: usize, depth: u32) -> CircuitQbf {
    let mut vars = VarManager::new();
    let mut prefix = Prefix::new();
    let mut circuit = Circuit::new();
    let mut conjuncts = Vec::new();
    let mut previous: Option<Lit> = None;
    for level in 0..depth {
        let quant = if level % 2 == 0 { Quant::Exists } else { Quant::Forall };
        let block = vars.fresh_n(board);
        prefix.push(quant, block.iter().copied());
        if let (Quant::Exists, Some(p)) = (quant, previous) {
            let eqs: Vec<Lit> = block.iter().map(|v| circuit.iff(&mut vars, v.pos_lit(), p)).collect();
            let some = circuit.or(&mut vars, eqs);
            conjuncts.push(some);
        }
        // On board 2 the first universal block's first variable must be false: false from
        // depth 3 on, so both answers occur (never on the innermost block: QDIMACS ends
        // with an existential block).
        if quant == Quant::Forall && level == 1 && board == 2 && depth > 2 {
            conjuncts.push(block[0].neg_lit());
        }
        previous = Some(block[0].pos_lit());
    }
    let output = circuit.and(&mut vars, conjuncts);
    CircuitQbf { vars, prefix, circuit, output }
}

fn board_and_depth(job: &Job) -> Result<(usize, u32), String> {
    match (job.params.get("board"), job.depth) {
        (Some(Param::Int(b)), Depth::Plies(d)) => Ok((*b as usize, d)),
        other => Err(format!("bad job: {other:?}")),
    }
}

/// The toy builder; `lie_at` is a depth whose reference answer it gets wrong.
struct Toy {
    lie_at: Option<u32>,
}

impl Builder for Toy {
    type Error = String;

    fn build(&self, _: &Path, job: &Job) -> Result<Instance, String> {
        let (board, depth) = board_and_depth(job)?;
        let qbf = toy(board, depth);
        let (circuit, cnf) = if !job.encoding.is_circuit() {
            (None, Some(to_cnf(&qbf, ClauseForm::POLARITY)))
        } else {
            (Some(qbf), None)
        };
        let sources = vec![SourceFile { label: "pg", bytes: format!("% toy game\n#times {depth}\n").into_bytes() }];
        Ok(Instance { circuit, cnf, sources, map: None, notes: Vec::new() })
    }

    fn expected(&self, _: &Path, job: &Job, _: Duration) -> Result<Option<bool>, String> {
        let (board, depth) = board_and_depth(job)?;
        let answer = eval_circuit(&toy(board, depth)).map_err(|e| e.to_string())?;
        Ok(Some(answer != (self.lie_at == Some(depth))))
    }
}

/// Family `answered` has reference answers, family `beyond` none; both are certified.
const SUITE: &str = r#"
name = "toy"
[options]
expected = "reference"
[certify]
timeout = 60
[[family]]
name = "answered"
model = "gttt"
depths = { from = 1, to = 4 }
encodings = ["lifted", "corplus"]
formats = ["qcir", "qdimacs"]
[family.grid]
shape = "tic"
board = [1, 2]
[[family]]
name = "beyond"
model = "gttt"
depths = [2, 3, 5]
encodings = ["corplus"]
formats = ["qdimacs", "pg"]
expected = "none"
[family.grid]
shape = "el"
board = 3
"#;

fn suite(text: &str) -> Suite {
    resolve(&Source::from_bytes("toy.toml", text), Path::new(".")).unwrap_or_else(|e| panic!("{e}"))
}

/// DepQBF's tracer, as the repository's solvers file configures it.
fn tracer() -> Tracer {
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../suite/solvers.toml");
    let tools = Tools::load(&config).unwrap_or_else(|e| panic!("{e}"));
    let depqbf = tools.solvers.get("depqbf").expect("depqbf in suite/solvers.toml");
    Tracer::of(depqbf).unwrap_or_else(|e| panic!("{e}")).expect("depqbf has a trace command")
}

fn generate(
    suite: &Suite,
    builder: &Toy,
    out: &Path,
    threads: usize,
    executor: Option<&dyn Executor>,
) -> Result<Summary, GenError> {
    let tracer = tracer();
    let certifier = executor.map(|executor| InProcess { tracer: &tracer, executor });
    generate_with(suite, builder, out, threads, &|_| {}, None, certifier.as_ref().map(|c| c as &dyn Certifier))
}

/// Every file under `dir`, relative path → bytes.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).expect("read_dir").flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(p.strip_prefix(dir).expect("under dir").to_path_buf(), fs::read(&p).expect("read"));
            }
        }
    }
    out
}

fn truth(row: &Row) -> Verdict {
    let board: usize =
        row.params.split(';').find_map(|kv| kv.strip_prefix("board=")).and_then(|b| b.parse().ok()).expect("a board");
    let Depth::Plies(depth) = row.depth else { panic!("a depth") };
    Verdict::from_bool(eval_circuit(&toy(board, depth)).expect("evaluates"))
}

#[test]
fn certificates_fill_the_answers_the_reference_solver_does_not_give_and_confirm_the_others() {
    let suite = suite(SUITE);
    let (a, b) = (tempfile::tempdir().expect("tmp"), tempfile::tempdir().expect("tmp"));
    let summary =
        generate(&suite, &Toy { lie_at: None }, a.path(), 2, Some(&RealExecutor)).unwrap_or_else(|e| panic!("{e}"));
    let certified = summary.certified.expect("certification ran");
    assert_eq!((certified.unanswered, certified.filled, certified.timed_out), (3, 3, 0), "{certified}");
    assert_eq!((certified.answered, certified.confirmed), (16, 16), "{certified}");
    assert!(certified.rejected.is_empty() && certified.failed.is_empty(), "{certified:?}");
    assert!(
        certified.to_string().starts_with("certified 3 of 3 instances without a reference answer in "),
        "{certified}"
    );
    let rows = manifest::read(a.path()).unwrap_or_else(|e| panic!("{e}"));
    for row in &rows {
        let by = if row.family == "beyond" { "certificate" } else { "reference+certificate" };
        assert_eq!((row.expected, row.expected_by.as_str()), (Some(truth(row)), by), "{row:?}");
    }
    assert!(
        rows.iter().any(|r| r.expected == Some(Verdict::False))
            && rows.iter().any(|r| r.expected == Some(Verdict::True))
    );
    let leftovers: Vec<_> = fs::read_dir(a.path()).expect("read_dir").flatten().map(|e| e.file_name()).collect();
    assert!(!leftovers.iter().any(|n| n.to_string_lossy().starts_with(".certify")), "{leftovers:?}");

    // `manifest verify` accepts `certificate`, and re-derives only the reference answers.
    assert_eq!(audit(a.path()).map_err(|e| e.to_string()), Ok(Vec::new()));
    assert_eq!(recheck(&suite, &Toy { lie_at: None }, &rows), Vec::<String>::new());

    // The same suite and flags give the same bytes, with any number of threads.
    generate(&suite, &Toy { lie_at: None }, b.path(), 1, Some(&RealExecutor)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(tree(a.path()), tree(b.path()));

    // Without certification a re-run drops what the certificates gave; with it, they are back.
    generate(&suite, &Toy { lie_at: None }, b.path(), 2, None).unwrap_or_else(|e| panic!("{e}"));
    let plain = manifest::read(b.path()).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        plain.iter().all(|r| (r.family == "beyond") == (r.expected.is_none() && r.expected_by == "none")),
        "{plain:?}"
    );
    assert!(plain.iter().all(|r| r.family == "beyond" || r.expected_by == "reference"), "{plain:?}");
    generate(&suite, &Toy { lie_at: None }, b.path(), 2, Some(&RealExecutor)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(tree(a.path()), tree(b.path()));
}

/// Runs real processes, but a tracing run of a formula of depth 5 times out.
struct SlowAtDepth5;

impl Executor for SlowAtDepth5 {
    fn execute(&self, job: &Run) -> io::Result<Measurement> {
        let input = job.invocation.args.last().map(fs::read_to_string).transpose()?.unwrap_or_default();
        if input.contains("depth 5") {
            let cpu = job.limits.cpu;
            return Ok(Measurement { cpu_killed: true, cpu, wall: cpu, ..Measurement::default() });
        }
        RealExecutor.execute(job)
    }
}

#[test]
fn an_instance_not_certified_in_time_keeps_its_answer_and_is_counted() {
    let suite = suite(SUITE);
    let out = tempfile::tempdir().expect("tmp");
    let summary =
        generate(&suite, &Toy { lie_at: None }, out.path(), 2, Some(&SlowAtDepth5)).unwrap_or_else(|e| panic!("{e}"));
    let certified = summary.certified.expect("certification ran");
    assert_eq!((certified.unanswered, certified.filled, certified.timed_out), (3, 2, 1), "{certified}");
    assert!(
        certified.to_string().contains("certified 2 of 3 instances") && certified.to_string().contains("; 1 timed out"),
        "{certified}"
    );
    let rows = manifest::read(out.path()).unwrap_or_else(|e| panic!("{e}"));
    let deep: Vec<&Row> = rows.iter().filter(|r| r.family == "beyond" && r.depth == Depth::Plies(5)).collect();
    assert_eq!(deep.len(), 2, "the QDIMACS and the game source");
    assert!(deep.iter().all(|r| r.expected.is_none() && r.expected_by == "none"), "{deep:?}");
}

#[test]
fn a_certificate_that_contradicts_the_reference_answer_is_an_error_naming_the_instance() {
    let suite = suite(SUITE);
    let out = tempfile::tempdir().expect("tmp");
    let error = generate(&suite, &Toy { lie_at: Some(3) }, out.path(), 2, Some(&RealExecutor))
        .map(|_| ())
        .expect_err("a disagreement");
    let shown = error.to_string();
    assert!(matches!(error, GenError::Disagreement { ref instances } if instances.len() == 4), "{shown}");
    assert!(shown.contains("so no manifest was written"), "{shown}");
    assert!(shown.contains("instances/answered/") && shown.contains(".qdimacs (job answered/board=1;"), "{shown}");
    assert!(
        shown.contains("/d=3/corplus): the certificate says true, the expected answer (by reference) is false"),
        "{shown}"
    );
    assert!(!out.path().join("manifest.csv").exists());
}
