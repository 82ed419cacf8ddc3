//! Writing a file so that readers see the old file or the complete new one, never a part:
//! the workspace's one temp-and-rename writer. [`write_atomically`] writes a named file;
//! [`write_named`] a file whose name is decided by its bytes (content addressing).

use std::fs::{self, Permissions};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

/// A temporary file in `dir`, world-readable (0644) like any output file, not private.
/// How the temporary files of [`write_atomically`] and [`write_named`] begin.
const TEMPORARY_PREFIX: &str = ".qbfgames-";

fn temporary(dir: &Path) -> io::Result<NamedTempFile> {
    tempfile::Builder::new().prefix(TEMPORARY_PREFIX).permissions(Permissions::from_mode(0o644)).tempfile_in(dir)
}

/// Whether a file name is one of this module's temporary files: a file a killed process
/// left half-written.
pub fn is_temporary(name: &str) -> bool {
    name.starts_with(TEMPORARY_PREFIX)
}

/// A file written by [`write_named`].
#[derive(Debug)]
pub struct Named<T> {
    /// What `write` returned.
    pub value: T,
    pub path: PathBuf,
    /// A file of that name was there already and was left as it is; the caller verifies
    /// it.
    pub existed: bool,
}

/// Why [`write_named`] failed, at which path (the directory, or the file's final name).
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct WriteError {
    pub path: PathBuf,
    pub source: io::Error,
}

/// Writes a file into the existing directory `dir` through `write` (buffered), then names
/// it `name(&value)` from what `write` returned (e.g. the hash of the bytes). If a file of
/// that name exists it is kept and the new bytes are dropped (`existed`); otherwise the
/// temporary file is renamed to it. Not synced: a content-addressed file is checked against
/// its name when it is used again.
pub fn write_named<T>(
    dir: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<T>,
    name: impl FnOnce(&T) -> String,
) -> Result<Named<T>, WriteError> {
    let in_dir = |source| WriteError { path: dir.to_path_buf(), source };
    let mut tmp = temporary(dir).map_err(in_dir)?;
    let value = {
        let mut out = BufWriter::with_capacity(1 << 16, tmp.as_file_mut());
        write(&mut out).and_then(|v| out.flush().map(|_| v)).map_err(in_dir)?
    };
    let path = dir.join(name(&value));
    let existed = path.exists();
    if !existed {
        tmp.persist(&path).map_err(|e| WriteError { path: path.clone(), source: e.error })?;
    }
    Ok(Named { value, path, existed })
}

/// Writes `path` through `write`: into a temporary file in the same directory (created if
/// missing), synced and renamed over `path` only when `write` succeeded. A device or a pipe
/// (`-o /dev/null`, a FIFO) is written in place: renaming over it would replace it by a
/// regular file.
pub fn write_atomically<T>(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<T>) -> io::Result<T> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let located = |e: io::Error, what: &Path| io::Error::new(e.kind(), format!("{}: {e}", what.display()));
    if fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let mut special = fs::OpenOptions::new().write(true).open(path).map_err(|e| located(e, path))?;
        return write(&mut special).map_err(|e| located(e, path));
    }
    fs::create_dir_all(dir).map_err(|e| located(e, dir))?;
    let mut tmp = temporary(dir).map_err(|e| located(e, dir))?;
    let value =
        write(tmp.as_file_mut()).and_then(|v| tmp.as_file_mut().sync_all().map(|_| v)).map_err(|e| located(e, path))?;
    tmp.persist(path).map_err(|e| located(e.error, path))?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pipe_is_written_in_place_not_replaced_by_a_file() -> io::Result<()> {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir()?;
        let fifo = dir.path().join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status()?.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(fifo))
        };
        write_atomically(&fifo, |w| w.write_all(b"through the pipe"))?;
        assert_eq!(reader.join().map_err(|_| io::Error::other("reader panicked"))??, b"through the pipe");
        assert!(fs::metadata(&fifo)?.file_type().is_fifo(), "still a FIFO");
        assert_eq!(fs::read_dir(dir.path())?.count(), 1, "no temporary file left");
        Ok(())
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary_file() -> io::Result<()> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("sub/f.txt");
        write_atomically(&path, |w| w.write_all(b"old"))?;
        let failed = write_atomically(&path, |w| {
            w.write_all(b"half")?;
            Err::<(), _>(io::Error::other("interrupted"))
        });
        assert!(failed.is_err());
        assert_eq!(fs::read(&path)?, b"old");
        assert_eq!(fs::read_dir(path.parent().unwrap_or(dir.path()))?.count(), 1);
        assert_eq!(fs::metadata(&path)?.permissions().mode() & 0o777, 0o644);
        Ok(())
    }

    #[test]
    fn named_files_take_their_name_after_writing_and_keep_an_existing_file() -> Result<(), WriteError> {
        let dir = tempfile::tempdir().map_err(|source| WriteError { path: PathBuf::new(), source })?;
        let len = |w: &mut dyn Write| w.write_all(b"abc").map(|_| 3usize);
        let first = write_named(dir.path(), len, |n| format!("{n}.txt"))?;
        assert!(!first.existed && first.path.ends_with("3.txt"));
        let second = write_named(dir.path(), |w| w.write_all(b"xyz").map(|_| 3usize), |n| format!("{n}.txt"))?;
        assert!(second.existed);
        assert_eq!(fs::read(&second.path).ok().as_deref(), Some(&b"abc"[..]));
        assert_eq!(fs::read_dir(dir.path()).map(|d| d.count()).ok(), Some(1));
        Ok(())
    }
}
