//! Preprocessing, once per (instance, preprocessor), cached on disk by content.
//!
//! The cache lives in `DIR/cache/<preprocessor>-<fingerprint>/`, where the fingerprint
//! hashes the preprocessor's name, version, command and the limits, so a new version or
//! limit never reuses an old result. For instance `<id>` it holds `<id>.qdimacs` (the
//! rewritten formula) and `<id>.json` (how preprocessing ended and what it cost). Both
//! are written to temporary names and renamed, the JSON last: a JSON file means a
//! complete entry, and anything else (also a rewritten entry whose formula was removed,
//! and a `starved` one: not a measurement) is redone. The entry keeps the preprocessor's
//! CPU time, which every cell using it is charged (one budget per cell, see
//! [`crate::matrix`]).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::answer::{failure, limit_status};
use super::error::{Context, Error};
use super::executor::Executor;
use super::limits::Limits;
use super::tool_run::ToolRun;
use contract::Status;

/// How preprocessing one instance ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PreResult {
    /// `None`: the formula was rewritten (the cached `.qdimacs`); `true`/`false`: the
    /// preprocessor solved it; otherwise why it failed.
    pub status: Option<Status>,
    pub cpu_s: f64,
    pub wall_s: f64,
    pub peak_mb: f64,
    pub detail: String,
}

impl PreResult {
    pub fn label(&self) -> String {
        self.status.map_or("rewritten".to_string(), |s| s.to_string())
    }
}

/// How the name of a formula the preprocessor is still writing begins (then
/// `<id>.<pid>.<n>.qdimacs`); renamed to `<id>.qdimacs` once complete.
const PARTIAL_PREFIX: &str = ".";

/// Whether a file of a cache directory is a formula a killed run left half-written.
pub(crate) fn is_partial(name: &str) -> bool {
    name.starts_with(PARTIAL_PREFIX) && name.ends_with(".qdimacs")
}

/// `pid.n`, distinct for every call in every process: the temporary names of two runs
/// preprocessing one instance at once (two threads, two processes) never meet.
fn unique() -> String {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    format!("{}.{}", std::process::id(), CALLS.fetch_add(1, Ordering::Relaxed))
}

/// The cache directory of one preprocessor under `limits`.
pub fn cache_dir(root: &Path, pre: &ToolRun, limits: &Limits) -> PathBuf {
    let fingerprint =
        fnv1a(&format!("{}\n{}\n{}\n{limits}", pre.tool.name, pre.version, pre.tool.command.join("\u{0}")));
    root.join(format!("{}-{fingerprint:016x}", pre.tool.name))
}

/// The rewritten formula of instance `id`.
pub fn output_path(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.qdimacs"))
}

/// The complete cache entry of instance `id` in the cache directory `dir`, if there is one:
/// its result, with the rewritten formula (`output_path`) present when it was rewritten.
/// A starved entry is none: the machine, not the preprocessor, ended it.
pub fn cached(dir: &Path, id: &str) -> Option<PreResult> {
    let text = std::fs::read_to_string(dir.join(format!("{id}.json"))).ok()?;
    let cached = serde_json::from_str::<PreResult>(&text).ok()?;
    match cached.status {
        Some(Status::Starved) => None,
        Some(_) => Some(cached),
        None => output_path(dir, id).is_file().then_some(cached),
    }
}

/// The cached result for `id`, or the result of preprocessing it now.
pub fn preprocess(
    executor: &dyn Executor,
    pre: &ToolRun,
    dir: &Path,
    id: &str,
    input: &Path,
    limits: &Limits,
    owner: &Path,
) -> Result<PreResult, Error> {
    let meta = dir.join(format!("{id}.json"));
    if let Some(cached) = cached(dir, id) {
        return Ok(cached);
    }
    std::fs::create_dir_all(dir).context(|| format!("creating {}", dir.display()))?;
    let out = output_path(dir, id);
    let partial = dir.join(format!("{PARTIAL_PREFIX}{id}.{}.qdimacs", unique()));
    let mut job = pre.job(input, Some(&partial), *limits);
    job.owner = Some(owner.to_path_buf());
    let result = match executor.execute(&job) {
        Err(e) => {
            PreResult { status: Some(Status::Error), cpu_s: 0.0, wall_s: 0.0, peak_mb: 0.0, detail: e.to_string() }
        }
        Ok(m) => {
            let (status, detail) = if let Some((s, d)) = limit_status(&m, limits) {
                (Some(s), d)
            } else {
                match m.exit_code {
                    Some(c) if c == pre.tool.answer.true_exit => (Some(Status::True), String::new()),
                    Some(c) if c == pre.tool.answer.false_exit => (Some(Status::False), String::new()),
                    Some(c) if pre.tool.answer.unknown_exit.contains(&c) => match looks_like_qdimacs(&partial) {
                        true => (None, String::new()),
                        false => (Some(Status::Error), format!("exit code {c} but no QDIMACS written to {{output}}")),
                    },
                    _ => {
                        let (s, d) = failure(&m, limits);
                        (Some(s), d)
                    }
                }
            };
            PreResult {
                status,
                cpu_s: secs(m.cpu),
                wall_s: secs(m.wall),
                peak_mb: (m.peak_memory >> 10) as f64 / 1024.0,
                detail,
            }
        }
    };
    // The preprocessor wrote the formula itself, to a temporary name of ours: it is
    // renamed into place, not copied through `write_atomically`, which would read and
    // write the whole formula again.
    if result.status.is_none() {
        std::fs::rename(&partial, &out).context(|| format!("renaming into {}", out.display()))?;
    } else {
        let _ = std::fs::remove_file(&partial);
    }
    let json =
        serde_json::to_string(&result).map_err(|error| Error::Encode { what: meta.display().to_string(), error })?;
    contract::write_atomically(&meta, |w| w.write_all(json.as_bytes()))?;
    Ok(result)
}

pub fn secs(d: Duration) -> f64 {
    (d.as_secs_f64() * 1000.0).round() / 1000.0
}

/// Whether `path` starts (after comments) with a QDIMACS header.
fn looks_like_qdimacs(path: &Path) -> bool {
    use std::io::{BufRead, BufReader};
    let Ok(file) = std::fs::File::open(path) else { return false };
    BufReader::new(file)
        .lines()
        .map_while(Result::ok)
        .find(|l| !l.starts_with('c') && !l.trim().is_empty())
        .is_some_and(|l| l.starts_with("p cnf "))
}

/// FNV-1a, 64 bits: a stable fingerprint for cache directory names.
pub(crate) fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}
