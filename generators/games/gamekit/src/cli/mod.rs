//! The command line of the models (feature `cli`): the [`ModelCli`] trait and how a model
//! declares its subcommands ([`command_of`], [`parse`]); what every model's command line
//! shares: the size budget, the output format and clause form, atomic output, the answer
//! of `solve`, and numbers read from a game's files.
//!
//! Doc comments of the clap types here are `--help` text.

pub mod graph;
mod model;

pub use model::{command_of, parse, ModelCli, PlayResult, Session};

use std::cell::RefCell;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use crate::{EncodeError, StreamError};
use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use contract::{Budget, Source};
use qbf::tseitin::{ClauseForm, Definitions, GatePlacement};
use serde_json::{Map, Value};

/// Reads an input file, naming it in the error.
pub fn read_source(path: &str) -> Result<Source> {
    Ok(Source::read(path)?)
}

/// Writes a file through `write`: into a temporary file beside `path`, renamed over
/// `path` only when `write` succeeded, so a failed or interrupted write leaves nothing
/// half-written. `-` writes to standard output.
pub fn write_atomically<T>(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<T>) -> Result<T> {
    if path.as_os_str() == "-" {
        let mut out = io::stdout().lock();
        return write(&mut out).context("writing to standard output");
    }
    Ok(contract::write_atomically(path, write)?)
}

/// The size budget of `encode`.
#[derive(Args, Debug)]
pub struct SizeBudget {
    /// Refuse, before any work, a game or formula estimated at more than this many literals
    /// (the sum of the clause lengths; a GDL grounding may make one ground atom per 100).
    #[arg(long, value_name = "LITERALS", default_value_t = Budget::DEFAULT_SIZE, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_size: u64,
}

impl SizeBudget {
    pub fn budget(&self) -> Budget {
        Budget::new(self.max_size)
    }
}

/// How a circuit becomes clauses (the clause-form variants of docs/encodings.md).
#[derive(Args, Copy, Clone, Debug)]
pub struct ClauseArgs {
    /// polarity: only the gate clauses each gate's polarity needs (Plaisted–Greenbaum;
    /// smaller and faster on game encodings); tseitin: both directions of every gate;
    /// universal: both directions only for gates under a universal variable's influence.
    #[arg(long, value_enum, default_value_t = DefinitionsArg::Polarity)]
    pub clause_form: DefinitionsArg,
    /// innermost: every gate variable in the innermost existential block; earliest: each in
    /// the earliest existential block after its inputs (helps expansion solvers).
    #[arg(long, value_enum, default_value_t = GatesArg::Innermost)]
    pub gates: GatesArg,
}

impl ClauseArgs {
    /// The clause form these flags choose.
    pub fn form(&self) -> ClauseForm {
        let definitions = match self.clause_form {
            DefinitionsArg::Polarity => Definitions::Polarity,
            DefinitionsArg::Tseitin => Definitions::Tseitin,
            DefinitionsArg::Universal => Definitions::Universal,
        };
        let gates = match self.gates {
            GatesArg::Innermost => GatePlacement::Innermost,
            GatesArg::Earliest => GatePlacement::Earliest,
        };
        ClauseForm { definitions, gates }
    }
}

/// Which defining clauses each gate gets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum DefinitionsArg {
    Polarity,
    Tseitin,
    Universal,
}

/// Where gate variables are quantified.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GatesArg {
    Innermost,
    Earliest,
}

/// A number at byte `offset` of the file `source` (a BDDL problem's `#depth`, a graph's
/// rounds): a size refusal it causes is an error at the number (`file:line:col`), which
/// the user lowers there, rather than at a flag they did not give.
pub struct FromFile {
    pub source: Source,
    pub offset: usize,
}

/// `err`, at the number when it is a size refusal and the number came from a file (`at`).
pub fn encode_error(at: Option<&FromFile>, err: EncodeError) -> anyhow::Error {
    match (at, err) {
        (Some(at), EncodeError::TooLarge(e)) => e.at(&at.source, at.offset).into(),
        (_, err) => err.into(),
    }
}

/// [`encode_error`] for a streamed encoding.
pub fn stream_error(at: Option<&FromFile>, err: StreamError) -> anyhow::Error {
    match err {
        StreamError::Encode(e) => encode_error(at, e),
        err => err.into(),
    }
}

/// What `qbfgames solve` found: printed line by line as the search goes (an interrupted
/// `--critical` search still shows its bound), or with `--json` as one JSON object at the
/// end. The exit code is the QBF solvers' convention: 10 when the player wins, 20 when not.
pub struct Solved {
    json: bool,
    fields: Map<String, Value>,
    /// The first line standard output did not take, reported by [`Solved::finish`].
    unwritten: RefCell<Option<io::Error>>,
}

impl Solved {
    /// An answer about `game` (`model`: bddl, gdl, pg, …) within `limit` `unit`s
    /// (plies, steps, time points, rounds).
    pub fn new(json: bool, model: &str, game: &str, limit: u32, unit: &str) -> Solved {
        let mut fields = Map::new();
        fields.insert("model".into(), model.into());
        fields.insert("game".into(), game.into());
        fields.insert("limit".into(), limit.into());
        fields.insert("unit".into(), unit.into());
        Solved { json, fields, unwritten: RefCell::new(None) }
    }

    /// A line of the text output (nothing with `--json`).
    pub fn say(&self, line: impl std::fmt::Display) {
        if !self.json {
            if let Err(e) = writeln!(io::stdout().lock(), "{line}") {
                self.unwritten.borrow_mut().get_or_insert(e);
            }
        }
    }

    /// A field of the JSON object.
    pub fn set(&mut self, key: &str, value: impl Into<Value>) {
        self.fields.insert(key.into(), value.into());
    }

    /// Prints the JSON object (with `--json`) and gives the exit code of `wins`.
    pub fn finish(mut self, wins: bool) -> Result<ExitCode> {
        if let Some(e) = self.unwritten.take() {
            return Err(e).context("writing to standard output");
        }
        if self.json {
            self.fields.insert("wins".into(), wins.into());
            let mut out = io::stdout().lock();
            serde_json::to_writer_pretty(&mut out, &self.fields).context("writing to standard output")?;
            writeln!(out).context("writing to standard output")?;
        }
        Ok(ExitCode::from(if wins { 10 } else { 20 }))
    }
}
