//! Running one program under limits and measuring it.
//!
//! The program runs below a [`shepherd`](crate::shepherd) that keeps its whole process
//! tree, pinned to a core of its own ([`crate::cores`]), with RLIMIT_CPU (soft: a backstop
//! past the CPU limit, [`Limits::backstop_seconds`], which sends SIGXCPU; hard: one second
//! later, SIGKILL) and RLIMIT_AS (the memory limit) on every process. A watcher thread samples
//! the tree every 5 to 50 ms ([`crate::tree`]): it stops the tree when the CPU time
//! of all its processes together passes the CPU limit, or when the wall-clock safety limit
//! passes, and records the largest `VmPeak`. The harness reaps the shepherd with `wait4`,
//! whose rusage then holds the CPU time (user + system) and the resident peak of every
//! process of the tree: the shepherd reaps each before it ends. The output is read with a
//! deadline ([`crate::capture`]), so a pipe held open elsewhere cannot block the harness.
//!
//! Standard output goes into a file instead of the pipe when the invocation names one
//! ([`Invocation::stdout_file`]): a proof of gigabytes must not pass through memory. Its
//! [`Measurement::stdout`] is then empty and the log names the file. With
//! [`Invocation::max_output`] the solver has RLIMIT_FSIZE of that many bytes; a run the
//! limit ended (SIGXFSZ, [`Measurement::hit_output_limit`]) is an `error` whose reason
//! names the limit ([`crate::classify`]).
//!
//! Limits of this measurement (cgroups v2 are not used): `VmPeak` is sampled, so a process
//! that grows and dies between two samples is seen only through its resident peak;
//! RLIMIT_AS applies to each process alone.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::capture::{read_both, Stream};
use super::cores;
use super::limits::Limits;
use super::process::Invocation;
use super::shepherd;
use super::tree;

/// What one run did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Measurement {
    /// The exit code, if the process exited.
    pub exit_code: Option<i32>,
    /// The signal that ended the process, if one did.
    pub signal: Option<i32>,
    /// Wall-clock time from start to end.
    pub wall: Duration,
    /// User + system CPU time of the process tree.
    pub cpu: Duration,
    /// Peak memory in bytes: the larger of the sampled `VmPeak` and the resident peak.
    pub peak_memory: u64,
    /// The wall-clock limit passed and the tree was killed.
    pub wall_killed: bool,
    /// The tree's CPU time passed the CPU limit and the tree was killed.
    pub cpu_killed: bool,
    /// The last 8 MiB of standard output (where answers are); empty when it went into
    /// the invocation's `stdout_file`.
    pub stdout: Vec<u8>,
    /// The last 8 MiB of standard error.
    pub stderr: Vec<u8>,
    /// What the run printed, bounded for its log: of each stream all of it when short,
    /// else its first and last 64 KiB.
    pub log: Vec<u8>,
    /// The core the run was pinned to.
    pub core: Option<usize>,
    /// Whether another run of this harness held an SMT sibling of that core while this
    /// one ran (the topology of `/sys`, see `docs/harness.md`); `None` when the run was
    /// not pinned.
    pub core_shared: Option<bool>,
    /// How long the tree's processes waited for a CPU while runnable (sampled from
    /// `/proc/PID/schedstat`); `None` where the kernel does not keep it.
    pub waited: Option<Duration>,
    /// The one-minute load average when the run started and when it ended.
    pub load: (f64, f64),
    /// The size limit of the files the run wrote (its invocation's `max_output`), for
    /// the reason of a run that passed it.
    pub max_output: Option<u64>,
}

impl Measurement {
    /// Whether the run was stopped by a time limit: CPU (the tree's, or RLIMIT_CPU's
    /// SIGXCPU) or wall clock.
    pub fn hit_time_limit(&self) -> bool {
        self.wall_killed || self.cpu_killed || self.signal == Some(libc::SIGXCPU)
    }

    /// Whether the run was ended by its output limit: a write past RLIMIT_FSIZE
    /// ([`Invocation::max_output`]) sent it SIGXFSZ.
    pub fn hit_output_limit(&self) -> bool {
        self.signal == Some(libc::SIGXFSZ)
    }
}

/// How often the watcher samples the tree: every 50 ms, and more often (down to every
/// 5 ms) as the tree's CPU time nears its limit, so the limit is kept to a few
/// milliseconds without the sampling costing the solvers' cores much.
const SAMPLE: Duration = Duration::from_millis(50);
const SAMPLE_NEAR: Duration = Duration::from_millis(5);
/// How long the output may take to end once the tree is gone.
const DRAIN: Duration = Duration::from_secs(1);

/// Runs `inv` under `limits` and measures it; `owner` is the run directory its processes
/// are tagged with (`QBFGAMES_RUN`), so a later run of it finds what a killed run left.
pub fn run_limited(inv: &Invocation, limits: &Limits, owner: Option<&Path>) -> io::Result<Measurement> {
    let lease = cores::lease();
    let core = lease.as_ref().map(cores::Lease::core);
    let load_start = cores::load_average();
    let start = Instant::now();
    let mut run = shepherd::spawn(inv, limits, core, owner)?;
    let deadline = Arc::new(Mutex::new(None));
    let output = match (run.child.stdout.take(), run.child.stderr.take(), &inv.stdout_file) {
        (Some(out), Some(err), None) => read_both(Some(out), err, deadline.clone()),
        (None, Some(err), Some(_)) => read_both(None, err, deadline.clone()),
        _ => return Err(io::Error::other("the solver's output pipes are missing")),
    };
    let shepherd_pid = run.child.id() as libc::pid_t;
    let (done, watcher) = watch(shepherd_pid, run.solver, start, *limits);
    let (_, usage) = wait_for(shepherd_pid)?;
    let wall = start.elapsed();
    let _ = done.send(());
    let watched = watcher.join().unwrap_or_default();
    if let Ok(mut d) = deadline.lock() {
        *d = Some(Instant::now() + DRAIN);
    }
    let ending = run.ending()?;
    let [stdout, stderr] = output.join().unwrap_or_default();
    let cpu_time = (timeval(usage.ru_utime) + timeval(usage.ru_stime)).saturating_sub(ending.shepherd_cpu);
    let resident_peak = (usage.ru_maxrss as u64) * 1024;
    let (exit_code, signal) = match ending.status {
        Some(status) if libc::WIFEXITED(status) => (Some(libc::WEXITSTATUS(status)), None),
        Some(status) if libc::WIFSIGNALED(status) => (None, Some(libc::WTERMSIG(status))),
        _ => (None, Some(libc::SIGKILL)),
    };
    Ok(Measurement {
        exit_code,
        signal,
        wall,
        cpu: cpu_time,
        peak_memory: resident_peak.max(watched.peak),
        wall_killed: watched.wall_killed,
        cpu_killed: watched.cpu_killed,
        log: log_text(&stdout, &stderr, inv.stdout_file.as_deref()),
        stdout: stdout.tail,
        stderr: stderr.tail,
        core,
        core_shared: lease.as_ref().map(cores::Lease::shared),
        waited: (!watched.waits.is_empty()).then(|| watched.waits.values().sum()),
        load: (load_start, cores::load_average()),
        max_output: inv.max_output,
    })
}

/// The run's log: both streams, bounded, each under a heading; of a standard output that
/// went into `stdout_file`, only the file's name.
fn log_text(stdout: &Stream, stderr: &Stream, stdout_file: Option<&Path>) -> Vec<u8> {
    let mut log = Vec::new();
    match stdout_file {
        Some(file) => log.extend_from_slice(format!("==> stdout (written to {}) <==\n", file.display()).as_bytes()),
        None => log_stream(&mut log, "stdout", stdout),
    }
    log_stream(&mut log, "stderr", stderr);
    log
}

/// Appends `stream`, bounded, under a heading with its name and length.
fn log_stream(log: &mut Vec<u8>, name: &str, stream: &Stream) {
    log.extend_from_slice(format!("==> {name} ({} bytes) <==\n", stream.total).as_bytes());
    log.extend_from_slice(&stream.for_log());
    if !log.ends_with(b"\n") {
        log.push(b'\n');
    }
}

/// What the watcher saw.
#[derive(Default)]
struct Watched {
    wall_killed: bool,
    cpu_killed: bool,
    peak: u64,
    /// The largest run-queue wait seen of each process of the tree.
    waits: BTreeMap<libc::pid_t, Duration>,
}

/// Starts the watcher: it samples the tree below the shepherd and kills it at the CPU
/// limit or the wall-clock limit, unless told the run ended.
fn watch(
    shepherd: libc::pid_t,
    solver: libc::pid_t,
    start: Instant,
    limits: Limits,
) -> (mpsc::Sender<()>, thread::JoinHandle<Watched>) {
    let (tx, rx) = mpsc::channel::<()>();
    let handle = thread::spawn(move || {
        let mut w = Watched::default();
        let deadline = start + limits.wall;
        loop {
            let now = Instant::now();
            if now >= deadline {
                tree::kill_below(shepherd, solver);
                w.wall_killed = true;
                return w;
            }
            let s = tree::sample(shepherd);
            w.peak = w.peak.max(s.peak);
            for (pid, wait) in s.waits {
                let seen = w.waits.entry(pid).or_default();
                *seen = (*seen).max(wait);
            }
            if s.cpu > limits.cpu {
                tree::kill_below(shepherd, solver);
                w.cpu_killed = true;
                return w;
            }
            let left = (limits.cpu - s.cpu) / s.processes.len().max(1) as u32;
            match rx.recv_timeout(left.clamp(SAMPLE_NEAR, SAMPLE).min(deadline - now)) {
                Err(RecvTimeoutError::Timeout) => {}
                _ => return w,
            }
        }
    });
    (tx, handle)
}

/// Blocks until `pid` ends; its wait status and resource usage.
fn wait_for(pid: libc::pid_t) -> io::Result<(i32, libc::rusage)> {
    let mut status = 0;
    // SAFETY: rusage is plain data; all-zero is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: wait4(2) writes only into the two out-parameters we own.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            return Ok((status, usage));
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

fn timeval(t: libc::timeval) -> Duration {
    Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::capture::KEEP;

    fn sh(script: &str) -> Invocation {
        Invocation {
            program: PathBuf::from("/bin/sh"),
            args: vec!["-c".into(), script.into()],
            ..Invocation::default()
        }
    }

    fn limits(cpu_ms: u64, wall_ms: u64) -> Limits {
        Limits { cpu: Duration::from_millis(cpu_ms), wall: Duration::from_millis(wall_ms), memory: 1 << 30 }
    }

    /// Whether a process whose command line holds `marker` is alive.
    fn alive(marker: &str) -> bool {
        std::fs::read_dir("/proc").into_iter().flatten().flatten().any(|e| {
            std::fs::read(e.path().join("cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains(marker) && !c.starts_with(b"/bin/sh\0-c"))
        })
    }

    #[test]
    fn exit_codes_and_output_are_collected() -> io::Result<()> {
        let m = run_limited(&sh("echo SAT; echo note >&2; exit 10"), &limits(10_000, 10_000), None)?;
        assert_eq!((m.exit_code, m.signal, m.wall_killed, m.cpu_killed), (Some(10), None, false, false));
        assert_eq!((m.stdout.as_slice(), m.stderr.as_slice()), (&b"SAT\n"[..], &b"note\n"[..]));
        assert_eq!(m.log, b"==> stdout (4 bytes) <==\nSAT\n==> stderr (5 bytes) <==\nnote\n");
        let m = run_limited(&sh("kill -SEGV $$"), &limits(10_000, 10_000), None)?;
        assert_eq!((m.exit_code, m.signal), (None, Some(libc::SIGSEGV)));
        Ok(())
    }

    #[test]
    fn a_program_that_cannot_start_is_an_error_at_once() {
        let missing = Invocation { program: PathBuf::from("/nonexistent/solver"), ..Invocation::default() };
        let start = Instant::now();
        let e = run_limited(&missing, &limits(10_000, 10_000), None).err().map(|e| e.to_string());
        assert!(e.is_some_and(|e| e.contains("cannot start /nonexistent/solver")));
        assert!(start.elapsed() < Duration::from_secs(1));
    }

    #[test]
    fn a_cpu_burner_is_stopped_at_its_cpu_limit_and_its_time_counted() -> io::Result<()> {
        let m = run_limited(&sh("while :; do :; done"), &limits(700, 30_000), None)?;
        assert!(m.cpu_killed && !m.wall_killed, "{m:?}");
        assert!(m.cpu >= Duration::from_millis(700), "the burner's CPU time is counted: {:?}", m.cpu);
        assert!(m.cpu < Duration::from_millis(900), "stopped near its CPU limit, used {:?}", m.cpu);
        Ok(())
    }

    #[test]
    fn the_cpu_limit_holds_for_the_whole_tree() -> io::Result<()> {
        let burn = "sh -c 'while :; do :; done' &";
        let m = run_limited(&sh(&format!("{burn} {burn} wait")), &limits(1_000, 30_000), None)?;
        assert!(m.cpu_killed, "{m:?}");
        assert!(m.cpu >= Duration::from_millis(1_000), "both burners' time is counted: {:?}", m.cpu);
        Ok(())
    }

    #[test]
    fn a_flood_of_output_keeps_its_tail_and_logs_both_ends() -> io::Result<()> {
        let m = run_limited(&sh("head -c 20000000 /dev/zero; echo; echo SAT; exit 10"), &limits(20_000, 20_000), None)?;
        assert_eq!(m.stdout.len(), KEEP);
        assert!(m.stdout.ends_with(b"\nSAT\n"));
        assert!(m.log.len() < 200 << 10, "the log is bounded: {} bytes", m.log.len());
        assert!(String::from_utf8_lossy(&m.log).contains("bytes left out"));
        Ok(())
    }

    #[test]
    fn the_wall_clock_limit_kills_the_whole_tree() -> io::Result<()> {
        let m = run_limited(&sh("sleep 30 & sleep 30; exit 10"), &limits(300, 300), None)?;
        assert!(m.wall_killed);
        assert!(m.wall < Duration::from_secs(3), "killed promptly, took {:?}", m.wall);
        Ok(())
    }

    #[test]
    fn a_setsid_child_holding_the_output_neither_blocks_nor_outlives_the_run() -> io::Result<()> {
        let marker = "4343.25";
        let script = format!("setsid sleep {marker} & echo SAT; exit 10");
        let m = run_limited(&sh(&script), &limits(5_000, 5_000), None)?;
        assert_eq!((m.exit_code, m.stdout.as_slice()), (Some(10), &b"SAT\n"[..]));
        assert!(m.wall < Duration::from_secs(2), "the run ends with the solver, took {:?}", m.wall);
        assert!(!alive(marker), "the setsid child was killed");
        Ok(())
    }

    #[test]
    fn a_solver_that_closes_its_output_and_lingers_is_stopped_at_the_limit() -> io::Result<()> {
        let m = run_limited(&sh("exec >&- 2>&-; sleep 30"), &limits(400, 600), None)?;
        assert!(m.wall_killed, "{m:?}");
        assert!(m.wall < Duration::from_millis(1_600), "stopped at the wall limit, took {:?}", m.wall);
        Ok(())
    }
}
