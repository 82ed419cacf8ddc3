//! Instance size against depth: per family, the number of variables of its largest file at
//! each depth (log axis), from the manifest; one line per family.

use std::collections::BTreeMap;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{colour, log_range, Chart, DrawResult};
use crate::input::RunData;

/// `(depth, variables)` per family, sorted by depth.
pub struct SizeByDepth {
    pub series: Vec<(String, Vec<(u32, u64)>)>,
}

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
}

impl Chart for SizeByDepth {
    fn id(&self) -> String {
        "sizes".into()
    }

    fn title(&self) -> String {
        "Variables of the largest file at each depth".into()
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let points = || self.series.iter().flat_map(|(_, p)| p.iter().copied());
        let max_depth = points().map(|(d, _)| d).max().unwrap_or(1);
        let top = points().map(|(_, v)| v).max().unwrap_or(10) as f64 * 2.0;
        let (low, high) = log_range(points().map(|(_, v)| v as f64), top);
        let mut chart = ChartBuilder::on(area)
            .caption(self.title(), ("sans-serif", 20))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0f64..max_depth as f64 + 1.0, (low..high).log_scale())?;
        chart
            .configure_mesh()
            .x_desc("depth (plies)")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_desc("variables")
            .y_label_formatter(&|y| format!("{y:.0}"))
            .label_style(("sans-serif", 12))
            .draw()?;
        for (i, (family, points)) in self.series.iter().enumerate() {
            let style = colour(i).stroke_width(2);
            let points: Vec<(f64, f64)> = points.iter().map(|&(d, v)| (d as f64, (v as f64).max(low))).collect();
            chart
                .draw_series(LineSeries::new(points, style).point_size(3))?
                .label(family.as_str())
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
