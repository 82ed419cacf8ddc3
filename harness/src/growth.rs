//! Growth models: how a configuration's CPU time grows along a ladder (a depth, a board
//! size), fitted on the rungs it solved, to predict the rungs beyond its reach.
//!
//! The model is exponential: `ln t = a + b·x`, least squares over the solved rungs with at
//! least [`FLOOR_S`] CPU seconds (below that, start-up dominates and says nothing about
//! growth), the last [`POINTS`] of them (the growth near the frontier is the one to
//! extrapolate). Its error is the root mean square of the residuals in `ln t`, given as a
//! factor. A fit needs two distinct rungs whose times differ by at least [`MIN_SPAN`] and
//! a positive slope; a flat or falling series predicts nothing, and so does one that grows
//! by less than the noise of a measurement (0.82 s then 0.83 s says nothing of the growth:
//! backtested on the default suite, such fits predicted 1.3 s where the solver ran out of
//! 10 s).

use std::fmt;
use std::str::FromStr;

/// CPU seconds under which a solved rung does not enter the fit.
pub const FLOOR_S: f64 = 0.05;

/// How many of the highest solved rungs the fit uses.
pub const POINTS: usize = 4;

/// The least factor between the slowest and the fastest time fitted: less is noise, not
/// growth.
pub const MIN_SPAN: f64 = 2.0;

/// How a growth is fitted on the solved rungs and carried past them. No model is right by
/// assumption: `select` backtests each on the run's own times and takes the one whose
/// predictions held (per family where the family's backtests suffice, else pooled).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Model {
    /// `ln t` linear in the rung, least squares over the last [`POINTS`] solved rungs: a
    /// constant factor per step.
    Exponential,
    /// `ln t` linear in the rung through the last two solved rungs only: the growth nearest
    /// the frontier, a constant factor per step from there.
    Local,
    /// `ln t` linear in `ln` of the rung over the last [`POINTS`]: polynomial growth, whose
    /// factor per step falls as the rung grows.
    Power,
    /// The factor per step of the last two steps, and its fall from one step to the next
    /// carried on geometrically: a growth that levels off (a game's natural length, a
    /// short win) where the steps say it does, and an exponential where they do not.
    Saturating,
}

impl Model {
    pub const ALL: [Model; 4] = [Model::Exponential, Model::Local, Model::Power, Model::Saturating];

    pub fn name(self) -> &'static str {
        match self {
            Model::Exponential => "exponential",
            Model::Local => "local",
            Model::Power => "power",
            Model::Saturating => "saturating",
        }
    }

    /// The solved rungs the model fits on, lowest first (of those kept by [`Growth::fit_with`]).
    fn points(self) -> usize {
        match self {
            Model::Local => 2,
            Model::Saturating => 3,
            Model::Exponential | Model::Power => POINTS,
        }
    }
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Model {
    type Err = String;

    fn from_str(s: &str) -> Result<Model, String> {
        Model::ALL.into_iter().find(|m| m.name() == s).ok_or_else(|| {
            let names: Vec<&str> = Model::ALL.iter().map(|m| m.name()).collect();
            format!("`{s}` is not a growth model (one of {})", names.join(", "))
        })
    }
}

/// A fitted growth: `ln t(x) = intercept + slope·u(x)`, with `u(x) = x` (`ln x` for
/// [`Model::Power`]); [`Model::Saturating`] lets the slope fall by `damping` per step past
/// the last rung.
#[derive(Clone, Debug, PartialEq)]
pub struct Growth {
    pub model: Model,
    /// `a`, in `ln` seconds.
    pub intercept: f64,
    /// `b`, in `ln` seconds per unit of `u`.
    pub slope: f64,
    /// The factor (0 to 1) by which the slope falls per step past the last rung
    /// ([`Model::Saturating`]; 1 for the others).
    pub damping: f64,
    /// The distance between the last two rungs fitted: a step.
    pub step: f64,
    /// The root mean square residual in `ln t` (0 for a fit through two points).
    pub rms: f64,
    /// The rungs fitted on, lowest first.
    pub rungs: Vec<f64>,
}

impl Growth {
    /// [`Growth::fit_with`] the exponential model.
    pub fn fit(solved: &[(f64, f64)]) -> Option<Growth> {
        Growth::fit_with(Model::Exponential, solved)
    }

    /// Fits `(rung, cpu seconds)` of solved runs (and of a run that ran out of its limit,
    /// at that limit: a lower bound) with `model`; `None` when fewer than two distinct
    /// rungs reach [`FLOOR_S`], the time does not grow by at least [`MIN_SPAN`] over the
    /// last [`POINTS`] of them, or the fit does not grow.
    pub fn fit_with(model: Model, solved: &[(f64, f64)]) -> Option<Growth> {
        let mut points: Vec<(f64, f64)> =
            solved.iter().copied().filter(|&(x, t)| x.is_finite() && t.is_finite() && t >= FLOOR_S).collect();
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        points.dedup_by(|later, earlier| {
            // The same rung twice (two formats, two limits): keep the slower run.
            let same = later.0 == earlier.0;
            if same {
                earlier.1 = earlier.1.max(later.1);
            }
            same
        });
        let window = &points[points.len().saturating_sub(POINTS)..];
        let (least, most) = window.iter().fold((f64::INFINITY, 0.0f64), |(l, m), p| (l.min(p.1), m.max(p.1)));
        if window.len() < 2 || most < MIN_SPAN * least {
            return None;
        }
        let points = &window[window.len().saturating_sub(model.points())..];
        if model == Model::Power && points[0].0 <= 0.0 {
            return None;
        }
        let u = |x: f64| if model == Model::Power { x.ln() } else { x };
        let n = points.len() as f64;
        let mean_x = points.iter().map(|p| u(p.0)).sum::<f64>() / n;
        let mean_y = points.iter().map(|p| p.1.ln()).sum::<f64>() / n;
        let sxx: f64 = points.iter().map(|p| (u(p.0) - mean_x).powi(2)).sum();
        let sxy: f64 = points.iter().map(|p| (u(p.0) - mean_x) * (p.1.ln() - mean_y)).sum();
        let mut slope = sxy / sxx;
        let mut intercept = mean_y - slope * mean_x;
        let step = points[points.len() - 1].0 - points[points.len() - 2].0;
        let mut damping = 1.0;
        if model == Model::Saturating && points.len() == 3 {
            // The last step's rate, through the last rung; the fall from the step before.
            let rate = |a: (f64, f64), b: (f64, f64)| (b.1.ln() - a.1.ln()) / (b.0 - a.0);
            let (before, last) = (rate(points[0], points[1]), rate(points[1], points[2]));
            slope = last;
            intercept = points[2].1.ln() - last * points[2].0;
            damping = if before > 0.0 { (last / before).clamp(0.0, 1.0) } else { 1.0 };
        }
        if !(slope.is_finite() && slope > 0.0) {
            return None;
        }
        let rms = (points.iter().map(|p| (p.1.ln() - intercept - slope * u(p.0)).powi(2)).sum::<f64>() / n).sqrt();
        Some(Growth { model, intercept, slope, damping, step, rms, rungs: points.iter().map(|p| p.0).collect() })
    }

    /// The predicted CPU seconds at rung `x`.
    pub fn predict(&self, x: f64) -> f64 {
        match self.model {
            Model::Power => (self.intercept + self.slope * x.max(f64::MIN_POSITIVE).ln()).exp(),
            Model::Saturating if self.damping < 1.0 => {
                // Steps of `step` past the last rung, the rate falling by `damping` each:
                // Σ_{k=1..s} damping^k of a step's rate, `s` fractional.
                let last = self.rungs.last().copied().unwrap_or(x);
                let at_last = self.intercept + self.slope * last;
                let steps = (x - last) / self.step;
                if steps <= 0.0 {
                    return (self.intercept + self.slope * x).exp();
                }
                let d = self.damping;
                let sum = if d <= 0.0 { 0.0 } else { d * (1.0 - d.powf(steps)) / (1.0 - d) };
                (at_last + self.slope * self.step * sum).exp()
            }
            _ => (self.intercept + self.slope * x).exp(),
        }
    }

    /// The factor by which the time grows per unit of the rung (at the last rung fitted).
    pub fn per_unit(&self) -> f64 {
        match self.model {
            Model::Power => (self.slope / self.rungs.last().copied().unwrap_or(1.0).max(1.0)).exp(),
            _ => self.slope.exp(),
        }
    }

    /// The fit's error as a factor (×1 through two points).
    pub fn error_factor(&self) -> f64 {
        self.rms.exp()
    }
}

impl fmt::Display for Growth {
    /// `fit on 5 7 9: ×3.10 per step, error ×1.25` (the exponential model), with the
    /// model named otherwise: `power fit on 5 7 9: ×1.40 per step at 9, error ×1.10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rungs: Vec<String> = self.rungs.iter().map(|x| format!("{x}")).collect();
        let rungs = rungs.join(" ");
        let (per, error) = (self.per_unit(), self.error_factor());
        match self.model {
            Model::Exponential => write!(f, "fit on {rungs}: ×{per:.2} per step, error ×{error:.2}"),
            Model::Local => write!(f, "local fit on {rungs}: ×{per:.2} per step"),
            Model::Power => {
                let last = self.rungs.last().copied().unwrap_or(0.0);
                write!(f, "power fit on {rungs}: ×{per:.2} per step at {last}, error ×{error:.2}")
            }
            Model::Saturating => {
                write!(f, "saturating fit on {rungs}: ×{per:.2} per step, the rate ×{:.2} per step", self.damping)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exact_exponential_is_recovered() {
        let points: Vec<(f64, f64)> = (1..=5).map(|x| (f64::from(x), 0.1 * 3f64.powi(x))).collect();
        let g = Growth::fit(&points).expect("a fit");
        assert_eq!(g.rungs, [2.0, 3.0, 4.0, 5.0], "the last four rungs");
        assert!((g.per_unit() - 3.0).abs() < 1e-9);
        assert!((g.predict(8.0) - 0.1 * 3f64.powi(8)).abs() < 1e-6);
        assert!(g.rms < 1e-9);
        assert_eq!(g.to_string(), "fit on 2 3 4 5: ×3.00 per step, error ×1.00");
    }

    #[test]
    fn noise_widens_the_error_and_tiny_times_are_left_out() {
        let g = Growth::fit(&[(1.0, 0.001), (3.0, 0.2), (5.0, 2.5), (7.0, 15.0)]).expect("a fit");
        assert_eq!(g.rungs, [3.0, 5.0, 7.0], "0.001 s is below the floor");
        assert!(g.error_factor() > 1.05, "{g}");
        assert!(g.predict(9.0) > 15.0);
    }

    #[test]
    fn one_rung_or_no_growth_predicts_nothing() {
        assert_eq!(Growth::fit(&[(5.0, 1.0)]), None);
        assert_eq!(Growth::fit(&[(5.0, 1.0), (5.0, 2.0)]), None, "one distinct rung");
        assert_eq!(Growth::fit(&[(5.0, 2.0), (7.0, 1.0)]), None, "falling");
        assert_eq!(Growth::fit(&[(5.0, 0.01), (7.0, 0.02)]), None, "under the floor");
        assert_eq!(Growth::fit(&[(4.0, 0.82), (5.0, 0.83)]), None, "growth within the noise");
        assert!(Growth::fit(&[(4.0, 0.82), (5.0, 1.7)]).is_some(), "twice the time: growth");
    }

    #[test]
    fn a_power_growth_is_recovered_and_its_factor_per_step_falls() {
        let points: Vec<(f64, f64)> = (2..=6).map(|x| (f64::from(x), 0.01 * f64::from(x).powi(4))).collect();
        let g = Growth::fit_with(Model::Power, &points).expect("a fit");
        assert!((g.predict(12.0) - 0.01 * 12f64.powi(4)).abs() < 1e-6, "{g}");
        let e = Growth::fit_with(Model::Exponential, &points).expect("a fit");
        assert!(e.predict(12.0) > 2.0 * g.predict(12.0), "an exponential overstates a polynomial: {e} vs {g}");
    }

    #[test]
    fn a_saturating_growth_levels_off_where_the_steps_say_it_does() {
        // ×8, then ×2 per step: the rate halves... in ln terms, ln 8 then ln 2 = a third.
        let g = Growth::fit_with(Model::Saturating, &[(1.0, 0.1), (2.0, 0.8), (3.0, 1.6)]).expect("a fit");
        assert!((g.damping - 2f64.ln() / 8f64.ln()).abs() < 1e-9, "{g}");
        assert!((g.predict(3.0) - 1.6).abs() < 1e-9, "through the last rung");
        let limit = 1.6 * (2f64.ln() * g.damping / (1.0 - g.damping)).exp();
        assert!(g.predict(4.0) < 3.2 && g.predict(50.0) < limit + 1e-6 && g.predict(50.0) > 0.99 * limit, "{g}");
        let steady = Growth::fit_with(Model::Saturating, &[(1.0, 0.1), (2.0, 0.3), (3.0, 0.9)]).expect("a fit");
        assert!((steady.predict(5.0) - 8.1).abs() < 1e-6, "a steady ×3 goes on: {steady}");
    }

    #[test]
    fn the_local_model_takes_the_last_step() {
        let g = Growth::fit_with(Model::Local, &[(1.0, 0.1), (2.0, 1.0), (3.0, 2.0)]).expect("a fit");
        assert_eq!(g.rungs, [2.0, 3.0]);
        assert!((g.predict(5.0) - 8.0).abs() < 1e-9);
        assert_eq!(g.to_string(), "local fit on 2 3: ×2.00 per step");
    }

    #[test]
    fn model_names_round_trip() {
        for m in Model::ALL {
            assert_eq!(m.name().parse::<Model>(), Ok(m));
        }
        assert!("cubic".parse::<Model>().unwrap_err().contains("exponential, local, power, saturating"));
    }
}
