//! `qbfgames encode|solve pg|gttt|hex`, run as a program in a temporary directory.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn qbfgames(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).current_dir(dir).output().expect("the binary runs")
}

fn suite(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("suite").join(path).display().to_string()
}

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

#[test]
fn solve_answers_with_exit_codes_and_the_critical_depth() {
    let dir = temp();
    let hex = suite("games/hex/hein_04_3x3.hex");
    let out = qbfgames(&["solve", "hex", "--puzzle", &hex, "--critical"], dir.path());
    assert_eq!(out.status.code(), Some(10));
    assert!(String::from_utf8_lossy(&out.stdout).contains("critical depth 5"));
    let out = qbfgames(&["solve", "hex", "--puzzle", &hex, "--depth", "3"], dir.path());
    assert_eq!(out.status.code(), Some(20));
    let out = qbfgames(&["solve", "gttt", "--shape", "tic", "--board", "3", "--pq", "1,1"], dir.path());
    assert_eq!(out.status.code(), Some(20));
}

#[test]
fn encode_writes_qdimacs_and_bddl_deterministically() {
    let dir = temp();
    let hex = suite("games/hex/hein_09_4x4.hex");
    for out in ["a.qdimacs", "b.qdimacs"] {
        let run = qbfgames(
            &["encode", "hex", "--puzzle", &hex, "--depth", "7", "-o", out, "--emit-bddl", "bddl"],
            dir.path(),
        );
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    }
    let read = |p: &str| std::fs::read(dir.path().join(p)).expect("written");
    assert_eq!(read("a.qdimacs"), read("b.qdimacs"));
    assert!(
        String::from_utf8_lossy(&read("a.qdimacs")).starts_with("c COR+ encoding of hein_09_4x4.hex, depth 7\np cnf ")
    );
    assert!(String::from_utf8_lossy(&read("bddl/domain.bddl")).contains(":action occupy"));
    assert!(String::from_utf8_lossy(&read("bddl/problem.bddl")).contains("#depth\n7\n"));
}

#[test]
fn bad_input_is_an_error_naming_the_place_and_the_fix() {
    let dir = temp();
    let pg: PathBuf = dir.path().join("bad.pg");
    std::fs::write(&pg, "#times\nt1\n#positionz\na1\n").expect("write");
    let out = qbfgames(&["encode", "pg", "bad.pg"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.pg:3:1: unknown section word `#positionz`"), "{err}");
    let out = qbfgames(&["encode", "gttt", "--shape", "blob", "--board", "3"], dir.path());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--shape blob"));
}

#[test]
fn a_depth_beyond_the_pg_file_is_an_error_at_its_times_line_naming_the_flag() {
    let dir = temp();
    std::fs::write(
        dir.path().join("short.pg"),
        "% two moves\n#positions a1 a2\n#times\nt1 t2\n#blackturns t1\n#blackwins\na1 a2\n",
    )
    .expect("write");
    for command in ["encode", "solve"] {
        let out = qbfgames(&[command, "pg", "short.pg", "--depth", "5"], dir.path());
        assert_eq!(out.status.code(), Some(1), "{command}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("short.pg:3:1: --depth 5 asks for more time points than the 2 the file lists under #times")
                && err.contains("  3 | #times\n")
                && err.contains("help: lower --depth to at most 2, or list more time points under #times"),
            "{command}: {err}"
        );
    }
}

#[test]
fn hex_under_cor_plus_and_the_lifted_encoding_gets_the_same_depqbf_verdicts() {
    let dir = temp();
    let hex = suite("games/hex/hein_09_4x4.hex");
    let depqbf = harness::solver("depqbf").expect("depqbf installed by `make test`");
    // Table 7: hein09 is won at depth 7, not at 5.
    for (depth, want) in [("5", contract::Verdict::False), ("7", contract::Verdict::True)] {
        for encoding in ["corplus", "lifted"] {
            let file = format!("{encoding}-{depth}.qdimacs");
            let run = qbfgames(
                &["encode", "hex", "--puzzle", &hex, "--depth", depth, "--encoding", encoding, "-o", &file],
                dir.path(),
            );
            assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
            let bytes = std::fs::read(dir.path().join(&file)).expect("written");
            let answer =
                harness::solve_qdimacs(&depqbf, &bytes, std::time::Duration::from_secs(60)).expect("depqbf runs");
            assert_eq!(answer, harness::Outcome::Solved(want), "{encoding} at depth {depth}");
        }
    }
}
