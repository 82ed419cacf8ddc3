//! `qbfgames frontier`: the escalation after a calibration pass runs only the frontier
//! (rungs no run solved), each with one configuration, at the longer limits, and never
//! spends more CPU than its budget.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn qbfgames(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).output().expect("qbfgames runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// (instance, configuration, timeout, status) of every record of `results.jsonl`.
fn records(dir: &Path) -> Vec<(String, String, f64, String)> {
    let text = fs::read_to_string(dir.join("results.jsonl")).expect("results.jsonl");
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a record");
            let field = |k: &str| v[k].as_str().unwrap_or_default().to_string();
            (
                field("instance"),
                format!("{}+{}", field("preprocessor"), field("solver")),
                v["timeout_s"].as_f64().expect("a timeout"),
                field("status"),
            )
        })
        .collect()
}

#[test]
fn the_frontier_runs_unsolved_rungs_at_longer_limits_within_its_budget() {
    let tmp = tempfile::tempdir().expect("tmp");
    let suite = tmp.path().join("ladder.toml");
    fs::write(
        &suite,
        r#"name = "ladder"
[options]
expected = "reference-or-unknown"
expected_budget = 20
[[family]]
name = "connect"
model = "bddl"
encodings = ["lifted"]
formats = ["qdimacs"]
[[family.point]]
domain = "games/bddl/connect/domain.ig"
problem = "games/bddl/connect/4x4_connect3.ig"
depths = [3, 5, 7, 9, 11, 13]
"#,
    )
    .expect("suite");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/games/bddl/connect");
    let games = tmp.path().join("games/bddl/connect");
    fs::create_dir_all(&games).expect("mkdir");
    for file in ["domain.ig", "4x4_connect3.ig"] {
        fs::copy(repo.join(file), games.join(file)).expect("copy a model");
    }
    let dir = tmp.path().join("out");
    let generated = qbfgames(&["generate", s(&suite), "--out", s(&dir)]);
    assert!(generated.status.success(), "{}", text(&generated.stderr));

    let ran = qbfgames(&["run", s(&dir), "--solvers", "depqbf,caqe", "--preprocessors", "none", "--timeout", "0.2"]);
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    let calibration = records(&dir);
    let solved: BTreeSet<String> =
        calibration.iter().filter(|r| r.3 == "true" || r.3 == "false").map(|r| r.0.clone()).collect();

    let frontier = qbfgames(&["frontier", s(&dir), "--budget", "6", "--limits", "1,2", "--competition-limit", "60"]);
    assert!(frontier.status.success(), "{}", text(&frontier.stderr));
    let summary = text(&frontier.stdout);
    let spent: f64 = summary
        .split(" of 6 CPU s spent")
        .next()
        .and_then(|s| s.rsplit(", ").next())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or_else(|| panic!("no budget line: {summary}"));
    assert!(spent <= 6.0, "within the budget: {summary}");
    let after = records(&dir);
    let new: Vec<&(String, String, f64, String)> = after.iter().filter(|r| r.2 > 0.2).collect();
    assert!(new.iter().all(|r| r.2 == 1.0 || r.2 == 2.0), "only the frontier's limits: {new:?}");
    assert!(new.iter().all(|r| !solved.contains(&r.0)), "a rung some run solved is not the frontier: {new:?}");
    let per_cell: BTreeSet<(&str, u64)> = new.iter().map(|r| (r.0.as_str(), r.2.to_bits())).collect();
    assert_eq!(per_cell.len(), new.len(), "one configuration per rung and limit: {new:?}");
    if calibration.iter().any(|r| r.3 == "timeout") {
        assert!(!new.is_empty(), "rungs ran out of 0.2 s, so the frontier runs: {}", text(&frontier.stderr));
    }

    let broke = qbfgames(&["frontier", s(&dir), "--budget", "0.5", "--limits", "1"]);
    assert!(broke.status.success(), "{}", text(&broke.stderr));
    assert!(text(&broke.stdout).contains("0 run(s)"), "a budget below the limit runs nothing: {}", text(&broke.stdout));
}
