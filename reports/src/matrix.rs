//! The outcome matrix: for every job (the manifest's `job`: family, parameters, depth and
//! encoding) and every configuration, the best result over the job's files.
//!
//! A job is the unit the tables count, not a file: a job is written as QDIMACS and as QCIR,
//! and a configuration runs the formats its solver reads, so counting files would count one
//! benchmark twice for some solvers and once for others. A configuration solves a job when
//! it answers correctly on any of its files; its time is the fastest such answer. A wrong
//! answer on any file makes the job wrong for that configuration: a correct answer on the
//! other format does not hide it.

use std::collections::BTreeMap;

use contract::Status;

use super::input::{answer, seconds, Answer, RunData};

/// A configuration's result on a job.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Cell {
    pub answer: Answer,
    /// Seconds: of the fastest answer, else of the longest unsolved attempt.
    pub seconds: f64,
    /// The status of the record the cell shows.
    pub status: Status,
    /// That record's CPU limit in seconds: an unsolved cell counts twice this in PAR-2.
    pub limit: f64,
    /// That record's index in [`RunData::records`].
    pub record: usize,
}

impl Cell {
    pub fn solved(&self) -> Option<f64> {
        matches!(self.answer, Answer::True | Answer::False).then_some(self.seconds)
    }
}

/// One job's row of the matrix.
#[derive(Clone, Debug, Default)]
pub struct JobRow {
    pub family: String,
    /// Results by configuration name.
    pub cells: BTreeMap<String, Cell>,
}

impl JobRow {
    /// The virtual best solver: the fastest answer of any configuration.
    pub fn best(&self) -> Option<Cell> {
        self.cells.values().filter(|c| c.solved().is_some()).copied().min_by(|a, b| a.seconds.total_cmp(&b.seconds))
    }
}

/// Jobs with at least one record, by job key.
#[derive(Clone, Debug, Default)]
pub struct Matrix {
    pub jobs: BTreeMap<String, JobRow>,
    pub configurations: Vec<String>,
    /// The largest CPU limit of the records.
    pub timeout: f64,
    /// Every CPU limit of the records, ascending.
    pub limits: Vec<f64>,
}

impl Matrix {
    pub fn new(data: &RunData) -> Matrix {
        let mut jobs: BTreeMap<String, JobRow> = BTreeMap::new();
        let name = data.naming();
        for (index, record) in data.records.iter().enumerate() {
            let job = data.instances.get(&record.instance).map_or(record.instance.as_str(), job_key);
            let row = jobs
                .entry(job.to_string())
                .or_insert_with(|| JobRow { family: data.family(record).to_string(), cells: BTreeMap::new() });
            let cell = Cell {
                answer: answer(record),
                seconds: seconds(record),
                status: record.status,
                limit: record.timeout_s,
                record: index,
            };
            row.cells
                .entry(name(record))
                .and_modify(|old| {
                    if better(&cell, old) {
                        *old = cell;
                    }
                })
                .or_insert(cell);
        }
        Matrix {
            jobs,
            configurations: data.configurations(),
            timeout: data.timeout(),
            limits: data.limits().into_iter().map(|(l, _)| l).collect(),
        }
    }

    /// Families, sorted, with their jobs.
    pub fn families(&self) -> BTreeMap<&str, Vec<&JobRow>> {
        let mut families: BTreeMap<&str, Vec<&JobRow>> = BTreeMap::new();
        for row in self.jobs.values() {
            families.entry(row.family.as_str()).or_default().push(row);
        }
        families
    }
}

/// The job a manifest row belongs to: its `job`, or the file alone in a hand-made manifest
/// without that column.
pub fn job_key(row: &contract::manifest::Row) -> &str {
    if row.job.is_empty() {
        &row.id
    } else {
        &row.job
    }
}

/// Whether `new` should replace `old` for the same job and configuration: a wrong answer
/// beats everything (it must stay visible), a correct answer beats none, and among correct
/// answers the faster wins.
fn better(new: &Cell, old: &Cell) -> bool {
    let rank = |c: &Cell| match c.answer {
        Answer::Wrong => 0,
        Answer::True | Answer::False => 1,
        Answer::Unsolved => 2,
        Answer::Starved => 3,
    };
    match rank(new).cmp(&rank(old)) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal if rank(new) == 1 => new.seconds < old.seconds,
        std::cmp::Ordering::Equal => new.seconds > old.seconds,
    }
}
