//! DepQBF with `--qdo` for the strategy tests, and clause removal for broken encodings.

use std::io::Write;
use std::time::Duration;

use encodings::Assignment;
use harness::{depqbf, Invocation};
use qbf::formula::{ClauseSink, Cnf, CnfQbf};
use qbf::io::write_qdimacs;
use strategy::qdo::parse_qdo;

/// DepQBF's verdict and outermost-block assignment.
pub fn qdo(qbf: &CnfQbf) -> Result<(bool, Assignment), String> {
    let mut file = tempfile::Builder::new().suffix(".qdimacs").tempfile().map_err(|e| e.to_string())?;
    write_qdimacs(&mut file, qbf, &[]).and_then(|_| file.flush()).map_err(|e| e.to_string())?;
    let program = depqbf().map_err(|e| format!("DepQBF is required (make solvers): {e}"))?;
    let inv = Invocation { program, args: vec!["--qdo".into(), file.path().display().to_string()] };
    let run = harness::run(&inv, Duration::from_secs(120)).map_err(|e| e.to_string())?;
    parse_qdo(&String::from_utf8_lossy(&run.stdout))
}

/// `qbf` without clause `skip`.
pub fn without(qbf: &CnfQbf, skip: usize) -> CnfQbf {
    let mut cnf = Cnf::new();
    for (k, clause) in qbf.cnf.iter().enumerate() {
        if k != skip {
            cnf.add_clause(clause);
        }
    }
    CnfQbf { max_var: qbf.max_var, prefix: qbf.prefix.clone(), cnf }
}
