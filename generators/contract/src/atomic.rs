//! Writing a file so that readers see the old file or the complete new one, never a part.

use std::fs::{self, Permissions};
use std::io::{self, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Writes `path` through `write`: into a temporary file in the same directory (created if
/// missing), synced and renamed over `path` only when `write` succeeded. The file is
/// world-readable (0644), like any output file, not private like a temporary file.
pub fn write_atomically<T>(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<T>) -> io::Result<T> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let located = |e: io::Error, what: &Path| io::Error::new(e.kind(), format!("{}: {e}", what.display()));
    fs::create_dir_all(dir).map_err(|e| located(e, dir))?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".qbfgames-")
        .permissions(Permissions::from_mode(0o644))
        .tempfile_in(dir)
        .map_err(|e| located(e, dir))?;
    let value =
        write(tmp.as_file_mut()).and_then(|v| tmp.as_file_mut().sync_all().map(|_| v)).map_err(|e| located(e, path))?;
    tmp.persist(path).map_err(|e| located(e.error, path))?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
