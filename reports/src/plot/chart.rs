//! What a plot is: a [`Chart`] that draws itself in [`Layer`]s at a fixed size, and its
//! rendering ([`render`]) to SVG, PNG (text set with the committed font) and the layered SVG.

use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::png_text;
use crate::error::Error;

pub const WIDTH: u32 = 720;
pub const HEIGHT: u32 = 480;

/// DejaVu Sans (Bitstream Vera licence, see `reports/fonts/LICENSE`).
pub(super) static FONT: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");

pub(super) fn register_font() -> Result<(), Error> {
    static ONCE: Once = Once::new();
    let mut result = Ok(());
    ONCE.call_once(|| {
        result = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT).map_err(|_| Error::BadFont);
    });
    result
}

/// The drawing result of a backend.
pub type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// What one drawing pass draws.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Layer {
    /// Everything, with the chart's own legend: the files.
    All,
    /// Title, axes, mesh, limit lines and their labels; no series, no legend.
    Base,
    /// Only the `i`-th series of [`Chart::series`].
    Series(usize),
}

impl Layer {
    /// Whether the pass draws the base.
    pub fn base(self) -> bool {
        matches!(self, Layer::All | Layer::Base)
    }

    /// Whether the pass draws series `i`.
    pub fn shows(self, i: usize) -> bool {
        self == Layer::All || self == Layer::Series(i)
    }

    /// Whether the pass draws the chart's legend.
    pub fn legend(self) -> bool {
        self == Layer::All
    }
}

/// A series a page can toggle: its name and the colour it is drawn in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    pub name: String,
    /// `#rrggbb`.
    pub colour: String,
}

/// A plot: draws itself on any backend, in layers.
pub trait Chart {
    /// File stem, e.g. `cactus`.
    fn id(&self) -> String;
    fn title(&self) -> String;
    /// The series, in drawing order; empty when none can be toggled.
    fn series(&self) -> Vec<Series>;
    /// Draws `layer` on `area`; every layer lays the chart out the same way, except that
    /// [`Layer::All`] may keep room for a legend.
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, layer: Layer) -> DrawResult<DB>;
}

/// A rendered plot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plot {
    pub id: String,
    pub title: String,
    /// The chart with its own legend (`plots/ID.svg`).
    pub svg: String,
    pub png: Vec<u8>,
    /// The chart without its legend, each series in a `<g class="series"
    /// data-series="NAME">` group (`NAME` HTML-escaped), for a page with a legend of its
    /// own; equal to `svg` when `series` is empty.
    pub layered: String,
    /// The groups of `layered`, in order.
    pub series: Vec<Series>,
}

/// Renders a chart to SVG, PNG and the layered SVG.
pub fn render<C: Chart>(chart: &C) -> Result<Plot, Error> {
    register_font()?;
    let fail = |message: String| Error::Plot { plot: chart.id(), message };
    let svg = svg_layer(chart, Layer::All, true).map_err(fail)?;
    let font = ab_glyph::FontRef::try_from_slice(FONT).map_err(|_| Error::BadFont)?;
    let mut pixels = vec![0u8; (WIDTH * HEIGHT * 3) as usize];
    {
        let inner = BitMapBackend::with_buffer(&mut pixels, (WIDTH, HEIGHT));
        let area = png_text::Typeset { inner, font: &font }.into_drawing_area();
        area.fill(&WHITE).map_err(|e| fail(e.to_string()))?;
        chart.draw(&area, Layer::All).map_err(|e| fail(e.to_string()))?;
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
    let series = chart.series();
    let layered = if series.is_empty() {
        svg.clone()
    } else {
        let base = svg_layer(chart, Layer::Base, true).map_err(fail)?;
        let mut groups = String::new();
        for (i, s) in series.iter().enumerate() {
            let layer = svg_layer(chart, Layer::Series(i), false).map_err(fail)?;
            groups.push_str(&format!("<g class=\"series\" data-series=\"{}\">\n", crate::html::escape(&s.name)));
            groups.push_str(svg_body(&layer));
            groups.push_str("</g>\n");
        }
        let end = base.rfind("</svg>").unwrap_or(base.len());
        format!("{}{groups}{}", &base[..end], &base[end..])
    };
    Ok(Plot { id: chart.id(), title: chart.title(), svg, png, layered, series })
}

/// One layer as a whole SVG document; `fill`: with the white background.
fn svg_layer<C: Chart>(chart: &C, layer: Layer, fill: bool) -> Result<String, String> {
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        if fill {
            area.fill(&WHITE).map_err(|e| e.to_string())?;
        }
        chart.draw(&area, layer).map_err(|e| e.to_string())?;
        area.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// The elements of an SVG document: without its `<svg …>` and `</svg>` tags.
fn svg_body(svg: &str) -> &str {
    let start = svg.find("<svg").and_then(|s| svg[s..].find('>').map(|e| s + e + 1)).unwrap_or(0);
    let end = svg.rfind("</svg>").unwrap_or(svg.len()).max(start);
    svg[start..end].trim_start_matches('\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_of_an_svg_is_its_elements() {
        assert_eq!(svg_body("<svg width=\"1\" a=\"b\">\n<rect/>\n</svg>\n"), "<rect/>\n");
    }
}
