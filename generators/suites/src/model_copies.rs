//! The models a suite reads, copied next to its instances: `DIR/models/` holds the suite
//! file and every model file at its path relative to the suite file, so that
//! `qbfgames generate DIR/models/<suite>.toml` (also from an unpacked package) gives the
//! same instances byte for byte.
//!
//! A suite with ladders also needs the reach its ladders were generated to:
//! `DIR/ladders.csv` is copied to `DIR/models/ladders.csv`, and
//! `qbfgames generate DIR/models/<suite>.toml --reach DIR/models/ladders.csv` regenerates
//! the same instances without running any solver.
//!
//! Only a suite whose model paths are all relative and inside the suite's folder can be
//! carried this way; for any other suite nothing is copied and [`copy_models`] says so.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

use contract::docs::{Docs, FamilyDoc};
use contract::write_atomically;

use crate::error::GenError;
use crate::ladder::FILE as LADDERS;
use crate::resolve::{load, Param, Suite, SuiteError};

/// The suite file `generate` copied into `dir/models/`, if it did.
pub fn copied_suite(dir: &Path) -> Option<PathBuf> {
    let entries = std::fs::read_dir(dir.join("models")).into_iter().flatten().flatten();
    let mut files = entries.map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "toml"));
    files.next()
}

/// The words of the suite `generate` copied into `dir/models/` (empty without one).
pub fn copied_docs(dir: &Path) -> Result<Docs, SuiteError> {
    let Some(file) = copied_suite(dir) else {
        return Ok(Docs::default());
    };
    let suite = load(&file)?;
    let families =
        suite.families.into_iter().map(|f| (f.name, FamilyDoc { description: f.description, source: f.source }));
    Ok(Docs { description: suite.description, families: families.collect() })
}

/// Every model file `suite` reads, as written in the suite (relative to its folder).
pub fn model_files(suite: &Suite) -> BTreeSet<&str> {
    let params = suite.families.iter().flat_map(|f| &f.points).flat_map(|p| p.params.values());
    params.filter_map(|v| if let Param::Path(p) = v { Some(p.as_str()) } else { None }).collect()
}

/// Copies the suite file and its models into `out/models/`, and `out/ladders.csv` where
/// generation wrote one (a `models/ladders.csv` without it is removed); returns the model
/// paths that could not be carried (absolute, or outside the suite's folder), in which
/// case nothing is copied.
pub fn copy_models<'a>(suite: &'a Suite, suite_file: &Path, out: &Path) -> Result<Vec<&'a str>, GenError> {
    let files = model_files(suite);
    let outside: Vec<&str> = files.iter().copied().filter(|p| !inside(Path::new(p))).collect();
    if !outside.is_empty() {
        return Ok(outside);
    }
    let models = out.join("models");
    let name = suite_file.file_name().ok_or_else(|| GenError::Io {
        path: suite_file.to_path_buf(),
        source: std::io::Error::other("a suite file has a name"),
    })?;
    let mut copies = vec![(suite_file.to_path_buf(), models.join(name))];
    copies.extend(files.iter().map(|p| (suite.dir.join(p), models.join(p))));
    let (reach, reach_copy) = (out.join(LADDERS), models.join(LADDERS));
    if reach.is_file() {
        copies.push((reach, reach_copy));
    } else if reach_copy.is_file() {
        std::fs::remove_file(&reach_copy).map_err(|source| GenError::Io { path: reach_copy.clone(), source })?;
    }
    for (from, to) in copies {
        let bytes = std::fs::read(&from).map_err(|source| GenError::Io { path: from.clone(), source })?;
        write_atomically(&to, |w| w.write_all(&bytes)).map_err(|source| GenError::Io { path: to.clone(), source })?;
    }
    Ok(Vec::new())
}

/// A relative path that stays inside its folder.
fn inside(path: &Path) -> bool {
    path.components().all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}
