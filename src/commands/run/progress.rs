//! Progress of a run: one updating line with solved/timeouts/ETA on a terminal, one
//! plain line per finished cell otherwise (logs, CI).

use std::io::{IsTerminal, Write};
use std::time::Instant;

use harness::{Record, Status};

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
    /// `total` cells to run; `skipped` already finished.
    pub fn new(total: usize, skipped: usize) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        if skipped > 0 {
            eprintln!("resuming: {skipped} cell(s) already finished, {total} to run");
        }
        Progress { total, done: 0, solved: 0, timeouts: 0, other: 0, skipped, start: Instant::now(), terminal }
    }

    pub fn show(&mut self, r: &Record) {
        self.done += 1;
        match r.status {
            Status::True | Status::False => self.solved += 1,
            Status::Timeout => self.timeouts += 1,
            _ => self.other += 1,
        }
        let mut err = std::io::stderr().lock();
        let _ = if self.terminal {
            let elapsed = self.start.elapsed().as_secs_f64();
            let eta = elapsed / self.done as f64 * (self.total - self.done) as f64;
            write!(
                err,
                "\r\x1b[K[{}/{}] {} solved, {} timeouts, {} other · ETA {}",
                self.done,
                self.total,
                self.solved,
                self.timeouts,
                self.other,
                clock(eta)
            )
        } else {
            writeln!(
                err,
                "[{}/{}] {} {} {}: {} {:.2}s{}",
                self.done,
                self.total,
                r.family,
                &r.instance[..r.instance.len().min(12)],
                r.configuration(),
                r.status,
                r.cpu_s + r.pre_cpu_s,
                if r.detail.is_empty() { String::new() } else { format!(" ({})", r.detail) }
            )
        };
    }

    pub fn finish(&self) {
        if self.terminal && self.done > 0 {
            eprintln!();
        }
        eprintln!(
            "ran {} cell(s) in {:.1}s: {} solved, {} timeouts, {} other; {} skipped as finished",
            self.done,
            self.start.elapsed().as_secs_f64(),
            self.solved,
            self.timeouts,
            self.other,
            self.skipped
        );
    }
}

fn clock(secs: f64) -> String {
    let s = secs.round() as u64;
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s / 60 % 60)
    } else {
        format!("{}m{:02}s", s / 60, s % 60)
    }
}
