//! Asking a real solver about one formula: what the semantic tests of every encoding use.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::outcome::Outcome;
use super::process::{find_program, Invocation};
use super::timed::run;

/// The path of DepQBF, or an error that says how to install it.
pub fn depqbf() -> io::Result<PathBuf> {
    find_program("depqbf").ok_or_else(|| {
        io::Error::new(io::ErrorKind::NotFound, "depqbf is not on PATH; run `make solvers` (Debian package depqbf)")
    })
}

/// The path of CAQE as `make solvers` installs it (`tools/bin/pyqbf-caqe`, from the pyqbf
/// wheel), found in the current directory or an ancestor (tests run in a crate directory).
pub fn caqe() -> io::Result<PathBuf> {
    let cwd = std::env::current_dir()?;
    cwd.ancestors().map(|d| d.join("tools/bin/pyqbf-caqe")).find(|p| p.exists()).ok_or_else(|| {
        io::Error::new(io::ErrorKind::NotFound, "tools/bin/pyqbf-caqe is missing; run `make solvers` (pyqbf in .venv)")
    })
}

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
