//! `qbfgames encode|solve|strategy|play geography` end to end: every encoding and format
//! solved by DepQBF agrees with the reference solver, errors are located, the thesis's
//! first move is node 1.

use std::path::Path;
use std::process::{Command, Output};

fn qbfgames(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).output().unwrap_or_else(|e| panic!("running qbfgames: {e}"))
}

fn example() -> String {
    format!("{}/suite/games/geography/thesis-example.txt", env!("CARGO_MANIFEST_DIR"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// DepQBF's exit code (10 true, 20 false) on a QDIMACS file.
fn depqbf(file: &Path) -> Option<i32> {
    let out = Command::new("depqbf").arg(file).output().unwrap_or_else(|e| panic!("running depqbf: {e}"));
    out.status.code()
}

/// Encodes `game` in every encoding and format and checks DepQBF against `solve geography`.
fn agrees(dir: &Path, game: &[&str]) {
    let solved = qbfgames(&[&["solve", "geography"], game].concat());
    let expected = solved.status.code();
    assert!(matches!(expected, Some(10 | 20)), "{game:?}: {}", text(&solved.stderr));
    for encoding in ["onehot", "compact"] {
        for format in ["qcir", "qdimacs"] {
            let out = dir.join(format!("g.{format}"));
            let path = out.display().to_string();
            let flags = ["--encoding", encoding, "--format", format, "-o", &path];
            let run = qbfgames(&[&["encode", "geography"], game, &flags].concat());
            assert!(run.status.success(), "{game:?} {encoding} {format}: {}", text(&run.stderr));
            let qdimacs = dir.join("g-converted.qdimacs");
            if format == "qcir" {
                let converted = qbfgames(&["convert", &path, "--output", &qdimacs.display().to_string()]);
                assert!(converted.status.success(), "{}", text(&converted.stderr));
            }
            let file = if format == "qcir" { qdimacs } else { out };
            assert_eq!(depqbf(&file), expected, "{game:?} {encoding} {format}");
        }
    }
}

#[test]
fn every_encoding_and_format_agrees_with_the_reference_solver() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let graph = example();
    for variant in ["thesis", "last-mover"] {
        for rounds in ["1", "2", "3", "4", "5"] {
            agrees(dir.path(), &["--graph", &graph, "--variant", variant, "--rounds", rounds]);
        }
        for rounds in ["3", "6"] {
            let gnm = ["--generate", "gnm", "--n", "9", "--m", "25", "--graph-seed", "3"];
            agrees(dir.path(), &[&gnm[..], &["--variant", variant, "--rounds", rounds]].concat());
        }
    }
}

#[test]
fn solve_exits_10_on_a_win_and_20_otherwise() {
    let graph = example();
    let thesis = qbfgames(&["solve", "geography", "--graph", &graph]);
    assert_eq!(thesis.status.code(), Some(10), "{}", text(&thesis.stderr));
    assert_eq!(text(&thesis.stdout).lines().next(), Some("the first player can force a win within 3 rounds"));
    let last = qbfgames(&["solve", "geography", "--graph", &graph, "--variant", "last-mover"]);
    assert_eq!(last.status.code(), Some(20), "{}", text(&last.stderr));
    let two = qbfgames(&["solve", "geography", "--generate", "thesis-example", "--rounds", "2"]);
    assert_eq!(two.status.code(), Some(10));
}

#[test]
fn a_malformed_graph_is_a_located_error_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "3\n0 1\n1 x\n").unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("out.qcir");
    let run =
        qbfgames(&["encode", "geography", "--graph", &bad.display().to_string(), "-o", &out.display().to_string()]);
    assert_ne!(run.status.code(), Some(0));
    let err = text(&run.stderr);
    assert!(err.contains("bad.txt:3:3"), "{err}");
    assert!(!out.exists());
    let solve = qbfgames(&["solve", "geography", "--graph", &bad.display().to_string()]);
    assert!(!matches!(solve.status.code(), Some(0 | 10 | 20)), "{}", text(&solve.stdout));
    let generated =
        qbfgames(&["solve", "geography", "--generate", "gnp", "--n", "5", "--graph-seed", "1", "--rounds", "3"]);
    assert!(text(&generated.stderr).contains("--generate gnp needs --p"), "{}", text(&generated.stderr));
}

#[test]
fn the_thesis_example_s_first_move_is_node_1() {
    for encoding in ["onehot", "compact"] {
        let run = qbfgames(&["strategy", "first-move", "geography", "--graph", &example(), "--encoding", encoding]);
        assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
        assert_eq!(text(&run.stdout).trim(), "valid: 1");
    }
}

#[test]
fn play_keeps_the_promise_against_every_reply() {
    let graph = example();
    let white = qbfgames(&["play", "geography", "--graph", &graph, "--auto", "--all"]);
    assert_eq!(white.status.code(), Some(0), "{}{}", text(&white.stdout), text(&white.stderr));
    let black = qbfgames(&[
        "play",
        "geography",
        "--graph",
        &graph,
        "--variant",
        "last-mover",
        "--as",
        "black",
        "--auto",
        "--all",
    ]);
    assert_eq!(black.status.code(), Some(0), "{}{}", text(&black.stdout), text(&black.stderr));
}
