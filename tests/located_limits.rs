//! Limits broken by a number written in an input file are errors at that number
//! (`file:line:col`, the line quoted, the fix), and those broken by a flag name the flag:
//! a BDDL problem's `#depth` and a geography graph's rounds over the size budget, and
//! counts of 0 in a Slurm cluster profile. Nothing is written in either case.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

fn qbfgames(args: &[&str]) -> Result<Output> {
    Ok(Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output()?)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn s(p: &Path) -> Result<&str> {
    Ok(p.to_str().ok_or("temporary path not UTF-8")?)
}

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

const RAISE: &str = "help: lower this number in the file, or raise the budget with --max-size N";

#[test]
fn a_bddl_depth_too_large_is_refused_at_the_problems_depth() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let problem = dir.path().join("deep.ig");
    let el = repo("suite/games/bddl/httt/3x3_el.ig");
    let original = fs::read_to_string(&el)?;
    fs::write(&problem, original.replacen("#depth\n5\n", "#depth\n1000000000\n", 1))?;
    let domain = repo("suite/games/bddl/positional/domain.ig");
    let out = dir.path().join("out.qbf");
    for format in ["qcir", "qdimacs"] {
        let game = ["encode", "bddl", "--domain", s(&domain)?, "--problem", s(&problem)?];
        let run = qbfgames(&[&game[..], &["--format", format, "-o", s(&out)?]].concat())?;
        assert_eq!(run.status.code(), Some(1), "{format}: {}", stderr(&run));
        let err = stderr(&run);
        assert!(
            err.contains(&format!("{}:7:1: the formula at depth 1000000000 would have about", problem.display())),
            "{format}: {err}"
        );
        assert!(err.contains("  7 | 1000000000\n    | ^\n") && err.contains(RAISE), "{format}: {err}");
        assert!(!out.exists(), "{format}: nothing written");
    }
    let flag = ["encode", "bddl", "--domain", s(&domain)?, "--problem", s(&el)?];
    refused_at_the_flag(&[&flag[..], &["--depth", "1000000000", "-o", s(&out)?]].concat(), "3x3_el.ig:", &out)
}

/// A number given by flag that is too large: the refusal names the flag's way out, not the
/// game's file (`file`), and `out` is not written.
fn refused_at_the_flag(args: &[&str], file: &str, out: &Path) -> Result<()> {
    let run = qbfgames(args)?;
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    let err = stderr(&run);
    assert!(err.contains("lower the depth, or raise the budget") && !err.contains(file), "{err}");
    assert!(!out.exists(), "nothing written");
    Ok(())
}

#[test]
fn geography_rounds_too_large_are_refused_at_the_graphs_rounds() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let graph = dir.path().join("g.txt");
    fs::write(&graph, "\n  100000\n0 1\n1 0\n")?;
    let out = dir.path().join("out.qbf");
    let game = ["encode", "geography", "--graph", s(&graph)?, "--max-size", "1000", "-o", s(&out)?];
    let run = qbfgames(&game)?;
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    let err = stderr(&run);
    assert!(err.contains(&format!("{}:2:3: the formula at depth 100000 would have about", graph.display())), "{err}");
    assert!(err.contains("  2 |   100000\n    |   ^\n") && err.contains(RAISE), "{err}");
    assert!(!out.exists(), "nothing written");
    refused_at_the_flag(&[&game[..], &["--rounds", "100000"]].concat(), "g.txt:", &out)
}

#[test]
fn a_count_of_zero_is_refused_at_the_profile_key_or_the_flag() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let d = s(dir.path())?;
    fs::copy(repo("suite/slurm-test/manifest.csv"), dir.path().join("manifest.csv"))?;
    let profile = dir.path().join("cluster.toml");
    let common = ["slurm-script", d, "--config", "suite/slurm-test/solvers.toml", "--profile", s(&profile)?];
    for (key, col) in [("cpus_per_task", 17), ("array_limit", 15), ("shard_cells", 15)] {
        fs::write(&profile, format!("[slurm]\npartition = \"test\"\n{key} = 0\n"))?;
        let run = qbfgames(&common)?;
        assert_eq!(run.status.code(), Some(1), "{key}: {}", stderr(&run));
        let err = stderr(&run);
        let at = format!("{}:3:{col}: `{key}` is 0: it must be at least 1\n", profile.display());
        assert!(err.contains(&at) && err.contains("help: write 1 or more, or leave the key out"), "{key}: {err}");
    }
    fs::write(&profile, "[slurm]\npartition = \"test\"\n")?;
    for flag in ["--cpus-per-task", "--array-limit", "--shard-cells"] {
        let run = qbfgames(&[&common[..], &[flag, "0"]].concat())?;
        assert_eq!(run.status.code(), Some(1), "{flag}: {}", stderr(&run));
        let err = stderr(&run);
        assert!(err.contains(&format!("{flag} 0: must be at least 1\n  help: give {flag} 1 or more")), "{err}");
        assert!(!err.contains("cluster.toml:"), "{flag}: {err}");
    }
    assert!(!dir.path().join("slurm").exists(), "nothing written");
    Ok(())
}
