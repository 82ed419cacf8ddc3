//! Starting a solver, limiting it, and collecting what it did.

use std::io::{self, Read};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use super::outcome::Outcome;

/// A program and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    pub program: PathBuf,
    pub args: Vec<String>,
}

/// The record of one run.
#[derive(Clone, Debug)]
pub struct Run {
    pub outcome: Outcome,
    pub wall: Duration,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// How often a running child is polled for its exit.
const POLL: Duration = Duration::from_millis(1);

/// Runs `inv` with a wall-clock limit; on the limit, its whole process group is killed.
pub fn run(inv: &Invocation, timeout: Duration) -> io::Result<Run> {
    let start = Instant::now();
    let mut child = Command::new(&inv.program)
        .args(&inv.args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|e| io::Error::new(e.kind(), format!("cannot start {}: {e}", inv.program.display())))?;
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut buf);
            }
            buf
        })
    };
    let out = drain(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let err = drain(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let pgid = child.id() as libc::pid_t;
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if start.elapsed() >= timeout {
            timed_out = true;
            // SAFETY: kill(2) with a negative pid signals the process group we created.
            unsafe { libc::kill(-pgid, libc::SIGKILL) };
            break child.wait()?;
        }
        thread::sleep(POLL);
    };
    // Descendants may linger in the group after the leader exits; they hold the pipes open.
    // SAFETY: as above; the group id is ours, so no other process is signalled.
    unsafe { libc::kill(-pgid, libc::SIGKILL) };
    let wall = start.elapsed();
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    let outcome = if timed_out { Outcome::Timeout } else { Outcome::from_exit(status.code(), status.signal()) };
    Ok(Run { outcome, wall, stdout, stderr })
}

/// The path of `name` on `PATH`, if it is there.
pub fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| is_executable(p))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata().map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use contract::Verdict;

    fn sh(script: &str) -> Invocation {
        Invocation { program: PathBuf::from("/bin/sh"), args: vec!["-c".into(), script.into()] }
    }

    #[test]
    fn exit_codes_map_to_outcomes() -> io::Result<()> {
        let long = Duration::from_secs(10);
        assert_eq!(run(&sh("exit 10"), long)?.outcome, Outcome::Solved(Verdict::True));
        assert_eq!(run(&sh("exit 20"), long)?.outcome, Outcome::Solved(Verdict::False));
        assert!(matches!(run(&sh("kill -SEGV $$"), long)?.outcome, Outcome::Error(_)));
        Ok(())
    }

    #[test]
    fn a_run_past_its_limit_is_killed_with_its_children() -> io::Result<()> {
        let r = run(&sh("sleep 30 & sleep 30; exit 10"), Duration::from_millis(200))?;
        assert_eq!(r.outcome, Outcome::Timeout);
        assert!(r.wall < Duration::from_secs(5), "killed promptly, took {:?}", r.wall);
        Ok(())
    }
}
