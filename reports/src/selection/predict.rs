//! Hardness predicted past the calibration limit: along each series of a job's depths
//! (the same family, parameters and encoding: a depth ladder, or the depths a family
//! lists), every configuration's CPU time grows as fitted on the depths it solved
//! ([`Growth`]) and on the first depth past them it ran out of its limit on, entered at
//! that limit (a lower bound of its time there: without it, a constant cost such as a
//! preprocessor's start-up flattens the growth near the frontier); a job no
//! configuration solved gets each fitted configuration's predicted time, never less than
//! a limit it was measured to run out of at that depth or a shallower one.

use std::collections::BTreeMap;
use std::fmt;

use harness::growth::Growth;

/// One configuration's measured runs of a job: CPU seconds and whether it answered.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    pub config: String,
    pub cpu_s: f64,
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
    let mut fits: BTreeMap<&str, Option<Growth>> = BTreeMap::new();
    let mut points: BTreeMap<&str, Vec<(f64, f64)>> = BTreeMap::new();
    let mut ran_out: BTreeMap<&str, Vec<(f64, f64)>> = BTreeMap::new();
    for rung in rungs {
        for run in rung.runs {
            let entry = points.entry(&run.config).or_default();
            if run.solved {
                entry.push((rung.depth, run.cpu_s));
            } else {
                ran_out.entry(&run.config).or_default().push((rung.depth, run.limit_s));
            }
        }
    }
    for (config, solved) in &points {
        let top = solved.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
        let mut fitted = solved.clone();
        let censored =
            ran_out.get(config).into_iter().flatten().filter(|p| p.0 > top).min_by(|a, b| a.0.total_cmp(&b.0));
        fitted.extend(censored);
        fits.insert(config, Growth::fit(&fitted));
    }
    rungs
        .iter()
        .map(|rung| {
            if rung.runs.iter().any(|r| r.solved) {
                return None;
            }
            let mut best: Option<(f64, &str, &Growth)> = None;
            let mut worst = 0.0f64;
            for (config, fit) in &fits {
                let ran_out = ran_out
                    .get(config)
                    .into_iter()
                    .flatten()
                    .filter(|p| p.0 <= rung.depth)
                    .map(|p| p.1)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn run(config: &str, cpu_s: f64, solved: bool) -> Measured {
        Measured { config: config.into(), cpu_s, limit_s: 10.0, solved }
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
    fn a_flat_start_up_cost_does_not_flatten_the_growth_past_a_timeout() {
        // 0.6 s and 0.77 s of start-up, then out of 10 s at 7: the growth comes from the timeout.
        let runs = [vec![run("p", 0.6, true)], vec![run("p", 0.77, true)], vec![run("p", 10.0, false)], vec![]];
        let rungs: Vec<Rung<'_>> =
            runs.iter().enumerate().map(|(i, r)| Rung { depth: (3 + 2 * i) as f64, runs: r }).collect();
        let at9 = predict_series(&rungs)[3].clone().expect("a prediction");
        assert!(at9.best_s > 20.0, "{at9}");
    }

    #[test]
    fn a_series_without_growth_predicts_nothing() {
        let runs = [vec![run("a", 0.01, true)], vec![run("a", 10.0, false)]];
        let rungs: Vec<Rung<'_>> = runs.iter().enumerate().map(|(i, r)| Rung { depth: i as f64, runs: r }).collect();
        assert_eq!(predict_series(&rungs), [None, None]);
    }
}
