//! A certified answer ([`Certified`]): the proof checked, the certificate extracted from it
//! and verified with a SAT solver ([`certify`]), or either step alone ([`check_proof`],
//! [`verify_certificate`]).

use std::path::Path;
use std::time::Duration;

use contract::Verdict;
use qbf::formula::CnfQbf;

use crate::aig::Aig;
use crate::budget::Budget;
use crate::check::{self, Checked, ProofStats};
use crate::error::Error;
use crate::matrix::Matrix;
use crate::sat::{self, SatStats};

/// A certified answer.
pub struct Certified {
    pub verdict: Verdict,
    pub proof: ProofStats,
    pub certificate: Aig,
    pub sat: SatStats,
}

/// Checks the proof in `proof` for `formula`, extracts the certificate and verifies it.
pub fn certify(formula: &CnfQbf, proof: &Path, budget: Budget) -> Result<Certified, Error> {
    let checked = check::check_proof(formula, proof, budget.max_proof, budget.max_certificate)?;
    let matrix = Matrix::of(formula);
    let sat = sat::verify(&matrix, &checked.certificate, checked.verdict, budget.sat_time)?;
    Ok(Certified { verdict: checked.verdict, proof: checked.proof, certificate: checked.certificate, sat })
}

/// Checks the proof only (no certificate verification).
pub fn check_proof(formula: &CnfQbf, proof: &Path, max_bytes: u64) -> Result<Checked, Error> {
    check::check_proof(formula, proof, max_bytes, Budget::MAX_CERTIFICATE)
}

/// Verifies `certificate` for `formula` with a SAT solver.
pub fn verify_certificate(
    formula: &CnfQbf,
    certificate: &Aig,
    verdict: Verdict,
    time: Duration,
) -> Result<SatStats, Error> {
    sat::verify(&Matrix::of(formula), certificate, verdict, time)
}
