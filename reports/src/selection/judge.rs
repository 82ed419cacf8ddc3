//! How a prediction is judged against a measurement: the factor that confirms it, and
//! the distance bins its error is counted in.

/// The factor within which a measurement confirms a prediction, either way.
pub const CONFIRMS: f64 = 3.0;

/// The upper bounds of the distance bins (the last bin is open).
pub const BINS: [f64; 7] = [3.0, 10.0, 30.0, 100.0, 300.0, 1000.0, f64::INFINITY];
