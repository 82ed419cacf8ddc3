//! The command line of the reports' commands (feature `cli`): the flags of `select`,
//! `calibrate` and `frontier` (what a selection asks for, how predictions are checked,
//! how the frontier is measured), and how a command prints a table. Doc comments of the
//! clap types here are `--help` text.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;
use harness::cli::{parse_seconds, Backend, SlurmArgs};

use crate::Table;

/// How a command prints a table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TableFormat {
    Text,
    Markdown,
    Csv,
    /// An array of objects, one per row, keyed by column name.
    Json,
}

impl TableFormat {
    /// Writes `table` to `out` in this format.
    pub fn write<W: Write>(self, out: W, table: &Table) -> io::Result<()> {
        match self {
            TableFormat::Text => crate::write_text(out, table),
            TableFormat::Markdown => crate::write_markdown(out, table),
            TableFormat::Csv => crate::write_csv(out, table),
            TableFormat::Json => crate::write_json(out, table),
        }
    }
}

/// `qbfgames select`.
#[derive(Debug, Args)]
pub struct SelectArgs {
    /// The directory `qbfgames run` wrote results into.
    pub dir: PathBuf,
    /// At most this many jobs per family.
    #[arg(long, default_value_t = 8)]
    pub per_family: usize,
    /// At least this many per family (an error names the families that fall short).
    #[arg(long, default_value_t = 1)]
    pub min_per_family: usize,
    /// At least this many families.
    #[arg(long, default_value_t = 1)]
    pub families: usize,
    /// The range the share of true answers must lie in, as LO..HI.
    #[arg(long, default_value = "0..1", value_parser = parse_share_range)]
    pub true_share: (f64, f64),
    /// The least share of selected jobs that some configuration does not solve at the limit.
    #[arg(long, default_value_t = 0.0)]
    pub unsolved_by_some: f64,
    /// Different solvers that must agree to give a job without a known answer one (`agreement`).
    #[arg(long, default_value_t = 2)]
    pub agree: usize,
    /// CPU seconds under which every configuration must solve a job for it to be trivial.
    #[arg(long, default_value_t = 1.0)]
    pub trivial: f64,
    /// The competition limit the set is made for, in CPU seconds (the QBF Gallery's 900):
    /// classes are relative to it, by measured or predicted times.
    #[arg(long, default_value_t = 900.0, value_parser = parse_seconds)]
    pub competition_limit: f64,
    /// The largest share of the selection without a known answer; such jobs are taken
    /// only when unsolved, at most one per family.
    #[arg(long, default_value_t = 0.1)]
    pub unknown_share: f64,
}

/// Flags of `qbfgames calibrate`.
#[derive(Args, Debug)]
pub struct CalibrateArgs {
    /// The directory `qbfgames select` wrote selection.csv into.
    pub dir: PathBuf,
    /// Run predicted jobs with their predicted configuration and compare.
    #[arg(long, required_unless_present = "backtest", conflicts_with = "backtest")]
    pub check_predictions: bool,
    /// Backtest the predictions, running nothing: the run's results cut at this CPU limit
    /// (seconds, below the run's own) predict every job no configuration solved within
    /// it, each beside the time measured at the run's own limit.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub backtest: Option<f64>,
    /// The CPU limit of the check, in seconds. Predictions of every size are checked: an
    /// answer judges any of them; a run without one agrees, disagrees or cannot tell by
    /// what its limit allows (past ×3 and past the interval: it disagrees).
    #[arg(long, default_value_t = 300.0, value_parser = parse_seconds)]
    pub timeout: f64,
    /// How many predicted jobs to check, spread over the predicted times.
    #[arg(long, default_value_t = 10)]
    pub count: usize,
    #[command(flatten)]
    pub runs: RunFlags,
}

/// How `calibrate` and `frontier` run solvers.
#[derive(Args, Debug)]
pub struct RunFlags {
    /// Runs at the same time on this machine (default: one per physical core).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Memory limit per process, e.g. 8G.
    #[arg(long, default_value = "8G")]
    pub memory: String,
    /// The solvers file.
    #[arg(long, default_value_os_t = harness::locate::default_solvers())]
    pub config: PathBuf,
}

/// Flags of `qbfgames frontier`.
#[derive(Args, Debug)]
pub struct FrontierArgs {
    /// The directory a run (and `select`) left.
    pub dir: PathBuf,
    /// The CPU seconds the escalation may spend in all (every run counted at its CPU time,
    /// preprocessing included; a run is started only if its limit still fits).
    #[arg(long, default_value_t = 1800.0, value_parser = parse_seconds)]
    pub budget: f64,
    /// The limits the frontier climbs, shortest first, in CPU seconds (comma-separated; up
    /// to the competition limit).
    #[arg(long, value_delimiter = ',', default_value = "60,300,900", value_parser = parse_seconds)]
    pub limits: Vec<f64>,
    /// The competition limit: no limit past it is run.
    #[arg(long, default_value_t = 900.0, value_parser = parse_seconds)]
    pub competition_limit: f64,
    #[command(flatten)]
    pub runs: RunFlags,
    /// Where the runs run: this machine, or Slurm (each wave one job array).
    #[arg(long, value_enum, default_value_t = Backend::Local)]
    pub backend: Backend,
    #[command(flatten)]
    pub slurm: SlurmArgs,
}

fn parse_share_range(s: &str) -> Result<(f64, f64), String> {
    let bad = || format!("`{s}` is not a range LO..HI of shares between 0 and 1 (e.g. 0.35..0.65)");
    let (lo, hi) = s.split_once("..").ok_or_else(bad)?;
    let (lo, hi): (f64, f64) = (lo.trim().parse().map_err(|_| bad())?, hi.trim().parse().map_err(|_| bad())?);
    if (0.0..=1.0).contains(&lo) && (0.0..=1.0).contains(&hi) && lo <= hi {
        Ok((lo, hi))
    } else {
        Err(bad())
    }
}
