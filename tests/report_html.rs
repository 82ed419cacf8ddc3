//! The HTML report in a real browser: `qbfgames report` on the golden-test fixture, then
//! headless Chromium loads `index.html` and dumps the DOM it built; the coverage table, the
//! critical-depth marks and every plot must be in it. Chromium is Debian's `chromium`
//! (`make chromium` installs it; `make test` does that first); without it the test fails.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use harness::{find_program, run, Invocation, Outcome};

#[test]
fn the_html_report_opens_in_headless_chromium_with_its_tables_and_plots() {
    let Some(chromium) = find_program("chromium") else {
        panic!("chromium is not installed\n  help: `make chromium` installs Debian's chromium (`make test` does it first)");
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
    assert!(stdout.contains("index.html") && stdout.contains("avg coverage"), "prints where the report is and the summary:\n{stdout}");

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
    let invocation = Invocation { program: chromium, args: args.iter().map(|s| s.to_string()).collect() };
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
    for plot in ["cactus", "scatter", "coverage", "sizes"] {
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
    let output = Command::new(env!("CARGO_BIN_EXE_qbfgames")).arg("report").arg(dir.path()).output().expect("qbfgames runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("results.csv: no results") && stderr.contains("help: `qbfgames run"), "{stderr}");
    assert!(!dir.path().join("report").exists(), "nothing is written");
}
