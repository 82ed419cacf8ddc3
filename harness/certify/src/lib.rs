//! Certified answers: a solver's Q-resolution proof is checked step by step, the
//! certificate (Skolem functions for a true formula, Herbrand functions for a false one)
//! is extracted from it as an AIG, and a SAT solver verifies that the certificate,
//! substituted into the matrix, makes the formula valid (resp. unsatisfiable).
//!
//! - `qrp`: the streaming reader of DepQBF's QRP traces.
//! - `index` (first pass): which steps the conclusion needs and how often each is used.
//! - `check` (second pass, with `rules`, `matrix`, `levels`): every needed step is
//!   a valid Q-resolution (term resolution) step with correct reduction; input clauses
//!   are the formula's, initial cubes satisfy its matrix; the last step is empty; the
//!   proof's prefix is the formula's. A step is kept only until its last use, so memory
//!   follows the proof's width, not its length.
//! - `functions`: the certificate from the reductions (Balabanov & Jiang), as an [`Aig`].
//! - `sat`: the certificate's verification with CaDiCaL.
//!
//! - `trace`: running a tracing solver under the harness's limits, its proof streamed to
//!   a temporary file, and certifying its answer.
//! - `run_certifier`: [`RunCertifier`], the harness's certifier hook of `qbfgames run
//!   --certify`.
//!
//! One QDIMACS file certified under limits (`generate --certify`, `verify --close`):
//! - `limits`: [`Certify`], the limits (CPU time, memory, the largest proof).
//! - `outcome`: [`Outcome`], what certifying one file came to, from a run's [`Report`].
//! - `certifier`: the [`Certifier`] trait, and [`InProcess`], the certification in this
//!   process.
//! - [`child`]: the same in a child `qbfgames certify-qdimacs` process, whose memory limit
//!   holds for the proof checker too: the parent's side ([`certify_in_child`]), the
//!   child's ([`certify_here`]), and DepQBF's tracer from a solvers file
//!   ([`depqbf_tracer`]).
//! - `outermost`: the outermost block's constants read from a certificate
//!   ([`outermost()`]), as `--qdo` prints them.

mod aig;
mod certifier;
mod check;
pub mod child;
mod error;
mod functions;
mod index;
mod levels;
mod limits;
mod matrix;
mod outcome;
mod outermost;
mod qrp;
mod rules;
mod run_certifier;
mod sat;
mod trace;

use std::path::Path;
use std::time::Duration;

use contract::Verdict;
use qbf::formula::CnfQbf;

pub use aig::Aig;
pub use certifier::{certify_file, Certifier, InProcess};
pub use child::{certify_here, certify_in_child, depqbf_tracer, ChildError};
pub use error::{Error, StepAt};
pub use limits::Certify;
pub use outcome::{outcome, Outcome};
pub use outermost::outermost;
pub use run_certifier::RunCertifier;
pub use sat::SatStats;
pub use trace::{certify_run, Report, Tracer};

/// The arguments of DepQBF 5.01 that make it write a QRP trace it can be certified by:
/// plain Q-resolution (no long-distance resolution, no dependency schemes, no dynamic
/// blocked clause elimination).
pub const DEPQBF_TRACE_ARGS: [&str; 4] = ["--trace", "--dep-man=simple", "--traditional-qcdcl", "--no-qbce-dynamic"];

/// Figures of a checked proof.
#[derive(Clone, Debug, PartialEq)]
pub struct ProofStats {
    pub bytes: u64,
    /// Steps in the file.
    pub steps: u64,
    /// Steps the conclusion depends on (the ones checked).
    pub needed: u64,
    /// Input clauses or initial cubes among the needed steps.
    pub initial: u64,
    /// Needed steps that reduce.
    pub reductions: u64,
    /// The most steps kept at once.
    pub peak_live: u64,
    /// Both passes.
    pub time: Duration,
}

/// A proof that passed every check, with the certificate extracted from it.
pub struct Checked {
    pub verdict: Verdict,
    pub proof: ProofStats,
    /// Skolem (true) or Herbrand (false) functions, one output per certified variable.
    pub certificate: Aig,
}

/// A certified answer.
pub struct Certified {
    pub verdict: Verdict,
    pub proof: ProofStats,
    pub certificate: Aig,
    pub sat: SatStats,
}

/// How far a certification may go.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Budget {
    /// The largest proof file checked, in bytes.
    pub max_proof: u64,
    /// How long the SAT solver may take to verify the certificate.
    pub sat_time: Duration,
    /// The most rules and and-gates the certificate may have (memory: about 16 bytes each).
    pub max_certificate: u64,
}

impl Budget {
    /// The default certificate limit: 100 million rules and gates, about 1.6 GB.
    pub const MAX_CERTIFICATE: u64 = 100_000_000;
}

/// Checks the proof in `proof` for `formula`, extracts the certificate and verifies it.
pub fn certify(formula: &CnfQbf, proof: &Path, budget: Budget) -> Result<Certified, Error> {
    let checked = check::check_proof(formula, proof, budget.max_proof, budget.max_certificate)?;
    let matrix = matrix::Matrix::of(formula);
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
    sat::verify(&matrix::Matrix::of(formula), certificate, verdict, time)
}
