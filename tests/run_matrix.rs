//! `qbfgames run` end to end: real solvers on small instances, fake solvers that burn
//! CPU, hog memory or print garbage, and a harness killed with SIGKILL mid-run.
//!
//! The real solvers are those `make solvers` installs (`make test` runs it first); a
//! missing one fails these tests.

use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::run_dir;

use run_dir::*;

fn repo_solvers() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/solvers.toml")
}

/// ∀x ∃y. x ↔ y (true) and ∃y ∀x. x ↔ y (false).
fn toy() -> Vec<(&'static str, String, &'static str)> {
    vec![
        ("toy", "p cnf 2 2\na 1 0\ne 2 0\n-1 2 0\n1 -2 0\n".to_string(), "true"),
        ("toy", "p cnf 2 2\ne 2 0\na 1 0\n-1 2 0\n1 -2 0\n".to_string(), "false"),
    ]
}

/// A random ∃∀∃ 3-QBF (a fixed linear congruential sequence, so the same every run):
/// 120 variables, 4 of them universal, 420 clauses: solved by DepQBF in milliseconds,
/// true or false depending on the seed, and rewritten (not solved) by Bloqqer.
fn random_qbf(seed: u64) -> String {
    let mut s = seed;
    let mut next = |m: u64| {
        s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (s >> 33) % m
    };
    let (vars, clauses) = (120u64, 420);
    let list = |r: std::ops::RangeInclusive<u64>| r.map(|v| v.to_string()).collect::<Vec<_>>().join(" ");
    let mut text =
        format!("p cnf {vars} {clauses}\ne {} 0\na {} 0\ne {} 0\n", list(1..=40), list(41..=44), list(45..=vars));
    for _ in 0..clauses {
        let lits: Vec<String> =
            (0..3).map(|_| format!("{}{}", if next(2) == 0 { "-" } else { "" }, next(vars) + 1)).collect();
        text.push_str(&format!("{} 0\n", lits.join(" ")));
    }
    text
}

#[test]
fn real_solvers_and_bloqqer_agree_with_the_expected_answers() -> Result<()> {
    let mut formulas = toy();
    formulas.extend((1..=4).map(|seed| ("random", random_qbf(seed), "unknown")));
    let dir = instance_dir(&formulas)?;
    let config = repo_solvers();
    let out = run(
        dir.path(),
        &[
            "--config",
            config.to_str().unwrap_or(""),
            "--solvers",
            "depqbf,depqbf6,caqe,qute,rareqs,qfun",
            "--preprocessors",
            "none,bloqqer",
            "--timeout",
            "20",
            "--jobs",
            "2",
        ],
    )?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "exit {:?}\n{stderr}", out.status);
    let (all, count) = records(dir.path())?;
    assert_eq!(all.len(), 6 * 2 * 6, "every cell once");
    assert!(count.values().all(|&c| c == 1));
    for r in &all {
        let status = r["status"].as_str().unwrap_or("");
        assert!(status == "true" || status == "false", "every small instance is solved: {r}");
        if r["expected"] != "unknown" {
            assert_eq!(r["status"], r["expected"], "{r}");
        }
    }
    let rewritten = all.iter().filter(|r| r["pre_status"] == "rewritten").count();
    assert!(rewritten > 0, "some instance reached a solver through Bloqqer's output");
    Ok(())
}

#[test]
fn a_disagreement_is_loud_and_fails_the_run() -> Result<()> {
    let mut formulas = toy();
    formulas[0].2 = "false";
    let dir = instance_dir(&formulas)?;
    let config = repo_solvers();
    let out = run(dir.path(), &["--config", config.to_str().unwrap_or(""), "--solvers", "depqbf", "--timeout", "20"])?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("WRONG: none+depqbf says true on"), "{stderr}");
    Ok(())
}

const FAKES: &str = r#"
[solver.burner]
command = ["/bin/sh", "-c", "while :; do :; done", "sh", "{input}"]
formats = ["qdimacs"]
version = "1"

[solver.hog]
command = ["python3", "-c", "b = []\nwhile True: b.append(bytearray(1 << 20))", "{input}"]
formats = ["qdimacs"]
version = "1"

[solver.garbage]
command = ["/bin/sh", "-c", "echo 'lorem SAT ipsum'; echo UNSATISFIED; exit 10", "sh", "{input}"]
formats = ["qdimacs"]
version = "1"
answer_lines = { true = "SAT", false = "UNSAT" }

[solver.crash]
command = ["/bin/sh", "-c", "echo SAT; kill -SEGV $$", "sh", "{input}"]
formats = ["qdimacs"]
version = "1"
answer_lines = { true = "SAT", false = "UNSAT" }

[solver.slow]
command = ["/bin/sh", "-c", "sleep 0.2; echo SAT; exit 10", "sh", "{input}"]
formats = ["qdimacs"]
version = "1"
answer_lines = { true = "SAT", false = "UNSAT" }
"#;

fn fakes(dir: &Path) -> Result<PathBuf> {
    let path = dir.join("fakes.toml");
    std::fs::write(&path, FAKES)?;
    Ok(path)
}

#[test]
fn burners_hogs_and_garbage_never_become_answers() -> Result<()> {
    let dir = instance_dir(&toy()[..1])?;
    let config = fakes(dir.path())?;
    let start = Instant::now();
    let c = config.to_str().unwrap_or("");
    // The hog gets a generous time limit: on a loaded machine it must still reach its
    // memory limit before its time limit.
    for (solvers, timeout) in [("burner", "1"), ("hog,garbage,crash", "30")] {
        let out = run(
            dir.path(),
            &["--config", c, "--solvers", solvers, "--timeout", timeout, "--memory", "256M", "--jobs", "2"],
        )?;
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let (all, _) = records(dir.path())?;
    assert_eq!(status_of(&all, "burner"), ["timeout"]);
    assert_eq!(status_of(&all, "hog"), ["memout"], "{all:?}");
    assert_eq!(status_of(&all, "garbage"), ["error"]);
    assert_eq!(status_of(&all, "crash"), ["error"]);
    let burner = all.iter().find(|r| r["solver"] == "burner").ok_or("no burner record")?;
    let cpu = burner["cpu_s"].as_f64().unwrap_or(99.0);
    assert!((0.5..1.2).contains(&cpu), "the burner is stopped at its CPU limit: {burner}");
    assert!(start.elapsed() < Duration::from_secs(60));
    Ok(())
}

#[test]
fn sigkill_mid_run_loses_nothing_finished_and_duplicates_nothing() -> Result<()> {
    let formulas: Vec<(&str, String, &str)> =
        (0..16).map(|i| ("slow", format!("c {i}\np cnf 1 1\ne 1 0\n1 0\n"), "true")).collect();
    let dir = instance_dir(&formulas)?;
    let config = fakes(dir.path())?;
    let args = [
        "run",
        dir.path().to_str().unwrap_or(""),
        "--config",
        config.to_str().unwrap_or(""),
        "--solvers",
        "slow",
        "--timeout",
        "10",
        "--jobs",
        "2",
    ];
    let jsonl = dir.path().join("results.jsonl");
    let mut before_kill = Vec::new();
    for wanted in [3, 9] {
        let mut child =
            qbfgames().args(args).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null()).spawn()?;
        let deadline = Instant::now() + Duration::from_secs(30);
        while std::fs::read_to_string(&jsonl).unwrap_or_default().lines().count() < wanted && Instant::now() < deadline
        {
            std::thread::sleep(Duration::from_millis(5));
        }
        child.kill()?; // SIGKILL
        child.wait()?;
        before_kill.push(std::fs::read_to_string(&jsonl)?);
    }
    let out = qbfgames().args(args).stdin(Stdio::null()).output()?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let after = std::fs::read_to_string(&jsonl)?;
    for snapshot in &before_kill {
        let complete = &snapshot[..snapshot.rfind('\n').map_or(0, |i| i + 1)];
        assert!(after.starts_with(complete), "records finished before the kill are kept as they were");
    }
    let (all, count) = records(dir.path())?;
    assert_eq!(all.len(), 16, "every cell exactly once");
    assert!(count.values().all(|&c| c == 1), "{count:?}");
    assert!(status_of(&all, "slow").iter().all(|s| s == "true"));
    let csv = std::fs::read_to_string(dir.path().join("results.csv"))?;
    assert_eq!(csv.lines().count(), 17);
    Ok(())
}

#[test]
fn bad_flags_and_manifests_are_named() -> Result<()> {
    let dir = instance_dir(&toy())?;
    let config = repo_solvers();
    let c = config.to_str().unwrap_or("");
    let err = |out: Output| String::from_utf8_lossy(&out.stderr).to_string();
    let e = err(run(dir.path(), &["--config", c, "--solvers", "nosuch"])?);
    assert!(e.contains("--solvers: unknown name `nosuch`") && e.contains("help: choose from caqe"), "{e}");
    let e = err(run(dir.path(), &["--config", c, "--memory", "lots"])?);
    assert!(e.contains("invalid memory size `lots`"), "{e}");
    std::fs::write(dir.path().join("manifest.csv"), "id,format\n")?;
    let e = err(run(dir.path(), &["--config", c])?);
    assert!(e.contains("manifest.csv:1:1: missing column `gbd_id`"), "{e}");
    Ok(())
}
