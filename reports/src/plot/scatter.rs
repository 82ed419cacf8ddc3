//! Scatter plot of two configurations: one point per job, the first configuration's time
//! on x and the second's on y (log axes), the diagonal and the 10× lines; a job one of
//! them did not solve sits on the border band beyond the time limit.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{clamp, colour, log_range, Chart, DrawResult};
use crate::matrix::Matrix;

/// Times of the jobs either configuration ran; `None`: unsolved.
pub struct Scatter {
    pub x: String,
    pub y: String,
    pub points: Vec<(Option<f64>, Option<f64>)>,
    pub timeout: f64,
}

impl Scatter {
    pub fn new(matrix: &Matrix, x: &str, y: &str) -> Scatter {
        let points = matrix
            .jobs
            .values()
            .filter(|j| j.cells.contains_key(x) || j.cells.contains_key(y))
            .map(|j| (j.cells.get(x).and_then(|c| c.solved()), j.cells.get(y).and_then(|c| c.solved())))
            .collect();
        Scatter { x: x.into(), y: y.into(), points, timeout: matrix.timeout }
    }
}

impl Chart for Scatter {
    fn id(&self) -> String {
        "scatter".into()
    }

    fn title(&self) -> String {
        format!("{} vs {} (s per job)", self.x, self.y)
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let border = self.timeout * 1.5;
        let (low, high) = log_range(self.points.iter().flat_map(|&(a, b)| [a, b]).flatten(), border * 1.2);
        let mut chart = ChartBuilder::on(area)
            .caption(self.title(), ("sans-serif", 20))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d((low..high).log_scale(), (low..high).log_scale())?;
        chart
            .configure_mesh()
            .x_desc(format!("{} (s)", self.x))
            .y_desc(format!("{} (s)", self.y))
            .label_style(("sans-serif", 12))
            .draw()?;
        let grey = BLACK.mix(0.4);
        chart.draw_series(LineSeries::new([(low, low), (high, high)], grey))?;
        chart.draw_series(LineSeries::new([(low, low * 10.0), (high / 10.0, high)], grey.stroke_width(1)))?;
        chart.draw_series(LineSeries::new([(low * 10.0, low), (high, high / 10.0)], grey.stroke_width(1)))?;
        let limit = self.timeout.max(low);
        chart.draw_series(LineSeries::new([(limit, low), (limit, high)], RED.mix(0.3)))?;
        chart.draw_series(LineSeries::new([(low, limit), (high, limit)], RED.mix(0.3)))?;
        let place = |t: Option<f64>| t.map_or(border, |t| clamp(t, low));
        chart
            .draw_series(self.points.iter().map(|&(a, b)| Circle::new((place(a), place(b)), 3, colour(0).filled())))?;
        Ok(())
    }
}
