//! The command line of `encode` and `solve`: one subcommand per game model.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

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
    /// A BDDL game, by depth-bounded minimax over explicit states.
    #[command(after_help = "Examples:\n  qbfgames solve bddl --domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_el.ig\n  qbfgames solve bddl --domain D.ig --problem P.ig --depth 21 --critical")]
    Bddl {
        #[command(flatten)]
        game: BddlGame,
        /// Find the smallest depth up to the depth at which Black wins.
        #[arg(long)]
        critical: bool,
    },
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

/// The files of a BDDL game.
#[derive(Args, Debug)]
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
