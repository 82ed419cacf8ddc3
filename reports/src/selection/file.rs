//! `DIR/selection.csv`: every calibrated job, its class, answer and whether it is selected;
//! written by `qbfgames select`, read by `qbfgames package`.

use std::path::Path;

use serde::{Deserialize, Serialize};

use contract::{write_atomically, Depth, Verdict};

use super::super::Error;
use super::calibrate::Calibrated;
use super::class::Class;
use super::predict::Prediction;

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
    competition_s: f64,
    predicted_s: Option<f64>,
    predicted_config: String,
    predicted_worst_s: Option<f64>,
    predicted_from: String,
    qdimacs_class: String,
    qcir_class: String,
    expected: String,
    expected_by: String,
    selected: bool,
    note: String,
}

/// The limits of a selection: the calibration limit its runs measured at, and the
/// competition limit its classes are relative to (CPU seconds).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Limits {
    pub calibration_s: f64,
    pub competition_s: f64,
}

/// Seconds to the millisecond, as the file keeps them.
fn ms(s: f64) -> f64 {
    (s * 1000.0).round() / 1000.0
}

/// Writes `dir/selection.csv` atomically.
pub fn write(dir: &Path, jobs: &[Calibrated], limits: Limits) -> Result<(), Error> {
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
                best_s: j.best_s.map(ms),
                limit_s: limits.calibration_s,
                competition_s: limits.competition_s,
                predicted_s: j.prediction.as_ref().map(|p| ms(p.best_s)),
                predicted_config: j.prediction.as_ref().map(|p| p.config.clone()).unwrap_or_default(),
                predicted_worst_s: j.prediction.as_ref().map(|p| ms(p.worst_s)),
                predicted_from: j.prediction.as_ref().map(|p| p.from.clone()).unwrap_or_default(),
                qdimacs_class: j.tracks.get("qdimacs").map(Class::to_string).unwrap_or_default(),
                qcir_class: j.tracks.get("qcir").map(Class::to_string).unwrap_or_default(),
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

/// Reads `dir/selection.csv`, if there is one, with its limits.
pub fn read(dir: &Path) -> Result<Option<(Vec<Calibrated>, Limits)>, Error> {
    let path = dir.join(FILE);
    if !path.is_file() {
        return Ok(None);
    }
    let bad = |line: usize, message: String| Error::BadSelection { path: path.clone(), line, message };
    let mut reader = csv::Reader::from_path(&path).map_err(|e| bad(1, e.to_string()))?;
    let mut jobs = Vec::new();
    let mut limits = Limits { calibration_s: 0.0, competition_s: 0.0 };
    for (i, line) in reader.deserialize::<Line>().enumerate() {
        let line = line.map_err(|e| bad(i + 2, e.to_string()))?;
        limits = Limits { calibration_s: line.limit_s, competition_s: line.competition_s };
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
            prediction: line.predicted_s.map(|best_s| Prediction {
                best_s,
                config: line.predicted_config.clone(),
                worst_s: line.predicted_worst_s.unwrap_or(best_s),
                from: line.predicted_from.clone(),
            }),
            tracks: [("qdimacs", &line.qdimacs_class), ("qcir", &line.qcir_class)]
                .into_iter()
                .filter(|(_, c)| !c.is_empty())
                .map(|(t, c)| Ok((t.to_string(), c.parse::<Class>().map_err(|e| bad(i + 2, e))?)))
                .collect::<Result<_, Error>>()?,
            expected,
            expected_by: line.expected_by,
            selected: line.selected,
            note: line.note,
        });
    }
    Ok(Some((jobs, limits)))
}
