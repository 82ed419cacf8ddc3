//! What a killed run left behind. Every process a run starts carries the directory it
//! runs for in its environment (`QBFGAMES_RUN`), and inherits it into whatever it starts.
//! The shepherd of each run kills its tree when the harness dies; should a shepherd itself
//! be killed, the next run of the same directory (which holds the directory's lock, so no
//! other run of it is alive) finds the processes by that variable and kills them, and
//! removes the half-written files of the killed run: preprocessed formulas being written
//! (`cache/*/.<id>.<pid>.<n>.qdimacs`) and logs being written (the temporary files of
//! [`contract::write_atomically`] under `logs/*/`).

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

/// Removes the files in the subfolders of `root` whose names `half_written` says a killed
/// run left half-written (the modules that write them know their names); returns how
/// many.
pub fn remove_half_written(root: &Path, half_written: fn(&str) -> bool) -> usize {
    let mut removed = 0;
    for sub in std::fs::read_dir(root).into_iter().flatten().flatten() {
        for file in std::fs::read_dir(sub.path()).into_iter().flatten().flatten() {
            if half_written(&file.file_name().to_string_lossy()) && std::fs::remove_file(file.path()).is_ok() {
                removed += 1;
            }
        }
    }
    removed
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

    #[test]
    fn half_written_files_go_and_finished_ones_stay() -> std::io::Result<()> {
        let dir = tempfile::tempdir()?;
        let cache = dir.path().join("cache/bloqqer-0123");
        let logs = dir.path().join("logs/fam");
        std::fs::create_dir_all(&cache)?;
        std::fs::create_dir_all(&logs)?;
        for f in
            [cache.join(".ab.17.0.qdimacs"), cache.join("ab.qdimacs"), logs.join(".qbfgames-X1"), logs.join("a.log.gz")]
        {
            std::fs::write(f, "")?;
        }
        let removed = remove_half_written(&dir.path().join("cache"), crate::preprocess::is_partial)
            + remove_half_written(&dir.path().join("logs"), contract::is_temporary);
        assert_eq!(removed, 2);
        assert!(cache.join("ab.qdimacs").exists() && logs.join("a.log.gz").exists());
        Ok(())
    }
}
