//! Generating a table's instances: in parallel, content-addressed under `OUT/instances/`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use contract::{write_atomically, Source};
use qbf::identity::sha256_hex;
use qbf::stats::{stats, Stats};
use rayon::prelude::*;
use suites::builder::Encoders;
use suites::generate::Builder;
use suites::Job;

use super::error::{GenerateError, GenerateFailure};
use super::table::{InstanceRef, Table};

/// A generated instance.
#[derive(Clone, Debug)]
pub struct Generated {
    pub path: PathBuf,
    /// SHA-256 of the QDIMACS file.
    pub id: String,
    pub stats: Stats,
}

/// Every instance a table needs, generated or why not.
pub type Instances = BTreeMap<InstanceRef, Result<Generated, Arc<GenerateError>>>;

/// The suites' job for `inst`.
pub fn job<'t>(table: &'t Table, inst: &'t InstanceRef) -> Job<'t> {
    let family = &table.suites[inst.suite].families[inst.family];
    Job { family, params: &inst.params, depth: inst.depth, encoding: inst.encoding, formats: &[], answer: None }
}

/// Generates every instance in `instances` as QDIMACS under `out/instances`, in parallel.
pub fn generate(table: &Table, encoders: &Encoders, instances: &BTreeSet<InstanceRef>, out: &Path) -> Instances {
    let dir = out.join("instances");
    instances
        .par_iter()
        .map(|inst| {
            let job = job(table, inst);
            let built = write(&table.suites[inst.suite].dir, encoders, &job, &dir);
            (inst.clone(), built.map_err(|failure| Arc::new(GenerateError { key: job.key(), failure })))
        })
        .collect()
}

/// Builds `job`, writes its QDIMACS under `dir` named by its hash, and counts its sizes.
fn write(suite_dir: &Path, encoders: &Encoders, job: &Job, dir: &Path) -> Result<Generated, GenerateFailure> {
    let instance = encoders.build(suite_dir, job).map_err(GenerateFailure::Build)?;
    let mut bytes = Vec::new();
    let comment = format!("qbfgames verify: {}", job.key());
    instance.write_qdimacs(&mut bytes, job.family.clause_form, &[&comment]).map_err(GenerateFailure::Write)?;
    let id = sha256_hex(&bytes);
    let source = Source::from_bytes(job.key(), bytes);
    let (_, stats) = stats(&source).map_err(GenerateFailure::Unparsable)?;
    let path = dir.join(format!("{id}.qdimacs"));
    if !path.is_file() {
        std::fs::create_dir_all(dir)
            .and_then(|_| write_atomically(&path, |w| w.write_all(&source.bytes)))
            .map_err(|error| GenerateFailure::Store { path: path.clone(), error })?;
    }
    Ok(Generated { path, id, stats })
}
