//! The value parser of every flag that takes seconds.

/// A positive, finite number of seconds.
pub fn parse_seconds(s: &str) -> Result<f64, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x > 0.0)
        .ok_or_else(|| format!("`{s}` is not a positive number of seconds (e.g. 60 or 2.5)"))
}
