//! What can go wrong while generating a suite.

use std::io;
use std::path::{Path, PathBuf};

/// What went wrong while generating.
#[derive(Debug, thiserror::Error)]
pub enum GenError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error(transparent)]
    Manifest(#[from] contract::manifest::ManifestError),
    #[error("{job}: {message}")]
    Build { job: String, message: String },
    #[error("{path}: the file's bytes hash to {actual}, not to its name; delete it and generate again")]
    Corrupt { path: PathBuf, actual: String },
    #[error("{job} ({format}): generated {new}, but the manifest records {old}; the generator is not deterministic or its version changed without a version bump")]
    Changed { job: String, format: String, old: String, new: String },
    /// Symbolic links under `DIR/instances/`, which generate neither writes nor deletes
    /// through.
    #[error("{}: a symbolic link, and generate writes and deletes under instances/ only where no link leads, so it changed nothing{}\n  help: remove the link (`rm` removes the link, not what it points to) and generate again", .links[0].display(), .links[1..].iter().map(|l| format!("\n  also a link: {}", l.display())).collect::<String>())]
    Links { links: Vec<PathBuf> },
    #[error("the suite has ladders, and generating them needs a calibration solver or a recorded reach (ladders.csv)")]
    NoReach,
    /// A certified answer contradicts an instance's expected answer (`generate --certify`).
    #[error("the certified answer contradicts the expected answer of {} instance(s), so no manifest was written:\n  {}\n  help: a wrong benchmark is worse than none: the encoding, the reference solver or the published answer is wrong; find which before generating again", .instances.len(), .instances.join("\n  "))]
    Disagreement { instances: Vec<String> },
}

pub(crate) fn io_err(path: &Path) -> impl FnOnce(io::Error) -> GenError + '_ {
    move |source| GenError::Io { path: path.to_path_buf(), source }
}
