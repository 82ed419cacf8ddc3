//! `qbfgames run --certify` end to end with DepQBF 5.01 (`make solvers`; a missing
//! `depqbf` fails these tests): its answers on a generated suite are certified, and a
//! solver whose exit code lies about its own proof is `wrong`.

use std::path::{Path, PathBuf};

use crate::common::run_dir;

use run_dir::*;

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// HTTT 3×3 domino and el at depth 1 (BDDL, lifted) and tic-tac-toe at depth 5 (GDL, GD
/// and SD), in QDIMACS: four small formulas whose proofs DepQBF writes in milliseconds.
fn tiny_suite(dir: &Path) -> Result<PathBuf> {
    for model in ["bddl/positional/domain.ig", "bddl/httt/3x3_domino.ig", "bddl/httt/3x3_el.ig", "gdl/tictactoe.kif"] {
        let to = dir.join("games").join(model);
        std::fs::create_dir_all(to.parent().ok_or("a folder")?)?;
        std::fs::copy(repo("suite/games").join(model), to)?;
    }
    let suite = r#"name = "tiny"
[options]
expected = "reference"
expected_budget = 60
[[family]]
name = "httt"
model = "bddl"
depths = [1]
encodings = ["lifted"]
formats = ["qdimacs"]
[family.grid]
domain = "games/bddl/positional/domain.ig"
problem = "games/bddl/httt/3x3_{shape}.ig"
shape = ["domino", "el"]
[[family]]
name = "tictactoe"
model = "gdl"
depths = [5]
encodings = ["gdl-ge-gd", "gdl-sd"]
formats = ["qdimacs"]
[family.grid]
game = "games/gdl/tictactoe.kif"
"#;
    let path = dir.join("tiny.toml");
    std::fs::write(&path, suite)?;
    Ok(path)
}

#[test]
fn depqbf_answers_on_a_generated_suite_are_certified() -> Result<()> {
    let tmp = tempfile::tempdir()?;
    let suite = tiny_suite(tmp.path())?;
    let dir = tmp.path().join("out");
    let generated = qbfgames().arg("generate").arg(&suite).arg("--out").arg(&dir).args(["--jobs", "2"]).output()?;
    assert!(generated.status.success(), "generate: {}", String::from_utf8_lossy(&generated.stderr));
    let config = repo("suite/solvers.toml");
    let args = ["--config", config.to_str().unwrap_or(""), "--solvers", "depqbf", "--certify", "--timeout", "20"];
    let out = run(&dir, &[&args[..], &["--jobs", "2", "--sat-timeout", "60"]].concat())?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "exit {:?}\n{stderr}", out.status);
    let (all, _) = records(&dir)?;
    assert_eq!(all.len(), 4, "{all:#?}");
    for r in &all {
        assert_eq!(r["certificate"], "certified", "{r}");
        assert_eq!(r["status"], r["expected"], "{r}");
        assert!(r["key"].as_str().unwrap_or("").ends_with("|certify-p8192M-s60"), "{r}");
        assert!(r["cpu_s"].as_f64().is_some_and(|t| t >= 0.0), "{r}");
    }
    assert!(!dir.join(".proofs").exists(), "the proofs are gone when the run ends");
    Ok(())
}

/// `liar` runs DepQBF with its proof and swaps the exit codes 10 and 20: its answer is the
/// opposite of the one its proof shows.
const LIAR: &str = r#"
[solver.liar]
command = ["/bin/sh", "-c", "depqbf \"$1\"; c=$?; [ $c = 10 ] && exit 20; [ $c = 20 ] && exit 10; exit $c", "sh", "{input}"]
formats = ["qdimacs"]
version = "1"
trace = ["/bin/sh", "-c", "depqbf --trace --dep-man=simple --traditional-qcdcl --no-qbce-dynamic \"$1\"; c=$?; [ $c = 10 ] && exit 20; [ $c = 20 ] && exit 10; exit $c", "sh", "{input}"]

[solver.depqbf]
command = ["depqbf", "{input}"]
formats = ["qdimacs"]
version = "5"
answer_lines = { true = "SAT", false = "UNSAT", unknown = "UNKNOWN" }
trace = ["depqbf", "--trace", "--dep-man=simple", "--traditional-qcdcl", "--no-qbce-dynamic", "{input}"]

[solver.plain]
command = ["depqbf", "{input}"]
formats = ["qdimacs"]
version = "5"
answer_lines = { true = "SAT", false = "UNSAT", unknown = "UNKNOWN" }
"#;

#[test]
fn an_answer_its_own_proof_contradicts_is_wrong_and_certification_is_part_of_the_key() -> Result<()> {
    // ∀x ∃y. x ↔ y (true) and ∃y ∀x. x ↔ y (false), the expected answers unknown: only
    // the certificate can tell the liar's answers are wrong.
    let dir = instance_dir(&[
        ("toy", "p cnf 2 2\na 1 0\ne 2 0\n-1 2 0\n1 -2 0\n".to_string(), "unknown"),
        ("toy", "p cnf 2 2\ne 2 0\na 1 0\n-1 2 0\n1 -2 0\n".to_string(), "unknown"),
    ])?;
    let config = dir.path().join("solvers.toml");
    std::fs::write(&config, LIAR)?;
    let c = config.to_str().unwrap_or("");
    let out = run(dir.path(), &["--config", c, "--solvers", "liar,depqbf,plain", "--certify", "--jobs", "1"])?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "wrong answers exit 2\n{stderr}");
    assert!(stderr.contains("not certified: the answers of plain (no `trace` command"), "said once:\n{stderr}");
    assert_eq!(stderr.matches("not certified").count(), 1, "{stderr}");
    assert_eq!(stderr.matches("certificate was rejected").count(), 2, "{stderr}");
    let (all, _) = records(dir.path())?;
    let of = |solver: &str| all.iter().filter(|r| r["solver"] == solver).collect::<Vec<_>>();
    assert_eq!(status_of(&all, "liar"), ["wrong", "wrong"]);
    for r in of("liar") {
        assert_eq!((&r["status"], &r["check"]), (&"wrong".into(), &"wrong".into()), "{r}");
        let certificate = r["certificate"].as_str().unwrap_or("");
        assert!(certificate.starts_with("rejected: ") && certificate.contains("the proof is of"), "{r}");
        assert!(r["detail"].as_str().unwrap_or("").starts_with("certificate rejected: "), "{r}");
    }
    for r in of("depqbf") {
        assert_eq!(r["certificate"], "certified", "{r}");
        assert!(r["status"] == "true" || r["status"] == "false", "no conflict with a rejected answer: {r}");
    }
    for r in of("plain") {
        assert_eq!(r["certificate"], "", "{r}");
        assert!(!r["key"].as_str().unwrap_or("").contains("certify"), "{r}");
    }

    // Resume: certified cells are done; without --certify the certifiable solvers' cells
    // are other cells (their keys have no certification), run once and kept apart.
    let again = run(dir.path(), &["--config", c, "--solvers", "depqbf,plain", "--certify"])?;
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("ran 0 cell(s)"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let uncertified = run(dir.path(), &["--config", c, "--solvers", "depqbf,plain"])?;
    let stderr = String::from_utf8_lossy(&uncertified.stderr);
    assert!(uncertified.status.success(), "{stderr}");
    assert!(stderr.contains("ran 2 cell(s)") && !stderr.contains("not certified"), "{stderr}");
    let (all, count) = records(dir.path())?;
    assert_eq!(all.len(), 8);
    assert!(count.values().all(|&n| n == 1));
    let depqbf: Vec<&str> =
        all.iter().filter(|r| r["solver"] == "depqbf").map(|r| r["certificate"].as_str().unwrap_or("")).collect();
    assert_eq!(depqbf, ["certified", "certified", "", ""]);
    Ok(())
}
