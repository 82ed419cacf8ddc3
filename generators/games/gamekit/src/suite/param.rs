//! The values of a suite family's grid, as resolved: what a model builds a job from.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

/// A grid value after resolution.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Param {
    Int(i64),
    Bool(bool),
    Str(String),
    /// A model file; the path as written (templates filled in), relative to the suite.
    Path(String),
    /// A number with a fraction, as TOML writes it (a float has no total order to key by).
    Decimal(String),
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Param::Int(i) => write!(f, "{i}"),
            Param::Bool(b) => write!(f, "{b}"),
            Param::Str(s) | Param::Path(s) | Param::Decimal(s) => f.write_str(s),
        }
    }
}

/// One point of a family's grid: key → value, in key order.
pub type Params = BTreeMap<String, Param>;

/// `key=value;key=value`, in key order: the `params` column of the manifest.
pub fn params_string(params: &Params) -> String {
    params.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(";")
}
