//! Coverage bars: per family, one bar per configuration, its height the fraction of the
//! family's jobs solved.

use plotters::coord::Shift;
use plotters::prelude::*;

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
        let mut chart = ChartBuilder::on(area)
            .caption(self.title(), ("sans-serif", 20))
            .margin(10)
            .x_label_area_size(10)
            .y_label_area_size(50)
            .build_cartesian_2d(0f64..n, -0.12f64..1.3)?;
        chart.configure_mesh().disable_x_mesh().x_labels(0).y_desc("solved / jobs").label_style(("sans-serif", 12)).draw()?;
        let k = self.configurations.len().max(1) as f64;
        let width = 0.8 / k;
        for (c, name) in self.configurations.iter().enumerate() {
            let style = colour(c).filled();
            let bars = self.values.iter().enumerate().map(|(f, row)| {
                let x = f as f64 + 0.1 + c as f64 * width;
                Rectangle::new([(x, 0.0), (x + width * 0.9, row[c])], style)
            });
            chart.draw_series(bars)?.label(name.as_str()).legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], style));
        }
        let label = ("sans-serif", 12).into_font().color(&BLACK).pos(plotters::style::text_anchor::Pos::new(plotters::style::text_anchor::HPos::Center, plotters::style::text_anchor::VPos::Center));
        chart.draw_series(self.families.iter().enumerate().map(|(f, name)| Text::new(name.clone(), (f as f64 + 0.5, -0.06), label.clone())))?;
        chart.configure_series_labels().position(SeriesLabelPosition::UpperRight).background_style(WHITE.mix(0.8)).border_style(BLACK).label_font(("sans-serif", 12)).draw()?;
        Ok(())
    }
}
