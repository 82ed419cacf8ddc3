//! Where the binary finds what it ships with, from any directory: the solvers
//! configuration and the shipped suites (with their game models).
//!
//! The solvers configuration, first found wins:
//! 1. `--config FILE`;
//! 2. `$QBFGAMES_SOLVERS`;
//! 3. `$XDG_CONFIG_HOME/qbfgames/solvers.toml` (`~/.config/qbfgames/solvers.toml`);
//! 4. the install prefix's `PREFIX/share/qbfgames/suite/solvers.toml` (`make install`);
//! 5. `suite/solvers.toml` under the current directory (a checkout);
//! 6. the built-in default (the shipped `suite/solvers.toml`), written once to
//!    `$XDG_CACHE_HOME/qbfgames/solvers.toml` so that every process of a run (Slurm shards
//!    too) reads the same file; its programs are looked up on `PATH` by name when the
//!    relative path it names does not exist.
//!
//! A suite given by name (`default`, `corplus`) is `suite/NAME.toml` under the current
//! directory, else `PREFIX/share/qbfgames/suite/NAME.toml`, else the copy of `suite/`
//! built into the binary, unpacked once to `$XDG_CACHE_HOME/qbfgames/suite-HASH/` (a
//! binary from `cargo install`, without checkout or prefix).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::{bail, Result};

/// `PREFIX/share/qbfgames` of the running binary (`PREFIX/bin/qbfgames`), if installed.
pub fn share_dir() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?.join("share/qbfgames");
    dir.is_dir().then_some(dir)
}

fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from)
}

fn home_dir(xdg: &str, fallback: &str) -> Option<PathBuf> {
    env_path(xdg).or_else(|| env_path("HOME").map(|h| h.join(fallback)))
}

/// The solvers file used when `--config` is not given (clap's default value of every
/// command that takes one, all built at start-up: looked up once per process).
pub fn default_solvers() -> PathBuf {
    static FOUND: OnceLock<PathBuf> = OnceLock::new();
    FOUND.get_or_init(find_solvers).clone()
}

fn find_solvers() -> PathBuf {
    if let Some(file) = env_path("QBFGAMES_SOLVERS") {
        return file;
    }
    let candidates = [
        home_dir("XDG_CONFIG_HOME", ".config").map(|d| d.join("qbfgames/solvers.toml")),
        share_dir().map(|d| d.join("suite/solvers.toml")),
        Some(PathBuf::from("suite/solvers.toml")),
    ];
    if let Some(found) = candidates.into_iter().flatten().find(|p| p.is_file()) {
        return found;
    }
    unpacked().map(|d| d.join("solvers.toml")).unwrap_or_else(|| PathBuf::from("suite/solvers.toml"))
}

/// The `suite/` tree built into the binary (`build.rs`).
mod shipped {
    include!(concat!(env!("OUT_DIR"), "/shipped.rs"));
}

/// The built-in `suite/` tree unpacked to the cache directory. The folder is named by the
/// tree's hash and marked complete last, so an unpacking cut short is redone and concurrent
/// ones write the same bytes.
fn unpacked() -> Option<PathBuf> {
    let dir = home_dir("XDG_CACHE_HOME", ".cache")?.join(format!("qbfgames/suite-{}", shipped::HASH));
    let complete = dir.join(".complete");
    if complete.is_file() {
        return Some(dir);
    }
    for (rel, bytes) in shipped::FILES {
        let file = dir.join(rel);
        std::fs::create_dir_all(file.parent()?).ok()?;
        contract::write_atomically(&file, |w| w.write_all(bytes)).ok()?;
    }
    contract::write_atomically(&complete, |_| Ok(())).ok()?;
    Some(dir)
}

/// The folders shipped suites are looked up in, in order: the current directory's
/// `suite/`, the install prefix's, and, when neither exists, the built-in copy.
pub fn suite_dirs() -> Vec<PathBuf> {
    let mut dirs = vec![PathBuf::from("suite")];
    dirs.extend(share_dir().map(|d| d.join("suite")));
    let mut dirs: Vec<PathBuf> = dirs.into_iter().filter(|d| d.is_dir()).collect();
    if dirs.is_empty() {
        dirs.extend(unpacked());
    }
    dirs
}

/// A suite argument: an existing file as it is, else a shipped suite by name. A folder is
/// never a suite file, so a folder named like a shipped suite (`generate demo --out demo`
/// run twice) leaves the name to the suite.
pub fn suite_file(arg: &Path) -> Result<PathBuf> {
    if arg.is_file() {
        return Ok(arg.to_path_buf());
    }
    let name = arg.to_string_lossy();
    let bare = !name.contains('/');
    if bare {
        let stem = name.strip_suffix(".toml").unwrap_or(&name);
        if let Some(file) = suite_dirs().iter().map(|d| d.join(format!("{stem}.toml"))).find(|f| f.is_file()) {
            return Ok(file);
        }
    }
    let shipped = shipped_suites();
    let shipped =
        if shipped.is_empty() { "none found: install with `make install`".to_string() } else { shipped.join(", ") };
    if arg.is_dir() {
        bail!(
            "{name}: a folder, not a suite file\n  help: give the suite file's path (a folder `generate` wrote keeps its suite in {name}/models/), or the name of a shipped suite ({shipped})"
        );
    }
    bail!(
        "{name}: no such suite file{}\n  help: give a suite file's path, or the name of a shipped suite ({shipped}); `qbfgames list suites` lists them",
        if bare { " and no shipped suite of that name" } else { "" },
    )
}

/// The names of the shipped suites.
pub fn shipped_suites() -> Vec<String> {
    let mut names: Vec<String> = suite_dirs()
        .iter()
        .flat_map(|d| std::fs::read_dir(d).into_iter().flatten().flatten())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml") && p.file_stem().is_some_and(|s| s != "solvers"))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names.dedup();
    names
}
