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

use harness::growth::{Growth, FLOOR_S};

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
    /// The worst configuration's predicted (or least known) CPU seconds: the job is past
    /// the competition limit for at least one configuration when this is.
    pub worst_s: f64,
    /// The best configuration's fit: its rungs, growth and error.
    pub from: String,
}

impl fmt::Display for Prediction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.0} s predicted for {} ({})", self.best_s, self.config, self.from)
    }
}

/// One job of a series: its depth and every run of it.
#[derive(Clone, Debug)]
pub struct Rung<'a> {
    pub depth: f64,
    pub runs: &'a [Measured],
}

/// The prediction of every rung of one series that no run solved (`None` for solved
/// rungs, and for rungs no configuration's growth reaches).
pub fn predict_series(rungs: &[Rung<'_>]) -> Vec<Option<Prediction>> {
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
            (config, Fit::new(solved, censored))
        })
        .collect();
    rungs
        .iter()
        .map(|rung| {
            if rung.runs.iter().any(|r| r.solved) {
                return None;
            }
            let mut best: Option<(f64, &str, &Fit)> = None;
            let mut worst = 0.0f64;
            for (config, fit) in &fits {
                let ran_out = ran_out
                    .get(config)
                    .into_iter()
                    .flatten()
                    .filter(|p| p.0 <= rung.depth)
                    .map(|p| p.1.limit_s)
                    .fold(0.0, f64::max);
                let Some(fit) = fit else {
                    worst = worst.max(ran_out);
                    continue;
                };
                let t = fit.predict(rung.depth).max(ran_out);
                worst = worst.max(t);
                if best.is_none_or(|(b, _, _)| t < b) {
                    best = Some((t, config, fit));
                }
            }
            best.map(|(best_s, config, fit)| Prediction {
                best_s,
                config: config.to_string(),
                worst_s: worst,
                from: fit.to_string(),
            })
        })
        .collect()
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
    fn new(solved: &[(f64, &Measured)], ran_out: Option<(f64, &Measured)>) -> Option<Fit> {
        let mut points: Vec<(f64, f64)> = solved.iter().map(|(x, r)| (*x, r.cpu_s - r.pre_s)).collect();
        let alone = Growth::fit(&points)?;
        points.extend(ran_out.map(|(x, r)| (x, r.limit_s - r.pre_s)).filter(|p| p.1 >= FLOOR_S));
        let solver = Growth::fit(&points).filter(|g| g.slope > alone.slope).unwrap_or(alone);
        let pre: Vec<(f64, f64)> = solved.iter().map(|(x, r)| (*x, r.pre_s)).collect();
        let longest = pre.iter().map(|p| p.1).fold(0.0, f64::max);
        let preprocessor = match Growth::fit(&pre) {
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

    fn run(config: &str, cpu_s: f64, solved: bool) -> Measured {
        Measured { config: config.into(), cpu_s, pre_s: 0.0, limit_s: 10.0, solved }
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
        let rungs: Vec<Rung<'_>> =
            runs.iter().enumerate().map(|(i, r)| Rung { depth: (3 + 2 * i) as f64, runs: r }).collect();
        let p = predict_series(&rungs);
        assert!(p[..3].iter().all(Option::is_none), "solved rungs are measured");
        let at9 = p[3].as_ref().expect("a prediction at 9");
        assert_eq!(at9.config, "b");
        assert!((at9.worst_s - 100.0).abs() < 1e-6, "a: 0.1, 1 and (at least) 10 s at 3, 5 and 7: ×10 per two plies");
        let at11 = p[4].as_ref().expect("a prediction past the measured rungs");
        assert!(at11.best_s > at9.best_s && at9.best_s >= 10.0, "b ran out of 10 s at 9: {at9}, {at11}");
        assert!(at11.from.starts_with("fit on 3 5 7 9"), "b's fit ends at the depth it ran out at: {}", at11.from);
    }

    #[test]
    fn a_flat_start_up_then_a_timeout_predicts_nothing() {
        // 0.6 s and 0.77 s of start-up, then out of 10 s at 7: the timeout bounds the time,
        // but the solved rungs show no growth to extrapolate.
        let runs = [vec![run("p", 0.6, true)], vec![run("p", 0.77, true)], vec![run("p", 10.0, false)], vec![]];
        let rungs: Vec<Rung<'_>> =
            runs.iter().enumerate().map(|(i, r)| Rung { depth: (3 + 2 * i) as f64, runs: r }).collect();
        assert_eq!(predict_series(&rungs)[3], None);
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
        let rungs: Vec<Rung<'_>> =
            runs.iter().enumerate().map(|(i, r)| Rung { depth: (3 + 2 * i) as f64, runs: r }).collect();
        let at11 = predict_series(&rungs)[4].clone().expect("a prediction");
        assert!(at11.best_s > 15.0, "{at11}");
    }

    #[test]
    fn a_series_without_growth_predicts_nothing() {
        let runs = [vec![run("a", 0.01, true)], vec![run("a", 10.0, false)]];
        let rungs: Vec<Rung<'_>> = runs.iter().enumerate().map(|(i, r)| Rung { depth: i as f64, runs: r }).collect();
        assert_eq!(predict_series(&rungs), [None, None]);
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
        let rungs: Vec<Rung<'_>> =
            runs.iter().enumerate().map(|(i, r)| Rung { depth: (3 + 2 * i) as f64, runs: r }).collect();
        let at9 = predict_series(&rungs)[3].clone().expect("the plain solver predicts");
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
        let rungs: Vec<Rung<'_>> = runs.iter().enumerate().map(|(i, r)| Rung { depth: i as f64, runs: r }).collect();
        let at4 = predict_series(&rungs)[4].clone().expect("a prediction");
        assert!((at4.best_s - (1.0 + 25.6)).abs() < 0.5, "0.1·4⁴ s of search and 1 s of preprocessing: {at4}");
        assert!(at4.from.ends_with("; preprocessing 1.00 s"), "{}", at4.from);
    }

    #[test]
    fn a_configuration_that_never_solved_bounds_the_worst_case() {
        let never = Measured { config: "n".into(), cpu_s: 300.0, pre_s: 0.0, limit_s: 300.0, solved: false };
        let runs = [vec![run("a", 0.5, true)], vec![run("a", 2.0, true)], vec![never]];
        let rungs: Vec<Rung<'_>> = runs.iter().enumerate().map(|(i, r)| Rung { depth: i as f64, runs: r }).collect();
        let at2 = predict_series(&rungs)[2].clone().expect("a's prediction");
        assert_eq!(at2.config, "a");
        assert_eq!(at2.worst_s, 300.0, "n ran out of 300 s there: {at2}");
    }

    #[test]
    fn one_solved_depth_near_the_limit_then_a_timeout_predicts_nothing() {
        // 9.65 s at 5 and out of 10 s at 7: the timeout is a lower bound, not a growth of ×1.02.
        let runs = [vec![run("c", 9.65, true)], vec![run("c", 10.0, false)], vec![]];
        let rungs: Vec<Rung<'_>> =
            runs.iter().enumerate().map(|(i, r)| Rung { depth: (5 + 2 * i) as f64, runs: r }).collect();
        assert_eq!(predict_series(&rungs)[2], None);
    }
}
