//! `DIR/results.jsonl` and `DIR/results.csv`: every finished cell, exactly once.
//!
//! `results.jsonl` is the record of truth, appended durably as each cell ends (see
//! [`crate::jsonl`]). A cell has one record, except that a `starved` record (the machine
//! was too busy to measure the cell) or a `skipped` one (a series stop left it out) is
//! superseded by the record of its later run. Every
//! answer is judged ([`crate::judge`]) as records are read and added, so a conflict
//! found later marks the earlier answers too. `results.csv` is the same records sorted by key, rewritten through
//! a temporary file and a rename (never in place), when the store opens, at most once a
//! second while records arrive, and when the run ends; a reader never sees a partial CSV.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::consistency::judge;
use super::error::Error;
use super::jsonl::JsonLines;
use contract::Record;
use contract::Status;

/// How often `results.csv` is refreshed while a run goes on.
const CSV_EVERY: Duration = Duration::from_secs(1);

/// Which records that are not measurements a run keeps as they are (see
/// [`ResultStore::settled`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Keep {
    /// Starved records (`run` without `--rerun-starved`).
    pub starved: bool,
    /// Skipped records (`run --stop-series`).
    pub skipped: bool,
}

/// Whether a record of this status measured its cell: not starved, not skipped.
fn is_measurement(status: Status) -> bool {
    !matches!(status, Status::Starved | Status::Skipped)
}

/// The results of one directory.
pub struct ResultStore {
    dir: PathBuf,
    jsonl: JsonLines,
    /// Records by key: the first record of a key, or the record that superseded a
    /// starved or skipped one.
    records: BTreeMap<String, Record>,
    csv_written: Instant,
}

impl ResultStore {
    /// Opens the results of `dir`, repairing a record cut by a kill.
    pub fn open(dir: &Path) -> Result<ResultStore, Error> {
        let path = dir.join("results.jsonl");
        let (jsonl, lines) = JsonLines::open(&path)?;
        let mut records: BTreeMap<String, Record> = BTreeMap::new();
        for (line, text) in lines {
            let record: Record = serde_json::from_str(&text).map_err(|error| Error::BadRecord {
                path: path.clone(),
                line,
                error,
                help: "\n  help: the file is written only by `qbfgames run`; remove the line or the file",
            })?;
            match records.get(&record.key) {
                Some(old) if is_measurement(old.status) => {}
                _ => {
                    records.insert(record.key.clone(), record);
                }
            }
        }
        judge(records.values_mut());
        let store = ResultStore { dir: dir.to_path_buf(), jsonl, records, csv_written: Instant::now() };
        store.write_csv()?;
        Ok(store)
    }

    /// Whether a cell has a record that is a measurement: neither starved nor skipped.
    pub fn is_final(&self, key: &str) -> bool {
        self.records.get(key).is_some_and(|r| is_measurement(r.status))
    }

    /// Whether a run leaves the cell out: it has a measurement, or a starved record the
    /// run keeps, or a skipped one when the run stops series too (it would skip the cell
    /// again; a run without the stop runs it).
    pub fn settled(&self, key: &str, keep: Keep) -> bool {
        match self.records.get(key).map(|r| r.status) {
            None => false,
            Some(Status::Starved) => keep.starved,
            Some(Status::Skipped) => keep.skipped,
            Some(_) => true,
        }
    }

    /// Whether the cell's record is a starved one.
    pub fn is_starved(&self, key: &str) -> bool {
        self.records.get(key).is_some_and(|r| r.status == Status::Starved)
    }

    /// All records, sorted by key.
    pub fn records(&self) -> impl Iterator<Item = &Record> {
        self.records.values()
    }

    /// Records a finished cell durably and judges the answers of its instance again; a
    /// key already recorded is an error (the scheduler skips finished cells) unless its
    /// record is starved or skipped.
    pub fn append(&mut self, record: Record) -> Result<(), Error> {
        if self.is_final(&record.key) {
            return Err(Error::Internal(format!("cell {} recorded twice", record.key)));
        }
        let line =
            serde_json::to_string(&record).map_err(|error| Error::Encode { what: "a result record".into(), error })?;
        self.jsonl.append(&line)?;
        let prefix = format!("{}|", record.instance);
        self.records.insert(record.key.clone(), record);
        judge(self.records.range_mut(prefix.clone()..).take_while(|(k, _)| k.starts_with(&prefix)).map(|(_, r)| r));
        if self.csv_written.elapsed() >= CSV_EVERY {
            self.write_csv()?;
            self.csv_written = Instant::now();
        }
        Ok(())
    }

    /// Rewrites `results.csv` atomically.
    pub fn write_csv(&self) -> Result<(), Error> {
        let path = self.dir.join("results.csv");
        contract::write_atomically(&path, |out| {
            let mut w = csv::Writer::from_writer(out);
            for record in self.records.values() {
                w.serialize(record).map_err(io::Error::other)?;
            }
            if self.records.is_empty() {
                w.write_record(CSV_HEADER)?;
            }
            w.flush()
        })?;
        Ok(())
    }

    /// Writes the CSV when the run ends.
    pub fn finish(&mut self) -> Result<(), Error> {
        self.csv_written = Instant::now();
        self.write_csv()
    }
}

/// The CSV header of an empty results file (the fields of [`Record`]).
const CSV_HEADER: [&str; 31] = [
    "key",
    "run",
    "instance",
    "family",
    "format",
    "preprocessor",
    "preprocessor_version",
    "solver",
    "solver_version",
    "timeout_s",
    "wall_timeout_s",
    "memory_mb",
    "status",
    "answer",
    "check",
    "expected",
    "pre_status",
    "pre_cpu_s",
    "pre_wall_s",
    "cpu_s",
    "wall_s",
    "peak_mb",
    "exit_code",
    "signal",
    "core",
    "load_start",
    "load_end",
    "log",
    "detail",
    "certificate",
    "core_shared",
];

#[cfg(test)]
mod tests {
    use super::*;

    /// A true answer of cell `k`.
    fn record() -> Record {
        Record {
            key: "k".into(),
            run: 1,
            instance: "i".into(),
            family: "f".into(),
            format: "qdimacs".into(),
            preprocessor: "none".into(),
            preprocessor_version: "-".into(),
            solver: "s".into(),
            solver_version: "1".into(),
            timeout_s: 1.0,
            wall_timeout_s: 31.0,
            memory_mb: 1,
            status: Status::True,
            answer: "true".into(),
            check: "correct".into(),
            certificate: String::new(),
            core_shared: None,
            expected: "true".into(),
            pre_status: String::new(),
            pre_cpu_s: 0.0,
            pre_wall_s: 0.0,
            cpu_s: 0.0,
            wall_s: 0.0,
            peak_mb: 0.0,
            exit_code: Some(10),
            signal: None,
            core: Some(0),
            load_start: 0.5,
            load_end: 0.5,
            log: "logs/f/i.log.gz".into(),
            detail: String::new(),
        }
    }

    #[test]
    fn an_empty_results_file_has_the_header_of_a_full_one() -> Result<(), Error> {
        let dir = tempfile::tempdir()?;
        let mut store = ResultStore::open(dir.path())?;
        let empty = std::fs::read_to_string(dir.path().join("results.csv"))?;
        let record = record();
        store.append(record.clone())?;
        assert!(store.append(record.clone()).is_err(), "a key is recorded once");
        store.finish()?;
        let full = std::fs::read_to_string(dir.path().join("results.csv"))?;
        assert_eq!(empty.lines().next(), full.lines().next());
        assert_eq!(full.lines().count(), 2);
        Ok(())
    }

    #[test]
    fn a_skipped_cell_runs_again_unless_the_run_stops_series_too() -> Result<(), Error> {
        let dir = tempfile::tempdir()?;
        let mut store = ResultStore::open(dir.path())?;
        let skipped = Record { key: "k".into(), status: Status::Skipped, answer: String::new(), ..record() };
        store.append(skipped)?;
        assert!(!store.is_final("k"), "a skipped cell measured nothing");
        assert!(store.settled("k", Keep { starved: true, skipped: true }), "a run that stops series skips it again");
        assert!(!store.settled("k", Keep { starved: true, skipped: false }), "a run without the stop runs it");
        store.append(record())?;
        store.finish()?;
        drop(store);
        let reopened = ResultStore::open(dir.path())?;
        let statuses: Vec<Status> = reopened.records().map(|r| r.status).collect();
        assert_eq!(statuses, [Status::True], "the later run's record supersedes the skipped one");
        assert!(reopened.settled("k", Keep::default()));
        Ok(())
    }
}
