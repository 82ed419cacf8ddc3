//! The critical-depth table of the default suite agrees with the manifest's reference
//! answers: `qbfgames generate` of the default suite's games at the first four depths of
//! each ladder (its ladders' calibration left out, so that the test runs no solver and
//! takes seconds), then the table built from the manifest alone (no solver run) must give,
//! for every game, the smallest depth the manifest knows to be a win, or "no win up to d"
//! when it knows every tested depth to be lost, or "refuted up to d" otherwise.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use contract::Verdict;
use reports::matrix::Matrix;
use reports::{critical_depths, label, RunData};

#[test]
fn the_critical_depths_of_the_default_suite_are_the_manifests_reference_answers() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let suite = tmp.path().join("default-first-depths.toml");
    std::fs::write(&suite, first_depths()).expect("the suite copy");
    let out = Command::new(env!("CARGO_BIN_EXE_qbfgames"))
        .arg("generate")
        .arg(&suite)
        .arg("--out")
        .arg(tmp.path().join("out"))
        .args(["--jobs", "2", "--config"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/solvers.toml"))
        .output()
        .expect("qbfgames runs");
    assert!(out.status.success(), "generate: {}", String::from_utf8_lossy(&out.stderr));
    let rows = contract::manifest::read(&tmp.path().join("out")).expect("the manifest");
    let mut known: BTreeMap<(String, String), BTreeMap<u32, Option<Verdict>>> = BTreeMap::new();
    for row in &rows {
        let Some(depth) = row.depth.plies() else { continue };
        let answer =
            known.entry((row.family.clone(), label::short(&row.params))).or_default().entry(depth).or_default();
        *answer = answer.or(row.expected);
    }
    let data = RunData::new(rows, Vec::new());
    let section = critical_depths::critical_depths(&data, &Matrix::new(&data));
    assert_eq!(section.table.rows.len(), known.len(), "one row per game");
    let mut wins = 0;
    for row in &section.table.rows {
        let depths = &known[&(row[0].clone(), row[1].clone())];
        let win = depths.iter().find(|(_, v)| **v == Some(Verdict::True)).map(|(d, _)| *d);
        let largest_false = depths.iter().filter(|(_, v)| **v == Some(Verdict::False)).map(|(d, _)| *d).max();
        let expected = match (win, largest_false) {
            (Some(d), _) => {
                let below = depths.range(d.saturating_sub(2)..d).next_back().map(|(_, v)| *v);
                let exact = below == Some(Some(Verdict::False)) && depths.range(..d).all(|(_, v)| v.is_some());
                (if exact { d.to_string() } else { format!("≤ {d}") }, true)
            }
            (None, Some(d)) if depths.values().all(|v| *v == Some(Verdict::False)) => {
                (format!("no win up to {d}"), false)
            }
            (None, Some(d)) => (format!("refuted up to {d}"), false),
            (None, None) => ("unknown".to_string(), false),
        };
        if expected.1 {
            wins += 1;
            assert!(
                row[3].starts_with("win") && row[4] == expected.0,
                "{row:?}: the manifest knows a win at {}",
                expected.0
            );
        } else {
            assert_eq!(row[3], expected.0, "{row:?}");
        }
        if win.is_some() || largest_false.is_some() {
            assert!(!row[5].is_empty() && !row[5].contains("solvers"), "{row:?}: the source is the manifest's");
        }
    }
    assert!(wins >= 5, "the default suite has games the first player wins: {wins}");
}

/// `suite/default.toml` with absolute model paths, without its `[family.ladder]` tables,
/// and with each depth list cut to its first four depths.
fn first_depths() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite");
    let text = std::fs::read_to_string(root.join("default.toml")).expect("the default suite");
    let mut out = String::new();
    let mut in_ladder = false;
    for line in text.lines() {
        if line.starts_with('[') {
            in_ladder = line == "[family.ladder]";
        }
        if in_ladder {
            continue;
        }
        let line = line.replace("\"games/", &format!("\"{}/games/", root.display()));
        let cut = match line.strip_prefix("depths = [") {
            Some(list) => {
                format!("depths = [{}]", list.trim_end_matches(']').split(", ").take(4).collect::<Vec<_>>().join(", "))
            }
            None => match line.strip_prefix("depths = { from = ") {
                Some(range) => {
                    let from: u32 = range.split(',').next().and_then(|n| n.trim().parse().ok()).expect("a range");
                    format!("depths = {{ from = {from}, to = {} }}", from + 3)
                }
                None => line,
            },
        };
        writeln!(out, "{cut}").expect("a string");
    }
    out
}
