//! `DIR/selection.csv`: every calibrated job, its class, answer and whether it is selected;
//! written by `qbfgames select`, read by `qbfgames package`.

use std::path::Path;

use serde::{Deserialize, Serialize};

use contract::{write_atomically, Depth, Verdict};

use super::super::Error;
use super::calibrate::Calibrated;
use super::class::Class;
use super::predict::Prediction;
use super::validate::{Outcome, Validation};

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
    basis: String,
    runs: usize,
    solved: usize,
    best_s: Option<f64>,
    limit_s: f64,
    competition_s: f64,
    floor_s: f64,
    slowest_s: f64,
    predicted_s: Option<f64>,
    predicted_low_s: Option<f64>,
    predicted_high_s: Option<f64>,
    predicted_config: String,
    predicted_model: String,
    predicted_anchor_s: Option<f64>,
    predicted_fitted_s: Option<f64>,
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
                basis: j.basis().to_string(),
                runs: j.runs,
                solved: j.solved,
                best_s: j.best_s.map(ms),
                limit_s: limits.calibration_s,
                competition_s: limits.competition_s,
                floor_s: ms(j.floor_s),
                slowest_s: ms(j.slowest_s),
                predicted_s: j.prediction.as_ref().map(|p| ms(p.best_s)),
                predicted_low_s: j.prediction.as_ref().map(|p| ms(p.best_s * p.interval.0)),
                predicted_high_s: j
                    .prediction
                    .as_ref()
                    .map(|p| p.best_s * p.interval.1)
                    .filter(|h| h.is_finite())
                    .map(ms),
                predicted_config: j.prediction.as_ref().map(|p| p.config.clone()).unwrap_or_default(),
                predicted_model: j.prediction.as_ref().map(|p| p.model.to_string()).unwrap_or_default(),
                predicted_anchor_s: j.prediction.as_ref().map(|p| ms(p.anchor_s)),
                predicted_fitted_s: j.prediction.as_ref().map(|p| ms(p.fitted_s)),
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
            prediction: match line.predicted_s {
                None => None,
                Some(best_s) => Some(Prediction {
                    best_s,
                    config: line.predicted_config.clone(),
                    from: line.predicted_from.clone(),
                    model: line.predicted_model.parse().map_err(|e| bad(i + 2, e))?,
                    anchor_s: line.predicted_anchor_s.unwrap_or(best_s),
                    fitted_s: line.predicted_fitted_s.unwrap_or(best_s),
                    interval: (
                        line.predicted_low_s.map_or(1.0, |l| l / best_s),
                        line.predicted_high_s.map_or(f64::INFINITY, |h| h / best_s),
                    ),
                }),
            },
            floor_s: line.floor_s,
            slowest_s: line.slowest_s,
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

/// The backtests' file in a suite directory: one line per backtested prediction.
pub const BACKTESTS: &str = "backtests.csv";

/// One backtested prediction, as the file keeps it.
#[derive(Serialize)]
struct BacktestLine<'a> {
    job: &'a str,
    family: &'a str,
    model: String,
    chosen: bool,
    config: &'a str,
    cut_s: f64,
    predicted_s: f64,
    distance: f64,
    measured_s: Option<f64>,
    ran_out_s: Option<f64>,
}

/// Writes `dir/backtests.csv` atomically: every backtested prediction, whether its model
/// is the one chosen for its family, and what was measured (an answer's time, or the
/// longest limit run out of).
pub fn write_backtests(dir: &Path, v: &Validation) -> Result<(), Error> {
    write_atomically(&dir.join(BACKTESTS), |out| {
        let mut w = csv::Writer::from_writer(out);
        for s in &v.samples {
            let (measured_s, ran_out_s) = match s.outcome {
                Outcome::Measured(r) => (Some(ms(r * s.predicted_s)), None),
                Outcome::Above(r) => (None, Some(ms(r * s.predicted_s))),
            };
            w.serialize(BacktestLine {
                job: &s.job,
                family: &s.family,
                model: s.model.to_string(),
                chosen: v.models.of(&s.family) == s.model,
                config: &s.config,
                cut_s: ms(s.cut_s),
                predicted_s: ms(s.predicted_s),
                distance: (s.distance * 100.0).round() / 100.0,
                measured_s,
                ran_out_s,
            })
            .map_err(std::io::Error::other)?;
        }
        w.flush()
    })?;
    Ok(())
}
