//! Asking a real solver about one formula: what the semantic tests of every encoding use.
//!
//! The solver is an entry of the solvers file in use ([`locate::default_solvers`]; in a
//! test, the checkout's `suite/solvers.toml` unless `$QBFGAMES_SOLVERS` or a user's file
//! says otherwise), so a test runs the program, arguments and answer reading that `run`
//! would.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

use contract::{Status, Verdict};

use super::answer::classify;
use super::config::{Tool, Tools};
use super::limited::run_limited;
use super::locate;
use super::outcome::Outcome;
use super::process::Invocation;
use super::timed::plain_limits;

/// A solver of the solvers file, its program found.
#[derive(Clone, Debug)]
pub struct Solver {
    /// The solvers file's entry.
    pub tool: Tool,
    /// The program of its `command`, located.
    pub program: PathBuf,
}

/// The solver `name` of the solvers file in use, or an error that names the file and
/// says how to install the solver.
pub fn solver(name: &str) -> io::Result<Solver> {
    let file = locate::default_solvers();
    let not_found = |e: super::Error| io::Error::new(io::ErrorKind::NotFound, format!("{}: {e}", file.display()));
    let tools = Tools::load(&file).map_err(not_found)?;
    let tool = tools.solver(name, &file).map_err(not_found)?.clone();
    let program = tool.locate(&tool.command[0]).map_err(not_found)?;
    Ok(Solver { tool, program })
}

/// Runs `solver`'s command on a QDIMACS formula given as bytes, through a temporary
/// file, with `timeout` as its CPU-time limit; its answer is read as the solvers file
/// says (exit codes and answer lines).
pub fn solve_qdimacs(solver: &Solver, qdimacs: &[u8], timeout: Duration) -> io::Result<Outcome> {
    let mut file = tempfile::Builder::new().suffix(".qdimacs").tempfile()?;
    file.write_all(qdimacs)?;
    file.flush()?;
    let limits = plain_limits(timeout);
    let argv = solver.tool.argv(file.path(), None, timeout.as_secs(), 0);
    let inv = Invocation { program: solver.program.clone(), args: argv[1..].to_vec(), ..Invocation::default() };
    let m = run_limited(&inv, &limits, None)?;
    Ok(match classify(&m, &limits, &solver.tool.answer) {
        (Status::True, _) => Outcome::Solved(Verdict::True),
        (Status::False, _) => Outcome::Solved(Verdict::False),
        (Status::Timeout | Status::Starved, _) => Outcome::Timeout,
        (Status::Unknown, _) => Outcome::Unknown,
        (status, detail) => Outcome::Error(if detail.is_empty() { status.to_string() } else { detail }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depqbf_answers_true_and_false_formulas() -> io::Result<()> {
        let depqbf = solver("depqbf")?;
        let t = Duration::from_secs(30);
        // ∀x ∃y. x ↔ y
        let forall_exists = b"p cnf 2 2\na 1 0\ne 2 0\n-1 2 0\n1 -2 0\n";
        assert_eq!(solve_qdimacs(&depqbf, forall_exists, t)?, Outcome::Solved(Verdict::True));
        // ∃y ∀x. x ↔ y
        let exists_forall = b"p cnf 2 2\ne 2 0\na 1 0\n-1 2 0\n1 -2 0\n";
        assert_eq!(solve_qdimacs(&depqbf, exists_forall, t)?, Outcome::Solved(Verdict::False));
        Ok(())
    }

    #[test]
    fn a_solver_the_file_lacks_is_named_with_the_file() {
        let e = solver("qbfgames-no-such-solver").expect_err("not in the solvers file");
        assert!(e.to_string().contains("--solver qbfgames-no-such-solver: not in "), "{e}");
    }
}
