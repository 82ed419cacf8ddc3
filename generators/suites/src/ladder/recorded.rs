//! `DIR/ladders.csv` read back: the reach of an earlier generation's ladders, checked
//! against the suite's ladders line by line, so that `generate` builds the same rungs
//! without running a solver; and the predicted rungs it lists, which `run` leaves out.

use std::collections::BTreeSet;
use std::io;
use std::path::Path;

use contract::{csv_field::field_offset, Status};
use contract::{ParseError, Source};
use harness::format_memory;

use super::record::{Calibrated, Rung, COLUMNS, FILE};
use super::rungs::Rungs;

/// The reach recorded in a `ladders.csv`, checked against a suite's ladders.
#[derive(Clone, Debug, Default)]
pub struct Recorded {
    /// The calibration runs, ladder by ladder in the suite's order.
    pub rungs: Vec<Rung>,
}

impl Recorded {
    /// How many rungs of the ladder `key` of `family` were generated.
    pub fn reach(&self, family: &str, key: &str) -> usize {
        self.rungs.iter().filter(|r| r.family == family && r.ladder == key).count()
    }

    /// Reads `file` and checks it against `ladders` (the suite's, from [`split`](super::split)): every
    /// line a rung of one of them, in order, calibrated with the ladder's solver, limit
    /// and memory, ending where the ladder's rule stops it; every ladder present. Each
    /// problem is an error at its place in the file, or at the ladder in the suite.
    pub fn read(file: &Path, ladders: &[Rungs<'_>]) -> Result<Recorded, ReachError> {
        let source = Source::read(&file.display().to_string()).map_err(ReachError::Io)?;
        Recorded::parse(&source, ladders).map_err(ReachError::Located)
    }

    /// [`Recorded::read`] on a file already read.
    pub fn parse(source: &Source, ladders: &[Rungs<'_>]) -> Result<Recorded, ParseError> {
        let help =
            "calibrate again (`qbfgames generate --recalibrate`), or give the ladders.csv generated with this suite";
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(&source.bytes[..]);
        let mut records = reader.records();
        let header = match records.next() {
            Some(Ok(h)) => h,
            Some(Err(e)) => return Err(csv_error(source, &e)),
            None => {
                return Err(ParseError::at(
                    source,
                    0,
                    "the file is empty",
                    format!("it starts with the header {}", COLUMNS.join(",")),
                ))
            }
        };
        if header.iter().ne(COLUMNS) {
            return Err(ParseError::at(
                source,
                0,
                "this is not a ladders.csv: the header differs",
                format!("the header is {}", COLUMNS.join(",")),
            ));
        }
        /// How far a ladder of the file has got.
        #[derive(Default)]
        struct Progress {
            rows: usize,
            unsolved: u32,
            last_offset: usize,
        }
        let mut seen: Vec<Progress> = ladders.iter().map(|_| Progress::default()).collect();
        let mut rows: Vec<(usize, Rung)> = Vec::new();
        for record in records {
            let record = record.map_err(|e| csv_error(source, &e))?;
            let start = record.position().map_or(0, |p| p.byte() as usize);
            let at = |field: usize, message: String, help: &str| {
                ParseError::at(source, field_offset(&source.bytes, start, field), message, help)
            };
            if record.len() != COLUMNS.len() {
                return Err(at(
                    0,
                    format!("the line has {} fields, the header {}", record.len(), COLUMNS.len()),
                    "write one field per column; quote fields with commas",
                ));
            }
            let field = |i: usize| record.get(i).unwrap_or_default();
            let family = field(0);
            if !ladders.iter().any(|l| l.family.name == family) {
                return Err(at(0, format!("the suite has no ladder in a family `{family}`"), help));
            }
            let Some(i) = ladders.iter().position(|l| l.family.name == family && l.key == field(1)) else {
                let known: Vec<&str> =
                    ladders.iter().filter(|l| l.family.name == family).map(|l| l.key.as_str()).collect();
                return Err(at(
                    1,
                    format!(
                        "family `{family}` of the suite has no ladder `{}`; its ladders are {}",
                        field(1),
                        known.join(", ")
                    ),
                    help,
                ));
            };
            let (ladder, progress) = (&ladders[i], &mut seen[i]);
            let l = ladder.ladder;
            if field(2) != l.over.name() {
                return Err(at(
                    2,
                    format!("the ladder grows `{}` in the suite, not `{}`", l.over.name(), field(2)),
                    help,
                ));
            }
            let predicted = field(4) == "predicted";
            if progress.unsolved >= l.fails && !predicted {
                return Err(at(
                    4,
                    format!(
                        "this ladder stopped after {} unsolved rungs in a row (fails = {}); a rung past its end can only be `predicted`",
                        l.fails, l.fails
                    ),
                    help,
                ));
            }
            if predicted && progress.unsolved < l.fails {
                return Err(at(
                    4,
                    format!(
                        "a rung is predicted only after the ladder stopped ({} unsolved rungs in a row), and it has {} here",
                        l.fails, progress.unsolved
                    ),
                    help,
                ));
            }
            let values = ladder.values();
            match values.get(progress.rows) {
                Some(v) if v == field(3) => {}
                Some(v) => {
                    return Err(at(
                        3,
                        format!(
                            "rung `{}` is not the ladder's next rung `{v}` (its rungs are {})",
                            field(3),
                            values.join(", ")
                        ),
                        help,
                    ))
                }
                None => {
                    let last = values.last().map_or("", String::as_str);
                    return Err(at(3, format!("rung `{}` is past the ladder's last rung `{last}`", field(3)), help));
                }
            }
            let status = if predicted {
                Calibrated::Predicted
            } else {
                let status: Status =
                    field(4).parse().map_err(|e: contract::UnknownStatus| at(4, e.to_string(), help))?;
                if !matches!(status, Status::True | Status::False | Status::Timeout | Status::Memout | Status::Unknown)
                {
                    return Err(at(
                        4,
                        format!("`{status}` is not a calibration status"),
                        "a calibration run is true, false, timeout, memout or unknown; a rung not run is predicted",
                    ));
                }
                Calibrated::Run(status)
            };
            let cpu_s: f64 =
                field(5).parse().ok().filter(|c: &f64| c.is_finite() && *c >= 0.0).ok_or_else(|| {
                    at(5, format!("`{}` is not a number of CPU seconds", field(5)), "write e.g. 1.250")
                })?;
            if field(6) != l.solver {
                return Err(at(
                    6,
                    format!("the suite calibrates this ladder with `{}`, not `{}`", l.solver, field(6)),
                    help,
                ));
            }
            if field(7).is_empty() {
                return Err(at(
                    7,
                    "the solver's version is empty".to_string(),
                    "write the version the solver reported",
                ));
            }
            let limit_s = field(8).parse::<f64>().ok().filter(|x| x.is_finite() && *x > 0.0).ok_or_else(|| {
                at(8, format!("`{}` is not a positive number of CPU seconds", field(8)), "write e.g. 10 or 900")
            })?;
            if field(9) != format_memory(l.memory) {
                return Err(at(
                    9,
                    format!("the suite's memory for this ladder is {}, not `{}`", format_memory(l.memory), field(9)),
                    help,
                ));
            }
            let job = &ladder.jobs[progress.rows];
            if field(10) != job.key() {
                return Err(at(
                    10,
                    format!("rung `{}` is the job `{}`, not `{}`", field(3), job.key(), field(10)),
                    help,
                ));
            }
            progress.rows += 1;
            progress.unsolved = match status {
                Calibrated::Run(s) if s.verdict().is_some() => 0,
                Calibrated::Run(_) => progress.unsolved + 1,
                Calibrated::Predicted => progress.unsolved,
            };
            progress.last_offset = field_offset(&source.bytes, start, 3);
            let rung = Rung {
                family: family.to_string(),
                ladder: ladder.key.clone(),
                over: l.over.name().to_string(),
                rung: field(3).to_string(),
                status,
                cpu_s,
                solver: l.solver.clone(),
                solver_version: field(7).to_string(),
                limit_s,
                memory: format_memory(l.memory),
                job: job.key(),
            };
            rows.push((i, rung));
        }
        for (ladder, progress) in ladders.iter().zip(&seen) {
            if progress.rows == 0 {
                return Err(ladder.ladder.at.error(
                    format!("the ladder `{}` of family `{}` is not in {}", ladder.key, ladder.family.name, source.name),
                    help,
                ));
            }
            if progress.unsolved < ladder.ladder.fails && progress.rows < ladder.jobs.len() {
                return Err(ParseError::at(
                    source,
                    progress.last_offset,
                    format!(
                        "the ladder ends at this rung with {} unsolved in a row, before its last rung and before fails = {}",
                        progress.unsolved, ladder.ladder.fails
                    ),
                    help,
                ));
            }
        }
        rows.sort_by_key(|(i, _)| *i);
        Ok(Recorded { rungs: rows.into_iter().map(|(_, r)| r).collect() })
    }
}

/// The job keys of the rungs `dir/ladders.csv` records as predicted (none without the
/// file). Only the header's `status` and `job` columns are read: the file is checked
/// against its suite where it is read as a reach ([`Recorded::read`]).
pub fn predicted_jobs(dir: &Path) -> Result<BTreeSet<String>, ReachError> {
    let path = dir.join(FILE);
    if !path.is_file() {
        return Ok(BTreeSet::new());
    }
    let source = Source::read(&path.display().to_string()).map_err(ReachError::Io)?;
    let mut reader = csv::Reader::from_reader(&source.bytes[..]);
    let header = reader.headers().map_err(|e| ReachError::Located(csv_error(&source, &e)))?.clone();
    let column = |name: &str| {
        header.iter().position(|h| h == name).ok_or_else(|| {
            ReachError::Located(ParseError::at(
                &source,
                0,
                format!("no column `{name}`: this is not a ladders.csv of this version"),
                format!("the header is {}; generate again with --recalibrate", COLUMNS.join(",")),
            ))
        })
    };
    let (status, job) = (column("status")?, column("job")?);
    let mut out = BTreeSet::new();
    for record in reader.records() {
        let record = record.map_err(|e| ReachError::Located(csv_error(&source, &e)))?;
        if record.get(status) == Some("predicted") {
            out.insert(record.get(job).unwrap_or_default().to_string());
        }
    }
    Ok(out)
}

/// Why a `ladders.csv` could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ReachError {
    #[error("{0}")]
    Io(io::Error),
    #[error("{0}")]
    Located(ParseError),
}

fn csv_error(source: &Source, e: &csv::Error) -> ParseError {
    let offset = e.position().map_or(0, |p| p.byte() as usize);
    ParseError::at(source, offset, format!("not a CSV line: {e}"), "ladders.csv is CSV with the header of its columns")
}
