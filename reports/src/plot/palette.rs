//! The series' colours and markers: a fixed palette taken in sorted-name order, then the
//! next marker shape, and each as the page's legend writes it.

use plotters::prelude::*;

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

/// `#rrggbb` of a colour, as the page's legend writes it.
pub fn hex(c: RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifty_series_get_distinct_colour_and_marker_pairs() {
        let pairs: std::collections::BTreeSet<(String, Marker)> =
            (0..50).map(|i| (hex(style(i).0), style(i).1)).collect();
        assert_eq!(pairs.len(), 50);
    }
}
