//! The files under `DIR/instances/` that no manifest row lists (as its file or its symbol
//! map): what `generate` removes after a suite changed, and what `manifest verify` reports.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use contract::manifest::Row;

/// Unlisted files under `dir/instances/`, sorted; write_atomically's temporary files are
/// not counted. Unreadable folders are skipped.
pub fn unlisted(dir: &Path, rows: &[Row]) -> Vec<PathBuf> {
    let listed: BTreeSet<PathBuf> =
        rows.iter().flat_map(|r| [&r.path, &r.map]).filter(|p| !p.is_empty()).map(|p| dir.join(p)).collect();
    let mut folders = vec![dir.join("instances")];
    let mut found = Vec::new();
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for path in entries.flatten().map(|e| e.path()) {
            if path.is_dir() {
                folders.push(path);
            } else if !listed.contains(&path)
                && !path.file_name().is_some_and(|n| contract::is_temporary(&n.to_string_lossy()))
            {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Whether `path` is named by its content, `<sha256>.<ext>`, as `generate` names files.
pub fn content_addressed(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let name = name.as_bytes();
    name.len() > 65 && name[64] == b'.' && name[..64].iter().all(u8::is_ascii_hexdigit)
}
