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

mod cactus;
mod heatmap;
mod png_text;
mod quantile;
mod scatter;
mod sizes;

use std::sync::Once;

use plotters::coord::combinators::LogCoord;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor;

use crate::coverage::VBS;

pub use cactus::Cactus;
pub use heatmap::CoverageHeatmap;
pub use quantile::Quantile;
pub use scatter::{default_pair, Scatter};
pub use sizes::SizeByDepth;

use super::error::Error;

pub const WIDTH: u32 = 720;
pub const HEIGHT: u32 = 480;

/// Height of the title band at the top of every chart.
const TITLE_HEIGHT: u32 = 32;

/// DejaVu Sans (Bitstream Vera licence, see `reports/fonts/LICENSE`).
static FONT: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");

/// Ten colours distinguishable from each other (Tableau 10); series take them in sorted-name
/// order.
const PALETTE: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

/// The colour of the `i`-th series in sorted order.
pub fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// A marker shape; with the ten colours, [`style`] gives 50 distinct (colour, shape) pairs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Marker {
    Circle,
    Triangle,
    Square,
    Diamond,
    Cross,
}

const MARKERS: [Marker; 5] = [Marker::Circle, Marker::Triangle, Marker::Square, Marker::Diamond, Marker::Cross];

/// The colour and marker of the `i`-th series: the palette first, then the next shape.
pub fn style(i: usize) -> (RGBColor, Marker) {
    (colour(i), MARKERS[(i / PALETTE.len()) % MARKERS.len()])
}

/// The corners of a marker of `shape` with about `r` pixels radius centred on `(x, y)`,
/// drawn as a filled [`Polygon`]: one element type for every shape, so that a series and its
/// legend entry can take any.
pub fn shape_points(shape: Marker, (x, y): (i32, i32), r: i32) -> Vec<(i32, i32)> {
    let (a, t) = (r + 1, 1);
    let relative: Vec<(i32, i32)> = match shape {
        Marker::Circle => {
            // An octagon: at two or three pixels, a circle.
            let s = ((r as f64) * 0.42).round() as i32;
            vec![(-s, -r), (s, -r), (r, -s), (r, s), (s, r), (-s, r), (-r, s), (-r, -s)]
        }
        Marker::Triangle => vec![(0, -a), (a, r), (-a, r)],
        Marker::Square => vec![(-r, -r), (r, -r), (r, r), (-r, r)],
        Marker::Diamond => vec![(0, -a), (a, 0), (0, a), (-a, 0)],
        Marker::Cross => vec![
            (-a, -a + t),
            (-a + t, -a),
            (0, -t),
            (a - t, -a),
            (a, -a + t),
            (t, 0),
            (a, a - t),
            (a - t, a),
            (0, t),
            (-a + t, a),
            (-a, a - t),
            (-t, 0),
        ],
    };
    relative.into_iter().map(|(dx, dy)| (x + dx, y + dy)).collect()
}

/// An axis with the ticks chosen here: `bold` labelled, `light` grid lines only.
pub struct Ticked<R> {
    inner: R,
    bold: Vec<f64>,
    light: Vec<f64>,
}

impl<R: Ranged<ValueType = f64>> Ranged for Ticked<R> {
    type ValueType = f64;
    /// Labels come from the mesh's formatter ([`tick_label`]).
    type FormatOption = DefaultFormatting;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.inner.map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            self.light.clone()
        } else {
            self.bold.clone()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.inner.range()
    }

    fn axis_pixel_range(&self, limit: (i32, i32)) -> std::ops::Range<i32> {
        self.inner.axis_pixel_range(limit)
    }
}

/// A linear axis over `low..high` with labelled ticks at `ticks`.
pub fn linear_axis(low: f64, high: f64, ticks: Vec<f64>) -> Ticked<RangedCoordf64> {
    Ticked { inner: (low..high).into(), bold: ticks, light: Vec::new() }
}

/// A log axis over `low..high` with labelled ticks at `ticks` ([`log_ticks`]) and grid lines
/// at the other 1…9 multiples up to `grid_top`.
pub fn log_axis(low: f64, high: f64, ticks: Vec<f64>, grid_top: f64) -> Ticked<LogCoord<f64>> {
    let light = log_grid(low, grid_top).into_iter().filter(|v| !ticks.contains(v)).collect();
    Ticked { inner: (low..high).log_scale().into(), bold: ticks, light }
}

/// `#rrggbb` of a colour, as the page's legend writes it.
pub fn hex(c: RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
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

/// Draws the title band (on base layers) and returns the area below it, the same on every
/// layer.
pub fn titled<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    layer: Layer,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    let (head, body) = area.split_vertically(TITLE_HEIGHT);
    if layer.base() {
        let style = ("sans-serif", 18)
            .into_font()
            .color(&BLACK)
            .pos(text_anchor::Pos::new(text_anchor::HPos::Center, text_anchor::VPos::Center));
        head.draw(&Text::new(title.to_string(), (WIDTH as i32 / 2, TITLE_HEIGHT as i32 / 2 + 2), style))?;
    }
    Ok(body)
}

/// A chart builder on `area` with the margins and label areas every plot with axes uses.
pub fn framed<'a, 'b, DB: DrawingBackend>(area: &'a DrawingArea<DB, Shift>) -> ChartBuilder<'a, 'b, DB> {
    let mut builder = ChartBuilder::on(area);
    builder.margin(10).margin_top(0).x_label_area_size(40).y_label_area_size(56);
    builder
}

/// The grid, tick labels and axis names every plot draws on its base layer.
pub fn draw_grid<'a, DB, X, Y>(chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>, x: &str, y: &str) -> DrawResult<DB>
where
    DB: DrawingBackend + 'a,
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    chart
        .configure_mesh()
        .x_desc(x)
        .x_label_formatter(&|v| tick_label(*v))
        .y_desc(y)
        .y_label_formatter(&|v| tick_label(*v))
        .label_style(("sans-serif", 12))
        .bold_line_style(BLACK.mix(0.15))
        .light_line_style(BLACK.mix(0.05))
        .draw()
}

/// The legend box of the series drawn with labels, at `position`.
pub fn draw_legend<'a, DB: DrawingBackend + 'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
) -> DrawResult<DB> {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .label_font(("sans-serif", 12))
        .draw()
}

/// The virtual best solver's line through `points`: dashed and 2 px wide, with a dashed
/// mark in the legend.
pub fn draw_vbs<'a, DB, X, Y>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    points: Vec<(f64, f64)>,
    colour: RGBColor,
) -> DrawResult<DB>
where
    DB: DrawingBackend + 'a,
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    let style = colour.stroke_width(2);
    chart.draw_series(DashedLineSeries::new(points, 7, 5, style))?.label(VBS).legend(move |p| {
        EmptyElement::at(p) + PathElement::new([(0, 0), (7, 0)], style) + PathElement::new([(12, 0), (19, 0)], style)
    });
    Ok(())
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

/// Labelled ticks of a log axis over `low..=high`: the powers of ten, or 1-2-5 steps when
/// the range holds fewer than four powers.
pub fn log_ticks(low: f64, high: f64) -> Vec<f64> {
    let mut ticks = ticks_with(low, high, &[1.0]);
    if ticks.len() < 4 {
        ticks = ticks_with(low, high, &[1.0, 2.0, 5.0]);
    }
    ticks
}

/// Unlabelled grid lines of a log axis: 1…9 times each power of ten in `low..=high`.
pub fn log_grid(low: f64, high: f64) -> Vec<f64> {
    ticks_with(low, high, &[2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0])
}

fn ticks_with(low: f64, high: f64, mantissas: &[f64]) -> Vec<f64> {
    if !(low > 0.0 && high >= low) {
        return Vec::new();
    }
    let mut ticks = Vec::new();
    for e in (low.log10().floor() as i32)..=(high.log10().ceil() as i32) {
        for m in mantissas {
            // From the decimal text, so that 0.1 × 3 is 0.3, not 0.30000000000000004.
            let v: f64 = format!("{m}e{e}").parse().unwrap_or(0.0);
            if v >= low * (1.0 - 1e-9) && v <= high * (1.0 + 1e-9) {
                ticks.push(v);
            }
        }
    }
    ticks
}

/// Integer ticks over `low..=high`, every 1, 2, 5, 10, 20, … so that at most `most` fit.
pub fn int_ticks(low: f64, high: f64, most: usize) -> Vec<f64> {
    let (low, high) = (low.ceil() as i64, high.floor() as i64);
    if high < low {
        return Vec::new();
    }
    let mut step = 1i64;
    let mut k = 0;
    while (high - low) / step + 1 > most.max(1) as i64 {
        step = [1, 2, 5][(k + 1) % 3] * 10i64.pow((k as u32 + 1) / 3);
        k += 1;
    }
    let first = (low + step - 1).div_euclid(step) * step;
    (0..).map(|n| first + n * step).take_while(|v| *v <= high).map(|v| v as f64).collect()
}

/// A tick label: no long fractions, thousands as `k` and millions as `M`.
pub fn tick_label(v: f64) -> String {
    let a = v.abs();
    if a >= 1e6 && (v / 1e6).fract().abs() < 1e-9 {
        format!("{}M", (v / 1e6).round())
    } else if a >= 1e4 && (v / 1e3).fract().abs() < 1e-9 {
        format!("{}k", (v / 1e3).round())
    } else if a >= 1.0 || a == 0.0 {
        format!("{}", v.round())
    } else {
        let digits = (-a.log10()).ceil().max(1.0) as usize;
        let text = format!("{v:.digits$}");
        // 0.25 and the like need a digit more than their order.
        if (text.parse::<f64>().unwrap_or(0.0) - v).abs() > a * 1e-6 {
            format!("{v:.*}", digits + 1)
        } else {
            text
        }
    }
}

/// Draws a text at a pixel position of `area`.
pub fn label<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    at: (i32, i32),
    size: f64,
    colour: RGBColor,
    h: text_anchor::HPos,
    v: text_anchor::VPos,
) -> DrawResult<DB> {
    let style = ("sans-serif", size).into_font().color(&colour).pos(text_anchor::Pos::new(h, v));
    area.draw(&Text::new(text.to_string(), at, style))
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_ticks_are_powers_of_ten_or_1_2_5_and_labels_have_no_long_fractions() {
        assert_eq!(log_ticks(0.001, 90.0), [0.001, 0.01, 0.1, 1.0, 10.0]);
        assert_eq!(log_ticks(1.0, 600.0), [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0]);
        let labels: Vec<String> = log_ticks(0.1, 9.0).into_iter().map(tick_label).collect();
        assert_eq!(labels, ["0.1", "0.2", "0.5", "1", "2", "5"]);
        assert_eq!(tick_label(0.01), "0.01");
        assert_eq!(tick_label(0.25), "0.25");
        assert_eq!(tick_label(20000.0), "20k");
        assert_eq!(tick_label(1e6), "1M");
    }

    #[test]
    fn integer_ticks_never_repeat() {
        assert_eq!(int_ticks(0.0, 4.5, 10), [0.0, 1.0, 2.0, 3.0, 4.0]);
        assert_eq!(int_ticks(0.0, 25.0, 10), [0.0, 5.0, 10.0, 15.0, 20.0, 25.0]);
        assert_eq!(int_ticks(0.0, 13.0, 10), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0]);
        assert!(int_ticks(0.0, 1234.0, 10).len() <= 10);
    }

    #[test]
    fn fifty_series_get_distinct_colour_and_marker_pairs() {
        let pairs: std::collections::BTreeSet<(String, Marker)> =
            (0..50).map(|i| (hex(style(i).0), style(i).1)).collect();
        assert_eq!(pairs.len(), 50);
    }

    #[test]
    fn the_body_of_an_svg_is_its_elements() {
        assert_eq!(svg_body("<svg width=\"1\" a=\"b\">\n<rect/>\n</svg>\n"), "<rect/>\n");
    }
}
