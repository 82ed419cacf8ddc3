//! Plots, each rendered as SVG and PNG from one drawing routine.
//!
//! Fixed size ([`WIDTH`] × [`HEIGHT`]), colours assigned by sorted series name from a fixed
//! palette, no dates, and text laid out with the DejaVu Sans file committed in
//! `reports/fonts/` (registered with plotters' `ab_glyph` feature, so no system font is
//! looked up): the same results give the same bytes on every machine. The SVG backend
//! writes text as `<text>` elements; the PNG backend rasterises it with the same font.
//!
//! Every chart draws in [`Layer`]s: the whole chart with its legend (the files
//! `plots/ID.svg` and `.png`), or only its base (title, axes, limit lines) or only one of its
//! series. [`render`] nests the series layers as `<g class="series" data-series="NAME">`
//! groups into the base layer ([`Plot::layered`]), so a page can show and hide each series
//! from a legend of its own ([`Plot::series`]). The layers share one layout, so their
//! coordinates match.
//!
//! Axis ticks are chosen here, not by plotters: integers without repeats on count axes,
//! powers of ten (or 1-2-5 steps on short ranges) on log axes, written without long
//! fractions ([`tick_label`]).
//!
//! - `chart`: the [`Chart`] trait, its [`Layer`]s and [`render`] to a [`Plot`].
//! - `draw`: the title band, frame, grid, legend and VBS line the charts share.
//! - `axes`: the axes and their ticks; `palette`: the series' colours and markers.
//! - `png_text`: text in the PNG set with the same font as in the SVG.
//! - The charts: [`Cactus`], [`Quantile`], [`Scatter`], [`CoverageHeatmap`], [`SizeByDepth`].

mod axes;
mod cactus;
mod chart;
mod draw;
mod heatmap;
mod palette;
mod png_text;
mod quantile;
mod scatter;
mod sizes;

pub use axes::{clamp, int_ticks, linear_axis, log_axis, log_grid, log_range, log_ticks, tick_label, Ticked};
pub use cactus::Cactus;
pub use chart::{render, Chart, DrawResult, Layer, Plot, Series, HEIGHT, WIDTH};
pub use draw::{draw_grid, draw_legend, draw_vbs, framed, label, titled};
pub use heatmap::CoverageHeatmap;
pub use palette::{colour, hex, shape_points, style, Marker};
pub use quantile::Quantile;
pub use scatter::{default_pair, Scatter};
pub use sizes::SizeByDepth;

#[cfg(test)]
pub(crate) mod testing {
    //! Helpers of the plot tests: the texts of an SVG, a small matrix.

    use std::collections::BTreeMap;

    use contract::Status;

    use crate::input::Answer;
    use crate::matrix::{Cell, JobRow, Matrix};

    /// The contents of the `<text>` elements of an SVG, trimmed.
    pub fn texts(svg: &str) -> Vec<String> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| t.split_once('>'))
            .filter_map(|(_, rest)| rest.split_once("</text>"))
            .map(|(text, _)| text.trim().to_string())
            .collect()
    }

    /// A job's cells: `(configuration, answer, seconds)`.
    pub type Cells<'a> = &'a [(&'a str, Answer, f64)];

    /// A matrix: per job, its family and its cells.
    pub fn matrix(timeout: f64, jobs: &[(&str, Cells)]) -> Matrix {
        let mut matrix = Matrix { timeout, ..Matrix::default() };
        for (j, (family, cells)) in jobs.iter().enumerate() {
            let mut row = JobRow { family: family.to_string(), cells: BTreeMap::new() };
            for &(c, answer, seconds) in cells.iter() {
                let status = if answer == Answer::Unsolved { Status::Timeout } else { Status::Unknown };
                row.cells.insert(c.to_string(), Cell { answer, seconds, status, limit: timeout, record: 0 });
                if !matrix.configurations.iter().any(|x| x == c) {
                    matrix.configurations.push(c.to_string());
                }
            }
            matrix.jobs.insert(format!("job{j:03}"), row);
        }
        matrix.configurations.sort();
        matrix
    }
}
