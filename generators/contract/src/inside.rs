//! Whether a manifest path stays inside the manifest's folder: as text (relative, no `..`,
//! checked when the manifest is read) and on disk (no symbolic link on the way, and the
//! canonical path under the canonical folder). Every reader of the files a manifest lists
//! goes through [`resolve`], so that a link cannot make `run`, `manifest verify` or
//! `package` read a file outside the folder.

use std::io;
use std::path::{Component, Path, PathBuf};

/// A manifest path that leaves its folder on disk.
#[derive(Debug, thiserror::Error)]
pub enum Escape {
    /// The path is absolute or goes up (`..`).
    #[error("{path}: not a path inside {}\n  help: manifest paths are relative to the manifest's folder, without `..`", dir.display())]
    Text { dir: PathBuf, path: String },
    /// A symbolic link on the way: the file itself or a folder above it.
    #[error("{path}: {} is a symbolic link, and a manifest path must not go through one\n  help: remove the link and put the file itself there (`qbfgames generate` writes it again)", link.display())]
    Link { path: String, link: PathBuf },
    /// The path resolves to a file outside the folder (a mount, a hard-linked folder).
    #[error("{path}: resolves to {}, outside {}\n  help: put the file itself inside the folder", resolved.display(), dir.display())]
    Outside { dir: PathBuf, path: String, resolved: PathBuf },
    /// The folder or the path could not be examined.
    #[error("{}: {error}", file.display())]
    Unreadable { file: PathBuf, error: io::Error },
}

/// Whether `path`, as text, stays inside the folder it is relative to: not empty, no root,
/// no prefix, no `..`.
pub fn textually_inside(path: &str) -> bool {
    !path.is_empty() && Path::new(path).components().all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}

/// `dir/path`, once it is known to stay inside `dir`: no component of `path` is a symbolic
/// link (`dir` itself may be one), and the canonical file is under the canonical `dir`. A
/// file that does not exist passes (there is nothing to escape through), and its reader
/// reports it missing in its own words.
pub fn resolve(dir: &Path, path: &str) -> Result<PathBuf, Escape> {
    if !textually_inside(path) {
        return Err(Escape::Text { dir: dir.to_path_buf(), path: path.to_string() });
    }
    let mut file = dir.to_path_buf();
    for component in Path::new(path).components() {
        file.push(component);
        match std::fs::symlink_metadata(&file) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(Escape::Link { path: path.to_string(), link: file });
            }
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(dir.join(path)),
            Err(error) => return Err(Escape::Unreadable { file, error }),
        }
    }
    let canonical = |p: &Path| p.canonicalize().map_err(|error| Escape::Unreadable { file: p.to_path_buf(), error });
    let resolved = canonical(&file)?;
    if resolved.starts_with(canonical(dir)?) {
        Ok(file)
    } else {
        Err(Escape::Outside { dir: dir.to_path_buf(), path: path.to_string(), resolved })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type TestResult = Result<(), Box<dyn std::error::Error>>;

    #[test]
    fn plain_files_and_missing_files_resolve() -> TestResult {
        let dir = tempfile::tempdir()?;
        std::fs::create_dir(dir.path().join("instances"))?;
        std::fs::write(dir.path().join("instances/a.qdimacs"), "p cnf 0 0\n")?;
        assert_eq!(resolve(dir.path(), "instances/a.qdimacs")?, dir.path().join("instances/a.qdimacs"));
        assert_eq!(resolve(dir.path(), "instances/b/c.qdimacs")?, dir.path().join("instances/b/c.qdimacs"));
        assert!(matches!(resolve(dir.path(), "../a"), Err(Escape::Text { .. })));
        assert!(matches!(resolve(dir.path(), "/etc/passwd"), Err(Escape::Text { .. })));
        Ok(())
    }

    #[cfg(unix)]
    #[test]
    fn links_are_refused_wherever_they_are_on_the_way() -> TestResult {
        let dir = tempfile::tempdir()?;
        let elsewhere = tempfile::tempdir()?;
        std::fs::write(elsewhere.path().join("x.qdimacs"), "p cnf 0 0\n")?;
        std::fs::create_dir(dir.path().join("instances"))?;
        std::os::unix::fs::symlink(elsewhere.path(), dir.path().join("instances/f"))?;
        std::os::unix::fs::symlink(elsewhere.path().join("x.qdimacs"), dir.path().join("instances/y.qdimacs"))?;
        for path in ["instances/f/x.qdimacs", "instances/y.qdimacs"] {
            let e = resolve(dir.path(), path).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.starts_with(&format!("{path}: ")) && e.contains("is a symbolic link"), "{e}");
            assert!(e.contains("help: remove the link"), "{e}");
        }
        Ok(())
    }
}
