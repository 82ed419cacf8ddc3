//! `qbfgames compare` end to end: one small suite generated once, copied, run with DepQBF in
//! one folder and with a liar named `depqbf` in the other (it says true to every formula,
//! as a broken build of a solver might); the liar's false answers must be listed first as
//! conflicts, and the command must fail. A folder compared with itself agrees.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use crate::common;

use common::small_suite;

/// The solvers file of the liar: `depqbf` by name, so that its configuration
/// (`none+depqbf`) meets DepQBF's in the other folder.
const LIAR: &str = r#"[solver.depqbf]
description = "a liar: says true to every formula, at once"
command = ["/bin/sh", "-c", "echo SAT; exit 10", "sh", "{input}"]
formats = ["qdimacs"]
version = "liar 1"
answer_lines = { true = "SAT", false = "UNSAT" }
"#;

fn qbfgames(args: &[&dyn AsRef<OsStr>]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args.iter().map(|a| a.as_ref())).output().expect("qbfgames runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read a folder") {
        let entry = entry.expect("a folder entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy a file");
        }
    }
}

/// The two folders, made once for every test: `honest` run by DepQBF, `liar` by the liar.
fn folders() -> &'static (tempfile::TempDir, PathBuf, PathBuf) {
    static FOLDERS: OnceLock<(tempfile::TempDir, PathBuf, PathBuf)> = OnceLock::new();
    FOLDERS.get_or_init(|| {
        let tmp = tempfile::tempdir().expect("a temporary directory");
        let suite = small_suite(tmp.path(), r#"["qdimacs"]"#, r#"["qdimacs"]"#);
        let (honest, liar) = (tmp.path().join("honest"), tmp.path().join("liar"));
        let out = qbfgames(&[&"generate", &suite, &"--out", &honest, &"--jobs", &"2"]);
        assert!(out.status.success(), "generate: {}", text(&out.stderr));
        copy_dir(&honest, &liar);
        let liar_config = tmp.path().join("liar.toml");
        std::fs::write(&liar_config, LIAR).expect("write the liar's solvers file");
        let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/solvers.toml");
        for (dir, config, code) in [(&honest, &config, 0), (&liar, &liar_config, 2)] {
            let flags = ["--solvers", "depqbf", "--timeout", "20", "--jobs", "2", "--config"];
            let mut args: Vec<&dyn AsRef<OsStr>> = vec![&"run", dir];
            args.extend(flags.iter().map(|f| f as &dyn AsRef<OsStr>));
            args.push(config);
            let out = qbfgames(&args);
            // The liar's run already ends with its wrong answers (exit 2): the manifest knows them.
            assert_eq!(out.status.code(), Some(code), "run {}: {}", dir.display(), text(&out.stderr));
        }
        (tmp, honest, liar)
    })
}

#[test]
fn a_liar_against_depqbf_is_listed_first_as_conflicts_and_the_command_fails() {
    let (tmp, honest, liar) = folders();
    let csv = tmp.path().join("compare.csv");
    let out = qbfgames(&[&"compare", honest, liar, &"--csv", &csv]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "exit 1 on a conflict:\n{stdout}{}", text(&out.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    // Three HTTT jobs and two tic-tac-toe jobs are false; only HTTT domino at depth 3 is true.
    assert!(
        lines[..5]
            .iter()
            .all(|l| l.starts_with("CONFLICT: job ") && l.contains("configuration none+depqbf: A says false in ")),
        "the five conflicts come first:\n{stdout}"
    );
    assert!(lines[0].contains("B says true in ") && lines[0].ends_with("(judged wrong); the manifest expects false"));
    assert!(!lines[5].starts_with("CONFLICT"), "one line per conflict:\n{stdout}");
    let summary = lines.iter().find(|l| l.starts_with("none+depqbf ")).expect("the summary row");
    let counts: Vec<&str> = summary.split_whitespace().collect();
    assert_eq!(counts[1..4], ["6", "5", "0"], "6 pairs, 5 conflicts, none solved by A only:\n{stdout}");
    assert!(
        lines.iter().any(|l| l.starts_with("CONFLICT ") && l.contains("httt/")),
        "the differing rows list the conflicts:\n{stdout}"
    );
    let last = lines.last().copied().unwrap_or("");
    assert!(last.starts_with("error: 5 conflict(s) in 6 pair(s)"), "the last line says so: {last}");
    let table = std::fs::read_to_string(&csv).expect("--csv writes the pairs");
    assert_eq!(table.lines().count(), 7, "a header and the six pairs:\n{table}");
    assert_eq!(table.lines().filter(|l| l.contains(",CONFLICT,false,")).count(), 5, "{table}");
}

#[test]
fn a_folder_compared_with_itself_agrees_and_the_command_succeeds() {
    let (_, honest, _) = folders();
    let out = qbfgames(&[&"compare", honest, honest]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "exit 0:\n{stdout}{}", text(&out.stderr));
    assert!(!stdout.contains("CONFLICT:"), "{stdout}");
    assert!(stdout.contains("no differences"), "{stdout}");
    assert!(stdout.trim_end().ends_with("no conflicts: 6 job × configuration pair(s) run in both folders agree"));
}

#[test]
fn folders_of_two_suites_are_an_error_with_help() {
    let (_, honest, _) = folders();
    let other = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports/tests/fixtures/small");
    let out = qbfgames(&[&"compare", honest, &other]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.starts_with("error: the two folders have no job in common"), "{stderr}");
    assert!(stderr.contains("help: compare two runs of one suite"), "{stderr}");
}

#[test]
fn a_folder_without_results_is_an_error_naming_the_file() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports/tests/fixtures/small");
    std::fs::copy(fixture.join("manifest.csv"), tmp.path().join("manifest.csv")).expect("copy the manifest");
    let out = qbfgames(&[&"compare", &fixture, &tmp.path()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.contains("results.csv: no results") && stderr.contains("help: `qbfgames run"), "{stderr}");
    assert!(out.stdout.is_empty(), "nothing compared");
}

#[test]
fn the_report_with_a_comparison_shows_the_conflicts_first_and_fails() {
    let (tmp, honest, liar) = folders();
    let out_dir = tmp.path().join("compared-report");
    let out = qbfgames(&[&"report", honest, &"--compare", liar, &"--out", &out_dir]);
    assert_eq!(out.status.code(), Some(1), "exit 1 on a conflict: {}", text(&out.stderr));
    assert!(text(&out.stderr).contains("CONFLICT: job "), "{}", text(&out.stderr));
    let page = std::fs::read_to_string(out_dir.join("index.html")).expect("the report is written");
    let table = page.find("<table id=\"table-compare\"").expect("the comparison table is on the page");
    let first_row = &page[table..][page[table..].find("<tbody>").unwrap_or(0)..];
    assert!(
        first_row.starts_with("<tbody>\n<tr><td><b>CONFLICT</b></td>"),
        "conflicts first: {}",
        &first_row[..200.min(first_row.len())]
    );
}
