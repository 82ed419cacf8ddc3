//! `qbfgames report` end to end: on a suite generated and run with DepQBF here, and on the
//! golden-test fixture opened in a real browser — headless Chromium loads `index.html` and
//! dumps the DOM it built; the coverage table, the critical-depth marks and every plot must
//! be in it. Chromium is Debian's `chromium` (`make chromium` installs it; `make test` does
//! that first); without it the test fails.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use harness::{find_program, run, Invocation, Outcome};

use crate::common;

use common::small_suite;

#[test]
fn the_html_report_opens_in_headless_chromium_with_its_tables_and_plots() {
    let Some(chromium) = find_program("chromium") else {
        panic!(
            "chromium is not installed\n  help: `make chromium` installs Debian's chromium (`make test` does it first)"
        );
    };
    let dir = tempfile::tempdir().expect("a temporary directory");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports/tests/fixtures/small");
    let out = dir.path().join("report");
    let status = Command::new(env!("CARGO_BIN_EXE_qbfgames"))
        .arg("report")
        .arg(&fixture)
        .arg("--out")
        .arg(&out)
        .output()
        .expect("qbfgames runs");
    assert!(status.status.success(), "qbfgames report failed: {}", String::from_utf8_lossy(&status.stderr));
    let stdout = String::from_utf8_lossy(&status.stdout);
    assert!(
        stdout.contains("index.html") && stdout.contains("avg coverage"),
        "prints where the report is and the summary:\n{stdout}"
    );

    let profile = dir.path().join("chromium-profile");
    let page = out.join("index.html");
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--no-first-run",
        "--disable-component-update",
        "--disable-sync",
        &format!("--user-data-dir={}", profile.display()),
        "--dump-dom",
        &format!("file://{}", page.display()),
    ];
    let invocation =
        Invocation { program: chromium, args: args.iter().map(|s| s.to_string()).collect(), ..Invocation::default() };
    let result = run(&invocation, Duration::from_secs(120)).expect("chromium starts");
    let dom = String::from_utf8_lossy(&result.stdout);
    // Exit code 0 is what the harness calls `Unknown` (no solver answer).
    assert_eq!(result.outcome, Outcome::Unknown, "chromium exits 0: {}", String::from_utf8_lossy(&result.stderr));
    for needle in [
        "<table id=\"table-coverage\">",
        "<td>none+caqe</td>",
        "<td class=\"r\">0.89</td>",
        "<table id=\"table-critical-depth\">",
        "<b>3</b>",
        "<i>4</i>",
        "<table id=\"table-encodings\">",
    ] {
        assert!(dom.contains(needle), "the DOM Chromium built lacks {needle:?}:\n{}", &dom[..dom.len().min(3000)]);
    }
    for plot in ["cactus", "quantile", "scatter", "coverage", "sizes"] {
        let figure = format!("<figure id=\"plot-{plot}\">");
        let at = dom.find(&figure).unwrap_or_else(|| panic!("the DOM lacks {figure}"));
        let inside = dom[at + figure.len()..].trim_start();
        assert!(inside.starts_with("<svg") && inside.contains("</svg>"), "{figure} holds an inline SVG plot");
        assert!(inside[..inside.find("</svg>").unwrap_or(0)].contains("<text"), "{figure}: its SVG has axis labels");
    }
}

#[test]
fn a_directory_without_results_is_an_error_naming_the_file_and_the_command() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports/tests/fixtures/small/manifest.csv");
    std::fs::copy(&fixture, dir.path().join("manifest.csv")).expect("copy the manifest");
    let output =
        Command::new(env!("CARGO_BIN_EXE_qbfgames")).arg("report").arg(dir.path()).output().expect("qbfgames runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("results.csv: no results") && stderr.contains("help: `qbfgames run"), "{stderr}");
    assert!(!dir.path().join("report").exists(), "nothing is written");
}

fn qbfgames(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).output().expect("qbfgames runs")
}

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

#[test]
fn generate_run_report_gives_the_known_critical_depths_and_both_encodings() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let suite = small_suite(tmp.path(), r#"["qdimacs"]"#, r#"["qdimacs"]"#);
    let dir = tmp.path().join("out");
    let (s, d) = (suite.to_str().unwrap_or(""), dir.to_str().unwrap_or(""));
    let config = repo("suite/solvers.toml");
    for args in [
        vec!["generate", s, "--out", d, "--jobs", "2"],
        vec![
            "run",
            d,
            "--solvers",
            "depqbf",
            "--timeout",
            "20",
            "--jobs",
            "2",
            "--config",
            config.to_str().unwrap_or(""),
        ],
        vec!["report", d],
    ] {
        let out = qbfgames(&args);
        assert!(out.status.success(), "qbfgames {}: {}", args[0], String::from_utf8_lossy(&out.stderr));
    }
    let md = std::fs::read_to_string(dir.join("report/report.md")).expect("report.md");
    // 3x3 domino: the first player wins at depth 3 (SAT 2023, Table 2); 3x3 el needs 5.
    let depth_row = |shape: &str| {
        md.lines()
            .find(|l| l.starts_with("| httt") && l.contains(&format!("shape={shape}")))
            .unwrap_or_else(|| panic!("httt {shape} in\n{md}"))
            .to_string()
    };
    let cells =
        |row: String| row.split('|').map(|c| c.trim().to_string()).filter(|c| !c.is_empty()).collect::<Vec<_>>();
    assert_eq!(cells(depth_row("domino"))[2..], ["1,3", "win", "**3**", "reference+solvers"]);
    assert_eq!(cells(depth_row("el"))[2..], ["1,3", "no win up to 3", "3", "reference+solvers"]);
    let encodings = std::fs::read_to_string(dir.join("report/tables/encodings.csv")).expect("encodings.csv");
    assert!(encodings.lines().any(|l| l.starts_with("tictactoe,") && l.contains(",gdl-ge-gd,qdimacs,")), "{encodings}");
    assert!(encodings.lines().any(|l| l.starts_with("tictactoe,") && l.contains(",gdl-sd,qdimacs,")), "{encodings}");
    let coverage = std::fs::read_to_string(dir.join("report/tables/coverage.csv")).expect("coverage.csv");
    assert!(
        coverage.lines().any(|l| l.starts_with("none+depqbf,6,6,1,5,0,0,") && l.ends_with(",1.00")),
        "every job solved (2 shapes × 2 depths + 2 encodings; only domino at 3 is a win):\n{coverage}"
    );
}
