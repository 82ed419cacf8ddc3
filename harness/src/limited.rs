//! Running one program under limits and measuring it.
//!
//! The child gets its own process group and, set in the child between `fork` and `exec`
//! (`pre_exec`), RLIMIT_CPU (soft: the timeout rounded up to whole seconds, which sends
//! SIGXCPU; hard: one second later, SIGKILL) and RLIMIT_AS (the memory limit). A watcher
//! thread kills the whole group when the wall-clock limit passes and samples the
//! child's `VmPeak` from `/proc` every few milliseconds. The harness reaps the child with
//! `wait4`, whose rusage gives the CPU time (user + system) of the child and of every
//! descendant it waited for, and its peak resident set size. After the child ends, the
//! group is killed, so no descendant outlives its run. Of each output stream the last
//! 8 MiB are kept.
//!
//! Limits of this measurement (cgroups are not available here): descendants that are not
//! waited for by their parent are not in the CPU time; RLIMIT_CPU and RLIMIT_AS apply to
//! each process separately, so a solver that forks can use more in total (the wall-clock
//! kill still bounds it); `VmPeak` is sampled, so a process that grows and dies between
//! two samples is seen only through its resident peak.

use std::io::{self, Read};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use super::limits::Limits;
use super::process::Invocation;

/// What one run did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Measurement {
    /// The exit code, if the process exited.
    pub exit_code: Option<i32>,
    /// The signal that ended the process, if one did.
    pub signal: Option<i32>,
    /// Wall-clock time from start to end.
    pub wall: Duration,
    /// User + system CPU time of the process tree (`wait4` rusage).
    pub cpu: Duration,
    /// Peak memory in bytes: the larger of the sampled `VmPeak` and the resident peak.
    pub peak_memory: u64,
    /// The wall-clock limit passed and the group was killed.
    pub wall_killed: bool,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// How often the watcher samples memory while it waits for the wall-clock limit.
const SAMPLE: Duration = Duration::from_millis(5);

/// Runs `inv` under `limits` and measures it.
pub fn run_limited(inv: &Invocation, limits: &Limits) -> io::Result<Measurement> {
    let cpu = limits.cpu_seconds() as libc::rlim_t;
    let memory = limits.memory as libc::rlim_t;
    let mut command = Command::new(&inv.program);
    command.args(&inv.args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).process_group(0);
    // SAFETY: the closure runs in the child between fork and exec; it only calls
    // setrlimit(2), which is async-signal-safe, and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            set_limit(libc::RLIMIT_CPU, cpu, cpu + 1)?;
            if memory > 0 {
                set_limit(libc::RLIMIT_AS, memory, memory)?;
            }
            Ok(())
        });
    }
    let start = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|e| io::Error::new(e.kind(), format!("cannot start {}: {e}", inv.program.display())))?;
    let out = drain(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let err = drain(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let pid = child.id() as libc::pid_t;
    let (done, watcher) = watch(pid, start + limits.timeout);
    let (status, usage) = wait_for(pid)?;
    let wall = start.elapsed();
    let _ = done.send(());
    let (wall_killed, sampled_peak) = watcher.join().unwrap_or((false, 0));
    // SAFETY: kill(2) with a negative pid signals the process group created for this run;
    // descendants left in it hold the pipes open.
    unsafe { libc::kill(-pid, libc::SIGKILL) };
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    let cpu_time = timeval(usage.ru_utime) + timeval(usage.ru_stime);
    let resident_peak = (usage.ru_maxrss as u64) * 1024;
    let (exit_code, signal) = if libc::WIFEXITED(status) {
        (Some(libc::WEXITSTATUS(status)), None)
    } else if libc::WIFSIGNALED(status) {
        (None, Some(libc::WTERMSIG(status)))
    } else {
        (None, None)
    };
    Ok(Measurement {
        exit_code,
        signal,
        wall,
        cpu: cpu_time,
        peak_memory: resident_peak.max(sampled_peak),
        wall_killed,
        stdout,
        stderr,
    })
}

fn set_limit(resource: libc::__rlimit_resource_t, soft: libc::rlim_t, hard: libc::rlim_t) -> io::Result<()> {
    let limit = libc::rlimit { rlim_cur: soft, rlim_max: hard };
    // SAFETY: setrlimit(2) reads the struct we pass and nothing else.
    if unsafe { libc::setrlimit(resource, &limit) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// How much of each output stream is kept: the last 8 MiB. A solver that floods its
/// output cannot exhaust the harness's memory; answer lines come at the end.
const KEEP: usize = 8 << 20;

fn drain(pipe: Option<Box<dyn Read + Send>>) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut kept = std::collections::VecDeque::new();
        if let Some(mut p) = pipe {
            let mut chunk = vec![0u8; 64 << 10];
            while let Ok(n) = p.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                kept.extend(&chunk[..n]);
                if kept.len() > KEEP {
                    kept.drain(..kept.len() - KEEP);
                }
            }
        }
        kept.into()
    })
}

/// Starts the watcher: it kills the group of `pid` at `deadline` unless told the run
/// ended, and returns whether it killed and the largest `VmPeak` it saw.
fn watch(pid: libc::pid_t, deadline: Instant) -> (mpsc::Sender<()>, thread::JoinHandle<(bool, u64)>) {
    let (tx, rx) = mpsc::channel::<()>();
    let handle = thread::spawn(move || {
        let own_exe = std::env::current_exe().ok();
        let mut peak = 0;
        loop {
            let now = Instant::now();
            if now >= deadline {
                // SAFETY: as in `run_limited`, the group is ours.
                unsafe { libc::kill(-pid, libc::SIGKILL) };
                return (true, peak);
            }
            match rx.recv_timeout(SAMPLE.min(deadline - now)) {
                Err(RecvTimeoutError::Timeout) => peak = peak.max(vm_peak(pid, own_exe.as_ref())),
                _ => return (false, peak),
            }
        }
    });
    (tx, handle)
}

/// `VmPeak` of `pid` in bytes, 0 when unknown or while the child has not yet called
/// `exec` (before that it is a copy of the harness, whose peak means nothing).
fn vm_peak(pid: libc::pid_t, own_exe: Option<&PathBuf>) -> u64 {
    if std::fs::read_link(format!("/proc/{pid}/exe")).ok().as_ref() == own_exe {
        return 0;
    }
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else { return 0 };
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmPeak:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
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
    use super::*;

    fn sh(script: &str) -> Invocation {
        Invocation { program: PathBuf::from("/bin/sh"), args: vec!["-c".into(), script.into()] }
    }

    fn limits(ms: u64) -> Limits {
        Limits { timeout: Duration::from_millis(ms), memory: 1 << 30 }
    }

    #[test]
    fn exit_codes_and_output_are_collected() -> io::Result<()> {
        let m = run_limited(&sh("echo SAT; echo note >&2; exit 10"), &limits(10_000))?;
        assert_eq!((m.exit_code, m.signal, m.wall_killed), (Some(10), None, false));
        assert_eq!((m.stdout.as_slice(), m.stderr.as_slice()), (&b"SAT\n"[..], &b"note\n"[..]));
        let m = run_limited(&sh("kill -SEGV $$"), &limits(10_000))?;
        assert_eq!((m.exit_code, m.signal), (None, Some(libc::SIGSEGV)));
        Ok(())
    }

    #[test]
    fn a_cpu_burner_is_stopped_at_its_limit_and_its_time_counted() -> io::Result<()> {
        let m = run_limited(&sh("while :; do :; done"), &limits(1000))?;
        assert!(m.wall_killed || m.signal == Some(libc::SIGXCPU), "{m:?}");
        assert!(m.wall < Duration::from_secs(2), "stopped within timeout + 1 s, took {:?}", m.wall);
        assert!(m.cpu >= Duration::from_millis(100), "the burner's CPU time is counted: {:?}", m.cpu);
        Ok(())
    }

    #[test]
    fn a_flood_of_output_keeps_only_its_tail() -> io::Result<()> {
        let m = run_limited(&sh("head -c 20000000 /dev/zero; echo; echo SAT; exit 10"), &limits(20_000))?;
        assert_eq!(m.stdout.len(), KEEP);
        assert!(m.stdout.ends_with(b"\nSAT\n"));
        Ok(())
    }

    #[test]
    fn the_wall_clock_limit_kills_the_whole_group() -> io::Result<()> {
        let m = run_limited(&sh("sleep 30 & sleep 30; exit 10"), &limits(300))?;
        assert!(m.wall_killed);
        assert!(m.wall < Duration::from_secs(3), "killed promptly, took {:?}", m.wall);
        Ok(())
    }
}
