//! The command line of the harness's commands (feature `cli`): the flags of `run` and
//! `slurm-script` (the cells of a run, their limits, and the Slurm backend's settings),
//! and the value parser of every flag that takes seconds. Doc comments of the clap types
//! here are `--help` text, which clap prints as written: `[slurm]` is literal there, not
//! a rustdoc link.
#![allow(rustdoc::broken_intra_doc_links)]

use std::path::PathBuf;

use clap::ValueEnum;

/// The cells of a run and their limits: what `run` and `slurm-script` share.
#[derive(clap::Args, Debug)]
pub struct MatrixArgs {
    /// A directory with manifest.csv and the instances it lists (`qbfgames generate`).
    pub dir: PathBuf,
    /// Solvers to run, comma-separated names from the solvers file.
    #[arg(long, value_delimiter = ',', default_value = "depqbf")]
    pub solvers: Vec<String>,
    /// Preprocessors, comma-separated; `none` runs the solvers on the instance itself.
    #[arg(long, value_delimiter = ',', default_value = "none")]
    pub preprocessors: Vec<String>,
    /// CPU-time limit per cell in seconds: user + system time of the preprocessor, the
    /// solver and every process they start, together (one budget: the solver gets what
    /// preprocessing left). Reaching it is a timeout.
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// Wall-clock safety limit per run in seconds (default: --timeout + 30). A run it stops
    /// before it used its CPU limit is `starved`: not a result, run again.
    #[arg(long)]
    pub wall_timeout: Option<f64>,
    /// Run cells again whose record is `starved` (default); `--rerun-starved=false` keeps them.
    #[arg(long, default_value_t = true, num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub rerun_starved: bool,
    /// How often a cell the machine starved is run again within this run, each time with
    /// twice the wall-clock margin over the CPU limit; one still starved after that is
    /// recorded `starved` (run again by the next `run`).
    #[arg(long, default_value_t = crate::STARVED_RETRIES)]
    pub starved_retries: u32,
    /// Memory limit per process (address space), e.g. 4G or 512M.
    #[arg(long, default_value = crate::DEFAULT_MEMORY)]
    pub memory: String,
    /// The solvers file.
    #[arg(long, default_value_os_t = crate::locate::default_solvers())]
    pub config: PathBuf,
    /// Run the rungs a ladder predicted past its calibration too (DIR/ladders.csv; left
    /// out by default: `select` predicts their times from the ladder's growth).
    #[arg(long)]
    pub predicted: bool,
}

/// The settings of `qbfgames run`.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub matrix: MatrixArgs,
    /// Runs at the same time, each pinned to a core of its own (default: one per physical
    /// core, so that no two runs share one through SMT; most: the cores this process may
    /// use, and each record says whether its core's SMT sibling was busy).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Stop each configuration on a depth series (a ladder's rungs, or the depths a
    /// family lists) at the first rung it runs out of its limit on: its cells of the
    /// deeper rungs are recorded `skipped`, not run and never counted as timeouts. The
    /// shallowest rungs run first. Saves the limit's worth of CPU time per skipped cell;
    /// assumes a deeper rung of the same game is no easier.
    #[arg(long)]
    pub stop_series: bool,
    /// Certify each answer of the solvers that can write a proof (a `trace` command in the
    /// solvers file: depqbf): the cell runs the traced command, its Q-resolution proof is
    /// checked and the certificate extracted from it verified with a SAT solver. An answer
    /// whose certificate fails is `wrong`. Preprocessed cells are not certified.
    #[arg(long, help_heading = "Certification")]
    pub certify: bool,
    /// With --certify: the largest proof a run may write, e.g. 8G or 512M; a run that
    /// writes more is stopped (an `error` cell).
    #[arg(long, default_value = crate::DEFAULT_MAX_PROOF, requires = "certify", help_heading = "Certification")]
    pub max_proof: String,
    /// With --certify: how long the SAT solver may take to verify one certificate, in
    /// seconds; an answer it does not verify in time is `unverified`, not rejected.
    #[arg(long, default_value_t = crate::DEFAULT_SAT_TIMEOUT_S, requires = "certify", help_heading = "Certification")]
    pub sat_timeout: f64,
    /// Where the cells run: on this machine, or as one Slurm job array.
    #[arg(long, value_enum, default_value_t = Backend::Local)]
    pub backend: Backend,
    #[command(flatten)]
    pub slurm: SlurmArgs,
    /// Submit and return; `qbfgames collect DIR` merges the results later.
    #[arg(long, help_heading = "Slurm")]
    pub no_wait: bool,
}

/// The settings of `qbfgames slurm-script`: the cells and the cluster, nothing of a local
/// run (--jobs, --certify) and nothing of a submission (--no-wait).
#[derive(clap::Args, Debug)]
pub struct SlurmScriptArgs {
    #[command(flatten)]
    pub matrix: MatrixArgs,
    #[command(flatten)]
    pub slurm: SlurmArgs,
}

/// Where `qbfgames run` runs the cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Backend {
    Local,
    Slurm,
}

/// Settings of the Slurm backend; each overrides the cluster profile's key of the same name.
#[derive(clap::Args, Debug, Default)]
pub struct SlurmArgs {
    /// The cluster profile, a TOML file with a [slurm] table (see suite/cluster.toml).
    #[arg(long, help_heading = "Slurm")]
    pub profile: Option<PathBuf>,
    /// Slurm partition.
    #[arg(long, help_heading = "Slurm")]
    pub partition: Option<String>,
    /// Slurm account to charge.
    #[arg(long, help_heading = "Slurm")]
    pub account: Option<String>,
    /// Array tasks running at once.
    #[arg(long, help_heading = "Slurm")]
    pub array_limit: Option<usize>,
    /// CPUs per array task; that many cells of a shard run at once (replaces --jobs).
    #[arg(long, help_heading = "Slurm")]
    pub cpus_per_task: Option<usize>,
    /// Memory per CPU, Slurm notation (default: --memory plus 256M).
    #[arg(long, help_heading = "Slurm")]
    pub mem_per_cpu: Option<String>,
    /// Cells per shard (one array task per shard; default 20).
    #[arg(long, help_heading = "Slurm")]
    pub shard_cells: Option<usize>,
}

impl SlurmArgs {
    /// The profile file (if any) with the command line's settings over it.
    pub fn profile(&self) -> Result<crate::slurm::Profile, crate::Error> {
        let profile = match &self.profile {
            Some(path) => crate::slurm::Profile::load(path)?,
            None => crate::slurm::Profile::default(),
        };
        let over = crate::slurm::Overrides {
            partition: self.partition.clone(),
            account: self.account.clone(),
            mem_per_cpu: self.mem_per_cpu.clone(),
            array_limit: self.array_limit,
            cpus_per_task: self.cpus_per_task,
            shard_cells: self.shard_cells,
        };
        profile.overridden(over)
    }
}

/// A positive, finite number of seconds.
pub fn parse_seconds(s: &str) -> Result<f64, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x > 0.0)
        .ok_or_else(|| format!("`{s}` is not a positive number of seconds (e.g. 60 or 2.5)"))
}
