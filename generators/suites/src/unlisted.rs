//! The files under `DIR/instances/` that no manifest row lists (as its file or its symbol
//! map): what `generate` removes after a suite changed, and what `manifest verify` reports.
//! The walk never follows a symbolic link: it reports it, so that nothing outside the
//! suite folder is read or deleted, and a link to a folder above cannot make it loop.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use contract::manifest::Row;

/// What is under `dir/instances/`: plain files (write_atomically's temporary files not
/// counted) and symbolic links, each sorted. Unreadable folders are skipped.
pub struct Found {
    pub files: Vec<PathBuf>,
    /// The links found (never followed); only `dir/instances` itself when it is one.
    pub links: Vec<PathBuf>,
}

/// Walks `dir/instances/` without following links.
pub fn walk(dir: &Path) -> Found {
    let mut found = Found { files: Vec::new(), links: Vec::new() };
    let top = dir.join("instances");
    match std::fs::symlink_metadata(&top) {
        Ok(meta) if meta.file_type().is_symlink() => found.links.push(top),
        Ok(meta) if meta.is_dir() => found.walk_from(top),
        _ => {}
    }
    found.files.sort();
    found.links.sort();
    found
}

impl Found {
    fn walk_from(&mut self, top: PathBuf) {
        let mut folders = vec![top];
        while let Some(folder) = folders.pop() {
            let Ok(entries) = std::fs::read_dir(&folder) else { continue };
            for entry in entries.flatten() {
                let Ok(kind) = entry.file_type() else { continue };
                let path = entry.path();
                if kind.is_symlink() {
                    self.links.push(path);
                } else if kind.is_dir() {
                    folders.push(path);
                } else if !contract::is_temporary(&entry.file_name().to_string_lossy()) {
                    self.files.push(path);
                }
            }
        }
    }

    /// The files and the links no row of `rows` lists.
    pub fn unlisted(self, dir: &Path, rows: &[Row]) -> Found {
        let listed: BTreeSet<PathBuf> =
            rows.iter().flat_map(|r| [&r.path, &r.map]).filter(|p| !p.is_empty()).map(|p| dir.join(p)).collect();
        let keep = |paths: Vec<PathBuf>| paths.into_iter().filter(|p| !listed.contains(p)).collect();
        Found { files: keep(self.files), links: keep(self.links) }
    }
}

/// Whether `path` is named by its content, `<sha256>.<ext>`, as `generate` names files.
pub fn content_addressed(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let name = name.as_bytes();
    name.len() > 65 && name[64] == b'.' && name[..64].iter().all(u8::is_ascii_hexdigit)
}
