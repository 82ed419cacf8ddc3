//! Reading a solver's two output streams, bounded in memory and in time.
//!
//! One thread polls both pipes. Of each stream it keeps the first 64 KiB and the last
//! 8 MiB (answer lines come at the end; a solver that floods its output cannot exhaust the
//! harness's memory). It stops at the end of both streams or at a deadline set once the
//! run is over, so a pipe held open by a process that escaped the run cannot block it.
//!
//! A run whose standard output goes into a file ([`crate::Invocation::stdout_file`]: a
//! proof of gigabytes must not pass through the harness's memory) has no stdout pipe;
//! the thread then reads standard error alone.

use std::collections::VecDeque;
use std::io::Read;
use std::os::fd::AsRawFd;
use std::process::{ChildStderr, ChildStdout};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Instant;

/// How much of the end of a stream is kept for reading the answer.
pub const KEEP: usize = 8 << 20;
/// How much of each end of a stream goes into the run's log.
pub const LOG_END: usize = 64 << 10;

/// One output stream as kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stream {
    /// The first [`LOG_END`] bytes.
    pub head: Vec<u8>,
    /// The last [`KEEP`] bytes.
    pub tail: Vec<u8>,
    /// How many bytes the stream had.
    pub total: u64,
}

impl Stream {
    /// The stream for a log: all of it when it is short, else its first and last
    /// [`LOG_END`] bytes around a line that says how much was left out.
    pub fn for_log(&self) -> Vec<u8> {
        if self.total <= 2 * LOG_END as u64 {
            return self.tail.clone();
        }
        let last = &self.tail[self.tail.len().saturating_sub(LOG_END)..];
        let omitted = self.total - (self.head.len() + last.len()) as u64;
        let mut out = self.head.clone();
        out.extend_from_slice(format!("\n[... {omitted} bytes left out ...]\n").as_bytes());
        out.extend_from_slice(last);
        out
    }
}

/// When the reader must give up; `None` while the run goes on.
pub type Deadline = Arc<Mutex<Option<Instant>>>;

/// How often the reader looks at its deadline while the pipes are quiet.
const POLL_MS: libc::c_int = 20;

/// Starts reading `stdout` (when it is a pipe) and `stderr`; the thread returns both
/// streams at their end or once `deadline` is set and has passed. A stream without a
/// pipe is returned empty.
pub fn read_both(
    stdout: Option<ChildStdout>,
    stderr: ChildStderr,
    deadline: Deadline,
) -> thread::JoinHandle<[Stream; 2]> {
    thread::spawn(move || {
        let fds = [stdout.as_ref().map_or(-1, AsRawFd::as_raw_fd), stderr.as_raw_fd()];
        let mut pipes: [Option<Box<dyn Read + Send>>; 2] =
            [stdout.map(|out| Box::new(out) as Box<dyn Read + Send>), Some(Box::new(stderr))];
        let mut kept = [Keeper::default(), Keeper::default()];
        let mut chunk = vec![0u8; 64 << 10];
        while pipes.iter().any(Option::is_some) {
            if deadline.lock().ok().and_then(|d| *d).is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let mut polled: Vec<libc::pollfd> = (0..2)
                .filter(|&i| pipes[i].is_some())
                .map(|i| libc::pollfd { fd: fds[i], events: libc::POLLIN, revents: 0 })
                .collect();
            // SAFETY: poll(2) reads and writes the array we own, of the length we pass.
            let ready = unsafe { libc::poll(polled.as_mut_ptr(), polled.len() as libc::nfds_t, POLL_MS) };
            if ready <= 0 {
                continue;
            }
            for p in polled.iter().filter(|p| p.revents != 0) {
                let i = if p.fd == fds[0] { 0 } else { 1 };
                let Some(pipe) = pipes[i].as_mut() else { continue };
                match pipe.read(&mut chunk) {
                    Ok(0) | Err(_) => pipes[i] = None,
                    Ok(n) => kept[i].push(&chunk[..n]),
                }
            }
        }
        kept.map(Keeper::into_stream)
    })
}

#[derive(Default)]
struct Keeper {
    head: Vec<u8>,
    tail: VecDeque<u8>,
    total: u64,
}

impl Keeper {
    fn push(&mut self, bytes: &[u8]) {
        self.total += bytes.len() as u64;
        let room = LOG_END.saturating_sub(self.head.len());
        self.head.extend_from_slice(&bytes[..room.min(bytes.len())]);
        self.tail.extend(bytes);
        if self.tail.len() > KEEP {
            self.tail.drain(..self.tail.len() - KEEP);
        }
    }

    fn into_stream(self) -> Stream {
        Stream { head: self.head, tail: self.tail.into(), total: self.total }
    }
}
