//! The resolved suite: its families ([`Family`]), their grid points ([`Point`]) and ladders
//! ([`Ladder`]), where expected answers come from ([`Expected`]), and places in the suite
//! file kept for later errors ([`Mark`]).

use std::path::PathBuf;
use std::time::Duration;

use ::game_registry::suite::{Encoding, Model, OutFormat, Params};
use certify::Certify;
use contract::{Budget, Depth, ParseError, Source};
use harness::Limits;
use qbf::tseitin::ClauseForm;

/// A resolved suite.
#[derive(Clone, Debug)]
pub struct Suite {
    pub name: String,
    pub description: String,
    /// The directory of the suite file; model paths are relative to it.
    pub dir: PathBuf,
    pub families: Vec<Family>,
}

/// Where expected answers come from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Not computed: `unknown`.
    None,
    /// The explicit-state reference solver, within a budget of seconds per instance. An
    /// instance that needs more is an error, never an `unknown` that would depend on the
    /// machine's speed: the manifest stays the same on every machine.
    Reference { budget: u64 },
    /// The reference solver within the budget, else `unknown` (`expected_by = none`):
    /// for instances meant to lie beyond reach, such as a ladder's top rungs. Which
    /// instances get an answer then depends on the machine's speed.
    ReferenceOrUnknown { budget: u64 },
}

impl Expected {
    /// The reference solver's budget per instance, if it is asked.
    pub fn budget(self) -> Option<u64> {
        match self {
            Expected::None => None,
            Expected::Reference { budget } | Expected::ReferenceOrUnknown { budget } => Some(budget),
        }
    }
}

/// A place in the suite file, kept for errors found after resolution (a ladder's solver
/// missing from the solvers file, a ladder missing from a `ladders.csv`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub line_text: String,
}

impl Mark {
    /// The place of byte `offset` of `source`.
    pub fn at(source: &Source, offset: usize) -> Mark {
        let loc = source.locate(offset);
        Mark { file: source.name.clone(), line: loc.line, col: loc.col, line_text: loc.line_text }
    }

    /// An error at this place.
    pub fn error(&self, message: impl Into<String>, help: impl Into<String>) -> ParseError {
        ParseError {
            file: self.file.clone(),
            line: self.line,
            col: self.col,
            line_text: self.line_text.clone(),
            message: message.into(),
            help: help.into(),
        }
    }
}

/// A grid point and its depths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    pub params: Params,
    pub depths: Vec<Depth>,
    /// The answer a published table gives for this point (`answer = true|false`).
    pub answer: Option<bool>,
}

/// A resolved family.
#[derive(Clone, Debug)]
pub struct Family {
    pub name: String,
    pub model: Model,
    /// What the game is (the suite's words; may be empty).
    pub description: String,
    /// Where the game or its models come from (may be empty).
    pub source: String,
    pub points: Vec<Point>,
    pub encodings: Vec<Encoding>,
    pub formats: Vec<OutFormat>,
    pub clause_form: ClauseForm,
    pub symmetry_breaking: bool,
    pub expected: Expected,
    /// `[options] max_size`: the most literals one instance may have (checked before it
    /// is built).
    pub budget: Budget,
    /// `[family.ladder]`: the parameter that grows, and how far.
    pub ladder: Option<Ladder>,
    /// `[family.certify]`, else the suite's `[certify]`: certify the family's QDIMACS
    /// instances (`qbfgames generate --certify SECONDS` sets it for every family).
    pub certify: Option<Certify>,
}

/// The parameter a ladder grows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Over {
    /// The family's depths, ascending.
    Depth,
    /// A grid key's values, in the order written.
    Key(String),
}

impl Over {
    /// As written in `over = "…"`.
    pub fn name(&self) -> &str {
        match self {
            Over::Depth => "depth",
            Over::Key(k) => k,
        }
    }
}

/// A family's `[family.ladder]`, resolved.
#[derive(Clone, Debug)]
pub struct Ladder {
    pub over: Over,
    /// Grid keys whose path templates use the ladder's key: they change with it.
    pub derived: Vec<String>,
    /// A solver of the solvers file; checked when generation loads that file.
    pub solver: String,
    /// CPU seconds per calibration run.
    pub limit_s: f64,
    /// The memory limit per calibration run, in bytes.
    pub memory: u64,
    /// Consecutive unsolved rungs after which the ladder stops.
    pub fails: u32,
    /// The competition limit (CPU seconds) up to which rungs past the stop are predicted
    /// and generated (see [`crate::ladder`]); `None`: the ladder ends at its stop.
    pub predict_to: Option<f64>,
    /// Where `over` is written: errors about the whole ladder point here.
    pub at: Mark,
    /// Where `solver` is written.
    pub solver_at: Mark,
}

impl Ladder {
    /// The limits of a calibration run: the CPU limit, the harness's default wall-clock
    /// safety limit, and the memory limit.
    pub fn limits(&self) -> Limits {
        Limits::new(Duration::from_secs_f64(self.limit_s), self.memory)
    }
}
