//! Predictions checked (`qbfgames calibrate DIR --check-predictions`): predicted jobs run
//! with their predicted configuration at a longer limit, the measured time beside the
//! predicted one, and what was measured folded back into the selection.

use std::collections::BTreeMap;

use harness::{Record, Status};

use super::super::input::{seconds, RunData};
use super::super::table::Table;
use super::calibrate::{job_of, Calibrated};
use super::class::{classify, Thresholds};

/// The factor within which a measurement confirms a prediction, either way.
pub const CONFIRMS: f64 = 3.0;

/// The jobs to check: of those whose class rests on a prediction of at most `limit` /
/// [`CONFIRMS`] s (so that a run at `limit` can confirm the prediction or refute it either
/// way: a run that times out at the limit after a prediction near it says nothing),
/// `count` spread evenly over the predicted times, selected jobs first. Indices into
/// `jobs`, in order of predicted time.
pub fn to_check(jobs: &[Calibrated], limit: f64, count: usize) -> Vec<usize> {
    let checkable = |selected: bool| {
        let mut v: Vec<usize> = (0..jobs.len())
            .filter(|&i| jobs[i].best_s.is_none() && jobs[i].selected == selected)
            .filter(|&i| jobs[i].prediction.as_ref().is_some_and(|p| p.best_s * CONFIRMS <= limit))
            .collect();
        v.sort_by(|&a, &b| predicted(&jobs[a]).total_cmp(&predicted(&jobs[b])).then(jobs[a].job.cmp(&jobs[b].job)));
        v
    };
    let mut pool = checkable(true);
    if pool.len() < count {
        pool.extend(checkable(false));
        pool.sort_by(|&a, &b| predicted(&jobs[a]).total_cmp(&predicted(&jobs[b])).then(jobs[a].job.cmp(&jobs[b].job)));
    }
    if pool.len() <= count {
        return pool;
    }
    (0..count).map(|k| pool[k * (pool.len() - 1) / (count - 1).max(1)]).collect()
}

fn predicted(job: &Calibrated) -> f64 {
    job.prediction.as_ref().map_or(f64::INFINITY, |p| p.best_s)
}

/// One checked job: predicted beside measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    pub job: String,
    pub config: String,
    pub predicted_s: f64,
    /// The measured CPU seconds of an answer; `None`: no answer within `limit_s`.
    pub measured_s: Option<f64>,
    pub status: Status,
    pub limit_s: f64,
}

impl Checked {
    /// Measured over predicted; for a run without an answer, at least `limit / predicted`.
    pub fn ratio(&self) -> f64 {
        self.measured_s.unwrap_or(self.limit_s) / self.predicted_s
    }

    /// Whether the measurement lies within `factor` of the prediction, either way.
    pub fn within(&self, factor: f64) -> bool {
        self.measured_s.is_some() && (1.0 / factor..=factor).contains(&self.ratio())
    }
}

/// The records of `data` by job (the manifest's `job` of each record's instance; records
/// of instances the manifest does not list are left out), as [`compare`] reads them.
pub fn records_by_job(data: &RunData) -> BTreeMap<String, Vec<Record>> {
    let mut records: BTreeMap<String, Vec<Record>> = BTreeMap::new();
    for r in &data.records {
        if let Some(row) = data.instances.get(&r.instance) {
            records.entry(job_of(row).to_string()).or_default().push(r.clone());
        }
    }
    records
}

/// Pairs each checked job (index into `jobs`) with its record at `limit` of the predicted
/// configuration in `records` (`None` where the run left none).
pub fn compare(
    jobs: &[Calibrated],
    checked: &[usize],
    records: &BTreeMap<String, Vec<Record>>,
    limit: f64,
) -> Vec<Checked> {
    let mut out = Vec::new();
    for &i in checked {
        let job = &jobs[i];
        let Some(p) = &job.prediction else { continue };
        let record = records
            .get(&job.job)
            .and_then(|rs| rs.iter().find(|r| r.configuration() == p.config && r.timeout_s == limit));
        if let Some(r) = record {
            out.push(Checked {
                job: job.job.clone(),
                config: p.config.clone(),
                predicted_s: p.best_s,
                measured_s: r.answer().is_some().then(|| seconds(r)),
                status: r.status,
                limit_s: limit,
            });
        }
    }
    out
}

/// The table of a check: one row per job, then the counts within ×2, ×3 and ×10.
pub fn check_table(checked: &[Checked]) -> (Table, String) {
    let mut table = Table::new(&["job", "configuration", ">predicted s", ">measured s", ">measured/predicted"]);
    for c in checked {
        let measured = c.measured_s.map_or(format!("> {} ({})", c.limit_s, c.status), |m| format!("{m:.2}"));
        let ratio = if c.measured_s.is_some() { format!("{:.2}", c.ratio()) } else { format!("> {:.2}", c.ratio()) };
        table.push_row(vec![c.job.clone(), c.config.clone(), format!("{:.2}", c.predicted_s), measured, ratio]);
    }
    let n = checked.len();
    let within = |f: f64| checked.iter().filter(|c| c.within(f)).count();
    let summary = format!(
        "{n} predicted job(s) checked: {} within ×2, {} within ×3, {} within ×10 of the prediction; {} without an answer at {} s",
        within(2.0),
        within(3.0),
        within(10.0),
        checked.iter().filter(|c| c.measured_s.is_none()).count(),
        checked.first().map_or(0.0, |c| c.limit_s)
    );
    (table, summary)
}

/// Folds what a check measured into the selection: a solved job's time is measured (its
/// prediction dropped, its class from the measured time); a job without an answer at the
/// check's limit is predicted at no less than that limit.
pub fn fold(jobs: &mut [Calibrated], checked: &[Checked], competition_s: f64, thresholds: Thresholds) {
    for c in checked {
        let Some(job) = jobs.iter_mut().find(|j| j.job == c.job) else { continue };
        match c.measured_s {
            Some(m) => {
                job.best_s = Some(m);
                job.prediction = None;
            }
            None => {
                job.floor_s = job.floor_s.max(c.limit_s);
                job.slowest_s = job.slowest_s.max(c.limit_s);
                if let Some(p) = job.prediction.as_mut() {
                    p.best_s = p.best_s.max(c.limit_s);
                }
            }
        }
        job.class = classify(&[], job.hardness_s(), job.floor_s, competition_s, thresholds);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selection::Prediction;
    use contract::Depth;

    fn job(name: &str, predicted: Option<f64>, selected: bool) -> Calibrated {
        Calibrated {
            job: name.into(),
            family: "f".into(),
            params: String::new(),
            depth: Depth::Plies(5),
            encoding: "e".into(),
            class: super::super::Class::Medium,
            runs: 4,
            solved: 0,
            best_s: None,
            prediction: predicted.map(|best_s| Prediction {
                best_s,
                config: "none+caqe".into(),
                from: "fit".into(),
                model: harness::growth::Model::Exponential,
                anchor_s: 10.0,
                interval: (1.0, 1.0),
            }),
            floor_s: 10.0,
            slowest_s: predicted.unwrap_or(10.0),
            tracks: Default::default(),
            expected: None,
            expected_by: String::new(),
            selected,
            note: String::new(),
        }
    }

    #[test]
    fn the_jobs_checked_spread_over_the_predictions_the_limit_can_confirm() {
        let jobs: Vec<Calibrated> = (0..9)
            .map(|i| job(&format!("j{i}"), Some(10.0 * f64::from(i + 1)), i % 2 == 0))
            .chain([job("far", Some(5000.0), true), job("near", Some(150.0), true), job("none", None, true)])
            .collect();
        assert_eq!(to_check(&jobs, 300.0, 3), [0, 4, 8], "selected ones first: j0, j4, j8 of 10..90 s");
        assert_eq!(
            to_check(&jobs, 300.0, 20).len(),
            9,
            "far is past the limit, near too close to it (300 s cannot show 150 s was 3 times too low), none has no prediction"
        );
    }

    #[test]
    fn measured_beside_predicted_counts_the_factors() {
        let c = |m: Option<f64>| Checked {
            job: "j".into(),
            config: "c".into(),
            predicted_s: 100.0,
            measured_s: m,
            status: if m.is_some() { Status::True } else { Status::Timeout },
            limit_s: 300.0,
        };
        let checked = [c(Some(150.0)), c(Some(40.0)), c(Some(900.0)), c(None)];
        assert!(checked[0].within(2.0) && checked[1].within(3.0) && !checked[1].within(2.0));
        assert!(!checked[3].within(10.0), "no answer is never within");
        let (_, summary) = check_table(&checked);
        assert_eq!(
            summary,
            "4 predicted job(s) checked: 1 within ×2, 2 within ×3, 3 within ×10 of the prediction; 1 without an answer at 300 s"
        );
    }

    #[test]
    fn measurements_fold_into_the_selection() {
        let mut jobs = vec![job("a", Some(100.0), true), job("b", Some(100.0), true)];
        let checked = [
            Checked {
                job: "a".into(),
                config: "none+caqe".into(),
                predicted_s: 100.0,
                measured_s: Some(20.0),
                status: Status::True,
                limit_s: 300.0,
            },
            Checked {
                job: "b".into(),
                config: "none+caqe".into(),
                predicted_s: 100.0,
                measured_s: None,
                status: Status::Timeout,
                limit_s: 300.0,
            },
        ];
        fold(&mut jobs, &checked, 900.0, Thresholds::default());
        assert_eq!((jobs[0].best_s, jobs[0].prediction.is_none()), (Some(20.0), true));
        assert_eq!(jobs[0].class, super::super::Class::Easy);
        assert_eq!(jobs[1].prediction.as_ref().map(|p| p.best_s), Some(300.0));
        assert_eq!(jobs[1].class, super::super::Class::Medium);
    }
}
