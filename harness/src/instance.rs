//! An instance as the matrix runs it: a view of a manifest row ([`contract::Row`], read
//! through [`contract::manifest::read`], the one reader) with its format typed and its
//! path made absolute.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use contract::manifest::{self, Escape, ManifestError};
use contract::{Row, Verdict};
use qbf::io::Format;

use super::error::Error;

/// One formula to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// SHA-256 of the file's bytes.
    pub id: String,
    pub family: String,
    /// The manifest's job key (empty for hand-made rows and files outside a manifest).
    pub job: String,
    pub format: Format,
    /// The known answer, if any.
    pub expected: Option<Verdict>,
    /// The instance file (the manifest's `path`, joined to the manifest's directory).
    pub path: PathBuf,
    /// Where it sits on a depth series; `None` when its model sets the depth.
    pub rung: Option<SeriesRung>,
}

/// A place on a depth series: the jobs of one family, parameters and encoding at numbered
/// depths (the rungs a ladder climbs, or the depths a family lists), as `select` predicts
/// along them.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SeriesRung {
    /// The family, parameters and encoding, joined.
    pub series: String,
    pub depth: u32,
}

impl SeriesRung {
    /// The rung of a manifest row, if its depth is a number of plies.
    pub fn of_row(row: &Row) -> Option<SeriesRung> {
        let series = format!("{}|{}|{}", row.family, row.params, row.encoding);
        row.depth.plies().map(|depth| SeriesRung { series, depth })
    }
}

impl Instance {
    /// The QBF of a manifest row of `dir`; `None` for a game source file or a format no
    /// solver reads; an error for a path that leaves `dir` through a symbolic link.
    pub fn of_row(row: &Row, dir: &Path) -> Result<Option<Instance>, Escape> {
        let Ok(format) = row.format.parse() else { return Ok(None) };
        Ok(Some(Instance {
            id: row.id.clone(),
            family: row.family.clone(),
            job: row.job.clone(),
            format,
            expected: row.expected,
            path: row.file(dir)?,
            rung: SeriesRung::of_row(row),
        }))
    }

    /// A QDIMACS file known by its hash alone, outside any manifest.
    pub fn qdimacs_file(id: String, family: String, path: PathBuf) -> Instance {
        Instance { id, family, job: String::new(), format: Format::Qdimacs, expected: None, path, rung: None }
    }
}

/// Which of a manifest's jobs a run takes, by job key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Subset {
    /// Every job.
    #[default]
    All,
    /// Every job but these (e.g. the rungs a ladder predicted, `run` leaves out).
    Without(BTreeSet<String>),
    /// Only these (e.g. the predicted jobs a prediction check runs).
    Only(BTreeSet<String>),
    /// Only these jobs, each with only the configurations (`PREPROCESSOR+SOLVER`) paired
    /// with it (e.g. the frontier's rungs, each with the configuration that predicts best).
    Cells(BTreeSet<(String, String)>),
}

impl Subset {
    /// Whether the job `key` is taken.
    pub fn takes(&self, key: &str) -> bool {
        match self {
            Subset::All => true,
            Subset::Without(left) => !left.contains(key),
            Subset::Only(taken) => taken.contains(key),
            Subset::Cells(cells) => cells.iter().any(|(job, _)| job == key),
        }
    }

    /// Whether the cell of the job `key` with `configuration` (`PREPROCESSOR+SOLVER`) is
    /// taken.
    pub fn takes_cell(&self, key: &str, configuration: &str) -> bool {
        match self {
            Subset::Cells(cells) => cells.iter().any(|(job, c)| job == key && c == configuration),
            _ => self.takes(key),
        }
    }
}

/// The QBF instances of `dir/manifest.csv` (game source files skipped), each checked to
/// exist and to stay inside `dir` ([`manifest::resolve`]).
pub fn instances(dir: &Path) -> Result<Vec<Instance>, Error> {
    subset(dir, &Subset::All)
}

/// [`instances`] of the jobs `which` takes.
pub fn subset(dir: &Path, which: &Subset) -> Result<Vec<Instance>, Error> {
    let rows = manifest::read(dir)?;
    let mut instances = Vec::new();
    for row in rows.iter().filter(|r| which.takes(&r.job)) {
        instances.extend(Instance::of_row(row, dir).map_err(ManifestError::from)?);
    }
    match instances.iter().find(|i| !i.path.is_file()) {
        Some(missing) => Err(Error::MissingInstance { path: missing.path.clone(), id: missing.id.clone() }),
        None => Ok(instances),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "id,gbd_id,family,game,params,encoding,format,depth,vars,universal,existential,blocks,clauses,literals,gates,expected,expected_by,path,generator_version,extra";

    fn row(id: &str, expected: &str, format: &str) -> String {
        format!("{id},g,fam,game,n=2,lifted,{format},3,2,1,1,2,2,4,0,{expected},depqbf,{id}.{format},0.1.0,x")
    }

    /// Writes a manifest and the files its rows name; returns the instances read back.
    fn read(rows: &[String]) -> Result<Vec<Instance>, Error> {
        let dir = tempfile::tempdir()?;
        let mut text = format!("{HEADER}\n");
        for row in rows {
            text += &format!("{row}\n");
            let path = row.split(',').nth(17).unwrap_or_default();
            std::fs::write(dir.path().join(path), "p cnf 0 0\n")?;
        }
        std::fs::write(dir.path().join("manifest.csv"), text)?;
        instances(dir.path())
    }

    #[test]
    fn rows_become_instances_with_absolute_paths() -> Result<(), Error> {
        let id = "a".repeat(64);
        let instances = read(&[row(&id, "true", "qdimacs")])?;
        assert_eq!(instances.len(), 1);
        assert_eq!(instances[0].expected, Some(Verdict::True));
        assert_eq!(instances[0].format, Format::Qdimacs);
        assert!(instances[0].path.is_absolute() && instances[0].path.ends_with(format!("{id}.qdimacs")));
        Ok(())
    }

    #[test]
    fn game_source_rows_are_skipped() -> Result<(), Error> {
        let id = "c".repeat(64);
        let instances = read(&[row(&"d".repeat(64), "true", "bddl-domain"), row(&id, "false", "qcir")])?;
        assert_eq!(instances.len(), 1);
        assert_eq!((instances[0].id.as_str(), instances[0].format), (id.as_str(), Format::Qcir));
        Ok(())
    }
}
