//! A program and its arguments, and finding a program on `PATH`.
//!
//! An [`Invocation`] may also name a file for the program's standard output and a limit
//! on the size of the files it writes. A proof trace (DepQBF's `--trace`) runs to many
//! gigabytes: it goes straight into its file, never through a pipe and the harness's
//! memory, and the limit keeps it from filling the disk.

use std::path::{Path, PathBuf};

/// A program and its arguments, and where its standard output goes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Invocation {
    pub program: PathBuf,
    pub args: Vec<String>,
    /// The file the program's standard output goes to, created (mode 0600) or truncated
    /// by the harness before the program starts; `None`: a pipe, of which the harness
    /// keeps the end (see [`crate::Measurement::stdout`]). Standard error is a pipe
    /// either way.
    pub stdout_file: Option<PathBuf>,
    /// The largest file the program and its children may write, in bytes (RLIMIT_FSIZE):
    /// a write past it ends the writer with SIGXFSZ (or fails with EFBIG where the signal
    /// is ignored). It bounds `stdout_file` and any other file the program writes, not
    /// a pipe. `None`: no limit.
    pub max_output: Option<u64>,
}

/// The path of `name` on `PATH`, if it is there.
pub fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| is_executable(p))
}

/// Whether `path` is an executable file.
pub(crate) fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata().map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0).unwrap_or(false)
}
