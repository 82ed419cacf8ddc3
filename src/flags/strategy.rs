//! The command line of `strategy`: extract Black's first move from a solver and check it.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use models::bddl::BddlGame;
use models::gdl::GdlGame;
use models::geography::{GeoEncodingArg, GeographyGame};
use models::positional::{GtttArgs, HexArgs, PgArgs, PositionalEncoding};

/// `qbfgames strategy …`.
#[derive(Subcommand, Debug)]
pub enum StrategyCmd {
    /// Encode a game, read Black's first move from the solver's `--qdo` assignment (or,
    /// with --from-certificate, from DepQBF's checked certificate), and check with the
    /// reference solver that Black still wins after it within depth − 1.
    /// Prints `valid: <move>` (exit 0) or `invalid: <move> at <position>` (exit 1).
    #[command(subcommand)]
    FirstMove(FirstMoveModel),
}

/// The models `strategy first-move` knows (BDDL: lifted encoding; GDL: its own; the others: COR+).
#[derive(Subcommand, Debug)]
pub enum FirstMoveModel {
    /// A BDDL game, lifted encoding.
    #[command(
        after_help = "Example:\n  qbfgames strategy first-move bddl --domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_el.ig --depth 5"
    )]
    Bddl {
        #[command(flatten)]
        game: BddlGame,
        #[command(flatten)]
        opts: FirstMoveOpts,
    },
    /// A positional game from a PG file, COR+ encoding.
    Pg {
        #[command(flatten)]
        game: PgArgs,
        #[command(flatten)]
        opts: FirstMoveOpts,
    },
    /// Generalized tic-tac-toe, COR+ encoding.
    #[command(
        after_help = "Example:\n  qbfgames strategy first-move gttt --shape el --board 3 --depth 5 --solver caqe"
    )]
    Gttt {
        #[command(flatten)]
        game: GtttArgs,
        #[command(flatten)]
        opts: FirstMoveOpts,
    },
    /// A Hex puzzle, COR+ or lifted encoding.
    #[command(
        after_help = "Example:\n  qbfgames strategy first-move hex --puzzle suite/games/hex/hein_04_3x3.hex --depth 5\n  qbfgames strategy first-move hex --puzzle suite/games/hex/hein_04_3x3.hex --depth 5 --encoding lifted"
    )]
    Hex {
        #[command(flatten)]
        game: HexArgs,
        /// The encoding: COR+, or the lifted encoding of the puzzle written as BDDL.
        #[arg(long, value_enum, default_value_t = PositionalEncoding::Corplus)]
        encoding: PositionalEncoding,
        #[command(flatten)]
        opts: FirstMoveOpts,
    },
    /// A two-player GDL game: Black is the role that must win (--first).
    #[command(
        after_help = "Examples:\n  qbfgames strategy first-move gdl --game suite/games/gdl/connect3-4x4.kif --depth 9\n  qbfgames strategy first-move gdl --game suite/games/gdl/gttt-1-1-elly.kif --depth 7 --encoding sd --prefix gd"
    )]
    Gdl {
        #[command(flatten)]
        game: GdlGame,
        #[command(flatten)]
        opts: FirstMoveOpts,
    },
    /// Generalized geography: Black is the first player; the move is the node he names.
    #[command(
        after_help = "Examples:\n  qbfgames strategy first-move geography --graph suite/games/geography/thesis-example.txt\n  qbfgames strategy first-move geography --generate grid --w 3 --h 3 --rounds 3 --encoding compact"
    )]
    Geography {
        #[command(flatten)]
        game: GeographyGame,
        /// The encoding the solver is asked about.
        #[arg(long, value_enum, default_value_t = GeoEncodingArg::Onehot)]
        encoding: GeoEncodingArg,
        #[command(flatten)]
        opts: FirstMoveOpts,
    },
}

/// The QBF solvers that print the outermost existential block with `--qdo`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum QdoSolver {
    /// DepQBF (on PATH).
    Depqbf,
    /// CAQE through pyqbf (`tools/bin/pyqbf-caqe`, installed by `make solvers`, or on PATH).
    Caqe,
}

/// Options shared by every model of `strategy first-move`.
#[derive(Args, Debug)]
pub struct StrategyOpts {
    /// The QBF solver.
    #[arg(long, value_enum, default_value_t = QdoSolver::Depqbf)]
    pub solver: QdoSolver,
    /// Wall-clock limit for the solver, in seconds.
    #[arg(long, default_value_t = 600)]
    pub timeout: u64,
    /// Also write the symbol map (which variables are Black's first move) as JSON.
    #[arg(long, value_name = "FILE")]
    pub map: Option<PathBuf>,
}

/// Options of `strategy first-move`: the solver's, and where the move is read from.
#[derive(Args, Debug)]
pub struct FirstMoveOpts {
    #[command(flatten)]
    pub strategy: StrategyOpts,
    /// Read the move from a certificate instead of --qdo: DepQBF's Q-resolution proof
    /// (its solvers-file `trace` command) is checked, the Skolem functions of the
    /// outermost existential block (constants) are extracted and verified with a SAT
    /// solver, and their values decoded. So the check validates the encoding, not only the
    /// solver. --timeout is then the CPU limit of DepQBF and of the SAT check.
    #[arg(long, conflicts_with = "solver")]
    pub from_certificate: bool,
    /// The solvers file whose `depqbf` has the `trace` command (--from-certificate).
    #[arg(long, value_name = "FILE", default_value_os_t = crate::locate::default_solvers())]
    pub config: PathBuf,
    /// The largest proof checked (--from-certificate), e.g. 4G or 512M; the proof is a
    /// temporary file.
    #[arg(long, value_name = "SIZE", default_value = "4G")]
    pub max_proof: String,
    /// The memory limit of the certification (--from-certificate): of DepQBF, and of the
    /// proof checker, whose certificate grows with the proof.
    #[arg(long, value_name = "SIZE", default_value = "4G")]
    pub memory: String,
}

/// `qbfgames play <model>`: play against the solver's strategy.
#[derive(Args, Debug)]
pub struct PlayCmd {
    #[command(subcommand)]
    pub model: PlayModel,
}

/// The models `play` knows (BDDL: lifted encoding; GDL: its own; the others: COR+).
#[derive(Subcommand, Debug)]
pub enum PlayModel {
    /// A BDDL game (Black moves first).
    #[command(
        after_help = "Examples:\n  qbfgames play bddl --domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_domino.ig --depth 3\n  qbfgames play bddl --domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_el.ig --depth 5 --auto --all"
    )]
    Bddl {
        #[command(flatten)]
        game: BddlGame,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// A positional game from a PG file.
    Pg {
        #[command(flatten)]
        game: PgArgs,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Generalized tic-tac-toe.
    #[command(
        after_help = "Examples:\n  qbfgames play gttt --shape el --board 3 --depth 5\n  qbfgames play gttt --shape el --board 3 --depth 5 --auto --all\n  qbfgames play gttt --shape el --board 3 --depth 5 --auto --games 10 --seed 7"
    )]
    Gttt {
        #[command(flatten)]
        game: GtttArgs,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// A Hex puzzle.
    Hex {
        #[command(flatten)]
        game: HexArgs,
        /// The encoding: COR+, or the lifted encoding of the puzzle written as BDDL.
        #[arg(long, value_enum, default_value_t = PositionalEncoding::Corplus)]
        encoding: PositionalEncoding,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// A two-player GDL game: Black is the role that must win (--first), White the other.
    #[command(
        after_help = "Examples:\n  qbfgames play gdl --game suite/games/gdl/connect3-4x4.kif --depth 9\n  qbfgames play gdl --game suite/games/gdl/gttt-1-1-elly.kif --depth 7 --encoding sd --auto --all\n  qbfgames play gdl --game suite/games/gdl/tictactoe.kif --depth 9 --as black"
    )]
    Gdl {
        #[command(flatten)]
        game: GdlGame,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Generalized geography, the thesis's game interface: each turn shows the current
    /// node, the visited nodes and the legal moves; type a node. The computer plays the
    /// reference solver's winning moves (the first player's, or with --as black the second's).
    #[command(
        after_help = "Examples:\n  qbfgames play geography --graph suite/games/geography/thesis-example.txt\n  qbfgames play geography --graph suite/games/geography/thesis-example.txt --auto --all\n  qbfgames play geography --graph suite/games/geography/thesis-example.txt --variant last-mover --as black"
    )]
    Geography {
        #[command(flatten)]
        game: GeographyGame,
        #[command(flatten)]
        play: PlayOpts,
    },
}

/// The side the user (or `--auto`) plays; the solver plays the other.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    /// White, against Black's winning strategy (the instance must be true).
    White,
    /// Black, against White's refutation (the instance must be false: Black does not win
    /// within the depth).
    Black,
}

/// How `play` runs.
#[derive(Args, Debug)]
pub struct PlayOpts {
    #[command(flatten)]
    pub strategy: StrategyOpts,
    /// The side you play: white (the solver plays Black's win) or black (the solver plays
    /// White's refutation of a Black win within the depth).
    #[arg(long = "as", value_enum, default_value_t = Side::White)]
    pub side: Side,
    /// Play without a user: your side's moves are chosen by the program (--all or --games).
    #[arg(long)]
    pub auto: bool,
    /// With --auto: try every move of your side at each of its turns.
    #[arg(long, requires = "auto", conflicts_with = "games")]
    pub all: bool,
    /// With --auto: play N games with your side's moves drawn at random (seeded).
    #[arg(long, value_name = "N", requires = "auto")]
    pub games: Option<usize>,
    /// The seed of the random replies of --games.
    #[arg(long, default_value_t = 1, requires = "games")]
    pub seed: u64,
    /// Also print the raw state (the stones or fluents that hold) above every board.
    #[arg(long)]
    pub verbose: bool,
}
