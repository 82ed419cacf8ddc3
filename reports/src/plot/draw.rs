//! The pieces every chart draws with: the title band, the frame, the grid with its tick
//! labels, the legend, the virtual best solver's line and free text.

use plotters::coord::ranged1d::{Ranged, ValueFormatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor;

use super::axes::tick_label;
use super::chart::{DrawResult, Layer, WIDTH};
use crate::coverage::VBS;

/// Height of the title band at the top of every chart.
const TITLE_HEIGHT: u32 = 32;

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
