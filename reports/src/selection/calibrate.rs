//! Calibration: a run's results folded into one [`Calibrated`] per job, with its class and
//! its answer's source.

use std::collections::{BTreeMap, BTreeSet};

use contract::{manifest::Row, Record, Status};
use contract::{Depth, Verdict};

use super::super::input::{seconds, RunData};
use super::super::Error;
use super::class::{classify, Class, Thresholds};
use super::predict::{predict_series, Estimate, Measured, Models, Prediction, Reach, Rung};

/// What calibration found out about one job (one formula, in every format it was written).
#[derive(Clone, Debug, PartialEq)]
pub struct Calibrated {
    /// The manifest's `job` (the instance id for rows without one).
    pub job: String,
    pub family: String,
    pub params: String,
    pub depth: Depth,
    pub encoding: String,
    pub class: Class,
    /// Runs with a result at the calibration limit (configurations × formats), the cells
    /// a series stop left out (`skipped`) counted as unsolved: their configuration ran out
    /// of the limit on a shallower rung of the same series.
    pub runs: usize,
    /// How many of them solved it.
    pub solved: usize,
    /// CPU seconds of the fastest run that solved it (at any limit).
    pub best_s: Option<f64>,
    /// Where no run solved it: its predicted hardness.
    pub prediction: Option<Prediction>,
    /// Where no run solved it: the CPU seconds its fastest configuration needs at least,
    /// by measurement ([`Estimate::floor_s`]); 0 for a solved job.
    pub floor_s: f64,
    /// The slowest configuration's CPU seconds, predicted within reach or measured at
    /// least ([`Estimate::slowest_s`]); for a solved job, the slowest
    /// of the configurations that solved it and the estimates of those that did not.
    pub slowest_s: f64,
    /// Its class on each track it was run on (`qdimacs`, `qcir`), from that track's runs
    /// alone (see [`tracks`]).
    pub tracks: BTreeMap<String, Class>,
    /// The answer, and where it comes from: the manifest's source (`reference`,
    /// `published`, …) or `agreement` (that many configurations said so, none the opposite;
    /// not certified).
    pub expected: Option<Verdict>,
    pub expected_by: String,
    /// Whether the selection keeps it, and why not (or `frontier` notes).
    pub selected: bool,
    pub note: String,
}

impl Calibrated {
    /// Whether at least one run did not solve it at the calibration limit (or it was
    /// predicted, not run).
    pub fn unsolved_by_some(&self) -> bool {
        self.solved < self.runs || self.runs == 0
    }

    /// The best configuration's CPU seconds: measured, else predicted.
    pub fn hardness_s(&self) -> Option<f64> {
        self.best_s.or(self.prediction.as_ref().map(|p| p.best_s))
    }

    /// What its class rests on.
    pub fn basis(&self) -> Basis {
        if self.best_s.is_some() {
            Basis::Measured
        } else if self.prediction.is_some() {
            Basis::Predicted
        } else if self.class == Class::Unsolved {
            Basis::Measured
        } else {
            Basis::Bounded
        }
    }
}

/// What a job's class rests on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Basis {
    /// A run's time: an answer, or a limit of at least the competition limit run out of.
    Measured,
    /// A time predicted within the distance the backtests validate, with its interval.
    Predicted,
    /// Only a lower bound from what was measured: past the validated distance, or where no
    /// growth predicts.
    Bounded,
}

impl Basis {
    pub const ALL: [Basis; 3] = [Basis::Measured, Basis::Predicted, Basis::Bounded];

    pub fn name(self) -> &'static str {
        match self {
            Basis::Measured => "measured",
            Basis::Predicted => "predicted",
            Basis::Bounded => "bounded",
        }
    }
}

impl std::fmt::Display for Basis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The job of a manifest row (the id for hand-made rows without one).
pub fn job_of(row: &Row) -> &str {
    if row.job.is_empty() {
        &row.id
    } else {
        &row.job
    }
}

/// How `select` calibrates.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub thresholds: Thresholds,
    /// Answers without a manifest source need this many different solvers that agree.
    pub agree: usize,
    /// The limit the set is made for (CPU seconds): classes are relative to it.
    pub competition_s: f64,
    /// The growth model of each family's predictions.
    pub models: Models,
    /// How far predictions are given, and their intervals.
    pub reach: Reach,
}

impl Default for Settings {
    /// The thresholds' defaults, two solvers to agree, the QBF Gallery's 900 s, the
    /// exponential model and every prediction given.
    fn default() -> Settings {
        Settings {
            thresholds: Thresholds::default(),
            agree: 2,
            competition_s: 900.0,
            models: Models::default(),
            reach: Reach::Unvalidated,
        }
    }
}

/// The calibration limit of a run: the least limit of its records (runs at longer limits,
/// such as `calibrate --check-predictions`, measure further jobs past it).
pub fn calibration_limit(data: &RunData) -> f64 {
    data.records.iter().map(|r| r.timeout_s).fold(f64::INFINITY, f64::min)
}

/// Classes every job of `data` that has a QBF file against the competition limit: by its
/// fastest measured run (at the calibration limit, or a longer one), or where none solved
/// it, by the time predicted from its depth series ([`predict_series`]). Answers without
/// a manifest source are taken from `agree` or more different solvers that agree (with
/// or without a preprocessor: one solver's configurations count once). An answer that
/// contradicts another source, and jobs without any result that are not in `predicted`
/// (the rungs a ladder predicted, which `run` leaves out), are errors: a selection must
/// rest on every job it could choose.
pub fn calibrate(data: &RunData, settings: &Settings, predicted: &BTreeSet<String>) -> Result<Vec<Calibrated>, Error> {
    let limit = calibration_limit(data);
    let mut jobs: BTreeMap<&str, (&Row, Vec<&Record>)> = BTreeMap::new();
    for row in data.instances.values().filter(|r| r.format == "qdimacs" || r.format == "qcir") {
        let entry = jobs.entry(job_of(row)).or_insert((row, Vec::new()));
        if row.format == "qdimacs" {
            entry.0 = row;
        }
    }
    for record in &data.records {
        let usable = record.timeout_s >= limit && record.status != Status::Starved;
        if let Some(row) = data.instances.get(&record.instance).filter(|_| usable) {
            if let Some(entry) = jobs.get_mut(job_of(row)) {
                entry.1.push(record);
            }
        }
    }
    let mut missing = Vec::new();
    let mut disagreements = Vec::new();
    let mut kept: Vec<Runs<'_>> = Vec::new();
    for (job, (row, records)) in jobs {
        if records.is_empty() && !predicted.contains(job) {
            missing.push(job.to_string());
            continue;
        }
        let measured = records
            .iter()
            .filter(|r| r.status != Status::Skipped)
            .map(|r| Measured {
                config: r.configuration(),
                cpu_s: seconds(r),
                pre_s: r.pre_cpu_s,
                limit_s: r.timeout_s,
                solved: r.answer().is_some(),
            })
            .collect();
        kept.push(Runs { job, row, records, measured });
    }
    let estimates = estimates(&kept, &settings.models, &settings.reach);
    let mut out = Vec::with_capacity(kept.len());
    for (Runs { job, row, records, measured }, estimate) in kept.iter().zip(estimates) {
        let (expected, expected_by) = match answer(row, records, settings.agree) {
            Ok(a) => a,
            Err(said) => {
                disagreements.push(format!("{job}: {said}"));
                continue;
            }
        };
        let at_limit: Vec<&&Record> = records.iter().filter(|r| r.timeout_s == limit).collect();
        let times: Vec<Option<f64>> = at_limit.iter().map(|r| r.answer().is_some().then(|| seconds(r))).collect();
        let best_s = measured.iter().filter(|m| m.solved).map(|m| m.cpu_s).reduce(f64::min);
        let (floor_s, slowest_s, prediction) =
            estimate.map_or((0.0, 0.0, None), |e| (e.floor_s, e.slowest_s, e.prediction));
        let best = best_s.or(prediction.as_ref().map(|p| p.best_s));
        out.push(Calibrated {
            job: job.to_string(),
            family: row.family.clone(),
            params: row.params.clone(),
            depth: row.depth,
            encoding: row.encoding.clone(),
            class: classify(&times, best, floor_s, settings.competition_s, settings.thresholds),
            runs: times.len(),
            solved: times.iter().flatten().count(),
            best_s,
            prediction,
            floor_s,
            slowest_s,
            tracks: BTreeMap::new(),
            expected,
            expected_by,
            selected: false,
            note: String::new(),
        });
    }
    if !disagreements.is_empty() {
        return Err(Error::Disagreement { count: disagreements.len(), first: shortlist(&disagreements) });
    }
    if !missing.is_empty() {
        return Err(Error::Uncalibrated { count: missing.len(), limit, first: shortlist(&missing) });
    }
    Ok(out)
}

/// The tracks of a run: `qdimacs` and `qcir`, where the run has records of that format.
pub const TRACKS: [&str; 2] = ["qdimacs", "qcir"];

/// Sets each job's class per track, [`calibrate`] on that track's instances and records
/// alone (a job without records on a track has no class there).
pub fn tracks(
    jobs: &mut [Calibrated],
    data: &RunData,
    settings: &Settings,
    predicted: &BTreeSet<String>,
) -> Result<(), Error> {
    for track in TRACKS {
        let part = data.track(track);
        if part.records.is_empty() {
            continue;
        }
        let ran: BTreeSet<&str> =
            part.records.iter().filter_map(|r| part.instances.get(&r.instance)).map(job_of).collect();
        let mut part_predicted: BTreeSet<String> = predicted.clone();
        part_predicted.extend(part.instances.values().map(job_of).filter(|j| !ran.contains(j)).map(String::from));
        let classes: BTreeMap<String, Class> =
            calibrate(&part, settings, &part_predicted)?.into_iter().map(|c| (c.job, c.class)).collect();
        for job in jobs.iter_mut() {
            if let Some(&class) = classes.get(&job.job) {
                job.tracks.insert(track.to_string(), class);
            }
        }
    }
    Ok(())
}

/// One job with its usable records, and each as the prediction reads it.
struct Runs<'a> {
    job: &'a str,
    row: &'a Row,
    records: Vec<&'a Record>,
    measured: Vec<Measured>,
}

/// The estimate of each job (in order) from its depth series: the jobs of one family,
/// parameters and encoding at numbered depths, with the family's growth model.
fn estimates(jobs: &[Runs<'_>], models: &Models, reach: &Reach) -> Vec<Option<Estimate>> {
    // Family, parameters and encoding: the jobs (depth, index) of one series.
    type Series<'r> = (&'r str, &'r str, &'r str);
    let mut series: BTreeMap<Series<'_>, Vec<(u32, usize)>> = BTreeMap::new();
    for (i, Runs { row, .. }) in jobs.iter().enumerate() {
        if let Some(d) = row.depth.plies() {
            series.entry((&row.family, &row.params, &row.encoding)).or_default().push((d, i));
        }
    }
    let mut out = vec![None; jobs.len()];
    for ((family, _, _), members) in series.iter_mut() {
        members.sort_unstable();
        let rungs: Vec<Rung<'_>> =
            members.iter().map(|&(d, i)| Rung { depth: f64::from(d), runs: &jobs[i].measured }).collect();
        for (&(_, i), p) in members.iter().zip(predict_series(&rungs, models.of(family), reach)) {
            out[i] = p;
        }
    }
    out
}

/// The answer of a job and its source, or what the sources said when they disagree.
fn answer(row: &Row, records: &[&Record], agree: usize) -> Result<(Option<Verdict>, String), String> {
    let mut said: BTreeMap<Verdict, BTreeSet<String>> = BTreeMap::new();
    let mut solvers: BTreeMap<Verdict, BTreeSet<&str>> = BTreeMap::new();
    for r in records {
        if let Some(v) = r.answer() {
            said.entry(v).or_default().insert(r.configuration());
            solvers.entry(v).or_default().insert(&r.solver);
        }
    }
    let list = |v: Verdict| said.get(&v).map(|s| s.iter().cloned().collect::<Vec<_>>().join(", "));
    if let Some(expected) = row.expected {
        let opposite = if expected == Verdict::True { Verdict::False } else { Verdict::True };
        return match list(opposite) {
            Some(who) => Err(format!("{} says {expected}, {who} said {opposite}", row.expected_by)),
            None => Ok((Some(expected), row.expected_by.clone())),
        };
    }
    match (list(Verdict::True), list(Verdict::False)) {
        (Some(t), Some(f)) => Err(format!("{t} said true, {f} said false")),
        _ => Ok(solvers
            .iter()
            .find(|(_, who)| who.len() >= agree)
            .map_or((None, "none".to_string()), |(&v, _)| (Some(v), "agreement".to_string()))),
    }
}

/// The first few items, then how many more.
fn shortlist(items: &[String]) -> String {
    let mut text = items.iter().take(5).map(|s| format!("\n    {s}")).collect::<String>();
    if items.len() > 5 {
        text += &format!("\n    … and {} more", items.len() - 5);
    }
    text
}
