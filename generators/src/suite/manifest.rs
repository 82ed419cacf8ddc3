//! The manifest: one row per generated file, as CSV and JSON, in a stable order.

use std::io::{self, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

/// One generated file. Column order is the CSV column order.
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
    /// `qdimacs`, `qcir`, or the source format (`bddl`, `pg`, `gdl`).
    pub format: String,
    /// Plies; `model` when the model file sets it.
    pub depth: String,
    pub vars: Option<u64>,
    pub universal: Option<u64>,
    pub existential: Option<u64>,
    pub blocks: Option<u64>,
    pub clauses: Option<u64>,
    pub literals: Option<u64>,
    pub gates: Option<u64>,
    /// `true`, `false` or `unknown`.
    pub expected: String,
    /// `reference`, `published` or `none`.
    pub expected_by: String,
    /// Relative to the suite's output directory.
    pub path: String,
    pub generator_version: String,
    /// The job this file belongs to (family, parameters, depth, encoding).
    pub job: String,
    /// The symbol map of a QBF file (`<id>.map.json`: Black's first-move variables), relative
    /// to the output directory; empty when the encoding has none.
    #[serde(default)]
    pub map: String,
}

impl Row {
    /// The sort key: job, then format.
    pub fn sort_key(&self) -> (String, String, String, u32, String, String) {
        let depth = self.depth.parse().unwrap_or(0);
        (self.family.clone(), self.game.clone(), self.params.clone(), depth, self.encoding.clone(), self.format.clone())
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
        w.write_record(CSV_COLUMNS)?;
    }
    w.flush()
}

const CSV_COLUMNS: &[&str] = &[
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
];

/// Writes rows as a JSON array (one object per row, keys in column order).
pub fn write_json<W: Write>(out: W, rows: &[Row]) -> io::Result<()> {
    let mut out = out;
    serde_json::to_writer_pretty(&mut out, rows).map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// Reads `manifest.csv`.
pub fn read_csv(path: &Path) -> io::Result<Vec<Row>> {
    let mut r = csv::Reader::from_path(path).map_err(|e| io::Error::other(format!("{}: {e}", path.display())))?;
    r.deserialize().map(|row| row.map_err(|e| io::Error::other(format!("{}: {e}", path.display())))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_round_trips_and_has_the_documented_columns() -> io::Result<()> {
        let row = Row {
            id: "ab".into(),
            gbd_id: String::new(),
            family: "f".into(),
            game: "gttt".into(),
            params: "board=4;shape=elly".into(),
            encoding: "corplus".into(),
            format: "qdimacs".into(),
            depth: "5".into(),
            vars: Some(10),
            universal: Some(2),
            existential: Some(8),
            blocks: Some(3),
            clauses: Some(20),
            literals: Some(50),
            gates: None,
            expected: "true".into(),
            expected_by: "reference".into(),
            path: "instances/f/ab.qdimacs".into(),
            generator_version: "0.1.0".into(),
            job: "f/board=4;shape=elly/d=5/corplus".into(),
            map: "instances/f/ab.map.json".into(),
        };
        let mut bytes = Vec::new();
        write_csv(&mut bytes, std::slice::from_ref(&row))?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        assert_eq!(text.lines().next(), Some(CSV_COLUMNS.join(",").as_str()));
        let mut empty = Vec::new();
        write_csv(&mut empty, &[])?;
        assert_eq!(String::from_utf8_lossy(&empty).lines().next(), Some(CSV_COLUMNS.join(",").as_str()));
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("m.csv");
        std::fs::write(&path, &bytes)?;
        assert_eq!(read_csv(&path)?, vec![row]);
        Ok(())
    }
}
