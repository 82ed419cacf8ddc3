//! Issue 36, item 6: a reader that closes early (`qbfgames list games | head -1`) made
//! commands panic with "failed printing to stdout: Broken pipe" (exit 101) or print an
//! error (exit 1). A closed standard output ends every command quietly with exit code 0,
//! as in ripgrep. Each command here writes into a pipe whose reading end is closed before
//! it starts, so its first write fails.

use std::path::Path;
use std::process::{Command, Stdio};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs `command` (through `sh -c`, so that `2>&1` can join standard error to the pipe)
/// with standard output a pipe closed at its reading end; returns the exit code and what
/// went to standard error when it is not joined.
fn into_closed_pipe(command: &str) -> (Option<i32>, String) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("exec {} {command}", env!("CARGO_BIN_EXE_qbfgames")))
        .current_dir(ROOT)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("qbfgames runs");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("qbfgames ends");
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn every_listing_command_ends_quietly_when_its_reader_closes_early() {
    let qdimacs = std::fs::read_dir(Path::new(ROOT).join("suite/slurm-test/instances/random"))
        .expect("fixtures")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "qdimacs"))
        .expect("a QDIMACS fixture");
    let file = qdimacs.display();
    let small = "reports/tests/fixtures/small";
    let tic = "--domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_tic.ig";
    let commands = [
        "list".to_string(),
        "list models".into(),
        "list suites".into(),
        "list families".into(),
        "list games".into(),
        "list shapes".into(),
        "list puzzles".into(),
        "suite list default".into(),
        "suite list default --format json".into(),
        "suite check demo".into(),
        "solvers".into(),
        "solvers --format json".into(),
        format!("stats {file}"),
        format!("stats {file} --json"),
        format!("hash {file}"),
        format!("compare {small} {small}"),
        format!("compare {small} {small} 2>&1"),
        "completions bash".into(),
        format!("solve bddl {tic} --depth 5 --critical"),
        format!("encode bddl {tic} --depth 5 -o -"),
        format!("encode bddl {tic} --depth 5 --format qdimacs -o - 2>&1"),
    ];
    for command in &commands {
        let (code, stderr) = into_closed_pipe(command);
        assert_eq!(code, Some(0), "`qbfgames {command}` into a closed pipe: {stderr}");
        let noisy = ["error", "panicked", "Broken pipe"].into_iter().find(|word| stderr.contains(word));
        assert!(noisy.is_none(), "`qbfgames {command}` ends quietly: {stderr}");
    }
}
