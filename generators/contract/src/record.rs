//! The result record of one cell: the same fields, in the same order, in `results.jsonl`
//! and `results.csv`.

use serde::{Deserialize, Serialize};

use super::verdict::Verdict;

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
    /// The CPU-time limit, seconds.
    pub timeout_s: f64,
    /// The wall-clock safety limit, seconds.
    #[serde(default)]
    pub wall_timeout_s: f64,
    pub memory_mb: u64,
    /// How the cell ended, after the checks: an answer the checks rejected is `wrong` or
    /// `conflict` here, never `true` or `false`.
    pub status: Status,
    /// The answer the solver (or the preprocessor) gave, checked or not: `true`, `false`,
    /// or empty.
    #[serde(default)]
    pub answer: String,
    /// What the checks said of the answer: `correct` (the expected answer), `wrong` (the
    /// opposite), `conflict` (another configuration said the opposite, and the answer is
    /// not known), `unchecked` (nothing to check it against), or empty without an answer.
    #[serde(default)]
    pub check: String,
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
    /// The core the solver was pinned to, if it was.
    #[serde(default)]
    pub core: Option<usize>,
    /// The one-minute load average when the solver started and when it ended.
    #[serde(default)]
    pub load_start: f64,
    #[serde(default)]
    pub load_end: f64,
    /// The solver's output (first and last 64 KiB of each stream, gzip'd), relative to
    /// the run directory; empty when the cell ran no solver.
    #[serde(default)]
    pub log: String,
    pub detail: String,
    /// What certifying the answer found (`run --certify`, the harness's `certifier`):
    /// `certified`, `rejected: <the first failing step or the reason>` (the answer is
    /// then `wrong`), `unverified: <why>` (e.g. the SAT check's time ran out); empty when
    /// the cell was not certified or gave no answer. Absent from older results; the last
    /// column, so the columns before it keep their places.
    #[serde(default)]
    pub certificate: String,
    /// Whether another run of the matrix held an SMT sibling of the solver's core (a
    /// hyperthread of the same physical core) while it ran, which slows both; empty when
    /// the solver was not pinned. Absent from older results.
    #[serde(default)]
    pub core_shared: Option<bool>,
}

impl Record {
    /// The configuration that produced the record, as shown in reports.
    pub fn configuration(&self) -> String {
        format!("{}+{}", self.preprocessor, self.solver)
    }

    /// The answer contradicts the manifest's expected value.
    pub fn is_wrong(&self) -> bool {
        self.check == "wrong"
    }

    /// Whether certifying the answer rejected it (see [`Record::certificate`]).
    pub fn certificate_rejected(&self) -> bool {
        self.certificate.starts_with("rejected")
    }

    /// The answer given, checked or not.
    pub fn answer(&self) -> Option<Verdict> {
        self.answer.parse().ok().or_else(|| self.status.verdict())
    }

    /// Records `answer` (or none) and checks it against the expected value alone:
    /// `correct`, `wrong` or `unchecked`; the harness's `judge` adds conflicts.
    pub fn set_answer(&mut self, answer: Option<Verdict>) {
        self.answer = answer.map_or(String::new(), |v| v.to_string());
        self.judge(false);
    }

    /// Sets `check` and `status` from the answer, the expected value and whether another
    /// configuration gave the opposite answer on the same instance. An answer whose
    /// certificate was rejected is `wrong`, whatever the expected value.
    pub fn judge(&mut self, contradicted: bool) {
        let Some(answer) = self.answer() else {
            self.check.clear();
            return;
        };
        let (check, status) = match self.expected.parse::<Verdict>() {
            _ if self.certificate_rejected() => ("wrong", Status::Wrong),
            Ok(expected) if expected == answer => ("correct", Status::from_verdict(answer)),
            Ok(_) => ("wrong", Status::Wrong),
            Err(_) if contradicted => ("conflict", Status::Conflict),
            Err(_) => ("unchecked", Status::from_verdict(answer)),
        };
        self.check = check.to_string();
        self.status = status;
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
