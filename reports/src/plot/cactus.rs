//! Cactus plot: for each configuration, its solved jobs sorted by time; the n-th point is
//! the time of its n-th fastest answer (log time axis), and a labelled line marks the time
//! limit. The virtual best solver is a dashed grey line under the others.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axes::{clamp, int_ticks, linear_axis, log_axis, log_range, log_ticks};
use super::chart::{Chart, DrawResult, Layer, Series};
use super::draw::{draw_grid, draw_legend, draw_vbs, framed, titled};
use super::palette::{colour, hex};
use crate::coverage::{fmt_seconds, VBS};
use crate::matrix::Matrix;

/// The colour of the VBS line in the cactus and quantile plots.
pub(super) const VBS_COLOUR: RGBColor = RGBColor(90, 90, 90);

/// Sorted solving times per series: the VBS first (drawn under the others), then each
/// configuration in sorted order.
pub struct Cactus {
    pub series: Vec<(String, Vec<f64>)>,
    pub timeout: f64,
}

/// The sorted solving times of the VBS and of each configuration, in that order.
pub(super) fn solved_times(matrix: &Matrix) -> Vec<(String, Vec<f64>)> {
    let sorted = |mut times: Vec<f64>| {
        times.sort_by(f64::total_cmp);
        times
    };
    let mut series =
        vec![(VBS.to_string(), sorted(matrix.jobs.values().filter_map(|j| j.best().map(|c| c.seconds)).collect()))];
    series.extend(matrix.configurations.iter().map(|c| {
        (
            c.clone(),
            sorted(matrix.jobs.values().filter_map(|j| j.cells.get(c).and_then(|cell| cell.solved())).collect()),
        )
    }));
    series
}

/// The colour of series `i` of [`solved_times`]: the VBS grey, configurations by sorted name.
pub(super) fn series_colour(i: usize, name: &str) -> RGBColor {
    if name == VBS {
        VBS_COLOUR
    } else {
        colour(i.saturating_sub(1))
    }
}

/// The page legend's entries of [`solved_times`] series.
pub(super) fn series_list(series: &[(String, Vec<f64>)]) -> Vec<Series> {
    series
        .iter()
        .enumerate()
        .map(|(i, (name, _))| Series { name: name.clone(), colour: hex(series_colour(i, name)) })
        .collect()
}

/// The extent of [`solved_times`] series under `timeout`: the most jobs one series solves
/// (at least 1), and the log range of the times, up to 1.6 × the limit.
pub(super) fn extent(series: &[(String, Vec<f64>)], timeout: f64) -> (f64, f64, f64) {
    let most = series.iter().map(|(_, t)| t.len()).max().unwrap_or(0).max(1) as f64;
    let (low, high) = log_range(series.iter().flat_map(|(_, t)| t.iter().copied()), timeout * 1.6);
    (most, low, high)
}

/// The text of a time limit line.
pub(super) fn limit_text(timeout: f64) -> String {
    format!("limit {} s", fmt_seconds(timeout))
}

/// The dark red of time limit lines and bands.
pub(super) const LIMIT_COLOUR: RGBColor = RGBColor(178, 34, 34);

impl Cactus {
    pub fn new(matrix: &Matrix) -> Cactus {
        Cactus { series: solved_times(matrix), timeout: matrix.timeout }
    }
}

impl Chart for Cactus {
    fn id(&self) -> String {
        "cactus".into()
    }

    fn title(&self) -> String {
        "Jobs solved within a time (cactus plot)".into()
    }

    fn series(&self) -> Vec<Series> {
        series_list(&self.series)
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, layer: Layer) -> DrawResult<DB> {
        let body = titled(area, &self.title(), layer)?;
        let (most, low, high) = extent(&self.series, self.timeout);
        let right = most + (most / 20.0).max(0.5);
        let mut chart = framed(&body).build_cartesian_2d(
            linear_axis(0.0, right, int_ticks(0.0, most, 12)),
            log_axis(low, high, log_ticks(low, high), high),
        )?;
        let limit = self.timeout.max(low);
        if layer.base() {
            draw_grid(&mut chart, "jobs solved", "CPU time (s)")?;
            chart.draw_series(DashedLineSeries::new(
                [(0.0, limit), (right, limit)],
                6,
                4,
                LIMIT_COLOUR.stroke_width(1),
            ))?;
            let style = ("sans-serif", 12).into_font().color(&LIMIT_COLOUR).pos(Pos::new(HPos::Right, VPos::Bottom));
            chart.draw_series([
                EmptyElement::at((right, limit)) + Text::new(limit_text(self.timeout), (-4, -3), style)
            ])?;
        }
        for (i, (name, times)) in self.series.iter().enumerate() {
            if !layer.shows(i) {
                continue;
            }
            let c = series_colour(i, name);
            let points: Vec<(f64, f64)> =
                times.iter().enumerate().map(|(n, &t)| ((n + 1) as f64, clamp(t, low))).collect();
            if name == VBS {
                draw_vbs(&mut chart, points, c)?;
            } else {
                let style = c.stroke_width(1);
                chart.draw_series(LineSeries::new(points, style).point_size(2))?.label(name.as_str()).legend(
                    move |(x, y)| {
                        EmptyElement::at((x, y))
                            + PathElement::new([(0, 0), (19, 0)], style)
                            + Circle::new((10, 0), 2, c.filled())
                    },
                );
            }
        }
        if layer.legend() {
            draw_legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Answer::{False, True, Unsolved};
    use crate::plot::render;
    use crate::plot::testing::{matrix, texts};

    fn fixture() -> Matrix {
        matrix(
            60.0,
            &[
                ("hex", &[("none+caqe", True, 0.5), ("none+depqbf", True, 2.0)]),
                ("hex", &[("none+caqe", False, 3.0), ("none+depqbf", Unsolved, 60.0)]),
                ("hex", &[("none+caqe", True, 12.0), ("none+depqbf", False, 0.02)]),
                ("ttt", &[("none+caqe", Unsolved, 60.0), ("none+depqbf", True, 40.0)]),
            ],
        )
    }

    #[test]
    fn x_tick_labels_are_distinct_integers_and_the_limit_is_labelled() {
        let plot = render(&Cactus::new(&fixture())).unwrap_or_else(|e| panic!("{e}"));
        let texts = texts(&plot.svg);
        let integers: Vec<&String> = texts.iter().filter(|t| t.parse::<u32>().is_ok() && t.len() < 3).collect();
        let mut distinct = integers.clone();
        distinct.dedup();
        assert_eq!(integers, distinct, "{texts:?}");
        // The x axis 0..=4 and the y axis's 1, 10 at least.
        for label in ["0", "2", "4", "0.01", "0.1", "1", "10", "limit 60 s"] {
            assert!(texts.iter().any(|t| t == label), "{label} in {texts:?}");
        }
        assert!(texts.iter().all(|t| !t.contains("0000")), "no long fractions: {texts:?}");
    }

    #[test]
    fn the_layered_svg_has_one_group_per_configuration_and_the_vbs_and_no_legend_box() {
        let plot = render(&Cactus::new(&fixture())).unwrap_or_else(|e| panic!("{e}"));
        let names: Vec<&str> = plot.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["VBS", "none+caqe", "none+depqbf"]);
        for name in names {
            assert_eq!(
                plot.layered.matches(&format!("<g class=\"series\" data-series=\"{name}\">")).count(),
                1,
                "{name}"
            );
        }
        assert_eq!(plot.layered.matches("<svg").count(), 1, "one document");
        let legend = texts(&plot.svg);
        let layered = texts(&plot.layered);
        assert!(legend.iter().any(|t| t == "none+caqe"), "the file has a legend");
        assert!(!layered.iter().any(|t| t == "none+caqe"), "the layered SVG has none: {layered:?}");
        assert!(plot.series.iter().all(|s| s.colour.len() == 7 && s.colour.starts_with('#')));
    }
}
