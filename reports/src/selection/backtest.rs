//! Predictions backtested (`qbfgames calibrate DIR --backtest L`): the run's results cut at
//! a lower CPU limit L, as if the suite had been calibrated at L. Every job no
//! configuration solved within L is predicted from the rungs solved within L
//! ([`calibrate`]), and its prediction is set beside what the predicted configuration
//! measured at the run's own limit. No solver runs: it checks the growth model on times
//! the calibration already has, over the same stretch of growth (a factor of its own limit
//! over L) that a prediction past the calibration limit spans.

use std::collections::BTreeSet;

use contract::{Record, Status};

use super::super::input::{seconds, RunData};
use super::super::Error;
use super::calibrate::{calibrate, calibration_limit, Settings};
use super::check::{compare, records_by_job, Checked};

/// What a backtest found: each prediction that the run's own limit can judge beside its
/// measurement, and how many more were predicted past that limit for a configuration that
/// did run out of it there (consistent, but not measured).
#[derive(Clone, Debug, PartialEq)]
pub struct Backtest {
    pub checked: Vec<Checked>,
    pub beyond: usize,
}

/// The predictions made from the records of `data` cut at `limit_s` (below the run's own
/// calibration limit), against the run's measurements.
pub fn backtest(
    data: &RunData,
    settings: &Settings,
    predicted: &BTreeSet<String>,
    limit_s: f64,
) -> Result<Backtest, Error> {
    let real = calibration_limit(data);
    let cut = RunData {
        instances: data.instances.clone(),
        records: data.records.iter().filter(|r| r.timeout_s == real).map(|r| cut_at(r, limit_s)).collect(),
    };
    let jobs = calibrate(&cut, settings, predicted)?;
    let unsolved: Vec<usize> = (0..jobs.len()).filter(|&i| jobs[i].best_s.is_none()).collect();
    let mut out = Backtest { checked: Vec::new(), beyond: 0 };
    for c in compare(&jobs, &unsolved, &records_by_job(data), real) {
        if matches!(c.status, Status::Skipped | Status::Starved) {
            continue;
        }
        if c.measured_s.is_none() && c.predicted_s >= real {
            out.beyond += 1;
        } else {
            out.checked.push(c);
        }
    }
    out.checked.sort_by(|a, b| a.predicted_s.total_cmp(&b.predicted_s).then(a.job.cmp(&b.job)));
    Ok(out)
}

/// `record` as a run at `limit_s` would have left it: limited there, and a timeout if it
/// took longer.
pub(super) fn cut_at(record: &Record, limit_s: f64) -> Record {
    let mut r = record.clone();
    r.timeout_s = limit_s;
    if seconds(&r) > limit_s && r.status != Status::Skipped {
        r.status = Status::Timeout;
        r.answer.clear();
        r.check.clear();
        r.pre_cpu_s = r.pre_cpu_s.min(limit_s);
        r.cpu_s = limit_s - r.pre_cpu_s;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::super::super::fixtures;
    use super::super::class::Thresholds;
    use super::*;
    use contract::manifest::Row;
    use contract::Depth;

    fn row(depth: u32) -> Row {
        Row { depth: Depth::Plies(depth), ..fixtures::row(&format!("j{depth}"), &format!("f/d={depth}"), None) }
    }

    #[test]
    fn times_past_the_cut_are_predicted_from_the_rungs_under_it_and_compared() -> Result<(), Error> {
        // ×3 per rung: 0.1, 0.3, 0.9, 2.7, 8.1 s at depths 1..5; cut at 1 s, so depths 4
        // and 5 are predicted from 1..3 (2.7 and 8.1 s) and measured at the real limit.
        let times = [0.1, 0.3, 0.9, 2.7, 8.1];
        let rows: Vec<Row> = (1..=5).map(row).collect();
        let mut records: Vec<Record> = times
            .iter()
            .enumerate()
            .map(|(k, &t)| fixtures::record(&format!("j{}", k + 1), "caqe", "true", t))
            .collect();
        records.push(fixtures::record("j5", "depqbf", "timeout", 10.0));
        let data = RunData::new(rows, records);
        let settings =
            Settings { thresholds: Thresholds::default(), agree: 1, competition_s: 900.0, ..Settings::default() };
        let b = backtest(&data, &settings, &BTreeSet::new(), 1.0)?;
        let got: Vec<(String, f64, Option<f64>)> =
            b.checked.iter().map(|c| (c.job.clone(), (c.predicted_s * 10.0).round() / 10.0, c.measured_s)).collect();
        assert_eq!(got, [("f/d=4".into(), 2.7, Some(2.7)), ("f/d=5".into(), 8.1, Some(8.1))]);
        assert!(b.checked.iter().all(|c| c.within(1.01)));
        Ok(())
    }
}
