//! Resource limits of one run: the CPU-time limit (what a timeout means), a wall-clock
//! safety limit (what a starved run hits), and a memory limit; and the one reader of each
//! resource as the user writes it: sizes (memory, proofs: [`parse_memory`]), seconds
//! ([`parse_timeout`]) and durations with units (time budgets: [`parse_duration`]).

use std::fmt;
use std::time::Duration;

use super::error::Error;

/// The factor past the CPU limit at which RLIMIT_CPU stops a run ([`Limits::backstop_seconds`]).
pub const BACKSTOP: f64 = 1.1;

/// The wall-clock safety limit's margin over the CPU-time limit when none is given
/// (BenchExec's default): a run that waits for a core gets this long before it counts
/// as starved.
pub const WALL_MARGIN: Duration = Duration::from_secs(30);

/// The default memory limit of a run, as `--memory` writes it (every command whose runs
/// are one solver per core; `calibrate` and `frontier` give their runs 8G).
pub const DEFAULT_MEMORY: &str = "4G";

/// [`DEFAULT_MEMORY`] in bytes: the default of a suite's `memory` (its ladders' and
/// certification's).
pub const DEFAULT_MEMORY_BYTES: u64 = 4 << 30;

/// The default largest proof of a certified run, as `--max-proof` writes it (`run
/// --certify`, `certify`; a suite's certification and `strategy` keep 4G on the output
/// directory's scratch space).
pub const DEFAULT_MAX_PROOF: &str = "8G";

/// The default time the SAT solver may take to verify one certificate, in seconds
/// (`--sat-timeout` of `run --certify` and `certify`).
pub const DEFAULT_SAT_TIMEOUT_S: f64 = 600.0;

/// The limits every cell of a matrix runs under.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// CPU-time limit of the whole process tree: user + system time of the solver and
    /// every process it starts. Reaching it is a timeout.
    pub cpu: Duration,
    /// Wall-clock safety limit: a run still going after this long is stopped. Having not
    /// used its whole CPU limit by then, it was starved, not timed out.
    pub wall: Duration,
    /// Address-space limit of each process in bytes (RLIMIT_AS); 0 means none.
    pub memory: u64,
}

impl Limits {
    /// CPU limit `cpu`, the default wall-clock limit (`cpu` + [`WALL_MARGIN`]), `memory`.
    pub fn new(cpu: Duration, memory: u64) -> Limits {
        Limits { cpu, wall: cpu + WALL_MARGIN, memory }
    }

    /// The limits of `--timeout` (CPU seconds, positive), `--wall-timeout` (seconds, at
    /// least the CPU limit; default CPU limit + 30 s) and `--memory` (see [`parse_memory`]).
    pub fn parse(cpu_s: f64, wall_s: Option<f64>, memory: &str) -> Result<Limits, Error> {
        let cpu = parse_timeout(cpu_s)?;
        let memory = parse_memory(memory).map_err(|e| Error::Flag { flag: "--memory".into(), error: Box::new(e) })?;
        let mut limits = Limits::new(cpu, memory);
        if let Some(wall_s) = wall_s {
            limits.wall = parse_timeout(wall_s)?;
            if limits.wall < cpu {
                return Err(Error::WallBelowCpu { wall_s, cpu_s });
            }
        }
        Ok(limits)
    }

    /// Whole seconds of CPU time a process may use: the CPU limit rounded up, at least 1
    /// (RLIMIT_CPU counts in seconds; the harness stops the tree at the exact limit).
    pub fn cpu_seconds(&self) -> u64 {
        (self.cpu.as_secs_f64().ceil() as u64).max(1)
    }

    /// Whole seconds of RLIMIT_CPU: the CPU limit times `BACKSTOP` (a backstop past it),
    /// plus a second. The kernel's RLIMIT_CPU counts tick-sampled CPU time, which on a loaded
    /// machine runs some percent ahead of the precise time that rusage reports: at the
    /// limit itself it would stop runs (SIGXCPU) that have not used their limit. The
    /// harness's watcher stops the tree at the exact limit; this only catches a tree the
    /// watcher cannot.
    pub fn backstop_seconds(&self) -> u64 {
        (self.cpu.as_secs_f64() * BACKSTOP).ceil() as u64 + 1
    }

    /// The limits left for a solver after its preprocessor used `spent` CPU time: one
    /// budget for both, so the CPU limit is what preprocessing left, with the same
    /// wall-clock margin over it; `None` when preprocessing used the whole limit.
    pub fn after(&self, spent: Duration) -> Option<Limits> {
        let cpu = self.cpu.checked_sub(spent).filter(|left| !left.is_zero())?;
        Some(Limits { cpu, wall: cpu + self.margin(), memory: self.memory })
    }

    /// The limits of a starved cell's next run: the same CPU and memory limits (the same
    /// cell), the wall-clock margin over the CPU limit doubled, so a machine that stays
    /// busy still lets the run use its CPU limit.
    pub fn widened(&self) -> Limits {
        Limits { wall: self.cpu + self.margin() * 2, ..*self }
    }

    /// How much longer than the CPU limit the wall-clock limit is.
    fn margin(&self) -> Duration {
        self.wall.saturating_sub(self.cpu)
    }

    /// The peak memory from which a run that crashed or failed without an answer counts
    /// as out of memory: within a quarter of the limit, and at most 64 MiB below it.
    /// Allocation failures under RLIMIT_AS show up as crashes or error exits; a process
    /// whose peak reached the limit this closely is taken to have died of it.
    pub fn memout_threshold(&self) -> u64 {
        self.memory - (self.memory / 4).min(64 << 20)
    }
}

/// The limits as they appear in a cell's key: the CPU limit and the memory limit. The
/// wall-clock limit is not part of it: it decides only whether a run was starved, and a
/// starved run is run again.
impl fmt::Display for Limits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "t{}s-m{}", self.cpu.as_secs_f64(), format_memory(self.memory))
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

/// Why a duration is not one; the messages start with the text given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DurationError {
    #[error("{text}: unknown unit `{unit}`; write e.g. 90s, 30m or 2h")]
    Unit { text: String, unit: String },
    #[error("{0}: not a duration; write e.g. 90s, 30m or 2h")]
    Number(String),
}

/// A duration as the user writes a time budget: `90`, `90s`, `30m`, `2h` (fractions
/// allowed, no negatives).
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    let (number, unit) =
        text.trim().split_at(text.trim().find(|c: char| c.is_ascii_alphabetic()).unwrap_or(text.trim().len()));
    let scale = match unit {
        "" | "s" => 1.0,
        "m" => 60.0,
        "h" => 3600.0,
        _ => return Err(DurationError::Unit { text: text.to_string(), unit: unit.to_string() }),
    };
    match number.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(Duration::from_secs_f64(x * scale)),
        _ => Err(DurationError::Number(text.to_string())),
    }
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
    fn the_kernel_backstop_lies_past_the_cpu_limit() -> Result<(), Error> {
        for (cpu_s, backstop) in [(10.0, 12), (60.0, 67), (0.5, 2)] {
            let limits = Limits::parse(cpu_s, None, "1G")?;
            assert_eq!(limits.backstop_seconds(), backstop);
            assert!(limits.backstop_seconds() as f64 > cpu_s * 1.05, "SIGXCPU must not come before the limit");
        }
        Ok(())
    }

    #[test]
    fn durations_take_units() -> Result<(), DurationError> {
        assert_eq!(parse_duration("90")?, Duration::from_secs(90));
        assert_eq!(parse_duration("90s")?, Duration::from_secs(90));
        assert_eq!(parse_duration("1.5m")?, Duration::from_secs(90));
        assert_eq!(parse_duration("2h")?, Duration::from_secs(7200));
        assert!(parse_duration("3d").is_err());
        assert!(parse_duration("-1m").is_err());
        assert!(parse_duration("m").is_err());
        Ok(())
    }

    #[test]
    fn the_default_memory_is_one_size_in_two_spellings() -> Result<(), Error> {
        assert_eq!(parse_memory(DEFAULT_MEMORY)?, DEFAULT_MEMORY_BYTES);
        Ok(())
    }

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
        let l = |ms| Limits::new(Duration::from_millis(ms), 1 << 30);
        assert_eq!(l(200).cpu_seconds(), 1);
        assert_eq!(l(2000).cpu_seconds(), 2);
        assert_eq!(l(2001).cpu_seconds(), 3);
        assert_eq!(l(60_000).memout_threshold(), (1 << 30) - (64 << 20));
    }

    #[test]
    fn the_wall_limit_defaults_to_the_cpu_limit_plus_30_s_and_may_not_be_below_it() -> Result<(), Error> {
        let l = Limits::parse(10.0, None, "1G")?;
        assert_eq!((l.cpu, l.wall), (Duration::from_secs(10), Duration::from_secs(40)));
        assert_eq!(Limits::parse(10.0, Some(12.5), "1G")?.wall, Duration::from_millis(12_500));
        assert!(Limits::parse(10.0, Some(5.0), "1G").is_err());
        assert_eq!(
            l.to_string(),
            Limits::parse(10.0, Some(99.0), "1G")?.to_string(),
            "the wall limit is not in the key"
        );
        Ok(())
    }

    #[test]
    fn a_solver_gets_what_preprocessing_left_and_a_starved_cell_a_wider_margin() -> Result<(), Error> {
        let l = Limits::parse(10.0, Some(12.0), "1G")?;
        let left = l.after(Duration::from_secs(6));
        assert_eq!(left.map(|l| (l.cpu, l.wall)), Some((Duration::from_secs(4), Duration::from_secs(6))));
        assert_eq!(l.after(Duration::from_secs(10)), None, "nothing left: no solver run");
        assert_eq!(l.after(Duration::from_secs(11)), None);
        let wide = l.widened();
        assert_eq!((wide.cpu, wide.wall, wide.to_string()), (l.cpu, Duration::from_secs(14), l.to_string()));
        Ok(())
    }
}
