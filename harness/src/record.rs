//! The result record of one cell: the same fields, in the same order, in `results.jsonl`
//! and `results.csv`.

use serde::{Deserialize, Serialize};

use super::status::Status;

/// One finished cell. `key` identifies it: the instance, the preprocessor and solver
/// with their versions, and the limits; a record exists only once the cell is final.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub key: String,
    /// The number of the `run` invocation that produced it (see `environment.jsonl`).
    pub run: u64,
    pub instance: String,
    pub family: String,
    pub format: String,
    /// `none`, or the preprocessor's name.
    pub preprocessor: String,
    pub preprocessor_version: String,
    pub solver: String,
    pub solver_version: String,
    pub timeout_s: f64,
    pub memory_mb: u64,
    pub status: Status,
    /// The manifest's expected answer: true, false or unknown.
    pub expected: String,
    /// What preprocessing ended with (`rewritten`, an answer, or a failure); empty without one.
    pub pre_status: String,
    pub pre_cpu_s: f64,
    pub pre_wall_s: f64,
    pub cpu_s: f64,
    pub wall_s: f64,
    pub peak_mb: f64,
    pub exit_code: Option<i32>,
    pub signal: Option<i32>,
    pub detail: String,
}

impl Record {
    /// The configuration that produced the record, as shown in reports.
    pub fn configuration(&self) -> String {
        format!("{}+{}", self.preprocessor, self.solver)
    }

    /// The answer contradicts the manifest's expected value.
    pub fn is_wrong(&self) -> bool {
        match self.status {
            Status::True => self.expected == "false",
            Status::False => self.expected == "true",
            _ => false,
        }
    }
}

/// The key of a cell.
pub fn cell_key(
    instance: &str,
    preprocessor: &str,
    preprocessor_version: &str,
    solver: &str,
    solver_version: &str,
    limits: &str,
) -> String {
    format!("{instance}|{preprocessor}@{preprocessor_version}|{solver}@{solver_version}|{limits}")
}
