//! `manifest verify`: every file's hash and statistics recomputed and compared, symbol maps
//! by their hash; the two manifests compared with each other; rows listed twice, files no
//! row lists, symbolic links under `instances/` and listed paths that leave the folder
//! through one reported. Expected answers are re-derived by [`crate::recheck`].

use std::collections::BTreeMap;
use std::path::Path;

use crate::generate::GENERATOR_VERSION;
use crate::unlisted::walk;
use contract::manifest::{read_csv, resolve, Row};
use contract::{Source, Verdict};
use qbf::identity::{gbd_hash, sha256_hex};
use qbf::stats::stats;

/// Checks every row of `dir/manifest.csv`; returns one line per difference (empty: all
/// match). Fails only when the manifest itself cannot be read.
pub fn audit(dir: &Path) -> Result<Vec<String>, contract::manifest::ManifestError> {
    let rows = read_csv(&dir.join("manifest.csv"))?;
    let mut differences = Vec::new();
    for row in &rows {
        check(dir, row, &mut differences);
    }
    twins(&rows, &mut differences);
    compare_json(dir, &rows, &mut differences);
    strays(dir, &rows, &mut differences);
    Ok(differences)
}

/// Rows listed twice: the same job and format (game source files are shared by the jobs
/// made from them, so one file may well have several rows; hand-made rows without a job
/// are keyed by their file).
fn twins(rows: &[Row], out: &mut Vec<String>) {
    let mut seen: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for (i, row) in rows.iter().enumerate() {
        let job = if row.job.is_empty() { row.path.as_str() } else { row.job.as_str() };
        if let Some(first) = seen.insert((job, &row.format), i) {
            out.push(format!(
                "{}: job {job} has two {} rows (manifest.csv lines {} and {})",
                row.path,
                row.format,
                first + 2,
                i + 2
            ));
        }
    }
}

/// `manifest.json` must hold the same rows as `manifest.csv`.
fn compare_json(dir: &Path, rows: &[Row], out: &mut Vec<String>) {
    let path = dir.join("manifest.json");
    let Ok(bytes) = std::fs::read(&path) else {
        out.push("manifest.json: missing (generate writes it beside manifest.csv)".to_string());
        return;
    };
    let json: Vec<Row> = match serde_json::from_slice(&bytes) {
        Ok(json) => json,
        Err(e) => {
            out.push(format!("manifest.json: not a manifest: {e}"));
            return;
        }
    };
    if json.len() != rows.len() {
        out.push(format!("manifest.json: {} rows, manifest.csv {}", json.len(), rows.len()));
    }
    if let Some(i) = json.iter().zip(rows).position(|(j, c)| j != c) {
        out.push(format!("manifest.json: row {} differs from manifest.csv line {} ({})", i + 1, i + 2, rows[i].path));
    }
}

/// Files under `instances/` that no row lists, and links (a listed one is reported by
/// [`check`]).
fn strays(dir: &Path, rows: &[Row], out: &mut Vec<String>) {
    let found = walk(dir).unlisted(dir, rows);
    let shown = |path: &Path| path.strip_prefix(dir).unwrap_or(path).display().to_string();
    for path in &found.files {
        out.push(format!("{}: a file no manifest row lists (a stray, or its row was deleted)", shown(path)));
    }
    for path in &found.links {
        out.push(format!(
            "{}: a symbolic link, which verify does not follow (nothing may lead out of the suite folder); remove it",
            shown(path)
        ));
    }
}

/// A symbol map must hash to what the manifest records (an edit into other valid JSON
/// is caught so) and be a symbol map.
fn check_map(dir: &Path, row: &Row, out: &mut Vec<String>) {
    let file = match resolve(dir, &row.map) {
        Ok(file) => file,
        Err(e) => {
            out.push(e.to_string());
            return;
        }
    };
    let Ok(bytes) = std::fs::read(file) else {
        out.push(format!("{}: the symbol map of {} is missing", row.map, row.path));
        return;
    };
    if row.map_sha256.is_empty() {
        out.push(format!(
            "{}: the manifest records no sha256 for this symbol map (it was written before maps were hashed); run `qbfgames generate` again to record it",
            row.map
        ));
    } else {
        let actual = sha256_hex(&bytes);
        if actual != row.map_sha256 {
            out.push(format!(
                "{}: sha256 is {actual}, the manifest says {} (the symbol map of {})",
                row.map, row.map_sha256, row.path
            ));
        }
    }
    if game_registry::read_map(&bytes).is_none() {
        out.push(format!("{}: not a symbol map (the symbol map of {})", row.map, row.path));
    }
}

fn check(dir: &Path, row: &Row, out: &mut Vec<String>) {
    let path = match row.file(dir) {
        Ok(path) => path,
        Err(e) => {
            out.push(e.to_string());
            return;
        }
    };
    let differ = |out: &mut Vec<String>, what: &str, recorded: String, actual: String| {
        if recorded != actual {
            out.push(format!("{}: {what} is {actual}, the manifest says {recorded}", row.path));
        }
    };
    let source = match Source::read(&path.display().to_string()) {
        Ok(s) => s,
        Err(e) => {
            out.push(format!("{}: cannot read: {e}", row.path));
            return;
        }
    };
    differ(out, "sha256", row.id.clone(), sha256_hex(&source.bytes));
    if !row.map.is_empty() {
        check_map(dir, row, out);
    }
    if row.expected_by == "none" && row.expected.is_some() {
        out.push(format!(
            "{}: expected is {}, but expected_by is none (no source gave it)",
            row.path,
            row.expected.map_or("unknown", Verdict::name)
        ));
    }
    if row.generator_version != GENERATOR_VERSION {
        out.push(format!("{}: generated by {}, this is {GENERATOR_VERSION}", row.path, row.generator_version));
    }
    if row.format == "qdimacs" {
        differ(out, "gbd_id", row.gbd_id.clone(), gbd_hash(&source.bytes));
    }
    if row.format == "qdimacs" || row.format == "qcir" {
        match stats(&source) {
            Ok((_, s)) => {
                let show = |v: Option<u64>| v.map_or(String::new(), |v| v.to_string());
                differ(out, "vars", show(row.vars), s.vars.to_string());
                differ(out, "universal", show(row.universal), s.universal.to_string());
                differ(out, "existential", show(row.existential), s.existential.to_string());
                differ(out, "blocks", show(row.blocks), s.blocks.to_string());
                differ(out, "clauses", show(row.clauses), show(s.clauses));
                differ(out, "literals", show(row.literals), show(s.literals));
                differ(out, "gates", show(row.gates), show(s.gates));
            }
            Err(e) => out.push(format!("{}: does not parse: {e}", row.path)),
        }
    }
}
