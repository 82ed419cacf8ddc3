//! The command line, as clap derive types: every flag of every command, nothing else.
//!
//! Doc comments here are `--help` text, which clap prints as written: `[slurm]` and
//! `<suite name>` are literal there, not rustdoc links or HTML.
#![allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]

pub mod games;
pub mod strategy;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use certify::cli::CertifyArgs;
pub use gamekit::cli::ClauseArgs;
pub use games::{EncodeCmd, SolveCmd};
use harness::cli::{parse_seconds, Backend, RunArgs, SlurmScriptArgs};
use reports::cli::{CalibrateArgs, FrontierArgs, SelectArgs, TableFormat};
use tune::cli::TuneArgs;
use verify::cli::{DepthArgs, VerifyArgs};

#[derive(Parser, Debug)]
#[command(
    name = "qbfgames",
    version,
    about = "Two-player game benchmarks as QBF: generate, run, report",
    after_help = "Examples:\n  qbfgames encode gttt --shape elly --board 3 --depth 5 -o elly.qdimacs\n  qbfgames stats elly.qdimacs --csv\n  qbfgames encode geography --generate thesis-example -o game.qcir\n  qbfgames convert game.qcir -o game.qdimacs --clause-form tseitin\n  qbfgames hash game.qdimacs\n\n`qbfgames COMMAND --help` describes each command; docs/ in the source tree has the guides."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Size statistics of QDIMACS and QCIR files (gzip and xz read transparently).
    #[command(
        after_help = "Examples:\n  qbfgames encode gttt --shape el --board 3 --depth 5 -o a.qdimacs\n  qbfgames encode geography --generate thesis-example -o b.qcir\n  qbfgames stats a.qdimacs b.qcir\n  qbfgames stats --csv *.qdimacs > sizes.csv\n  zcat a.qdimacs.gz | qbfgames stats -"
    )]
    Stats {
        /// Input files; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Print CSV instead of an aligned table.
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        /// Print JSON: one object per file.
        #[arg(long)]
        json: bool,
    },
    /// Convert QCIR to QDIMACS (Plaisted–Greenbaum clauses by default, or full Tseitin).
    #[command(
        after_help = "Examples:\n  qbfgames encode geography --generate thesis-example -o game.qcir\n  qbfgames convert game.qcir -o game.qdimacs\n  qbfgames convert game.qcir -o game.qdimacs --clause-form tseitin --gates earliest"
    )]
    Convert {
        /// The QCIR input; `-` reads standard input.
        input: String,
        /// The QDIMACS output; written to a temporary file, then renamed. `-` for stdout.
        #[arg(short, long)]
        output: PathBuf,
        #[command(flatten)]
        clauses: ClauseArgs,
    },
    /// Validate suite files and list their instances.
    #[command(subcommand)]
    Suite(SuiteCmd),
    /// Generate a suite's instances into DIR/instances and DIR/manifest.csv; climb its
    /// ladders with their calibration solvers, recording the reach in DIR/ladders.csv;
    /// with --certify (or the suite's [certify]), expected answers from checked certificates.
    #[command(
        after_help = "Examples:\n  qbfgames generate suite/demo.toml   # into out/demo\n  qbfgames generate suite/corplus.toml --out out/corplus --jobs 2\n  qbfgames generate suite/demo.toml --out certified --certify 60\n  qbfgames generate suite/default.toml --reach out/default/ladders.csv   # the ladders as calibrated before"
    )]
    Generate {
        /// The suite file.
        suite: PathBuf,
        /// The output directory (default: out/<suite name>).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Worker threads (default: all cores); ladders are climbed on them in parallel.
        #[arg(long)]
        jobs: Option<usize>,
        /// Generate the ladders to the reach this ladders.csv records, running no solver
        /// (default: DIR/ladders.csv of an earlier run, if there is one).
        #[arg(long, value_name = "FILE")]
        reach: Option<PathBuf>,
        /// Climb the ladders with their solvers again, even where DIR/ladders.csv exists.
        #[arg(long, conflicts_with = "reach")]
        recalibrate: bool,
        /// The solvers file the ladders' calibration solvers and the tracing solver of
        /// --certify (`depqbf`, with its `trace` command) are taken from.
        #[arg(long, default_value_os_t = harness::locate::default_solvers())]
        config: PathBuf,
        /// Certify every QDIMACS instance with DepQBF's checked Q-resolution proof, under
        /// this many CPU seconds per instance (for every family, in place of the suite's
        /// [certify] timeout): a certified answer fills an empty `expected`
        /// (expected_by = certificate) and must agree with the reference solver's. Which
        /// instances are certified in time depends on the machine.
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        certify: Option<f64>,
        /// CPU seconds per calibration run of every ladder, in place of each ladder's `limit`.
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        calibration_limit: Option<f64>,
        /// The competition limit in CPU seconds, in place of each ladder's `predict_to`:
        /// every ladder goes on past its stop with rungs predicted from its growth, until
        /// one is predicted past this limit.
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        competition_limit: Option<f64>,
        /// Where the ladders' calibration runs run: on this machine, or on Slurm, every
        /// ladder's next rung in one job array per wave.
        #[arg(long, value_enum, default_value_t = Backend::Local)]
        backend: Backend,
        /// The cluster profile of --backend slurm (partition, account, modules; see
        /// suite/cluster.toml).
        #[arg(long, value_name = "FILE", requires = "backend")]
        profile: Option<PathBuf>,
    },
    /// Internal: certify one QDIMACS file with DepQBF's tracer (the solvers file's
    /// `depqbf` `trace` command) and print the outermost block's constants as `--qdo`
    /// does. `generate --certify` and `strategy first-move --from-certificate` run it as a
    /// child process, so that their memory limit holds for the proof checker too.
    /// Exit 10/20 certified true/false, 30 timed out, 31 rejected, 32 failed.
    #[command(name = "certify-qdimacs", hide = true)]
    CertifyQdimacs {
        /// The QDIMACS file.
        file: PathBuf,
        /// The solvers file.
        #[arg(long)]
        config: PathBuf,
        /// CPU seconds of the tracing solver, and of the SAT check of the certificate.
        #[arg(long, value_parser = parse_seconds)]
        timeout: f64,
        /// The largest proof checked, in bytes.
        #[arg(long)]
        max_proof: u64,
        /// The tracing solver's memory limit in bytes (0: none).
        #[arg(long, default_value_t = 0)]
        memory: u64,
        /// Where the proof is written (a temporary file, removed at the end).
        #[arg(long)]
        scratch: PathBuf,
    },
    /// Certify a QDIMACS formula's answer: run a tracing solver, check its Q-resolution
    /// proof step by step, extract the Skolem (true) or Herbrand (false) functions and verify
    /// them with a SAT solver. Exit 10 certified true, 20 certified false, 1 otherwise.
    #[command(
        after_help = "Examples:\n  qbfgames encode gttt --shape el --board 3 --depth 5 -o game.qdimacs\n  qbfgames certify game.qdimacs   # exit 10: certified true\n  qbfgames certify game.qdimacs --timeout 600 --memory 8G --certificate game.aag   # exit 10\n  qbfgames certify game.qdimacs --max-proof 32G --scratch /var/tmp   # exit 10"
    )]
    Certify(CertifyArgs),
    /// Critical depths by iterative deepening with a QBF solver, per grid point of a suite.
    #[command(
        after_help = "Examples:\n  qbfgames depth suite/demo.toml --solver depqbf --max-depth 5 --timeout 10\n  qbfgames depth suite/demo.toml --family httt-3x3 --solver caqe --max-depth 5 --timeout 10 --format csv"
    )]
    Depth(DepthArgs),
    /// Re-check published tables: generate what they need, run it cheapest first within a
    /// time budget, print published beside ours (match / differs / not reached, times as ratios).
    #[command(
        after_help = "Examples:\n  qbfgames verify suite/published/corplus-table7.toml --budget 10m --jobs 2\n  qbfgames verify suite/published/*.toml --budget 3m --timeout 30\n  qbfgames verify suite/published/corplus-table5.toml --rows \"COR+ caqe\" --budget 30m\n  qbfgames verify suite/published/bddl-sat2023-table2.toml --rows \"httt 3x3\" --budget 0s --close --close-budget 40s --certify 5"
    )]
    Verify(VerifyArgs),
    /// Measure encoding variants across solvers: every variant (clause form, gate
    /// placement, encoding) of a suite's families generated and run, PAR-2 per variant and
    /// configuration with ratios to the family's own setting, every verdict compared.
    #[command(
        after_help = "Examples:\n  qbfgames tune suite/sat2023-bddl.toml --solvers depqbf,caqe --preprocessors none,bloqqer\n  qbfgames tune suite/default.toml --family connect --vary clause_form=polarity,tseitin --vary gates=innermost,earliest --timeout 60\n  qbfgames tune suite/gdl-aamas2024.toml --vary encoding=gdl-ge-gd,gdl-ge-gt,gdl-sd --solvers caqe"
    )]
    Tune(TuneArgs),
    /// Check a generated suite against its manifest.
    #[command(subcommand)]
    Manifest(ManifestCmd),
    /// Package a generated suite for submission (tracks, models, documents), or check an archive.
    #[command(
        after_help = "Examples:\n  qbfgames generate suite/demo.toml --out out/demo\n  qbfgames package out/demo -o demo.tar.xz\n  qbfgames package --check demo.tar.xz"
    )]
    Package {
        /// The directory `qbfgames generate` wrote.
        #[arg(required_unless_present = "check")]
        dir: Option<PathBuf>,
        /// The archive to write (`.tar.xz`).
        #[arg(short, long, required_unless_present = "check")]
        output: Option<PathBuf>,
        /// Add the `qdimacs-preprocessed/` track: the preprocessor output `run` cached in DIR/cache/.
        #[arg(long)]
        preprocessed: bool,
        /// Read an archive as a competition organiser would; exit 1 on any problem.
        #[arg(long, conflicts_with_all = ["dir", "output"])]
        check: Option<PathBuf>,
    },
    /// Class each job by a run's CPU times (trivial, easy, medium, hard, unsolved) and select a
    /// balanced subset per family into DIR/selection.csv, which `package` then follows.
    #[command(
        after_help = "Examples:\n  qbfgames generate suite/demo.toml --out out/demo\n  qbfgames run out/demo --solvers depqbf,caqe --preprocessors none,bloqqer --timeout 5\n  qbfgames select out/demo\n  qbfgames select out/demo --per-family 3 --min-per-family 2 --true-share 0.2..0.8 --unsolved-by-some 0.1"
    )]
    Select(SelectArgs),
    /// Check a selection's predicted hardness: run its predicted jobs with their predicted
    /// configuration at a longer limit, print predicted beside measured, and fold what was
    /// measured into DIR/selection.csv; or backtest the predictions on the run's own times.
    #[command(
        after_help = "Examples:\n  qbfgames calibrate out/default --check-predictions --timeout 300 --jobs 2\n  qbfgames calibrate out/default --check-predictions --timeout 60 --count 4\n  qbfgames calibrate out/default --backtest 1"
    )]
    Calibrate(CalibrateArgs),
    /// Measure the frontier of every ladder at longer limits, within a CPU budget: the
    /// shallowest rungs no run solved and the rungs the selection wants, each with the
    /// configuration that predicts best, at each limit in turn; the records join
    /// DIR/results.csv, so the next `select` measures what it predicted.
    #[command(
        after_help = "Examples:\n  qbfgames frontier out/default --budget 1800 --limits 60,300,900\n  qbfgames frontier out/default --budget 36000 --backend slurm --profile suite/cluster.toml"
    )]
    Frontier(FrontierArgs),
    /// Instance identifiers: SHA-256 of the bytes, and the GBD hash for QDIMACS.
    #[command(
        after_help = "Examples:\n  qbfgames generate suite/demo.toml --out out/demo\n  qbfgames hash out/demo/instances/*/*.qdimacs\n  qbfgames hash --format csv out/demo/instances/httt-3x3/*.qcir"
    )]
    Hash {
        /// Input files; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = TableFormat::Text)]
        format: TableFormat,
    },
    /// Encode a game as a QBF (true iff the first player, Black, wins within the depth).
    Encode(EncodeCmd),
    /// Solve a game with its explicit-state reference solver (exit 10: Black wins, 20: not).
    Solve(SolveCmd),
    /// Run solvers × preprocessors over the instances of DIR/manifest.csv; results go to
    /// DIR/results.jsonl and DIR/results.csv, one record per cell, resumable.
    #[command(
        after_help = "Examples:\n  qbfgames generate suite/demo.toml --out out/demo\n  qbfgames run out/demo --solvers caqe,depqbf --preprocessors none,bloqqer --timeout 5 --memory 4G --jobs 2\n  qbfgames run out/demo --solvers depqbf --timeout 5   # again: finished cells are skipped\n  qbfgames run out/demo --solvers depqbf --timeout 5 --certify --max-proof 16G --sat-timeout 300\n  qbfgames run out/demo --solvers depqbf --timeout 3600 --memory 8G --backend slurm --profile suite/cluster.toml"
    )]
    Run(RunArgs),
    /// Tables and plots of a run: coverage, critical depths, encodings; Markdown, CSV,
    /// LaTeX, HTML, SVG and PNG under DIR/report (see docs/reports.md).
    #[command(
        after_help = "Examples:\n  qbfgames generate suite/demo.toml --out out/demo\n  qbfgames run out/demo --solvers depqbf,caqe --preprocessors none,bloqqer --timeout 5\n  qbfgames report out/demo\n  qbfgames report out/demo --out paper/figures --scatter none+depqbf,bloqqer+depqbf"
    )]
    Report {
        /// A directory with manifest.csv (`qbfgames generate`) and results.csv (`qbfgames run`).
        dir: PathBuf,
        /// The output directory (default: DIR/report).
        #[arg(long)]
        out: Option<PathBuf>,
        /// The two configurations of the scatter plot, `PRE+SOLVER,PRE+SOLVER` (default: the
        /// two best without a preprocessor: most solved, then least PAR-2).
        #[arg(long, value_delimiter = ',', num_args = 1)]
        scatter: Option<Vec<String>>,
        /// Another result folder of the same suite: the report gets the comparison of
        /// `qbfgames compare DIR OTHER` (conflicts first), and exits 1 on a conflict.
        #[arg(long, value_name = "OTHER")]
        compare: Option<PathBuf>,
        /// Report a folder that still has starved cells (runs the machine was too busy to
        /// measure), counting them neither as solved nor as unsolved; without it the report
        /// refuses and names the run that re-runs them.
        #[arg(long)]
        allow_starved: bool,
    },
    /// Compare two result folders of one suite, job by job and configuration by
    /// configuration: conflicts (A says true, B false, or the reverse) first, then jobs
    /// only one folder solves, then large time ratios; exit 1 on any conflict.
    #[command(
        after_help = "Exit codes: 0 no conflict, 1 a conflict (or an error).\n\nExamples:\n  qbfgames generate suite/demo.toml --out out/a\n  qbfgames run out/a --solvers depqbf --timeout 5\n  qbfgames generate suite/demo.toml --out out/b\n  qbfgames run out/b --solvers depqbf --timeout 5\n  qbfgames compare out/a out/b\n  qbfgames compare out/a out/b --csv compare.csv"
    )]
    Compare {
        /// The first folder (A), with manifest.csv and results.csv.
        a: PathBuf,
        /// The second folder (B); ratios are B's CPU time over A's.
        b: PathBuf,
        /// Also write every job × configuration pair, both sides and the ratio, as CSV
        /// (`-`: standard output).
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
    },
    /// What can be generated: the models and their parameters (with an example point of a
    /// shipped suite), the shipped suites and families, game files, shapes, Hex puzzles.
    #[command(after_help = "Examples:\n  qbfgames list\n  qbfgames list suites\n  qbfgames list families")]
    List {
        /// What to list.
        #[arg(value_enum, default_value = "models")]
        what: Catalogue,
    },
    /// The solvers and preprocessors of the configuration in use: found or missing,
    /// version, formats read. The configuration is `--config FILE`, else
    /// $QBFGAMES_SOLVERS, else ~/.config/qbfgames/solvers.toml, else the install prefix's,
    /// else suite/solvers.toml here, else the built-in one (programs looked up on PATH).
    #[command(after_help = "Example:\n  qbfgames solvers")]
    Solvers {
        /// The solvers configuration (default: found as above).
        #[arg(long, default_value_os_t = harness::locate::default_solvers())]
        config: PathBuf,
        /// How the table is printed.
        #[arg(long, value_enum, default_value_t = TableFormat::Text)]
        format: TableFormat,
    },
    /// Write the Slurm job-array script for the pending cells of DIR without submitting it:
    /// submit it with sbatch, then merge the results with `qbfgames collect DIR`.
    #[command(
        after_help = "Examples:\n  qbfgames generate suite/demo.toml --out out/demo\n  qbfgames slurm-script out/demo --solvers depqbf --timeout 3600 --memory 8G --profile suite/cluster.toml\n  sbatch out/demo/slurm/batch-1/job.sbatch   # then: qbfgames collect out/demo"
    )]
    SlurmScript(SlurmScriptArgs),
    /// Internal: run one shard of a Slurm batch (what each array task of the job script
    /// does).
    #[command(hide = true)]
    RunShard {
        /// The results directory of the batch.
        dir: PathBuf,
        /// The batch number (the `N` of DIR/slurm/batch-N).
        #[arg(long)]
        batch: u64,
        /// The shard to run (the array task's index).
        #[arg(long)]
        shard: usize,
    },
    /// Internal: the reference player's answer for one suite job's game, given as the JSON
    /// set-up the suite builder writes (what `generate` and `verify` run as a child process
    /// under the suite's time budget). Exit 10 when the first player wins, 20 when not.
    /// With --last-ply: prints the game's last ply (`ends PLY: WHY` or `unbounded: WHY`,
    /// what `verify --close` needs) and exits 0.
    #[command(hide = true)]
    Reference {
        /// The job's set-up, as JSON.
        setup: String,
        /// Print how long the game can last instead of solving it.
        #[arg(long)]
        last_ply: bool,
    },
    /// Internal: run one task of a ladder calibration wave on Slurm (what each array task
    /// of `generate --backend slurm` does).
    #[command(hide = true)]
    RunWaveTask {
        /// The wave's folder (DIR/.waves/wave-N).
        dir: PathBuf,
        /// The task to run (the array task's index).
        #[arg(long)]
        task: usize,
    },
    /// Merge the results of Slurm batches into DIR/results.csv; report failed shards.
    #[command(
        after_help = "Exit codes: 0 every cell done and consistent, 2 wrong answers or conflicts, 3 cells still missing.\n\nExamples:\n  qbfgames collect out\n  qbfgames collect out --resubmit-failed"
    )]
    Collect {
        /// The results directory.
        dir: PathBuf,
        /// Submit the shards whose tasks failed or were cancelled again, and wait for them.
        #[arg(long)]
        resubmit_failed: bool,
        /// With --resubmit-failed: submit and return without waiting.
        #[arg(long, requires = "resubmit_failed")]
        no_wait: bool,
    },
    /// Winning strategies: extract Black's first move from a solver and validate it.
    #[command(subcommand)]
    Strategy(crate::flags::strategy::StrategyCmd),
    /// Play White against Black's strategy from a QBF solver (interactive, or --auto --all).
    Play(crate::flags::strategy::PlayCmd),
    /// Print a shell completion script for qbfgames to standard output.
    #[command(
        after_help = "Examples:\n  qbfgames completions bash > qbfgames.bash   # then: source qbfgames.bash, or copy it to /usr/share/bash-completion/completions/qbfgames\n  qbfgames completions zsh > _qbfgames         # a folder of $fpath\n  qbfgames completions fish > qbfgames.fish    # ~/.config/fish/completions/"
    )]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Write man pages: qbfgames.1 and one per subcommand (qbfgames-encode-bddl.1, ...).
    #[command(
        after_help = "Examples:\n  qbfgames man --out man   # then: man -l man/qbfgames-generate.1, or copy man/*.1 to PREFIX/share/man/man1"
    )]
    Man {
        /// The folder the pages are written into (created if missing).
        #[arg(long, value_name = "DIR", default_value = "man")]
        out: PathBuf,
    },
}

/// `qbfgames suite …`.
#[derive(Subcommand, Debug)]
pub enum SuiteCmd {
    /// Validate a suite file without generating anything.
    #[command(after_help = "Example:\n  qbfgames suite check suite/default.toml")]
    Check {
        /// The suite file.
        file: PathBuf,
    },
    /// Print the instances a suite expands to.
    #[command(after_help = "Example:\n  qbfgames suite list suite/corplus.toml --format csv")]
    List {
        /// The suite file.
        file: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = TableFormat::Text)]
        format: TableFormat,
    },
}

/// `qbfgames manifest …`.
#[derive(Subcommand, Debug)]
pub enum ManifestCmd {
    /// Recompute every hash and statistic of a generated suite; exit 1 on any difference.
    #[command(
        after_help = "Examples:\n  qbfgames generate suite/demo.toml --out out/demo\n  qbfgames manifest verify out/demo\n  qbfgames manifest verify out/demo --suite suite/demo.toml   # re-derive answers with this suite"
    )]
    Verify {
        /// The directory `qbfgames generate` wrote.
        dir: PathBuf,
        /// The suite file the directory was generated from (default: the copy `generate`
        /// keeps in DIR/models/): every expected answer is re-derived from its recorded
        /// source (the reference solver within twice the family's expected_budget; the suite's
        /// published `answer`).
        #[arg(long)]
        suite: Option<PathBuf>,
    },
}

/// The parts of the catalogue `qbfgames list` prints.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Catalogue {
    Models,
    Suites,
    Families,
    Games,
    Shapes,
    Puzzles,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
