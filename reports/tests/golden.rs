//! Golden tests: the report of `fixtures/small` must equal the files under `golden/`, byte
//! for byte (PNG files are pinned by their SHA-256, in `golden/plots/ID.png.sha256`).
//! `UPDATE_GOLDEN=1` rewrites the golden files instead of comparing; review the diff.

use std::path::{Path, PathBuf};

use qbf::identity::sha256_hex;
use reports::{Options, Report, RunData};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/small")
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn report() -> Report {
    let data = RunData::load(&fixture()).unwrap_or_else(|e| panic!("the fixture loads: {e}"));
    Report::build("Report of the small fixture", &data, &Options::default())
        .unwrap_or_else(|e| panic!("the report builds: {e}"))
}

/// The golden file of an output and the bytes it must hold.
fn golden(path: &str, bytes: &[u8]) -> (PathBuf, Vec<u8>) {
    if path.ends_with(".png") {
        (golden_dir().join(format!("{path}.sha256")), format!("{}\n", sha256_hex(bytes)).into_bytes())
    } else {
        (golden_dir().join(path), bytes.to_vec())
    }
}

#[test]
fn every_table_format_and_plot_matches_its_golden_file() {
    let files = report().files().unwrap_or_else(|e| panic!("rendering: {e}"));
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut differ = Vec::new();
    for (path, bytes) in &files {
        let (golden_path, expected) = golden(path, bytes);
        if update {
            std::fs::create_dir_all(golden_path.parent().unwrap_or(Path::new("."))).unwrap_or_else(|e| panic!("{e}"));
            std::fs::write(&golden_path, &expected).unwrap_or_else(|e| panic!("{}: {e}", golden_path.display()));
            continue;
        }
        match std::fs::read(&golden_path) {
            Ok(found) if found == expected => {}
            Ok(_) => differ.push(format!("{path}: differs from {}", golden_path.display())),
            Err(e) => differ.push(format!("{path}: {}: {e}", golden_path.display())),
        }
    }
    assert!(differ.is_empty(), "golden files differ (UPDATE_GOLDEN=1 to rewrite, then review):\n{}", differ.join("\n"));
    let names: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    for plot in ["cactus", "quantile", "scatter", "coverage", "sizes"] {
        assert!(
            names.contains(&format!("plots/{plot}.svg").as_str())
                && names.contains(&format!("plots/{plot}.png").as_str()),
            "plot {plot}"
        );
    }
    for table in ["coverage", "coverage-by-family", "critical-depth", "encodings"] {
        assert!(
            names.contains(&format!("tables/{table}.csv").as_str())
                && names.contains(&format!("tables/{table}.tex").as_str()),
            "table {table}"
        );
    }
}

#[test]
fn the_same_results_give_the_same_bytes() {
    let a = report().files().unwrap_or_else(|e| panic!("{e}"));
    let b = report().files().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a, b);
}

#[test]
fn the_png_plots_are_images_of_the_fixed_size() {
    for plot in report().plots {
        assert_eq!(&plot.png[1..4], b"PNG", "{}", plot.id);
        let width = u32::from_be_bytes([plot.png[16], plot.png[17], plot.png[18], plot.png[19]]);
        let height = u32::from_be_bytes([plot.png[20], plot.png[21], plot.png[22], plot.png[23]]);
        assert_eq!((width, height), (reports::plot::WIDTH, reports::plot::HEIGHT), "{}", plot.id);
        assert!(plot.svg.contains("<svg") && plot.svg.contains("<text"), "{}: an SVG with text", plot.id);
    }
}

#[test]
fn the_coverage_table_counts_the_fixture() {
    let report = report();
    let text = {
        let mut out = Vec::new();
        reports::write_text(&mut out, &report.summary().table).unwrap_or_else(|e| panic!("{e}"));
        String::from_utf8(out).unwrap_or_default()
    };
    let row = |name: &str| -> Vec<String> {
        text.lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("row {name} in\n{text}"))
            .split_whitespace()
            .map(String::from)
            .collect()
    };
    // Jobs: hex 6 (3 depths × 2 encodings), ttt 2 (QDIMACS and QCIR count once), breakthrough 3.
    // none+caqe: hex 4 (depth 5 times out), ttt 1 (depth 3: a wrong `true` on the QDIMACS
    // file, which its correct answer on the QCIR file does not hide), breakthrough 1.
    assert_eq!(row("none+caqe")[1..7], ["11", "6", "2", "4", "1", "5"], "{text}");
    // bloqqer+depqbf answers breakthrough depth 4 too (false): 6 + 2 + 2.
    assert_eq!(row("bloqqer+depqbf")[1..7], ["11", "10", "4", "6", "0", "1"], "{text}");
    // VBS: every job but breakthrough depth 6.
    assert_eq!(row("VBS")[1..7], ["11", "10", "4", "6", "0", "1"], "{text}");
    // Average coverage of none+caqe: (4/6 + 1/2 + 1/3) / 3 = 0.50.
    assert_eq!(row("none+caqe").last().map(String::as_str), Some("0.50"), "{text}");
}
