//! Progress of a run as text: on a terminal one line, redrawn per finished cell, with
//! solved/timeouts/ETA; otherwise one plain line per finished cell (logs, CI). The caller
//! writes the lines (to standard error). A starved run is shown but not counted as a
//! finished cell: the harness runs the cell again (see `harness::matrix`).

use std::time::Instant;

use contract::{Record, Status};

/// Counts of a run's finished cells, and the clock since it started.
pub struct Progress {
    total: usize,
    done: usize,
    solved: usize,
    timeouts: usize,
    other: usize,
    starved: usize,
    /// Cells not run: a series stop (`Status::Skipped`).
    stopped: usize,
    /// Cells already finished when the run began.
    resumed: usize,
    start: Instant,
    terminal: bool,
}

impl Progress {
    /// `total` cells to run; `resumed` already finished; `terminal`: lines are redrawn.
    pub fn new(total: usize, resumed: usize, terminal: bool) -> Progress {
        Progress {
            total,
            done: 0,
            solved: 0,
            timeouts: 0,
            other: 0,
            starved: 0,
            stopped: 0,
            resumed,
            start: Instant::now(),
            terminal,
        }
    }

    /// The line announcing a resumed run (with its newline), if cells were finished.
    pub fn resuming(&self) -> Option<String> {
        (self.resumed > 0)
            .then(|| format!("resuming: {} cell(s) already finished, {} to run\n", self.resumed, self.total))
    }

    /// Counts `r` and returns the text to write: on a terminal, the redrawn line (no
    /// newline); otherwise the line of `r`.
    pub fn show(&mut self, r: &Record) -> String {
        match r.status {
            Status::Starved => self.starved += 1,
            Status::True | Status::False => self.solved += 1,
            Status::Timeout => self.timeouts += 1,
            Status::Skipped => self.stopped += 1,
            _ => self.other += 1,
        }
        if r.status != Status::Starved {
            self.done += 1;
        }
        if self.terminal {
            let elapsed = self.start.elapsed().as_secs_f64();
            let eta = elapsed / self.done.max(1) as f64 * self.total.saturating_sub(self.done) as f64;
            format!(
                "\r\x1b[K[{}/{}] {} solved, {} timeouts, {} not run, {} other, {} starved · ETA {}",
                self.done,
                self.total,
                self.solved,
                self.timeouts,
                self.stopped,
                self.other,
                self.starved,
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
            "{end}ran {} cell(s) in {:.1}s: {} solved, {} timeouts, {} other; {}{} skipped as finished; {} starved run(s), run again\n",
            self.done - self.stopped,
            self.start.elapsed().as_secs_f64(),
            self.solved,
            self.timeouts,
            self.other,
            match self.stopped {
                0 => String::new(),
                n => format!("{n} not run (series stop); "),
            },
            self.resumed,
            self.starved
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
    use super::super::fixtures::record;
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

    #[test]
    fn a_starved_run_is_shown_but_its_cell_is_not_finished() {
        let mut p = Progress::new(1, 0, false);
        let starved = p.show(&record("i2", "caqe", "starved", 3.0));
        assert!(starved.starts_with("[0/1] f i2 none+caqe: starved 3.00s"), "{starved}");
        assert!(p.show(&record("i2", "caqe", "true", 1.0)).starts_with("[1/1] f i2 none+caqe: true 1.00s"));
        assert!(p.finish().contains("1 solved, 0 timeouts, 0 other; 0 skipped as finished; 1 starved run(s)"));
    }

    #[test]
    fn cells_a_series_stop_left_out_are_finished_but_not_counted_as_run() {
        let mut p = Progress::new(2, 0, false);
        p.show(&record("i1", "caqe", "timeout", 10.0));
        assert!(p.show(&record("i2", "caqe", "skipped", 0.0)).starts_with("[2/2] f i2 none+caqe: skipped"));
        let end = p.finish();
        assert!(end.starts_with("ran 1 cell(s) in "), "{end}");
        assert!(end.contains("0 solved, 1 timeouts, 0 other; 1 not run (series stop); 0 skipped as finished"), "{end}");
    }
}
