//! `qbfgames tune` end to end with DepQBF and Bloqqer (`make solvers`): two gate
//! placements of a small BDDL family and two GDL encodings, generated, run, summed up
//! in tune.md and tune.csv, every verdict equal to the reference solver's.

use std::path::{Path, PathBuf};
use std::process::Command;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

fn qbfgames() -> Command {
    Command::new(env!("CARGO_BIN_EXE_qbfgames"))
}

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// HTTT 3×3 el at depths 1–5 (lifted) and tic-tac-toe at depth 3 (GDL).
fn suite(dir: &Path) -> Result<PathBuf> {
    for model in ["bddl/positional/domain.ig", "bddl/httt/3x3_el.ig", "gdl/tictactoe.kif"] {
        let to = dir.join("games").join(model);
        std::fs::create_dir_all(to.parent().ok_or("a folder")?)?;
        std::fs::copy(repo("suite/games").join(model), to)?;
    }
    let suite = r#"name = "tiny"
[options]
expected = "reference"
expected_budget = 60
[[family]]
name = "httt"
model = "bddl"
depths = [1, 3, 5]
encodings = ["lifted"]
formats = ["qdimacs"]
[family.grid]
domain = "games/bddl/positional/domain.ig"
problem = "games/bddl/httt/3x3_el.ig"
[[family]]
name = "tictactoe"
model = "gdl"
depths = [3]
encodings = ["gdl-ge-gd"]
formats = ["qdimacs"]
[family.grid]
game = "games/gdl/tictactoe.kif"
"#;
    let path = dir.join("tiny.toml");
    std::fs::write(&path, suite)?;
    Ok(path)
}

#[test]
fn tune_measures_every_variant_and_keeps_the_summary() -> Result<()> {
    let tmp = tempfile::tempdir()?;
    let suite = suite(tmp.path())?;
    let out = tmp.path().join("tune");
    let config = repo("suite/solvers.toml");
    let common = ["--solvers", "depqbf", "--preprocessors", "none,bloqqer", "--timeout", "20", "--jobs", "1"];
    let tuned = qbfgames()
        .arg("tune")
        .arg(&suite)
        .args(["--family", "httt", "--vary", "gates=innermost,earliest", "--config"])
        .arg(&config)
        .arg("--out")
        .arg(&out)
        .args(common)
        .output()?;
    assert!(tuned.status.success(), "tune: {}", String::from_utf8_lossy(&tuned.stderr));
    let csv = std::fs::read_to_string(out.join("tune.csv"))?;
    let lines: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(lines.len(), 4, "2 variants x 2 configurations:\n{csv}");
    for variant in ["innermost", "earliest"] {
        for configuration in ["depqbf", "bloqqer+depqbf"] {
            let line = lines
                .iter()
                .find(|l| l.starts_with(&format!("httt,{variant},{configuration},")))
                .ok_or_else(|| format!("no line for {variant} {configuration}:\n{csv}"))?;
            assert!(line.contains(",3,3,"), "every job solved: {line}");
            if variant == "innermost" {
                assert!(line.contains(",1.000,"), "the family's own setting is the baseline: {line}");
            }
        }
    }
    let table = std::fs::read_to_string(out.join("tune.md"))?;
    assert!(table.contains("best over all configurations for httt:"), "{table}");
    let own = table.lines().find(|l| l.starts_with("| innermost |")).ok_or_else(|| format!("no row:\n{table}"))?;
    assert!(own.contains("(3/3) ×1.00"), "the baseline row: {own}");
    assert_eq!(String::from_utf8_lossy(&tuned.stdout), table, "the summary printed is the one kept");

    let encodings = qbfgames()
        .arg("tune")
        .arg(&suite)
        .args(["--family", "tictactoe", "--vary", "encoding=gdl-ge-gd,gdl-sd,lifted", "--config"])
        .arg(&config)
        .arg("--out")
        .arg(tmp.path().join("gdl"))
        .args(common)
        .output()?;
    assert!(encodings.status.success(), "tune: {}", String::from_utf8_lossy(&encodings.stderr));
    let table = String::from_utf8_lossy(&encodings.stdout);
    let sd = table.lines().find(|l| l.starts_with("| gdl-sd |")).ok_or_else(|| format!("no gdl-sd row:\n{table}"))?;
    assert!(sd.contains("(1/1)"), "solved by both configurations: {sd}");
    assert!(!table.contains("| lifted |"), "an encoding the model lacks is not measured: {table}");

    let bad = qbfgames().arg("tune").arg(&suite).args(["--vary", "gates=outermost"]).output()?;
    assert_eq!(bad.status.code(), Some(1));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("unknown gates `outermost`") && err.contains("innermost"), "{err}");
    Ok(())
}
