//! `DIR/selection.csv`: every calibrated job, its class, answer and whether it is selected;
//! written by `qbfgames select`, read by `qbfgames package`.

use std::path::Path;

use serde::{Deserialize, Serialize};

use contract::{write_atomically, Depth, Verdict};

use super::super::Error;
use super::calibrate::Calibrated;

/// The file's name in a suite directory.
pub const FILE: &str = "selection.csv";

/// One line of the file; field order is the column order.
#[derive(Serialize, Deserialize)]
struct Line {
    job: String,
    family: String,
    params: String,
    depth: Depth,
    encoding: String,
    class: String,
    runs: usize,
    solved: usize,
    best_s: Option<f64>,
    limit_s: f64,
    expected: String,
    expected_by: String,
    selected: bool,
    note: String,
}

/// Writes `dir/selection.csv` atomically.
pub fn write(dir: &Path, jobs: &[Calibrated], limit: f64) -> Result<(), Error> {
    write_atomically(&dir.join(FILE), |out| {
        let mut w = csv::Writer::from_writer(out);
        for j in jobs {
            w.serialize(Line {
                job: j.job.clone(),
                family: j.family.clone(),
                params: j.params.clone(),
                depth: j.depth,
                encoding: j.encoding.clone(),
                class: j.class.to_string(),
                runs: j.runs,
                solved: j.solved,
                best_s: j.best_s.map(|s| (s * 1000.0).round() / 1000.0),
                limit_s: limit,
                expected: j.expected.map_or("unknown".into(), |v| v.to_string()),
                expected_by: j.expected_by.clone(),
                selected: j.selected,
                note: j.note.clone(),
            })
            .map_err(std::io::Error::other)?;
        }
        w.flush()
    })?;
    Ok(())
}

/// Reads `dir/selection.csv`, if there is one, with the calibration limit.
pub fn read(dir: &Path) -> Result<Option<(Vec<Calibrated>, f64)>, Error> {
    let path = dir.join(FILE);
    if !path.is_file() {
        return Ok(None);
    }
    let bad = |line: usize, message: String| Error::BadSelection { path: path.clone(), line, message };
    let mut reader = csv::Reader::from_path(&path).map_err(|e| bad(1, e.to_string()))?;
    let mut jobs = Vec::new();
    let mut limit = 0.0;
    for (i, line) in reader.deserialize::<Line>().enumerate() {
        let line = line.map_err(|e| bad(i + 2, e.to_string()))?;
        limit = line.limit_s;
        let expected = match line.expected.as_str() {
            "unknown" => None,
            v => Some(v.parse::<Verdict>().map_err(|e| bad(i + 2, e.to_string()))?),
        };
        jobs.push(Calibrated {
            job: line.job,
            family: line.family,
            params: line.params,
            depth: line.depth,
            encoding: line.encoding,
            class: line.class.parse().map_err(|e| bad(i + 2, e))?,
            runs: line.runs,
            solved: line.solved,
            best_s: line.best_s,
            expected,
            expected_by: line.expected_by,
            selected: line.selected,
            note: line.note,
        });
    }
    Ok(Some((jobs, limit)))
}
