//! A run's process tree as `/proc` shows it while it runs: the processes below a
//! shepherd, their CPU time and their memory peaks. The harness samples it to stop a
//! tree at its CPU limit (RLIMIT_CPU only limits each process alone) and kills it
//! through it.

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

/// The most processes a sample visits: a fork bomb cannot make sampling unbounded.
const MOST_PROCESSES: usize = 4096;

/// What one look at a tree saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sample {
    /// CPU time of the tree: every live descendant's own and reaped children's time, and
    /// the root's reaped children's (orphans the shepherd reaped). Not the root's own.
    pub cpu: Duration,
    /// The largest `VmPeak` of a descendant, in bytes.
    pub peak: u64,
    /// Each live descendant's time spent runnable but waiting for a CPU so far
    /// (`/proc/PID/schedstat`), where the kernel keeps it.
    pub waits: Vec<(libc::pid_t, Duration)>,
    /// The live descendants of the root.
    pub processes: Vec<libc::pid_t>,
}

/// Looks at the tree below `root`.
pub fn sample(root: libc::pid_t) -> Sample {
    static OWN_EXE: OnceLock<Option<PathBuf>> = OnceLock::new();
    let own_exe = OWN_EXE.get_or_init(|| std::env::current_exe().ok());
    let ticks = clock_ticks();
    let mut s = Sample::default();
    if let Some(t) = times(root) {
        s.cpu += Duration::from_secs_f64((t[2] + t[3]) as f64 / ticks);
    }
    let mut next = 0;
    let mut stack = vec![root];
    while next < stack.len() && stack.len() < MOST_PROCESSES {
        let pid = stack[next];
        next += 1;
        stack.extend(children(pid));
    }
    for &pid in &stack[1..] {
        if let Some(t) = times(pid) {
            s.cpu += Duration::from_secs_f64(t.iter().sum::<u64>() as f64 / ticks);
        }
        s.peak = s.peak.max(vm_peak(pid, own_exe.as_ref()));
        if let Some(w) = run_queue_wait(pid) {
            s.waits.push((pid, w));
        }
    }
    s.processes = stack.split_off(1);
    s
}

/// Kills the solver's process group and every process below `root` but `root` itself.
pub fn kill_below(root: libc::pid_t, solver: libc::pid_t) {
    // SAFETY: kill(2) with the solver's group id (negative) and with pids seen below our
    // own child; a pid reused in the instant between the sample and the kill is the only
    // risk, as with any kill by pid.
    unsafe { libc::kill(-solver, libc::SIGKILL) };
    for pid in sample(root).processes {
        // SAFETY: as above.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
}

/// The children of every thread of `pid`.
fn children(pid: libc::pid_t) -> Vec<libc::pid_t> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return Vec::new() };
    let mut out = Vec::new();
    for task in tasks.flatten() {
        if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
            out.extend(text.split_whitespace().filter_map(|w| w.parse::<libc::pid_t>().ok()));
        }
    }
    out
}

/// utime, stime, cutime and cstime of `pid`, in clock ticks.
fn times(pid: libc::pid_t) -> Option<[u64; 4]> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces and parentheses; fields after it follow
    // the last `)`. utime is field 14, the 12th after the name.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11).map(|f| f.parse::<i64>().map(|v| v.max(0) as u64));
    let mut t = [0; 4];
    for v in &mut t {
        *v = fields.next()?.ok()?;
    }
    Some(t)
}

/// How long `pid` has waited on a run queue: the second field of its `schedstat`.
fn run_queue_wait(pid: libc::pid_t) -> Option<Duration> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/schedstat")).ok()?;
    text.split_whitespace().nth(1)?.parse().ok().map(Duration::from_nanos)
}

fn clock_ticks() -> f64 {
    // SAFETY: sysconf(3) has no preconditions.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if ticks > 0 {
        ticks as f64
    } else {
        100.0
    }
}

/// `VmPeak` of `pid` in bytes, 0 when unknown or while the process has not yet called
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
