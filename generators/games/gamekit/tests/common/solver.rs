//! DepQBF with `--qdo` for the strategy tests, and clause removal for broken encodings.

use contract::Budget;
use gamekit::qdo::{QdoError, QdoRunner};
use gamekit::{Assignment, Encoding, Form, Side, SymbolMap};
use qbf::formula::{ClauseSink, Cnf, CnfQbf};
use qbf::tseitin::ClauseForm;

/// DepQBF's verdict and outermost-block assignment, by the shipped solvers file's `qdo`
/// command.
pub fn qdo(qbf: &CnfQbf) -> Result<(bool, Assignment), QdoError> {
    let solvers = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../suite/solvers.toml");
    QdoRunner::from_solvers(&solvers, "depqbf", 120, Budget::default())?.solve(qbf)
}

/// `game` at `depth` in clauses, with the map of `side`'s first move.
#[allow(dead_code)]
pub fn clauses<E: Encoding>(encoding: &E, game: &E::Game, depth: u32, side: Side) -> (CnfQbf, SymbolMap) {
    let form = ClauseForm::default();
    let (qbf, map) = encoding.formula(game, depth, side, Form::Clauses(form)).unwrap_or_else(|e| panic!("{e}"));
    (qbf.into_cnf(form), map.unwrap_or_else(|e| panic!("{e}")))
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
