//! Reading `DIR/manifest.csv`, the instance list a suite generator writes.
//!
//! One row per file. The harness needs the columns in [`REQUIRED`]; other columns
//! are ignored, so the generator can add some without breaking runs. Rows of game source
//! files ([`SOURCE_FORMATS`]: the BDDL, PG and GDL files an instance was made from) are
//! skipped: only QBFs are run. A missing column
//! is an error naming the file and the column; a bad value names the file, the line and
//! the column.

use std::path::{Path, PathBuf};

use super::error::Error;
use super::format::InputFormat;
use super::outcome::Verdict;

/// The columns the harness reads.
pub const REQUIRED: [&str; 19] = [
    "id",
    "gbd_id",
    "family",
    "game",
    "params",
    "encoding",
    "format",
    "depth",
    "vars",
    "universal",
    "existential",
    "blocks",
    "clauses",
    "literals",
    "gates",
    "expected",
    "expected_by",
    "path",
    "generator_version",
];

/// The `format` values of game source files, which the harness skips.
pub const SOURCE_FORMATS: [&str; 4] = ["bddl-domain", "bddl-problem", "pg", "gdl"];

/// One instance of a manifest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// SHA-256 of the file's bytes.
    pub id: String,
    pub family: String,
    pub game: String,
    pub params: String,
    pub encoding: String,
    pub format: InputFormat,
    pub depth: String,
    /// The known answer, if any.
    pub expected: Option<Verdict>,
    pub expected_by: String,
    /// The instance file (the manifest's `path`, joined to the manifest's directory).
    pub path: PathBuf,
}

impl Instance {
    /// A QDIMACS file known by its hash alone, outside any manifest.
    pub fn qdimacs_file(id: String, family: String, path: PathBuf) -> Instance {
        Instance {
            id,
            family,
            game: String::new(),
            params: String::new(),
            encoding: String::new(),
            format: InputFormat::Qdimacs,
            depth: String::new(),
            expected: None,
            expected_by: String::new(),
            path,
        }
    }
}

/// Reads `dir/manifest.csv`.
pub fn read_manifest(dir: &Path) -> Result<Vec<Instance>, Error> {
    let file = dir.join("manifest.csv");
    let mut reader = csv::ReaderBuilder::new().from_path(&file).map_err(|e| {
        Error::new(format!("{}: {e}\n  help: `qbfgames generate` writes the manifest of a suite", file.display()))
    })?;
    let headers = reader.headers().map_err(|e| Error::new(format!("{}: {e}", file.display())))?.clone();
    let mut column = [0usize; REQUIRED.len()];
    for (slot, name) in column.iter_mut().zip(REQUIRED) {
        *slot = headers.iter().position(|h| h == name).ok_or_else(|| {
            Error::new(format!(
                "{}:1: missing column `{name}`\n  help: the manifest needs the columns {}",
                file.display(),
                REQUIRED.join(", ")
            ))
        })?;
    }
    let col = |name: &str| column[REQUIRED.iter().position(|r| *r == name).unwrap_or(0)];
    let mut instances = Vec::new();
    for row in reader.records() {
        let row = row.map_err(|e| match e.kind() {
            csv::ErrorKind::UnequalLengths { pos, len, .. } => Error::new(format!(
                "{}:{}: the row has {len} fields, the header {}\n  help: quote fields that contain commas",
                file.display(),
                pos.as_ref().map_or(0, |p| p.line()),
                headers.len()
            )),
            _ => Error::new(format!("{}: {e}", file.display())),
        })?;
        let line = row.position().map_or(0, |p| p.line());
        let get = |name: &str| row.get(col(name)).unwrap_or("").to_string();
        let bad = |name: &str, help: &str| {
            Error::new(format!(
                "{}:{line}: column `{name}`: invalid value `{}`\n  help: {help}",
                file.display(),
                get(name)
            ))
        };
        let id = get("id");
        if id.len() != 64 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad("id", "the id is the SHA-256 of the instance file, 64 hex digits"));
        }
        if SOURCE_FORMATS.contains(&get("format").as_str()) {
            continue;
        }
        let format = get("format")
            .parse()
            .map_err(|_| bad("format", "use qdimacs or qcir (game sources: bddl-domain, bddl-problem, pg, gdl)"))?;
        let expected = match get("expected").as_str() {
            "true" => Some(Verdict::True),
            "false" => Some(Verdict::False),
            "unknown" => None,
            _ => return Err(bad("expected", "use true, false or unknown")),
        };
        let rel = get("path");
        if rel.is_empty() || Path::new(&rel).is_absolute() {
            return Err(bad("path", "paths are relative to the manifest's directory"));
        }
        instances.push(Instance {
            id,
            family: get("family"),
            game: get("game"),
            params: get("params"),
            encoding: get("encoding"),
            format,
            depth: get("depth"),
            expected,
            expected_by: get("expected_by"),
            path: dir.join(rel),
        });
    }
    Ok(instances)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "id,gbd_id,family,game,params,encoding,format,depth,vars,universal,existential,blocks,clauses,literals,gates,expected,expected_by,path,generator_version,extra";

    fn row(id: &str, expected: &str) -> String {
        format!(
            "{id},g,fam,game,n=2,lifted,qdimacs,3,2,1,1,2,2,4,0,{expected},depqbf,instances/fam/{id}.qdimacs,0.1.0,x"
        )
    }

    fn read(text: &str) -> Result<Vec<Instance>, Error> {
        let dir = tempfile::tempdir()?;
        std::fs::write(dir.path().join("manifest.csv"), text)?;
        read_manifest(dir.path())
            .map_err(|e| Error::new(e.to_string().replace(&dir.path().display().to_string(), "DIR")))
    }

    #[test]
    fn rows_become_instances_and_extra_columns_are_ignored() -> Result<(), Error> {
        let id = "a".repeat(64);
        let instances = read(&format!("{HEADER}\n{}\n", row(&id, "true")))?;
        assert_eq!(instances.len(), 1);
        assert_eq!(instances[0].expected, Some(Verdict::True));
        assert!(instances[0].path.ends_with(format!("instances/fam/{id}.qdimacs")));
        Ok(())
    }

    #[test]
    fn game_source_rows_are_skipped() -> Result<(), Error> {
        let id = "c".repeat(64);
        let source = row(&"d".repeat(64), "true").replace(",qdimacs,", ",bddl-domain,");
        let instances = read(&format!("{HEADER}\n{source}\n{}\n", row(&id, "false")))?;
        assert_eq!(instances.len(), 1);
        assert_eq!(instances[0].id, id);
        Ok(())
    }

    #[test]
    fn missing_columns_and_bad_values_are_named() {
        let e = read(&HEADER.replace("expected_by,", "")).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("DIR/manifest.csv:1: missing column `expected_by`"), "{e}");
        let e = read(&format!("{HEADER}\n{}\n", row(&"b".repeat(64), "maybe")))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.starts_with("DIR/manifest.csv:2: column `expected`: invalid value `maybe`"), "{e}");
        let e = read(&format!("{HEADER}\n{}\n", row("short", "true"))).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("DIR/manifest.csv:2: column `id`"), "{e}");
    }
}
