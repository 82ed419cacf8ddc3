//! One input through its reader: panics caught, time measured, errors checked for a
//! location.

use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use super::formats::{Format, Input};

/// The most time one input may take (a debug build on a loaded machine).
pub const TIME_BOUND: Duration = Duration::from_secs(2);

/// What a reader did with an input.
pub enum Verdict {
    Accepted,
    Rejected(String),
    Panicked(String),
}

/// The verdict and how long it took.
pub struct Checked {
    pub verdict: Verdict,
    pub time: Duration,
}

/// Reads `input` as `format`, catching a panic.
pub fn check(format: &Format, input: &Input) -> Checked {
    let start = Instant::now();
    let result = panic::catch_unwind(AssertUnwindSafe(|| (format.read)(input)));
    let time = start.elapsed();
    let verdict = match result {
        Ok(Ok(())) => Verdict::Accepted,
        Ok(Err(message)) => Verdict::Rejected(message),
        Err(payload) => Verdict::Panicked(
            payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default(),
        ),
    };
    Checked { verdict, time }
}

/// Whether `message` names one of `input`'s files and a line: `name:LINE`, or, for a
/// program's output, which has no file, `name: … line LINE`.
pub fn located(message: &str, input: &Input) -> bool {
    let digit_after = |text: &str, at: usize| text[at..].starts_with(|c: char| c.is_ascii_digit());
    input.names().iter().any(|name| {
        let file_line = message.match_indices(&format!("{name}:")).any(|(at, m)| digit_after(message, at + m.len()));
        let output_line = message.starts_with(&format!("{name}: "))
            && message.match_indices("line ").any(|(at, m)| digit_after(message, at + m.len()));
        file_line || output_line
    })
}
