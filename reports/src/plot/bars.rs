//! Coverage bars: per family, one horizontal bar per configuration, its length the fraction
//! of the family's jobs solved.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{colour, Chart, DrawResult};
use crate::coverage::counts;
use crate::matrix::Matrix;

/// Fractions solved: `values[family][configuration]`.
pub struct CoverageBars {
    pub families: Vec<String>,
    pub configurations: Vec<String>,
    pub values: Vec<Vec<f64>>,
}

impl CoverageBars {
    pub fn new(matrix: &Matrix) -> CoverageBars {
        let mut families = Vec::new();
        let mut values = Vec::new();
        for (family, jobs) in matrix.families() {
            families.push(family.to_string());
            values.push(
                matrix
                    .configurations
                    .iter()
                    .map(|c| {
                        let n = counts(&jobs, Some(c), matrix.timeout);
                        n.solved() as f64 / n.jobs.max(1) as f64
                    })
                    .collect(),
            );
        }
        CoverageBars { families, configurations: matrix.configurations.clone(), values }
    }
}

impl Chart for CoverageBars {
    fn id(&self) -> String {
        "coverage".into()
    }

    fn title(&self) -> String {
        "Fraction of each family's jobs solved".into()
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let n = self.families.len().max(1) as f64;
        // Horizontal bars: family names, however long, go left of the bars (x < 0).
        let mut chart = ChartBuilder::on(area)
            .caption(self.title(), ("sans-serif", 20))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(0)
            .build_cartesian_2d(-0.5f64..1.35, 0f64..n)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(0)
            .x_desc("solved / jobs")
            .x_label_formatter(&|x| if *x < 0.0 || *x > 1.0 { String::new() } else { format!("{x:.1}") })
            .label_style(("sans-serif", 12))
            .draw()?;
        chart.draw_series(LineSeries::new([(0.0, 0.0), (0.0, n)], BLACK))?;
        let k = self.configurations.len().max(1) as f64;
        let height = 0.8 / k;
        for (c, name) in self.configurations.iter().enumerate() {
            let style = colour(c).filled();
            let bars = self.values.iter().enumerate().map(|(f, row)| {
                let y = n - 1.0 - f as f64 + 0.9 - c as f64 * height;
                Rectangle::new([(0.0, y), (row[c], y - height * 0.9)], style)
            });
            chart
                .draw_series(bars)?
                .label(name.as_str())
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], style));
        }
        let label = ("sans-serif", 12).into_font().color(&BLACK).pos(Pos::new(HPos::Right, VPos::Center));
        chart.draw_series(
            self.families
                .iter()
                .enumerate()
                .map(|(f, name)| Text::new(name.clone(), (-0.02, n - 0.5 - f as f64), label.clone())),
        )?;
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .label_font(("sans-serif", 12))
            .draw()?;
        Ok(())
    }
}
