//! A scripted [`Executor`] for tests: a function decides each job's measurement, and the
//! mock records the jobs it ran and how many ran at once.

use std::io;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::Duration;

use super::executor::{Executor, Job};
use super::limited::Measurement;

/// Answers every job with `respond(job)` after `delay`.
pub struct MockExecutor<F> {
    respond: F,
    delay: Duration,
    jobs: Mutex<Vec<Job>>,
    running: AtomicUsize,
    most_running: AtomicUsize,
}

impl<F: Fn(&Job) -> Measurement + Sync> MockExecutor<F> {
    pub fn new(delay: Duration, respond: F) -> MockExecutor<F> {
        MockExecutor {
            respond,
            delay,
            jobs: Mutex::new(Vec::new()),
            running: AtomicUsize::new(0),
            most_running: AtomicUsize::new(0),
        }
    }

    /// The jobs run so far, in the order they started.
    pub fn jobs(&self) -> Vec<Job> {
        self.jobs.lock().map(|j| j.clone()).unwrap_or_default()
    }

    /// The largest number of jobs that ran at the same time.
    pub fn most_running(&self) -> usize {
        self.most_running.load(Ordering::SeqCst)
    }
}

impl<F: Fn(&Job) -> Measurement + Sync> Executor for MockExecutor<F> {
    fn execute(&self, job: &Job) -> io::Result<Measurement> {
        if let Ok(mut jobs) = self.jobs.lock() {
            jobs.push(job.clone());
        }
        let now = self.running.fetch_add(1, Ordering::SeqCst) + 1;
        self.most_running.fetch_max(now, Ordering::SeqCst);
        thread::sleep(self.delay);
        let m = (self.respond)(job);
        self.running.fetch_sub(1, Ordering::SeqCst);
        Ok(m)
    }
}

/// A measurement of a run that exited with `code` after printing `stdout`.
pub fn exited(code: i32, stdout: &str) -> Measurement {
    Measurement {
        exit_code: Some(code),
        stdout: stdout.as_bytes().to_vec(),
        wall: Duration::from_millis(1),
        ..Measurement::default()
    }
}
