//! Text in the PNG plots set as the SVG plots' text is: glyph after glyph by advance width
//! and kerning, each glyph's ink placed by its left side bearing. plotters' bitmap text
//! puts each glyph's ink at the advance position and drops the bearing, so narrow glyphs
//! such as `1` sit too far left and the text reads "12/1 2". [`Typeset`] wraps a backend
//! and draws text itself; every other drawing goes to the wrapped backend unchanged.

use ab_glyph::{Font, FontRef, ScaleFont};
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind};

/// `inner` with its text drawn from `font`, glyph by glyph.
pub struct Typeset<'f, B> {
    pub inner: B,
    pub font: &'f FontRef<'static>,
}

impl<B: DrawingBackend> Typeset<'_, B> {
    /// Calls `pixel` with each inked pixel of `text` at `size` px, relative to the left end
    /// of its baseline box (`x` right from the pen's start, `y` down from the top of the
    /// box plotters' layout gives), with the ink's coverage.
    fn ink(&self, text: &str, size: f32, pixel: &mut dyn FnMut(i32, i32, f32)) {
        let font = self.font.as_scaled(size);
        let mut pen = 0.0f32;
        let mut previous = None;
        for c in text.chars() {
            let id = font.glyph_id(c);
            if let Some(before) = previous {
                pen += font.kern(before, id);
            }
            previous = Some(id);
            let glyph = id.with_scale_and_position(size, ab_glyph::point(pen, 0.0));
            if let Some(outline) = font.outline_glyph(glyph) {
                let bounds = outline.px_bounds();
                // plotters' vertical placement, so that text sits where the layout expects it.
                let top = (size / 2.0 + bounds.min.y) as i32;
                let left = bounds.min.x as i32;
                outline.draw(|x, y, coverage| pixel(left + x as i32, top + y as i32, coverage));
            }
            pen += font.h_advance(id);
        }
    }
}

impl<B: DrawingBackend> DrawingBackend for Typeset<'_, B> {
    type ErrorType = B::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.present()
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.fill_polygon(vert, style)
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.inner.blit_bitmap(pos, size, src)
    }

    /// plotters' own text placement (anchor, layout box, rotation), with the glyphs set by
    /// [`Typeset::ink`].
    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        let ((min_x, min_y), (max_x, max_y)) =
            style.layout_box(text).map_err(|e| DrawingErrorKind::FontError(Box::new(e)))?;
        let (width, height) = (max_x - min_x, max_y - min_y);
        let dx = match style.anchor().h_pos {
            HPos::Left => 0,
            HPos::Right => -width,
            HPos::Center => -width / 2,
        };
        let dy = match style.anchor().v_pos {
            VPos::Top => 0,
            VPos::Center => -height / 2,
            VPos::Bottom => -height,
        };
        let transform = style.transform();
        let mut pixels = Vec::new();
        self.ink(text, style.size() as f32, &mut |x, y, coverage| pixels.push((x, y, coverage)));
        let (w, h) = self.get_size();
        for (x, y, coverage) in pixels {
            let (x, y) = transform.transform(x + dx - min_x, y + dy - min_y);
            let (x, y) = (pos.0 + x, pos.1 + y);
            if (0..w as i32).contains(&x) && (0..h as i32).contains(&y) {
                let ink = BackendColor { alpha: color.alpha * f64::from(coverage), rgb: color.rgb };
                self.inner.draw_pixel((x, y), ink)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotters::prelude::*;

    /// The leftmost inked column of `text` drawn at 40 px at x = 10, in a 96×64 bitmap.
    fn first_ink(text: &str, typeset: bool) -> Option<u32> {
        let font = FontRef::try_from_slice(super::super::chart::FONT).expect("the font");
        super::super::chart::register_font().expect("registered");
        let mut pixels = vec![255u8; 96 * 64 * 3];
        {
            let bitmap = BitMapBackend::with_buffer(&mut pixels, (96, 64));
            let style = ("sans-serif", 40).into_font().color(&BLACK);
            let drawn = if typeset {
                Typeset { inner: bitmap, font: &font }.draw_text(text, &style, (10, 4)).is_ok()
            } else {
                let mut bitmap = bitmap;
                bitmap.draw_text(text, &style, (10, 4)).is_ok()
            };
            assert!(drawn);
        }
        (0..96u32).find(|&x| (0..64u32).any(|y| pixels[((y * 96 + x) * 3) as usize] < 255))
    }

    /// Issue 36, item 10: `1` has a wide left side bearing in DejaVu Sans; the SVG (a
    /// browser) starts its ink that far right of the pen, plotters' bitmap text at the pen
    /// itself.
    #[test]
    fn glyphs_are_inked_after_their_left_side_bearing() {
        let font = FontRef::try_from_slice(super::super::chart::FONT).expect("the font");
        let scaled = font.as_scaled(40.0);
        let bearing = scaled.h_side_bearing(scaled.glyph_id('1')).floor() as u32;
        assert!(bearing >= 3, "DejaVu's `1` has a visible bearing at 40 px: {bearing}");
        assert_eq!(first_ink("1", true), Some(10 + bearing), "ink after the bearing");
        assert_ne!(first_ink("1", false), first_ink("1", true), "plotters' own text drops the bearing");
    }
}
