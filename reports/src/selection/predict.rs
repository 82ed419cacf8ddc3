//! Hardness predicted past the calibration limit: along each series of a job's depths
//! (the same family, parameters and encoding: a depth ladder, or the depths a family
//! lists), every configuration's CPU time grows as fitted on the depths it solved
//! ([`Growth`]), steepened by the first depth past them it ran out of its limit on,
//! entered at that limit, where that depth says the time grows faster (a lower bound of
//! its time there: without it, a constant cost such as a solver's start-up flattens the
//! growth near the frontier; but alone beside one solved depth it says nothing of the
//! growth, and a configuration that solved one depth near the limit and ran out on the
//! next predicts nothing, as does one whose solved rungs grow by less than
//! [`harness::growth::MIN_SPAN`]); a job no configuration solved gets each fitted configuration's
//! predicted time, never less than a limit it was measured to run out of at that depth or
//! a shallower one.
//!
//! A preprocessor's time and its solver's are fitted apart and added: on the shallow
//! rungs a preprocessor such as Bloqqer often takes nearly all the time (or solves the
//! formula itself), and its slow growth would hide the solver's. A configuration whose
//! solver never took measurable time ([`FLOOR_S`]) predicts nothing: the rungs say
//! nothing about how its search grows.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use harness::growth::{Growth, Model, FLOOR_S};

/// One configuration's measured runs of a job: CPU seconds (the preprocessor's and the
/// solver's together, and the preprocessor's alone) and whether it answered.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    pub config: String,
    pub cpu_s: f64,
    pub pre_s: f64,
    pub limit_s: f64,
    pub solved: bool,
}

/// The predicted hardness of a job no configuration solved.
#[derive(Clone, Debug, PartialEq)]
pub struct Prediction {
    /// The best configuration's predicted CPU seconds.
    pub best_s: f64,
    /// That configuration.
    pub config: String,
    /// The best configuration's fit: its rungs, growth and error.
    pub from: String,
    /// The growth model that made it.
    pub model: Model,
    /// The longest CPU time the best configuration was measured at on the series, at this
    /// rung or a shallower one (a solved time, or a limit it ran out of): what the
    /// prediction reaches out from. `best_s / anchor_s` is its distance.
    pub anchor_s: f64,
    /// The interval the backtests at its distance give, as factors of the prediction (10%
    /// to 90% of the measured over predicted ratios); (1, 1) where unvalidated.
    pub interval: (f64, f64),
    /// What the growth itself predicts, before the backtests' median at its distance
    /// corrected it into [`Prediction::best_s`] (equal where unvalidated).
    pub fitted_s: f64,
}

impl Prediction {
    /// How far the growth reaches past what was measured: its own prediction
    /// ([`Prediction::fitted_s`]) over [`Prediction::anchor_s`], as the backtests measure it.
    pub fn distance(&self) -> f64 {
        self.fitted_s / self.anchor_s.max(FLOOR_S)
    }
}

/// What the runs say of a rung no run solved: the least time it needs by measurement,
/// and, where a configuration's growth reaches it, a prediction.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// CPU seconds the fastest configuration needs at least, as measured: the least, over
    /// the configurations that ran on the series, of the most each needed at this rung or
    /// a shallower one (a limit it ran out of, or a time it solved in). A bound, never a
    /// prediction: a deeper rung of a ladder is taken to be no easier than a shallower one.
    pub floor_s: f64,
    /// The slowest configuration's CPU seconds: its prediction within reach, else the most
    /// it was measured to need (a bound). Past the competition limit, at least one
    /// configuration does not solve the rung within it.
    pub slowest_s: f64,
    pub prediction: Option<Prediction>,
}

impl fmt::Display for Prediction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.0} s predicted for {} ({})", self.best_s, self.config, self.from)?;
        if self.fitted_s != self.best_s {
            write!(f, "; the growth's {:.0} s corrected by the backtests' median", self.fitted_s)?;
        }
        Ok(())
    }
}

/// The growth model of each family: the backtests' choice ([`super::validate`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Models {
    /// The model of every family without a choice of its own.
    pub pooled: Model,
    /// Families whose own backtests chose their model.
    pub families: BTreeMap<String, Model>,
}

impl Models {
    /// `model` for every family.
    pub fn only(model: Model) -> Models {
        Models { pooled: model, families: BTreeMap::new() }
    }

    /// The model of `family`.
    pub fn of(&self, family: &str) -> Model {
        self.families.get(family).copied().unwrap_or(self.pooled)
    }
}

impl Default for Models {
    fn default() -> Models {
        Models::only(Model::Exponential)
    }
}

/// One job of a series: its depth and every run of it.
#[derive(Clone, Debug)]
pub struct Rung<'a> {
    pub depth: f64,
    pub runs: &'a [Measured],
}

/// The estimate of every rung of one series, each configuration's growth fitted with
/// `model` and predicting within `reach`. A rung some run solved is measured: it gets no
/// prediction, only the slowest configuration's time (those that solved it as measured,
/// the others as they would be on a rung no run solved).
pub fn predict_series(rungs: &[Rung<'_>], model: Model, reach: &Reach) -> Vec<Option<Estimate>> {
    let mut points: BTreeMap<&str, Vec<(f64, &Measured)>> = BTreeMap::new();
    let mut ran_out: BTreeMap<&str, Vec<(f64, &Measured)>> = BTreeMap::new();
    for rung in rungs {
        for run in rung.runs {
            let side = if run.solved { &mut points } else { &mut ran_out };
            side.entry(&run.config).or_default().push((rung.depth, run));
        }
    }
    // Every configuration that ran: one that never solved a rung has no fit, but its
    // limits still bound the worst case.
    let configs: BTreeSet<&str> = points.keys().chain(ran_out.keys()).copied().collect();
    let fits: BTreeMap<&str, Option<Fit>> = configs
        .into_iter()
        .map(|config| {
            let solved = points.get(config).map_or(&[][..], Vec::as_slice);
            let top = solved.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
            let censored = ran_out
                .get(config)
                .into_iter()
                .flatten()
                .filter(|p| p.0 > top)
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .copied();
            (config, Fit::new(model, solved, censored))
        })
        .collect();
    // Per configuration: the most it needed at each rung or a shallower one.
    let needed = |config: &str, depth: f64| -> f64 {
        let solved = points.get(config).into_iter().flatten().filter(|p| p.0 <= depth).map(|p| p.1.cpu_s);
        let out = ran_out.get(config).into_iter().flatten().filter(|p| p.0 <= depth).map(|p| p.1.limit_s);
        solved.chain(out).fold(0.0, f64::max)
    };
    rungs
        .iter()
        .map(|rung| {
            let solved: BTreeMap<&str, f64> =
                rung.runs.iter().filter(|r| r.solved).map(|r| (r.config.as_str(), r.cpu_s)).collect();
            let estimate = estimate(rung.depth, &fits, &solved, &needed, ran_out_at(&ran_out, rung.depth), reach);
            if solved.is_empty() {
                return Some(estimate);
            }
            // Measured: only the slowest configuration is left to estimate, from the
            // configurations that did not solve the rung.
            let slowest_s = solved.values().copied().fold(estimate.slowest_s, f64::max);
            Some(Estimate { floor_s: 0.0, slowest_s, prediction: None })
        })
        .collect()
}

/// Per configuration, the longest limit it ran out of at `depth` or a shallower rung.
fn ran_out_at<'a>(ran_out: &BTreeMap<&'a str, Vec<(f64, &Measured)>>, depth: f64) -> BTreeMap<&'a str, f64> {
    ran_out
        .iter()
        .map(|(c, runs)| (*c, runs.iter().filter(|p| p.0 <= depth).map(|p| p.1.limit_s).fold(0.0, f64::max)))
        .collect()
}

/// A configuration's time at a rung, as [`estimate`] weighs it.
struct Candidate<'a> {
    best_s: f64,
    fitted_s: f64,
    config: &'a str,
    fit: &'a Fit,
    interval: (f64, f64),
    /// Its growth lies below a limit it ran out of: `best_s` is that limit, a bound.
    refuted: bool,
}

/// One rung's estimate. Each configuration is known at the rung by a prediction its
/// growth makes within `reach` (never below a limit it ran out of), or only by the most it
/// needed there or on a shallower rung. The fastest prediction is the rung's; where no
/// configuration predicts within reach, or the fastest one's growth lies below a limit it
/// ran out of (the run refutes it), the rung is bounded by the least any needed. The
/// configurations in `solved` (that solved the rung) are left out.
fn estimate(
    depth: f64,
    fits: &BTreeMap<&str, Option<Fit>>,
    solved: &BTreeMap<&str, f64>,
    needed: &dyn Fn(&str, f64) -> f64,
    ran_out: BTreeMap<&str, f64>,
    reach: &Reach,
) -> Estimate {
    let mut fastest: Option<Candidate> = None;
    let (mut floor_s, mut slowest_s) = (f64::INFINITY, 0.0f64);
    for (config, fit) in fits.iter().filter(|(c, _)| !solved.contains_key(*c)) {
        let least = needed(config, depth);
        floor_s = floor_s.min(least);
        let out = ran_out.get(config).copied().unwrap_or(0.0);
        let Some(fit) = fit else {
            slowest_s = slowest_s.max(least);
            continue;
        };
        // The growth's own prediction, at the distance the backtests judge, corrected by
        // their median there. A growth that predicts less than a limit this configuration
        // ran out of here (or on a shallower rung) is refuted by that run, whatever the
        // correction: the configuration is known only to need more than that limit.
        let grown = fit.predict(depth);
        let refuted = grown < out;
        let fitted = grown.max(out);
        let Some(band) = reach.band(fitted / least.max(FLOOR_S)) else {
            slowest_s = slowest_s.max(least);
            continue;
        };
        let t = (fitted * band.median).max(out);
        slowest_s = slowest_s.max(t);
        if fastest.as_ref().is_none_or(|f| t < f.best_s) {
            let interval = (band.low / band.median, band.high / band.median);
            fastest = Some(Candidate { best_s: t, fitted_s: fitted, config, fit, interval, refuted });
        }
    }
    let floor_s = if floor_s.is_finite() { floor_s } else { 0.0 };
    // The fastest configuration's refuted growth predicts nothing: the rung is bounded by
    // the limit it ran out of.
    let prediction = fastest.filter(|f| !f.refuted).map(|f| Prediction {
        best_s: f.best_s,
        config: f.config.to_string(),
        from: f.fit.to_string(),
        model: f.fit.solver.model,
        anchor_s: needed(f.config, depth),
        interval: f.interval,
        fitted_s: f.fitted_s,
    });
    Estimate { floor_s: prediction.as_ref().map_or(floor_s, |p| floor_s.min(p.best_s)), slowest_s, prediction }
}

/// How far predictions are given: every distance (backtests, which judge them), or only
/// as far as the backtests validated, each with the error of its distance.
#[derive(Clone, Debug, PartialEq)]
pub enum Reach {
    /// Every prediction, uncorrected and without an interval: what a backtest judges.
    Unvalidated,
    /// The validated distance bins, by rising distance: a prediction at a distance up to a
    /// bin's bound takes its [`Band`]; past the last, none is given.
    Validated(Vec<Band>),
}

/// The backtests' error in one validated distance bin: measured over predicted.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Band {
    /// Distances up to this one (above the previous bin's).
    pub upto: f64,
    /// 10% of the ratios.
    pub low: f64,
    /// Their median: the factor that corrects a prediction at this distance.
    pub median: f64,
    /// 90% of the ratios; infinite when more than a tenth of them were misses.
    pub high: f64,
}

impl Reach {
    /// The band at `distance`; `None` past the reach. Unvalidated predictions take the
    /// point alone: every factor 1.
    pub fn band(&self, distance: f64) -> Option<Band> {
        match self {
            Reach::Unvalidated => Some(Band { upto: f64::INFINITY, low: 1.0, median: 1.0, high: 1.0 }),
            Reach::Validated(bins) => bins.iter().find(|b| distance <= b.upto).copied(),
        }
    }
}

/// An interval as text: `0.63–1.85`, or `≥ 0.63` when it is open above.
pub fn interval_text(low: f64, high: f64, decimals: usize) -> String {
    if high.is_finite() {
        format!("{low:.decimals$}–{high:.decimals$}")
    } else {
        format!("≥ {low:.decimals$}")
    }
}

/// One configuration's growth along a series: its solver's, and its preprocessor's.
#[derive(Clone, Debug)]
struct Fit {
    solver: Growth,
    preprocessor: Preprocessing,
}

/// How a configuration's preprocessing time goes on.
#[derive(Clone, Debug)]
enum Preprocessing {
    /// No preprocessor, or one that took no measurable time.
    None,
    /// It grows as fitted.
    Grows(Growth),
    /// It did not grow: its longest measured time, taken as it is.
    Flat(f64),
}

impl Fit {
    /// Fits the solved runs (depth, run), then steepens the fit with the first run past
    /// them that ran out of its limit (its solver's part at least the limit less the
    /// preprocessor's time) when that says the time grows faster. The solved runs alone
    /// must show growth: a run that ran out just after one solved near the limit is a
    /// lower bound, not a flat growth.
    fn new(model: Model, solved: &[(f64, &Measured)], ran_out: Option<(f64, &Measured)>) -> Option<Fit> {
        let mut points: Vec<(f64, f64)> = solved.iter().map(|(x, r)| (*x, r.cpu_s - r.pre_s)).collect();
        let alone = Growth::fit_with(model, &points)?;
        let censored = ran_out.map(|(x, r)| (x, r.limit_s - r.pre_s)).filter(|p| p.1 >= FLOOR_S);
        points.extend(censored);
        let steeper = |g: &Growth| censored.is_some_and(|(x, _)| g.predict(x) > alone.predict(x));
        let solver = Growth::fit_with(model, &points).filter(steeper).unwrap_or(alone);
        let pre: Vec<(f64, f64)> = solved.iter().map(|(x, r)| (*x, r.pre_s)).collect();
        let longest = pre.iter().map(|p| p.1).fold(0.0, f64::max);
        let preprocessor = match Growth::fit_with(model, &pre) {
            Some(g) => Preprocessing::Grows(g),
            None if longest > 0.0 => Preprocessing::Flat(longest),
            None => Preprocessing::None,
        };
        Some(Fit { solver, preprocessor })
    }

    /// The predicted CPU seconds at depth `x`, preprocessing included.
    fn predict(&self, x: f64) -> f64 {
        self.solver.predict(x)
            + match &self.preprocessor {
                Preprocessing::None => 0.0,
                Preprocessing::Grows(g) => g.predict(x),
                Preprocessing::Flat(s) => *s,
            }
    }
}

impl fmt::Display for Fit {
    /// The solver's fit, then the preprocessor's:
    /// `fit on 5 7 9: ×3.10 per step, error ×1.25; preprocessing ×1.20 per step`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.solver)?;
        match &self.preprocessor {
            Preprocessing::None => Ok(()),
            Preprocessing::Grows(g) => write!(f, "; preprocessing ×{:.2} per step", g.per_unit()),
            Preprocessing::Flat(s) => write!(f, "; preprocessing {s:.2} s"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The predictions of the exponential model (`None` for solved rungs and rungs it does
    /// not reach).
    fn predict(rungs: &[Rung<'_>]) -> Vec<Option<Prediction>> {
        predict_series(rungs, Model::Exponential, &Reach::Unvalidated)
            .into_iter()
            .map(|e| e.and_then(|e| e.prediction))
            .collect()
    }

    fn run(config: &str, cpu_s: f64, solved: bool) -> Measured {
        Measured { config: config.into(), cpu_s, pre_s: 0.0, limit_s: 10.0, solved }
    }

    /// The rungs of `runs`, at depths `first`, `first + step`, …
    fn ladder(runs: &[Vec<Measured>], first: usize, step: usize) -> Vec<Rung<'_>> {
        runs.iter().enumerate().map(|(i, r)| Rung { depth: (first + step * i) as f64, runs: r }).collect()
    }

    fn preprocessed(pre_s: f64, cpu_s: f64, solved: bool) -> Measured {
        Measured { config: "bloqqer+s".into(), cpu_s, pre_s, limit_s: 10.0, solved }
    }

    #[test]
    fn each_configuration_grows_on_its_own_and_the_best_is_predicted() {
        // a: ×10 per two plies, times out at 7; b: ×2 per two plies, times out at 9 too.
        let runs = [
            vec![run("a", 0.1, true), run("b", 0.5, true)],
            vec![run("a", 1.0, true), run("b", 1.0, true)],
            vec![run("a", 10.0, false), run("b", 2.0, true)],
            vec![run("a", 10.0, false), run("b", 10.0, false)],
            vec![],
        ];
        let rungs = ladder(&runs, 3, 2);
        let p = predict(&rungs);
        assert!(p[..3].iter().all(Option::is_none), "solved rungs are measured");
        assert!(p[3].is_none(), "b, the fastest at 9, ran out of 10 s there, past its growth: bounded, not predicted");
        let at7 = predict_series(&rungs, Model::Exponential, &Reach::Unvalidated)[2].clone().expect("measured");
        assert!(at7.prediction.is_none() && at7.floor_s == 0.0, "b solved 7: measured");
        assert!(at7.slowest_s >= 10.0, "a ran out of 10 s at 7, which b solved in 2 s: {}", at7.slowest_s);
        let slowest = predict_series(&rungs, Model::Exponential, &Reach::Unvalidated)[3].as_ref().map(|e| e.slowest_s);
        assert!(
            slowest.is_some_and(|s| (s - 100.0).abs() < 1e-6),
            "a: 0.1, 1 and (at least) 10 s at 3, 5 and 7: ×10 per two plies"
        );
        let at11 = p[4].as_ref().expect("a prediction past the measured rungs");
        assert!(at11.best_s > 10.0, "b ran out of 10 s at 9: {at11}");
        assert!(at11.from.starts_with("fit on 3 5 7 9"), "b's fit ends at the depth it ran out at: {}", at11.from);
    }

    #[test]
    fn a_flat_start_up_then_a_timeout_predicts_nothing() {
        // 0.6 s and 0.77 s of start-up, then out of 10 s at 7: the timeout bounds the time,
        // but the solved rungs show no growth to extrapolate.
        let runs = [vec![run("p", 0.6, true)], vec![run("p", 0.77, true)], vec![run("p", 10.0, false)], vec![]];
        let rungs = ladder(&runs, 3, 2);
        assert_eq!(predict(&rungs)[3], None);
    }

    #[test]
    fn a_timeout_past_growing_rungs_steepens_the_growth() {
        // ×2 per step on the solved rungs (4.8 s at 11), then out of 10 s at 9, where ×2 says 2.4 s.
        let runs = [
            vec![run("p", 0.3, true)],
            vec![run("p", 0.6, true)],
            vec![run("p", 1.2, true)],
            vec![run("p", 10.0, false)],
            vec![],
        ];
        let rungs = ladder(&runs, 3, 2);
        let at11 = predict(&rungs)[4].clone().expect("a prediction");
        assert!(at11.best_s > 15.0, "{at11}");
    }

    #[test]
    fn a_series_without_growth_predicts_nothing() {
        let runs = [vec![run("a", 0.01, true)], vec![run("a", 10.0, false)]];
        let rungs = ladder(&runs, 0, 1);
        assert_eq!(predict(&rungs), [None, None]);
    }

    #[test]
    fn a_preprocessor_that_took_all_the_time_predicts_nothing() {
        // Bloqqer takes 0.5, 0.9 and 1.2 s and leaves the solver next to nothing: the
        // totals grow slowly, but they say nothing about the solver's search.
        let runs = [
            vec![preprocessed(0.5, 0.5, true), run("s", 0.3, true)],
            vec![preprocessed(0.9, 0.92, true), run("s", 2.8, true)],
            vec![preprocessed(1.2, 1.23, true), run("s", 10.0, false)],
            vec![],
        ];
        let rungs = ladder(&runs, 3, 2);
        let at9 = predict(&rungs)[3].clone().expect("the plain solver predicts");
        assert_eq!(at9.config, "s", "{at9}");
        assert!(at9.best_s > 30.0, "{at9}");
    }

    #[test]
    fn a_preprocessor_and_its_solver_grow_apart_and_add_up() {
        // The preprocessor takes 1 s throughout; the solver after it grows ×4 per step.
        let runs = [
            vec![preprocessed(1.0, 1.1, true)],
            vec![preprocessed(1.0, 1.4, true)],
            vec![preprocessed(1.0, 2.6, true)],
            vec![preprocessed(1.0, 7.4, true)],
            vec![],
        ];
        let rungs = ladder(&runs, 0, 1);
        let at4 = predict(&rungs)[4].clone().expect("a prediction");
        assert!((at4.best_s - (1.0 + 25.6)).abs() < 0.5, "0.1·4⁴ s of search and 1 s of preprocessing: {at4}");
        assert!(at4.from.ends_with("; preprocessing 1.00 s"), "{}", at4.from);
    }

    #[test]
    fn a_configuration_that_never_solved_bounds_the_worst_case() {
        let never = Measured { config: "n".into(), cpu_s: 300.0, pre_s: 0.0, limit_s: 300.0, solved: false };
        let runs = [vec![run("a", 0.5, true)], vec![run("a", 2.0, true)], vec![never]];
        let rungs = ladder(&runs, 0, 1);
        let at2 = predict(&rungs)[2].clone().expect("a's prediction");
        assert_eq!(at2.config, "a");
        assert_eq!(at2.anchor_s, 2.0, "a's longest measured time on the series");
        let e = predict_series(&rungs, Model::Exponential, &Reach::Unvalidated)[2].clone().expect("an estimate");
        assert_eq!(e.slowest_s, 300.0, "n ran out of 300 s there");
        assert_eq!(e.floor_s, 2.0, "a needed 2 s on a shallower rung, n at least 300 s: the best needs at least 2 s");
    }

    #[test]
    fn a_validated_prediction_is_corrected_by_its_bins_median_and_refused_past_the_reach() {
        // ×10 per step from 0.1 s: the growth says 100 s at depth 4, a distance of ×10
        // past the 10 s measured at depth 3.
        let runs = [vec![run("a", 0.1, true)], vec![run("a", 1.0, true)], vec![run("a", 10.0 - 1e-9, true)], vec![]];
        let rungs = ladder(&runs, 1, 1);
        let band = |upto: f64| Band { upto, low: 0.2, median: 0.4, high: 0.8 };
        let reach = Reach::Validated(vec![band(3.0), band(30.0)]);
        let e = predict_series(&rungs, Model::Exponential, &reach)[3].clone().expect("an estimate");
        let p = e.prediction.expect("within the reach");
        assert!((p.fitted_s - 100.0).abs() < 1.0, "{p}");
        assert!((p.best_s - 40.0).abs() < 0.5, "the backtests measured 0.4 of the growth at this distance: {p}");
        assert_eq!(p.interval, (0.5, 2.0), "the band, as factors of the corrected prediction");
        assert!((p.distance() - 10.0).abs() < 0.2, "the distance is the growth's, as the backtests bin it");
        assert!((e.slowest_s - 40.0).abs() < 0.5);
        let short = Reach::Validated(vec![band(3.0)]);
        let e = predict_series(&rungs, Model::Exponential, &short)[3].clone().expect("an estimate");
        assert_eq!(e.prediction, None, "×10 is past a reach of ×3: bounded");
    }

    #[test]
    fn a_growth_the_runs_refuted_stays_refuted_after_the_correction() {
        // ×2 per step to 2 s at depth 3, then out of 10 s at 4, where ×2 says 4 s: the
        // median of 1.5 must not lift the refuted growth into a prediction.
        let runs = [
            vec![run("b", 0.5, true)],
            vec![run("b", 1.0, true)],
            vec![run("b", 2.0, true)],
            vec![run("b", 10.0, false)],
        ];
        let rungs = ladder(&runs, 0, 1);
        let reach = Reach::Validated(vec![Band { upto: 30.0, low: 0.5, median: 1.5, high: 3.0 }]);
        let e = predict_series(&rungs, Model::Exponential, &reach)[3].clone().expect("an estimate");
        assert_eq!(e.prediction, None, "bounded by the 10 s it ran out of");
        assert_eq!(e.floor_s, 10.0);
    }

    #[test]
    fn one_solved_depth_near_the_limit_then_a_timeout_predicts_nothing() {
        // 9.65 s at 5 and out of 10 s at 7: the timeout is a lower bound, not a growth of ×1.02.
        let runs = [vec![run("c", 9.65, true)], vec![run("c", 10.0, false)], vec![]];
        let rungs = ladder(&runs, 5, 2);
        assert_eq!(predict(&rungs)[2], None);
    }
}
