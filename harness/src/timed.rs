//! Running a program with a plain time limit: what the semantic tests of the encoders and
//! the strategy sessions use, through the same shepherd and limits as the matrix.

use std::io;
use std::time::Duration;

use super::limited::run_limited;
use super::limits::{Limits, WALL_MARGIN};
use super::outcome::Outcome;
use super::process::Invocation;

/// The record of one run.
#[derive(Clone, Debug)]
pub struct Run {
    pub outcome: Outcome,
    pub wall: Duration,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// How many times its CPU limit a run may wait for cores, beside [`WALL_MARGIN`], before
/// the wall-clock safety limit stops it: on a busy machine a run gets its CPU time, and a
/// program that hangs without computing is still stopped.
pub const WALL_FACTOR: u32 = 3;

/// Runs `inv` with `timeout` as its CPU-time limit (the process tree's), a wall-clock
/// safety limit of `WALL_FACTOR` × `timeout` + [`WALL_MARGIN`] and no memory limit; on
/// a limit, its whole process tree is killed.
pub fn run(inv: &Invocation, timeout: Duration) -> io::Result<Run> {
    let limits = plain_limits(timeout);
    let m = run_limited(inv, &limits, None)?;
    let outcome = if m.hit_time_limit() { Outcome::Timeout } else { Outcome::from_exit(m.exit_code, m.signal) };
    Ok(Run { outcome, wall: m.wall, stdout: m.stdout, stderr: m.stderr })
}

/// The limits of a run with `timeout` as its CPU-time limit: a wall-clock safety limit of
/// `WALL_FACTOR` × `timeout` + [`WALL_MARGIN`], and no memory limit.
pub(crate) fn plain_limits(timeout: Duration) -> Limits {
    Limits { cpu: timeout, wall: timeout * WALL_FACTOR + WALL_MARGIN, memory: 0 }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use contract::Verdict;

    fn sh(script: &str) -> Invocation {
        Invocation {
            program: PathBuf::from("/bin/sh"),
            args: vec!["-c".into(), script.into()],
            ..Invocation::default()
        }
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
        let busy = "while :; do :; done";
        let r = run(&sh(&format!("{busy} & {busy}; exit 10")), Duration::from_millis(200))?;
        assert_eq!(r.outcome, Outcome::Timeout);
        assert!(r.wall < Duration::from_secs(5), "killed promptly, took {:?}", r.wall);
        Ok(())
    }
}
