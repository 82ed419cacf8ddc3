//! The `qdimacs-preprocessed/` track: the preprocessor's output of every QDIMACS instance,
//! named as in `qdimacs/`, taken from the cache that `qbfgames run --preprocessors NAME`
//! wrote (`DIR/cache/<preprocessor>-<fingerprint>/<id>.qdimacs`), so the package carries
//! exactly the formulas the run measured. An instance the preprocessor solved, or failed
//! on, has no preprocessed file; the README counts them.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use contract::manifest::Row;
use harness::{cached, output_path};

use super::super::error::Error;

/// What the track holds and leaves out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Preprocessed {
    /// The cache folder's name (`bloqqer-<fingerprint>`).
    pub by: String,
    /// Archive path → formula bytes (uncompressed).
    pub files: BTreeMap<String, Vec<u8>>,
    /// Instances the preprocessor answered by itself.
    pub solved: usize,
    /// Instances it failed on (limit, crash) or that the run has not preprocessed.
    pub missing: usize,
}

/// The preprocessed track for the QDIMACS `rows` (with their readable `names`, by index).
pub fn preprocessed(dir: &Path, rows: &[Row], names: &BTreeMap<usize, String>) -> Result<Preprocessed, Error> {
    let caches: Vec<PathBuf> = fs::read_dir(dir.join("cache"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    let cache = match &caches[..] {
        [one] => one,
        [] => return Err(Error::NoPreprocessed { dir: dir.to_path_buf(), found: "no preprocessor's output".into() }),
        more => {
            let found = more.iter().filter_map(|p| p.file_name()).map(|n| n.to_string_lossy().into_owned());
            let found = format!(
                "outputs of several preprocessors, versions or limits: {}",
                found.collect::<Vec<_>>().join(", ")
            );
            return Err(Error::NoPreprocessed { dir: dir.to_path_buf(), found });
        }
    };
    let mut track = Preprocessed {
        by: cache.file_name().map_or(String::new(), |n| n.to_string_lossy().into()),
        ..Preprocessed::default()
    };
    for (i, row) in rows.iter().enumerate().filter(|(_, r)| r.format == "qdimacs") {
        let Some(name) = names.get(&i) else { continue };
        match cached(cache, &row.id).map(|r| r.status) {
            Some(None) => {
                let path = output_path(cache, &row.id);
                let bytes = fs::read(&path)
                    .map_err(|error| Error::Io { what: format!("reading {}", path.display()), error })?;
                track.files.insert(format!("qdimacs-preprocessed/{}/{name}.qdimacs.gz", row.family), bytes);
            }
            Some(Some(status)) if status.verdict().is_some() => track.solved += 1,
            _ => track.missing += 1,
        }
    }
    Ok(track)
}
