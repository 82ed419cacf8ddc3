//! Instance size against depth: per family, the number of variables of its largest file at
//! each depth (log axis), from the manifest; one thin line per family. Families take a
//! colour and a marker shape each ([`super::style`]), so that up to 50 stay distinct; the
//! legend sits right of the chart, in as many columns as the families need.

use std::collections::BTreeMap;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::axes::{int_ticks, linear_axis, log_axis, log_range, log_ticks};
use super::chart::{Chart, DrawResult, Layer, Series, HEIGHT};
use super::draw::{draw_grid, framed, label, titled};
use super::palette::{hex, shape_points, style, Marker};
use crate::input::RunData;

/// `(depth, variables)` per family, sorted by family and depth.
pub struct SizeByDepth {
    pub series: Vec<(String, Vec<(u32, u64)>)>,
}

/// Legend text size and row height, in pixels.
const LEGEND_FONT: f64 = 11.0;
const LEGEND_ROW: i32 = 15;

impl SizeByDepth {
    pub fn new(data: &RunData) -> SizeByDepth {
        let mut families: BTreeMap<String, BTreeMap<u32, u64>> = BTreeMap::new();
        for row in data.instances.values() {
            let (Some(depth), Some(vars)) = (row.depth.plies(), row.vars) else { continue };
            let largest = families.entry(row.family.clone()).or_default().entry(depth).or_insert(0);
            *largest = (*largest).max(vars);
        }
        SizeByDepth { series: families.into_iter().map(|(f, d)| (f, d.into_iter().collect())).collect() }
    }

    /// Draws the legend in `panel`, column by column.
    fn legend<DB: DrawingBackend>(&self, panel: &DrawingArea<DB, Shift>, rows: usize, column: i32) -> DrawResult<DB> {
        for (i, (family, _)) in self.series.iter().enumerate() {
            let (c, shape) = style(i);
            let x = (i / rows) as i32 * column + 4;
            let y = (i % rows) as i32 * LEGEND_ROW + LEGEND_ROW / 2 + 4;
            panel.draw(&PathElement::new([(x, y), (x + 18, y)], c.stroke_width(1)))?;
            if shape == Marker::Circle {
                panel.draw(&Circle::new((x + 9, y), 3, c.filled()))?;
            } else {
                panel.draw(&Polygon::new(shape_points(shape, (x + 9, y), 3), c.filled()))?;
            }
            label(panel, family, (x + 24, y), LEGEND_FONT, BLACK, HPos::Left, VPos::Center)?;
        }
        Ok(())
    }
}

impl Chart for SizeByDepth {
    fn id(&self) -> String {
        "sizes".into()
    }

    fn title(&self) -> String {
        "Variables of the largest file at each depth".into()
    }

    fn series(&self) -> Vec<Series> {
        self.series
            .iter()
            .enumerate()
            .map(|(i, (name, _))| Series { name: name.clone(), colour: hex(style(i).0) })
            .collect()
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, layer: Layer) -> DrawResult<DB> {
        let body = titled(area, &self.title(), layer)?;
        // The file's own legend: a panel on the right, wide enough for its columns.
        let rows = ((HEIGHT as i32 - 80) / LEGEND_ROW).max(1) as usize;
        let font: TextStyle = ("sans-serif", LEGEND_FONT).into();
        let widest =
            self.series.iter().map(|(f, _)| body.estimate_text_size(f, &font).map_or(0, |s| s.0)).max().unwrap_or(0);
        let column = widest as i32 + 34;
        let columns = self.series.len().div_ceil(rows) as i32;
        let (plot_area, panel) = if layer.legend() && columns > 0 {
            let width = body.dim_in_pixel().0 as i32;
            let panel = (columns * column + 8).min(width / 2);
            let (a, b) = body.split_horizontally(width - panel);
            (a, Some(b))
        } else {
            (body.clone(), None)
        };
        let points = || self.series.iter().flat_map(|(_, p)| p.iter().copied());
        let min_depth = points().map(|(d, _)| d).min().unwrap_or(0) as f64;
        let max_depth = points().map(|(d, _)| d).max().unwrap_or(1) as f64;
        let top = points().map(|(_, v)| v).max().unwrap_or(10) as f64 * 2.0;
        let (low, high) = log_range(points().map(|(_, v)| v as f64), top);
        let mut chart = framed(&plot_area).build_cartesian_2d(
            linear_axis((min_depth - 0.5).max(0.0), max_depth + 0.5, int_ticks(min_depth, max_depth, 15)),
            log_axis(low, high, log_ticks(low, high), high),
        )?;
        if layer.base() {
            draw_grid(&mut chart, "depth (plies)", "variables")?;
        }
        for (i, (_, points)) in self.series.iter().enumerate() {
            if !layer.shows(i) {
                continue;
            }
            let (c, shape) = style(i);
            let points: Vec<(f64, f64)> = points.iter().map(|&(d, v)| (d as f64, (v as f64).max(low))).collect();
            chart.draw_series(LineSeries::new(points.iter().copied(), c.stroke_width(1)))?;
            if shape == Marker::Circle {
                chart.draw_series(points.iter().map(|&p| EmptyElement::at(p) + Circle::new((0, 0), 2, c.filled())))?;
            } else {
                chart.draw_series(
                    points
                        .iter()
                        .map(|&p| EmptyElement::at(p) + Polygon::new(shape_points(shape, (0, 0), 2), c.filled())),
                )?;
            }
        }
        if let Some(panel) = panel {
            self.legend(&panel, rows, column)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::render;
    use crate::plot::testing::texts;

    fn families(n: usize) -> SizeByDepth {
        SizeByDepth {
            series: (0..n)
                .map(|f| (format!("family{f:02}"), (1..=3).map(|d| (d, (f as u64 + 1) * 100 * d as u64)).collect()))
                .collect(),
        }
    }

    #[test]
    fn forty_families_are_all_distinguishable_and_all_in_the_legend() {
        let chart = families(40);
        let styles: std::collections::BTreeSet<_> = (0..40).map(|i| (hex(style(i).0), style(i).1)).collect();
        assert_eq!(styles.len(), 40);
        let plot = render(&chart).unwrap_or_else(|e| panic!("{e}"));
        let texts = texts(&plot.svg);
        assert!((0..40).all(|f| texts.contains(&format!("family{f:02}"))), "{texts:?}");
        assert_eq!(plot.series.len(), 40);
        assert_eq!(plot.layered.matches("class=\"series\"").count(), 40);
        assert!(
            !crate::plot::testing::texts(&plot.layered).iter().any(|t| t == "family00"),
            "no legend in the layered SVG"
        );
    }

    #[test]
    fn depth_ticks_are_distinct_integers() {
        let plot = render(&families(3)).unwrap_or_else(|e| panic!("{e}"));
        let texts = texts(&plot.svg);
        let depths: Vec<&String> = texts.iter().filter(|t| t.len() == 1 && t.parse::<u32>().is_ok()).collect();
        assert_eq!(depths, ["1", "2", "3"], "{texts:?}");
    }
}
