//! `qbfgames strategy first-move`, run as a program in a temporary directory.

use std::path::Path;
use std::process::{Command, Output};

fn qbfgames(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).current_dir(dir).output().expect("the binary runs")
}

fn suite(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("suite").join(path).display().to_string()
}

#[test]
fn first_move_is_valid_on_true_instances_and_writes_the_map() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = qbfgames(&["strategy", "first-move", "gttt", "--shape", "el", "--board", "3", "--depth", "5", "--map", "el.json"], dir.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with("valid: "), "{stdout}");
    let map: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.path().join("el.json")).expect("the map")).expect("JSON");
    assert_eq!(map["encoding"], "corplus");

    let (domain, problem) = (suite("games/bddl/positional/domain.ig"), suite("games/bddl/httt/3x3_el.ig"));
    let out = qbfgames(&["strategy", "first-move", "bddl", "--domain", &domain, "--problem", &problem, "--depth", "5"], dir.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with("valid: occupy("), "{stdout}");
}

#[test]
fn first_move_says_when_there_is_nothing_to_check() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let hex = suite("games/hex/hein_04_3x3.hex");
    let out = qbfgames(&["strategy", "first-move", "hex", "--puzzle", &hex, "--depth", "3"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("no strategy: Black does not win within 3"));
    let out = qbfgames(&["strategy", "first-move", "gttt", "--shape", "el", "--board", "3", "--white-first", "--depth", "5"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Black does not move first"));
}
