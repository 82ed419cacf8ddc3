//! `qbfgames package --check ARCHIVE`: reads a submission archive as a competition
//! organiser would, and lists every problem with its place.
//!
//! Checked: one top folder; no entry twice; the documents present (`README.md`,
//! `CITATION.bib`, `LICENSE`, `VERSION`, `manifest.csv`, `SHA256SUMS`) and a suite file
//! under `models/`; `SHA256SUMS` listing every other file with its right hash; every
//! `.gz` a complete gzip stream; every formula of the tracks read strictly (QDIMACS 1.1
//! for `qdimacs/` and `qdimacs-preprocessed/`, cleansed QCIR-G14 for `qcir/`, see
//! [`qbf::io::check_qdimacs`]) and named `<family>-…-d<depth>…-<role>.<format>.gz` in its
//! family's folder; the manifest read by its one reader
//! ([`contract::manifest::read_from`]), every row's file present and, for a formula, its
//! uncompressed bytes hashing to the row's `id`; the README naming the set, stating what
//! true means, and describing every family.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::Read;
use std::path::Path;

use contract::Source;
use qbf::identity::sha256_hex;

use super::super::error::Error;

/// A strict reader of one track's format.
type Strict = fn(&Source) -> Result<(), contract::ParseError>;

/// The largest file the check decompresses (a formula of a competition set is far smaller).
const LARGEST: u64 = 4 << 30;

/// What the check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Files in the archive.
    pub files: usize,
    /// Formulas read strictly.
    pub formulas: usize,
    /// Every problem, each with its place (`ARCHIVE:ENTRY[:LINE:COL]: …`).
    pub problems: Vec<String>,
}

/// Checks the archive at `path`; an archive that cannot be read at all is an error.
pub fn check_archive(path: &Path) -> Result<Checked, Error> {
    let shown = path.display().to_string();
    let unreadable = |e: std::io::Error| Error::Io { what: format!("reading {shown} as a .tar.xz archive"), error: e };
    let file = File::open(path).map_err(unreadable)?;
    let mut archive = tar::Archive::new(liblzma::read::XzDecoder::new(file));
    let mut found = Checked::default();
    let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let mut top = BTreeSet::new();
    for entry in archive.entries().map_err(unreadable)? {
        let mut entry = entry.map_err(unreadable)?;
        let kind = entry.header().entry_type();
        if kind.is_dir() {
            continue;
        }
        let name = entry.path().map_err(unreadable)?.to_string_lossy().into_owned();
        if !kind.is_file() {
            found.problems.push(format!("{shown}:{name}: not a plain file (a link or a special file)"));
        }
        let Some((root, rest)) = name.split_once('/') else {
            found.problems.push(format!("{shown}:{name}: a file outside the archive's top folder"));
            continue;
        };
        top.insert(root.to_string());
        let mut bytes = Vec::new();
        entry.by_ref().take(LARGEST).read_to_end(&mut bytes).map_err(unreadable)?;
        if files.insert(rest.to_string(), bytes).is_some() {
            found.problems.push(format!("{shown}:{name}: the archive holds this name twice"));
        }
    }
    if top.len() > 1 {
        found
            .problems
            .push(format!("{shown}: more than one top folder: {}", top.into_iter().collect::<Vec<_>>().join(", ")));
    }
    found.files = files.len();
    let place = |entry: &str| format!("{shown}:{entry}");
    for required in ["README.md", "CITATION.bib", "LICENSE", "VERSION", "manifest.csv", "SHA256SUMS"] {
        if !files.contains_key(required) {
            found.problems.push(format!("{}: missing", place(required)));
        }
    }
    if !files.keys().any(|f| f.starts_with("models/") && f.ends_with(".toml")) {
        found
            .problems
            .push(format!("{}: no suite file: the archive cannot regenerate its instances", place("models/")));
    }
    check_sums(&files, &place, &mut found.problems);
    let mut plain: BTreeMap<&str, Vec<u8>> = BTreeMap::new();
    for (entry, bytes) in &files {
        if entry.ends_with(".gz") {
            match gunzip(bytes) {
                Ok(text) => {
                    plain.insert(entry, text);
                }
                Err(e) => found.problems.push(format!("{}: not a complete gzip stream ({e})", place(entry))),
            }
        }
    }
    for (entry, text) in &plain {
        let (track, strict): (_, Strict) = match entry.split('/').next() {
            Some("qdimacs" | "qdimacs-preprocessed") => ("qdimacs", qbf::io::check_qdimacs),
            Some("qcir") => ("qcir", qbf::io::check_qcir),
            _ => continue,
        };
        if let Some(why) = bad_name(entry, track) {
            found.problems.push(format!("{}: {why}", place(entry)));
        }
        found.formulas += 1;
        if let Err(e) = strict(&Source::from_bytes(place(entry), text.clone())) {
            found.problems.push(e.to_string());
        }
    }
    let families = check_manifest(&files, &plain, &place, &mut found.problems);
    if let Some(readme) = files.get("README.md") {
        check_readme(&String::from_utf8_lossy(readme), &families, &place("README.md"), &mut found.problems);
    }
    Ok(found)
}

fn gunzip(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes).take(LARGEST).read_to_end(&mut out)?;
    Ok(out)
}

/// `SHA256SUMS` lists every other file, each with its hash.
fn check_sums(files: &BTreeMap<String, Vec<u8>>, place: &dyn Fn(&str) -> String, problems: &mut Vec<String>) {
    let Some(sums) = files.get("SHA256SUMS") else { return };
    let text = String::from_utf8_lossy(sums);
    let mut listed = BTreeSet::new();
    for (i, line) in text.lines().enumerate() {
        let Some((hash, entry)) = line.split_once("  ") else {
            problems.push(format!("{}:{}:1: not `<sha256>  <path>`", place("SHA256SUMS"), i + 1));
            continue;
        };
        listed.insert(entry);
        match files.get(entry) {
            None => problems.push(format!(
                "{}:{}:67: lists `{entry}`, which is not in the archive",
                place("SHA256SUMS"),
                i + 1
            )),
            Some(bytes) if sha256_hex(bytes) != hash => {
                problems.push(format!("{}:{}:1: the hash of `{entry}` is wrong", place("SHA256SUMS"), i + 1))
            }
            Some(_) => {}
        }
    }
    for entry in files.keys().filter(|e| *e != "SHA256SUMS" && !listed.contains(e.as_str())) {
        problems.push(format!("{}: not listed in SHA256SUMS", place(entry)));
    }
}

/// Why a formula's entry is not named as the tracks name them, if it is not.
fn bad_name(entry: &str, track: &str) -> Option<String> {
    let parts: Vec<&str> = entry.split('/').collect();
    let [_, family, file] = parts[..] else {
        return Some(format!("not in a family's folder: expected `{track}/<family>/<name>.{track}.gz`"));
    };
    let Some(stem) = file.strip_suffix(&format!(".{track}.gz")) else {
        return Some(format!("does not end in `.{track}.gz`"));
    };
    let depth = stem.split('-').any(|p| p.strip_prefix('d').is_some_and(|d| d == "model" || d.parse::<u32>().is_ok()));
    if !stem.starts_with(&format!("{family}-")) || !depth {
        return Some(format!("not named `{family}-<parameters>-d<depth>[-<encoding>]-<role>.{track}.gz`"));
    }
    None
}

/// Every manifest row's file is in the archive and a formula's bytes hash to its id;
/// returns the families the manifest names.
fn check_manifest(
    files: &BTreeMap<String, Vec<u8>>,
    plain: &BTreeMap<&str, Vec<u8>>,
    place: &dyn Fn(&str) -> String,
    problems: &mut Vec<String>,
) -> BTreeSet<String> {
    let mut families = BTreeSet::new();
    let Some(bytes) = files.get("manifest.csv") else { return families };
    let rows = match contract::manifest::read_from(Path::new(&place("manifest.csv")), &bytes[..]) {
        Ok(rows) => rows,
        Err(e) => {
            problems.push(e.to_string());
            return families;
        }
    };
    for (i, row) in rows.iter().enumerate() {
        let line = i + 2;
        families.insert(row.family.clone());
        if !files.contains_key(&row.path) {
            problems.push(format!("{}:{line}:1: `{}` is not in the archive", place("manifest.csv"), row.path));
        } else if let Some(text) = plain.get(row.path.as_str()) {
            if sha256_hex(text) != row.id {
                problems.push(format!("{}:{line}:1: `{}` does not hash to its id", place("manifest.csv"), row.path));
            }
        }
    }
    families
}

/// The README names the set, says what true means, and describes every family.
fn check_readme(text: &str, families: &BTreeSet<String>, place: &str, problems: &mut Vec<String>) {
    if !text.starts_with("# ") {
        problems.push(format!("{place}:1:1: no title (`# <set name>`)"));
    }
    if !text.contains("can force a win") {
        problems.push(format!("{place}: does not say what a true formula means (`… can force a win …`)"));
    }
    for family in families {
        if !text.contains(&format!("| {family} |")) {
            problems.push(format!("{place}: no row for family `{family}`"));
        }
    }
}
