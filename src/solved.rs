//! What `qbfgames solve` found: printed line by line as the search goes (an interrupted
//! `--critical` search still shows its bound), or with `--json` as one JSON object at the
//! end. The exit code is the QBF solvers' convention: 10 when the player wins, 20 when not.

use std::cell::RefCell;
use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result};
use serde_json::{Map, Value};

pub struct Solved {
    json: bool,
    fields: Map<String, Value>,
    /// The first line standard output did not take, reported by [`Solved::finish`].
    unwritten: RefCell<Option<std::io::Error>>,
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
            if let Err(e) = writeln!(std::io::stdout().lock(), "{line}") {
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
            let mut out = std::io::stdout().lock();
            serde_json::to_writer_pretty(&mut out, &self.fields).context("writing to standard output")?;
            writeln!(out).context("writing to standard output")?;
        }
        Ok(ExitCode::from(if wins { 10 } else { 20 }))
    }
}
