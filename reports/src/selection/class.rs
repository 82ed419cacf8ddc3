//! Hardness classes: what one calibration run says about a job.

use std::fmt;
use std::str::FromStr;

/// How hard a job is for the calibrated configurations, at the competition limit: by the
/// best configuration's measured CPU time, or where none solved it at the calibration
/// limit, its predicted time.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// Every configuration solved it in under [`Thresholds::trivial_s`].
    Trivial,
    /// The fastest configuration took under [`Thresholds::easy`] of the limit.
    Easy,
    /// The fastest configuration took between the easy and the hard fraction of the limit.
    Medium,
    /// Solved, but only near the limit: the fastest configuration took at least
    /// [`Thresholds::hard`] of it.
    Hard,
    /// No configuration solves it within the limit: measured (every configuration ran out
    /// of a limit at least as long, on it or a shallower rung of its series) or predicted
    /// within the distance the backtests validate.
    Unsolved,
    /// No run solved it and no validated prediction reaches it: its hardness is known only
    /// to exceed what was measured (`> 10 s measured, hardness beyond unknown`).
    Bounded,
}

impl Class {
    pub const ALL: [Class; 6] =
        [Class::Trivial, Class::Easy, Class::Medium, Class::Hard, Class::Unsolved, Class::Bounded];

    pub fn name(self) -> &'static str {
        match self {
            Class::Trivial => "trivial",
            Class::Easy => "easy",
            Class::Medium => "medium",
            Class::Hard => "hard",
            Class::Unsolved => "unsolved",
            Class::Bounded => "bounded",
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Class {
    type Err = String;

    fn from_str(s: &str) -> Result<Class, String> {
        Class::ALL.into_iter().find(|c| c.name() == s).ok_or_else(|| format!("`{s}` is not a hardness class"))
    }
}

/// Where the classes begin.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Thresholds {
    /// CPU seconds under which every configuration must solve a trivial job (QBF Gallery:
    /// 1 s).
    pub trivial_s: f64,
    /// Fraction of the limit under which the fastest configuration makes a job easy.
    pub easy: f64,
    /// Fraction of the limit from which the fastest configuration makes a job hard.
    pub hard: f64,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds { trivial_s: 1.0, easy: 0.1, hard: 0.5 }
    }
}

/// The class of a job from the CPU seconds of every configuration's run at the calibration
/// limit (`None`: not solved), the best configuration's time, measured or predicted
/// (`None`: unknown), and the least time it needs by measurement (`floor`: 0 for a solved
/// job), against the competition `limit`.
pub fn classify(times: &[Option<f64>], best: Option<f64>, floor: f64, limit: f64, t: Thresholds) -> Class {
    let Some(best) = best else {
        return if floor >= limit { Class::Unsolved } else { Class::Bounded };
    };
    if best >= limit {
        return Class::Unsolved;
    }
    if !times.is_empty() && times.iter().all(|s| s.is_some_and(|s| s < t.trivial_s)) {
        Class::Trivial
    } else if best >= t.hard * limit {
        Class::Hard
    } else if best >= t.easy * limit {
        Class::Medium
    } else {
        Class::Easy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: Thresholds = Thresholds { trivial_s: 1.0, easy: 0.1, hard: 0.5 };

    #[test]
    fn classes_follow_the_fastest_configuration_and_the_limit() {
        assert_eq!(classify(&[Some(0.2), Some(0.9)], Some(0.2), 0.0, 100.0, T), Class::Trivial);
        assert_eq!(classify(&[Some(0.2), None], Some(0.2), 0.0, 100.0, T), Class::Easy, "one configuration failed");
        assert_eq!(classify(&[Some(0.2), Some(1.5)], Some(0.2), 0.0, 100.0, T), Class::Easy);
        assert_eq!(classify(&[Some(20.0), Some(90.0)], Some(20.0), 0.0, 100.0, T), Class::Medium);
        assert_eq!(classify(&[Some(60.0), None], Some(60.0), 0.0, 100.0, T), Class::Hard);
        assert_eq!(classify(&[None, None], None, 100.0, 100.0, T), Class::Unsolved, "both ran out of 100 s");
        assert_eq!(classify(&[None, None], None, 10.0, 100.0, T), Class::Bounded, "> 10 s, beyond unknown");
        assert_eq!(classify(&[], None, 0.0, 100.0, T), Class::Bounded);
    }

    #[test]
    fn predicted_times_class_against_the_competition_limit() {
        assert_eq!(classify(&[None, None], Some(30.0), 10.0, 900.0, T), Class::Easy);
        assert_eq!(classify(&[None, None], Some(200.0), 10.0, 900.0, T), Class::Medium);
        assert_eq!(classify(&[], Some(600.0), 10.0, 900.0, T), Class::Hard, "predicted only, never run");
        assert_eq!(classify(&[None], Some(5000.0), 10.0, 900.0, T), Class::Unsolved);
    }

    #[test]
    fn names_round_trip() {
        for c in Class::ALL {
            assert_eq!(c.name().parse::<Class>(), Ok(c));
        }
        assert!("impossible".parse::<Class>().is_err());
    }
}
