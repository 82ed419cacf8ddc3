//! Readable, stable names of packaged instances:
//! `<family>-<params>-d<depth>[-<encoding>]-<role>`, e.g. `connect3-5x5-d25-black`.
//!
//! `<params>` holds only the parameters that vary within the family (a model file by its
//! stem), so a family of one board has none, and none that the name already holds; the encoding is named only in families with
//! more than one. The role is the player whose win the formula asks about: Black, the
//! first player, for BDDL and positional games; the first role of the game for GDL.
//! Names depend only on the manifest, so the same suite gets the same names; two files
//! of one format that would get the same name are an error.

use std::collections::{BTreeMap, BTreeSet};

use contract::manifest::Row;
use contract::Depth;

use super::super::error::Error;

/// The name (without format and `.gz`) of each of `rows` that is a QBF (QDIMACS or QCIR),
/// by index into `rows`.
pub fn names(rows: &[Row]) -> Result<BTreeMap<usize, String>, Error> {
    let qbf: Vec<(usize, &Row)> = rows.iter().enumerate().filter(|(_, r)| is_qbf(r)).collect();
    let mut varying: BTreeMap<&str, BTreeMap<String, BTreeSet<&str>>> = BTreeMap::new();
    let mut encodings: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (_, r) in &qbf {
        for (key, value) in params(&r.params) {
            varying.entry(&r.family).or_default().entry(key.to_string()).or_default().insert(value);
        }
        encodings.entry(&r.family).or_default().insert(&r.encoding);
    }
    let mut out = BTreeMap::new();
    let mut taken: BTreeMap<(String, &str), &str> = BTreeMap::new();
    for (i, r) in qbf {
        let keys = &varying[r.family.as_str()];
        let mut parts = vec![clean(&r.family)];
        for (key, value) in params(&r.params) {
            let part = clean(stem(value));
            if keys.get(key).is_some_and(|values| values.len() > 1) && !parts.iter().any(|p| p.contains(&part)) {
                parts.push(part);
            }
        }
        parts.push(match r.depth {
            Depth::Model => "dmodel".to_string(),
            Depth::Plies(d) => format!("d{d}"),
        });
        if encodings[r.family.as_str()].len() > 1 {
            parts.push(clean(&r.encoding));
        }
        parts.push(role(r).to_string());
        let name = parts.join("-");
        if let Some(other) = taken.insert((name.clone(), r.format.as_str()), r.id.as_str()) {
            return Err(Error::NameCollision {
                name,
                format: r.format.clone(),
                first: other.into(),
                second: r.id.clone(),
            });
        }
        out.insert(i, name);
    }
    Ok(out)
}

/// Whether a row is a formula (not a game source file).
pub fn is_qbf(row: &Row) -> bool {
    row.format == "qdimacs" || row.format == "qcir"
}

/// The player whose win a formula of `row` asks about.
fn role(row: &Row) -> &'static str {
    if row.game == "gdl" {
        "first"
    } else {
        "black"
    }
}

/// `key=value` pairs of a manifest's `params`.
fn params(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.split(';').filter(|p| !p.is_empty()).map(|p| p.split_once('=').unwrap_or(("", p)))
}

/// A model file's stem (`games/bddl/connect/3x3_connect3.ig` → `3x3_connect3`); other
/// values as they are.
fn stem(value: &str) -> &str {
    let file = value.rsplit('/').next().unwrap_or(value);
    match file.rsplit_once('.') {
        Some((stem, _)) if value.contains('/') && !stem.is_empty() => stem,
        _ => file,
    }
}

/// Letters, digits, `_`, `.` and `+` as they are, anything else as `-`; no leading dot.
fn clean(part: &str) -> String {
    let kept: String =
        part.chars().map(|c| if c.is_ascii_alphanumeric() || "_.+".contains(c) { c } else { '-' }).collect();
    kept.trim_start_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(family: &str, params: &str, depth: u32, encoding: &str, format: &str, id: &str) -> Row {
        Row {
            id: id.into(),
            family: family.into(),
            game: "bddl".into(),
            params: params.into(),
            encoding: encoding.into(),
            format: format.into(),
            depth: Depth::Plies(depth),
            gbd_id: String::new(),
            vars: None,
            universal: None,
            existential: None,
            blocks: None,
            clauses: None,
            literals: None,
            gates: None,
            expected: None,
            expected_by: String::new(),
            path: String::new(),
            generator_version: String::new(),
            job: String::new(),
            map: String::new(),
        }
    }

    #[test]
    fn names_keep_what_varies_in_a_family_and_nothing_else() -> Result<(), Error> {
        let d = "domain=games/bddl/httt/domain.ig";
        let rows = vec![
            row("httt", &format!("{d};problem=games/bddl/httt/3x3_el.ig;shape=el"), 3, "lifted", "qdimacs", "a"),
            row("httt", &format!("{d};problem=games/bddl/httt/3x3_tic.ig;shape=tic"), 3, "lifted", "qcir", "b"),
            row("httt", &format!("{d};problem=games/bddl/httt/3x3_tic.ig;shape=tic"), 3, "lifted", "qdimacs", "c"),
            row("bt", "domain=x/domain.ig;problem=x/2x4.ig", 5, "lifted", "qdimacs", "d"),
            row("bt", "domain=x/domain.ig;problem=x/2x4.ig", 5, "bddl-domain", "bddl-domain", "e"),
        ];
        let n = names(&rows)?;
        assert_eq!(
            n.values().map(String::as_str).collect::<Vec<_>>(),
            ["httt-3x3_el-d3-black", "httt-3x3_tic-d3-black", "httt-3x3_tic-d3-black", "bt-d5-black"]
        );
        Ok(())
    }

    #[test]
    fn two_files_of_one_format_with_one_name_are_an_error() {
        let rows = vec![row("f", "n=1", 3, "a", "qdimacs", "x"), row("f", "n=1", 3, "a", "qdimacs", "y")];
        assert!(matches!(names(&rows), Err(Error::NameCollision { .. })));
    }
}
