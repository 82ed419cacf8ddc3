//! `select` end to end: calibration on a real run of DepQBF and CAQE, the balanced pick,
//! the errors for an impossible request and for answers that disagree, and the package
//! that follows the selection.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use crate::common;

use common::small_suite;

fn qbfgames(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).output().expect("qbfgames runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temporary paths")
}

fn archive_file(archive: &Path, inside: &str) -> String {
    let out = Command::new("tar").args(["-xJOf", s(archive), inside]).output().expect("tar runs");
    assert!(out.status.success(), "{inside}: {}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn select_classes_picks_and_refuses_what_it_cannot_do() {
    let tmp = tempfile::tempdir().expect("tmp");
    let suite = small_suite(tmp.path(), r#"["qdimacs", "bddl"]"#, r#"["qdimacs", "gdl"]"#);
    let dir = tmp.path().join("out");
    let generated = qbfgames(&["generate", s(&suite), "--out", s(&dir)]);
    assert!(generated.status.success(), "{}", text(&generated.stderr));

    let early = qbfgames(&["select", s(&dir)]);
    assert!(!early.status.success());
    assert!(text(&early.stderr).contains("qbfgames run"), "{}", text(&early.stderr));

    let ran = qbfgames(&["run", s(&dir), "--solvers", "depqbf,caqe", "--preprocessors", "none", "--timeout", "10"]);
    assert!(ran.status.success(), "{}", text(&ran.stderr));

    // Four HTTT jobs and two tic-tac-toe jobs, all solved by both in well under a second:
    // a family with nothing harder keeps its two slowest trivial jobs.
    let impossible = qbfgames(&["select", s(&dir), "--min-per-family", "3", "--true-share", "0.9..1"]);
    assert_eq!(impossible.status.code(), Some(1), "{}", text(&impossible.stdout));
    let message = text(&impossible.stderr);
    assert!(message.contains("family `httt`: 2 selectable, 3 requested (of 4 jobs: 4 trivial"), "{message}");
    assert!(message.contains("family `tictactoe`: 2 selectable"), "{message}");
    assert!(message.contains("% of the selection is true, 90–100% requested"), "{message}");
    assert!(!dir.join("selection.csv").exists(), "nothing written for an impossible request");

    let selected = qbfgames(&["select", s(&dir)]);
    assert!(selected.status.success(), "{}", text(&selected.stderr));
    let table = text(&selected.stdout);
    assert!(table.contains("total") && table.contains("selected 4 of 6 jobs"), "{table}");
    let selection = fs::read_to_string(dir.join("selection.csv")).expect("selection.csv");
    assert_eq!(selection.lines().count(), 1 + 6);
    assert_eq!(selection.lines().filter(|l| l.contains(",trivial,")).count(), 6, "{selection}");
    assert!(selection.lines().filter(|l| l.contains(",true,trivial: the family has nothing harder")).count() == 4);

    let archive = tmp.path().join("small.tar.xz");
    let packaged = qbfgames(&["package", s(&dir), "-o", s(&archive)]);
    assert!(packaged.status.success(), "{}", text(&packaged.stderr));
    let manifest = archive_file(&archive, "small/manifest.csv");
    assert_eq!(manifest.lines().filter(|l| l.contains(",qdimacs,")).count(), 4, "{manifest}");
    let readme = archive_file(&archive, "small/README.md");
    assert!(readme.contains("## Hardness and selection") && readme.contains("calibrated at 10 s CPU"), "{readme}");
    assert!(readme.contains("competition limit of 900 s CPU"), "{readme}");
    assert!(
        readme.contains(
            "- hardness: 2 of 4 generated jobs selected, 0 of them classed by a predicted time and 0 by a bound (generated: 4 trivial"
        ),
        "{readme}"
    );

    // Without the reference solver's answers, two solvers that agree give them (`agreement`);
    // three cannot, and a selection without answers is refused.
    let manifest_path = dir.join("manifest.csv");
    let with_reference = fs::read_to_string(&manifest_path).expect("manifest.csv");
    let without =
        with_reference.replace(",false,reference,", ",unknown,none,").replace(",true,reference,", ",unknown,none,");
    fs::write(&manifest_path, without).expect("write manifest.csv");
    let agreed = qbfgames(&["select", s(&dir)]);
    assert!(agreed.status.success(), "{}", text(&agreed.stderr));
    let selection = fs::read_to_string(dir.join("selection.csv")).expect("selection.csv");
    assert_eq!(selection.lines().filter(|l| l.contains(",agreement,")).count(), 6, "{selection}");
    let unanswered = qbfgames(&["select", s(&dir), "--agree", "3"]);
    assert_eq!(unanswered.status.code(), Some(1));
    assert!(
        text(&unanswered.stderr)
            .contains("family `httt`: 0 selectable, 1 requested (of 4 jobs: 4 trivial, 4 without a known answer)"),
        "{}",
        text(&unanswered.stderr)
    );
    fs::write(&manifest_path, with_reference).expect("restore manifest.csv");

    // A configuration that contradicts the reference solver: nothing is selected.
    let results = dir.join("results.csv");
    let csv = fs::read_to_string(&results).expect("results.csv");
    let flipped = csv.replacen(",false,false,correct,false,", ",true,true,correct,false,", 1);
    assert_ne!(flipped, csv, "a record that answered false correctly");
    fs::write(&results, flipped).expect("write results.csv");
    let disagree = qbfgames(&["select", s(&dir)]);
    assert_eq!(disagree.status.code(), Some(1));
    let message = text(&disagree.stderr);
    assert!(
        message.contains("1 job(s) with answers that disagree") && message.contains("reference says false"),
        "{message}"
    );

    // A starved run is not a result: select and report refuse and name the run that re-runs it.
    let starved = csv.replacen(",false,false,correct,false,", ",starved,,,false,", 1);
    fs::write(&results, starved).expect("write results.csv");
    let refused = qbfgames(&["select", s(&dir)]);
    assert_eq!(refused.status.code(), Some(1));
    let message = text(&refused.stderr);
    let rerun = format!("qbfgames run {} --solvers ", s(&dir));
    assert!(message.contains("1 cell(s) were starved") && message.contains(&rerun), "{message}");
    assert!(message.contains("--preprocessors none --timeout 10 --memory 4096M"), "{message}");
    let report = qbfgames(&["report", s(&dir)]);
    assert_eq!(report.status.code(), Some(1));
    assert!(text(&report.stderr).contains(&rerun), "{}", text(&report.stderr));
    let allowed = qbfgames(&["report", s(&dir), "--allow-starved"]);
    assert!(allowed.status.success(), "{}", text(&allowed.stderr));

    // A prediction check's run at a longer limit that starved is no measurement, but the
    // set rests on the calibration runs: select goes on.
    let line = csv.lines().nth(1).expect("a record");
    let mut fields: Vec<String> = line.split(',').map(String::from).collect();
    fields[0] = fields[0].replace("|t10s-", "|t300s-");
    fields[9] = "300.0".into();
    (fields[12], fields[13], fields[14]) = ("starved".into(), String::new(), String::new());
    fs::write(&results, format!("{csv}{}\n", fields.join(","))).expect("write results.csv");
    let checked = qbfgames(&["select", s(&dir)]);
    assert!(checked.status.success(), "{}", text(&checked.stderr));
}
