//! Scatter plot of two configurations: one point per job, the first configuration's time
//! on x and the second's on y (log axes), the diagonal and the 10× lines. Points are
//! coloured (and shaped) by the job's answer; a job one of them did not solve sits in the
//! shaded band beyond the time limit, labelled "unsolved (> limit)".

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axes::{clamp, log_axis, log_range, log_ticks};
use super::cactus::{limit_text, LIMIT_COLOUR};
use super::chart::{Chart, DrawResult, Layer, Series};
use super::draw::{draw_grid, draw_legend, framed, titled};
use super::palette::{hex, shape_points, Marker};
use crate::coverage::counts;
use crate::input::Answer;
use crate::matrix::{JobRow, Matrix};

/// How a job ended for the pair: the answer both gave, or unsolved by one or both.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    True,
    False,
    /// Solved by neither configuration or by one only.
    Unsolved,
}

const OUTCOMES: [Outcome; 3] = [Outcome::True, Outcome::False, Outcome::Unsolved];

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::True => "true",
            Outcome::False => "false",
            Outcome::Unsolved => "unsolved",
        }
    }

    fn style(self) -> (RGBColor, Marker) {
        match self {
            Outcome::True => (RGBColor(31, 119, 180), Marker::Circle),
            Outcome::False => (RGBColor(230, 110, 0), Marker::Triangle),
            Outcome::Unsolved => (RGBColor(110, 110, 110), Marker::Cross),
        }
    }
}

/// One job: the two times (`None`: unsolved) and its outcome.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Point {
    pub x: Option<f64>,
    pub y: Option<f64>,
    pub outcome: Outcome,
}

/// The jobs either configuration ran.
pub struct Scatter {
    pub x: String,
    pub y: String,
    pub points: Vec<Point>,
    pub timeout: f64,
}

impl Scatter {
    pub fn new(matrix: &Matrix, x: &str, y: &str) -> Scatter {
        let points = matrix
            .jobs
            .values()
            .filter(|j| j.cells.contains_key(x) || j.cells.contains_key(y))
            .map(|j| {
                let (a, b) = (j.cells.get(x), j.cells.get(y));
                let outcome = match (a.and_then(|c| c.solved()), b.and_then(|c| c.solved()), a.map(|c| c.answer)) {
                    (Some(_), Some(_), Some(Answer::True)) => Outcome::True,
                    (Some(_), Some(_), _) => Outcome::False,
                    _ => Outcome::Unsolved,
                };
                Point { x: a.and_then(|c| c.solved()), y: b.and_then(|c| c.solved()), outcome }
            })
            .collect();
        Scatter { x: x.into(), y: y.into(), points, timeout: matrix.timeout }
    }

    /// The outcomes with points, in order.
    fn outcomes(&self) -> Vec<Outcome> {
        OUTCOMES.into_iter().filter(|o| self.points.iter().any(|p| p.outcome == *o)).collect()
    }
}

/// The scatter plot's default pair: the two best configurations without a preprocessor
/// (`none+…`), by most jobs solved, then least PAR-2, then name; the two best of all when
/// fewer than two run without one. `None` with fewer than two configurations.
pub fn default_pair(matrix: &Matrix) -> Option<(String, String)> {
    let jobs: Vec<&JobRow> = matrix.jobs.values().collect();
    let rank = |names: Vec<&String>| -> Vec<String> {
        let mut ranked: Vec<(usize, f64, &String)> = names
            .into_iter()
            .map(|c| {
                let n = counts(&jobs, Some(c), matrix.timeout);
                (n.solved(), n.par2(), c)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.total_cmp(&b.1)).then(a.2.cmp(b.2)));
        ranked.into_iter().map(|(_, _, c)| c.clone()).collect()
    };
    let plain: Vec<&String> = matrix.configurations.iter().filter(|c| c.split('+').next() == Some("none")).collect();
    let ranked = if plain.len() >= 2 { rank(plain) } else { rank(matrix.configurations.iter().collect()) };
    match &ranked[..] {
        [x, y, ..] => Some((x.clone(), y.clone())),
        _ => None,
    }
}

impl Chart for Scatter {
    fn id(&self) -> String {
        "scatter".into()
    }

    fn title(&self) -> String {
        format!("{} vs {} (CPU s per job)", self.x, self.y)
    }

    fn series(&self) -> Vec<Series> {
        self.outcomes().into_iter().map(|o| Series { name: o.name().into(), colour: hex(o.style().0) }).collect()
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, layer: Layer) -> DrawResult<DB> {
        let body = titled(area, &self.title(), layer)?;
        let limit_top = self.timeout * 4.0;
        let (low, high) = log_range(self.points.iter().flat_map(|p| [p.x, p.y]).flatten(), limit_top);
        let limit = self.timeout.max(low * 2.0);
        let border = (limit * high).sqrt();
        let axis = || log_axis(low, high, log_ticks(low, limit), limit);
        let mut chart = framed(&body).build_cartesian_2d(axis(), axis())?;
        if layer.base() {
            draw_grid(&mut chart, &format!("{} (s)", self.x), &format!("{} (s)", self.y))?;
            let band = LIMIT_COLOUR.mix(0.08).filled();
            chart.draw_series([
                Rectangle::new([(limit, low), (high, limit)], band),
                Rectangle::new([(low, limit), (high, high)], band),
            ])?;
            let grey = BLACK.mix(0.35);
            chart.draw_series(LineSeries::new([(low, low), (limit, limit)], grey.stroke_width(1)))?;
            chart.draw_series(LineSeries::new([(low, low * 10.0), (limit / 10.0, limit)], grey.stroke_width(1)))?;
            chart.draw_series(LineSeries::new([(low * 10.0, low), (limit, limit / 10.0)], grey.stroke_width(1)))?;
            let line = LIMIT_COLOUR.mix(0.6).stroke_width(1);
            chart.draw_series(LineSeries::new([(limit, low), (limit, limit)], line))?;
            chart.draw_series(LineSeries::new([(low, limit), (limit, limit)], line))?;
            let font = ("sans-serif", 12).into_font().color(&LIMIT_COLOUR);
            chart.draw_series([EmptyElement::at((low, high))
                + Text::new("unsolved (> limit)", (5, 3), font.pos(Pos::new(HPos::Left, VPos::Top)))])?;
            chart.draw_series([EmptyElement::at((limit, low))
                + Text::new(limit_text(self.timeout), (-4, -3), font.pos(Pos::new(HPos::Right, VPos::Bottom)))])?;
        }
        let place = |t: Option<f64>| t.map_or(border, |t| clamp(t, low));
        for (i, outcome) in self.outcomes().into_iter().enumerate() {
            if !layer.shows(i) {
                continue;
            }
            let (c, shape) = outcome.style();
            let points = self.points.iter().filter(|p| p.outcome == outcome);
            let at = |p: &Point| EmptyElement::at((place(p.x), place(p.y)));
            // Plotters' circles are rounder than a polygon of a few pixels.
            let anno = if shape == Marker::Circle {
                chart.draw_series(points.map(|p| at(p) + Circle::new((0, 0), 2, c.filled())))?
            } else {
                chart.draw_series(points.map(|p| at(p) + Polygon::new(shape_points(shape, (0, 0), 2), c.filled())))?
            };
            anno.label(outcome.name());
            if shape == Marker::Circle {
                anno.legend(move |at| Circle::new(at, 3, c.filled()));
            } else {
                anno.legend(move |at| Polygon::new(shape_points(shape, at, 3), c.filled()));
            }
        }
        if layer.legend() {
            // Below the band along the top, so that it hides no band point.
            let origin = chart.plotting_area().get_base_pixel();
            let below = chart.plotting_area().map_coordinate(&(low, limit)).1 - origin.1 + 8;
            draw_legend(&mut chart, SeriesLabelPosition::Coordinate(8, below))?;
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

    #[test]
    fn the_default_pair_is_the_two_best_configurations_without_a_preprocessor() {
        let m = matrix(
            10.0,
            &[
                (
                    "f",
                    &[
                        ("bloqqer+caqe", True, 1.0),
                        ("none+caqe", True, 5.0),
                        ("none+depqbf", True, 1.0),
                        ("none+qfun", Unsolved, 10.0),
                    ],
                ),
                (
                    "f",
                    &[
                        ("bloqqer+caqe", True, 1.0),
                        ("none+caqe", True, 5.0),
                        ("none+depqbf", True, 1.0),
                        ("none+qfun", True, 1.0),
                    ],
                ),
                (
                    "f",
                    &[
                        ("bloqqer+caqe", True, 1.0),
                        ("none+caqe", Unsolved, 10.0),
                        ("none+depqbf", Unsolved, 10.0),
                        ("none+qfun", True, 2.0),
                    ],
                ),
            ],
        );
        // bloqqer+caqe solves most but has a preprocessor; the others solve two each, with
        // PAR-2 (1+1+20)/3 (depqbf), (20+1+2)/3 (qfun) and (5+5+20)/3 (caqe).
        assert_eq!(default_pair(&m), Some(("none+depqbf".into(), "none+qfun".into())));
        let one_plain = matrix(
            10.0,
            &[("f", &[("bloqqer+caqe", True, 1.0), ("none+caqe", True, 5.0), ("qrat+caqe", Unsolved, 10.0)])],
        );
        assert_eq!(default_pair(&one_plain), Some(("bloqqer+caqe".into(), "none+caqe".into())));
        assert_eq!(default_pair(&matrix(10.0, &[("f", &[("none+caqe", True, 1.0)])])), None);
    }

    #[test]
    fn points_are_grouped_by_answer_and_the_band_is_labelled() {
        let m = matrix(
            60.0,
            &[
                ("f", &[("a", True, 1.0), ("b", True, 2.0)]),
                ("f", &[("a", False, 0.1), ("b", False, 0.3)]),
                ("f", &[("a", True, 1.0), ("b", Unsolved, 60.0)]),
            ],
        );
        let scatter = Scatter::new(&m, "a", "b");
        let outcomes: Vec<Outcome> = scatter.points.iter().map(|p| p.outcome).collect();
        assert_eq!(outcomes, [Outcome::True, Outcome::False, Outcome::Unsolved]);
        let plot = render(&scatter).unwrap_or_else(|e| panic!("{e}"));
        let names: Vec<&str> = plot.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["true", "false", "unsolved"]);
        let texts = texts(&plot.svg);
        for label in ["unsolved (&gt; limit)", "limit 60 s", "true", "false", "unsolved", "0.1", "1", "10"] {
            assert!(texts.iter().any(|t| t == label), "{label} in {texts:?}");
        }
        assert!(!texts.iter().any(|t| t == "100"), "no tick inside the band: {texts:?}");
        for name in names {
            assert_eq!(plot.layered.matches(&format!("data-series=\"{name}\"")).count(), 1);
        }
    }
}
