//! Progress of a run as text: on a terminal one line, redrawn per finished cell, with
//! solved/timeouts/ETA; otherwise one plain line per finished cell (logs, CI). The caller
//! writes the lines (to standard error).

use std::time::Instant;

use harness::{Record, Status};

/// Counts of a run's finished cells, and the clock since it started.
pub struct Progress {
    total: usize,
    done: usize,
    solved: usize,
    timeouts: usize,
    other: usize,
    skipped: usize,
    start: Instant,
    terminal: bool,
}

impl Progress {
    /// `total` cells to run; `skipped` already finished; `terminal`: lines are redrawn.
    pub fn new(total: usize, skipped: usize, terminal: bool) -> Progress {
        Progress { total, done: 0, solved: 0, timeouts: 0, other: 0, skipped, start: Instant::now(), terminal }
    }

    /// The line announcing a resumed run (with its newline), if cells were skipped.
    pub fn resuming(&self) -> Option<String> {
        (self.skipped > 0)
            .then(|| format!("resuming: {} cell(s) already finished, {} to run\n", self.skipped, self.total))
    }

    /// Counts `r` and returns the text to write: on a terminal, the redrawn line (no
    /// newline); otherwise the line of `r`.
    pub fn show(&mut self, r: &Record) -> String {
        self.done += 1;
        match r.status {
            Status::True | Status::False => self.solved += 1,
            Status::Timeout => self.timeouts += 1,
            _ => self.other += 1,
        }
        if self.terminal {
            let elapsed = self.start.elapsed().as_secs_f64();
            let eta = elapsed / self.done as f64 * (self.total - self.done) as f64;
            format!(
                "\r\x1b[K[{}/{}] {} solved, {} timeouts, {} other · ETA {}",
                self.done,
                self.total,
                self.solved,
                self.timeouts,
                self.other,
                clock(eta)
            )
        } else {
            format!(
                "[{}/{}] {} {} {}: {} {:.2}s{}\n",
                self.done,
                self.total,
                r.family,
                &r.instance[..r.instance.len().min(12)],
                r.configuration(),
                r.status,
                r.cpu_s + r.pre_cpu_s,
                if r.detail.is_empty() { String::new() } else { format!(" ({})", r.detail) }
            )
        }
    }

    /// The closing text (ending the redrawn line on a terminal): counts and time.
    pub fn finish(&self) -> String {
        let end = if self.terminal && self.done > 0 { "\n" } else { "" };
        format!(
            "{end}ran {} cell(s) in {:.1}s: {} solved, {} timeouts, {} other; {} skipped as finished\n",
            self.done,
            self.start.elapsed().as_secs_f64(),
            self.solved,
            self.timeouts,
            self.other,
            self.skipped
        )
    }
}

/// Seconds as `1h05m` or `3m07s`.
fn clock(secs: f64) -> String {
    let s = secs.round() as u64;
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s / 60 % 60)
    } else {
        format!("{}m{:02}s", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_show_hours_or_minutes() {
        assert_eq!(clock(187.0), "3m07s");
        assert_eq!(clock(3900.0), "1h05m");
    }

    #[test]
    fn resumed_runs_say_so_and_empty_runs_end_in_one_line() {
        assert_eq!(Progress::new(5, 0, true).resuming(), None);
        assert_eq!(
            Progress::new(5, 2, false).resuming().as_deref(),
            Some("resuming: 2 cell(s) already finished, 5 to run\n")
        );
        assert!(Progress::new(0, 3, true).finish().starts_with("ran 0 cell(s) in "));
    }
}
