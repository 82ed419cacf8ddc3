//! Ladders in the library: a scripted calibration solver (harness's mock executor) decides
//! each rung's status from the depth and board written in the instance's header, so the
//! stop rule, starved re-runs, contradictions, the recorded reach and byte-identical
//! regeneration are pinned without real solvers. Also `expected = "reference-or-unknown"`.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use contract::Source;
use harness::mock::{exited, MockExecutor};
use harness::{Job as Run, Measurement, Tools};
use qbf::formula::{Circuit, CircuitQbf, Lit, Prefix, Quant, VarManager};
use qbf::tseitin::{to_cnf, ClauseForm};
use suites::generate::{generate, generate_with, Builder, GenError, Instance, Reach, Summary};
use suites::ladder::{self, Calibration, Recorded};
use suites::{expand, resolve, Depth, Job, Param, Suite};

/// Alternating blocks of `board` variables, `depth` of them, as clauses; the reference
/// answer is "Black wins at odd depths", unknown from depth `unknown_from` on.
struct Toy {
    unknown_from: u32,
}

fn toy(board: usize, depth: u32) -> CircuitQbf {
    let mut vars = VarManager::new();
    let mut prefix = Prefix::new();
    let mut circuit = Circuit::new();
    let mut firsts: Vec<Lit> = Vec::new();
    for level in 0..depth {
        let block = vars.fresh_n(board);
        prefix.push(if level % 2 == 0 { Quant::Exists } else { Quant::Forall }, block.iter().copied());
        firsts.push(block[0].pos_lit());
    }
    let output = circuit.or(&mut vars, firsts);
    CircuitQbf { vars, prefix, circuit, output }
}

fn board_and_depth(job: &Job) -> Result<(usize, u32), String> {
    match (job.params.get("board"), job.depth) {
        (Some(Param::Int(b)), Depth::Plies(d)) => Ok((*b as usize, d)),
        other => Err(format!("not a toy job: {other:?}")),
    }
}

impl Builder for Toy {
    type Error = String;

    fn build(&self, _: &Path, job: &Job) -> Result<Instance, String> {
        let (board, depth) = board_and_depth(job)?;
        Ok(Instance {
            circuit: None,
            cnf: Some(to_cnf(&toy(board, depth), ClauseForm::POLARITY)),
            sources: vec![],
            map: None,
            notes: Vec::new(),
        })
    }

    fn expected(&self, _: &Path, job: &Job, _: Duration) -> Result<Option<bool>, String> {
        let (_, depth) = board_and_depth(job)?;
        Ok((depth < self.unknown_from).then_some(depth % 2 == 1))
    }
}

const SOLVERS: &str =
    "[solver.mock]\ncommand = [\"/bin/true\", \"{input}\"]\nformats = [\"qdimacs\"]\nversion = \"mock 1\"\n";

/// Two ladders over the depth (boards 2 and 3, depths 1 to 9) and a family without one.
const SUITE: &str = r#"
name = "ladders"
[[family]]
name = "climb"
model = "gttt"
depths = { from = 1, to = 9 }
encodings = ["corplus"]
formats = ["qdimacs"]
[family.grid]
shape = "tic"
board = [2, 3]
[family.ladder]
over = "depth"
solver = "mock"
limit = 1
fails = 2
[[family]]
name = "plain"
model = "gttt"
depths = [3]
encodings = ["corplus"]
formats = ["qdimacs"]
[family.grid]
shape = "tic"
board = 2
"#;

fn suite(text: &str) -> Suite {
    resolve(&Source::from_bytes("ladders.toml", text), Path::new(".")).unwrap_or_else(|e| panic!("{e}"))
}

/// What the scripted solver does with one rung.
#[derive(Copy, Clone, PartialEq)]
enum Act {
    Answer(bool),
    /// An answer after this many CPU seconds.
    AnswerIn(bool, f64),
    Timeout,
    Starve,
}

/// The board and depth of the instance a run is given, from its header comments.
fn rung_of(run: &Run) -> (usize, u32) {
    let text = fs::read_to_string(&run.invocation.args[0]).unwrap_or_default();
    let mut found = (0, 0);
    for line in text.lines() {
        if let Some(d) = line.strip_prefix("c encoding corplus, depth ") {
            found.1 = d.trim().parse().unwrap_or(0);
        }
        if let Some(b) = line.split_whitespace().find_map(|w| w.strip_prefix("board=")) {
            found.0 = b.parse().unwrap_or(0);
        }
    }
    found
}

fn measured(act: Act, limit: Duration) -> Measurement {
    match act {
        Act::Answer(true) => exited(10, ""),
        Act::Answer(false) => exited(20, ""),
        Act::AnswerIn(v, s) => Measurement { cpu: Duration::from_secs_f64(s), ..exited(if v { 10 } else { 20 }, "") },
        Act::Timeout => Measurement { cpu_killed: true, cpu: limit, wall: limit, ..Measurement::default() },
        Act::Starve => Measurement { wall_killed: true, wall: limit * 31, ..Measurement::default() },
    }
}

/// Board 2: solved to depth 4, 5 not, 6 solved, 7 and 8 not: stops at 8 (fails = 2).
/// Board 3: everything solved but 8: reaches the cap, 9.
fn script(board: usize, depth: u32) -> Act {
    match (board, depth) {
        (2, 5 | 7 | 8) | (3, 8) => Act::Timeout,
        (2, 9) => panic!("board 2 stopped at depth 8, so depth 9 is never calibrated"),
        _ => Act::Answer(depth % 2 == 1),
    }
}

/// Generates `suite` into `out`, calibrating with a solver that acts as `act` says.
fn calibrate(
    suite: &Suite,
    builder: &Toy,
    out: &Path,
    act: impl Fn(usize, u32) -> Act + Sync,
) -> (Result<Summary, GenError>, Vec<(usize, u32)>) {
    let tools = Tools::parse(SOLVERS, Path::new("solvers.toml"), Path::new("/")).unwrap_or_else(|e| panic!("{e}"));
    let mock = MockExecutor::new(Duration::ZERO, |run: &Run| {
        let (board, depth) = rung_of(run);
        measured(act(board, depth), run.limits.cpu)
    });
    let solvers = ladder::solvers(suite, &tools, Path::new("solvers.toml"), &mock).unwrap_or_else(|e| panic!("{e}"));
    let calibration = Calibration { solvers: &solvers, executor: &mock };
    let summary = generate_with(suite, builder, out, 2, &|_| {}, Some(Reach::Calibrate(&calibration)), None);
    let runs = mock.jobs().iter().map(rung_of).collect();
    (summary, runs)
}

/// The depths of each board in the manifest, in order.
fn depths_by_board(out: &Path, family: &str) -> BTreeMap<String, Vec<String>> {
    let rows = contract::manifest::read(out).unwrap_or_else(|e| panic!("{e}"));
    let mut by: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for r in rows.iter().filter(|r| r.family == family) {
        let board = r.params.split(';').find_map(|p| p.strip_prefix("board=")).unwrap_or_default().to_string();
        by.entry(board).or_default().push(r.depth.to_string());
    }
    by
}

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
fn a_ladder_stops_after_fails_unsolved_rungs_in_a_row_and_keeps_them() {
    let suite = suite(SUITE);
    let dir = tempfile::tempdir().expect("tmp");
    let (summary, runs) = calibrate(&suite, &Toy { unknown_from: 99 }, dir.path(), script);
    let summary = summary.unwrap_or_else(|e| panic!("{e}"));
    let depths = depths_by_board(dir.path(), "climb");
    let upto = |n: u32| (1..=n).map(|d| d.to_string()).collect::<Vec<_>>();
    assert_eq!(depths["2"], upto(8), "board 2 stops after 7 and 8 failed; 5 alone did not stop it");
    assert_eq!(depths["3"], upto(9), "board 3 reaches the cap");
    assert_eq!(depths_by_board(dir.path(), "plain")["2"], ["3"], "families without a ladder are generated as before");
    assert_eq!(runs.len(), 8 + 9, "one calibration run per rung generated");
    assert_eq!(summary.files, 8 + 9 + 1);

    let csv = fs::read_to_string(dir.path().join("ladders.csv")).expect("ladders.csv");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "family,ladder,over,rung,status,cpu_s,solver,solver_version,limit_s,memory,job");
    assert_eq!(lines.len(), 1 + 8 + 9);
    assert_eq!(
        lines[5],
        "climb,\"board=2;first=black;pq=1,1;shape=tic;torus=false/d=*/corplus\",depth,5,timeout,1.000,mock,mock 1,1,4096M,\"climb/board=2;first=black;pq=1,1;shape=tic;torus=false/d=5/corplus\""
    );
    assert!(lines[1].starts_with("climb,\"board=2;") && lines[1].contains(",depth,1,true,0.000,mock,mock 1,1,4096M"));
    assert!(lines[9].starts_with("climb,\"board=3;") && lines[9].contains(",depth,1,true,"), "{}", lines[9]);
    let reached: Vec<String> = ladder::reached(&summary.rungs).iter().map(ToString::to_string).collect();
    assert_eq!(
        reached,
        [
            "climb board=2;first=black;pq=1,1;shape=tic;torus=false/d=*/corplus: 8 rungs up to 8, last solved 6, 3.00 s calibration CPU",
            "climb board=3;first=black;pq=1,1;shape=tic;torus=false/d=*/corplus: 9 rungs up to 9, last solved 9, 1.00 s calibration CPU",
        ]
    );
}

#[test]
fn a_predicting_ladder_goes_on_with_rungs_predicted_from_its_growth() {
    let suite = suite(&SUITE.replace("fails = 2\n", "fails = 1\npredict_to = 30\n"));
    let dir = tempfile::tempdir().expect("tmp");
    // Board 2 doubles per ply from 0.1 s and runs out of its 1 s at depth 5; board 3 solves
    // every rung at once, so it has no growth and nothing to predict.
    let (summary, runs) =
        calibrate(&suite, &Toy { unknown_from: 99 }, dir.path(), |board, depth| match (board, depth) {
            (2, 5) => Act::Timeout,
            (2, 6..) => panic!("board 2 stopped at depth 5: its later rungs are predicted, not run"),
            (2, d) => Act::AnswerIn(d % 2 == 1, 0.1 * 2f64.powi(d as i32 - 1)),
            (_, d) => Act::Answer(d % 2 == 1),
        });
    let summary = summary.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(runs.iter().filter(|(b, _)| *b == 2).count(), 5, "depths 1 to 5 run");
    assert_eq!(depths_by_board(dir.path(), "climb")["2"].len(), 9, "and 6 to 9 are generated");
    // The fit: the solved rungs and the rung it ran out on, at its limit of 1 s.
    let growth =
        harness::growth::Growth::fit(&[(1.0, 0.1), (2.0, 0.2), (3.0, 0.4), (4.0, 0.8), (5.0, 1.0)]).expect("a growth");
    let predicted: Vec<(String, String, f64)> = summary
        .rungs
        .iter()
        .filter(|r| r.predicted())
        .map(|r| (r.rung.clone(), format!("{:.3}", r.cpu_s), r.limit_s))
        .collect();
    let expected: Vec<(String, String, f64)> =
        (6..=9).map(|d| (d.to_string(), format!("{:.3}", growth.predict(f64::from(d)).max(1.0)), 30.0)).collect();
    assert_eq!(predicted, expected, "at most four, recorded with the competition limit");
    let reached: Vec<String> = ladder::reached(&summary.rungs).iter().map(ToString::to_string).collect();
    assert!(reached[0].contains("; 4 predicted, the last at "), "{}", reached[0]);
    let jobs = ladder::predicted_jobs(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(jobs.len(), 4);
    assert!(jobs.iter().all(|j| j.starts_with("climb/board=2;")), "{jobs:?}");

    // Read back as a reach: the same rungs, none run.
    let (_, ladders) = ladder::split(expand(&suite));
    let recorded = Recorded::read(&dir.path().join("ladders.csv"), &ladders).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(recorded.reach("climb", &ladders[0].key), 9);
    let again = tempfile::tempdir().expect("tmp");
    generate_with(&suite, &Toy { unknown_from: 99 }, again.path(), 1, &|_| {}, Some(Reach::Recorded(&recorded)), None)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(tree(dir.path()) == tree(again.path()), "byte for byte, predicted rungs included");

    // A predicted rung before the ladder stopped is refused at its place.
    let csv = fs::read_to_string(dir.path().join("ladders.csv")).expect("ladders.csv");
    let early = csv.replacen(",depth,4,false,", ",depth,4,predicted,", 1);
    let message = Recorded::parse(&Source::from_bytes("ladders.csv", early), &ladders).err().map(|e| e.to_string());
    assert!(
        message.as_deref().is_some_and(
            |m| m.contains("ladders.csv:5:") && m.contains("a rung is predicted only after the ladder stopped")
        ),
        "{message:?}"
    );
}

#[test]
fn a_recorded_reach_regenerates_the_same_bytes_without_a_solver() {
    let suite = suite(SUITE);
    let (a, b) = (tempfile::tempdir().expect("tmp"), tempfile::tempdir().expect("tmp"));
    calibrate(&suite, &Toy { unknown_from: 99 }, a.path(), script).0.unwrap_or_else(|e| panic!("{e}"));
    let (_, ladders) = ladder::split(expand(&suite));
    let recorded = Recorded::read(&a.path().join("ladders.csv"), &ladders).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(recorded.reach("climb", &ladders[0].key), 8);
    let again =
        generate_with(&suite, &Toy { unknown_from: 99 }, b.path(), 1, &|_| {}, Some(Reach::Recorded(&recorded)), None)
            .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.files, 8 + 9 + 1);
    assert!(tree(a.path()) == tree(b.path()), "the same files, manifest and ladders.csv, byte for byte");

    let rerun =
        generate_with(&suite, &Toy { unknown_from: 99 }, a.path(), 2, &|_| {}, Some(Reach::Recorded(&recorded)), None)
            .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rerun.reused, rerun.files, "a re-run to the recorded reach reuses every file");
    assert!(matches!(generate(&suite, &Toy { unknown_from: 99 }, b.path(), 1, &|_| {}), Err(GenError::NoReach)));
}

#[test]
fn starved_runs_are_run_again_and_not_counted() {
    let suite = suite(SUITE);
    let dir = tempfile::tempdir().expect("tmp");
    let starved = std::sync::Mutex::new(0);
    let (summary, runs) = calibrate(&suite, &Toy { unknown_from: 99 }, dir.path(), |board, depth| {
        let mut n = starved.lock().expect("lock");
        if (board, depth) == (3, 4) && *n < 2 {
            *n += 1;
            return Act::Starve;
        }
        script(board, depth)
    });
    let summary = summary.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(runs.len(), 8 + 9 + 2, "the starved run went twice more");
    assert_eq!(summary.rungs.len(), 8 + 9, "and is recorded once");
    assert!(summary.rungs.iter().all(|r| r.status != ladder::Calibrated::Run(contract::Status::Starved)));

    let always = calibrate(&suite, &Toy { unknown_from: 99 }, dir.path(), |_, _| Act::Starve).0;
    let message = always.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(message.contains("starved 4 times in a row"), "{message}");
}

#[test]
fn an_answer_that_contradicts_the_expected_one_is_an_error() {
    let text = SUITE.replacen("name = \"climb\"\n", "name = \"climb\"\nexpected = \"reference\"\n", 1);
    let suite = suite(&text);
    let dir = tempfile::tempdir().expect("tmp");
    let (agreeing, _) = calibrate(&suite, &Toy { unknown_from: 99 }, dir.path(), script);
    let rows = contract::manifest::read(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    assert!(agreeing.is_ok() && rows.iter().filter(|r| r.family == "climb").all(|r| r.expected_by == "reference"));

    let other = tempfile::tempdir().expect("tmp");
    let (wrong, _) = calibrate(&suite, &Toy { unknown_from: 99 }, other.path(), |board, depth| match depth {
        3 => Act::Answer(false),
        _ => script(board, depth),
    });
    let message = wrong.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        message.contains(
            "d=3/corplus: calibration solver `mock`: answers false, but the expected answer (by reference) is true"
        ),
        "{message}"
    );
    assert!(!other.path().join("ladders.csv").exists() && !other.path().join("manifest.csv").exists());
}

#[test]
fn reference_or_unknown_gives_unknown_past_the_budget_and_reference_stays_strict() {
    let plain = |expected: &str| {
        format!(
            "name = \"s\"\n[options]\nexpected = \"{expected}\"\nexpected_budget = 5\n[[family]]\nname = \"f\"\nmodel = \"gttt\"\ndepths = [1, 2, 3, 4]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nshape = \"tic\"\nboard = 2\n"
        )
    };
    let dir = tempfile::tempdir().expect("tmp");
    let suite_ok = suite(&plain("reference-or-unknown"));
    generate(&suite_ok, &Toy { unknown_from: 3 }, dir.path(), 2, &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    let rows = contract::manifest::read(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    let answers: Vec<(String, String)> = rows
        .iter()
        .map(|r| (r.expected.map_or("unknown".to_string(), |v| v.to_string()), r.expected_by.clone()))
        .collect();
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        answers,
        [pair("true", "reference"), pair("false", "reference"), pair("unknown", "none"), pair("unknown", "none")]
    );
    assert_eq!(expand(&suite_ok)[0].listing()[6], "reference-or-unknown (5 s)");

    let fresh = tempfile::tempdir().expect("tmp");
    let strict = generate(&suite(&plain("reference")), &Toy { unknown_from: 3 }, fresh.path(), 2, &|_| {});
    let message = strict.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        message.contains("d=3/corplus: encoding and the reference solver need more than the expected_budget of 5 s")
            && message.contains("\"reference-or-unknown\""),
        "{message}"
    );
}

#[test]
fn a_grid_key_ladder_climbs_its_values_in_the_order_written() {
    let text = r#"
name = "boards"
[[family]]
name = "grow"
model = "gttt"
depths = [3, 5]
encodings = ["corplus"]
formats = ["qdimacs"]
[family.grid]
shape = "tic"
board = [4, 2, 3, 5]
[family.ladder]
over = "board"
solver = "mock"
limit = 0.5
memory = "1G"
fails = 1
"#;
    let suite = suite(text);
    let dir = tempfile::tempdir().expect("tmp");
    let (summary, runs) = calibrate(&suite, &Toy { unknown_from: 99 }, dir.path(), |board, depth| {
        if board == 3 && depth == 5 {
            Act::Timeout
        } else {
            Act::Answer(depth % 2 == 1)
        }
    });
    let summary = summary.unwrap_or_else(|e| panic!("{e}"));
    let by_depth: Vec<(String, String)> = summary.rungs.iter().map(|r| (r.ladder.clone(), r.rung.clone())).collect();
    let key = |d: u32| format!("board=*;first=black;pq=1,1;shape=tic;torus=false/d={d}/corplus");
    let rung = |d: u32, b: &str| (key(d), b.to_string());
    assert_eq!(
        by_depth,
        [rung(3, "4"), rung(3, "2"), rung(3, "3"), rung(3, "5"), rung(5, "4"), rung(5, "2"), rung(5, "3")],
        "depth 3 climbs every board in the order written; depth 5 stops at board 3 (fails = 1)"
    );
    assert_eq!(runs.len(), 7);
    assert!(summary.rungs.iter().all(|r| r.limit_s == 0.5 && r.memory == "1024M" && r.over == "board"));
}
