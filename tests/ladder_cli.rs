//! `qbfgames generate` with a ladder, end to end: the real encoders and reference solver on
//! tic on 3×3 (Black never wins), and a scripted calibration solver that answers UNSAT
//! below a depth and burns CPU from it on, so the stop is known in advance. Checks which
//! rungs exist, `ladders.csv` and its copy in `models/`, reuse, `--reach` regenerating the
//! same bytes without any solver, `--recalibrate`, and located errors.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn qbfgames(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).output().expect("qbfgames runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temporary paths")
}

const SUITE: &str = r#"name = "ladder"
[options]
expected = "reference"
[[family]]
name = "tic"
model = "gttt"
depths = { from = 1, to = 9 }
encodings = ["corplus"]
formats = ["qdimacs"]
[family.grid]
shape = "tic"
board = 3
[family.ladder]
over = "depth"
solver = "mock"
limit = 0.3
fails = 2
"#;

/// The ladder's key, as `ladders.csv` and the summary line name it.
const LADDER: &str = "board=3;first=black;pq=1,1;shape=tic;torus=false/d=*/corplus";

/// Writes `DIR/ladder.toml` (`suite`), and `DIR/solvers.toml` with a solver `mock`: a
/// script that logs each run to `DIR/runs.log`, burns CPU from depth `from` on and
/// otherwise prints `answer` (`UNSAT` or `SAT`).
fn fixture(dir: &Path, suite: &str, from: u32, answer: &str) -> (PathBuf, PathBuf) {
    let code = if answer == "SAT" { 10 } else { 20 };
    let script = format!(
        "#!/bin/sh\necho run >> \"$(dirname \"$0\")/runs.log\"\ndepth=$(sed -n 's/^c encoding [a-z]*, depth \\([0-9]*\\)$/\\1/p' \"$1\")\nif [ \"$depth\" -ge {from} ]; then while :; do :; done; fi\necho {answer}\nexit {code}\n"
    );
    let mock = dir.join("mock.sh");
    fs::write(&mock, script).expect("write the mock solver");
    fs::set_permissions(&mock, fs::Permissions::from_mode(0o755)).expect("chmod");
    let solvers = dir.join("solvers.toml");
    fs::write(
        &solvers,
        "[solver.mock]\ncommand = [\"./mock.sh\", \"{input}\"]\nformats = [\"qdimacs\"]\nversion = \"mock 1\"\nanswer_lines = { true = \"SAT\", false = \"UNSAT\" }\n",
    )
    .expect("write the solvers file");
    let path = dir.join("ladder.toml");
    fs::write(&path, suite).expect("write the suite");
    (path, solvers)
}

fn runs(dir: &Path) -> usize {
    fs::read_to_string(dir.join("runs.log")).map_or(0, |t| t.lines().count())
}

/// The depths of the manifest's rows, in order.
fn depths(out: &Path) -> Vec<String> {
    let manifest = fs::read_to_string(out.join("manifest.csv")).expect("manifest");
    let mut reader = csv_rows(&manifest);
    let header = reader.remove(0);
    let at = header.iter().position(|c| c == "depth").expect("a depth column");
    reader.into_iter().map(|r| r[at].clone()).collect()
}

/// A small CSV reader for the tests: fields split at commas outside quotes.
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|line| {
            let (mut fields, mut field, mut quoted) = (Vec::new(), String::new(), false);
            for c in line.chars() {
                match c {
                    '"' => quoted = !quoted,
                    ',' if !quoted => fields.push(std::mem::take(&mut field)),
                    c => field.push(c),
                }
            }
            fields.push(field);
            fields
        })
        .collect()
}

#[test]
fn generate_climbs_a_depth_ladder_until_fails_unsolved_rungs_in_a_row() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (suite, solvers) = fixture(tmp.path(), SUITE, 4, "UNSAT");
    let out = tmp.path().join("a");
    let done = qbfgames(&["generate", s(&suite), "--out", s(&out), "--config", s(&solvers), "--jobs", "2"]);
    assert!(done.status.success(), "{}", text(&done.stderr));
    assert_eq!(depths(&out), ["1", "2", "3", "4", "5"], "rungs 4 and 5 time out and stay; 6 to 9 are not generated");
    assert_eq!(runs(tmp.path()), 5, "one calibration run per rung");
    let stdout = text(&done.stdout);
    assert!(stdout.contains(&format!("ladder tic {LADDER}: 5 rungs up to 5, last solved 3, ")), "{stdout}");

    let csv = fs::read_to_string(out.join("ladders.csv")).expect("ladders.csv");
    let rows = csv_rows(&csv);
    assert_eq!(rows[0].join(","), "family,ladder,over,rung,status,cpu_s,solver,solver_version,limit_s,memory,job");
    let statuses: Vec<(&str, &str)> = rows[1..].iter().map(|r| (r[3].as_str(), r[4].as_str())).collect();
    assert_eq!(statuses, [("1", "false"), ("2", "false"), ("3", "false"), ("4", "timeout"), ("5", "timeout")]);
    assert!(rows[1..].iter().all(|r| r[0] == "tic" && r[1] == LADDER && r[2] == "depth"));
    assert!(rows[1..].iter().all(|r| r[6..10] == ["mock", "mock 1", "0.3", "4096M"]), "{csv}");
    let timed_out: f64 = rows[4][5].parse().expect("CPU seconds");
    assert!(timed_out > 0.2, "a timeout used about its limit of CPU time: {timed_out}");
    assert_eq!(fs::read(out.join("models/ladders.csv")).ok(), Some(csv.into_bytes()), "the package carries the reach");
}

#[test]
fn the_recorded_reach_regenerates_the_same_bytes_without_a_solver() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (suite, solvers) = fixture(tmp.path(), SUITE, 4, "UNSAT");
    let a = tmp.path().join("a");
    let first = qbfgames(&["generate", s(&suite), "--out", s(&a), "--config", s(&solvers)]);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let (manifest, reach) =
        (fs::read(a.join("manifest.csv")).expect("manifest"), fs::read(a.join("ladders.csv")).expect("ladders.csv"));
    assert_eq!(runs(tmp.path()), 5);

    let again = qbfgames(&["generate", s(&suite), "--out", s(&a), "--config", s(&solvers)]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert!(text(&again.stderr).contains("no calibration"), "{}", text(&again.stderr));
    assert_eq!(runs(tmp.path()), 5, "a re-run reuses DIR/ladders.csv");
    assert_eq!(fs::read(a.join("manifest.csv")).ok().as_ref(), Some(&manifest));

    // What an unpacked package holds: models/<suite>.toml and models/ladders.csv; no solvers.
    let b = tmp.path().join("b");
    let models = a.join("models");
    let regenerated = qbfgames(&[
        "generate",
        s(&models.join("ladder.toml")),
        "--reach",
        s(&models.join("ladders.csv")),
        "--out",
        s(&b),
        "--config",
        "/nonexistent/solvers.toml",
    ]);
    assert!(regenerated.status.success(), "{}", text(&regenerated.stderr));
    assert_eq!(runs(tmp.path()), 5, "--reach runs no solver");
    assert_eq!(fs::read(b.join("manifest.csv")).ok().as_ref(), Some(&manifest), "byte-identical manifest");
    assert_eq!(fs::read(b.join("ladders.csv")).ok().as_ref(), Some(&reach));
    assert_eq!(fs::read(b.join("models/ladders.csv")).ok().as_ref(), Some(&reach));
    assert_eq!(depths(&b), ["1", "2", "3", "4", "5"]);

    let recalibrated = qbfgames(&["generate", s(&suite), "--out", s(&a), "--config", s(&solvers), "--recalibrate"]);
    assert!(recalibrated.status.success(), "{}", text(&recalibrated.stderr));
    assert_eq!(runs(tmp.path()), 10, "--recalibrate runs the solver on every rung again");
    assert_eq!(fs::read(a.join("manifest.csv")).ok().as_ref(), Some(&manifest));

    let both = qbfgames(&["generate", s(&suite), "--reach", s(&a.join("ladders.csv")), "--recalibrate"]);
    assert!(!both.status.success() && text(&both.stderr).contains("cannot be used with"), "{}", text(&both.stderr));
}

#[test]
fn a_calibration_answer_that_contradicts_the_reference_is_an_error() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (suite, solvers) = fixture(tmp.path(), SUITE, 4, "SAT");
    let out = tmp.path().join("a");
    let done = qbfgames(&["generate", s(&suite), "--out", s(&out), "--config", s(&solvers)]);
    let stderr = text(&done.stderr);
    assert!(!done.status.success());
    assert!(
        stderr.contains(
            "d=1/corplus: calibration solver `mock`: answers true, but the expected answer (by reference) is false"
        ),
        "{stderr}"
    );
    assert!(!out.join("ladders.csv").exists() && !out.join("manifest.csv").exists());
}

#[test]
fn ladder_errors_name_their_place() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (suite, solvers) = fixture(tmp.path(), SUITE, 4, "UNSAT");
    let out = tmp.path().join("a");
    assert!(qbfgames(&["generate", s(&suite), "--out", s(&out), "--config", s(&solvers)]).status.success());

    // The suite now stops later than the recorded ladder did: the file no longer matches.
    fs::write(&suite, SUITE.replace("fails = 2", "fails = 3")).expect("edit the suite");
    let stale = qbfgames(&["generate", s(&suite), "--out", s(&out), "--config", s(&solvers)]);
    let stderr = text(&stale.stderr);
    assert!(!stale.status.success());
    assert!(
        stderr.contains("ladders.csv:6:")
            && stderr.contains("before its last rung and before fails = 3")
            && stderr.contains("--recalibrate"),
        "{stderr}"
    );

    fs::write(&suite, SUITE.replace("solver = \"mock\"", "solver = \"nope\"")).expect("edit the suite");
    let unknown = qbfgames(&["generate", s(&suite), "--out", s(&tmp.path().join("b")), "--config", s(&solvers)]);
    let stderr = text(&unknown.stderr);
    assert!(!unknown.status.success());
    assert!(stderr.contains("ladder.toml:15:10: no solver `nope` in the solvers file"), "{stderr}");

    let missing =
        qbfgames(&["generate", s(&suite), "--out", s(&tmp.path().join("c")), "--config", "/nonexistent/solvers.toml"]);
    assert!(
        text(&missing.stderr).contains("calibration solvers from /nonexistent/solvers.toml"),
        "{}",
        text(&missing.stderr)
    );
}
