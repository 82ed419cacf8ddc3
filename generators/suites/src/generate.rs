//! Generating a suite: jobs in parallel, each file written to a temporary file and renamed
//! to its content address `instances/<family>/<sha256>.<ext>`, then the manifest.
//!
//! Determinism: a file's bytes depend only on its job (and the generator version), rows
//! are sorted by a stable key, and nothing in a file names the time, the machine or an
//! absolute path; so the same suite gives byte-identical output with any `--jobs`.
//! Re-running reuses files the manifest already lists once their hash is verified; a file
//! whose bytes no longer match its name, or a job that now produces different bytes than
//! the manifest records, is an error. A symbolic link under `instances/` is an error too,
//! before anything is written: nothing is written or deleted outside the output folder.
//!
//! A family with a ladder ([`crate::ladder`]) is generated rung by rung: each ladder is
//! climbed with its calibration solver ([`Reach::Calibrate`]), or to the reach recorded
//! in a `ladders.csv` ([`Reach::Recorded`]); either way `DIR/ladders.csv` records it.
//!
//! With a [`Certifier`] the QDIMACS instances of families that ask for it are certified
//! after they are written, before the manifest ([`crate::certified`]): their expected
//! answers then depend on the time the certification is given (see there).

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use certify::Certifier;
use rayon::prelude::*;
use sha2::{Digest, Sha256};

pub use crate::certified::Certified;
use crate::certified::{certify_rows, without_certificate};
use crate::error::io_err;
pub use crate::error::GenError;
use crate::expand::{expand, Job};
use crate::ladder::{self, Calibration, Recorded, Rung, Rungs};
use crate::resolve::{Expected, Param, Suite};
use crate::unlisted::{content_addressed, walk};
use crate::OutFormat;
use contract::manifest::{self, Row};
use contract::Source;
use contract::Verdict;
use qbf::identity::{gbd_hash, sha256_hex, to_hex};
use qbf::io::Format;
use qbf::stats::stats;

/// The version written into every instance and manifest row.
pub const GENERATOR_VERSION: &str = concat!("qbfgames ", env!("CARGO_PKG_VERSION"));

pub use ::game_registry::suite::{Instance, SourceFile};

/// Builds instances and expected answers for jobs: the bridge from suites to encoders.
pub trait Builder: Sync {
    /// Why a job could not be built (`builder::BuildError` for the encoders).
    type Error: std::fmt::Display;
    /// The instance of a job. Model paths in `job.params` are relative to `suite_dir`.
    fn build(&self, suite_dir: &Path, job: &Job) -> Result<Instance, Self::Error>;
    /// Whether Black wins within the job's depth, by the reference solver; `None` when it
    /// does not finish within `budget`.
    fn expected(&self, suite_dir: &Path, job: &Job, budget: Duration) -> Result<Option<bool>, Self::Error>;
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub files: usize,
    pub generated: usize,
    pub reused: usize,
    pub bytes: u64,
    pub seconds: f64,
    /// The calibration runs of the suite's ladders (what `ladders.csv` holds), ladder by
    /// ladder in the suite's order.
    pub rungs: Vec<Rung>,
    /// What certification did, when a [`Certifier`] was given and a family asks for it.
    pub certified: Option<Certified>,
}

impl std::fmt::Display for Summary {
    /// `12 files (10 generated, 2 reused), 1.5 MB, 0.3 s`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (mb, s) = (self.bytes as f64 / 1e6, self.seconds);
        write!(f, "{} files ({} generated, {} reused), {mb:.1} MB, {s:.1} s", self.files, self.generated, self.reused)
    }
}

/// The files `jobs` write, counting each of a format's files (a BDDL game is two).
pub fn file_count(jobs: &[Job<'_>]) -> usize {
    jobs.iter().flat_map(|j| j.outputs()).map(|f| f.files().len()).sum()
}

/// Where the reach of a suite's ladders comes from.
#[derive(Clone, Copy)]
pub enum Reach<'a> {
    /// Climb every ladder with its calibration solver.
    Calibrate(&'a Calibration<'a>),
    /// Generate the rungs a `ladders.csv` records, running no solver.
    Recorded(&'a Recorded),
}

/// Generates `suite` into `out` with `threads` worker threads; `progress` is called once
/// per finished job. A suite with ladders needs [`generate_with`] and a [`Reach`].
pub fn generate<B: Builder>(
    suite: &Suite,
    builder: &B,
    out: &Path,
    threads: usize,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Summary, GenError> {
    generate_with(suite, builder, out, threads, progress, None, None)
}

/// A unit of work of the thread pool: a job, or a ladder climbed rung by rung.
enum Task<'j, 'a> {
    Job(&'j Job<'a>),
    Ladder(&'j Rungs<'a>, &'j Calibration<'j>),
}

/// [`generate`], with the reach of the suite's ladders, and a [`Certifier`] for the
/// families that ask for certification. Ladders are climbed in parallel on the same
/// threads as the other jobs, each one's rungs in order; `DIR/ladders.csv` records the
/// reach (and is removed for a suite without ladders). Certification runs after every
/// job, on at most `threads` and at most the usable cores; `progress` sees each certified
/// job too.
///
/// A failure removes what this run wrote and no manifest lists: the whole of `out` when
/// it did not exist before, else the instance files the previous manifest does not list.
pub fn generate_with<B: Builder>(
    suite: &Suite,
    builder: &B,
    out: &Path,
    threads: usize,
    progress: &(dyn Fn(&str) + Sync),
    reach: Option<Reach<'_>>,
    certifier: Option<&dyn Certifier>,
) -> Result<Summary, GenError> {
    refuse_links(out)?;
    let existed = out.exists();
    let manifest_path = out.join("manifest.csv");
    let previous: BTreeMap<(String, String), Row> = if manifest_path.is_file() {
        manifest::read_csv(&manifest_path)?.into_iter().map(|r| ((r.job.clone(), r.format.clone()), r)).collect()
    } else {
        BTreeMap::new()
    };
    let generated = (|| {
        let start = Instant::now();
        let (plain, ladders) = ladder::split(expand(suite));
        let mut tasks: Vec<Task<'_, '_>> = Vec::new();
        let mut recorded = Vec::new();
        match (reach, ladders.is_empty()) {
            (_, true) => {}
            (None, false) => return Err(GenError::NoReach),
            (Some(Reach::Calibrate(c)), false) => tasks.extend(ladders.iter().map(|l| Task::Ladder(l, c))),
            (Some(Reach::Recorded(r)), false) => {
                for l in &ladders {
                    tasks.extend(l.jobs.iter().take(r.reach(&l.family.name, &l.key)).map(Task::Job));
                }
                recorded.clone_from(&r.rungs);
            }
        }
        tasks.extend(plain.iter().map(Task::Job));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build()
            .map_err(|e| GenError::Io { path: out.to_path_buf(), source: io::Error::other(e) })?;
        let build = |job: &Job| run_job(suite, builder, out, job, &previous);
        let results: Vec<Result<ladder::Climbed, GenError>> = pool.install(|| {
            tasks
                .par_iter()
                .map(|task| match task {
                    Task::Job(job) => {
                        let r = build(job);
                        progress(&job.key());
                        r.map(|(rows, reused)| ladder::Climbed {
                            reused: if reused { rows.len() } else { 0 },
                            rows,
                            rungs: Vec::new(),
                        })
                    }
                    Task::Ladder(l, c) => ladder::climb(c, l, out, &build, progress),
                })
                .collect()
        });
        let mut rows = Vec::new();
        let mut summary = Summary::default();
        for r in results {
            let climbed = r?;
            summary.reused += climbed.reused;
            summary.generated += climbed.rows.len() - climbed.reused;
            rows.extend(climbed.rows);
            recorded.extend(climbed.rungs);
        }
        manifest::sort(&mut rows);
        if let Some(certifier) = certifier {
            if suite.families.iter().any(|f| f.certify.is_some()) {
                summary.certified = Some(certify_rows(suite, certifier, out, &mut rows, threads, progress)?);
            }
        }
        for row in &rows {
            summary.bytes += fs::metadata(out.join(&row.path)).map_err(io_err(&out.join(&row.path)))?.len();
        }
        summary.files = rows.len();
        let ladders_path = out.join(ladder::FILE);
        if ladders.is_empty() {
            if ladders_path.is_file() {
                fs::remove_file(&ladders_path).map_err(io_err(&ladders_path))?;
            }
        } else {
            write_atomically(&ladders_path, |w| ladder::write_csv(w, &recorded))?;
        }
        summary.rungs = recorded;
        write_atomically(&manifest_path, |w| manifest::write_csv(w, &rows))?;
        write_atomically(&out.join("manifest.json"), |w| manifest::write_json(w, &rows))?;
        remove_unlisted(out, &rows)?;
        summary.seconds = start.elapsed().as_secs_f64();
        Ok(summary)
    })();
    if generated.is_err() {
        // Best effort: the error that stopped the run is the one to report.
        let listed: Vec<Row> = previous.into_values().collect();
        drop(if existed { remove_unlisted(out, &listed) } else { fs::remove_dir_all(out).map_err(io_err(out)) });
    }
    generated
}

/// Removes the content-addressed files (`<sha256>.<ext>`) under `out/instances/` that the new
/// manifest no longer lists: instances of an earlier version of the suite. Other files are
/// left alone (and `manifest verify` reports them as strays).
fn remove_unlisted(out: &Path, rows: &[Row]) -> Result<(), GenError> {
    refuse_links(out)?;
    for path in walk(out).unlisted(out, rows).files.into_iter().filter(|p| content_addressed(p)) {
        fs::remove_file(&path).map_err(io_err(&path))?;
    }
    Ok(())
}

/// Generating writes and deletes under `out/instances/` only where no symbolic link
/// leads: a link there (or `instances` being one) is refused before anything changes.
fn refuse_links(out: &Path) -> Result<(), GenError> {
    let links = walk(out).links;
    if links.is_empty() {
        Ok(())
    } else {
        Err(GenError::Links { links })
    }
}

/// The rows of one job, and whether they were reused from the previous manifest.
pub(crate) fn run_job<B: Builder>(
    suite: &Suite,
    builder: &B,
    out: &Path,
    job: &Job,
    previous: &BTreeMap<(String, String), Row>,
) -> Result<(Vec<Row>, bool), GenError> {
    let key = job.key();
    let outputs = job.outputs();
    let labels: Vec<(OutFormat, &str, &str)> =
        outputs.iter().flat_map(|&f| f.files().iter().map(move |&(l, e)| (f, l, e))).collect();
    let old: Vec<Option<&Row>> = labels.iter().map(|(_, l, _)| previous.get(&(key.clone(), l.to_string()))).collect();
    if old.iter().all(|r| r.is_some_and(|r| r.generator_version == GENERATOR_VERSION)) {
        // What an earlier run's certificates gave is not reused: this run certifies again,
        // or not at all.
        let rows: Vec<Row> = old.into_iter().flatten().cloned().map(without_certificate).collect();
        let map_ok = |r: &Row| r.map.is_empty() || verify_file(&out.join(&r.map), &r.map_sha256).is_ok();
        if rows.iter().all(|r| verify_file(&out.join(&r.path), &r.id).is_ok() && map_ok(r)) {
            return Ok((rows, true));
        }
    }
    let build_err = |message: String| GenError::Build { job: key.clone(), message };
    let started = Instant::now();
    let instance = builder.build(&suite.dir, job).map_err(|e| build_err(e.to_string()))?;
    let encoded = started.elapsed();
    // The expected_budget covers the whole job: the reference solver has what encoding left.
    let left = |budget: u64| Duration::from_secs(budget).saturating_sub(encoded);
    let computed = match job.family.expected {
        Expected::None => None,
        Expected::Reference { budget } => match builder.expected(&suite.dir, job, left(budget)) {
            Ok(Some(answer)) => Some(answer),
            Ok(None) => return Err(build_err(format!(
                "encoding and the reference solver need more than the expected_budget of {budget} s (encoding took {:.1} s); raise the budget, shrink the family, or set expected = \"reference-or-unknown\" or \"none\" for it",
                encoded.as_secs_f64()
            ))),
            Err(e) => return Err(build_err(e.to_string())),
        },
        Expected::ReferenceOrUnknown { budget } => {
            builder.expected(&suite.dir, job, left(budget)).map_err(|e| build_err(e.to_string()))?
        }
    };
    let (computed, published) = (computed.map(Verdict::from_bool), job.answer.map(Verdict::from_bool));
    let (expected, expected_by) = match (computed, published) {
        (Some(c), Some(p)) if c != p => {
            return Err(build_err(format!(
                "the reference solver says {c}, the published answer in the suite says {p}"
            )));
        }
        (Some(c), Some(_)) => (Some(c), "reference+published"),
        (Some(c), None) => (Some(c), "reference"),
        (None, Some(p)) => (Some(p), "published"),
        (None, None) => (None, "none"),
    };
    let dir = out.join("instances").join(&job.family.name);
    fs::create_dir_all(&dir).map_err(io_err(&dir))?;
    let mut comments = header_comments(job);
    comments.extend(instance.notes.iter().cloned());
    let comments: Vec<&str> = comments.iter().map(String::as_str).collect();
    let mut rows = Vec::new();
    for (format, label, ext) in labels {
        let written = match format {
            OutFormat::Qbf(Format::Qcir) => write_content_addressed(&dir, ext, |w| instance.write_qcir(w, &comments)),
            OutFormat::Qbf(Format::Qdimacs) => {
                write_content_addressed(&dir, ext, |w| instance.write_qdimacs(w, job.family.clause_form, &comments))
            }
            OutFormat::Source(_) => {
                let text = instance
                    .sources
                    .iter()
                    .find(|f| f.label == label)
                    .ok_or_else(|| build_err(format!("the model produced no {label} source")))?;
                write_content_addressed(&dir, ext, |w| w.write_all(&text.bytes))
            }
        }?;
        let (id, path) = written;
        if let Some(old) = previous.get(&(key.clone(), label.to_string())) {
            if old.generator_version == GENERATOR_VERSION && old.id != id {
                return Err(GenError::Changed { job: key.clone(), format: label.into(), old: old.id.clone(), new: id });
            }
        }
        let relative = |p: &Path| p.strip_prefix(out).unwrap_or(p).to_string_lossy().into_owned();
        let map = match (&instance.map, format.is_qbf()) {
            (Some(map), true) => {
                let map_path = dir.join(format!("{id}.map.json"));
                let mut bytes = serde_json::to_vec_pretty(map).map_err(io::Error::other).map_err(io_err(&map_path))?;
                bytes.push(b'\n');
                write_atomically(&map_path, |w| w.write_all(&bytes))?;
                (relative(&map_path), sha256_hex(&bytes))
            }
            _ => (String::new(), String::new()),
        };
        let mut row = describe(job, format, label, id, relative(&path), &path, expected, expected_by)?;
        (row.map, row.map_sha256) = map;
        rows.push(row);
    }
    Ok((rows, false))
}

/// A manifest row for a written file, with statistics read back from the file.
#[allow(clippy::too_many_arguments)]
fn describe(
    job: &Job,
    format: OutFormat,
    label: &str,
    id: String,
    relative: String,
    path: &Path,
    expected: Option<Verdict>,
    expected_by: &str,
) -> Result<Row, GenError> {
    let mut row = Row {
        id,
        gbd_id: String::new(),
        family: job.family.name.clone(),
        game: job.family.model.name().to_string(),
        params: super::resolve::params_string(job.params),
        encoding: job.encoding.name().to_string(),
        format: label.to_string(),
        depth: job.depth,
        vars: None,
        universal: None,
        existential: None,
        blocks: None,
        clauses: None,
        literals: None,
        gates: None,
        expected,
        expected_by: expected_by.to_string(),
        path: relative,
        generator_version: GENERATOR_VERSION.to_string(),
        job: job.key(),
        map: String::new(),
        map_sha256: String::new(),
    };
    if format.is_qbf() {
        let source = Source::read(&path.display().to_string()).map_err(io_err(path))?;
        let (_, s) = stats(&source).map_err(|e| GenError::Build {
            job: job.key(),
            message: format!("the written file does not parse: {e}"),
        })?;
        if format == OutFormat::Qbf(Format::Qdimacs) {
            row.gbd_id = gbd_hash(&source.bytes);
        }
        row.vars = Some(s.vars);
        row.universal = Some(s.universal);
        row.existential = Some(s.existential);
        row.blocks = Some(s.blocks);
        row.clauses = s.clauses;
        row.literals = s.literals;
        row.gates = s.gates;
    }
    Ok(row)
}

/// Comment lines at the top of every QBF file: what it is, never where or when it was made.
fn header_comments(job: &Job) -> Vec<String> {
    let params: Vec<String> =
        job.params.iter().filter(|(_, v)| !matches!(v, Param::Path(_))).map(|(k, v)| format!("{k}={v}")).collect();
    let mut lines = vec![
        format!("generated by {GENERATOR_VERSION}"),
        format!("family {} (model {})", job.family.name, job.family.model.name()),
        format!("encoding {}, depth {}", job.encoding.name(), job.depth),
    ];
    if !params.is_empty() {
        lines.push(format!("parameters {}", params.join(" ")));
    }
    lines
}

/// Hashes what passes through.
struct Hashing<W> {
    inner: W,
    hasher: Sha256,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Streams a file into `dir` through `write` and names it `<sha256>.<ext>`; an existing
/// file of that name is verified instead.
fn write_content_addressed(
    dir: &Path,
    ext: &str,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(String, PathBuf), GenError> {
    let hashed = |w: &mut dyn Write| {
        let mut hashing = Hashing { inner: w, hasher: Sha256::new() };
        write(&mut hashing)?;
        Ok(to_hex(&hashing.hasher.finalize()))
    };
    let named = contract::write_named(dir, hashed, |id| format!("{id}.{ext}"))
        .map_err(|e| GenError::Io { path: e.path, source: e.source })?;
    if named.existed {
        verify_file(&named.path, &named.value)?;
    }
    Ok((named.value, named.path))
}

/// Checks that `path`'s bytes hash to `id`.
pub fn verify_file(path: &Path, id: &str) -> Result<(), GenError> {
    let bytes = fs::read(path).map_err(io_err(path))?;
    let actual = sha256_hex(&bytes);
    if actual == id {
        Ok(())
    } else {
        Err(GenError::Corrupt { path: path.to_path_buf(), actual })
    }
}

fn write_atomically(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), GenError> {
    contract::write_atomically(path, write).map_err(io_err(path))
}

#[cfg(test)]
mod summary_tests {
    use super::Summary;

    #[test]
    fn summaries_read_as_one_line() {
        let s = Summary { files: 12, generated: 10, reused: 2, bytes: 1_549_000, seconds: 0.34, ..Summary::default() };
        assert_eq!(s.to_string(), "12 files (10 generated, 2 reused), 1.5 MB, 0.3 s");
    }
}
