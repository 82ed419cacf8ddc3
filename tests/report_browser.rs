//! The HTML report driven in a real browser: Debian's headless Chromium through its
//! WebDriver (`chromedriver`, Debian's `chromium-driver`; `make chromium` installs both,
//! `make test` does that first). A small suite is generated and run with DepQBF and CAQE,
//! alone and after Bloqqer; the test opens the report at 1366×768 (the tables fit without
//! scrolling sideways), sorts the per-run table by CPU time, filters it
//! to one family, toggles a legend entry of the cactus plot and follows a log link, and
//! asserts what the page then shows. Screenshots of the page and of every plot are written
//! under the test's temporary target folder (`report-screenshots/`) to be looked at.

use std::path::{Path, PathBuf};
use std::process::Command;

use harness::find_program;
use serde_json::Value;

use crate::common;
#[path = "browser/webdriver.rs"]
mod webdriver;

use common::small_suite;
use webdriver::Driver;

fn qbfgames(args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).output().expect("qbfgames runs");
    assert!(out.status.success(), "qbfgames {}: {}", args[0], String::from_utf8_lossy(&out.stderr));
}

fn program(name: &str) -> PathBuf {
    find_program(name).unwrap_or_else(|| {
        panic!("{name} is not installed\n  help: `make chromium` installs Debian's chromium and chromium-driver")
    })
}

/// The numbers of a column of the per-run table, in the rows shown, top to bottom.
fn column(driver: &Driver, header: &str) -> Vec<f64> {
    let script = format!(
        "const t=document.getElementById('table-runs');const i=[...t.tHead.rows[0].cells].findIndex(c=>c.textContent.trim()==={header:?});\
         return [...t.tBodies[0].rows].filter(r=>!r.hidden).map(r=>r.cells[i].textContent.trim());"
    );
    let Value::Array(cells) = driver.script(&script) else { panic!("a list of cells") };
    cells.iter().filter_map(|c| c.as_str()).filter_map(|c| c.parse().ok()).collect()
}

#[test]
fn the_report_sorts_filters_toggles_and_links_in_chromium() {
    let (chromium, chromedriver) = (program("chromium"), program("chromedriver"));
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let suite = small_suite(tmp.path(), r#"["qdimacs"]"#, r#"["qdimacs"]"#);
    let dir = tmp.path().join("out");
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/solvers.toml");
    let (s, d, c) = (suite.to_str().unwrap_or(""), dir.to_str().unwrap_or(""), config.to_str().unwrap_or(""));
    qbfgames(&["generate", s, "--out", d, "--jobs", "2"]);
    let run =
        ["run", d, "--solvers", "caqe,depqbf", "--preprocessors", "none,bloqqer", "--timeout", "20", "--jobs", "2"];
    qbfgames(&[&run[..], &["--config", c]].concat());
    qbfgames(&["report", d]);

    let driver = Driver::start(&chromedriver, &chromium, &tmp.path().join("profile"));
    let page = format!("file://{}", dir.join("report/index.html").display());
    driver.goto(&page);
    assert_eq!(driver.script("return document.title"), "small: qbfgames report", "the title names the suite");

    // Issue 36, item 10: on a laptop screen (1366×768) the per-run and coverage tables
    // fit without scrolling sideways, with four configurations as `make suite` runs.
    driver.resize(1366, 768);
    for table in ["table-runs", "table-coverage"] {
        let widths = driver.script(&format!(
            "const b=document.getElementById('{table}').parentElement;const d=document.documentElement;\
             return [b.scrollWidth,b.clientWidth,d.scrollWidth,d.clientWidth];"
        ));
        let w: Vec<u64> = widths.as_array().into_iter().flatten().filter_map(Value::as_u64).collect();
        assert!(w.len() == 4 && w[0] <= w[1] && w[2] <= w[3], "{table} fits 1366 px (table, box, page, window): {w:?}");
    }
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-screenshots");
    std::fs::create_dir_all(&shots).expect("a screenshot folder");
    std::fs::write(shots.join("page-1366.png"), driver.screenshot(None)).expect("write");
    driver.resize(1400, 1000);

    // Sorting by a configuration's CPU time: ascending, then descending.
    let header = "none+depqbf CPU (s)";
    let th = driver.find(&format!("//table[@id='table-runs']//th[normalize-space()='{header}']"));
    driver.click(&th);
    let up = column(&driver, header);
    assert!(up.len() >= 5 && up.windows(2).all(|w| w[0] <= w[1]), "ascending after one click: {up:?}");
    driver.click(&th);
    let down = column(&driver, header);
    assert!(down.windows(2).all(|w| w[0] >= w[1]) && down.len() == up.len(), "descending after two: {down:?}");

    // Filtering to one family.
    let total: u64 =
        driver.script("return document.getElementById('table-runs').tBodies[0].rows.length").as_u64().unwrap_or(0);
    driver.click(&driver.find("//div[@data-table='table-runs']//select[@name='family']/option[text()='httt']"));
    let families = driver.script(
        "return [...document.getElementById('table-runs').tBodies[0].rows].filter(r=>!r.hidden).map(r=>r.dataset.family)",
    );
    let families: Vec<&str> = families.as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    assert!(!families.is_empty() && (families.len() as u64) < total, "{families:?} of {total}");
    assert!(families.iter().all(|f| *f == "httt"), "only httt rows are shown: {families:?}");
    let shown = driver.script("return document.querySelector('div.filters output').textContent");
    assert_eq!(shown.as_str(), Some(format!("{} of {total} rows", families.len()).as_str()));

    // Toggling a legend entry hides its series.
    let display =
        "return getComputedStyle(document.querySelector(\"#plot-cactus g.series[data-series='none+depqbf']\")).display";
    assert_ne!(driver.script(display), "none");
    driver.click(&driver.find("//figure[@id='plot-cactus']//button[@data-series='none+depqbf']"));
    assert_eq!(driver.script(display), "none", "the series is hidden after a click on its legend entry");

    // Screenshots: the page and every plot.
    std::fs::write(shots.join("page.png"), driver.screenshot(None)).expect("write");
    let Value::Array(ids) = driver.script("return [...document.querySelectorAll('figure')].map(f=>f.id)") else {
        panic!("figures")
    };
    assert!(ids.len() >= 4, "every plot is on the page: {ids:?}");
    for id in ids.iter().filter_map(Value::as_str) {
        let figure = driver.find(&format!("//figure[@id='{id}']"));
        let png = driver.screenshot(Some(&figure));
        assert!(png.starts_with(b"\x89PNG"), "{id}: a PNG screenshot");
        std::fs::write(shots.join(format!("{id}.png")), png).expect("write");
    }

    // A log link opens the run's log.
    let link = driver.find("//table[@id='table-runs']//tr[not(@hidden)]//a[contains(@href,'logs/')]");
    driver.click(&link);
    assert!(driver.url().ends_with(".log.txt"), "the link leads to a log: {}", driver.url());
    let text = driver.script("return document.body.innerText");
    assert!(text.as_str().is_some_and(|t| t.contains("==> command <==")), "the log shows the command: {text}");
}
