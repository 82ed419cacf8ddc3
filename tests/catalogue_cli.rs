//! The catalogue, the solvers listing, JSON output and the errors a new user meets first:
//! `qbfgames list`, `qbfgames solvers`, `--format json`/`--json`, `run` on a missing folder
//! and on instances no chosen solver reads.

use std::path::Path;
use std::process::{Command, Output};

use crate::common;

use common::small_suite;

fn qbfgames(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("qbfgames runs")
}

fn stdout(output: &Output) -> String {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn the_catalogue_lists_models_with_parameters_and_examples_and_the_shipped_suites() {
    let models = stdout(&qbfgames(&["list"]));
    for needle in
        ["gttt\n", "  shape    domino|tic|", "  board    integer (required)", "gdl\n", "example (", "geography"]
    {
        assert!(models.contains(needle), "`list` shows {needle:?}:\n{models}");
    }
    let suites = stdout(&qbfgames(&["list", "suites"]));
    let checked = stdout(&qbfgames(&["suite", "check", "default"]));
    let families = checked.split("valid: ").nth(1).and_then(|t| t.split(" families").next()).unwrap_or("?");
    assert!(
        suites.lines().any(|l| l.starts_with("default ") && l.contains(&format!("{families} families"))),
        "{suites}\n{checked}"
    );
    let families = stdout(&qbfgames(&["list", "families"]));
    assert!(families.lines().any(|l| l.starts_with("corplus") && l.contains("corplus")), "{families}");
    let shapes = stdout(&qbfgames(&["list", "shapes"]));
    assert!(shapes.lines().any(|l| l == "tippy"), "{shapes}");
}

#[test]
fn solvers_lists_every_configured_tool_with_its_version_as_json_too() {
    let listing: serde_json::Value =
        serde_json::from_str(&stdout(&qbfgames(&["solvers", "--format", "json"]))).expect("JSON");
    let rows = listing.as_array().expect("an array");
    let depqbf = rows.iter().find(|r| r["name"] == "depqbf").expect("depqbf is configured");
    assert_eq!(depqbf["state"], "found", "{depqbf}");
    assert!(depqbf["version"].as_str().is_some_and(|v| v.contains("DepQBF")), "{depqbf}");
    assert!(rows.iter().any(|r| r["role"] == "preprocessor" && r["name"] == "bloqqer"), "{listing}");
}

#[test]
fn stats_and_suite_list_print_json() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/slurm-test/instances/random");
    let qdimacs = std::fs::read_dir(&file)
        .expect("fixtures")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "qdimacs"))
        .expect("a QDIMACS fixture");
    let stats: serde_json::Value =
        serde_json::from_str(&stdout(&qbfgames(&["stats", qdimacs.to_str().unwrap_or(""), "--json"]))).expect("JSON");
    assert!(stats[0]["clauses"].is_u64() && stats[0]["format"] == "qdimacs", "{stats}");
    let jobs: serde_json::Value =
        serde_json::from_str(&stdout(&qbfgames(&["suite", "list", "default", "--format", "json"]))).expect("JSON");
    let checked = stdout(&qbfgames(&["suite", "check", "default"]));
    let count: Option<usize> =
        checked.split(" families, ").nth(1).and_then(|t| t.split(" jobs").next()).and_then(|n| n.parse().ok());
    assert!(count.is_some_and(|n| n > 100), "{checked}");
    assert_eq!(jobs.as_array().map(Vec::len), count, "the default suite's jobs, by name, as `suite check` counts them");
}

#[test]
fn run_names_a_missing_folder_and_refuses_instances_no_chosen_solver_reads() {
    let missing = qbfgames(&["run", "/nonexistent/out", "--solvers", "depqbf"]);
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert!(!missing.status.success() && stderr.contains("/nonexistent/out: no such run folder"), "{stderr}");
    assert!(stderr.contains("help: `qbfgames generate SUITE --out /nonexistent/out`"), "{stderr}");

    let tmp = tempfile::tempdir().expect("a temporary directory");
    let suite = small_suite(tmp.path(), r#"["qcir"]"#, r#"["qcir"]"#);
    let out = tmp.path().join("out");
    let (s, o) = (suite.to_str().unwrap_or(""), out.to_str().unwrap_or(""));
    stdout(&qbfgames(&["generate", s, "--out", o, "--jobs", "2"]));
    let run = qbfgames(&["run", o, "--solvers", "depqbf", "--timeout", "5"]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success(), "a run of nothing fails: {stderr}");
    assert!(
        stderr.contains("is read by the chosen solvers depqbf") && stderr.contains("qute reads QCIR"),
        "says why and what to do: {stderr}"
    );
    let results = std::fs::read_to_string(out.join("results.csv")).unwrap_or_default();
    assert!(results.lines().count() <= 1, "no run is recorded:\n{results}");
}

#[test]
fn solve_prints_its_answer_as_json_with_the_same_exit_code() {
    let output = qbfgames(&[
        "solve",
        "bddl",
        "--domain",
        "suite/games/bddl/positional/domain.ig",
        "--problem",
        "suite/games/bddl/httt/3x3_tic.ig",
        "--depth",
        "7",
        "--critical",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(20), "tic has no win within 7");
    let answer: serde_json::Value =
        serde_json::from_str(&String::from_utf8_lossy(&output.stdout)).expect("one JSON object");
    assert_eq!(answer["model"], "bddl");
    assert_eq!(answer["wins"], false);
    assert_eq!(answer["limit"], 7);
    assert!(answer["critical"].is_null(), "{answer}");

    let output =
        qbfgames(&["solve", "geography", "--generate", "thesis-example", "--rounds", "5", "--critical", "--json"]);
    let answer: serde_json::Value =
        serde_json::from_str(&String::from_utf8_lossy(&output.stdout)).expect("one JSON object");
    assert_eq!(answer["unit"], "rounds");
    assert_eq!(answer["wins"], output.status.code() == Some(10), "{answer}");
    assert!(answer["critical"].is_u64() || answer["critical"].is_null(), "{answer}");
    assert!(answer["positions"].as_u64().is_some_and(|n| n > 0), "{answer}");
}

/// Issue 36, item 9: a typo in a solvers file was reported after a `help:` line that
/// suggested another file; the error now starts with `file:line:col` and the key, and the
/// help says the fix.
#[test]
fn a_typo_in_the_solvers_file_is_an_error_at_its_key_with_the_fix() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let shipped = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/solvers.toml"))
        .expect("the shipped solvers file");
    let typo = tmp.path().join("solvers.toml");
    std::fs::write(&typo, shipped.replacen("formats =", "formts =", 1)).expect("written");
    let line = 1 + shipped[..shipped.find("formats =").unwrap_or(0)].matches('\n').count();
    let output = qbfgames(&["solvers", "--config", typo.to_str().unwrap_or("")]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    let first = stderr.lines().next().unwrap_or("");
    let located = format!("error: {}:{line}:1: unknown field `formts`", typo.display());
    assert!(first.starts_with(&located), "the first line names file:line:col and the key:\n{stderr}");
    assert!(stderr.contains("help: write `formats` instead of `formts`"), "{stderr}");
    assert!(!stderr.contains("name another"), "no help about other files:\n{stderr}");
}
