//! `qbfgames certify` end to end with DepQBF's traces: game instances are certified with
//! the reference solver's answer and the exit codes 10 / 20; the certificate is written
//! as AIGER; what cannot be certified says why and exits 1.

use std::path::Path;
use std::process::{Command, Output};

fn qbfgames(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("running qbfgames: {e}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Encodes a geography game and answers it with the reference solver.
fn geography(dir: &Path, game: &[&str]) -> (String, i32) {
    let path = dir.join(format!("g{}.qdimacs", game.join("-").replace(['/', '.'], "_"))).display().to_string();
    let run = qbfgames(&[&["encode", "geography"], game, &["--format", "qdimacs", "-o", &path]].concat());
    assert!(run.status.success(), "{}", text(&run.stderr));
    let solved = qbfgames(&[&["solve", "geography"], game].concat());
    (path, solved.status.code().expect("an exit code"))
}

#[test]
fn game_instances_are_certified_with_the_reference_answer() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let scratch = dir.path().display().to_string();
    let mut seen = Vec::new();
    for seed in ["3", "5", "6", "7", "8", "9"] {
        let game = ["--generate", "gnp", "--n", "9", "--p", "0.3", "--graph-seed", seed, "--rounds", "7"];
        let (path, expected) = geography(dir.path(), &game);
        let aag = dir.path().join("c.aag");
        let run = qbfgames(&["certify", &path, "--scratch", &scratch, "--certificate", &aag.display().to_string()]);
        let out = text(&run.stdout);
        assert_eq!(run.status.code(), Some(expected), "{out}{}", text(&run.stderr));
        let word = if expected == 10 { "certified true" } else { "certified false" };
        assert!(out.starts_with(word) && out.contains("proof") && out.contains("and-gates"), "{out}");
        let aiger = std::fs::read_to_string(&aag).expect("the certificate");
        assert!(aiger.starts_with("aag "), "{aiger}");
        seen.push(expected);
    }
    assert!(seen.contains(&10) && seen.contains(&20), "both answers are exercised: {seen:?}");
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .expect("listing")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(".proof-"))
        .collect();
    assert!(left.is_empty(), "proof files are removed: {left:?}");
}

#[test]
fn what_cannot_be_certified_says_why() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let scratch = dir.path().display().to_string();
    let game = ["--generate", "gnp", "--n", "9", "--p", "0.3", "--graph-seed", "5", "--rounds", "7"];
    let (path, _) = geography(dir.path(), &game);
    let run = qbfgames(&["certify", &path, "--solver", "caqe", "--scratch", &scratch]);
    assert_eq!(run.status.code(), Some(1));
    let err = text(&run.stderr);
    assert!(err.contains("no `trace` command") && err.contains("help: use --solver depqbf"), "{err}");
    let run = qbfgames(&["certify", &path, "--max-proof", "100", "--scratch", &scratch]);
    assert_eq!(run.status.code(), Some(1));
    let out = text(&run.stdout);
    assert!(out.starts_with("uncertified") && out.contains("--max-proof"), "{out}");
    let bad = dir.path().join("bad.qdimacs");
    std::fs::write(&bad, "p cnf 2 1\ne 1 0\n1 3 0\n").expect("writing");
    let run = qbfgames(&["certify", &bad.display().to_string(), "--scratch", &scratch]);
    assert_eq!(run.status.code(), Some(1));
    assert!(text(&run.stderr).contains("bad.qdimacs:3:"), "{}", text(&run.stderr));
}
