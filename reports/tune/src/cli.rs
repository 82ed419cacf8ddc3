//! The command line of `qbfgames tune` (feature `cli`). Doc comments of the clap types
//! here are `--help` text, which clap prints as written: `<suite name>` is literal there,
//! not HTML.
#![allow(rustdoc::invalid_html_tags)]

use std::path::PathBuf;

/// The settings of `qbfgames tune`.
#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    /// The suite file.
    pub suite: PathBuf,
    /// Only these families (repeatable; default: every family).
    #[arg(long)]
    pub family: Vec<String>,
    /// An axis and its values, `AXIS=V1,V2` (repeatable; the variants are every
    /// combination). Axes: clause_form (polarity, tseitin, universal), gates (innermost,
    /// earliest), encoding (an encoding of the family's model). Default: clause_form ×
    /// gates.
    #[arg(long = "vary", value_name = "AXIS=VALUES", conflicts_with = "variant")]
    pub vary: Vec<String>,
    /// One variant by its values joined by `.` (`polarity.earliest`, `gdl-sd`), in place of
    /// --vary's combinations (repeatable, or comma-separated). Folders of the same name
    /// under --out are resumed.
    #[arg(long, value_delimiter = ',')]
    pub variant: Vec<String>,
    /// Solvers, comma-separated names from the solvers file.
    #[arg(long, value_delimiter = ',', default_value = "depqbf,caqe")]
    pub solvers: Vec<String>,
    /// Preprocessors, comma-separated; `none` runs the solvers on the instance itself.
    #[arg(long, value_delimiter = ',', default_value = "none,bloqqer")]
    pub preprocessors: Vec<String>,
    /// CPU-time limit per run in seconds.
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// Wall-clock safety limit per run in seconds (default: --timeout + 30); raise it on a
    /// busy machine, where a run that has used half its CPU limit when the wall clock
    /// stops it counts as a timeout.
    #[arg(long)]
    pub wall_timeout: Option<f64>,
    /// Memory limit per run.
    #[arg(long, default_value = harness::DEFAULT_MEMORY)]
    pub memory: String,
    /// Runs at once (default: one per physical core).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// The folder of the variants' folders and tune.csv (default: out/tune/<suite name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The solvers file.
    #[arg(long, default_value_os_t = harness::locate::default_solvers())]
    pub config: PathBuf,
}
