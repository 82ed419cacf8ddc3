//! The submission archive of a generated suite: what competition organisers read.
//!
//! `NAME.tar.xz` holds, under one top directory `NAME/`, one track per format, every
//! instance gzip-compressed with a readable, stable name (see `names.rs`):
//! `qdimacs/<family>/<name>.qdimacs.gz` (the prenex-CNF track) and
//! `qcir/<family>/<name>.qcir.gz` (the non-CNF track); the symbol maps
//! `maps/<family>/<name>.map.json` (Black's first-move variables); the game source files
//! the suite wrote, `sources/<family>/<sha256>.<ext>.gz`; `models/`, the suite file and
//! every model file it reads (copied there by `generate`), so that `qbfgames generate
//! models/<suite>.toml` on the unpacked archive gives the same instances; the manifest (CSV and JSON, with
//! `path` and `map` pointing into the archive; `id` stays the SHA-256 of the uncompressed
//! instance); a generated `README.md` describing the set and each family, and
//! `description.tex`, the same as a short LaTeX document (see `readme.rs`); `CITATION.bib`; `LICENSE`;
//! `VERSION` (the qbfgames version and git commit); and `SHA256SUMS` over the archive's
//! files (check with `sha256sum -c SHA256SUMS`). The archive is deterministic: sorted
//! entries, zero timestamps and owners, fixed compression settings, so the same suite and
//! version give the same archive bytes.

mod check;
mod names;
mod preprocessed;
mod readme;

pub use check::{check_archive, Checked};
use contract::docs::Docs;
use contract::Claimants;
use preprocessed::preprocessed;
use readme::{description_tex, readme};
use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::Path;

use contract::manifest::{self, Row};
use contract::write_atomically;
use qbf::identity::sha256_hex;

use super::error::Error;
use super::selection::{self, job_of, Calibrated};
use names::names;

/// What [`package`] wrote.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Packaged {
    /// Manifest rows packaged (instances and game source files).
    pub files: usize,
    /// Bytes of the archive.
    pub bytes: u64,
}

/// The qbfgames that packages: its version and the git commit it was built from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Build<'a> {
    pub version: &'a str,
    pub commit: &'a str,
}

/// Packages the suite in `dir` (its manifest and every file it lists) as `output`, which
/// must be named `NAME.tar.xz`; written atomically. `claimants`: whose win each game
/// model's formulas ask about (the role in a formula's name and in the README).
pub fn package(
    dir: &Path,
    output: &Path,
    build: Build<'_>,
    docs: &Docs,
    claimants: &Claimants,
    with_preprocessed: bool,
) -> Result<Packaged, Error> {
    let rows = manifest::read(dir).map_err(|error| Error::PackageManifest { dir: dir.to_path_buf(), error })?;
    if rows.is_empty() {
        return Err(Error::EmptyManifest(dir.to_path_buf()));
    }
    let name = output
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_suffix(".tar.xz"))
        .filter(|n| !n.is_empty())
        .ok_or_else(|| Error::PackageName(output.to_path_buf()))?
        .to_string();
    let read = |rel: &str| {
        let path = manifest::resolve(dir, rel)
            .map_err(|e| Error::PackageManifest { dir: dir.to_path_buf(), error: e.into() })?;
        fs::read(&path).map_err(|error| Error::Io { what: format!("reading {}", path.display()), error })
    };
    let calibration = selection::read(dir)?;
    let rows = match &calibration {
        Some((jobs, _)) => selected_rows(dir, rows, jobs)?,
        None => rows,
    };
    let readable = names(&rows, claimants)?;
    let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let mut packaged = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let bytes = read(&row.path)?;
        if sha256_hex(&bytes) != row.id {
            return Err(Error::IdMismatch { path: row.path.clone(), dir: dir.to_path_buf() });
        }
        let (path, map) = match readable.get(&i) {
            Some(n) => {
                let map = format!("maps/{}/{n}.map.json", row.family);
                (format!("{}/{}/{n}.{}.gz", row.format, row.family, row.format), (!row.map.is_empty()).then_some(map))
            }
            None => {
                let file = Path::new(&row.path).file_name().map_or(row.id.clone(), |f| f.to_string_lossy().into());
                (format!("sources/{}/{file}.gz", row.family), None)
            }
        };
        files.insert(path.clone(), gzip(&bytes)?);
        if let Some(map) = &map {
            files.insert(map.clone(), read(&row.map)?);
        }
        packaged.push(Row { path, map: map.unwrap_or_default(), ..row.clone() });
    }
    let calibration = calibration.as_ref().map(|(jobs, limits)| (jobs.as_slice(), *limits));
    let mut readme_text = readme(&name, docs, claimants, &packaged, calibration);
    if with_preprocessed {
        let track = preprocessed(dir, &rows, &readable)?;
        readme_text += &format!(
            "\nTrack `qdimacs-preprocessed/`: the output of {} on {} QDIMACS instances, named as in `qdimacs/` (the run's own cache); {} it solved by itself and {} it failed on or did not reach are not in it.\n",
            track.by,
            track.files.len(),
            track.solved,
            track.missing
        );
        for (path, bytes) in track.files {
            files.insert(path, gzip(&bytes)?);
        }
    }
    for (path, bytes) in models(dir)? {
        files.insert(format!("models/{path}"), bytes);
    }
    let mut csv = Vec::new();
    manifest::write_csv(&mut csv, &packaged)?;
    files.insert("manifest.csv".into(), csv);
    let mut json = Vec::new();
    manifest::write_json(&mut json, &packaged)?;
    files.insert("manifest.json".into(), json);
    files.insert("README.md".into(), readme_text.into_bytes());
    files.insert("description.tex".into(), description_tex(&name, docs, &packaged).into_bytes());
    files.insert("CITATION.bib".into(), include_bytes!("citation.bib").to_vec());
    files.insert("LICENSE".into(), include_bytes!("../../../LICENSE").to_vec());
    files.insert("VERSION".into(), format!("qbfgames {}\ncommit {}\n", build.version, build.commit).into_bytes());
    let sums: String = files.iter().map(|(path, bytes)| format!("{}  {path}\n", sha256_hex(bytes))).collect();
    files.insert("SHA256SUMS".into(), sums.into_bytes());
    let bytes = write_atomically(output, |out| write_archive(out, &name, &files))?;
    Ok(Packaged { files: rows.len(), bytes })
}

/// The rows of the selected jobs, with the answers calibration found (`agreement`); an
/// error when the selection names a job the manifest does not list.
fn selected_rows(dir: &Path, rows: Vec<Row>, jobs: &[Calibrated]) -> Result<Vec<Row>, Error> {
    let chosen: BTreeMap<&str, &Calibrated> = jobs.iter().filter(|j| j.selected).map(|j| (j.job.as_str(), j)).collect();
    let listed: std::collections::BTreeSet<&str> = rows.iter().map(job_of).collect();
    let stale: Vec<&&str> = chosen.keys().filter(|j| !listed.contains(**j)).collect();
    if let Some(first) = stale.first() {
        let path = dir.join(selection::FILE);
        return Err(Error::StaleSelection { path, count: stale.len(), first: first.to_string() });
    }
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let job = chosen.get(job_of(&row))?;
            Some(Row { expected: job.expected, expected_by: job.expected_by.clone(), ..row })
        })
        .collect())
}

/// Every file under `dir/models/` (the suite file and its models, written by `generate`),
/// by path relative to it.
fn models(dir: &Path) -> Result<BTreeMap<String, Vec<u8>>, Error> {
    let root = dir.join("models");
    if !root.is_dir() {
        return Err(Error::NoModels(dir.to_path_buf()));
    }
    let io = |what: &Path| {
        let what = what.display().to_string();
        move |error| Error::Io { what: format!("reading {what}"), error }
    };
    let mut files = BTreeMap::new();
    let mut folders = vec![root.clone()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).map_err(io(&folder))? {
            let path = entry.map_err(io(&folder))?.path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let rel = path.strip_prefix(&root).unwrap_or(&path).to_string_lossy().into_owned();
                files.insert(rel, fs::read(&path).map_err(io(&path))?);
            }
        }
    }
    Ok(files)
}

fn gzip(bytes: &[u8]) -> io::Result<Vec<u8>> {
    let mut gz = flate2::GzBuilder::new().mtime(0).write(Vec::new(), flate2::Compression::best());
    gz.write_all(bytes)?;
    gz.finish()
}

/// Writes the tar.xz; returns the number of bytes written.
fn write_archive(out: &mut dyn Write, name: &str, files: &BTreeMap<String, Vec<u8>>) -> io::Result<u64> {
    let mut counted = Counted { inner: out, bytes: 0 };
    {
        let xz = liblzma::write::XzEncoder::new(&mut counted, 6);
        let mut tar = tar::Builder::new(xz);
        tar.mode(tar::HeaderMode::Deterministic);
        for (path, bytes) in files {
            let mut header = tar::Header::new_gnu();
            header.set_size(bytes.len() as u64);
            header.set_mode(0o644);
            header.set_mtime(0);
            header.set_uid(0);
            header.set_gid(0);
            header.set_cksum();
            tar.append_data(&mut header, format!("{name}/{path}"), &bytes[..])?;
        }
        tar.into_inner()?.finish()?;
    }
    Ok(counted.bytes)
}

struct Counted<'a> {
    inner: &'a mut dyn Write,
    bytes: u64,
}

impl Write for Counted<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
