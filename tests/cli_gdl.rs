//! `qbfgames encode gdl` and `qbfgames solve gdl` end to end: exit codes, output files,
//! error messages.

use std::path::PathBuf;
use std::process::{Command, Output};

fn qbfgames(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).output().unwrap_or_else(|e| panic!("running qbfgames: {e}"))
}

fn game(name: &str) -> String {
    format!("{}/suite/games/gdl/{name}.kif", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn solve_exits_10_on_a_win_and_20_otherwise() {
    let c3 = game("connect3-4x4");
    assert_eq!(qbfgames(&["solve", "gdl", "--game", &c3, "--depth", "9"]).status.code(), Some(10));
    assert_eq!(qbfgames(&["solve", "gdl", "--game", &c3, "--depth", "8"]).status.code(), Some(20));
    let out = qbfgames(&["solve", "gdl", "--game", &c3, "--depth", "12", "--critical"]);
    assert_eq!(out.status.code(), Some(10));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "xplayer wins within 9 steps and not within 8");
}

#[test]
fn encode_writes_a_qdimacs_file_that_names_no_directory() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out: PathBuf = dir.path().join("c3.qdimacs");
    let path = out.display().to_string();
    let run = qbfgames(&[
        "encode",
        "gdl",
        "--game",
        &game("connect3-4x4"),
        "--depth",
        "9",
        "--encoding",
        "sd",
        "--prefix",
        "gd",
        "-o",
        &path,
    ]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let text = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}"));
    assert!(text.starts_with("c GDL game connect3-4x4.kif, depth 9, encoding sd, prefix gd"), "{}", &text[..80]);
    assert!(!text.contains(env!("CARGO_MANIFEST_DIR")));
}

/// Without `--encoding`, the game's structure chooses: SD for a turn-taking game, GE with
/// a witness position for Dots and Boxes, named in the header and the summary line.
#[test]
fn encode_chooses_the_encoding_by_the_game_structure_and_says_why() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cases = [
        (
            "connect3-4x4",
            "7",
            "encoding sd, prefix gd, chosen by the game's structure (strictly turn-taking: at each of the 7 steps",
        ),
        (
            "dots-and-boxes-1x2",
            "6",
            "encoding ge, prefix gd, chosen by the game's structure (not strictly turn-taking: at step 5, ",
        ),
    ];
    for (name, depth, chosen) in cases {
        let path = dir.path().join(format!("{name}.qdimacs")).display().to_string();
        let run = qbfgames(&["encode", "gdl", "--game", &game(name), "--depth", depth, "-o", &path]);
        let summary = String::from_utf8_lossy(&run.stderr);
        assert!(run.status.success(), "{summary}");
        assert!(
            summary.starts_with(chosen) && summary.contains("; ") && summary.contains(" quantifier blocks"),
            "{summary}"
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        let header: Vec<&str> = text.lines().take_while(|l| l.starts_with('c')).collect();
        assert!(header[1].starts_with(&format!("c {chosen}")), "{header:?}");
        let again = qbfgames(&["encode", "gdl", "--game", &game(name), "--depth", depth]);
        assert_eq!(again.stdout, text.as_bytes(), "{name}: the same input must give the same bytes");
    }
}

#[test]
fn errors_name_the_file_position_and_exit_1() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let bad = dir.path().join("bad.kif");
    std::fs::write(&bad, "(role a) (role b)\n(<= (next (p ?x)) (true (q)))\n").unwrap_or_else(|e| panic!("{e}"));
    let run = qbfgames(&["encode", "gdl", "--game", &bad.display().to_string(), "--depth", "3"]);
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("bad.kif:2:5: unsafe rule"), "{err}");
    let dab = game("dots-and-boxes-2x2");
    let run = qbfgames(&["encode", "gdl", "--game", &dab, "--depth", "8", "--encoding", "sd"]);
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("(sd) does not apply: not strictly turn-taking: at step") && err.contains("use --encoding ge"),
        "{err}"
    );
    let run = qbfgames(&["solve", "gdl", "--game", &dab, "--depth", "2", "--first", "nobody"]);
    assert!(String::from_utf8_lossy(&run.stderr).contains("its roles are xplayer, oplayer"));
}

#[test]
fn encode_gdl_asp_writes_the_temporal_extension_and_names_errors() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out: PathBuf = dir.path().join("ttt.lp");
    let path = out.display().to_string();
    let run = qbfgames(&["encode", "gdl-asp", "--game", &game("tictactoe"), "--depth", "3", "-o", &path]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let text = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains("GDL game tictactoe.kif,") && !text.contains(env!("CARGO_MANIFEST_DIR")), "{text}");
    assert!(text.contains("#const tmax = 3.\n") && text.contains("1 { does(R,M,T) : legal(R,M,T) } 1"), "{text}");
    let bad = dir.path().join("bad.kif");
    std::fs::write(&bad, "(role a) (role b)\n(<= (next (p ?x)) (true (q)))\n").unwrap_or_else(|e| panic!("{e}"));
    let run = qbfgames(&["encode", "gdl-asp", "--game", &bad.display().to_string(), "--depth", "3"]);
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("bad.kif:2:5: unsafe rule"), "{err}");
}
