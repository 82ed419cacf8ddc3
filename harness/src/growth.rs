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

/// CPU seconds under which a solved rung does not enter the fit.
pub const FLOOR_S: f64 = 0.05;

/// How many of the highest solved rungs the fit uses.
pub const POINTS: usize = 4;

/// The least factor between the slowest and the fastest time fitted: less is noise, not
/// growth.
pub const MIN_SPAN: f64 = 2.0;

/// A fitted exponential growth `t(x) = exp(a + b·x)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Growth {
    /// `a`, in `ln` seconds.
    pub intercept: f64,
    /// `b`, in `ln` seconds per unit of the rung.
    pub slope: f64,
    /// The root mean square residual in `ln t` (0 for a fit through two points).
    pub rms: f64,
    /// The rungs fitted on, lowest first.
    pub rungs: Vec<f64>,
}

impl Growth {
    /// Fits `(rung, cpu seconds)` of solved runs (and of a run that ran out of its limit,
    /// at that limit: a lower bound); `None` when fewer than two distinct rungs reach
    /// [`FLOOR_S`] or the time does not grow by at least [`MIN_SPAN`].
    pub fn fit(solved: &[(f64, f64)]) -> Option<Growth> {
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
        let points = &points[points.len().saturating_sub(POINTS)..];
        let (least, most) = points.iter().fold((f64::INFINITY, 0.0f64), |(l, m), p| (l.min(p.1), m.max(p.1)));
        if points.len() < 2 || most < MIN_SPAN * least {
            return None;
        }
        let n = points.len() as f64;
        let mean_x = points.iter().map(|p| p.0).sum::<f64>() / n;
        let mean_y = points.iter().map(|p| p.1.ln()).sum::<f64>() / n;
        let sxx: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
        let sxy: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1.ln() - mean_y)).sum();
        let slope = sxy / sxx;
        if !(slope.is_finite() && slope > 0.0) {
            return None;
        }
        let intercept = mean_y - slope * mean_x;
        let rms = (points.iter().map(|p| (p.1.ln() - intercept - slope * p.0).powi(2)).sum::<f64>() / n).sqrt();
        Some(Growth { intercept, slope, rms, rungs: points.iter().map(|p| p.0).collect() })
    }

    /// The predicted CPU seconds at rung `x`.
    pub fn predict(&self, x: f64) -> f64 {
        (self.intercept + self.slope * x).exp()
    }

    /// The factor by which the time grows per unit of the rung.
    pub fn per_unit(&self) -> f64 {
        self.slope.exp()
    }

    /// The fit's error as a factor (×1 through two points).
    pub fn error_factor(&self) -> f64 {
        self.rms.exp()
    }
}

impl fmt::Display for Growth {
    /// `fit on 5,7,9: ×3.10 per step, error ×1.25`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rungs: Vec<String> = self.rungs.iter().map(|x| format!("{x}")).collect();
        write!(f, "fit on {}: ×{:.2} per step, error ×{:.2}", rungs.join(" "), self.per_unit(), self.error_factor())
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
}
