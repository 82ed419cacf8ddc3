//! `qbfgames encode bddl` and `qbfgames solve bddl` end to end: exit codes, atomic output,
//! deterministic bytes, and errors that name the file position.

use std::path::PathBuf;
use std::process::{Command, Output};

fn games() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("suite/games/bddl")
}

fn qbfgames(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).output().expect("the binary runs")
}

fn game(domain: &str, problem: &str) -> Vec<String> {
    let path = |p: &str| games().join(p).display().to_string();
    vec!["--domain".into(), path(domain), "--problem".into(), path(problem)]
}

fn run(command: &[&str], game: &[String], extra: &[&str]) -> Output {
    let args: Vec<&str> =
        command.iter().copied().chain(game.iter().map(String::as_str)).chain(extra.iter().copied()).collect();
    qbfgames(&args)
}

#[test]
fn solve_answers_with_qbf_solver_exit_codes() {
    let el = game("positional/domain.ig", "httt/3x3_el.ig");
    assert_eq!(run(&["solve", "bddl"], &el, &[]).status.code(), Some(10));
    assert_eq!(run(&["solve", "bddl"], &el, &["--depth", "3"]).status.code(), Some(20));
    let critical = run(&["solve", "bddl"], &el, &["--critical"]);
    assert_eq!(critical.status.code(), Some(10));
    assert!(String::from_utf8_lossy(&critical.stdout).contains("depth 5: Black wins"));
}

#[test]
fn encode_writes_the_same_bytes_every_time() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bt = game("breakthrough/domain.ig", "breakthrough/2x4.ig");
    for format in ["qcir", "qdimacs"] {
        let (a, b) = (dir.path().join(format!("a.{format}")), dir.path().join(format!("b.{format}")));
        for out in [&a, &b] {
            let out = out.display().to_string();
            let o = run(&["encode", "bddl"], &bt, &["--depth", "5", "--format", format, "-o", &out]);
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        }
        let (a, b) = (std::fs::read(a).expect("written"), std::fs::read(b).expect("written"));
        assert_eq!(a, b);
        let head = if format == "qcir" { "#QCIR-G14" } else { "c " };
        assert!(a.starts_with(head.as_bytes()));
    }
}

#[test]
fn bad_input_fails_with_the_position_and_no_output() {
    let dir = tempfile::tempdir().expect("temp dir");
    let problem = dir.path().join("bad.ig");
    std::fs::write(&problem, "#boardsize\n3 3\n#depth\n3\n#blackgoal\nblack(?x,?z)\n").expect("write");
    let out = dir.path().join("out.qcir");
    let domain = games().join("positional/domain.ig").display().to_string();
    let o = qbfgames(&[
        "encode",
        "bddl",
        "--domain",
        &domain,
        "--problem",
        &problem.display().to_string(),
        "-o",
        &out.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.ig:6:10:") && err.contains("help:"), "{err}");
    assert!(!out.exists());
}

/// Issue 36, item 11: under BDDL rules the player to move on a full board loses, so
/// tic-tac-toe at depth 10 is "won" by Black though the game is a draw; `encode` and
/// `solve` warn when a game that only fills cells is asked past a full board.
#[test]
fn a_depth_past_a_full_board_is_warned_about() {
    let tic = game("positional/domain.ig", "httt/3x3_tic.ig");
    let past = "warning: ";
    let solved = run(&["solve", "bddl"], &tic, &["--depth", "10"]);
    let stderr = String::from_utf8_lossy(&solved.stderr);
    assert!(stderr.contains(past) && stderr.contains("depth 10 goes past a full board (after 9 plies)"), "{stderr}");
    assert!(stderr.contains("help: use a depth of at most 9"), "{stderr}");
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let out = tmp.path().join("tic.qcir");
    let encoded = run(&["encode", "bddl"], &tic, &["--depth", "10", "-o", out.to_str().unwrap_or("")]);
    assert!(encoded.status.success() && out.is_file(), "a warning, not an error");
    assert!(String::from_utf8_lossy(&encoded.stderr).contains("goes past a full board"));
    let full = run(&["encode", "bddl"], &tic, &["--depth", "9", "-o", out.to_str().unwrap_or("")]);
    assert!(!String::from_utf8_lossy(&full.stderr).contains(past), "depth 9 fills the board exactly");
    let breakthrough =
        run(&["solve", "bddl"], &game("breakthrough/domain.ig", "breakthrough/2x4.ig"), &["--depth", "11"]);
    assert!(
        !String::from_utf8_lossy(&breakthrough.stderr).contains(past),
        "moves that open cells never fill the board"
    );
}
