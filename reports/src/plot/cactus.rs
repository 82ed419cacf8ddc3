//! Cactus plot: for each configuration, its solved jobs sorted by time; the n-th point is
//! the time of its n-th fastest answer (log time axis), and a line marks the time limit.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{clamp, colour, log_range, Chart, DrawResult};
use crate::coverage::VBS;
use crate::matrix::Matrix;

/// Sorted solving times per configuration, the VBS last.
pub struct Cactus {
    pub series: Vec<(String, Vec<f64>)>,
    pub timeout: f64,
}

impl Cactus {
    pub fn new(matrix: &Matrix) -> Cactus {
        let sorted = |mut times: Vec<f64>| {
            times.sort_by(f64::total_cmp);
            times
        };
        let mut series: Vec<(String, Vec<f64>)> = matrix
            .configurations
            .iter()
            .map(|c| {
                (
                    c.clone(),
                    sorted(
                        matrix.jobs.values().filter_map(|j| j.cells.get(c).and_then(|cell| cell.solved())).collect(),
                    ),
                )
            })
            .collect();
        series.push((VBS.into(), sorted(matrix.jobs.values().filter_map(|j| j.best().map(|c| c.seconds)).collect())));
        Cactus { series, timeout: matrix.timeout }
    }
}

impl Chart for Cactus {
    fn id(&self) -> String {
        "cactus".into()
    }

    fn title(&self) -> String {
        "Jobs solved within a time (cactus plot)".into()
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let most = self.series.iter().map(|(_, t)| t.len()).max().unwrap_or(0).max(1);
        let (low, high) = log_range(self.series.iter().flat_map(|(_, t)| t.iter().copied()), self.timeout * 1.5);
        let mut chart = ChartBuilder::on(area)
            .caption(self.title(), ("sans-serif", 20))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0f64..most as f64 + 0.5, (low..high).log_scale())?;
        chart
            .configure_mesh()
            .x_desc("jobs solved")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_desc("time (s)")
            .label_style(("sans-serif", 12))
            .draw()?;
        let limit = self.timeout.max(low);
        chart
            .draw_series(LineSeries::new([(0.0, limit), (most as f64 + 0.5, limit)], BLACK.mix(0.5)))?
            .label(format!("time limit ({} s)", crate::coverage::fmt_seconds(self.timeout)))
            .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], BLACK.mix(0.5)));
        for (i, (name, times)) in self.series.iter().enumerate() {
            let style = if name == VBS { BLACK.stroke_width(2) } else { colour(i).stroke_width(2) };
            let points: Vec<(f64, f64)> =
                times.iter().enumerate().map(|(n, &t)| ((n + 1) as f64, clamp(t, low))).collect();
            chart
                .draw_series(LineSeries::new(points, style).point_size(3))?
                .label(name.as_str())
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], style));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .label_font(("sans-serif", 12))
            .draw()?;
        Ok(())
    }
}
