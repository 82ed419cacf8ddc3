//! Asking a real solver about one formula: what the semantic tests of every encoding use.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::locate;
use super::outcome::Outcome;
use super::process::Invocation;
use super::timed::run;

/// The path of DepQBF ([`locate::tool`]), or an error that says how to install it.
pub fn depqbf() -> io::Result<PathBuf> {
    locate::tool("depqbf").map_err(|e| {
        io::Error::new(
            io::ErrorKind::NotFound,
            format!("{e}\n  help: install DepQBF (Debian package depqbf), or run `make solvers` in a checkout"),
        )
    })
}

/// The path of CAQE as pyqbf's `pyqbf-caqe` ([`locate::tool`]: `make solvers` links it
/// into a checkout's `tools/bin`, `make install` copies it to the prefix's), or an error
/// that says how to install it.
pub fn caqe() -> io::Result<PathBuf> {
    locate::tool("pyqbf-caqe").map_err(|e| io::Error::new(io::ErrorKind::NotFound, format!("{e}\n  help: {CAQE_HELP}")))
}

/// How to install `pyqbf-caqe`.
pub const CAQE_HELP: &str = "install pyqbf (`pip install pyqbf`) and link its `cmeel.prefix/bin/pyqbf_caqe` onto PATH as pyqbf-caqe, or run `make solvers` in a checkout";

/// Runs `solver` (exit codes 10/20) on a QDIMACS formula given as bytes, through a
/// temporary file.
pub fn solve_qdimacs(solver: &Path, qdimacs: &[u8], timeout: Duration) -> io::Result<Outcome> {
    let mut file = tempfile::Builder::new().suffix(".qdimacs").tempfile()?;
    file.write_all(qdimacs)?;
    file.flush()?;
    let inv = Invocation {
        program: solver.to_path_buf(),
        args: vec![file.path().display().to_string()],
        ..Invocation::default()
    };
    Ok(run(&inv, timeout)?.outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use contract::Verdict;

    #[test]
    fn depqbf_answers_true_and_false_formulas() -> io::Result<()> {
        let depqbf = depqbf()?;
        let t = Duration::from_secs(30);
        // ∀x ∃y. x ↔ y
        let forall_exists = b"p cnf 2 2\na 1 0\ne 2 0\n-1 2 0\n1 -2 0\n";
        assert_eq!(solve_qdimacs(&depqbf, forall_exists, t)?, Outcome::Solved(Verdict::True));
        // ∃y ∀x. x ↔ y
        let exists_forall = b"p cnf 2 2\ne 2 0\na 1 0\n-1 2 0\n1 -2 0\n";
        assert_eq!(solve_qdimacs(&depqbf, exists_forall, t)?, Outcome::Solved(Verdict::False));
        Ok(())
    }
}
