//! The QDO oracles of `qbfgames strategy first-move`: where the outermost block comes
//! from — a solver's `--qdo` ([`QdoRunner`]) or a checked certificate
//! ([`FromCertificate`]) — and the [`Progress`] each is asked through.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use crate::Assignment;
use contract::Budget;
use qbf::formula::CnfQbf;
use qbf::io::write_qdimacs;

use crate::play::QdoSolver;
use crate::qdo::{parse_qdo, QdoError, QdoOracle, QdoRunner};
use crate::session::Thinking;

/// Certifies a QDIMACS file: a tracing solver's answer, its proof checked and its
/// certificate verified, the constants of the outermost block printed as `--qdo` prints
/// them.
pub trait CertifyFile {
    /// The tracing solver's name, for errors.
    fn program(&self) -> String;

    /// `file` certified, its proof written to `scratch`: a `c` line saying what the
    /// certificate was, then `--qdo`'s lines; or why there is no certificate.
    fn certify(&self, file: &Path, scratch: &Path) -> Result<String, QdoError>;
}

/// The outermost block from a checked certificate: each formula written to a temporary
/// file and certified, its `--qdo`-like output read as `--qdo`'s is.
pub struct FromCertificate {
    certifier: Box<dyn CertifyFile>,
    budget: Budget,
    /// What the last certificate was (the certifier's comment line).
    note: Option<String>,
}

impl FromCertificate {
    /// The oracle of `certifier`, on formulas within `budget`.
    pub fn new(certifier: Box<dyn CertifyFile>, budget: Budget) -> FromCertificate {
        FromCertificate { certifier, budget, note: None }
    }
}

impl QdoOracle for FromCertificate {
    fn solve(&mut self, qbf: &CnfQbf) -> Result<(bool, Assignment), QdoError> {
        let scratch = tempfile::Builder::new().prefix("qbfgames-certify-").tempdir()?;
        let path = scratch.path().join("formula.qdimacs");
        let mut file = BufWriter::new(File::create(&path)?);
        write_qdimacs(&mut file, qbf, &[])?;
        file.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        let text = self.certifier.certify(&path, scratch.path())?;
        self.note = text.lines().find_map(|l| l.strip_prefix("c ")).map(str::to_string);
        parse_qdo(&text).map_err(|source| QdoError::Output { program: self.certifier.program(), source })
    }

    fn budget(&self) -> Budget {
        self.budget
    }
}

/// An oracle with progress on standard error: what is being solved (the position's
/// formula, its size), a [`Thinking`] line while the solver works (on a terminal), and how
/// long it took; then that the reference solver checks the move.
pub struct Progress<'o> {
    oracle: &'o mut QdoSolver<'static>,
    /// The solver's name, as the options give it.
    name: String,
    started: Instant,
    calls: usize,
}

impl Progress<'_> {
    /// Writes a line to standard error, dropping what it cannot take: the work never
    /// depends on a diagnostic.
    fn say(&self, line: std::fmt::Arguments) {
        drop(writeln!(std::io::stderr().lock(), "[{:.1} s] {line}", self.started.elapsed().as_secs_f64()));
    }
}

impl QdoOracle for Progress<'_> {
    fn solve(&mut self, qbf: &CnfQbf) -> Result<(bool, Assignment), QdoError> {
        self.calls += 1;
        let (name, vars, clauses) = (self.name.clone(), qbf.max_var, qbf.cnf.len());
        self.say(format_args!(
            "formula {} encoded ({vars} variables, {clauses} clauses); {name} solves it",
            self.calls
        ));
        let asked = Instant::now();
        let answer = {
            let _thinking = Thinking::start(&format!("{name} is solving"));
            self.oracle.solve(qbf)?
        };
        let verdict = if answer.0 { "true" } else { "false" };
        self.say(format_args!(
            "{name} answered {verdict} in {:.1} s; the reference solver checks the move",
            asked.elapsed().as_secs_f64()
        ));
        Ok(answer)
    }

    fn budget(&self) -> Budget {
        self.oracle.budget()
    }
}

/// Where the first move is read from: `--qdo`, or a certificate.
pub enum Oracle {
    /// A solver's `--qdo` assignment.
    Qdo(QdoRunner),
    /// The constants of a checked certificate.
    Certificate(Box<FromCertificate>),
}

impl Oracle {
    fn oracle(&mut self) -> &mut QdoSolver<'static> {
        match self {
            Oracle::Qdo(runner) => runner,
            Oracle::Certificate(runner) => runner.as_mut(),
        }
    }

    /// The oracle, reporting its progress on standard error.
    pub fn solver(&mut self) -> Progress<'_> {
        let name = match self {
            Oracle::Qdo(runner) => runner.solver.clone(),
            Oracle::Certificate(_) => "depqbf (certified)".to_string(),
        };
        Progress { oracle: self.oracle(), name, started: Instant::now(), calls: 0 }
    }

    /// What the last certificate was, for the report.
    pub fn note(&self) -> Option<&str> {
        match self {
            Oracle::Qdo(_) => None,
            Oracle::Certificate(runner) => runner.note.as_deref(),
        }
    }
}
