//! Where the binary finds what it ships with, from any directory: [`harness::locate`]
//! over the copy of `suite/` built into the binary (`build.rs`).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::Result;
use harness::locate::Shipped;

/// The `suite/` tree built into the binary.
mod shipped {
    include!(concat!(env!("OUT_DIR"), "/shipped.rs"));
}

const SHIPPED: Shipped = Shipped { hash: shipped::HASH, files: shipped::FILES };

/// The solvers file used when `--config` is not given (clap's default value of every
/// command that takes one, all built at start-up: looked up once per process).
pub fn default_solvers() -> PathBuf {
    static FOUND: OnceLock<PathBuf> = OnceLock::new();
    FOUND.get_or_init(|| SHIPPED.solvers()).clone()
}

/// The folders shipped suites are looked up in ([`Shipped::suite_dirs`]).
pub fn suite_dirs() -> Vec<PathBuf> {
    SHIPPED.suite_dirs()
}

/// A suite argument: a suite file or a shipped suite's name ([`Shipped::suite_file`]).
pub fn suite_file(arg: &Path) -> Result<PathBuf> {
    Ok(SHIPPED.suite_file(arg)?)
}

/// The names of the shipped suites.
pub fn shipped_suites() -> Vec<String> {
    SHIPPED.suites()
}
