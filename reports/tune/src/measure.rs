//! Measuring variants: each variant of the suite generated into its own folder
//! (`OUT/<label>/`, a suite folder like `generate`'s) and its solver × preprocessor matrix
//! run there by the harness, which resumes what an earlier `tune` left.
//!
//! Only the first variant measured on a family computes its expected answers (the
//! reference solver's time is spent once); the summary checks every variant's answers
//! against them and against each other. A variant is run only on the families it applies
//! to ([`Variant::applies`]).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use contract::manifest::{self, Row};
use contract::{Record, Status};
use harness::local::LocalRun;
use harness::options::RunOptions;
use harness::Executor;
use qbf::io::Format;
use suites::generate::{generate, Builder, Summary};
use suites::{Expected, OutFormat, Suite};

use super::variant::Variant;

/// What to measure and how.
pub struct Tune<'a, B> {
    /// The suite, already cut to the families to measure.
    pub suite: &'a Suite,
    pub variants: &'a [Variant],
    /// The folder of the variants' folders.
    pub out: &'a Path,
    pub builder: &'a B,
    /// Solvers, preprocessors and limits of every variant's run.
    pub run: &'a RunOptions,
    /// Runs at once (`None`: one per core), and generation threads.
    pub jobs: Option<usize>,
    pub threads: usize,
}

/// A variant's instances and records.
pub struct Measured {
    pub variant: Variant,
    pub dir: PathBuf,
    /// The manifest's QDIMACS rows.
    pub rows: Vec<Row>,
    pub records: Vec<Record>,
}

/// What `measure` reports while it works.
pub enum Event<'e> {
    /// A variant's instances are written.
    Generated { variant: &'e Variant, summary: &'e Summary },
    /// A variant's matrix is about to run `pending` cells (`finished` are kept).
    Running { variant: &'e Variant, pending: usize, finished: usize },
    /// A cell's record.
    Record { variant: &'e Variant, record: &'e Record },
}

/// Why a measurement stopped.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    #[error("family `{0}` climbs a ladder, whose instances depend on a calibration run\n  help: tune families with fixed instances (leave this one out with --family)")]
    Ladder(String),
    #[error("generating variant {variant}: {error}")]
    Generate { variant: String, error: suites::generate::GenError },
    #[error("reading the manifest of variant {variant}: {error}")]
    Manifest { variant: String, error: manifest::ManifestError },
    #[error("running variant {variant}: {error}")]
    Run { variant: String, error: harness::Error },
    /// Cells the machine starved even after the run's re-runs: not measurements, so the
    /// variants cannot be compared yet.
    #[error("variant {variant}: {count} cell(s) starved (the machine was too busy to measure them, even with wider wall-clock limits), e.g. {first}\n  help: run the same tune again on a quieter machine or with fewer --jobs: it resumes and re-runs only them")]
    Starved { variant: String, count: usize, first: String },
}

impl<B: Builder> Tune<'_, B> {
    /// Generates and runs every variant in turn.
    pub fn measure(&self, executor: &dyn Executor, events: &mut dyn FnMut(Event)) -> Result<Vec<Measured>, TuneError> {
        if let Some(f) = self.suite.families.iter().find(|f| f.ladder.is_some()) {
            return Err(TuneError::Ladder(f.name.clone()));
        }
        let mut measured = Vec::new();
        let mut answered = BTreeSet::new();
        for variant in self.variants {
            let label = variant.label();
            let mut suite = variant.apply(self.suite);
            suite.families.retain(|f| variant.applies(f));
            if suite.families.is_empty() {
                continue;
            }
            for family in &mut suite.families {
                family.formats = vec![OutFormat::Qbf(Format::Qdimacs)];
                family.certify = None;
                if !answered.insert(family.name.clone()) {
                    family.expected = Expected::None;
                }
            }
            let dir = self.out.join(&label);
            let summary = generate(&suite, self.builder, &dir, self.threads, &|_| {})
                .map_err(|error| TuneError::Generate { variant: label.clone(), error })?;
            events(Event::Generated { variant, summary: &summary });
            let local = LocalRun::plan(&dir, self.run, self.jobs, executor, None)
                .map_err(|error| TuneError::Run { variant: label.clone(), error })?;
            events(Event::Running { variant, pending: local.pending(), finished: local.finished() });
            let records = local
                .run(executor, &mut |record| events(Event::Record { variant, record }))
                .map_err(|error| TuneError::Run { variant: label.clone(), error })?;
            let starved: Vec<&Record> = records.iter().filter(|r| r.status == Status::Starved).collect();
            if let Some(first) = starved.first() {
                let first = format!("{} on {}", first.configuration(), first.instance);
                return Err(TuneError::Starved { variant: label, count: starved.len(), first });
            }
            let rows = manifest::read(&dir)
                .map_err(|error| TuneError::Manifest { variant: label.clone(), error })?
                .into_iter()
                .filter(|r| r.format == Format::Qdimacs.extension())
                .collect();
            measured.push(Measured { variant: variant.clone(), dir, rows, records });
        }
        Ok(measured)
    }
}
