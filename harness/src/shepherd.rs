//! The shepherd: a small process between the harness and each solver, so that nothing a
//! solver starts outlives its run.
//!
//! The harness forks the shepherd; the shepherd forks the solver and waits. The shepherd
//! is a child subreaper (`PR_SET_CHILD_SUBREAPER`): a process the solver starts and
//! abandons, even one that called `setsid`, becomes the shepherd's child instead of
//! init's, so the whole tree stays below it. When the solver ends, the shepherd kills
//! and reaps every process left below it and then exits; the harness's `wait4` on the
//! shepherd therefore returns the CPU time of the whole tree. When the harness dies
//! (`PR_SET_PDEATHSIG`, and its parent id as a check), the shepherd does the same at
//! once, so a killed `qbfgames run` takes its solvers down.
//!
//! The shepherd never calls `exec`: it is a forked copy of the multi-threaded harness,
//! so it uses only async-signal-safe system calls and allocates nothing. It tells the
//! harness two things through a pipe: the solver's pid when it starts, and at the end
//! the solver's wait status and the shepherd's own CPU time (which is not the solver's).
//!
//! The solver's standard output is a pipe, or the file its invocation names
//! ([`Invocation::stdout_file`]): a proof trace of gigabytes goes to disk without
//! passing through the harness. The harness creates that file before the fork, so a file
//! that cannot be created is an error before anything starts. The solver's RLIMIT_FSIZE
//! is the invocation's [`Invocation::max_output`], so a trace cannot fill the disk.

use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use super::leftovers;
use super::limits::Limits;
use super::process::Invocation;

/// A solver started below its shepherd.
pub struct Shepherded {
    /// The shepherd; its stdout and stderr are the solver's.
    pub child: Child,
    /// The solver's pid (the leader of its own process group).
    pub solver: libc::pid_t,
    report: File,
}

/// How the solver ended, as the shepherd saw it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The solver's wait status, if it ended before the shepherd was told to stop.
    pub status: Option<i32>,
    /// The shepherd's own CPU time, to be taken off the tree's.
    pub shepherd_cpu: Duration,
}

/// The signal the kernel sends the shepherd when the harness dies.
const HARNESS_DIED: libc::c_int = libc::SIGUSR1;
/// How long the shepherd sleeps between checks that its harness still lives.
const TICK_NS: libc::c_long = 50_000_000;

/// Starts `inv` below a shepherd: the solver in a process group of its own, with
/// RLIMIT_CPU (a backstop past the CPU limit) and RLIMIT_AS of `limits` and RLIMIT_FSIZE of `inv.max_output`, pinned to
/// `core` when one is given; its standard output is a pipe or `inv.stdout_file`.
pub fn spawn(inv: &Invocation, limits: &Limits, core: Option<usize>, owner: Option<&Path>) -> io::Result<Shepherded> {
    let stdout = match &inv.stdout_file {
        None => Stdio::piped(),
        Some(path) => Stdio::from(create_output(path)?),
    };
    let (report_read, report_write) = pipe()?;
    // SAFETY: getpid(2) has no preconditions.
    let harness = unsafe { libc::getpid() };
    let cpu = limits.backstop_seconds() as libc::rlim_t;
    let memory = limits.memory as libc::rlim_t;
    let output = inv.max_output.map(|bytes| bytes as libc::rlim_t);
    let report_fd = report_write.as_raw_fd();
    let mut command = Command::new(&inv.program);
    command.args(&inv.args).stdin(Stdio::null()).stdout(stdout).stderr(Stdio::piped()).process_group(0);
    if let Some(dir) = owner {
        command.env(leftovers::VAR, dir);
    }
    // SAFETY: the closure runs in the forked child before exec. It calls only
    // async-signal-safe system calls and allocates nothing (see `start`).
    unsafe { command.pre_exec(move || start(harness, report_fd, cpu, memory, output, core)) };
    let spawned = command.spawn();
    drop(report_write);
    let child =
        spawned.map_err(|e| io::Error::new(e.kind(), format!("cannot start {}: {e}", inv.program.display())))?;
    let mut report = File::from(report_read);
    let mut pid = [0u8; 4];
    report.read_exact(&mut pid).map_err(|e| io::Error::other(format!("the shepherd ended before the solver: {e}")))?;
    Ok(Shepherded { child, solver: libc::pid_t::from_ne_bytes(pid), report })
}

impl Shepherded {
    /// What the shepherd reported at its end; call after it was reaped.
    pub fn ending(mut self) -> io::Result<Ending> {
        let mut msg = [0u8; 16];
        self.report.read_exact(&mut msg).map_err(|e| io::Error::other(format!("no report from the shepherd: {e}")))?;
        let word = |i: usize| i32::from_ne_bytes([msg[i], msg[i + 1], msg[i + 2], msg[i + 3]]);
        let micros = u64::from_ne_bytes([msg[8], msg[9], msg[10], msg[11], msg[12], msg[13], msg[14], msg[15]]);
        Ok(Ending { status: (word(0) != 0).then(|| word(4)), shepherd_cpu: Duration::from_micros(micros) })
    }
}

/// Creates (mode 0600) or truncates the file for a solver's standard output.
fn create_output(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    File::options()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)
        .map_err(|e| io::Error::new(e.kind(), format!("cannot create {} for the solver's output: {e}", path.display())))
}

fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0 as RawFd; 2];
    // SAFETY: pipe2(2) writes two descriptors into the array we own.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just created and are owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

fn check(r: libc::c_int) -> io::Result<()> {
    if r == -1 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}

/// The signals the shepherd waits for: a child's end, and being told to stop.
///
/// # Safety
/// Async-signal-safe; fills a set on the stack.
unsafe fn watched() -> libc::sigset_t {
    let mut set: libc::sigset_t = std::mem::zeroed();
    libc::sigemptyset(&mut set);
    for s in [libc::SIGCHLD, HARNESS_DIED, libc::SIGTERM, libc::SIGHUP, libc::SIGINT] {
        libc::sigaddset(&mut set, s);
    }
    set
}

/// Runs in the child of `Command::spawn`, before exec: becomes the shepherd, forks the
/// solver and returns (to exec) only in the solver. `output` is the solver's
/// RLIMIT_FSIZE, if it has one.
fn start(
    harness: libc::pid_t,
    report: RawFd,
    cpu: libc::rlim_t,
    memory: libc::rlim_t,
    output: Option<libc::rlim_t>,
    core: Option<usize>,
) -> io::Result<()> {
    // SAFETY: only async-signal-safe system calls on values on the stack.
    unsafe {
        check(libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0))?;
        let set = watched();
        check(libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()))?;
        check(libc::prctl(libc::PR_SET_PDEATHSIG, HARNESS_DIED as libc::c_ulong, 0, 0, 0))?;
        if libc::getppid() != harness {
            libc::_exit(1);
        }
        let shepherd = libc::getpid();
        match libc::fork() {
            -1 => Err(io::Error::last_os_error()),
            0 => {
                let mut none: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut none);
                check(libc::pthread_sigmask(libc::SIG_SETMASK, &none, std::ptr::null_mut()))?;
                check(libc::setpgid(0, 0))?;
                check(libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong, 0, 0, 0))?;
                if libc::getppid() != shepherd {
                    libc::_exit(1);
                }
                set_limit(libc::RLIMIT_CPU, cpu, cpu + 1)?;
                if memory > 0 {
                    set_limit(libc::RLIMIT_AS, memory, memory)?;
                }
                if let Some(bytes) = output {
                    set_limit(libc::RLIMIT_FSIZE, bytes, bytes)?;
                    // A SIGXFSZ ignored by whoever started the harness would turn the
                    // limit into EFBIG, which a solver may not report: it ends the solver.
                    libc::signal(libc::SIGXFSZ, libc::SIG_DFL);
                }
                if let Some(core) = core {
                    let mut cores: libc::cpu_set_t = std::mem::zeroed();
                    libc::CPU_SET(core, &mut cores);
                    // A core this process may not use leaves the solver unpinned.
                    libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &cores);
                }
                Ok(())
            }
            solver => shepherd_loop(harness, report, solver),
        }
    }
}

fn set_limit(resource: libc::__rlimit_resource_t, soft: libc::rlim_t, hard: libc::rlim_t) -> io::Result<()> {
    let limit = libc::rlimit { rlim_cur: soft, rlim_max: hard };
    // SAFETY: setrlimit(2) reads the struct we pass and nothing else.
    check(unsafe { libc::setrlimit(resource, &limit) })
}

/// The shepherd's life: wait for the solver (or for the harness's death), clear the tree,
/// report, exit.
///
/// # Safety
/// Runs in a forked child of a multi-threaded process: async-signal-safe calls only.
unsafe fn shepherd_loop(harness: libc::pid_t, report: RawFd, solver: libc::pid_t) -> ! {
    libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    // The solver's output pipes: the harness must see their end when the tree is gone.
    for fd in 0..3 {
        libc::close(fd);
    }
    close_all_but(report);
    write_all(report, &solver.to_ne_bytes());
    let set = watched();
    let tick = libc::timespec { tv_sec: 0, tv_nsec: TICK_NS };
    let mut status = None;
    loop {
        reap(solver, &mut status);
        if status.is_some() || libc::getppid() != harness {
            break;
        }
        let signal = libc::sigtimedwait(&set, std::ptr::null_mut(), &tick);
        if signal != -1 && signal != libc::SIGCHLD {
            break;
        }
    }
    clear_tree(solver, &mut status);
    let mut usage: libc::rusage = std::mem::zeroed();
    libc::getrusage(libc::RUSAGE_SELF, &mut usage);
    let micros = |t: libc::timeval| t.tv_sec as u64 * 1_000_000 + t.tv_usec as u64;
    let own = micros(usage.ru_utime) + micros(usage.ru_stime);
    let mut msg = [0u8; 16];
    msg[0..4].copy_from_slice(&i32::from(status.is_some()).to_ne_bytes());
    msg[4..8].copy_from_slice(&status.unwrap_or(0).to_ne_bytes());
    msg[8..16].copy_from_slice(&own.to_ne_bytes());
    write_all(report, &msg);
    libc::_exit(0)
}

/// Reaps every child that has ended; the solver's status goes into `status`. Returns
/// whether one was reaped, or `None` when there are no children left.
unsafe fn reap(solver: libc::pid_t, status: &mut Option<i32>) -> Option<bool> {
    let mut any = false;
    loop {
        let mut st = 0;
        match libc::waitpid(-1, &mut st, libc::WNOHANG) {
            0 => return Some(any),
            -1 => return if *libc::__errno_location() == libc::ECHILD { None } else { Some(any) },
            pid => {
                any = true;
                if pid == solver && status.is_none() {
                    *status = Some(st);
                }
            }
        }
    }
}

/// Kills every process below the shepherd and reaps it. Orphans come up to the
/// shepherd as their parents die, so it kills its children until none is left.
unsafe fn clear_tree(solver: libc::pid_t, status: &mut Option<i32>) {
    libc::kill(-solver, libc::SIGKILL);
    let pause = libc::timespec { tv_sec: 0, tv_nsec: 1_000_000 };
    // Bounded: without /proc's children file, processes that left the solver's group
    // cannot be found; after two seconds the shepherd gives up on them.
    for _ in 0..2000 {
        for_each_child(|pid| {
            libc::kill(pid, libc::SIGKILL);
        });
        match reap(solver, status) {
            None => return,
            Some(true) => {}
            Some(false) => {
                libc::nanosleep(&pause, std::ptr::null_mut());
            }
        }
    }
}

/// Calls `f` with the pid of each child of this (single-threaded) process, from
/// `/proc/thread-self/children`, read into a buffer on the stack.
unsafe fn for_each_child(mut f: impl FnMut(libc::pid_t)) {
    let fd = libc::open(c"/proc/thread-self/children".as_ptr(), libc::O_RDONLY | libc::O_CLOEXEC);
    if fd < 0 {
        return;
    }
    let mut buf = [0u8; 512];
    let mut pid: libc::pid_t = 0;
    let mut digits = false;
    loop {
        let n = libc::read(fd, buf.as_mut_ptr().cast(), buf.len());
        if n <= 0 {
            break;
        }
        for &b in &buf[..n as usize] {
            if b.is_ascii_digit() {
                pid = pid.saturating_mul(10).saturating_add(libc::pid_t::from(b - b'0'));
                digits = true;
            } else if digits {
                f(pid);
                pid = 0;
                digits = false;
            }
        }
    }
    if digits {
        f(pid);
    }
    libc::close(fd);
}

/// Closes every descriptor but `keep`: the shepherd holds no pipe of another run and no
/// copy of `Command`'s exec-error pipe (whose end tells the harness the exec happened).
unsafe fn close_all_but(keep: RawFd) {
    let keep = keep as libc::c_uint;
    let ranges = [(3, keep.saturating_sub(1)), (keep + 1, libc::c_uint::MAX)];
    for (first, last) in ranges {
        if first <= last && libc::syscall(libc::SYS_close_range, first, last, 0) == -1 {
            for fd in first..last.min(65_536) {
                libc::close(fd as RawFd);
            }
        }
    }
}

unsafe fn write_all(fd: RawFd, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        let n = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        if n <= 0 {
            return;
        }
        bytes = &bytes[n as usize..];
    }
}
