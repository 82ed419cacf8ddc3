//! The time budget of a verification as the user writes it: `90`, `90s`, `30m`, `2h`.

use std::time::Duration;

/// Why a budget is not a duration; the messages start with the text given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BudgetError {
    #[error("{text}: unknown unit `{unit}`; write e.g. 90s, 30m or 2h")]
    Unit { text: String, unit: String },
    #[error("{0}: not a duration; write e.g. 90s, 30m or 2h")]
    Number(String),
}

/// `90`, `90s`, `30m`, `2h` (fractions allowed, no negatives) → a duration.
pub fn parse_budget(text: &str) -> Result<Duration, BudgetError> {
    let (number, unit) =
        text.trim().split_at(text.trim().find(|c: char| c.is_ascii_alphabetic()).unwrap_or(text.trim().len()));
    let scale = match unit {
        "" | "s" => 1.0,
        "m" => 60.0,
        "h" => 3600.0,
        _ => return Err(BudgetError::Unit { text: text.to_string(), unit: unit.to_string() }),
    };
    match number.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(Duration::from_secs_f64(x * scale)),
        _ => Err(BudgetError::Number(text.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_take_units() -> Result<(), BudgetError> {
        assert_eq!(parse_budget("90")?, Duration::from_secs(90));
        assert_eq!(parse_budget("90s")?, Duration::from_secs(90));
        assert_eq!(parse_budget("1.5m")?, Duration::from_secs(90));
        assert_eq!(parse_budget("2h")?, Duration::from_secs(7200));
        assert!(parse_budget("3d").is_err());
        assert!(parse_budget("-1m").is_err());
        assert!(parse_budget("m").is_err());
        Ok(())
    }
}
