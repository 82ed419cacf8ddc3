//! The manifest: one row per generated file, as CSV and JSON, in a stable order. Written by
//! `qbfgames generate`, read by `manifest verify`, `run`, `package`, `report` and `verify`
//! through [`read`], the one reader.
//!
//! Every error is a [`ParseError`]: `manifest.csv:LINE:COL`, the line quoted, and the fix
//! (a missing column at the header, a bad value at its field, a row with the wrong number
//! of fields where it goes wrong, a byte that is not UTF-8 where it is). Columns beyond
//! [`COLUMNS`] are ignored, so a later generator can add some without breaking readers;
//! `job`, `map` and `map_sha256` may be absent (hand-made manifests of plain QDIMACS files;
//! manifests written before symbol maps were hashed).

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::csv_field::field_offset;
use crate::inside::textually_inside;
pub use crate::inside::{resolve, Escape};
use crate::{Depth, ParseError, Source, Verdict};

/// One generated file. Field order is the CSV column order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// SHA-256 of the file's bytes.
    pub id: String,
    /// GBD identifier (QDIMACS only, else empty).
    pub gbd_id: String,
    pub family: String,
    /// The game model (`bddl`, `gttt`, `hex`, `pg`, `gdl`).
    pub game: String,
    /// `key=value;…` in key order.
    pub params: String,
    pub encoding: String,
    /// `qdimacs`, `qcir`, or the source format ([`SOURCE_FORMATS`]).
    pub format: String,
    /// Plies; `model` when the model file sets it.
    pub depth: Depth,
    pub vars: Option<u64>,
    pub universal: Option<u64>,
    pub existential: Option<u64>,
    pub blocks: Option<u64>,
    pub clauses: Option<u64>,
    pub literals: Option<u64>,
    pub gates: Option<u64>,
    /// The known answer: `true`, `false`, or `unknown` (none).
    #[serde(with = "expected")]
    pub expected: Option<Verdict>,
    /// `reference`, `published`, `certificate` (DepQBF's checked certificate, `generate
    /// --certify`), several of them joined by `+` when they agree, or `none` (hand-made
    /// manifests name their own source).
    pub expected_by: String,
    /// Relative to the manifest's directory.
    pub path: String,
    pub generator_version: String,
    /// The job this file belongs to (family, parameters, depth, encoding).
    #[serde(default)]
    pub job: String,
    /// The symbol map of a QBF file (`<id>.map.json`: Black's first-move variables), relative
    /// to the manifest's directory; empty when the encoding has none.
    #[serde(default)]
    pub map: String,
    /// SHA-256 of the symbol map's bytes; empty when there is no map, or in a manifest
    /// written before maps were hashed.
    #[serde(default)]
    pub map_sha256: String,
}

/// The columns, in order.
pub const COLUMNS: [&str; 22] = [
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
    "job",
    "map",
    "map_sha256",
];

/// The columns a manifest may leave out.
const OPTIONAL: [&str; 3] = ["job", "map", "map_sha256"];

/// The `format` values of game source files (the BDDL, PG and GDL files an instance was
/// made from); solvers run the other rows.
pub const SOURCE_FORMATS: [&str; 4] = ["bddl-domain", "bddl-problem", "pg", "gdl"];

impl Row {
    /// The sort key: job, then format.
    pub fn sort_key(&self) -> (String, String, String, Depth, String, String) {
        (
            self.family.clone(),
            self.game.clone(),
            self.params.clone(),
            self.depth,
            self.encoding.clone(),
            self.format.clone(),
        )
    }

    /// The file, joined to the manifest's directory `dir`, once it is known to stay inside
    /// it on disk ([`resolve`]).
    pub fn file(&self, dir: &Path) -> Result<PathBuf, Escape> {
        resolve(dir, &self.path)
    }
}

/// `expected` as the manifest writes it: `true`, `false` or `unknown`.
mod expected {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::Verdict;

    pub fn serialize<S: Serializer>(v: &Option<Verdict>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v.map_or("unknown", Verdict::name))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Verdict>, D::Error> {
        match String::deserialize(d)?.as_str() {
            "unknown" => Ok(None),
            other => other.parse().map(Some).map_err(serde::de::Error::custom),
        }
    }
}

/// Sorts rows by their stable key.
pub fn sort(rows: &mut [Row]) {
    rows.sort_by_key(Row::sort_key);
}

/// Writes rows as CSV with a header.
pub fn write_csv<W: Write>(out: W, rows: &[Row]) -> io::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    for row in rows {
        w.serialize(row).map_err(io::Error::other)?;
    }
    if rows.is_empty() {
        w.write_record(COLUMNS)?;
    }
    w.flush()
}

/// Writes rows as a JSON array (one object per row, keys in column order).
pub fn write_json<W: Write>(out: W, rows: &[Row]) -> io::Result<()> {
    let mut out = out;
    serde_json::to_writer_pretty(&mut out, rows).map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// A manifest that cannot be read; the message names the file (and line) and the fix.
#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    #[error("{}: no manifest\n  help: `qbfgames generate SUITE --out {}` writes it", .0.display(), .0.parent().map_or_else(|| ".".into(), |d| d.display().to_string()))]
    Missing(PathBuf),
    /// The file could not be read; `error` is part of the message, not a `source()`, so
    /// printing the error chain does not say it twice.
    #[error("{}: {error}", file.display())]
    Unreadable { file: PathBuf, error: io::Error },
    /// A header or row that is not a manifest's, at its line and column, with the fix.
    #[error(transparent)]
    Bad(Box<ParseError>),
    /// A row's file that leaves the manifest's directory on disk (through a link).
    #[error(transparent)]
    Escape(#[from] Escape),
}

impl From<ParseError> for ManifestError {
    fn from(e: ParseError) -> ManifestError {
        ManifestError::Bad(Box::new(e))
    }
}

fn required() -> Vec<&'static str> {
    COLUMNS.into_iter().filter(|c| !OPTIONAL.contains(c)).collect()
}

/// Reads `dir/manifest.csv`, every row checked.
pub fn read(dir: &Path) -> Result<Vec<Row>, ManifestError> {
    read_csv(&dir.join("manifest.csv"))
}

/// Reads a manifest file, every row checked.
pub fn read_csv(file: &Path) -> Result<Vec<Row>, ManifestError> {
    if !file.is_file() {
        return Err(ManifestError::Missing(file.to_path_buf()));
    }
    let reader =
        std::fs::File::open(file).map_err(|error| ManifestError::Unreadable { file: file.to_path_buf(), error })?;
    read_from(file, reader)
}

/// Reads a manifest from `input` (a file inside an archive, say), every row checked;
/// `file` names it in the errors.
pub fn read_from(file: &Path, mut input: impl Read) -> Result<Vec<Row>, ManifestError> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes).map_err(|error| ManifestError::Unreadable { file: file.to_path_buf(), error })?;
    let source = Source::from_bytes(file.display().to_string(), bytes);
    let text = source.text("save the manifest as UTF-8 text, as `qbfgames generate` writes it")?;
    let at = |offset: usize, message: String, help: &str| ParseError::at(&source, offset, message, help).into();
    let mut reader = csv::ReaderBuilder::new().from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|_| {
            at(0, "the header is not a CSV line".into(), "the first line names the columns, separated by commas")
        })?
        .clone();
    let mut column = [None; COLUMNS.len()];
    for (slot, name) in column.iter_mut().zip(COLUMNS) {
        *slot = headers.iter().position(|h| h == name);
        if slot.is_none() && !OPTIONAL.contains(&name) {
            return Err(at(
                0,
                format!("missing column `{name}`"),
                &format!("the header needs the columns {}", required().join(", ")),
            ));
        }
    }
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| match e.kind() {
            csv::ErrorKind::UnequalLengths { pos, len, .. } => {
                let start = pos.as_ref().map_or(0, |p| p.byte() as usize);
                let fields = *len as usize;
                at(
                    field_offset(text.as_bytes(), start, fields.min(headers.len())),
                    format!("the row has {fields} fields, the header {}", headers.len()),
                    "give every row one field per header column; quote fields that contain commas",
                )
            }
            _ => {
                let start = e.position().map_or(0, |p| p.byte() as usize);
                at(start, "the row is not a CSV line".into(), "quote fields that contain commas or quotes")
            }
        })?;
        let start = record.position().map_or(0, |p| p.byte() as usize);
        let fields = Fields { record: &record, column: &column, source: &source, start };
        rows.push(fields.row()?);
    }
    Ok(rows)
}

/// One CSV record, read column by column into a [`Row`].
struct Fields<'a> {
    record: &'a csv::StringRecord,
    column: &'a [Option<usize>; COLUMNS.len()],
    source: &'a Source,
    /// The record's first byte in the file.
    start: usize,
}

impl Fields<'_> {
    fn index(&self, name: &str) -> Option<usize> {
        COLUMNS.iter().position(|c| *c == name).and_then(|i| self.column[i])
    }

    fn get(&self, name: &str) -> &str {
        self.index(name).and_then(|i| self.record.get(i)).unwrap_or("")
    }

    fn bad(&self, column: &'static str, help: &'static str) -> ManifestError {
        let value: String = self.get(column).chars().take(40).collect();
        let cut = if value.len() < self.get(column).len() { "…" } else { "" };
        let offset = field_offset(&self.source.bytes, self.start, self.index(column).unwrap_or(0));
        ParseError::at(self.source, offset, format!("column `{column}`: invalid value `{value}{cut}`"), help).into()
    }

    fn count(&self, column: &'static str) -> Result<Option<u64>, ManifestError> {
        match self.get(column) {
            "" => Ok(None),
            text => text.parse().map(Some).map_err(|_| self.bad(column, "a count is a whole number, or empty")),
        }
    }

    fn row(&self) -> Result<Row, ManifestError> {
        let id = self.get("id");
        if id.len() != 64 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(self.bad("id", "the id is the SHA-256 of the instance file, 64 hex digits"));
        }
        let format = self.get("format");
        if !SOURCE_FORMATS.contains(&format) && !matches!(format, "qdimacs" | "qcir") {
            return Err(self.bad("format", "use qdimacs or qcir (game sources: bddl-domain, bddl-problem, pg, gdl)"));
        }
        let expected = match self.get("expected") {
            "unknown" => None,
            text => Some(text.parse().map_err(|_| self.bad("expected", "use true, false or unknown"))?),
        };
        let depth =
            self.get("depth").parse().map_err(|_| self.bad("depth", "a depth is a number of plies or `model`"))?;
        let path = self.get("path");
        if !textually_inside(path) {
            return Err(self.bad("path", "paths are relative to the manifest's directory and stay inside it (no `..`)"));
        }
        if !self.get("map").is_empty() && !textually_inside(self.get("map")) {
            return Err(self.bad("map", "paths are relative to the manifest's directory and stay inside it (no `..`)"));
        }
        let map_sha256 = self.get("map_sha256");
        if !map_sha256.is_empty() && (map_sha256.len() != 64 || !map_sha256.bytes().all(|b| b.is_ascii_hexdigit())) {
            return Err(self.bad("map_sha256", "the SHA-256 of the symbol map file, 64 hex digits, or empty"));
        }
        Ok(Row {
            id: id.to_string(),
            gbd_id: self.get("gbd_id").to_string(),
            family: self.get("family").to_string(),
            game: self.get("game").to_string(),
            params: self.get("params").to_string(),
            encoding: self.get("encoding").to_string(),
            format: format.to_string(),
            depth,
            vars: self.count("vars")?,
            universal: self.count("universal")?,
            existential: self.count("existential")?,
            blocks: self.count("blocks")?,
            clauses: self.count("clauses")?,
            literals: self.count("literals")?,
            gates: self.count("gates")?,
            expected,
            expected_by: self.get("expected_by").to_string(),
            path: path.to_string(),
            generator_version: self.get("generator_version").to_string(),
            job: self.get("job").to_string(),
            map: self.get("map").to_string(),
            map_sha256: map_sha256.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type TestResult<T = ()> = Result<T, Box<dyn std::error::Error>>;

    fn row() -> Row {
        Row {
            id: "ab".repeat(32),
            gbd_id: String::new(),
            family: "f".into(),
            game: "gttt".into(),
            params: "board=4;shape=elly".into(),
            encoding: "corplus".into(),
            format: "qdimacs".into(),
            depth: Depth::Plies(5),
            vars: Some(10),
            universal: Some(2),
            existential: Some(8),
            blocks: Some(3),
            clauses: Some(20),
            literals: Some(50),
            gates: None,
            expected: Some(Verdict::True),
            expected_by: "reference".into(),
            path: "instances/f/ab.qdimacs".into(),
            generator_version: "0.1.0".into(),
            job: "f/board=4;shape=elly/d=5/corplus".into(),
            map: "instances/f/ab.map.json".into(),
            map_sha256: "cd".repeat(32),
        }
    }

    /// The rows of a manifest with `text`, or its error with the directory shown as `DIR`.
    fn read_text(text: &str) -> TestResult<Result<Vec<Row>, String>> {
        read_bytes(text.as_bytes())
    }

    fn read_bytes(bytes: &[u8]) -> TestResult<Result<Vec<Row>, String>> {
        let dir = tempfile::tempdir()?;
        std::fs::write(dir.path().join("manifest.csv"), bytes)?;
        Ok(read(dir.path()).map_err(|e| e.to_string().replace(&dir.path().display().to_string(), "DIR")))
    }

    #[test]
    fn csv_round_trips_and_has_the_documented_columns() -> TestResult {
        let rows = vec![row(), Row { depth: Depth::Model, expected: None, ..row() }];
        let mut bytes = Vec::new();
        write_csv(&mut bytes, &rows)?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        assert_eq!(text.lines().next(), Some(COLUMNS.join(",").as_str()));
        assert!(text.contains(",model,") && text.contains(",unknown,"), "{text}");
        let mut empty = Vec::new();
        write_csv(&mut empty, &[])?;
        assert_eq!(String::from_utf8_lossy(&empty).lines().next(), Some(COLUMNS.join(",").as_str()));
        assert_eq!(read_text(&text)?, Ok(rows));
        Ok(())
    }

    #[test]
    fn json_writes_depth_and_expected_as_the_csv_does() -> TestResult {
        let mut bytes = Vec::new();
        write_json(&mut bytes, &[row()])?;
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains("\"depth\": \"5\"") && text.contains("\"expected\": \"true\""), "{text}");
        Ok(())
    }

    #[test]
    fn extra_columns_are_ignored_and_job_and_map_may_be_absent() -> TestResult {
        let header = required().join(",") + ",extra";
        let id = "c".repeat(64);
        let line =
            format!("{id},g,fam,game,n=2,lifted,qdimacs,3,2,1,1,2,2,4,,false,depqbf,instances/{id}.qdimacs,0.1.0,x");
        let rows = read_text(&format!("{header}\n{line}\n"))??;
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].expected, rows[0].depth, rows[0].gates), (Some(Verdict::False), Depth::Plies(3), None));
        assert_eq!(rows[0].job, "");
        Ok(())
    }

    #[test]
    fn missing_columns_and_bad_values_are_named_with_file_and_line() -> TestResult {
        let header = required().join(",");
        let line = |id: &str, expected: &str, depth: &str| {
            format!(
                "{id},g,fam,game,n=2,lifted,qdimacs,{depth},2,1,1,2,2,4,0,{expected},depqbf,instances/x.qdimacs,0.1.0"
            )
        };
        let err = |text: &str| -> TestResult<String> { Ok(read_text(text)?.err().unwrap_or_default()) };
        let e = err(&header.replace("expected_by,", ""))?;
        assert!(e.starts_with("DIR/manifest.csv:1:1: missing column `expected_by`"), "{e}");
        let e = err(&format!("{header}\n{}\n", line(&"b".repeat(64), "maybe", "3")))?;
        assert!(e.starts_with("DIR/manifest.csv:2:112: column `expected`: invalid value `maybe`"), "{e}");
        let e = err(&format!("{header}\n{}\n", line("short", "true", "3")))?;
        assert!(e.starts_with("DIR/manifest.csv:2:1: column `id`"), "{e}");
        let e = err(&format!("{header}\n{}\n", line(&"b".repeat(64), "true", "deep")))?;
        assert!(e.starts_with("DIR/manifest.csv:2:96: column `depth`: invalid value `deep`"), "{e}");
        let escaping = line(&"b".repeat(64), "true", "3").replace("instances/x.qdimacs", "../outside.qdimacs");
        let e = err(&format!("{header}\n{escaping}\n"))?;
        assert!(e.starts_with("DIR/manifest.csv:2:124: column `path`: invalid value `../outside.qdimacs`"), "{e}");
        let absolute = line(&"b".repeat(64), "true", "3").replace("instances/x.qdimacs", "/etc/passwd");
        assert!(err(&format!("{header}\n{absolute}\n"))?.contains("column `path`"));
        let e = err(&format!("{header}\n{},extra\n", line(&"b".repeat(64), "true", "3")))?;
        assert!(e.starts_with("DIR/manifest.csv:2:150: the row has 20 fields, the header 19"), "{e}");
        let mut bytes = format!("{header}\n{}\n", line(&"b".repeat(64), "tr#e", "3")).into_bytes();
        bytes.iter_mut().filter(|b| **b == b'#').for_each(|b| *b = 0xff);
        let e = read_bytes(&bytes)?.err().unwrap_or_default();
        assert!(e.starts_with("DIR/manifest.csv:2:114: the file is not UTF-8 text"), "{e}");
        let e = err(&format!("{header}\n{}\n", line(&"b".repeat(64), "true", "3").replace(",0.1.0", "")))?;
        assert!(e.starts_with("DIR/manifest.csv:2:143: the row has 18 fields, the header 19"), "{e}");
        let e = err(&format!("{header}\n\"{}\n", line(&"b".repeat(64), "true", "3")))?;
        assert!(e.starts_with("DIR/manifest.csv:2:") && e.contains("the row has 1 fields, the header 19"), "{e}");
        let empty = tempfile::tempdir()?;
        assert!(read(empty.path()).is_err_and(|e| e.to_string().contains("no manifest")));
        Ok(())
    }
}
