//! The command line, as clap derive types.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

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
    /// Encode a game as a QBF instance.
    Encode(EncodeCmd),
    /// Solve a game with an explicit-state reference solver (exit 10: win, 20: no win).
    Solve(SolveCmd),
}

/// `qbfgames encode <model>`: write a game as a QBF instance.
#[derive(Args, Debug)]
pub struct EncodeCmd {
    #[command(subcommand)]
    pub model: EncodeModel,
}

/// The models `encode` knows.
#[derive(Subcommand, Debug)]
pub enum EncodeModel {
    /// A two-player GDL game (KIF): can the first player force a win within the depth?
    #[command(after_help = "Examples:\n  qbfgames encode gdl --game suite/games/gdl/connect3-4x4.kif --depth 9 -o c3.qdimacs\n  qbfgames encode gdl --game bt.kif --depth 19 --encoding sd -o bt-sd.qdimacs\n  qbfgames encode gdl --game bt.kif --depth 19 --format qcir -o bt.qcir")]
    Gdl(EncodeGdl),
}

#[derive(Args, Debug)]
pub struct EncodeGdl {
    /// The game description (GDL in KIF syntax).
    #[arg(long)]
    pub game: String,
    /// The horizon: the number of moves (steps) the game may last.
    #[arg(long)]
    pub depth: u32,
    /// ge: general encoding; sd: strictly turn-taking (refused when the turn order is not fixed).
    #[arg(long, value_enum, default_value_t = GdlEncodingArg::Ge)]
    pub encoding: GdlEncodingArg,
    /// Quantifier prefix: gn naive, gt time-based, gd dependency-based.
    #[arg(long, value_enum, default_value_t = GdlPrefixArg::Gd)]
    pub prefix: GdlPrefixArg,
    /// The role that must win (default: the first `role` of the file).
    #[arg(long)]
    pub first: Option<String>,
    /// Output format: clauses (QDIMACS) or a circuit (QCIR-G14).
    #[arg(long, value_enum, default_value_t = QbfFormat::Qdimacs)]
    pub format: QbfFormat,
    /// The output file; written to a temporary file, then renamed. `-` for stdout.
    #[arg(short, long, default_value = "-")]
    pub output: PathBuf,
}

/// The file format of a generated instance.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum QbfFormat {
    Qdimacs,
    Qcir,
}

/// GDL encodings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GdlEncodingArg {
    Ge,
    #[value(alias = "se")]
    Sd,
}

/// GDL quantifier prefixes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GdlPrefixArg {
    Gn,
    Gt,
    Gd,
}

/// `qbfgames solve <model>`: the explicit-state reference solver (exit 10 win, 20 no win).
#[derive(Args, Debug)]
pub struct SolveCmd {
    #[command(subcommand)]
    pub model: SolveModel,
}

/// The models `solve` knows.
#[derive(Subcommand, Debug)]
pub enum SolveModel {
    /// Minimax with a transposition table over the ground GDL game.
    #[command(after_help = "Examples:\n  qbfgames solve gdl --game suite/games/gdl/connect3-4x4.kif --depth 9\n  qbfgames solve gdl --game suite/games/gdl/dots-and-boxes-2x2.kif --depth 12 --critical")]
    Gdl(SolveGdl),
}

#[derive(Args, Debug)]
pub struct SolveGdl {
    /// The game description (GDL in KIF syntax).
    #[arg(long)]
    pub game: String,
    /// The horizon: the number of moves (steps) the game may last.
    #[arg(long)]
    pub depth: u32,
    /// Also find the smallest depth within which the first player wins.
    #[arg(long)]
    pub critical: bool,
    /// The role that must win (default: the first `role` of the file).
    #[arg(long)]
    pub first: Option<String>,
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
