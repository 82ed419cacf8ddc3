//! Axes whose ticks are chosen here ([`Ticked`]): their ranges, the ticks of log and count
//! axes ([`log_ticks`], [`int_ticks`]) and the labels ([`tick_label`]).

use plotters::coord::combinators::LogCoord;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

/// An axis with the ticks chosen here: `bold` labelled, `light` grid lines only.
pub struct Ticked<R> {
    inner: R,
    bold: Vec<f64>,
    light: Vec<f64>,
}

impl<R: Ranged<ValueType = f64>> Ranged for Ticked<R> {
    type ValueType = f64;
    /// Labels come from the mesh's formatter ([`tick_label`]).
    type FormatOption = DefaultFormatting;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.inner.map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            self.light.clone()
        } else {
            self.bold.clone()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.inner.range()
    }

    fn axis_pixel_range(&self, limit: (i32, i32)) -> std::ops::Range<i32> {
        self.inner.axis_pixel_range(limit)
    }
}

/// A linear axis over `low..high` with labelled ticks at `ticks`.
pub fn linear_axis(low: f64, high: f64, ticks: Vec<f64>) -> Ticked<RangedCoordf64> {
    Ticked { inner: (low..high).into(), bold: ticks, light: Vec::new() }
}

/// A log axis over `low..high` with labelled ticks at `ticks` ([`log_ticks`]) and grid lines
/// at the other 1…9 multiples up to `grid_top`.
pub fn log_axis(low: f64, high: f64, ticks: Vec<f64>, grid_top: f64) -> Ticked<LogCoord<f64>> {
    let light = log_grid(low, grid_top).into_iter().filter(|v| !ticks.contains(v)).collect();
    Ticked { inner: (low..high).log_scale().into(), bold: ticks, light }
}

/// A log-axis range covering `values` and `top`, with the bottom at a power of ten.
pub fn log_range(values: impl Iterator<Item = f64>, top: f64) -> (f64, f64) {
    let low = values.filter(|v| *v > 0.0).fold(top.max(1e-3), f64::min).max(1e-3);
    (10f64.powf(low.log10().floor()), top.max(low * 10.0))
}

/// Seconds clamped into a log axis.
pub fn clamp(s: f64, low: f64) -> f64 {
    s.max(low)
}

/// Labelled ticks of a log axis over `low..=high`: the powers of ten, or 1-2-5 steps when
/// the range holds fewer than four powers.
pub fn log_ticks(low: f64, high: f64) -> Vec<f64> {
    let mut ticks = ticks_with(low, high, &[1.0]);
    if ticks.len() < 4 {
        ticks = ticks_with(low, high, &[1.0, 2.0, 5.0]);
    }
    ticks
}

/// Unlabelled grid lines of a log axis: 1…9 times each power of ten in `low..=high`.
pub fn log_grid(low: f64, high: f64) -> Vec<f64> {
    ticks_with(low, high, &[2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0])
}

fn ticks_with(low: f64, high: f64, mantissas: &[f64]) -> Vec<f64> {
    if !(low > 0.0 && high >= low) {
        return Vec::new();
    }
    let mut ticks = Vec::new();
    for e in (low.log10().floor() as i32)..=(high.log10().ceil() as i32) {
        for m in mantissas {
            // From the decimal text, so that 0.1 × 3 is 0.3, not 0.30000000000000004.
            let v: f64 = format!("{m}e{e}").parse().unwrap_or(0.0);
            if v >= low * (1.0 - 1e-9) && v <= high * (1.0 + 1e-9) {
                ticks.push(v);
            }
        }
    }
    ticks
}

/// Integer ticks over `low..=high`, every 1, 2, 5, 10, 20, … so that at most `most` fit.
pub fn int_ticks(low: f64, high: f64, most: usize) -> Vec<f64> {
    let (low, high) = (low.ceil() as i64, high.floor() as i64);
    if high < low {
        return Vec::new();
    }
    let mut step = 1i64;
    let mut k = 0;
    while (high - low) / step + 1 > most.max(1) as i64 {
        step = [1, 2, 5][(k + 1) % 3] * 10i64.pow((k as u32 + 1) / 3);
        k += 1;
    }
    let first = (low + step - 1).div_euclid(step) * step;
    (0..).map(|n| first + n * step).take_while(|v| *v <= high).map(|v| v as f64).collect()
}

/// A tick label: no long fractions, thousands as `k` and millions as `M`.
pub fn tick_label(v: f64) -> String {
    let a = v.abs();
    if a >= 1e6 && (v / 1e6).fract().abs() < 1e-9 {
        format!("{}M", (v / 1e6).round())
    } else if a >= 1e4 && (v / 1e3).fract().abs() < 1e-9 {
        format!("{}k", (v / 1e3).round())
    } else if a >= 1.0 || a == 0.0 {
        format!("{}", v.round())
    } else {
        let digits = (-a.log10()).ceil().max(1.0) as usize;
        let text = format!("{v:.digits$}");
        // 0.25 and the like need a digit more than their order.
        if (text.parse::<f64>().unwrap_or(0.0) - v).abs() > a * 1e-6 {
            format!("{v:.*}", digits + 1)
        } else {
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_ticks_are_powers_of_ten_or_1_2_5_and_labels_have_no_long_fractions() {
        assert_eq!(log_ticks(0.001, 90.0), [0.001, 0.01, 0.1, 1.0, 10.0]);
        assert_eq!(log_ticks(1.0, 600.0), [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0]);
        let labels: Vec<String> = log_ticks(0.1, 9.0).into_iter().map(tick_label).collect();
        assert_eq!(labels, ["0.1", "0.2", "0.5", "1", "2", "5"]);
        assert_eq!(tick_label(0.01), "0.01");
        assert_eq!(tick_label(0.25), "0.25");
        assert_eq!(tick_label(20000.0), "20k");
        assert_eq!(tick_label(1e6), "1M");
    }

    #[test]
    fn integer_ticks_never_repeat() {
        assert_eq!(int_ticks(0.0, 4.5, 10), [0.0, 1.0, 2.0, 3.0, 4.0]);
        assert_eq!(int_ticks(0.0, 25.0, 10), [0.0, 5.0, 10.0, 15.0, 20.0, 25.0]);
        assert_eq!(int_ticks(0.0, 13.0, 10), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0]);
        assert!(int_ticks(0.0, 1234.0, 10).len() <= 10);
    }
}
