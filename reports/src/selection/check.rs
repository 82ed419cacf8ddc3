//! Predictions checked (`qbfgames calibrate DIR --check-predictions`): predicted jobs run
//! with their predicted configuration at a longer limit, the measured time beside the
//! predicted one, and what was measured folded back into the selection.

use std::collections::BTreeMap;
use std::fmt;

use contract::{Record, Status};

use super::super::input::{seconds, RunData};
use super::super::table::Table;
use super::calibrate::{job_of, Calibrated};
use super::class::{classify, Thresholds};
use super::judge::{BINS, CONFIRMS};
use super::predict::interval_text;

/// The jobs to check: of those whose class rests on a prediction, `count` spread evenly
/// over the predicted times, selected jobs first. Every distance is checked, past `limit`
/// too: an answer within the limit can refute a prediction of any size, while a run
/// without one is judged by [`Checked::agreement`]. Indices into `jobs`, in order of
/// predicted time.
pub fn to_check(jobs: &[Calibrated], count: usize) -> Vec<usize> {
    let checkable = |selected: bool| {
        let mut v: Vec<usize> = (0..jobs.len())
            .filter(|&i| jobs[i].best_s.is_none() && jobs[i].selected == selected && jobs[i].prediction.is_some())
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

/// How a measurement stands to its prediction.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Agreement {
    /// Within ×[`CONFIRMS`] of the prediction, or within its stated interval.
    Agrees,
    /// Outside both, by an answer or by a run that ran out of a limit past both.
    Disagrees,
    /// No answer within a limit that both still allow.
    CannotTell,
}

impl fmt::Display for Agreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Agreement::Agrees => "agrees",
            Agreement::Disagrees => "disagrees",
            Agreement::CannotTell => "cannot tell",
        })
    }
}

/// One checked job: predicted beside measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    pub job: String,
    pub config: String,
    pub predicted_s: f64,
    /// The prediction's stated interval, as factors of it (`(1, 1)`: none stated).
    pub interval: (f64, f64),
    /// How far the prediction reached past what was measured (predicted over anchor).
    pub distance: f64,
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

    /// Whether the measurement agrees with the prediction: an answer within ×[`CONFIRMS`]
    /// or within the interval; a run without an answer agrees when every time past its
    /// limit lies in an interval open above, disagrees when its limit is past ×3 and past
    /// the interval, and cannot tell otherwise.
    pub fn agreement(&self) -> Agreement {
        let (low, high) = self.interval;
        let ratio = self.ratio();
        let inside = |r: f64| (1.0 / CONFIRMS..=CONFIRMS).contains(&r) || (low..=high).contains(&r);
        match self.measured_s {
            Some(_) if inside(ratio) => Agreement::Agrees,
            Some(_) => Agreement::Disagrees,
            None if high.is_infinite() && ratio >= low => Agreement::Agrees,
            None if ratio >= CONFIRMS && ratio >= high => Agreement::Disagrees,
            None => Agreement::CannotTell,
        }
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
                interval: p.interval,
                distance: p.distance(),
                measured_s: r.answer().is_some().then(|| seconds(r)),
                status: r.status,
                limit_s: limit,
            });
        }
    }
    out
}

/// The table of a check: one row per job, then the counts within ×2, ×3 and ×10, and of
/// agreement.
pub fn check_table(checked: &[Checked]) -> (Table, String) {
    let mut table = Table::new(&[
        "job",
        "configuration",
        ">distance",
        ">predicted s",
        ">interval s",
        ">measured s",
        ">measured/predicted",
        "agreement",
    ]);
    for c in checked {
        let measured = c.measured_s.map_or(format!("> {} ({})", c.limit_s, c.status), |m| format!("{m:.2}"));
        let ratio = if c.measured_s.is_some() { format!("{:.2}", c.ratio()) } else { format!("> {:.2}", c.ratio()) };
        let interval = if c.interval == (1.0, 1.0) {
            "–".to_string()
        } else {
            interval_text(c.predicted_s * c.interval.0, c.predicted_s * c.interval.1, 1)
        };
        table.push_row(vec![
            c.job.clone(),
            c.config.clone(),
            format!("×{:.1}", c.distance),
            format!("{:.2}", c.predicted_s),
            interval,
            measured,
            ratio,
            c.agreement().to_string(),
        ]);
    }
    let n = checked.len();
    let within = |f: f64| checked.iter().filter(|c| c.within(f)).count();
    let agreeing = |a: Agreement| checked.iter().filter(|c| c.agreement() == a).count();
    let summary = format!(
        "{n} predicted job(s) checked: {} within ×2, {} within ×3, {} within ×10 of the prediction; {} without an answer at {} s\n\
         {} agree with the prediction (within ×3 or its interval), {} disagree, {} cannot tell (no answer at a limit both still allow)",
        within(2.0),
        within(3.0),
        within(10.0),
        checked.iter().filter(|c| c.measured_s.is_none()).count(),
        checked.first().map_or(0.0, |c| c.limit_s),
        agreeing(Agreement::Agrees),
        agreeing(Agreement::Disagrees),
        agreeing(Agreement::CannotTell),
    );
    (table, summary)
}

/// Agreement by distance: per distance bin of the backtests, the jobs checked and how many agree,
/// disagree or cannot tell, and the share that agrees of those that can tell.
pub fn agreement_table(checked: &[Checked]) -> Table {
    let mut table =
        Table::new(&["distance", ">checked", ">agree", ">disagree", ">cannot tell", ">agree of those judged"]);
    let mut lower = 0.0;
    for &upto in &BINS {
        let inside: Vec<&Checked> = checked.iter().filter(|c| c.distance > lower && c.distance <= upto).collect();
        let range = if upto.is_finite() { format!("×{lower}–{upto}") } else { format!("> ×{lower}") };
        lower = upto;
        if inside.is_empty() {
            continue;
        }
        let count = |a: Agreement| inside.iter().filter(|c| c.agreement() == a).count();
        let (agree, disagree) = (count(Agreement::Agrees), count(Agreement::Disagrees));
        let judged = agree + disagree;
        table.push_row(vec![
            range,
            inside.len().to_string(),
            agree.to_string(),
            disagree.to_string(),
            count(Agreement::CannotTell).to_string(),
            if judged == 0 { "–".into() } else { format!("{:.0}%", 100.0 * agree as f64 / judged as f64) },
        ]);
    }
    table
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
                fitted_s: best_s,
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
    fn the_jobs_checked_spread_over_every_predicted_time() {
        let jobs: Vec<Calibrated> = (0..9)
            .map(|i| job(&format!("j{i}"), Some(10.0 * f64::from(i + 1)), i % 2 == 0))
            .chain([job("far", Some(5000.0), true), job("none", None, true)])
            .collect();
        assert_eq!(to_check(&jobs, 3), [0, 4, 9], "selected ones first, spread from 10 s to 5,000 s");
        assert_eq!(to_check(&jobs, 20).len(), 10, "every predicted job, far ones too; none has no prediction");
    }

    #[test]
    fn measured_beside_predicted_counts_the_factors() {
        let c = |m: Option<f64>| Checked {
            job: "j".into(),
            config: "c".into(),
            predicted_s: 100.0,
            interval: (1.0, 1.0),
            distance: 2.0,
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
            "4 predicted job(s) checked: 1 within ×2, 2 within ×3, 3 within ×10 of the prediction; 1 without an answer at 300 s\n\
             2 agree with the prediction (within ×3 or its interval), 2 disagree, 0 cannot tell (no answer at a limit both still allow)"
        );
    }

    #[test]
    fn a_run_without_an_answer_is_judged_by_what_its_limit_allows() {
        let c = |predicted_s: f64, interval: (f64, f64), measured_s: Option<f64>| Checked {
            job: "j".into(),
            config: "c".into(),
            predicted_s,
            interval,
            distance: 5.0,
            measured_s,
            status: if measured_s.is_some() { Status::False } else { Status::Timeout },
            limit_s: 600.0,
        };
        let bounded = (0.6, f64::INFINITY);
        assert_eq!(c(1000.0, (1.0, 1.0), None).agreement(), Agreement::CannotTell, "600 s cannot refute 1,000 s");
        assert_eq!(c(3000.0, (1.0, 1.0), Some(36.0)).agreement(), Agreement::Disagrees, "predicted 3,101 s, took 36 s");
        assert_eq!(c(100.0, (1.0, 1.0), None).agreement(), Agreement::Disagrees, "ran out of 6× the prediction");
        assert_eq!(
            c(100.0, bounded, None).agreement(),
            Agreement::Agrees,
            "an interval open above holds any time past 60 s"
        );
        assert_eq!(c(100.0, (0.2, 8.0), None).agreement(), Agreement::CannotTell, "600 s lies inside the interval");
        assert_eq!(
            c(100.0, (0.2, 8.0), Some(25.0)).agreement(),
            Agreement::Agrees,
            "within the interval, not within ×3"
        );
        let checked = [c(3000.0, (1.0, 1.0), Some(36.0)), c(100.0, bounded, None), c(1000.0, (1.0, 1.0), None)];
        let table = agreement_table(&checked);
        assert_eq!(table.rows, [["×3–10", "3", "1", "1", "1", "50%"]]);
    }

    #[test]
    fn measurements_fold_into_the_selection() {
        let mut jobs = vec![job("a", Some(100.0), true), job("b", Some(100.0), true)];
        let checked = [
            Checked {
                job: "a".into(),
                config: "none+caqe".into(),
                predicted_s: 100.0,
                interval: (1.0, 1.0),
                distance: 2.0,
                measured_s: Some(20.0),
                status: Status::True,
                limit_s: 300.0,
            },
            Checked {
                job: "b".into(),
                config: "none+caqe".into(),
                predicted_s: 100.0,
                interval: (1.0, 1.0),
                distance: 2.0,
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
