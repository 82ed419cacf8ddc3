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
//! - `certified`: the three together ([`certify`]), under a [`Budget`] (`budget`), into a
//!   [`Certified`] answer; the proof's check alone ([`check_proof`], a [`Checked`] proof with
//!   its [`ProofStats`]) and the certificate's verification alone ([`verify_certificate`]).
//!
//! - `trace`: running a tracing solver under the harness's limits, its proof streamed to
//!   a temporary file, and certifying its answer (the solver's `trace` command of the
//!   solvers file, [`Tracer`]).
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
mod budget;
mod certified;
mod certifier;
mod check;
pub mod child;
#[cfg(feature = "cli")]
pub mod cli;
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

pub use aig::Aig;
pub use budget::Budget;
pub use certified::{certify, check_proof, verify_certificate, Certified};
pub use certifier::{certify_file, Certifier, InProcess};
pub use check::{Checked, ProofStats};
pub use child::{certify_here, certify_in_child, depqbf_tracer, ChildError};
pub use error::{Error, StepAt};
pub use limits::Certify;
pub use outcome::{outcome, Outcome};
pub use outermost::outermost;
pub use run_certifier::RunCertifier;
pub use sat::SatStats;
pub use trace::{certify_run, Report, Tracer};
