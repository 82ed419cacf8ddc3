//! Quantile plot (the cactus plot with its axes swapped): for each configuration, the number
//! of jobs it solved within each CPU time, as a step line over a log time axis; a labelled
//! line marks the time limit. The virtual best solver is a dashed grey line under the
//! others.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axes::{int_ticks, linear_axis, log_axis, log_ticks};
use super::cactus::{extent, limit_text, series_colour, series_list, solved_times, LIMIT_COLOUR};
use super::chart::{Chart, DrawResult, Layer, Series};
use super::draw::{draw_grid, draw_legend, draw_vbs, framed, titled};
use crate::coverage::VBS;
use crate::matrix::Matrix;

/// Sorted solving times per series: the VBS first, then each configuration by name.
pub struct Quantile {
    pub series: Vec<(String, Vec<f64>)>,
    pub timeout: f64,
}

impl Quantile {
    pub fn new(matrix: &Matrix) -> Quantile {
        Quantile { series: solved_times(matrix), timeout: matrix.timeout }
    }
}

/// The corners of the step line of sorted `times` from `low` to `right`.
fn steps(times: &[f64], low: f64, right: f64) -> Vec<(f64, f64)> {
    let mut points = vec![(low, 0.0)];
    for (n, &t) in times.iter().enumerate() {
        let t = t.max(low);
        points.push((t, n as f64));
        points.push((t, (n + 1) as f64));
    }
    points.push((right, times.len() as f64));
    points
}

impl Chart for Quantile {
    fn id(&self) -> String {
        "quantile".into()
    }

    fn title(&self) -> String {
        "Jobs solved within a time (quantile plot)".into()
    }

    fn series(&self) -> Vec<Series> {
        series_list(&self.series)
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, layer: Layer) -> DrawResult<DB> {
        let body = titled(area, &self.title(), layer)?;
        let (most, low, high) = extent(&self.series, self.timeout);
        let top = most + (most / 10.0).max(0.5);
        let mut chart = framed(&body).build_cartesian_2d(
            log_axis(low, high, log_ticks(low, high), high),
            linear_axis(0.0, top, int_ticks(0.0, most, 10)),
        )?;
        let limit = self.timeout.max(low);
        if layer.base() {
            draw_grid(&mut chart, "CPU time (s)", "jobs solved")?;
            chart.draw_series(DashedLineSeries::new(
                [(limit, 0.0), (limit, top)],
                6,
                4,
                LIMIT_COLOUR.stroke_width(1),
            ))?;
            let style = ("sans-serif", 12).into_font().color(&LIMIT_COLOUR).pos(Pos::new(HPos::Right, VPos::Top));
            chart
                .draw_series([EmptyElement::at((limit, top)) + Text::new(limit_text(self.timeout), (-4, 4), style)])?;
        }
        for (i, (name, times)) in self.series.iter().enumerate() {
            if !layer.shows(i) {
                continue;
            }
            let c = series_colour(i, name);
            let points = steps(times, low, limit);
            if name == VBS {
                draw_vbs(&mut chart, points, c)?;
            } else {
                let style = c.stroke_width(1);
                chart
                    .draw_series(LineSeries::new(points, style))?
                    .label(name.as_str())
                    .legend(move |(x, y)| PathElement::new([(x, y), (x + 19, y)], style));
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
    use crate::input::Answer::{True, Unsolved};
    use crate::plot::render;
    use crate::plot::testing::{matrix, texts};

    #[test]
    fn the_steps_rise_by_one_at_each_solving_time_up_to_the_limit() {
        assert_eq!(
            steps(&[0.5, 2.0], 0.1, 60.0),
            [(0.1, 0.0), (0.5, 0.0), (0.5, 1.0), (2.0, 1.0), (2.0, 2.0), (60.0, 2.0)]
        );
    }

    #[test]
    fn the_quantile_plot_has_log_time_ticks_a_labelled_limit_and_a_group_per_series() {
        let m = matrix(
            60.0,
            &[
                ("hex", &[("none+caqe", True, 0.5), ("none+depqbf", True, 2.0)]),
                ("hex", &[("none+caqe", Unsolved, 60.0), ("none+depqbf", True, 20.0)]),
            ],
        );
        let plot = render(&Quantile::new(&m)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(plot.id, "quantile");
        let texts = texts(&plot.svg);
        for label in ["0.1", "1", "10", "limit 60 s", "CPU time (s)", "jobs solved"] {
            assert!(texts.iter().any(|t| t == label), "{label} in {texts:?}");
        }
        assert_eq!(plot.layered.matches("class=\"series\"").count(), 3);
    }
}
