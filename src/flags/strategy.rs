//! The command line of `strategy`: extract Black's first move from a solver and check it.

use std::path::PathBuf;

use clap::{Args, Command, Subcommand, ValueEnum};
use game_registry::cli::Chosen;

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

/// A model's command with the arguments of `A` after its own, keeping the model's help
/// (clap would take `A`'s doc comment as the command's).
fn with<A: Args>(command: Command) -> Command {
    let (about, long_about) = (command.get_about().cloned(), command.get_long_about().cloned());
    let command = A::augment_args(command);
    let command = match about {
        Some(about) => command.about(about),
        None => command.about(None::<&str>),
    };
    match long_about {
        Some(long_about) => command.long_about(long_about),
        None => command.long_about(None::<&str>),
    }
}

/// The models `strategy first-move` knows: every model of the registry that has a first
/// move to check, with its own arguments and the solver's ([`FirstMoveOpts`]).
#[derive(Clone, Debug)]
pub struct FirstMoveModel(pub Chosen);

game_registry::model_subcommand!(FirstMoveModel, first_move_command, with::<FirstMoveOpts>);

/// Options shared by every model of `strategy first-move`.
#[derive(Args, Debug)]
pub struct StrategyOpts {
    /// The QBF solver: a solver of the solvers file with a `qdo` command (the shipped file:
    /// depqbf, caqe).
    #[arg(long, value_name = "NAME", default_value = "depqbf")]
    pub solver: String,
    /// The solvers file: the solver's `qdo` command, and DepQBF's `trace` command
    /// (--from-certificate).
    #[arg(long, value_name = "FILE", default_value_os_t = harness::locate::default_solvers())]
    pub config: PathBuf,
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
    /// The largest proof checked (--from-certificate), e.g. 4G or 512M; the proof is a
    /// temporary file.
    #[arg(long, value_name = "SIZE", default_value = certify::Certify::MAX_PROOF)]
    pub max_proof: String,
    /// The memory limit of the certification (--from-certificate): of DepQBF, and of the
    /// proof checker, whose certificate grows with the proof.
    #[arg(long, value_name = "SIZE", default_value = harness::DEFAULT_MEMORY)]
    pub memory: String,
}

/// `qbfgames play <model>`: play against the solver's strategy.
#[derive(Args, Debug)]
pub struct PlayCmd {
    #[command(subcommand)]
    pub model: PlayModel,
}

/// The models `play` knows: every model of the registry that can be played, with its own
/// arguments and the session's ([`PlayOpts`]).
#[derive(Clone, Debug)]
pub struct PlayModel(pub Chosen);

game_registry::model_subcommand!(PlayModel, play_command, with::<PlayOpts>);

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
