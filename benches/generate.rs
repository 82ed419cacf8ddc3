//! Generation throughput of the shipped suites: `qbfgames generate` into a fresh
//! directory, best of three, with all cores. Prints figures; asserts nothing.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const SUITES: &[&str] =
    &["suite/default.toml", "suite/sat2023-bddl.toml", "suite/gdl-aamas2024.toml", "suite/corplus.toml"];

fn main() -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    println!("| suite | files | MB | seconds | files/s |");
    println!("|---|---:|---:|---:|---:|");
    for suite in SUITES {
        let path = root.join(suite);
        if !path.exists() {
            continue;
        }
        let mut best = Duration::MAX;
        let mut summary = String::new();
        for _ in 0..3 {
            let out = tempfile::tempdir()?;
            let start = Instant::now();
            let run = Command::new(env!("CARGO_BIN_EXE_qbfgames"))
                .arg("generate")
                .arg(&path)
                .arg("--out")
                .arg(out.path())
                .output()?;
            best = best.min(start.elapsed());
            if !run.status.success() {
                return Err(std::io::Error::other(format!("{suite}: {}", String::from_utf8_lossy(&run.stderr))));
            }
            summary = String::from_utf8_lossy(&run.stdout).into_owned();
        }
        // "<name>: N files (…), X MB, …"
        let files: f64 =
            summary.split(": ").nth(1).and_then(|s| s.split(' ').next()).and_then(|n| n.parse().ok()).unwrap_or(0.0);
        let mb = summary
            .split(", ")
            .find(|p| p.ends_with(" MB"))
            .and_then(|p| p.trim_end_matches(" MB").parse().ok())
            .unwrap_or(0.0);
        println!("| {suite} | {files} | {mb:.1} | {:.2} | {:.0} |", best.as_secs_f64(), files / best.as_secs_f64());
    }
    Ok(())
}
