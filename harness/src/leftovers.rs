//! What a killed run left behind. Every process a run starts carries the directory it
//! runs for in its environment (`QBFGAMES_RUN`), and inherits it into whatever it starts.
//! The shepherd of each run kills its tree when the harness dies; should a shepherd itself
//! be killed, the next run of the same directory (which holds the directory's lock, so no
//! other run of it is alive) finds the processes by that variable and kills them.

use std::path::Path;

/// The environment variable that names a process's run directory.
pub const VAR: &str = "QBFGAMES_RUN";

/// Kills every process of this user whose environment says it runs for `dir`; returns
/// how many there were.
pub fn kill_leftovers(dir: &Path) -> usize {
    let mut needle = format!("{VAR}={}", dir.display()).into_bytes();
    needle.push(0);
    let me = std::process::id();
    let mut killed = 0;
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        if pid == me {
            continue;
        }
        let Ok(env) = std::fs::read(entry.path().join("environ")) else { continue };
        if env.split_inclusive(|&b| b == 0).any(|v| v == needle.as_slice()) {
            // SAFETY: kill(2) of a process found by its environment a moment ago.
            if unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) } == 0 {
                killed += 1;
            }
        }
    }
    killed
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    #[test]
    fn processes_tagged_with_the_directory_are_killed_and_others_are_not() -> std::io::Result<()> {
        let dir = tempfile::tempdir()?;
        let mut mine = Command::new("sleep").arg("30").env(VAR, dir.path()).spawn()?;
        let mut other = Command::new("sleep").arg("30").env(VAR, dir.path().join("other")).spawn()?;
        std::thread::sleep(std::time::Duration::from_millis(50));
        assert_eq!(kill_leftovers(dir.path()), 1);
        assert!(mine.wait()?.code().is_none(), "killed by a signal");
        assert!(other.try_wait()?.is_none(), "another directory's process lives on");
        other.kill()?;
        other.wait()?;
        Ok(())
    }
}
