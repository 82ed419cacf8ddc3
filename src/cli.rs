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
    /// Encode a game as a QBF benchmark.
    Encode(EncodeCmd),
    /// Solve a game with the explicit-state reference solver (exit 10: Black wins, 20: not).
    Solve(SolveCmd),
}

/// `qbfgames encode <model>`.
#[derive(Args, Debug)]
pub struct EncodeCmd {
    #[command(subcommand)]
    pub model: EncodeModel,
}

/// The models `encode` takes.
#[derive(Subcommand, Debug)]
pub enum EncodeModel {
    /// A positional game from a PG file, with the COR+ encoding (QDIMACS).
    #[command(after_help = "Examples:\n  qbfgames encode pg suite/games/pg/qubic_1_1_4x4x4.pg -o qubic.qdimacs\n  qbfgames encode pg game.pg --depth 9 --emit-bddl bddl/")]
    Pg {
        #[command(flatten)]
        game: PgArgs,
        #[command(flatten)]
        out: EncodeOut,
    },
    /// Generalized tic-tac-toe GTTT(p,q) on an n×n board, with the COR+ encoding (QDIMACS).
    #[command(after_help = "Examples:\n  qbfgames encode gttt --shape elly --board 4 --depth 9\n  qbfgames encode gttt --shape tippy --board 5 --torus --pq 2,1 --white-first --depth 11 -o t.qdimacs")]
    Gttt {
        #[command(flatten)]
        game: GtttArgs,
        #[command(flatten)]
        out: EncodeOut,
    },
    /// A Hex puzzle (Black to move), with the COR+ encoding (QDIMACS).
    #[command(after_help = "Examples:\n  qbfgames encode hex --puzzle suite/games/hex/hein_04_3x3.hex --depth 5\n  qbfgames encode hex --puzzle p.hex --depth 9 --emit-bddl out/")]
    Hex {
        #[command(flatten)]
        game: HexArgs,
        /// The encoding: `corplus` here; the lifted encoding reads BDDL (write it with --emit-bddl).
        #[arg(long, value_enum, default_value_t = PositionalEncoding::Corplus)]
        encoding: PositionalEncoding,
        #[command(flatten)]
        out: EncodeOut,
    },
}

/// `qbfgames solve <model>`.
#[derive(Args, Debug)]
pub struct SolveCmd {
    #[command(subcommand)]
    pub model: SolveModel,
}

/// The models `solve` takes.
#[derive(Subcommand, Debug)]
pub enum SolveModel {
    /// A positional game from a PG file.
    #[command(after_help = "Example:\n  qbfgames solve pg game.pg --depth 9")]
    Pg {
        #[command(flatten)]
        game: PgArgs,
        #[command(flatten)]
        solve: SolveOpts,
    },
    /// Generalized tic-tac-toe GTTT(p,q).
    #[command(after_help = "Example:\n  qbfgames solve gttt --shape elly --board 4 --critical")]
    Gttt {
        #[command(flatten)]
        game: GtttArgs,
        #[command(flatten)]
        solve: SolveOpts,
    },
    /// A Hex puzzle (Black to move).
    #[command(after_help = "Example:\n  qbfgames solve hex --puzzle suite/games/hex/hein_09_4x4.hex --critical")]
    Hex {
        #[command(flatten)]
        game: HexArgs,
        #[command(flatten)]
        solve: SolveOpts,
    },
}

/// Selects a PG file.
#[derive(Args, Debug)]
pub struct PgArgs {
    /// The PG file.
    pub file: String,
    /// Keep only the first N time points (default: all of the file's #times).
    #[arg(long)]
    pub depth: Option<usize>,
}

/// Selects a GTTT game.
#[derive(Args, Debug)]
pub struct GtttArgs {
    /// A shape name (domino tic el elly fatty knobby tippy skinny snaky l), connect<k>, or cells like "00 10 11".
    #[arg(long)]
    pub shape: String,
    /// The board is n×n.
    #[arg(long)]
    pub board: usize,
    /// Placements wrap around the edges.
    #[arg(long)]
    pub torus: bool,
    /// The first player claims q vertices, then each player claims p: `p,q`.
    #[arg(long, default_value = "1,1")]
    pub pq: String,
    /// White moves first.
    #[arg(long)]
    pub white_first: bool,
    /// Do not restrict the first move to one vertex per symmetry class.
    #[arg(long)]
    pub no_first_moves: bool,
    /// Number of time points (default: n², the whole board).
    #[arg(long)]
    pub depth: Option<usize>,
}

/// Selects a Hex puzzle.
#[derive(Args, Debug)]
pub struct HexArgs {
    /// The puzzle file (`n`, then b[cell] / w[cell] stones).
    #[arg(long)]
    pub puzzle: String,
    /// Number of time points, Black first (default: the number of empty cells).
    #[arg(long)]
    pub depth: Option<usize>,
}

/// Where `encode` writes.
#[derive(Args, Debug)]
pub struct EncodeOut {
    /// The QDIMACS output (written atomically); `-` for standard output.
    #[arg(short, long, default_value = "-")]
    pub output: PathBuf,
    /// Also write the game as BDDL (`domain.bddl`, `problem.bddl`) into this directory.
    #[arg(long, value_name = "DIR")]
    pub emit_bddl: Option<PathBuf>,
}

/// What `solve` answers.
#[derive(Args, Debug)]
pub struct SolveOpts {
    /// Print the least depth at which Black wins (exit 10 if there is one, 20 if not).
    #[arg(long)]
    pub critical: bool,
}

/// Encodings of positional games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum PositionalEncoding {
    /// Mayer-Eichberger and Saffidine's Corrective+ encoding.
    Corplus,
    /// The lifted BDDL encoding (runs from BDDL files, not from here).
    Lifted,
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
