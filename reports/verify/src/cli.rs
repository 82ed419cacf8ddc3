//! The command line of `qbfgames verify` and `qbfgames depth` (feature `cli`). Doc
//! comments of the clap types here are `--help` text.

use std::path::PathBuf;

use harness::cli::{Backend, SlurmArgs};
use reports::cli::TableFormat;

/// The settings of `qbfgames verify`.
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// Published table files (`suite/published/*.toml`).
    #[arg(required = true)]
    pub tables: Vec<PathBuf>,
    /// Time budget per table: runs start, cheapest first, until it is spent (`90s`, `30m`, `2h`).
    #[arg(long, default_value = "30m")]
    pub budget: String,
    /// Parallel runs.
    #[arg(long, default_value_t = 2)]
    pub jobs: usize,
    /// Time limit of each run in seconds (default: the table's `timeout`).
    #[arg(long)]
    pub timeout: Option<f64>,
    /// Only the rows whose label contains this text (aggregate rows then sum these).
    #[arg(long)]
    pub rows: Option<String>,
    /// Memory limit of each run.
    #[arg(long, default_value = harness::DEFAULT_MEMORY)]
    pub memory: String,
    /// The solvers and preprocessors.
    #[arg(long, default_value_os_t = harness::locate::default_solvers())]
    pub config: PathBuf,
    /// Instances, caches and the side-by-side tables (`<out>/<table>/verify.md`, `.csv`).
    #[arg(long, default_value = "out/verify")]
    pub out: PathBuf,
    /// Print the tables as text, Markdown, CSV, or JSON (one array: per table its heading,
    /// rows, notes, summary and whether it differs).
    #[arg(long, value_enum, default_value_t = TableFormat::Markdown)]
    pub format: TableFormat,
    /// Close the entries the paper left open: the critical depth, no win in the whole game,
    /// or a lower bound, by the reference player with climbing limits, certified by DepQBF
    /// at the deciding depths (`<out>/<table>/closed.csv`; its own budget, --close-budget).
    #[arg(long)]
    pub close: bool,
    /// Time budget per table for --close, after the re-check (`90s`, `30m`, `2h`).
    #[arg(long, default_value = "10m", requires = "close")]
    pub close_budget: String,
    /// CPU seconds of each certification of --close: the last of its climbing limits (2, 8
    /// and 30 s below it), the cheapest rows first (0: none certified).
    #[arg(long, default_value_t = 60.0, requires = "close")]
    pub certify: f64,
    /// With --close: where the reference player's runs go (`slurm`: each rung's runs as
    /// one job array on the cluster, for what one machine cannot reach).
    #[arg(long, value_enum, default_value_t = Backend::Local, requires = "close")]
    pub backend: Backend,
    #[command(flatten)]
    pub slurm: SlurmArgs,
}

/// The settings of `qbfgames depth`.
#[derive(clap::Args, Debug)]
pub struct DepthArgs {
    /// The suite whose grid points are deepened (its depths are ignored).
    pub suite: PathBuf,
    /// A solver of the solvers file.
    #[arg(long, default_value = "depqbf")]
    pub solver: String,
    /// The largest depth tried.
    #[arg(long)]
    pub max_depth: u32,
    /// Only this family.
    #[arg(long)]
    pub family: Option<String>,
    /// Time limit per solver run in seconds (CPU and wall clock).
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// Memory limit per solver run, e.g. 4G.
    #[arg(long, default_value = harness::DEFAULT_MEMORY)]
    pub memory: String,
    /// The solvers file.
    #[arg(long, default_value_os_t = harness::locate::default_solvers())]
    pub config: PathBuf,
    /// Output format of the table.
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    pub format: TableFormat,
}
