//! Readable, stable names of packaged instances:
//! `<family>-<params>-d<depth>[-<encoding>]-<role>`, e.g. `connect3-5x5-d25-black`.
//!
//! `<params>` holds only the parameters that vary within the family (a model file by its
//! stem), so a family of one board has none, and none that the name already holds; the
//! encoding is named only in families with more than one. The role is the player whose
//! win the formula asks about, as the row's game model declares it ([`Claimant`]): `black`,
//! or `first` for the first role of a game that names its roles.
//! Names depend only on the manifest, so the same suite gets the same names; two files
//! of one format that would get the same name are an error.

use std::collections::{BTreeMap, BTreeSet};

use contract::manifest::Row;
use contract::{Claimant, Claimants, Depth};

use super::super::error::Error;

/// The name (without format and `.gz`) of each of `rows` that is a QBF (QDIMACS or QCIR),
/// by index into `rows`; the role from `claimants`.
pub fn names(rows: &[Row], claimants: &Claimants) -> Result<BTreeMap<usize, String>, Error> {
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
        parts.push(claimant(claimants, r).name().to_string());
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
pub fn claimant(claimants: &Claimants, row: &Row) -> Claimant {
    claimants.get(&row.game).copied().unwrap_or_default()
}

/// `key=value` pairs of a manifest's `params`.
fn params(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.split(';').filter(|p| !p.is_empty()).map(|p| p.split_once('=').unwrap_or(("", p)))
}

/// A model file's stem (`games/connect/3x3_connect3.ig` → `3x3_connect3`); other
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

    /// Manifest rows (family, params, depth, encoding, format, a hex digit repeated into
    /// the id), read by the manifest reader.
    fn rows(specs: &[(&str, &str, u32, &str, &str, &str)]) -> Vec<Row> {
        let mut text = contract::manifest::COLUMNS.join(",") + "\n";
        for (family, params, depth, encoding, format, id) in specs {
            let id = id.repeat(64);
            text += &format!("{id},,{family},m,{params},{encoding},{format},{depth},,,,,,,,unknown,,p,v,j,,\n");
        }
        contract::manifest::read_from(std::path::Path::new("manifest.csv"), text.as_bytes())
            .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn names_keep_what_varies_in_a_family_and_nothing_else() -> Result<(), Error> {
        let d = "domain=games/httt/domain.ig";
        let (el, tic) = (
            format!("{d};problem=games/httt/3x3_el.ig;shape=el"),
            format!("{d};problem=games/httt/3x3_tic.ig;shape=tic"),
        );
        let rows = rows(&[
            ("httt", &el, 3, "lifted", "qdimacs", "a"),
            ("httt", &tic, 3, "lifted", "qcir", "b"),
            ("httt", &tic, 3, "lifted", "qdimacs", "c"),
            ("bt", "domain=x/domain.ig;problem=x/2x4.ig", 5, "lifted", "qdimacs", "d"),
            ("bt", "domain=x/domain.ig;problem=x/2x4.ig", 5, "lifted", "pg", "e"),
        ]);
        let n = names(&rows, &Claimants::new())?;
        assert_eq!(
            n.values().map(String::as_str).collect::<Vec<_>>(),
            ["httt-3x3_el-d3-black", "httt-3x3_tic-d3-black", "httt-3x3_tic-d3-black", "bt-d5-black"]
        );
        Ok(())
    }

    #[test]
    fn the_role_is_whose_win_the_row_s_game_model_declares() -> Result<(), Error> {
        let rows = rows(&[("g", "n=1", 3, "a", "qdimacs", "a")]);
        assert_eq!(names(&rows, &Claimants::new())?.values().collect::<Vec<_>>(), ["g-d3-black"]);
        let first = Claimants::from([("m".to_string(), Claimant::FirstRole)]);
        assert_eq!(names(&rows, &first)?.values().collect::<Vec<_>>(), ["g-d3-first"]);
        Ok(())
    }

    #[test]
    fn two_files_of_one_format_with_one_name_are_an_error() {
        let rows = rows(&[("f", "n=1", 3, "a", "qdimacs", "e"), ("f", "n=1", 3, "a", "qdimacs", "f")]);
        assert!(matches!(names(&rows, &Claimants::new()), Err(Error::NameCollision { .. })));
    }
}
