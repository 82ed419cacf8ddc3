//! Predictions validated on the run's own data, as part of `select`.
//!
//! The run's records are cut at lower limits, as if the suite had been calibrated there:
//! at [`CUTS`] of the calibration limit, and at every limit of the folder below its
//! longest (the calibration limit itself predicts what the frontier's longer runs
//! measured). From each cut, every growth [`Model`] predicts the jobs no configuration
//! solved within it, and each prediction is set beside what its configuration measured at
//! any limit: a [`Sample`], at a *distance*, the predicted time over the longest time the
//! configuration was measured at on the series (the prediction reaches that far past its
//! data). The models are scored on these samples, pooled and per family, and the best
//! chosen. The chosen models' samples, binned by distance, give each bin's error
//! distribution (measured over predicted, 10%, 50% and 90%); a bin is validated when it
//! has [`MIN_JUDGED`] judged samples and at least [`SHARE_WITHIN`] of them lie within ×3
//! of the prediction either way. A prediction it validates carries the bin's 80% band as
//! its interval, open above when more than a tenth of the bin were misses. The validated
//! reach ends at the first bin that is not: past it, `select` gives no point prediction,
//! only the bound that was measured.

use std::collections::{BTreeMap, BTreeSet};

use contract::Record;
use harness::growth::Model;

use super::super::input::{seconds, RunData};
use super::super::table::Table;
use super::super::Error;
use super::backtest::cut_at;
use super::calibrate::{calibrate, calibration_limit, job_of, Calibrated, Settings};
use super::judge::{BINS, CONFIRMS};
use super::predict::{interval_text, Band, Models, Reach};

/// The cuts below the calibration limit, as fractions of it (0.3, 1 and 3 s of 10 s).
pub const CUTS: [f64; 3] = [0.03, 0.1, 0.3];

/// Judged samples a bin needs to be validated.
pub const MIN_JUDGED: usize = 5;

/// The share of a validated bin's judged samples that must lie within ×3 of the
/// prediction either way.
pub const SHARE_WITHIN: f64 = 0.8;

/// Judged samples a family needs for a model of its own.
pub const FAMILY_SAMPLES: usize = 8;

/// What a prediction's configuration measured on its job.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Outcome {
    /// It answered: measured over predicted.
    Measured(f64),
    /// It ran out of every limit it had: at least this ratio.
    Above(f64),
}

/// One backtested prediction.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub job: String,
    pub family: String,
    pub model: Model,
    pub config: String,
    /// The cut (CPU seconds) the prediction was made from.
    pub cut_s: f64,
    pub predicted_s: f64,
    /// Predicted over the longest time measured on the series within the cut.
    pub distance: f64,
    pub outcome: Outcome,
}

impl Sample {
    /// Its ratio for the error distribution: measured, or infinite for a run that ran out
    /// of a limit at least [`CONFIRMS`] times the prediction (a miss, however long it
    /// would have taken); `None` for a run that ran out sooner (it cannot tell).
    pub fn judged(&self) -> Option<f64> {
        match self.outcome {
            Outcome::Measured(r) => Some(r),
            Outcome::Above(r) if r >= CONFIRMS => Some(f64::INFINITY),
            Outcome::Above(_) => None,
        }
    }
}

/// The error distribution of the samples in one distance bin.
#[derive(Clone, Debug, PartialEq)]
pub struct Bin {
    /// Distances above the previous bin's bound, up to this one.
    pub upto: f64,
    pub judged: usize,
    pub unjudged: usize,
    pub within: usize,
    /// 10%, 50% and 90% of measured over predicted (infinite: misses).
    pub low: f64,
    pub median: f64,
    pub high: f64,
    pub validated: bool,
}

/// One model's score on one scope (a family, or every family pooled).
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    pub scope: String,
    pub model: Model,
    pub judged: usize,
    pub within: usize,
    /// The median of |ln(measured / predicted)| as a factor.
    pub median_error: f64,
}

impl Score {
    fn share(&self) -> f64 {
        self.within as f64 / self.judged.max(1) as f64
    }

    /// Better: a higher share within ×3, then a smaller median error.
    fn beats(&self, other: &Score) -> bool {
        (self.share(), -self.median_error) > (other.share(), -other.median_error)
    }
}

/// What the backtests found, and what `select` predicts with.
#[derive(Clone, Debug, PartialEq)]
pub struct Validation {
    /// The cuts, CPU seconds.
    pub cuts: Vec<f64>,
    pub samples: Vec<Sample>,
    pub scores: Vec<Score>,
    pub models: Models,
    /// The chosen models' samples by distance.
    pub bins: Vec<Bin>,
    pub reach: Reach,
}

impl Validation {
    /// The largest distance the backtests validate (0: none).
    pub fn reach_distance(&self) -> f64 {
        self.bins.iter().take_while(|b| b.validated).last().map_or(0.0, |b| b.upto)
    }
}

/// Backtests `data` ([`validate`]), sets `settings` to the models and reach the backtests
/// chose, and calibrates the run's jobs with them: what `select` and the escalation
/// predict with.
pub fn calibrate_validated(
    data: &RunData,
    settings: &mut Settings,
    predicted: &BTreeSet<String>,
) -> Result<(Validation, Vec<Calibrated>), Error> {
    let validation = validate(data, settings, predicted)?;
    settings.models = validation.models.clone();
    settings.reach = validation.reach.clone();
    let jobs = calibrate(data, settings, predicted)?;
    Ok((validation, jobs))
}

/// Backtests every model at every cut of `data` and chooses; see the module's
/// documentation.
pub fn validate(data: &RunData, settings: &Settings, predicted: &BTreeSet<String>) -> Result<Validation, Error> {
    let limit = calibration_limit(data);
    let mut limits: Vec<f64> = data.records.iter().map(|r| r.timeout_s).collect();
    limits.sort_by(f64::total_cmp);
    limits.dedup();
    let longest = limits.last().copied().unwrap_or(limit);
    let mut cuts: Vec<f64> = CUTS.iter().map(|f| f * limit).collect();
    cuts.extend(limits.iter().copied().filter(|&l| l < longest));
    let truth = outcomes(data);
    let mut samples = Vec::new();
    for model in Model::ALL {
        for &cut in &cuts {
            samples.extend(backtest_at(data, settings, predicted, model, cut, &truth)?);
        }
    }
    let scores = scores(&samples);
    let models = choose(&scores);
    let chosen: Vec<&Sample> = samples.iter().filter(|s| s.model == models.of(&s.family)).collect();
    let bins = bins(&chosen);
    let reach = Reach::Validated(
        bins.iter()
            .take_while(|b| b.validated)
            .map(|b| Band { upto: b.upto, low: b.low, median: b.median, high: b.high })
            .collect(),
    );
    Ok(Validation { cuts, samples, scores, models, bins, reach })
}

/// What each configuration measured on each job, at its longest limit: the fastest answer,
/// else the longest limit it ran out of.
fn outcomes(data: &RunData) -> BTreeMap<(String, String), (Option<f64>, f64)> {
    let mut out: BTreeMap<(String, String), (Option<f64>, f64)> = BTreeMap::new();
    for r in &data.records {
        let Some(row) = data.instances.get(&r.instance) else { continue };
        let entry = out.entry((job_of(row).to_string(), r.configuration())).or_insert((None, 0.0));
        if r.answer().is_some() {
            let t = seconds(r);
            entry.0 = Some(entry.0.map_or(t, |b: f64| b.min(t)));
        } else if r.status.ran_out() {
            entry.1 = entry.1.max(r.timeout_s);
        }
    }
    out
}

/// The predictions of `model` from `data` cut at `cut`, beside what was measured.
fn backtest_at(
    data: &RunData,
    settings: &Settings,
    predicted: &BTreeSet<String>,
    model: Model,
    cut: f64,
    truth: &BTreeMap<(String, String), (Option<f64>, f64)>,
) -> Result<Vec<Sample>, Error> {
    let records: Vec<Record> =
        data.records.iter().map(|r| if r.timeout_s > cut { cut_at(r, cut) } else { r.clone() }).collect();
    let cut_data = RunData { instances: data.instances.clone(), records };
    let settings = Settings { models: Models::only(model), reach: Reach::Unvalidated, ..settings.clone() };
    let mut out = Vec::new();
    for job in calibrate(&cut_data, &settings, predicted)? {
        let Some(p) = job.prediction.filter(|_| job.best_s.is_none()) else { continue };
        let Some(&(answered, ran_out)) = truth.get(&(job.job.clone(), p.config.clone())) else { continue };
        let outcome = match answered {
            Some(t) => Outcome::Measured(t / p.best_s),
            None if ran_out > cut => Outcome::Above(ran_out / p.best_s),
            None => continue,
        };
        out.push(Sample {
            distance: p.distance(),
            job: job.job,
            family: job.family,
            model,
            config: p.config,
            cut_s: cut,
            predicted_s: p.best_s,
            outcome,
        });
    }
    Ok(out)
}

/// Every model's score, pooled and per family.
fn scores(samples: &[Sample]) -> Vec<Score> {
    let families: BTreeSet<&str> = samples.iter().map(|s| s.family.as_str()).collect();
    let mut out = Vec::new();
    for scope in std::iter::once("pooled").chain(families) {
        for model in Model::ALL {
            let ratios: Vec<f64> = samples
                .iter()
                .filter(|s| s.model == model && (scope == "pooled" || s.family == scope))
                .filter_map(Sample::judged)
                .collect();
            let mut errors: Vec<f64> = ratios.iter().map(|r| r.ln().abs()).collect();
            errors.sort_by(f64::total_cmp);
            out.push(Score {
                scope: scope.to_string(),
                model,
                judged: ratios.len(),
                within: ratios.iter().filter(|&&r| (1.0 / CONFIRMS..=CONFIRMS).contains(&r)).count(),
                median_error: errors.get(errors.len() / 2).map_or(f64::INFINITY, |e| e.exp()),
            });
        }
    }
    out
}

/// The pooled model that scores best (exponential where no model has
/// [`MIN_JUDGED`] judged samples), and a family's own where its samples suffice and its
/// best model beats the pooled one on them.
fn choose(scores: &[Score]) -> Models {
    let best = |scope: &str, least: usize| {
        scores.iter().filter(|s| s.scope == scope && s.judged >= least).fold(None::<&Score>, |b, s| match b {
            Some(b) if !s.beats(b) => Some(b),
            _ => Some(s),
        })
    };
    let pooled = best("pooled", MIN_JUDGED).map_or(Model::Exponential, |s| s.model);
    let mut models = Models::only(pooled);
    let families: BTreeSet<&str> = scores.iter().map(|s| s.scope.as_str()).filter(|s| *s != "pooled").collect();
    for family in families {
        let Some(own) = best(family, FAMILY_SAMPLES) else { continue };
        let shared = scores.iter().find(|s| s.scope == family && s.model == pooled);
        if own.model != pooled && shared.is_none_or(|s| own.beats(s)) {
            models.families.insert(family.to_string(), own.model);
        }
    }
    models
}

/// The error distribution of `samples` per distance bin.
fn bins(samples: &[&Sample]) -> Vec<Bin> {
    let mut lower = 0.0;
    BINS.iter()
        .map(|&upto| {
            let inside: Vec<&&Sample> = samples.iter().filter(|s| s.distance > lower && s.distance <= upto).collect();
            lower = upto;
            let mut ratios: Vec<f64> = inside.iter().filter_map(|s| s.judged()).collect();
            ratios.sort_by(f64::total_cmp);
            let n = ratios.len();
            let at = |q: f64| -> f64 {
                if n == 0 {
                    return f64::NAN;
                }
                let k = q * (n - 1) as f64;
                ratios[if q < 0.5 { k.floor() } else { k.ceil() } as usize]
            };
            let (low, median, high) = (at(0.1), at(0.5), at(0.9));
            let within = ratios.iter().filter(|&&r| (1.0 / CONFIRMS..=CONFIRMS).contains(&r)).count();
            Bin {
                upto,
                judged: n,
                unjudged: inside.len() - n,
                within,
                low,
                median,
                high,
                validated: n >= MIN_JUDGED && within as f64 >= SHARE_WITHIN * n as f64,
            }
        })
        .collect()
}

/// The backtests' error distribution by distance (the chosen models' samples).
pub fn distance_table(v: &Validation) -> Table {
    let mut table = Table::new(&[
        "distance",
        ">judged",
        ">cannot tell",
        ">within ×3",
        ">10%",
        ">median",
        ">90%",
        "predictions given",
    ]);
    let mut lower = 0.0;
    for b in &v.bins {
        let range = if b.upto.is_finite() { format!("×{lower}–{}", b.upto) } else { format!("> ×{lower}") };
        lower = b.upto;
        let ratio = |r: f64| {
            if r.is_nan() {
                "–".to_string()
            } else if r.is_infinite() {
                "miss".into()
            } else {
                format!("{r:.2}")
            }
        };
        let given = if b.validated && v.reach_distance() >= b.upto {
            format!("yes: ×{:.2}, interval ×{}", b.median, interval_text(b.low, b.high, 2))
        } else {
            "no: bounded".to_string()
        };
        table.push_row(vec![
            range,
            b.judged.to_string(),
            b.unjudged.to_string(),
            if b.judged == 0 {
                "–".into()
            } else {
                format!("{} ({:.0}%)", b.within, 100.0 * b.within as f64 / b.judged as f64)
            },
            ratio(b.low),
            ratio(b.median),
            ratio(b.high),
            given,
        ]);
    }
    table
}

/// Every model's score, pooled and for the families with a model of their own, and the
/// choice.
pub fn model_table(v: &Validation) -> Table {
    let mut table = Table::new(&["scope", "model", ">judged", ">within ×3", ">median error", "chosen"]);
    for s in &v.scores {
        let own = s.scope != "pooled" && v.models.families.contains_key(&s.scope);
        if s.scope != "pooled" && !own {
            continue;
        }
        let chosen = if s.scope == "pooled" { v.models.pooled == s.model } else { v.models.of(&s.scope) == s.model };
        table.push_row(vec![
            s.scope.clone(),
            s.model.to_string(),
            s.judged.to_string(),
            if s.judged == 0 { "–".into() } else { format!("{} ({:.0}%)", s.within, 100.0 * s.share()) },
            if s.median_error.is_finite() { format!("×{:.2}", s.median_error) } else { "–".into() },
            if chosen { "chosen".into() } else { String::new() },
        ]);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(distance: f64, outcome: Outcome) -> Sample {
        Sample {
            job: "j".into(),
            family: "f".into(),
            model: Model::Exponential,
            config: "none+caqe".into(),
            cut_s: 1.0,
            predicted_s: 10.0,
            distance,
            outcome,
        }
    }

    #[test]
    fn bins_give_their_error_distribution_and_validate_only_tight_ones() {
        let mut samples: Vec<Sample> =
            [0.5, 0.8, 1.0, 1.2, 2.0].iter().map(|&r| sample(2.0, Outcome::Measured(r))).collect();
        samples.push(sample(2.0, Outcome::Above(1.5)));
        samples.extend([0.01, 1.0, 1.0, 1.0, 50.0].iter().map(|&r| sample(20.0, Outcome::Measured(r))));
        samples.push(sample(200.0, Outcome::Above(5.0)));
        samples
            .extend([0.4, 0.5, 0.7, 0.9, 1.0, 1.1, 1.3, 1.6, 2.5].iter().map(|&r| sample(50.0, Outcome::Measured(r))));
        samples.push(sample(50.0, Outcome::Above(4.0)));
        let refs: Vec<&Sample> = samples.iter().collect();
        let b = bins(&refs);
        assert_eq!((b[0].judged, b[0].unjudged, b[0].within), (5, 1, 5), "ran out at 1.5× the prediction: cannot tell");
        assert_eq!((b[0].low, b[0].median, b[0].high), (0.5, 1.0, 2.0));
        assert!(b[0].validated);
        assert!(!b[1].validated, "no samples between ×3 and ×10");
        assert!(!b[2].validated, "3 of 5 within ×3: 60%");
        assert!(b[3].validated, "9 of 10 within ×3");
        assert_eq!((b[3].low, b[3].high), (0.4, f64::INFINITY), "a tenth missed: the interval is open above");
        assert_eq!(b[4].high, f64::INFINITY, "ran out of 5× the prediction: a miss");
    }

    #[test]
    fn the_best_scoring_model_is_chosen_pooled_and_per_family() {
        let mut samples = Vec::new();
        for (family, model, r) in [
            ("a", Model::Exponential, 1.1),
            ("a", Model::Power, 5.0),
            ("b", Model::Exponential, 20.0),
            ("b", Model::Power, 1.2),
        ] {
            for _ in 0..if family == "a" { 20 } else { 9 } {
                samples.push(Sample { family: family.into(), model, ..sample(5.0, Outcome::Measured(r)) });
            }
        }
        let models = choose(&scores(&samples));
        assert_eq!(models.pooled, Model::Exponential, "20 of 29 within ×3, against 9 of 29");
        assert_eq!(models.of("b"), Model::Power, "b's own samples favour the power model");
        assert_eq!(models.of("a"), Model::Exponential);
    }
}
