//! Where the binary finds what it ships with, from any directory: [`harness::locate`]
//! over the copy of `suite/` built into the binary (`build.rs`).

use std::path::{Path, PathBuf};

use anyhow::Result;
use harness::locate::Shipped;

/// The `suite/` tree built into the binary.
mod shipped {
    include!(concat!(env!("OUT_DIR"), "/shipped.rs"));
}

/// The tree built into the binary; `main` registers it with [`harness::locate::ship`].
pub const SHIPPED: Shipped = Shipped { hash: shipped::HASH, files: shipped::FILES };

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
