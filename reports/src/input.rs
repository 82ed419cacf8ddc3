//! The inputs of a report: `DIR/manifest.csv` (written by `qbfgames generate`) and
//! `DIR/results.csv` (written by `qbfgames run`), joined on the instance id.

use std::collections::BTreeMap;
use std::path::Path;

use contract::manifest::{self, Row};
use contract::{Record, Status};

use super::error::Error;

/// The manifest and the results of one directory.
#[derive(Clone, Debug)]
pub struct RunData {
    /// Manifest rows by instance id (the first row of an id wins).
    pub instances: BTreeMap<String, Row>,
    /// Result records, sorted by key.
    pub records: Vec<Record>,
}

impl RunData {
    /// Reads `dir/manifest.csv` and `dir/results.csv`.
    pub fn load(dir: &Path) -> Result<RunData, Error> {
        let rows = manifest::read(dir)?;
        let results_path = dir.join("results.csv");
        let records = read_results(&results_path)?;
        Ok(RunData::new(rows, records))
    }

    /// Joins rows and records; records are sorted by key and their answers judged again
    /// (see [`harness::judge`]), so a results file written by an older version, or edited,
    /// is checked the same way.
    pub fn new(rows: Vec<Row>, records: Vec<Record>) -> RunData {
        let mut instances = BTreeMap::new();
        for row in rows {
            instances.entry(row.id.clone()).or_insert(row);
        }
        let mut records = records;
        records.sort_by(|a, b| a.key.cmp(&b.key));
        harness::judge(records.iter_mut());
        RunData { instances, records }
    }

    /// The part of the run on one track: the instances written in `format` (`qdimacs`,
    /// `qcir`) and their records.
    pub fn track(&self, format: &str) -> RunData {
        let instances: BTreeMap<String, Row> =
            self.instances.iter().filter(|(_, r)| r.format == format).map(|(k, r)| (k.clone(), r.clone())).collect();
        let records = self.records.iter().filter(|r| instances.contains_key(&r.instance)).cloned().collect();
        RunData { instances, records }
    }

    /// Every configuration with a record, sorted by name (see [`RunData::naming`]).
    pub fn configurations(&self) -> Vec<String> {
        let name = self.naming();
        let mut names: Vec<String> = self.records.iter().map(name).collect();
        names.sort();
        names.dedup();
        names
    }

    /// The name of a record's configuration in the tables: `preprocessor+solver`, and
    /// its CPU limit (`none+caqe@5s`) when the folder holds runs at several limits, so
    /// that every summary counts each limit apart. The limits are looked at once, here,
    /// not for every record named.
    pub fn naming(&self) -> impl Fn(&Record) -> String {
        let first = self.records.first().map(|r| r.timeout_s);
        let several = self.records.iter().any(|r| Some(r.timeout_s) != first);
        move |record: &Record| match several {
            false => record.configuration(),
            true => format!("{}@{}s", record.configuration(), record.timeout_s),
        }
    }

    /// The CPU limits of the records, ascending, each with its number of records.
    pub fn limits(&self) -> Vec<(f64, usize)> {
        let mut limits: Vec<(f64, usize)> = Vec::new();
        for record in &self.records {
            match limits.iter_mut().find(|(l, _)| *l == record.timeout_s) {
                Some((_, n)) => *n += 1,
                None => limits.push((record.timeout_s, 1)),
            }
        }
        limits.sort_by(|a, b| a.0.total_cmp(&b.0));
        limits
    }

    /// The records the machine starved (see [`Status::Starved`]): not measurements.
    pub fn starved(&self) -> impl Iterator<Item = &Record> {
        self.records.iter().filter(|r| r.status == Status::Starved)
    }

    /// The family of an instance: the manifest's, else the record's.
    pub fn family<'a>(&'a self, record: &'a Record) -> &'a str {
        self.instances.get(&record.instance).map_or(record.family.as_str(), |row| row.family.as_str())
    }

    /// The largest CPU limit of any record (0 without records).
    pub fn timeout(&self) -> f64 {
        self.records.iter().map(|r| r.timeout_s).fold(0.0, f64::max)
    }
}

/// Reads `results.csv`; a missing file is an error with the command that writes it.
pub fn read_results(path: &Path) -> Result<Vec<Record>, Error> {
    if !path.is_file() {
        let dir = path.parent().map_or_else(|| ".".into(), |d| d.display().to_string());
        return Err(Error::NoResults { path: path.to_path_buf(), dir });
    }
    let mut reader =
        csv::Reader::from_path(path).map_err(|error| Error::UnreadableResults { path: path.to_path_buf(), error })?;
    let mut records = Vec::new();
    for (i, record) in reader.deserialize::<Record>().enumerate() {
        let record = record.map_err(|error| Error::BadRecord { path: path.to_path_buf(), line: i + 2, error })?;
        records.push(record);
    }
    Ok(records)
}

/// A record's outcome as the tables count it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    True,
    False,
    /// An answer the checks rejected: it contradicts the manifest's expected value
    /// (`wrong`) or another configuration's answer (`conflict`). Counted as unsolved.
    Wrong,
    Unsolved,
    /// The machine was too busy to measure the run (`starved`): not a result, neither
    /// solved nor unsolved.
    Starved,
}

/// The outcome of a record.
pub fn answer(record: &Record) -> Answer {
    match record.status {
        Status::Wrong | Status::Conflict => Answer::Wrong,
        Status::True => Answer::True,
        Status::False => Answer::False,
        Status::Starved => Answer::Starved,
        _ => Answer::Unsolved,
    }
}

/// The time a configuration spent on an instance: preprocessing plus solving, CPU time
/// (the measure the limits are in).
pub fn seconds(record: &Record) -> f64 {
    record.pre_cpu_s + record.cpu_s
}

/// The solving time of a record with a (correct) answer.
pub fn solved_time(record: &Record) -> Option<f64> {
    matches!(answer(record), Answer::True | Answer::False).then(|| seconds(record))
}
