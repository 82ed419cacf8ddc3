//! The submission archive of a generated suite: what competition organisers read.
//!
//! `NAME.tar.xz` holds, under one top directory `NAME/`: every instance gzip-compressed
//! (the competitions' convention; `instances/<family>/<sha256>.<ext>.gz`), the manifest
//! (CSV and JSON, `path` pointing at the compressed files; `id` stays the SHA-256 of the
//! uncompressed instance), the symbol maps (`<id>.map.json`: Black's first-move
//! variables), a generated `README.md` describing each family, and `SHA256SUMS` over the
//! archive's files (check with `sha256sum -c SHA256SUMS`). The archive is deterministic:
//! sorted entries, zero timestamps and owners, fixed compression settings, so the same
//! suite gives the same archive bytes.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::Path;

use contract::manifest::{self, Row};
use contract::{write_atomically, Depth, Verdict};
use sha2::{Digest, Sha256};

use super::error::Error;

/// What [`package`] wrote.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Packaged {
    /// Manifest rows packaged (instances and game source files).
    pub files: usize,
    /// Bytes of the archive.
    pub bytes: u64,
}

/// Packages the suite in `dir` (its manifest and every file it lists) as `output`, which
/// must be named `NAME.tar.xz`; written atomically.
pub fn package(dir: &Path, output: &Path) -> Result<Packaged, Error> {
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
        let path = dir.join(rel);
        fs::read(&path).map_err(|error| Error::Io { what: format!("reading {}", path.display()), error })
    };
    let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let mut packaged = Vec::with_capacity(rows.len());
    for row in &rows {
        let bytes = read(&row.path)?;
        if sha256_hex(&bytes) != row.id {
            return Err(Error::IdMismatch { path: row.path.clone(), dir: dir.to_path_buf() });
        }
        let path = format!("{}.gz", row.path);
        files.insert(path.clone(), gzip(&bytes)?);
        if !row.map.is_empty() {
            files.insert(row.map.clone(), read(&row.map)?);
        }
        packaged.push(Row { path, ..row.clone() });
    }
    let mut csv = Vec::new();
    manifest::write_csv(&mut csv, &packaged)?;
    files.insert("manifest.csv".into(), csv);
    let mut json = Vec::new();
    manifest::write_json(&mut json, &packaged)?;
    files.insert("manifest.json".into(), json);
    files.insert("README.md".into(), readme(&name, &packaged).into_bytes());
    let sums: String = files.iter().map(|(path, bytes)| format!("{}  {path}\n", sha256_hex(bytes))).collect();
    files.insert("SHA256SUMS".into(), sums.into_bytes());
    let bytes = write_atomically(output, |out| write_archive(out, &name, &files))?;
    Ok(Packaged { files: rows.len(), bytes })
}

/// SHA-256 as lower-case hex: an instance's id, and the lines of `SHA256SUMS`.
fn sha256_hex(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
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

/// The package's README: what each family is, and how many answers are known.
fn readme(name: &str, rows: &[Row]) -> String {
    let mut families: BTreeMap<&str, Vec<&Row>> = BTreeMap::new();
    for row in rows {
        families.entry(&row.family).or_default().push(row);
    }
    let version = rows.first().map_or("", |r| r.generator_version.as_str());
    let mut text = format!(
        "# {name}\n\nTwo-player game benchmarks as QBF, generated by {version}.\n\n\
         Each instance is `instances/<family>/<sha256>.<ext>.gz`, named by the SHA-256 of its\n\
         uncompressed bytes. `manifest.csv` (also `manifest.json`) has one row per file: family,\n\
         game model, parameters, encoding, format, depth, sizes, the GBD identifier of QDIMACS\n\
         files, and the expected answer (`true`: the first player, Black, can force a win within\n\
         the depth) with its source. Check the files with `sha256sum -c SHA256SUMS`.\n\n\
         To regenerate: `qbfgames generate <suite.toml>` with the same qbfgames version gives\n\
         byte-identical instances.\n\n\
         | family | game | encodings | formats | depths | files | true | false | unknown |\n\
         |---|---|---|---|---|---:|---:|---:|---:|\n"
    );
    for (family, rows) in &families {
        let set = |f: fn(&Row) -> &str| {
            let mut v: Vec<&str> = rows.iter().map(|r| f(r)).collect();
            v.sort();
            v.dedup();
            v.join(", ")
        };
        let mut depths: Vec<Depth> = rows.iter().map(|r| r.depth).collect();
        depths.sort();
        depths.dedup();
        let depths: Vec<String> = depths.iter().map(Depth::to_string).collect();
        let qbf: Vec<&&Row> = rows.iter().filter(|r| r.format == "qdimacs" || r.format == "qcir").collect();
        let count = |e: Option<Verdict>| qbf.iter().filter(|r| r.expected == e).count();
        text += &format!(
            "| {family} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            set(|r| &r.game),
            set(|r| &r.encoding),
            set(|r| &r.format),
            depths.join(", "),
            rows.len(),
            count(Some(Verdict::True)),
            count(Some(Verdict::False)),
            count(None),
        );
    }
    text += "\nParameters of each family (one line per grid point):\n\n";
    for (family, rows) in &families {
        let mut params: Vec<&str> = rows.iter().map(|r| r.params.as_str()).collect();
        params.sort();
        params.dedup();
        text += &format!("- **{family}**\n");
        for p in params {
            text += &format!("  - `{p}`\n");
        }
    }
    text
}
