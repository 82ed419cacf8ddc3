//! `qbfgames verify`: published tables re-checked by real solvers and the reference solver.

use crate::common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn qbfgames(dir: &Path, args: &[&str]) -> Output {
    let solvers = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/solvers.toml");
    Command::new(env!("CARGO_BIN_EXE_qbfgames"))
        .args(["verify", "--config", &solvers.display().to_string(), "--out", "out", "--jobs", "2"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("qbfgames runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The Markdown table's lines without padding: `row | column | published | ours | result`.
fn compact(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|l| l.starts_with('|'))
        .map(|l| l.trim_matches('|').split('|').map(str::trim).collect::<Vec<_>>().join(" | "))
        .collect()
}

/// The line of the side-by-side table for `row` and `column`, without padding.
fn line(stdout: &str, row: &str, column: &str) -> String {
    compact(stdout)
        .into_iter()
        .find(|l| l.starts_with(&format!("{row} | {column} | ")))
        .unwrap_or_else(|| panic!("no line for {row}/{column} in\n{stdout}"))
}

/// HTTT 3×3 domino (a win at 3) and el (a win at 3? no: at 5) from the small suite.
const TABLE: &str = r#"
name = "fixture"
paper = "A. Author, A test paper"
table = "Table 1"
transcribed_from = "table.csv"
suites = ["small.toml"]
timeout = 30
published_timeout = 1000

[defaults]
family = "httt"

[[column]]
name = "depth"
measure = "outcome"
solver = "depqbf"

[[column]]
name = "depth_ref"
value_of = "depth"
measure = "outcome"
solver = "reference"

[[column]]
name = "blocks"
measure = "blocks"

[[column]]
name = "clauses"
measure = "clauses"
tolerance = 0.02

[[column]]
name = "time"
measure = "time"
solver = "depqbf"
preprocessor = "bloqqer"

[[column]]
name = "qesto"
measure = "time"
solver = "qesto"

[[column]]
name = "true"
measure = "true"
solver = "caqe"

[[column]]
name = "solved"
measure = "solved"
solver = "caqe"

[[row]]
label = "domino"
point = { shape = "domino" }
depth = 3
known = { clauses = { ours = CLAUSES, why = "a test of known differences" } }
values = { depth = "win", blocks = 7, clauses = 1000, time = 0.5, qesto = 0.5 }

[[row]]
label = "el"
point = { shape = "el" }
depth = 3
values = { depth = "win" }

[[row]]
label = "both"
values = { true = 2, solved = 4 }

[[row]]
label = "total"
aggregate = "rows"
values = { true = 2, solved = 4 }
"#;

fn fixture(dir: &Path, clauses: u64) {
    common::small_suite(dir, r#"["qdimacs"]"#, r#"["qdimacs"]"#);
    fs::write(dir.join("table.csv"), "row,depth\ndomino,3\nel,3\n").expect("write the CSV");
    fs::write(dir.join("table.toml"), TABLE.replace("CLAUSES", &clauses.to_string())).expect("write the table");
}

#[test]
fn published_claims_are_checked_by_solvers_and_the_reference_solver() {
    let dir = tempfile::tempdir().expect("temporary directory");
    fixture(dir.path(), 0);
    let out = qbfgames(dir.path(), &["table.toml", "--budget", "5m"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "a wrong claim must fail: {stdout}\n{}", text(&out.stderr));
    assert!(line(&stdout, "domino", "depth").ends_with("| win at 3 | win at 3 | match"), "{stdout}");
    assert!(line(&stdout, "domino", "depth_ref").ends_with("| win at 3 | win at 3 | match"), "{stdout}");
    assert!(line(&stdout, "el", "depth").contains("| no win at 3 | differs: Black does not win"), "{stdout}");
    assert!(line(&stdout, "el", "depth_ref").contains("differs"), "{stdout}");
    assert!(line(&stdout, "domino", "blocks").ends_with("| 7 | 7 | match"), "{stdout}");
    assert!(line(&stdout, "domino", "clauses").contains("the `known` entry records 0"), "{stdout}");
    assert!(line(&stdout, "domino", "time").contains("×"), "a time is a ratio: {stdout}");
    assert!(line(&stdout, "domino", "qesto").contains("not reached: no solver `qesto`"), "{stdout}");
    // Both HTTT instances at depth 1 are false, at 3 domino is true and el false: the
    // paper's "2 true" is wrong here, and the aggregate row sums the same.
    assert!(line(&stdout, "both", "true").contains("| 2 | 1 | differs"), "{stdout}");
    assert!(line(&stdout, "total", "true").contains("| 2 | 1 | differs"), "{stdout}");
    assert!(line(&stdout, "both", "solved").contains("| 4 | 4 | ×1.00"), "{stdout}");
    let report = fs::read_to_string(dir.path().join("out/fixture/verify.md")).expect("verify.md written");
    assert!(report.contains("A. Author, A test paper, Table 1") && report.contains("| el"), "{report}");
    assert!(dir.path().join("out/fixture/verify.csv").is_file());
}

#[test]
fn a_known_difference_passes_only_with_the_value_it_records() {
    let dir = tempfile::tempdir().expect("temporary directory");
    fixture(dir.path(), 0);
    let first = text(&qbfgames(dir.path(), &["table.toml", "--budget", "0"]).stdout);
    let ours: u64 = line(&first, "domino", "clauses")
        .split(" | ")
        .nth(3)
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or_else(|| panic!("{first}"));
    fixture(dir.path(), ours);
    let out = qbfgames(dir.path(), &["table.toml", "--budget", "0"]);
    let stdout = text(&out.stdout);
    assert!(line(&stdout, "domino", "clauses").contains("known difference"), "{stdout}");
    assert!(stdout.contains("[1] a test of known differences"), "{stdout}");
    // Nothing ran: every claim needing a run is "not reached", and nothing differs.
    assert!(line(&stdout, "el", "depth").contains("not reached: the budget of 0 s was spent"), "{stdout}");
    assert!(line(&stdout, "both", "true").contains("not reached: 4 of 4 undecided"), "{stdout}");
    assert_eq!(out.status.code(), Some(0), "{stdout}");

    let out = qbfgames(dir.path(), &["table.toml", "--budget", "0", "--format", "json"]);
    let tables: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON array");
    let table = &tables[0];
    assert_eq!(table["table"], "fixture", "{tables}");
    assert_eq!(table["differs"], false, "{tables}");
    assert!(table["summary"].as_str().is_some_and(|s| !s.is_empty()) && table["notes"].is_string(), "{tables}");
    let rows = table["rows"].as_array().expect("the side-by-side rows");
    assert!(rows.iter().any(|r| r.to_string().contains("known difference")), "{tables}");
}

#[test]
fn rows_selects_rows_by_label_and_keeps_the_aggregates() {
    let dir = tempfile::tempdir().expect("temporary directory");
    fixture(dir.path(), 0);
    let out = qbfgames(dir.path(), &["table.toml", "--budget", "0", "--rows", "domi"]);
    let rows: Vec<String> = compact(&text(&out.stdout))
        .into_iter()
        .skip(2)
        .map(|l| l.split(" | ").next().unwrap_or_default().to_string())
        .collect();
    assert!(rows.iter().all(|r| r == "domino" || r == "total") && rows.contains(&"total".to_string()), "{rows:?}");
    let none = qbfgames(dir.path(), &["table.toml", "--budget", "0", "--rows", "elly"]);
    assert_eq!(none.status.code(), Some(1));
    assert!(
        text(&none.stderr).contains("--rows elly: no row of table.toml has a label containing it"),
        "{}",
        text(&none.stderr)
    );
}

#[test]
fn bad_table_files_are_reported_at_their_key() {
    let dir = tempfile::tempdir().expect("temporary directory");
    fixture(dir.path(), 0);
    let cases = [
        ("unknown_key", ("timeout = 30\n", "timeout = 30\nbudget = 5\n")),
        ("unknown_measure", ("measure = \"blocks\"", "measure = \"block\"")),
        ("unknown_family", ("family = \"httt\"", "family = \"htt\"")),
        ("no_matching_point", ("point = { shape = \"el\" }", "point = { shape = \"elly\" }")),
        (
            "bad_outcome",
            ("depth = \"win\" }\n\n[[row]]\nlabel = \"both\"", "depth = \"won\" }\n\n[[row]]\nlabel = \"both\""),
        ),
        (
            "unknown_column",
            ("values = { true = 2, solved = 4 }\n\n[[row]]", "values = { truth = 2, solved = 4 }\n\n[[row]]"),
        ),
        ("row_and_column_clash", ("label = \"el\"\n", "label = \"el\"\nmeasure = \"vars\"\n")),
        ("missing_csv", ("transcribed_from = \"table.csv\"", "transcribed_from = \"tabel.csv\"")),
        ("name_of_dots", ("name = \"fixture\"", "name = \"..\"")),
    ];
    for (name, (from, to)) in cases {
        let table = TABLE.replace("CLAUSES", "0");
        assert!(table.contains(from), "{name}: the fixture has no `{from}`");
        fs::write(dir.path().join("bad.toml"), table.replacen(from, to, 1)).expect("write");
        let out = qbfgames(dir.path(), &["bad.toml", "--budget", "0"]);
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(out.stdout.is_empty(), "{name}: nothing printed before the error");
        insta::assert_snapshot!(format!("verify_error_{name}"), text(&out.stderr));
    }
}

/// Every published table of the repository resolves, and every size it states (generated
/// without a solver) matches the paper or is a recorded, explained difference.
#[test]
fn the_published_tables_resolve_and_their_sizes_match() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut tables: Vec<_> = fs::read_dir(root.join("suite/published"))
        .expect("suite/published")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    tables.sort();
    assert_eq!(tables.len(), 8, "{tables:?}");
    let dir = tempfile::tempdir().expect("temporary directory");
    let args: Vec<String> =
        tables.iter().map(|p| p.display().to_string()).chain(["--budget".into(), "0".into()]).collect();
    let out = qbfgames(dir.path(), &args.iter().map(String::as_str).collect::<Vec<_>>());
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{}", text(&out.stderr));
    let lines = compact(&stdout);
    for size in [
        "qubic 4x4x4 | quantifier_blocks | 63 | 63 | match",
        "COR+ existential | N | 826 | 826 | match",
        "quantifier_blocks | GD-plain | 39 | 39 | match",
    ] {
        assert!(lines.iter().any(|l| l == size), "{size}\n{stdout}");
    }
}
