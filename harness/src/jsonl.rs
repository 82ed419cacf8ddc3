//! Append-only files of JSON lines that survive `kill -9`.
//!
//! A record is one line, written with a single `write` call and then `fdatasync`ed, so
//! that the file holds every record whose cell was reported finished. A kill can at
//! worst cut the line being written: on opening, a tail without its newline is cut off
//! before anything is appended, so no record is ever truncated, and since a record is
//! written once, after its cell ended, none is duplicated. The file is locked (`flock`)
//! while open, so two runs never write it at once.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::error::{Context, Error};

/// An open JSON-lines file.
pub struct JsonLines {
    path: PathBuf,
    file: File,
}

impl JsonLines {
    /// Opens (creating) `path`, drops an unfinished last line, and returns the complete
    /// lines with their 1-based line numbers.
    pub fn open(path: &Path) -> Result<(JsonLines, Vec<(usize, String)>), Error> {
        let what = || format!("opening {}", path.display());
        let mut file = OpenOptions::new().read(true).append(true).create(true).open(path).context(what)?;
        lock(&file, path)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).context(what)?;
        let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        if complete < bytes.len() {
            file.set_len(complete as u64).context(|| format!("cutting an unfinished record off {}", path.display()))?;
            file.sync_data().context(what)?;
        }
        let text = String::from_utf8_lossy(&bytes[..complete]);
        let lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| (i + 1, l.to_string()))
            .collect();
        Ok((JsonLines { path: path.to_path_buf(), file }, lines))
    }

    /// Appends one line (no newline inside) durably.
    pub fn append(&mut self, line: &str) -> Result<(), Error> {
        let mut buf = Vec::with_capacity(line.len() + 1);
        buf.extend_from_slice(line.as_bytes());
        buf.push(b'\n');
        let what = || format!("appending to {}", self.path.display());
        self.file.write_all(&buf).context(what)?;
        self.file.sync_data().context(what)
    }
}

/// How long a lock held by a run that has just died may take to go: the shepherds it forked
/// hold a copy of its descriptors until they close them, which a loaded machine can delay.
const LOCK_GRACE: Duration = Duration::from_secs(5);

/// Takes an exclusive lock on `file` for as long as it is open (the kernel drops it when
/// the process dies), so two runs never write one file.
fn lock(file: &File, path: &Path) -> Result<(), Error> {
    use std::os::fd::AsRawFd;
    let deadline = Instant::now() + LOCK_GRACE;
    // SAFETY: flock(2) on a descriptor the caller owns.
    while unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
        if Instant::now() >= deadline {
            return Err(Error::InUse(path.to_path_buf()));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unfinished_last_line_is_cut_before_appending() -> Result<(), Error> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("r.jsonl");
        std::fs::write(&path, "{\"a\":1}\n{\"a\":2}\n{\"a\":")?;
        let (mut lines, existing) = JsonLines::open(&path)?;
        assert_eq!(existing, vec![(1, "{\"a\":1}".to_string()), (2, "{\"a\":2}".to_string())]);
        lines.append("{\"a\":3}")?;
        assert_eq!(std::fs::read_to_string(&path)?, "{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n");
        Ok(())
    }
}
