//! `qbfgames generate`: a suite's instances and manifest, its ladders climbed with their
//! calibration solvers or to a recorded reach (`suites::ladder`), its expected answers
//! certified with DepQBF's tracer where asked (`--certify`, `[certify]`:
//! `suites::certified`), then one line per ladder and one for the certification. Every
//! model file is read before anything is written. Progress is a bar on a terminal, and
//! a line per family and per ladder rung otherwise (a log, `tee`).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use certify::{depqbf_tracer, Certifier, Certify};
use harness::slurm::{Profile, SlurmCli};
use harness::wave::WaveExecutor;
use harness::{Executor, RealExecutor, Tools};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use qbf::io::Format;
use suites::generate::{generate_with, Reach};
use suites::ladder::{self, Calibration, Recorded};
use suites::model_check::load_models;
use suites::{expand, load, OutFormat, Suite};

use crate::children::encoders;

use crate::generate_lines::FamilyLines;

/// How the ladders climb: to a recorded reach (`--reach`, or DIR/ladders.csv unless
/// `--recalibrate`), `--calibration-limit` and `--competition-limit` in place of every
/// ladder's `limit` and `predict_to`, and where the calibration runs run (`--backend`).
#[derive(Clone, Debug, Default)]
pub struct Ladders {
    pub reach: Option<PathBuf>,
    pub recalibrate: bool,
    pub calibration_s: Option<f64>,
    pub competition_s: Option<f64>,
    /// On Slurm, in job-array waves ([`harness::wave`]).
    pub slurm: bool,
    /// The cluster profile (`--profile`).
    pub profile: Option<PathBuf>,
}

pub fn run(
    file: &Path,
    out: Option<PathBuf>,
    jobs: Option<usize>,
    config: &Path,
    certify: Option<f64>,
    climb: &Ladders,
) -> Result<ExitCode> {
    let (reach, recalibrate) = (climb.reach.as_deref(), climb.recalibrate);
    let file = &crate::locate::suite_file(file)?;
    let mut suite = load(file)?;
    for ladder in suite.families.iter_mut().filter_map(|f| f.ladder.as_mut()) {
        ladder.limit_s = climb.calibration_s.unwrap_or(ladder.limit_s);
        ladder.predict_to = climb.competition_s.or(ladder.predict_to);
    }
    for warning in load_models(&suite)? {
        errln!("warning: {}: {}", warning.job, warning.message);
    }
    if let Some(timeout_s) = certify {
        for family in &mut suite.families {
            let limits = family.certify.unwrap_or(Certify::with_timeout(timeout_s));
            family.certify = Some(Certify { timeout_s, ..limits });
        }
    }
    let exe = std::env::current_exe().context("locating the qbfgames executable for the reference solvers")?;
    let certifier = if suite.families.iter().any(|f| f.certify.is_some()) {
        // Checked here, so that a missing tracer stops generation before it starts.
        depqbf_tracer(config, "certification (--certify or the suite's [certify])")?;
        let config = std::path::absolute(config).with_context(|| format!("locating {}", config.display()))?;
        Some(crate::children::CertifyChild { config })
    } else {
        None
    };
    let out = out.unwrap_or_else(|| PathBuf::from("out").join(&suite.name));
    let threads = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let (plain, ladders) = ladder::split(expand(&suite));
    let earlier = out.join(ladder::FILE);
    let recorded = match reach {
        Some(path) => Some(Recorded::read(path, &ladders)?),
        None if !ladders.is_empty() && !recalibrate && earlier.is_file() => {
            errln!(
                "note: the ladders reach as far as {} records (no calibration); --recalibrate runs their solvers again",
                earlier.display()
            );
            Some(Recorded::read(&earlier, &ladders)?)
        }
        None => None,
    };
    let solvers = match (&recorded, ladders.is_empty()) {
        (None, false) => {
            let beside = file.with_file_name(ladder::FILE);
            if beside.is_file() {
                errln!(
                    "note: {} is beside the suite; `--reach {}` generates the reach it records instead of calibrating",
                    beside.display(),
                    beside.display()
                );
            }
            let tools = Tools::load(config).with_context(|| {
                format!("the suite's ladders need their calibration solvers from {}", config.display())
            })?;
            ladder::solvers(&suite, &tools, config, &RealExecutor)?
        }
        _ => Default::default(),
    };
    let waves = if climb.slurm && recorded.is_none() && !ladders.is_empty() {
        let profile = match &climb.profile {
            Some(path) => Profile::load(path)?,
            None => Profile::default(),
        };
        let qbfgames = profile.qbfgames.clone().unwrap_or_else(|| exe.clone());
        errln!("the ladders' calibration runs go to Slurm, each wave of rungs one job array");
        Some(WaveExecutor::new(&out, &qbfgames, profile, &SlurmCli, ladders.len())?)
    } else {
        None
    };
    let threads = if waves.is_some() { threads.max(ladders.len() + 1) } else { threads };
    let executor: &dyn Executor = match &waves {
        Some(w) => w,
        None => &RealExecutor,
    };
    let calibration = Calibration { solvers: &solvers, executor };
    let reach = match &recorded {
        Some(r) => Some(Reach::Recorded(r)),
        None if ladders.is_empty() => None,
        None => Some(Reach::Calibrate(&calibration)),
    };
    // Calibrating, the bar counts every rung up to the ladders' caps: a ladder that stops
    // early leaves it short.
    let rungs: usize = match &recorded {
        Some(r) => r.rungs.len(),
        None => ladders.iter().map(|l| l.jobs.len()).sum(),
    };
    let certified = if certifier.is_some() { to_certify(&suite) } else { 0 };
    let bar =
        ProgressBar::with_draw_target(Some((plain.len() + rungs + certified) as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} jobs {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let builder = encoders()?;
    let lines = (!std::io::stderr().is_terminal()).then(|| FamilyLines::new(&plain, &ladders));
    if lines.is_some() {
        errln!(
            "generating {} job(s) and {} ladder(s) of {} into {}",
            plain.len(),
            ladders.len(),
            suite.name,
            out.display()
        );
    }
    let summary = generate_with(
        &suite,
        &builder,
        &out,
        threads,
        &|key| {
            bar.inc(1);
            if let Some(line) = lines.as_ref().and_then(|l| l.finished(key)) {
                errln!("{line}");
            }
        },
        reach,
        certifier.as_ref().map(|c| c as &dyn Certifier),
    );
    bar.finish_and_clear();
    let summary = summary?;
    if let Some(w) = &waves {
        errln!("{} Slurm wave(s) calibrated the ladders", w.waves());
    }
    outln!("{}: {summary} -> {}", suite.name, out.display());
    for reached in ladder::reached(&summary.rungs) {
        outln!("ladder {reached}");
    }
    if let Some(certified) = &summary.certified {
        for line in &certified.rejected {
            errln!("warning: {line}\n  the proof or certificate was rejected, so the answer stays uncertified");
        }
        for line in &certified.failed {
            errln!("warning: {line}");
        }
        outln!("{certified}");
    }
    if let Some(path) = suites::model_copies::copy_models(&suite, file, &out)?.first() {
        errln!("note: model `{path}` is not inside the suite's folder, so {}/models/ is not written and `qbfgames package` cannot carry the models\n  help: give model paths relative to the suite file", out.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// How many jobs certification may run: the jobs writing QDIMACS of the families that ask
/// for it (a ladder's rungs up to its cap: the progress bar's share).
fn to_certify(suite: &Suite) -> usize {
    expand(suite)
        .iter()
        .filter(|j| j.family.certify.is_some() && j.outputs().contains(&OutFormat::Qbf(Format::Qdimacs)))
        .count()
}
