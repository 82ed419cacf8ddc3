//! Resource limits of one run: a time limit (CPU and wall clock) and a memory limit.

use std::fmt;
use std::time::Duration;

use super::error::Error;

/// The limits every cell of a matrix runs under.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// CPU-time limit of each process (RLIMIT_CPU) and wall-clock limit of the group.
    pub timeout: Duration,
    /// Address-space limit of each process in bytes (RLIMIT_AS); 0 means none.
    pub memory: u64,
}

impl Limits {
    /// The limits of `--timeout` (seconds, positive) and `--memory` (see [`parse_memory`]).
    pub fn parse(timeout_s: f64, memory: &str) -> Result<Limits, Error> {
        let timeout = parse_timeout(timeout_s)?;
        let memory = parse_memory(memory).map_err(|e| Error::Flag { flag: "--memory".into(), error: Box::new(e) })?;
        Ok(Limits { timeout, memory })
    }

    /// Whole seconds of CPU time a process may use: the timeout rounded up, at least 1
    /// (RLIMIT_CPU counts in seconds).
    pub fn cpu_seconds(&self) -> u64 {
        (self.timeout.as_secs_f64().ceil() as u64).max(1)
    }

    /// The peak memory from which a run that crashed or failed without an answer counts
    /// as out of memory: within a quarter of the limit, and at most 64 MiB below it.
    /// Allocation failures under RLIMIT_AS show up as crashes or error exits; a process
    /// whose peak reached the limit this closely is taken to have died of it.
    pub fn memout_threshold(&self) -> u64 {
        self.memory - (self.memory / 4).min(64 << 20)
    }
}

impl fmt::Display for Limits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "t{}s-m{}", self.timeout.as_secs_f64(), format_memory(self.memory))
    }
}

/// A time limit of `--timeout`: a positive, finite number of seconds.
pub fn parse_timeout(seconds: f64) -> Result<Duration, Error> {
    if !(seconds.is_finite() && seconds > 0.0) {
        return Err(Error::BadTimeout(seconds));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// Parses a memory size: a number with an optional unit K, M, G or T (powers of 1024,
/// an optional trailing `B` or `iB`); a bare number is bytes.
pub fn parse_memory(text: &str) -> Result<u64, Error> {
    let t = text.trim();
    let t = t.strip_suffix("iB").or_else(|| t.strip_suffix('B')).unwrap_or(t);
    let (digits, shift) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let shift = match c.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(bad_memory(text)),
            };
            (&t[..i], shift)
        }
        _ => (t, 0),
    };
    let value: f64 = digits.trim().parse().map_err(|_| bad_memory(text))?;
    if !(value.is_finite() && value > 0.0) {
        return Err(bad_memory(text));
    }
    Ok((value * (1u64 << shift) as f64) as u64)
}

fn bad_memory(text: &str) -> Error {
    Error::BadMemory(text.to_string())
}

/// A memory size the way [`parse_memory`] reads it back: whole MiB.
pub fn format_memory(bytes: u64) -> String {
    if bytes == 0 {
        return "none".to_string();
    }
    format!("{}M", bytes >> 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes_parse_with_binary_units() -> Result<(), Error> {
        assert_eq!(parse_memory("4G")?, 4 << 30);
        assert_eq!(parse_memory("512M")?, 512 << 20);
        assert_eq!(parse_memory("1.5GiB")?, 3 << 29);
        assert_eq!(parse_memory("100")?, 100);
        for bad in ["", "G", "4X", "-1G", "0"] {
            assert!(parse_memory(bad).is_err(), "{bad:?} must be rejected");
        }
        Ok(())
    }

    #[test]
    fn cpu_seconds_round_up() {
        let l = |ms| Limits { timeout: Duration::from_millis(ms), memory: 1 << 30 };
        assert_eq!(l(200).cpu_seconds(), 1);
        assert_eq!(l(2000).cpu_seconds(), 2);
        assert_eq!(l(2001).cpu_seconds(), 3);
        assert_eq!(l(60_000).memout_threshold(), (1 << 30) - (64 << 20));
    }
}
