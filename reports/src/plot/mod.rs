//! Plots, each rendered as SVG and PNG from one drawing routine.
//!
//! Fixed size ([`WIDTH`] × [`HEIGHT`]), colours assigned by sorted series name from a fixed
//! palette, no dates, and text laid out with the DejaVu Sans file committed in
//! `reports/fonts/` (registered with plotters' `ab_glyph` feature, so no system font is
//! looked up): the same results give the same bytes on every machine. The SVG backend
//! writes text as `<text>` elements; the PNG backend rasterises it with the same font.

mod bars;
mod cactus;
mod scatter;
mod sizes;

use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;

pub use bars::CoverageBars;
pub use cactus::Cactus;
pub use scatter::Scatter;
pub use sizes::SizeByDepth;

use super::error::Error;

pub const WIDTH: u32 = 720;
pub const HEIGHT: u32 = 480;

/// DejaVu Sans (Bitstream Vera licence, see `reports/fonts/LICENSE`).
static FONT: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");

/// The palette; series take colours in sorted-name order.
const PALETTE: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// The colour of the `i`-th series in sorted order.
pub fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

fn register_font() -> Result<(), Error> {
    static ONCE: Once = Once::new();
    let mut result = Ok(());
    ONCE.call_once(|| {
        result = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT).map_err(|_| Error::BadFont);
    });
    result
}

/// The drawing result of a backend.
pub type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// A plot: draws itself on any backend.
pub trait Chart {
    /// File stem, e.g. `cactus`.
    fn id(&self) -> String;
    fn title(&self) -> String;
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> DrawResult<DB>;
}

/// A rendered plot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plot {
    pub id: String,
    pub title: String,
    pub svg: String,
    pub png: Vec<u8>,
}

/// Renders a chart to SVG and PNG.
pub fn render<C: Chart>(chart: &C) -> Result<Plot, Error> {
    register_font()?;
    let fail = |message: String| Error::Plot { plot: chart.id(), message };
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        area.fill(&WHITE).map_err(|e| fail(e.to_string()))?;
        chart.draw(&area).map_err(|e| fail(e.to_string()))?;
        area.present().map_err(|e| fail(e.to_string()))?;
    }
    let mut pixels = vec![0u8; (WIDTH * HEIGHT * 3) as usize];
    {
        let area = BitMapBackend::with_buffer(&mut pixels, (WIDTH, HEIGHT)).into_drawing_area();
        area.fill(&WHITE).map_err(|e| fail(e.to_string()))?;
        chart.draw(&area).map_err(|e| fail(e.to_string()))?;
        area.present().map_err(|e| fail(e.to_string()))?;
    }
    let mut png = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png),
        &pixels,
        WIDTH,
        HEIGHT,
        image::ColorType::Rgb8,
    )
    .map_err(|e| fail(e.to_string()))?;
    Ok(Plot { id: chart.id(), title: chart.title(), svg, png })
}

/// A log-axis range covering `values` and `top`, with the bottom at a power of ten.
pub fn log_range(values: impl Iterator<Item = f64>, top: f64) -> (f64, f64) {
    let low = values.filter(|v| *v > 0.0).fold(top.max(1e-3), f64::min).max(1e-3);
    (10f64.powf(low.log10().floor()), top.max(low * 10.0))
}

/// Seconds clamped into a log axis.
pub fn clamp(s: f64, low: f64) -> f64 {
    s.max(low)
}
