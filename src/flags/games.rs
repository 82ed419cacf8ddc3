//! The command line of `encode` and `solve`: one subcommand per game model.

use std::path::PathBuf;

use super::ClauseArgs;
use clap::builder::RangedU64ValueParser;
use clap::{Args, Subcommand, ValueEnum};
use contract::Budget;
use games::geography::MAX_NODES;

/// `qbfgames encode <model>`: write a game as a QBF instance.
#[derive(Args, Debug)]
pub struct EncodeCmd {
    #[command(subcommand)]
    pub model: EncodeModel,
}

/// The models `encode` knows.
#[derive(Subcommand, Debug)]
pub enum EncodeModel {
    /// A BDDL game, with the lifted encoding (Shaik & van de Pol, SAT 2023).
    #[command(
        after_help = "Examples:\n  qbfgames encode bddl --domain suite/games/bddl/breakthrough/domain.ig --problem suite/games/bddl/breakthrough/3x4.ig -o bt.qcir\n  qbfgames encode bddl --domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_el.ig --depth 5 --format qdimacs -o el.qdimacs"
    )]
    Bddl {
        #[command(flatten)]
        game: BddlGame,
        /// Output format.
        #[arg(long, value_enum, default_value_t = QbfFormat::Qcir)]
        format: QbfFormat,
        /// With `--format qdimacs`: how the circuit becomes clauses.
        #[command(flatten)]
        clauses: ClauseArgs,
        /// Output file (written atomically); `-` for stdout.
        #[arg(short, long, default_value = "-")]
        output: PathBuf,
    },
    /// A positional game from a PG file, with the COR+ encoding (QDIMACS).
    #[command(
        after_help = "Examples:\n  qbfgames encode pg suite/games/pg/qubic_1_1_4x4x4.pg -o qubic.qdimacs\n  qbfgames encode pg suite/games/pg/qubic_1_1_4x4x4.pg --depth 9 --emit-bddl bddl/ -o qubic-d9.qdimacs"
    )]
    Pg {
        #[command(flatten)]
        game: PgArgs,
        #[command(flatten)]
        out: EncodeOut,
    },
    /// Generalized tic-tac-toe GTTT(p,q) on an n×n board, with the COR+ encoding (QDIMACS).
    #[command(
        after_help = "Examples:\n  qbfgames encode gttt --shape elly --board 4 --depth 9\n  qbfgames encode gttt --shape tippy --board 5 --torus --pq 2,1 --white-first --depth 11 -o t.qdimacs"
    )]
    Gttt {
        #[command(flatten)]
        game: GtttArgs,
        #[command(flatten)]
        out: EncodeOut,
    },
    /// A Hex puzzle (Black to move), with the COR+ or the lifted encoding (QDIMACS).
    #[command(
        after_help = "Examples:\n  qbfgames encode hex --puzzle suite/games/hex/hein_04_3x3.hex --depth 5\n  qbfgames encode hex --puzzle suite/games/hex/hein_04_3x3.hex --depth 5 --encoding lifted --emit-bddl hex-bddl/ -o hex.qdimacs"
    )]
    Hex {
        #[command(flatten)]
        game: HexArgs,
        /// The encoding: COR+, or the lifted BDDL encoding of the puzzle written as BDDL.
        #[arg(long, value_enum, default_value_t = PositionalEncoding::Corplus)]
        encoding: PositionalEncoding,
        #[command(flatten)]
        out: EncodeOut,
    },
    /// A two-player GDL game (KIF), with the encoding of He, Saffidine and Thielscher
    /// (AAMAS 2024): can the first role force a win within the depth?
    #[command(
        after_help = "Examples:\n  qbfgames encode gdl --game suite/games/gdl/connect3-4x4.kif --depth 9 -o c3.qdimacs\n  qbfgames encode gdl --game suite/games/gdl/breakthrough-2x4.kif --depth 7 --encoding sd -o bt-sd.qdimacs\n  qbfgames encode gdl --game suite/games/gdl/breakthrough-2x4.kif --depth 7 --prefix gt --format qcir -o bt.qcir"
    )]
    Gdl(EncodeGdl),
    /// Generalized geography (the thesis's section 3): players alternate naming an unvisited
    /// successor of the last named node, node 0 first; can the first player keep moving?
    #[command(
        after_help = "Examples:\n  qbfgames encode geography --graph suite/games/geography/thesis-example.txt -o ex.qcir\n  qbfgames encode geography --generate gnp --n 40 --p 0.08 --graph-seed 1 --rounds 9 --encoding compact --format qdimacs -o g.qdimacs"
    )]
    Geography(EncodeGeography),
    /// A GDL game (KIF) as an answer set program for gringo/clingo, not a QBF: its temporal
    /// extension (He, Saffidine, Thielscher, Definition 2) with one legal move per role and time.
    #[command(
        name = "gdl-asp",
        after_help = "Examples:\n  qbfgames encode gdl-asp --game suite/games/gdl/tictactoe.kif --depth 9 -o ttt.lp\n  qbfgames encode gdl-asp --game bt.kif --depth 4 | clingo --mode=gringo --text"
    )]
    GdlAsp {
        /// The game description (GDL in KIF syntax).
        #[arg(long)]
        game: String,
        /// The horizon: the number of moves (steps) the program plays (`tmax`, a `#const`).
        #[arg(long)]
        depth: u32,
        /// The output file; written to a temporary file, then renamed. `-` for stdout.
        #[arg(short, long, default_value = "-")]
        output: PathBuf,
    },
}

#[derive(Args, Debug)]
pub struct EncodeGdl {
    #[command(flatten)]
    pub game: GdlGame,
    /// Output format: clauses (QDIMACS) or a circuit (QCIR-G14).
    #[arg(long, value_enum, default_value_t = QbfFormat::Qdimacs)]
    pub format: QbfFormat,
    /// The output file; written to a temporary file, then renamed. `-` for stdout.
    #[arg(short, long, default_value = "-")]
    pub output: PathBuf,
}

/// A GDL game, its horizon and its encoding.
#[derive(Args, Debug)]
pub struct GdlGame {
    /// The game description (GDL in KIF syntax).
    #[arg(long)]
    pub game: String,
    /// The horizon: the number of moves (steps) the game may last.
    #[arg(long)]
    pub depth: u32,
    /// ge: general encoding; sd: strictly turn-taking (refused when the turn order is not
    /// fixed). Default: chosen by the game's structure, sd where the ground game is strictly
    /// turn-taking up to --depth, ge otherwise.
    #[arg(long, value_enum)]
    pub encoding: Option<GdlEncodingArg>,
    /// Quantifier prefix: gn naive, gt time-based, gd dependency-based.
    #[arg(long, value_enum, default_value_t = GdlPrefixArg::Gd)]
    pub prefix: GdlPrefixArg,
    /// The role that must win, Black in `strategy` and `play` (default: the first `role` of the file).
    #[arg(long)]
    pub first: Option<String>,
    #[command(flatten)]
    pub size: SizeBudget,
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
    /// Print the answer as one JSON object (model, game, limit, unit, wins, and critical,
    /// winning_move, role, positions where they apply) instead of lines.
    #[arg(long, global = true)]
    pub json: bool,
}

/// The models `solve` knows.
#[derive(Subcommand, Debug)]
pub enum SolveModel {
    /// A BDDL game, by depth-bounded minimax over explicit states.
    #[command(
        after_help = "Examples:\n  qbfgames solve bddl --domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_el.ig   # exit 10: Black wins\n  qbfgames solve bddl --domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_tic.ig --depth 7 --critical   # exit 20: no win within 7"
    )]
    Bddl {
        #[command(flatten)]
        game: BddlGame,
        /// Find the smallest depth up to the depth at which Black wins.
        #[arg(long)]
        critical: bool,
    },
    /// A positional game from a PG file.
    #[command(
        after_help = "Example:\n  qbfgames solve pg suite/games/pg/qubic_1_1_4x4x4.pg --depth 3   # exit 20: no win within 3"
    )]
    Pg {
        #[command(flatten)]
        game: PgArgs,
        #[command(flatten)]
        solve: SolveOpts,
    },
    /// Generalized tic-tac-toe GTTT(p,q).
    #[command(
        after_help = "Example:\n  qbfgames solve gttt --shape elly --board 4 --critical   # exit 10: Black wins"
    )]
    Gttt {
        #[command(flatten)]
        game: GtttArgs,
        #[command(flatten)]
        solve: SolveOpts,
    },
    /// A Hex puzzle (Black to move).
    #[command(
        after_help = "Example:\n  qbfgames solve hex --puzzle suite/games/hex/hein_09_4x4.hex --critical   # exit 10: Black wins"
    )]
    Hex {
        #[command(flatten)]
        game: HexArgs,
        #[command(flatten)]
        solve: SolveOpts,
    },
    /// A two-player GDL game (KIF), by minimax with a transposition table over the ground
    /// game: can the first role force a win within the depth?
    #[command(
        after_help = "Examples:\n  qbfgames solve gdl --game suite/games/gdl/connect3-4x4.kif --depth 9   # exit 10: the first role wins\n  qbfgames solve gdl --game suite/games/gdl/dots-and-boxes-2x2.kif --depth 12 --critical   # exit 10"
    )]
    Gdl(SolveGdl),
    /// Generalized geography, by depth-bounded search over the plays.
    #[command(
        after_help = "Examples:\n  qbfgames solve geography --graph suite/games/geography/thesis-example.txt   # exit 10: the first player wins\n  qbfgames solve geography --generate grid --w 4 --h 4 --rounds 16 --critical   # exit 20"
    )]
    Geography(SolveGeography),
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
    #[command(flatten)]
    pub size: SizeBudget,
}

#[derive(Args, Debug)]
pub struct EncodeGeography {
    #[command(flatten)]
    pub game: GeographyGame,
    /// The encoding: one variable per node and round, or each round's node in binary.
    #[arg(long, value_enum, default_value_t = GeoEncodingArg::Onehot)]
    pub encoding: GeoEncodingArg,
    /// Output format: a circuit (QCIR-G14, as the thesis) or clauses (QDIMACS).
    #[arg(long, value_enum, default_value_t = QbfFormat::Qcir)]
    pub format: QbfFormat,
    /// With `--format qdimacs`: how the circuit becomes clauses.
    #[command(flatten)]
    pub clauses: ClauseArgs,
    /// The output file; written to a temporary file, then renamed. `-` for stdout.
    #[arg(short, long, default_value = "-")]
    pub output: PathBuf,
}

#[derive(Args, Debug)]
pub struct SolveGeography {
    #[command(flatten)]
    pub game: GeographyGame,
    /// Also find the fewest rounds within which the first player wins.
    #[arg(long)]
    pub critical: bool,
}

/// A geography game: its graph (a file or a generator), rounds, variant and rule.
#[derive(Args, Debug)]
pub struct GeographyGame {
    /// The graph file: the rounds on the first line, then one line per node, the node and
    /// its successors (the thesis's format; docs/geography.md).
    #[arg(long, required_unless_present = "generate", conflicts_with = "generate")]
    pub graph: Option<String>,
    /// A generated graph instead of a file: gnp (--n --p --graph-seed), gnm (--n --m --graph-seed),
    /// grid or torus (--w --h), or the thesis's example.
    #[arg(long, value_enum)]
    pub generate: Option<GraphGenerator>,
    /// Nodes of a gnp or gnm graph.
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_NODES as u64))]
    pub n: Option<usize>,
    /// Probability of each edge of a gnp graph.
    #[arg(long)]
    pub p: Option<f64>,
    /// Edges of a gnm graph.
    #[arg(long)]
    pub m: Option<usize>,
    /// Seed of a gnp or gnm graph.
    #[arg(long = "graph-seed", id = "graph-seed")]
    pub seed: Option<u64>,
    /// Width of a grid or torus.
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_NODES as u64))]
    pub w: Option<usize>,
    /// Height of a grid or torus.
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_NODES as u64))]
    pub h: Option<usize>,
    /// The rounds (moves of both players) the game may last (default: the graph file's first line).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub rounds: Option<u32>,
    /// thesis: the first player wins if he can move at each of his rounds; last-mover: if
    /// the second player is left without a move within the rounds.
    #[arg(long, value_enum, default_value_t = GeoVariantArg::Thesis)]
    pub variant: GeoVariantArg,
    /// vertex: no node is named twice; edge: no edge is taken twice.
    #[arg(long, value_enum, default_value_t = GeoRuleArg::Vertex)]
    pub rule: GeoRuleArg,
    #[command(flatten)]
    pub size: SizeBudget,
}

/// The graph generators of geography.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GraphGenerator {
    /// Erdős–Rényi: each ordered pair an edge with probability p.
    Gnp,
    /// Erdős–Rényi: m distinct edges drawn at random.
    Gnm,
    /// A w×h grid, edges both ways between neighbours.
    Grid,
    /// A w×h grid that wraps around.
    Torus,
    /// The thesis's 8-node example (3 rounds).
    ThesisExample,
}

/// Geography encodings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GeoEncodingArg {
    /// One variable per node and round.
    Onehot,
    /// Each round's node in binary.
    Compact,
}

/// When the first player wins geography.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GeoVariantArg {
    Thesis,
    LastMover,
}

/// What geography forbids naming twice.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GeoRuleArg {
    Vertex,
    Edge,
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
    #[command(flatten)]
    pub size: SizeBudget,
}

/// The size budget of `encode`.
#[derive(Args, Debug)]
pub struct SizeBudget {
    /// Refuse, before any work, a game or formula estimated at more than this many literals
    /// (the sum of the clause lengths; a GDL grounding may make one ground atom per 100).
    #[arg(long, value_name = "LITERALS", default_value_t = Budget::DEFAULT_SIZE, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_size: u64,
}

impl SizeBudget {
    pub fn budget(&self) -> Budget {
        Budget::new(self.max_size)
    }
}

/// Selects a PG file.
#[derive(Args, Debug)]
pub struct PgArgs {
    /// The PG file.
    pub file: String,
    /// Keep only the first N time points (default: all of the file's #times).
    #[arg(long)]
    pub depth: Option<usize>,
    #[command(flatten)]
    pub size: SizeBudget,
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
    #[command(flatten)]
    pub size: SizeBudget,
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
    #[command(flatten)]
    pub size: SizeBudget,
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
    /// The lifted BDDL encoding, from the game written as BDDL (explicit winning sets).
    Lifted,
}
