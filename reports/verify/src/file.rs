//! A published table (`suite/published/*.toml`) exactly as written: typed TOML with spans,
//! unknown keys refused. `resolve` checks the values and names the key in every error.

use std::collections::BTreeMap;

use contract::{parse_toml, ParseError, Source};
use serde::Deserialize;
use toml::{Spanned, Value};

/// The whole file: where the table comes from, the suites holding its games, its columns
/// and rows.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableFile {
    pub name: Spanned<String>,
    /// Authors, title, venue.
    pub paper: String,
    /// The table's number and caption.
    pub table: String,
    /// The CSV transcription this file was written from, relative to this file.
    pub transcribed_from: Spanned<String>,
    /// Suite files (relative to this file) whose families the rows name.
    pub suites: Spanned<Vec<Spanned<String>>>,
    /// Each solver or preprocessor run's time limit in seconds (`--timeout` overrides).
    pub timeout: Option<Spanned<Value>>,
    /// The paper's time limit per run, in seconds, shown beside ours.
    pub published_timeout: Option<Spanned<Value>>,
    /// Cell settings every row and column inherits.
    #[serde(default)]
    pub defaults: Entry,
    #[serde(rename = "column", default)]
    pub columns: Vec<Spanned<Entry>>,
    #[serde(rename = "row", default)]
    pub rows: Vec<Spanned<Entry>>,
}

/// The settings of a cell, as a table default, a column or a row: a cell's settings are
/// the defaults, then its row's and its column's (a key set by both is an error).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// A column's name (the header of the published table).
    pub name: Option<Spanned<String>>,
    /// A column checked against another column's published values (the same claim, by
    /// another solver).
    pub value_of: Option<Spanned<String>>,
    /// A row's label (the published row's key columns).
    pub label: Option<Spanned<String>>,
    /// A row's published values, by column name.
    pub values: Option<Spanned<BTreeMap<String, Spanned<Value>>>>,
    /// A row's differences explained: column → the value we produce and why it differs.
    pub known: Option<Spanned<BTreeMap<String, Spanned<Known>>>>,
    /// `"rows"`: the row sums (or, for `coverage`, averages) the other rows' cells.
    pub aggregate: Option<Spanned<String>>,
    /// A family of one of the suites.
    pub family: Option<Spanned<String>>,
    /// The grid point, by some of its keys; without one, a cell covers the whole family.
    pub point: Option<Spanned<BTreeMap<String, Spanned<Value>>>>,
    pub encoding: Option<Spanned<String>>,
    /// The published depth (plies).
    pub depth: Option<Spanned<i64>>,
    /// Added to the published depth to get our instance's (a second player's opening pass).
    pub offset: Option<Spanned<i64>>,
    /// Added to the depth for this cell's run (-2: the refutation at d-2).
    pub shift: Option<Spanned<i64>>,
    /// A solver of `suite/solvers.toml`, or `reference` (the explicit-state solver).
    pub solver: Option<Spanned<String>>,
    /// A preprocessor of `suite/solvers.toml`, or `none`.
    pub preprocessor: Option<Spanned<String>>,
    /// What the cell holds: outcome, time, preprocess_time, a size, or a count.
    pub measure: Option<Spanned<String>>,
    /// Sizes: the allowed relative difference (0.02 = 2%).
    pub tolerance: Option<Spanned<Value>>,
    /// Why we cannot produce this cell (a tool or encoding we do not have).
    pub unavailable: Option<Spanned<String>>,
}

/// A known, explained difference: the value we produce, so that any change shows.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Known {
    pub ours: Value,
    pub why: String,
}

/// Parses a published table; TOML and type errors become [`ParseError`]s at the key.
pub fn parse(source: &Source) -> Result<TableFile, ParseError> {
    parse_toml(source, "a published table needs name, paper, table, transcribed_from and suites", "docs/verify.md")
}
