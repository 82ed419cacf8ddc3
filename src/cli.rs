//! The command line, as clap derive types.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser, Debug)]
#[command(
    name = "qbfgames",
    version,
    about = "Two-player game benchmarks as QBF: generate, run, report",
    after_help = "Examples:\n  qbfgames stats bench/*.qdimacs.gz --csv\n  qbfgames convert game.qcir -o game.qdimacs --polarity\n  qbfgames hash game.qdimacs"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Size statistics of QDIMACS and QCIR files (gzip and xz read transparently).
    #[command(after_help = "Examples:\n  qbfgames stats a.qdimacs b.qcir\n  qbfgames stats --csv out/*.qdimacs > sizes.csv\n  zcat a.qdimacs.gz | qbfgames stats -")]
    Stats {
        /// Input files; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Print CSV instead of an aligned table.
        #[arg(long)]
        csv: bool,
    },
    /// Convert QCIR to QDIMACS (Tseitin clauses; Plaisted–Greenbaum with --polarity).
    #[command(after_help = "Examples:\n  qbfgames convert game.qcir -o game.qdimacs\n  qbfgames convert game.qcir.gz -o game.qdimacs --polarity")]
    Convert {
        /// The QCIR input; `-` reads standard input.
        input: String,
        /// The QDIMACS output; written to a temporary file, then renamed. `-` for stdout.
        #[arg(short, long)]
        output: PathBuf,
        /// Write only the gate clauses each gate's polarity needs (Plaisted–Greenbaum).
        #[arg(long)]
        polarity: bool,
    },
    /// Validate suite files and list their instances.
    #[command(subcommand)]
    Suite(SuiteCmd),
    /// Check a generated suite against its manifest.
    #[command(subcommand)]
    Manifest(ManifestCmd),
    /// Package a generated suite for submission: gzip'd instances, manifest, README, SHA256SUMS.
    #[command(after_help = "Example:\n  qbfgames package out/default -o out/default.tar.xz")]
    Package {
        /// The directory `qbfgames generate` wrote.
        dir: PathBuf,
        /// The archive to write (`.tar.xz`).
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Instance identifiers: SHA-256 of the bytes, and the GBD hash for QDIMACS.
    #[command(after_help = "Examples:\n  qbfgames hash out/instances/*/*.qdimacs\n  qbfgames hash --format csv a.qdimacs")]
    Hash {
        /// Input files; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = TableFormat::Text)]
        format: TableFormat,
    },
    /// Encode a game as a QBF (true iff the first player, Black, wins within the depth).
    #[command(subcommand)]
    Encode(EncodeCmd),
    /// Solve a game with the explicit-state reference solver (exit 10: Black wins, 20: not).
    #[command(subcommand)]
    Solve(SolveCmd),
}

/// The game models `encode` accepts.
#[derive(Subcommand, Debug)]
pub enum EncodeCmd {
    /// A BDDL game, with the lifted encoding (Shaik & van de Pol, SAT 2023).
    #[command(after_help = "Examples:\n  qbfgames encode bddl --domain suite/games/bddl/breakthrough/domain.ig --problem suite/games/bddl/breakthrough/3x4.ig -o bt.qcir\n  qbfgames encode bddl --domain D.ig --problem P.ig --depth 5 --format qdimacs -o p.qdimacs")]
    Bddl {
        #[command(flatten)]
        game: BddlGame,
        /// Output format.
        #[arg(long, value_enum, default_value_t = QbfFormat::Qcir)]
        format: QbfFormat,
        /// Output file (written atomically); `-` for stdout.
        #[arg(short, long, default_value = "-")]
        output: PathBuf,
    },
}

/// The game models `solve` accepts.
#[derive(Subcommand, Debug)]
pub enum SolveCmd {
    /// A BDDL game, by depth-bounded minimax over explicit states.
    #[command(after_help = "Examples:\n  qbfgames solve bddl --domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_el.ig\n  qbfgames solve bddl --domain D.ig --problem P.ig --depth 21 --critical")]
    Bddl {
        #[command(flatten)]
        game: BddlGame,
        /// Find the smallest depth up to the depth at which Black wins.
        #[arg(long)]
        critical: bool,
    },
}

/// The files of a BDDL game.
#[derive(clap::Args, Debug)]
pub struct BddlGame {
    /// The domain file (actions).
    #[arg(long)]
    pub domain: String,
    /// The problem file (board, initial state, goals, depth).
    #[arg(long)]
    pub problem: String,
    /// The depth in plies, overriding the problem's `#depth`.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
}

/// A QBF file format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum QbfFormat {
    Qcir,
    Qdimacs,
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
    #[command(after_help = "Example:\n  qbfgames manifest verify out/default")]
    Verify {
        /// The directory `qbfgames generate` wrote.
        dir: PathBuf,
    },
}

/// How a command prints a table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    Text,
    Markdown,
    Csv,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
