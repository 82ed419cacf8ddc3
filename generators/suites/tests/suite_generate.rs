//! Generation: content-addressed files, a sorted manifest, byte-identical output for any
//! number of threads, reuse on re-runs, and corruption detected. The encoders are
//! replaced by a small deterministic builder, so these tests are about the pipeline.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use contract::manifest::{self, Row};
use contract::Source;
use contract::Verdict;
use qbf::eval::eval_circuit;
use qbf::formula::{Circuit, CircuitQbf, Lit, Prefix, Quant, VarManager};
use qbf::tseitin::{to_cnf, ClauseForm};
use suites::audit::audit;
use suites::generate::{generate, Builder, GenError, Instance, SourceFile};
use suites::recheck::recheck;
use suites::{resolve, Depth, Job, Param, Suite};

/// `depth` alternating blocks of `board` variables; the matrix says that some variable of
/// every existential block equals the first variable of the universal block before it.
struct Toy;

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
        previous = Some(block[0].pos_lit());
    }
    let output = circuit.and(&mut vars, conjuncts);
    CircuitQbf { vars, prefix, circuit, output }
}

impl Builder for Toy {
    type Error = String;

    fn build(&self, _: &Path, job: &Job) -> Result<Instance, String> {
        let board = match job.params.get("board") {
            Some(Param::Int(b)) => *b as usize,
            other => return Err(format!("no board: {other:?}")),
        };
        let depth = match job.depth {
            Depth::Plies(d) => d,
            Depth::Model => return Err("no model depth".into()),
        };
        let qbf = toy(board, depth);
        let (circuit, cnf) = if !job.encoding.is_circuit() {
            (None, Some(to_cnf(&qbf, ClauseForm::POLARITY)))
        } else {
            (Some(qbf), None)
        };
        Ok(Instance {
            circuit,
            cnf,
            sources: vec![SourceFile { label: "pg", bytes: format!("% toy game\n#times {depth}\n").into_bytes() }],
            map: None,
            notes: Vec::new(),
        })
    }

    fn expected(&self, _: &Path, job: &Job, _: Duration) -> Result<Option<bool>, String> {
        let (Some(Param::Int(board)), Depth::Plies(depth)) = (job.params.get("board"), job.depth) else {
            return Err("bad job".into());
        };
        eval_circuit(&toy(*board as usize, depth)).map(Some).map_err(|e| e.to_string())
    }
}

const SUITE: &str = r#"
name = "toy"
[options]
expected = "reference"
[[family]]
name = "toy-a"
model = "gttt"
depths = { from = 1, to = 5 }
encodings = ["lifted", "corplus"]
formats = ["qcir", "qdimacs", "pg"]
[family.grid]
shape = "tic"
board = [1, 2, 3]
[[family]]
name = "toy-b"
model = "gttt"
depths = [7]
encodings = ["corplus"]
formats = ["qdimacs"]
expected = "none"
[family.grid]
shape = "el"
board = 4
"#;

fn suite() -> Suite {
    resolve(&Source::from_bytes("toy.toml", SUITE), Path::new(".")).unwrap_or_else(|e| panic!("{e}"))
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

#[test]
fn output_is_byte_identical_for_any_number_of_threads() {
    let suite = suite();
    let (a, b) = (tempfile::tempdir().expect("tmp"), tempfile::tempdir().expect("tmp"));
    let sa = generate(&suite, &Toy, a.path(), 1, &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    let sb = generate(&suite, &Toy, b.path(), 2, &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    // toy-a: 3 boards × 5 depths × (lifted: qcir+qdimacs+pg, corplus: qdimacs+pg); toy-b: 1.
    assert_eq!(sa.files, 3 * 5 * 5 + 1);
    assert_eq!(sa.generated, sa.files);
    assert_eq!(sb.files, sa.files);
    let (ta, tb) = (tree(a.path()), tree(b.path()));
    assert_eq!(ta.keys().collect::<Vec<_>>(), tb.keys().collect::<Vec<_>>());
    assert!(ta == tb, "same bytes everywhere");
    assert!(audit(a.path()).expect("manifest readable").is_empty());

    let manifest = String::from_utf8_lossy(&ta[Path::new("manifest.csv")]).into_owned();
    let first = manifest.lines().nth(1).unwrap_or_default();
    assert!(
        first.contains(",toy-a,gttt,board=1;first=black;pq=1,1;shape=tic;torus=false,corplus,pg,1,")
            || first.contains("\"board=1;first=black;pq=1,1;shape=tic;torus=false\""),
        "{first}"
    );
    assert!(
        manifest.lines().any(|l| l.contains(",qdimacs,") && l.contains(",true,reference,")),
        "expected answers recorded"
    );
}

#[test]
fn an_answer_beyond_the_budget_is_an_error_not_unknown() {
    let text = SUITE.replace("expected = \"none\"\n", "");
    let suite = resolve(&Source::from_bytes("toy.toml", text), Path::new(".")).unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().expect("tmp");
    match generate(&suite, &Toy, dir.path(), 2, &|_| {}) {
        Err(GenError::Build { job, message }) => {
            assert!(job.starts_with("toy-b/") && message.contains("evaluator"), "{job}: {message}")
        }
        other => panic!("expected a build error, got {other:?}"),
    }
    assert!(!dir.path().join("manifest.csv").exists(), "no manifest for a failed run");
}

#[test]
fn rerunning_reuses_verified_files_and_detects_corruption() {
    let suite = suite();
    let dir = tempfile::tempdir().expect("tmp");
    let first = generate(&suite, &Toy, dir.path(), 2, &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    let before = tree(dir.path());
    let again = generate(&suite, &Toy, dir.path(), 2, &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.reused, first.files);
    assert_eq!(tree(dir.path()), before, "a re-run changes nothing");

    let victim = before.keys().find(|p| p.extension().is_some_and(|e| e == "qdimacs")).expect("a QDIMACS file").clone();
    fs::write(dir.path().join(&victim), b"p cnf 1 0\n").expect("tamper");
    let differences = audit(dir.path()).expect("manifest readable");
    assert_eq!(differences.len(), 1 + 4, "sha256 and the changed statistics: {differences:?}");
    assert!(differences[0].contains("sha256"), "{differences:?}");
    match generate(&suite, &Toy, dir.path(), 2, &|_| {}) {
        Err(GenError::Corrupt { path, .. }) => assert!(path.ends_with(&victim)),
        other => panic!("expected a corruption error, got {other:?}"),
    }
}

#[test]
fn verify_reports_strays_twin_rows_and_manifests_that_disagree() {
    let suite = suite();
    let dir = tempfile::tempdir().expect("tmp");
    generate(&suite, &Toy, dir.path(), 2, &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    let (csv_path, json_path) = (dir.path().join("manifest.csv"), dir.path().join("manifest.json"));
    let (csv, json) = (fs::read_to_string(&csv_path).expect("csv"), fs::read_to_string(&json_path).expect("json"));
    assert!(audit(dir.path()).expect("readable").is_empty());

    let stray = dir.path().join("instances").join("toy-a").join("extra.qdimacs");
    fs::write(&stray, b"p cnf 1 1\ne 1 0\n1 0\n").expect("stray");
    let found = audit(dir.path()).expect("readable");
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("instances/toy-a/extra.qdimacs: a file no manifest row lists"), "{found:?}");
    fs::remove_file(&stray).expect("rm");

    let lines: Vec<&str> = csv.lines().collect();
    let doubled = format!("{}\n{}\n", csv.trim_end(), lines[1]);
    fs::write(&csv_path, doubled).expect("twin");
    let found = audit(dir.path()).expect("readable");
    assert!(
        found.iter().any(|d| d.contains("has two") && d.contains(&format!("lines 2 and {}", lines.len() + 1))),
        "{found:?}"
    );
    assert!(found.iter().any(|d| d.starts_with("manifest.json:")), "{found:?}");

    let path_of = |line: &str| line.split(',').find(|f| f.starts_with("instances/")).unwrap_or_default().to_string();
    let once = (1..lines.len()).find(|&i| csv.matches(&path_of(lines[i])).count() == 1).expect("a file with one row");
    let deleted: String = lines.iter().enumerate().filter(|(i, _)| *i != once).map(|(_, l)| format!("{l}\n")).collect();
    fs::write(&csv_path, deleted).expect("delete a row");
    let found = audit(dir.path()).expect("readable");
    assert!(found.iter().any(|d| d.contains("a file no manifest row lists")), "{found:?}");

    let flipped = csv.replacen(",true,reference,", ",false,reference,", 1);
    assert_ne!(flipped, csv, "a row with a reference answer");
    fs::write(&csv_path, flipped).expect("edit expected");
    let found = audit(dir.path()).expect("readable");
    assert!(found.iter().any(|d| d.contains("differs from manifest.csv")), "{found:?}");

    fs::write(&csv_path, &csv).expect("restore");
    fs::write(&json_path, json.replacen("\"toy-a\"", "\"toy-z\"", 1)).expect("edit json");
    let found = audit(dir.path()).expect("readable");
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("manifest.json: row 1 differs"), "{found:?}");
}

#[test]
fn generating_a_smaller_suite_removes_the_instances_it_no_longer_lists() {
    let dir = tempfile::tempdir().expect("tmp");
    generate(&suite(), &Toy, dir.path(), 2, &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    let smaller = SUITE.replace("depths = { from = 1, to = 5 }", "depths = [1, 2]");
    let smaller = resolve(&Source::from_bytes("toy.toml", smaller), Path::new(".")).unwrap_or_else(|e| panic!("{e}"));
    let summary = generate(&smaller, &Toy, dir.path(), 2, &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    let files = tree(dir.path()).keys().filter(|p| p.starts_with("instances")).count();
    let manifest = fs::read_to_string(dir.path().join("manifest.csv")).expect("manifest");
    assert!(files < manifest.lines().count(), "only listed files are left: {files} files, {summary}");
    assert!(audit(dir.path()).expect("readable").is_empty(), "no strays after a smaller suite");
}

/// [`Toy`], whose reference solver never finishes within the budget.
/// The toy game, whose reference solver needs the CPU time it holds: within a smaller
/// budget it gives no answer.
struct Needs(Duration);

impl Builder for Needs {
    type Error = String;

    fn build(&self, dir: &Path, job: &Job) -> Result<Instance, String> {
        Toy.build(dir, job)
    }

    fn expected(&self, dir: &Path, job: &Job, budget: Duration) -> Result<Option<bool>, String> {
        if budget < self.0 {
            return Ok(None);
        }
        Toy.expected(dir, job, budget)
    }
}

fn flip(row: &mut Row) {
    row.expected = row.expected.map(|v| if v == Verdict::True { Verdict::False } else { Verdict::True });
}

#[test]
fn recheck_re_derives_reference_answers_and_reports_those_it_cannot() {
    let suite = suite();
    let dir = tempfile::tempdir().expect("tmp");
    generate(&suite, &Toy, dir.path(), 2, &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    let rows = manifest::read(dir.path()).expect("readable");
    assert!(recheck(&suite, &Toy, &rows).is_empty());

    let mut edited = rows.clone();
    let i = edited.iter().position(|r| r.expected_by == "reference").expect("a reference answer");
    flip(&mut edited[i]);
    let found = recheck(&suite, &Toy, &edited);
    assert_eq!(found.len(), 1, "{found:?}");
    let at = format!("{} (manifest.csv line {}, job {}): expected is ", rows[i].path, i + 2, rows[i].job);
    assert!(found[0].starts_with(&at) && found[0].contains(", the reference solver says "), "{found:?}");

    // An answer found just inside the budget is re-checked on a machine up to twice as slow.
    let budget = Duration::from_secs(suite.families[0].expected.budget().expect("a reference budget"));
    assert!(recheck(&suite, &Needs(budget * 2), &rows).is_empty());
    let slow = recheck(&suite, &Needs(budget * 2 + Duration::from_secs(1)), &rows);
    assert_eq!(slow.len(), rows.iter().filter(|r| r.expected_by == "reference").count(), "{slow:?}");
    let message = format!(
        "could not re-check the reference answer: the reference solver did not finish within 2 × the expected_budget of {} s",
        budget.as_secs()
    );
    assert!(slow.iter().all(|d| d.ends_with(&message)), "{slow:?}");
}

#[test]
fn recheck_compares_published_answers_with_the_suite() {
    let text = SUITE.replace(
        "expected = \"none\"\n[family.grid]\nshape = \"el\"\nboard = 4\n",
        "expected = \"none\"\n[family.grid]\nshape = \"el\"\n[[family.point]]\nboard = 4\nanswer = true\n",
    );
    let suite = resolve(&Source::from_bytes("toy.toml", text), Path::new(".")).unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().expect("tmp");
    generate(&suite, &Toy, dir.path(), 2, &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    let mut rows = manifest::read(dir.path()).expect("readable");
    let i = rows.iter().position(|r| r.expected_by == "published").expect("a published answer");
    assert!(recheck(&suite, &Toy, &rows).is_empty());
    flip(&mut rows[i]);
    let found = recheck(&suite, &Toy, &rows);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].ends_with("expected is false, the answer the suite cites is true"), "{found:?}");
}

#[test]
fn symbol_maps_are_checked_by_their_hash_and_old_manifests_say_so() {
    let dir = tempfile::tempdir().expect("tmp");
    generate(&suite(), &Toy, dir.path(), 2, &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    let mut rows = manifest::read(dir.path()).expect("readable");
    let map = "instances/toy-a/hand.map.json";
    fs::write(dir.path().join(map), "{}\n").expect("a map");
    rows[0].map = map.to_string();
    let write = |rows: &[Row]| {
        contract::write_atomically(&dir.path().join("manifest.csv"), |w| manifest::write_csv(w, rows)).expect("csv");
        contract::write_atomically(&dir.path().join("manifest.json"), |w| manifest::write_json(w, rows)).expect("json");
    };
    write(&rows);
    let found = audit(dir.path()).expect("readable");
    assert!(
        found.iter().any(|d| d.starts_with(&format!("{map}: the manifest records no sha256 for this symbol map"))),
        "{found:?}"
    );
    rows[0].map_sha256 = qbf::identity::sha256_hex(b"{}\n");
    write(&rows);
    let found = audit(dir.path()).expect("readable");
    assert_eq!(found, vec![format!("{map}: not a symbol map (the symbol map of {})", rows[0].path)]);
    fs::write(dir.path().join(map), "{ }\n").expect("other JSON");
    let found = audit(dir.path()).expect("readable");
    assert!(found.iter().any(|d| d.starts_with(&format!("{map}: sha256 is "))), "{found:?}");
}
