//! Coverage heat map: a grid of families (rows) × configurations and the virtual best solver
//! (columns); each cell is shaded from white (nothing solved) to dark blue (everything
//! solved) and shows `solved/jobs`. Laid out in pixels, without axes: family names on the
//! left, configuration names on top (`PRE+` above `SOLVER`), a colour scale below.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::chart::{Chart, DrawResult, Layer, Series};
use super::draw::{label, titled};
use crate::coverage::{counts, VBS};
use crate::matrix::Matrix;

/// `cells[family][column]`: jobs solved and jobs, the columns the configurations and the VBS.
pub struct CoverageHeatmap {
    pub families: Vec<String>,
    pub columns: Vec<String>,
    pub cells: Vec<Vec<(usize, usize)>>,
}

/// The darkest shade (everything solved).
const FULL: (f64, f64, f64) = (8.0, 69.0, 148.0);
/// The lightest shade (nothing solved): not quite white, so an empty cell stays visible.
const EMPTY: (f64, f64, f64) = (247.0, 251.0, 255.0);

/// The colour of a fraction solved, and whether its text must be white.
pub fn shade(fraction: f64) -> (RGBColor, bool) {
    let f = fraction.clamp(0.0, 1.0);
    let mix = |a: f64, b: f64| (a + (b - a) * f).round() as u8;
    (RGBColor(mix(EMPTY.0, FULL.0), mix(EMPTY.1, FULL.1), mix(EMPTY.2, FULL.2)), f > 0.55)
}

impl CoverageHeatmap {
    pub fn new(matrix: &Matrix) -> CoverageHeatmap {
        let mut families = Vec::new();
        let mut cells = Vec::new();
        let columns: Vec<Option<&str>> = matrix.configurations.iter().map(|c| Some(c.as_str())).chain([None]).collect();
        for (family, jobs) in matrix.families() {
            families.push(family.to_string());
            cells.push(
                columns
                    .iter()
                    .map(|c| {
                        let n = counts(&jobs, *c, matrix.timeout);
                        (n.solved(), n.jobs)
                    })
                    .collect(),
            );
        }
        let columns = matrix.configurations.iter().cloned().chain([VBS.to_string()]).collect();
        CoverageHeatmap { families, columns, cells }
    }
}

/// A column name on one or two lines: `PRE+` above `SOLVER`.
fn header_lines(name: &str) -> Vec<String> {
    match name.split_once('+') {
        Some((pre, solver)) => vec![format!("{pre}+"), solver.to_string()],
        None => vec![name.to_string()],
    }
}

impl Chart for CoverageHeatmap {
    fn id(&self) -> String {
        "coverage".into()
    }

    fn title(&self) -> String {
        "Jobs solved per family (solved/jobs)".into()
    }

    fn series(&self) -> Vec<Series> {
        Vec::new()
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, layer: Layer) -> DrawResult<DB> {
        let body = titled(area, &self.title(), layer)?;
        if !layer.base() {
            return Ok(());
        }
        let (width, height) = body.dim_in_pixel();
        let (width, height) = (width as i32, height as i32);
        let text_width = |text: &str, size: f64| {
            body.estimate_text_size(text, &("sans-serif", size).into()).map_or(0, |s| s.0 as i32)
        };
        let left = (self.families.iter().map(|f| text_width(f, 12.0)).max().unwrap_or(0) + 16).clamp(60, width * 2 / 5);
        let (right, scale) = (10, 34);
        let ncols = self.columns.len().max(1) as i32;
        let nrows = self.families.len().max(1) as i32;
        let cell_w = (width - left - right) / ncols;
        let header_size = {
            let widest = |size| {
                self.columns.iter().flat_map(|c| header_lines(c)).map(|l| text_width(&l, size)).max().unwrap_or(0)
            };
            [12.0, 11.0, 10.0, 9.0, 8.0].into_iter().find(|&s| widest(s) <= cell_w - 6).unwrap_or(8.0)
        };
        let header = 2 * (header_size as i32 + 3) + 6;
        let cell_h = ((height - header - scale - 4) / nrows).clamp(1, 44);
        let text_size = (f64::from(cell_h) - 4.0).clamp(6.0, 12.0);
        for (c, name) in self.columns.iter().enumerate() {
            let x = left + c as i32 * cell_w + cell_w / 2;
            let lines = header_lines(name);
            for (l, line) in lines.iter().enumerate() {
                let y = header - 4 - (lines.len() - 1 - l) as i32 * (header_size as i32 + 3);
                label(&body, line, (x, y), header_size, BLACK, HPos::Center, VPos::Bottom)?;
            }
        }
        for (f, family) in self.families.iter().enumerate() {
            let y = header + f as i32 * cell_h;
            label(&body, family, (left - 8, y + cell_h / 2), text_size.max(9.0), BLACK, HPos::Right, VPos::Center)?;
            for (c, &(solved, jobs)) in self.cells[f].iter().enumerate() {
                let x = left + c as i32 * cell_w;
                let (fill, white) = shade(if jobs == 0 { 0.0 } else { solved as f64 / jobs as f64 });
                body.draw(&Rectangle::new([(x, y), (x + cell_w, y + cell_h)], fill.filled()))?;
                body.draw(&Rectangle::new([(x, y), (x + cell_w, y + cell_h)], WHITE.stroke_width(1)))?;
                let text = if jobs == 0 { "–".to_string() } else { format!("{solved}/{jobs}") };
                let colour = if white { WHITE } else { BLACK };
                label(&body, &text, (x + cell_w / 2, y + cell_h / 2), text_size, colour, HPos::Center, VPos::Center)?;
            }
        }
        // The colour scale: ten steps from 0 to 1.
        let y = header + nrows * cell_h + 12;
        let step = 16;
        let x0 = left;
        for k in 0..=10 {
            let (fill, _) = shade(f64::from(k) / 10.0);
            let x = x0 + k * step;
            body.draw(&Rectangle::new([(x, y), (x + step, y + 10)], fill.filled()))?;
        }
        body.draw(&Rectangle::new([(x0, y), (x0 + 11 * step, y + 10)], BLACK.mix(0.3).stroke_width(1)))?;
        label(&body, "0", (x0 - 4, y + 5), 11.0, BLACK, HPos::Right, VPos::Center)?;
        label(&body, "1", (x0 + 11 * step + 4, y + 5), 11.0, BLACK, HPos::Left, VPos::Center)?;
        label(
            &body,
            "fraction of the family's jobs solved",
            (x0 + 11 * step + 18, y + 5),
            11.0,
            BLACK,
            HPos::Left,
            VPos::Center,
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Answer::{False, True, Unsolved};
    use crate::plot::render;
    use crate::plot::testing::{matrix, texts};

    #[test]
    fn each_cell_shows_solved_over_jobs_and_there_are_no_ticks() {
        let m = matrix(
            10.0,
            &[
                ("hex", &[("none+caqe", True, 1.0), ("bloqqer+depqbf", True, 2.0)]),
                ("hex", &[("none+caqe", Unsolved, 10.0), ("bloqqer+depqbf", False, 2.0)]),
                ("ttt", &[("none+caqe", Unsolved, 10.0), ("bloqqer+depqbf", Unsolved, 10.0)]),
            ],
        );
        let heatmap = CoverageHeatmap::new(&m);
        assert_eq!(heatmap.columns, ["bloqqer+depqbf", "none+caqe", "VBS"]);
        assert_eq!(heatmap.cells, [vec![(2, 2), (1, 2), (2, 2)], vec![(0, 1), (0, 1), (0, 1)]]);
        let plot = render(&heatmap).unwrap_or_else(|e| panic!("{e}"));
        let texts = texts(&plot.svg);
        for text in ["hex", "ttt", "bloqqer+", "depqbf", "none+", "caqe", "VBS", "2/2", "1/2", "0/1"] {
            assert!(texts.iter().any(|t| t == text), "{text} in {texts:?}");
        }
        assert!(!plot.svg.contains("<line"), "no axis, no ticks");
        assert!(plot.series.is_empty() && plot.layered == plot.svg);
    }

    #[test]
    fn shades_go_from_near_white_to_dark_blue_with_white_text_on_dark_cells() {
        assert_eq!(shade(0.0), (RGBColor(247, 251, 255), false));
        assert_eq!(shade(1.0), (RGBColor(8, 69, 148), true));
    }
}
